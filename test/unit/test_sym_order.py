"""sym.never_below: a cheap proof that one size expression bounds another at all positive sizes."""

from irc.dialects.sym import as_expr, largest_bounds, more_nodes_than, never_below


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


def test_largest_bounds_keep_only_the_bounds_that_imply_the_others():
    bounds = [as_expr(t) for t in ("s0", "s0*s1", "768*s0*s1", "s1**2*s0", "2*s1 + s0*s1", "5")]
    # s0*s1 + 2*s1 stays: 768*s0*s1 is larger only for s0 >= 1, which the cheap proof does not use
    assert [str(b) for b in largest_bounds(bounds)] == ["768*s0*s1", "s0*s1 + 2*s1", "s0*s1**2"]
    assert largest_bounds([as_expr("s0"), as_expr("s1")]) == [as_expr("s0"), as_expr("s1")]


def test_node_count_stops_at_the_limit():
    import sympy

    x = sympy.Symbol("s0")
    for _ in range(60):  # a tree of 2**60 leaves, built as a small shared graph
        x = sympy.Add(x, sympy.Mul(x, 2, evaluate=False), evaluate=False)
    assert more_nodes_than(x, 1000)
    assert not more_nodes_than(as_expr("s0*s1 + 3"), 10)
