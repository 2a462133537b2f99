"""fx_equal_products.paired_factors: the factors of two products torch guards equal, paired by traced value."""

import sympy

from irc.fx_equal_products import paired_factors

s23, s27, s38, s77, s97 = sympy.symbols("s23 s27 s38 s77 s97", integer=True, positive=True)
VALUES = {s23: 3, s27: 20, s38: 20, s77: 3, s97: 3}


def test_products_of_symbols_pair_by_value():
    assert sorted(paired_factors(s23 * s27, s38 * s97, VALUES), key=str) == [(s38, s27), (s97, s23)]


def test_a_constant_factor_pairs_with_a_symbol_of_its_value():
    assert sorted(paired_factors(20 * s77, s38 * s97, VALUES), key=str) == [(s38, 20), (s97, s77)]


def test_shifted_lengths_pair_as_factors():
    assert sorted(paired_factors(s77 * (s27 - 1), s97 * (s38 - 1), VALUES), key=str) == [(s38 - 1, s27 - 1), (s97, s77)]


def test_factors_that_do_not_pair_up_are_left():
    assert paired_factors(s23 * s27, s38 * s97 * s77, VALUES) == []  # three factors against two
    assert paired_factors(s23 * s27, 60 * s38, VALUES) == []  # no factor of value 60
    assert paired_factors(s23 * s27, s23 * s27, VALUES) == []  # the same product
    assert paired_factors(s23 + s27, s38 + s97, VALUES) == []  # not products
