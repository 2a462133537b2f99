"""loop-inline, kernel-fuse, kernel-tile and their helpers.

- simplify_index (dialects/sym.py) is checked for soundness by evaluating random expressions at random points;
- layouts and positions (dialects/loop_analysis/index.py) against numpy's own unravel/ravel;
- the passes run on graphs traced from PyTorch programs: loop-inline keeps the numbers (numpy evaluator),
  kernel-fuse keeps them too (a small kernel-level evaluator here), and every kernel satisfies the contract,
  checked point by point: each read of an internal buffer reads the element written at the same position.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
import sympy
import torch
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, f32

from irc.dialects import kernel, loop
from irc.dialects.sym import FloorDiv, ModularIndexing, decompose, evaluate_index, linearize, simplify_index
from irc.dialects.types import BufferType, contiguous_strides, dim_value
from irc.interp.interpreter import run_module
from irc.interp.interpreter import run_function
from irc.dialects.loop_analysis.index import Space, layout_coords, positions, reads_same_position, role_in
from irc.passes.loop_inline import InlinePolicy, is_expensive
from irc.dialects.kernel_analysis.tiling import is_power_of_two, next_power_of_two
from irc.passes.kernel_tile import KernelTilePass
from irc.pipeline import make_context, run_pipeline, run_pipeline_through_text

x, y, i0, i1, i2, r0, s0, s1 = sympy.symbols("x y i0 i1 i2 r0 s0 s1")

# ---------------------------------------------------------------------------
# simplify_index
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("expr", "ranges", "expected"),
    [
        (9 * FloorDiv(x, 9) + ModularIndexing(x, 1, 9), {}, x),
        (s0 * FloorDiv(x, s0) + ModularIndexing(x, 1, s0), {}, x),
        (20 * FloorDiv(x, 20) + 5 * ModularIndexing(x, 5, 4) + ModularIndexing(x, 1, 5), {}, x),
        (ModularIndexing(i0, 1, 9), {"i0": 9}, i0),
        (ModularIndexing(i0, 1, 9), {"i0": 10}, ModularIndexing(i0, 1, 9)),
        (ModularIndexing(i1, 1, s0), {"i1": s0}, i1),
        (FloorDiv(i0, 8), {"i0": 8}, 0),
        (FloorDiv(i0, 8), {"i0": 9}, FloorDiv(i0, 8)),
        (FloorDiv(9 * i0 + i1, 9), {"i0": 3, "i1": 9}, i0),
        (FloorDiv(s0 * i0 + i1, s0), {"i0": 3, "i1": s0}, i0),
        (ModularIndexing(12 * i0 + 4 * i1 + i2, 4, 3), {"i0": 5, "i1": 3, "i2": 4}, i1),
        (FloorDiv(FloorDiv(x, 3), 4), {}, FloorDiv(x, 12)),
        (ModularIndexing(FloorDiv(x, 3), 2, 5), {}, ModularIndexing(x, 6, 5)),
        (FloorDiv(ModularIndexing(x, 1, 12), 4), {}, ModularIndexing(x, 4, 3)),
        (ModularIndexing(ModularIndexing(x, 1, 12), 4, 3), {}, ModularIndexing(x, 4, 3)),
        (ModularIndexing(x + 24, 4, 3), {}, ModularIndexing(x, 4, 3)),
    ],
)
def test_simplify_index_folds(expr, ranges, expected):
    assert simplify_index(expr, ranges) == sympy.sympify(expected)


def test_simplify_index_keeps_what_it_cannot_prove():
    # x may be negative or unbounded: nothing to fold
    assert simplify_index(ModularIndexing(x, 1, 9)) == ModularIndexing(x, 1, 9)
    assert simplify_index(FloorDiv(i0 - 1, 4), {"i0": 4}) == FloorDiv(i0 - 1, 4)
    # kernels divide with truncation: taking out multiples must not leave a dividend that can be negative
    padded = ModularIndexing(4 - ModularIndexing(s0, 1, 4), 1, 4)  # F.pad to a multiple of 4
    assert simplify_index(padded) == padded
    assert simplify_index(FloorDiv(4 * i1 + i0 - 1, 4), {"i0": 4, "i1": 3}) == FloorDiv(4 * i1 + i0 - 1, 4)
    assert simplify_index(ModularIndexing(8 + i0 - 3, 1, 4), {"i0": 4}) == ModularIndexing(i0 + 5, 1, 4)


def evaluate_truncating(expr, values):
    """An index expression's value with Triton's truncating `//` and `%`, as kernels compute it."""
    if expr.is_Integer or expr.is_Symbol:
        return evaluate_index(expr, values)
    args = [evaluate_truncating(a, values) for a in expr.args]
    if isinstance(expr, FloorDiv | ModularIndexing):
        quotient = np.trunc(np.asarray(args[0]) / args[1]).astype(np.int64)
        return quotient if isinstance(expr, FloorDiv) else np.fmod(quotient, args[2])
    total = args[0]
    for a in args[1:]:
        total = total + a if expr.is_Add else total * a
    return total


def divisions_nonnegative(expr, values) -> bool:
    """Whether every FloorDiv / ModularIndexing in expr divides a non-negative value at the points."""
    calls = expr.atoms(FloorDiv, ModularIndexing)
    return all(np.all(np.asarray(evaluate_index(c.args[0], values)) >= 0) for c in calls)


@pytest.mark.parametrize("seed", range(200))
def test_simplified_index_is_right_with_truncating_division(seed):
    """Where an index divides non-negative values only (as the IR's indices do), its simplified form computed
    with truncating division, as kernels do, is its value."""
    rng = random.Random(seed)
    names = ["i0", "i1", "i2"]
    sizes = {n: rng.choice([1, 2, 3, 4, 5, 8, 12]) for n in names}
    expr = random_index(rng, names, rng.randint(1, 3))
    values = {n: np.random.default_rng(seed).integers(0, sizes[n], 64) for n in names}
    if not divisions_nonnegative(expr, values):
        pytest.skip("the expression itself divides negative values")
    simplified = simplify_index(expr, sizes)
    assert np.array_equal(
        np.broadcast_to(evaluate_index(expr, values), (64,)),
        np.broadcast_to(evaluate_truncating(simplified, values), (64,)),
    ), (expr, simplified, sizes)


def random_affine(rng: random.Random, names: list[str]) -> sympy.Expr:
    expr = sympy.Integer(rng.choice([0, 0, 1, 3, -2]))
    for name in rng.sample(names, rng.randint(1, len(names))):
        expr += rng.choice([1, 1, 2, 3, 4, 6, 12, -1]) * sympy.Symbol(name)
    return expr


def random_index(rng: random.Random, names: list[str], depth: int) -> sympy.Expr:
    """A random index expression of FloorDiv / ModularIndexing over affine forms, like decompose makes."""
    if depth == 0:
        return random_affine(rng, names)
    inner = random_index(rng, names, depth - 1)
    d, m = rng.choice([1, 2, 3, 4, 6, 12]), rng.choice([2, 3, 4, 5, 12])
    choice = rng.randrange(4)
    if choice == 0:
        return FloorDiv(inner, d)
    if choice == 1:
        return ModularIndexing(inner, d, m)
    if choice == 2:
        return m * d * FloorDiv(inner, d * m) + d * ModularIndexing(inner, d, m) + random_affine(rng, names)
    return inner * rng.choice([1, 2, 3]) + random_index(rng, names, depth - 1)


@pytest.mark.parametrize("seed", range(200))
def test_simplify_index_is_sound_at_random_points(seed):
    rng = random.Random(seed)
    names = ["i0", "i1", "i2"]
    sizes = {n: rng.choice([1, 2, 3, 4, 5, 8, 12]) for n in names}
    expr = random_index(rng, names, rng.randint(1, 3))
    simplified = simplify_index(expr, sizes)
    points = np.random.default_rng(seed)
    values = {n: points.integers(0, sizes[n], 64) for n in names}
    assert np.array_equal(
        np.broadcast_to(evaluate_index(expr, values), (64,)),
        np.broadcast_to(evaluate_index(simplified, values), (64,)),
    ), (expr, simplified, sizes)


@pytest.mark.parametrize("seed", range(30))
def test_simplify_index_is_sound_with_symbolic_sizes(seed):
    """Decompose a symbolic flat index and linearize with other strides; compare at random size values."""
    rng = random.Random(seed)
    sizes = [rng.choice([3, s0, s1, 2 * s0]) for _ in range(rng.randint(1, 3))]
    flat = sympy.Symbol("i0")
    total = sympy.Mul(*sizes)
    coords = decompose(flat, sizes)
    order = list(range(len(sizes)))
    rng.shuffle(order)
    strides = contiguous_strides([sizes[k] for k in order])
    permuted = linearize([coords[k] for k in order], strides)
    simplified = simplify_index(permuted, {"i0": total})
    for size0, size1 in [(2, 3), (5, 4), (7, 2)]:
        bind = {s0: size0, s1: size1}
        count = int(total.subs(bind)) if not isinstance(total, int) else total
        values = {"i0": np.arange(count), "s0": size0, "s1": size1}
        assert np.array_equal(
            np.broadcast_to(evaluate_index(permuted, values), (count,)),
            np.broadcast_to(evaluate_index(simplified, values), (count,)),
        )


def test_decompose_then_linearize_is_the_identity():
    for sizes in ([3, 4, 5], [2, 1, 6], [s0, 8], [s0, s1, 3]):
        flat = linearize(decompose(x, sizes), contiguous_strides(sizes))
        assert simplify_index(flat, {"x": sympy.Mul(*sizes)}) == x


# ---------------------------------------------------------------------------
# Layouts and positions
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sizes", "strides"), [([3, 4], [4, 1]), ([3, 4], [1, 3]), ([2, 3, 4], [1, 8, 2]), ([2, 1, 5], [5, 7, 1])]
)
def test_layout_coords_find_the_element_at_each_offset(sizes, strides):
    buffer = BufferType(sizes, f32, strides)
    coords = layout_coords(x, buffer)
    for index in np.ndindex(*sizes):
        offset = sum(c * s for c, s in zip(index, strides))
        got = tuple(int(evaluate_index(sympy.sympify(c), {"x": offset})) for c in coords)
        assert got == tuple(c if size != 1 else 0 for c, size in zip(index, sizes))


def test_layout_coords_refuse_layouts_with_gaps():
    assert layout_coords(x, BufferType([3, 4], f32, [8, 1])) is None


@pytest.mark.parametrize(
    ("sizes", "strides"),
    [([s0, s1], [1, s0]), ([2, s0, s1], [s0 * s1, 1, s0]), ([s0, 3, s1], [1, s0 * s1, s0])],
)
def test_layout_coords_of_symbolic_permuted_layouts(sizes, strides):
    """A transpose (or channels_last) with size symbols: the coordinates a load of its storage offset reads."""
    coords = layout_coords(x, BufferType(sizes, f32, strides))
    for size0, size1 in [(2, 3), (5, 4)]:
        bind = {s0: size0, s1: size1}
        concrete = [int(sympy.sympify(n).subs(bind)) for n in sizes]
        for index in np.ndindex(*concrete):
            offset = sum(c * int(sympy.sympify(s).subs(bind)) for c, s in zip(index, strides))
            values = {"x": offset, "s0": size0, "s1": size1}
            assert tuple(int(evaluate_index(c, values)) for c in coords) == index


def test_layout_coords_refuse_symbolic_layouts_with_gaps():
    assert layout_coords(x, BufferType([s0, s1], f32, [1, s0 + 1])) is None
    assert layout_coords(x, BufferType([s0, s1], f32, [1, 1])) is None


def parse(text: str) -> ModuleOp:
    from xdsl.parser import Parser

    return Parser(make_context(), text).parse_module()


SOFTMAX_TAIL = """
func.func @f(%x: !loop.buffer<[4, 10], f32, strides [10, 1]>) -> !loop.buffer<[4, 10], f32, strides [10, 1]> {
  %s = loop.reduction sum ranges [4] reduce [10] {
    %a = loop.load %x[#loop.index<"10*i0 + r0">] : !loop.buffer<[4, 10], f32, strides [10, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[4], f32, strides [1]>
  %r = loop.pointwise ranges [4, 10] {
    %b = loop.load %s[#loop.index<"INDEX">] : !loop.buffer<[4], f32, strides [1]>
    loop.yield %b : f32
  } : !loop.buffer<[4, 10], f32, strides [10, 1]>
  func.return %r : !loop.buffer<[4, 10], f32, strides [10, 1]>
}
"""


@pytest.mark.parametrize(("index", "same"), [("i0", True), ("3 - i0", False), ("FloorDiv(i1, 3)", False)])
def test_reads_same_position_for_an_xr_shaped_consumer(index, same):
    module = parse(SOFTMAX_TAIL.replace("INDEX", index))
    ops = list(module.walk())
    reduction = next(o for o in ops if isinstance(o, loop.ReductionOp))
    pointwise = next(o for o in ops if isinstance(o, loop.PointwiseOp))
    space = Space(sympy.Integer(4), sympy.Integer(10), True)
    assert role_in(pointwise, space).shape == "xr"
    assert positions(pointwise, role_in(pointwise, space)) == (i0, i1)
    (load,) = loop.loads(pointwise)
    assert reads_same_position(load, pointwise, reduction, space) is same


# ---------------------------------------------------------------------------
# Passes on traced PyTorch programs
# ---------------------------------------------------------------------------


def softmax_and_layer_norm(a, w, b):
    z = torch.nn.functional.layer_norm(a, (a.shape[-1],), w, b)
    return torch.softmax(a, dim=-1) * 2 + z.t().t(), (a - a.mean(dim=1, keepdim=True)).sum(dim=0)


def views_and_broadcasts(a, w, b):
    t = a.t().contiguous().view(-1)[3:40:2]
    return a[:, 1:5] * w[1:5] + b[2], t.sigmoid(), (a.unsqueeze(1) + a.unsqueeze(0)).amax(dim=-1)


def reductions(a, w, b):
    values, indices = a.max(dim=1)
    return values + w.sum(), indices, a.var(dim=0) + b, torch.argmin(a * w, dim=-1)


def reshape_copies(a, w, b):
    flat = a.t().reshape(5, 12)
    return (flat.exp() + 1).reshape(6, 10) * w, torch.relu(flat).sum(dim=0).tanh()


PROGRAMS = [softmax_and_layer_norm, views_and_broadcasts, reductions, reshape_copies]


def trace(program) -> tuple[ModuleOp, list[torch.Tensor]]:
    from torch.fx.experimental.proxy_tensor import make_fx

    from irc.backend import decompositions
    from irc.fx_import import import_graph

    gen = torch.Generator().manual_seed(0)
    inputs = [
        torch.randn(6, 10, generator=gen),
        torch.randn(10, generator=gen),
        torch.randn(10, generator=gen),
    ]
    graph = make_fx(program, decomposition_table=decompositions())(*inputs)
    return import_graph(graph), inputs


def lowered(program, spec: str) -> tuple[ModuleOp, list[torch.Tensor]]:
    module, inputs = trace(program)
    return run_pipeline_through_text(module, make_context(), spec), inputs


def assert_matches_eager(program, inputs, got) -> None:
    expected = [e.numpy() for e in program(*inputs)]
    assert len(got) == len(expected)
    for value, want in zip(got, expected):
        np.testing.assert_allclose(np.asarray(value, np.float64), want, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("program", PROGRAMS)
def test_loop_inline_keeps_the_numbers(program):
    module, inputs = lowered(program, "convert-aten-to-loop,loop-inline,cse,dce")
    assert_matches_eager(program, inputs, run_function(module, [t.numpy() for t in inputs]))


def top_level_loop_ops(module: ModuleOp) -> list:
    host = [op for op in module.body.block.ops if isinstance(op, func.FuncOp)]
    return [
        op for f in host for op in f.body.block.ops if isinstance(op, loop.PointwiseOp | loop.ReductionOp)
    ]


@pytest.mark.parametrize("program", PROGRAMS)
def test_loop_inline_leaves_only_producers_that_must_stay(program):
    """A pointwise producer stays only when something other than a load needs it, or when expensive."""
    module, _ = lowered(program, "convert-aten-to-loop,loop-inline,cse,dce")
    for op in top_level_loop_ops(module):
        if isinstance(op, loop.PointwiseOp) and op.result is not None:
            other_uses = [use for use in op.result.uses if not isinstance(use.operation, loop.LoadOp)]
            assert other_uses or is_expensive(op, InlinePolicy(max_body_ops=30, max_reads=4))


# -- kernel-level modules run with the reference interpreter (irc/interp): launches on whole buffers ---------


def run_kernel_module(module: ModuleOp, inputs: list[np.ndarray]) -> list[np.ndarray]:
    return run_module(module, inputs)


# -- the kernel contract, point by point ------------------------------------------------------------------


def grid_positions(op, role, sizes: dict[str, int]) -> tuple[dict, np.ndarray, np.ndarray | None]:
    """The index grid of an op (ranges then reduce) and its x / r positions there."""
    names = loop.index_vars(op)
    dims = [
        int(v)
        for v in [
            *map(dim_value, op.ranges.data),
            *(map(dim_value, op.reduce.data) if isinstance(op, loop.ReductionOp) else []),
        ]
    ]
    grids = np.meshgrid(*[np.arange(d) for d in dims], indexing="ij") if dims else []
    env = {**sizes, **dict(zip(names, grids))}
    x_pos, r_pos = positions(op, role)
    shape = tuple(dims)
    x_vals = np.broadcast_to(evaluate_index(x_pos, env), shape)
    r_vals = None if r_pos is None else np.broadcast_to(evaluate_index(r_pos, env), shape)
    return env, x_vals, r_vals


def check_kernel_contract(module: ModuleOp) -> None:
    for kernel_op in [k for k in module.body.block.ops if isinstance(k, kernel.KernelOp)]:
        space = Space(
            sympy.sympify(dim_value(kernel_op.numel)),
            sympy.sympify(dim_value(kernel_op.rnumel)),
            kernel_op.kind.data != "pointwise",
        )
        members = [
            op for op in kernel_op.body.block.ops if isinstance(op, loop.PointwiseOp | loop.ReductionOp)
        ]
        for op in members:
            role = role_in(op, space)
            assert role is not None, f"{op.name} does not fit {space}"
            env, x_vals, r_vals = grid_positions(op, role, {})
            for load in loop.loads(op):
                producer = load.buffer.owner
                if producer not in members:
                    continue
                offsets = np.broadcast_to(evaluate_index(load.index.value(), env), x_vals.shape)
                t = load.buffer.type
                coords = np.unravel_index(offsets, [int(s) for s in t.sizes()]) if t.rank else ()
                p_role = role_in(producer, space)
                p_x, p_r = positions(producer, p_role)
                p_env = {f"i{d}": c for d, c in enumerate(coords)}
                assert np.array_equal(np.broadcast_to(evaluate_index(p_x, p_env), x_vals.shape), x_vals)
                if p_role.shape == "xr":
                    assert np.array_equal(np.broadcast_to(evaluate_index(p_r, p_env), x_vals.shape), r_vals)


@pytest.mark.parametrize("program", PROGRAMS)
def test_kernel_fuse_keeps_the_numbers_and_the_contract(program):
    module, inputs = lowered(program, "convert-aten-to-loop,loop-inline,cse,dce,kernel-fuse,kernel-tile")
    assert top_level_loop_ops(module) == []
    check_kernel_contract(module)
    assert_matches_eager(program, inputs, run_kernel_module(module, [t.numpy() for t in inputs]))


@pytest.mark.parametrize("program", PROGRAMS)
def test_kernel_fuse_without_inlining_fuses_the_chains(program):
    """Without loop-inline, views are folded by kernel-fuse itself and pointwise chains fuse vertically."""
    module, inputs = lowered(program, "convert-aten-to-loop,kernel-fuse")
    check_kernel_contract(module)
    assert_matches_eager(program, inputs, run_kernel_module(module, [t.numpy() for t in inputs]))
    if program is softmax_and_layer_norm:
        kernels = [k for k in module.body.block.ops if isinstance(k, kernel.KernelOp)]
        assert len(kernels) == 2  # the row-wise group and the column sum


@pytest.mark.parametrize("program", PROGRAMS)
def test_print_and_parse_between_passes_changes_nothing(program):
    spec = "convert-aten-to-loop,loop-inline,cse,dce,kernel-fuse,kernel-tile"
    module, _ = trace(program)
    direct = run_pipeline(module.clone(), make_context(), spec)
    through_text = run_pipeline_through_text(module, make_context(), spec)
    assert str(direct) == str(through_text)


# ---------------------------------------------------------------------------
# kernel-tile heuristics
# ---------------------------------------------------------------------------


def test_powers_of_two():
    assert [next_power_of_two(n) for n in (0, 1, 2, 3, 9, 1024, 1025)] == [1, 1, 2, 4, 16, 1024, 2048]
    assert [is_power_of_two(n) for n in (0, 1, 6, 64)] == [False, True, False, True]


@pytest.mark.parametrize(
    ("kind", "numel", "rnumel", "options", "expected"),
    [
        ("pointwise", 3, 1, {}, ("pointwise", {"xblock": 16, "num_warps": 4})),
        ("pointwise", 10**6, 1, {}, ("pointwise", {"xblock": 1024, "num_warps": 4})),
        ("pointwise", "s0", 1, {"xblock": 2048}, ("pointwise", {"xblock": 2048, "num_warps": 8})),
        ("reduction", 3, 9, {}, ("persistent_reduction", {"xblock": 4, "rblock": 16, "num_warps": 2})),
        (
            "reduction",
            4096,
            1024,
            {},
            ("persistent_reduction", {"xblock": 4, "rblock": 1024, "num_warps": 8}),
        ),
        ("reduction", 8, 5000, {}, ("reduction", {"xblock": 1, "rblock": 2048, "num_warps": 8})),
        ("reduction", 8, "s0", {}, ("reduction", {"xblock": 1, "rblock": 2048, "num_warps": 8})),
        (
            "reduction",
            64,
            100,
            {"persistent_max": 64},
            ("reduction", {"xblock": 8, "rblock": 128, "num_warps": 8}),
        ),
        ("reduction", 64, 100, {"rblock": 64}, ("reduction", {"xblock": 8, "rblock": 64, "num_warps": 4})),
    ],
)
def test_kernel_tile_choices(kind, numel, rnumel, options, expected):
    kernel_op = kernel.KernelOp("k", [], [], kind, numel, rnumel)
    choice = KernelTilePass(**options).choose(kernel_op)
    assert (choice.kind, choice.config) == (expected[0], expected[1])
