"""sym.never_below: a cheap proof that one size expression bounds another at all positive sizes."""

from irc.dialects.sym import as_expr, largest_bounds, longer_than, never_below


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


def test_largest_bounds_keep_a_zero_bound_apart():
    """The span of a tensor of ones is 0: no bound is a multiple of it (a / 0 is NaN, not an order)."""
    bound = as_expr("s0*s1 - 2*s0 - 2*s1 + 15*Max(1, s0 - 2) + 4")
    assert largest_bounds([as_expr("0"), bound]) == [as_expr("0"), bound]
    assert largest_bounds([as_expr("0"), as_expr("s0")]) == [as_expr("s0")]


def test_printed_length_is_counted_up_to_the_limit():
    import sympy

    x = sympy.Symbol("s0")
    for _ in range(60):  # a tree of 2**60 leaves, built as a small shared graph
        x = sympy.Add(x, sympy.Mul(x, 2, evaluate=False), evaluate=False)
    assert longer_than(x, 1000)
    for text in ["s0*s1 + 3", "FloorDiv(s0 - 1, 2) + Max(1, s1)*ModularIndexing(i0, 4, s2)", "-3*i0 + 12"]:
        printed = len(str(as_expr(text)))
        assert longer_than(as_expr(text), printed // 2) and not longer_than(as_expr(text), 2 * printed)


def test_nested_size_functions_simplify_as_atoms():
    """A padded, strided network's sizes nest a size function per layer, written in two forms (the ranges'
    ModularIndexing(FloorDiv(s2, 4), 1, 2), the index's ModularIndexing(s2, 4, 2)); the index simplifies as if
    each size were one symbol (rebuilding the trees at every step took MobileNetV2's recompile minutes)."""
    import sympy

    from irc.dialects.sym import simplify_index

    def side(s, form):
        pad = as_expr(f"Max(0, 3 - {form.format(s=s)})")
        inner = as_expr(f"FloorDiv({s}, 4)") + pad - 3
        return as_expr("FloorDiv(x, 2)").subs("x", inner)

    a_index = side("s2", "ModularIndexing({s}, 4, 2)")
    b_index = side("s3", "ModularIndexing({s}, 4, 2)")
    a_range = side("s2", "ModularIndexing(FloorDiv({s}, 4), 1, 2)")
    b_range = side("s3", "ModularIndexing(FloorDiv({s}, 4), 1, 2)")
    i0, i1, i2, i3 = sympy.symbols("i0 i1 i2 i3")
    flat = 48 * i0 * (a_index + 1) * (b_index + 1) + i1 * (a_index + 1) * (b_index + 1) + i2 * (a_index + 1) + i3
    ranges = {"i0": sympy.Symbol("s0"), "i1": 48, "i2": b_range + 1, "i3": a_range + 1}
    assert simplify_index(as_expr("FloorDiv(x, y)").subs({"x": flat, "y": 48 * (a_index + 1) * (b_index + 1)}),
                          ranges) == i0
