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


def test_only_plain_sizes_pair_and_only_one_way():
    s0 = sympy.Symbol("s0", integer=True, positive=True)
    half = sympy.floor(s0 / 2)
    assert paired_factors(2 * s77 * half, s77 * s23 * s0, {**VALUES, s0: 6}) == []  # floor(s0/2): not plain
    assert paired_factors(s23 * s77, s38 * s97, {**VALUES, s38: 3}) == []  # two factors of value 3 on a side
