"""Fallback ops that are index maps (INDEX_MAP_LOWERINGS): flip, repeat, diagonal.

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
`aten::diagonal_copy.default` is the same view copied into its declared layout.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.ir import Attribute, SSAValue

from irc.dialects import aten
from irc.dialects.aten_shapes import normalize_dim
from irc.dialects.types import BufferType

from .body import Body, Lowered, index_symbol
from .cat import finish, int_list, number, result_tensor
from .gather import operand_of
from .views import dim_add, dim_mul, reinterpret


def _arg(op: aten.FallbackOp, position: int, name: str) -> Attribute | None:
    args = op.args.data
    return op.kwargs.data.get(name, args[position] if len(args) > position else None)


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
    offset, dim1, dim2 = (number(_arg(op, k, name)) for k, name in ((1, "offset"), (2, "dim1"), (3, "dim2")))
    offset, dim1, dim2 = 0 if offset is None else offset, 0 if dim1 is None else dim1, 1 if dim2 is None else dim2
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


INDEX_MAP_LOWERINGS: dict[str, Callable[[aten.FallbackOp], Lowered | None]] = {
    "aten::flip.default": lower_flip,
    "prims::rev.default": lower_flip,
    "aten::repeat.default": lower_repeat,
    "aten::diagonal.default": diagonal_view,
    "aten::diagonal_copy.default": lower_diagonal_copy,
}
