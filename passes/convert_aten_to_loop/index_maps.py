"""Fallback ops that are index maps (INDEX_MAP_LOWERINGS): flip, repeat, diagonal, unfold, slice and
diagonal scatters.

Each output element is one input element at a position computed from the output's: no data-dependent
address, so no masks. `diagonal` is a pure view (a `loop.reinterpret` with the two dims' strides summed);
flip and repeat read their input at remapped coordinates in a pointwise, which loop-inline then composes into
its consumers. `aten::flip.default` and `prims::rev.default` (what flip's decomposition makes) flip each listed
dim, i -> size - 1 - i:

    %f = aten.fallback "prims::rev.default"(%x) {args = [#aten.operand<0>, [1 : i64]]}
        : (!aten.tensor<[3, 5], f32>) -> !aten.tensor<[3, 5], f32>
  becomes
    %f = loop.pointwise ranges [3, 5] {
      %v = loop.load %x[#loop.index<"5*i0 - i1 + 4">] : !loop.buffer<[3, 5], f32, strides [5, 1]>
      loop.yield %v : f32
    } : !loop.buffer<[3, 5], f32, strides [5, 1]>

`aten::repeat.default(x, [r0, ..., rk])` tiles x: the output has the repeats' rank, size r_d * size_d along
each of x's (right-aligned) dims, and reads x at (i_d mod size_d). `aten::diagonal.default(x, offset, d1, d2)`
drops d1 and d2 and appends the diagonal's dim (stride s1 + s2, starting offset * s2 or -offset * s1 in);
`aten::diagonal_copy.default` is the same view copied into its declared layout; `aten::unfold` (windows along
a dim) is a view too, and `aten::unfold_copy` its copy.

`aten::slice_scatter.default` (what a functionalized `x[:, a:b:s] = y` becomes) and
`aten::diagonal_scatter.default` are pointwise selects over self's shape: positions in the slice (on the
diagonal) read src at their position within it through a masked load, the others read self.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import arith
from xdsl.dialects.builtin import i64
from xdsl.ir import Attribute, SSAValue

from irc.dialects import aten
from irc.dialects.aten_shapes import normalize_dim
from irc.dialects.types import BufferType

from .body import Body, Lowered, index_symbol
from .cat import (
    coordinate_value,
    finish,
    in_range,
    int_list,
    masked_load,
    number,
    number_or_default,
    result_tensor,
)
from .dtypes import compute_type
from .gather import operand_of
from .views import clamped_start, dim_add, dim_mul, reinterpret


def _arg(op: aten.FallbackOp, position: int, name: str) -> Attribute | None:
    args = op.args.data
    return op.kwargs.data.get(name, args[position] if len(args) > position else None)


def _numbers(op: aten.FallbackOp, *specs: tuple[int, str, int]) -> list:
    """The numbers of the arguments (position, name, default), each its default where not given and None
    where it is a run-time operand."""
    return [number_or_default(_arg(op, k, name), default) for k, name, default in specs]


def _source(op: aten.FallbackOp) -> SSAValue | None:
    args = op.args.data
    source = operand_of(op, args[0]) if args else None
    return source if source is not None and isinstance(source.type, BufferType) else None


def lower_flip(op: aten.FallbackOp) -> Lowered | None:
    source, dims, out = _source(op), int_list(_arg(op, 1, "dims")), result_tensor(op)
    if source is None or dims is None or out is None:
        return None
    sizes = source.type.sizes()
    rank = len(sizes)
    if any(not -max(rank, 1) <= d < max(rank, 1) for d in dims):
        return None
    flipped = {normalize_dim(d, rank) for d in dims} if rank else set()
    body = Body(out.sizes())
    coords = [index_symbol(f"i{d}") for d in range(rank)]
    for d in flipped:
        coords[d] = dim_add(sizes[d], -1) - coords[d]
    return finish(body, body.load(source, coords), out)


def lower_repeat(op: aten.FallbackOp) -> Lowered | None:
    from irc.dialects.sym_functions import ModularIndexing

    source, repeats, out = _source(op), int_list(_arg(op, 1, "repeats")), result_tensor(op)
    if source is None or repeats is None or out is None or len(repeats) < len(source.type.sizes()):
        return None
    sizes = source.type.sizes()
    lead = len(repeats) - len(sizes)
    body = Body(out.sizes())
    coords = []
    for d, size in enumerate(sizes):
        position = index_symbol(f"i{d + lead}")
        coords.append(position if repeats[d + lead] == 1 else ModularIndexing(position, 1, size))
    return finish(body, body.load(source, coords), out)


def diagonal_view(op: aten.FallbackOp) -> Lowered | None:
    source, out = _source(op), result_tensor(op)
    offset, dim1, dim2 = _numbers(op, (1, "offset", 0), (2, "dim1", 0), (3, "dim2", 1))
    if source is None or out is None or not all(isinstance(v, int) for v in (offset, dim1, dim2)):
        return None
    rank = len(source.type.sizes())
    if rank < 2 or not all(-rank <= d < rank for d in (dim1, dim2)):
        return None
    dim1, dim2 = normalize_dim(dim1, rank), normalize_dim(dim2, rank)
    if dim1 == dim2:
        return None
    strides, start = list(source.type.stride_values()), source.type.offset_value()
    shift = dim_mul(offset, strides[dim2]) if offset >= 0 else dim_mul(-offset, strides[dim1])
    kept = [d for d in range(rank) if d not in (dim1, dim2)]
    new_strides = [strides[d] for d in kept] + [dim_add(strides[dim1], strides[dim2])]
    if out.sizes()[-1] == 0:
        shift = 0  # an empty diagonal starts nowhere in particular; ATen keeps the input's offset
    return reinterpret(source, list(out.sizes()), new_strides, dim_add(start, shift))


def lower_diagonal_copy(op: aten.FallbackOp) -> Lowered | None:
    view, out = diagonal_view(op), result_tensor(op)
    if view is None:
        return None
    (value,) = view.values
    body = Body(out.sizes())
    copied = finish(body, body.load(value, [index_symbol(f"i{d}") for d in range(len(out.sizes()))]), out)
    return Lowered([*view.ops, *copied.ops], copied.values)


def unfold_view(op: aten.FallbackOp) -> Lowered | None:
    """unfold(x, dim, size, step): windows of `size` every `step` along dim, as a view: dim's stride times
    step, a new last dim with dim's stride (the sizes are the result's)."""
    source, out = _source(op), result_tensor(op)
    dim, size, step = (number(_arg(op, k, name)) for k, name in ((1, "dimension"), (2, "size"), (3, "step")))
    if source is None or out is None or not all(isinstance(v, int) for v in (dim, size, step)) or step < 1:
        return None
    rank = len(source.type.sizes())
    if not -max(rank, 1) <= dim < max(rank, 1):
        return None
    strides = list(source.type.stride_values())
    if rank == 0:
        return reinterpret(source, list(out.sizes()), [1], source.type.offset_value())
    dim = normalize_dim(dim, rank)
    new_strides = [*strides[:dim], dim_mul(strides[dim], step), *strides[dim + 1 :], strides[dim]]
    return reinterpret(source, list(out.sizes()), new_strides, source.type.offset_value())


def lower_unfold_copy(op: aten.FallbackOp) -> Lowered | None:
    view, out = unfold_view(op), result_tensor(op)
    if view is None:
        return None
    body = Body(out.sizes())
    copied = finish(body, body.load(view.values[0], [index_symbol(f"i{d}") for d in range(len(out.sizes()))]), out)
    return Lowered([*view.ops, *copied.ops], copied.values)


def _select(body: Body, inside: SSAValue, written: SSAValue, source: SSAValue, out) -> Lowered:
    """`written` where `inside`, else `source` at the current point, as the result."""
    element = out.element_type
    kept = body.operand(source, element)
    chosen = body.add(arith.SelectOp(inside, body.cast(body.cast(written, element), compute_type(element)), kept))
    return finish(body, chosen, out)


def lower_slice_scatter(op: aten.FallbackOp) -> Lowered | None:
    """self with self[..., start:end:step, ...] = src: the positions of the slice read src at
    (i - start) / step, the others self."""
    from irc.dialects.sym_functions import FloorDiv

    source, out = _source(op), result_tensor(op)
    src = operand_of(op, _arg(op, 1, "src"))
    dim, start, step = _numbers(op, (2, "dim", 0), (3, "start", 0), (5, "step", 1))
    if source is None or out is None or src is None or not isinstance(src.type, BufferType):
        return None
    rank = len(source.type.sizes())
    if not all(isinstance(v, int) for v in (dim, start, step)) or step < 1 or not -rank <= dim < rank:
        return None
    dim = normalize_dim(dim, rank)
    start = clamped_start(start, source.type.sizes()[dim])
    body = Body(out.sizes())
    coords = [index_symbol(f"i{d}") for d in range(rank)]
    shifted = coords[dim] - start
    position = coordinate_value(body, FloorDiv(shifted, step) if step != 1 else shifted)
    value = masked_load(body, src, coords, {dim: position})
    inside = in_range(body, position, src.type.sizes()[dim])
    if step != 1:
        rest = coordinate_value(body, shifted - step * FloorDiv(shifted, step))
        on_step = body.add(arith.CmpiOp(rest, body.constant(0, i64), "eq"))
        inside = body.add(arith.AndIOp(inside, on_step))
    return _select(body, inside, value, source, out)


def lower_diagonal_scatter(op: aten.FallbackOp) -> Lowered | None:
    """self with its diagonal (offset, dim1, dim2) replaced by src, whose last dim runs along it."""
    source, out = _source(op), result_tensor(op)
    src = operand_of(op, _arg(op, 1, "src"))
    offset, dim1, dim2 = _numbers(op, (2, "offset", 0), (3, "dim1", 0), (4, "dim2", 1))
    if source is None or out is None or src is None or not isinstance(src.type, BufferType):
        return None
    rank = len(source.type.sizes())
    if rank < 2 or not all(isinstance(v, int) for v in (offset, dim1, dim2)):
        return None
    if not all(-rank <= d < rank for d in (dim1, dim2)) or normalize_dim(dim1, rank) == normalize_dim(dim2, rank):
        return None
    dim1, dim2 = normalize_dim(dim1, rank), normalize_dim(dim2, rank)
    body = Body(out.sizes())
    coords = [index_symbol(f"i{d}") for d in range(rank)]
    along = coordinate_value(body, coords[dim1] if offset >= 0 else coords[dim2])
    src_coords = [coords[d] for d in range(rank) if d not in (dim1, dim2)] + [0]
    value = masked_load(body, src, src_coords, {rank - 2: along})
    gap = coordinate_value(body, coords[dim2] - coords[dim1])
    on_diagonal = body.add(arith.CmpiOp(gap, body.constant(offset, i64), "eq"))
    return _select(body, on_diagonal, value, source, out)


INDEX_MAP_LOWERINGS: dict[str, Callable[[aten.FallbackOp], Lowered | None]] = {
    "aten::flip.default": lower_flip,
    "prims::rev.default": lower_flip,
    "aten::repeat.default": lower_repeat,
    "aten::diagonal.default": diagonal_view,
    "aten::diagonal_copy.default": lower_diagonal_copy,
    "aten::unfold.default": unfold_view,
    "aten::unfold_copy.default": lower_unfold_copy,
    "aten::slice_scatter.default": lower_slice_scatter,
    "aten::diagonal_scatter.default": lower_diagonal_scatter,
}
