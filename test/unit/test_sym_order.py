"""sym.never_below: a cheap proof that one size expression bounds another at all positive sizes."""

from irc.dialects.sym import as_expr, never_below


def test_proves_orders_of_size_polynomials_and_size_functions():
    assert never_below(as_expr("2*s0*s1 + 3"), as_expr("s0*s1 + 1"))
    assert never_below(as_expr("16*s0*FloorDiv(s1 - 1, 2)**2 + 8*s0"), as_expr("8*s0*FloorDiv(s1 - 1, 2)**2"))
    assert never_below(as_expr("12"), as_expr("12"))


def test_says_false_where_the_order_is_unknown_or_wrong():
    assert not never_below(as_expr("s0"), as_expr("s1"))
    assert not never_below(as_expr("s0*s1"), as_expr("2*s0*s1"))
    assert not never_below(as_expr("8*s0*FloorDiv(s1 - 1, 2)**2"), as_expr("64*s0*FloorDiv(s1 - 1, 4)**2"))
    assert not never_below(as_expr("FloorDiv(s0 - 3, 2)"), as_expr("0"))  # negative at s0 = 1
    assert not never_below(as_expr("i0*s0"), as_expr("0"))  # an index variable is not a size
