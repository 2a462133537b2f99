"""Fallback ops that convert-aten-to-loop lowers after all, by overload (FALLBACK_LOWERINGS): gathers.

`aten::gather.default(x, dim, index)` (any dim, static or symbolic sizes) becomes a pointwise over the index's
shape whose load of `x` is a gather load: the coordinate along `dim` is the index value `t0`, wrapped like
eager when negative (idx < 0 ? idx + size : idx):

    %g = aten.fallback "aten::gather.default"(%x, %t) {args = [#aten.operand<0>, 1 : i64, #aten.operand<1>]}
        : (!aten.tensor<[4, 10], f32>, !aten.tensor<[4, 1], i64>) -> !aten.tensor<[4, 1], f32>
  becomes
    %g = loop.pointwise ranges [4, 1] {
      %i = loop.load %t[#loop.index<"i0">] : ...           %n = arith.constant 10 : i64
      %z = arith.constant 0 : i64                           %neg = arith.cmpi slt, %i, %z : i64
      %w = arith.addi %i, %n : i64                          %k = arith.select %neg, %w, %i : i64
      %v = loop.load %x[#loop.index<"10*i0 + t0">] gather(%k : i64) bounds [10] : ...
      loop.yield %v : f32
    } : !loop.buffer<[4, 1], f32, strides [1, 1]>

`aten::embedding.default(weight, indices)` is the gather of rows: out[p..., j] = weight[indices[p...], j];
`aten::index.Tensor(x, [None, ..., idx])` (one integer index tensor) reads x with idx's values along one dim.

An index outside [-size, size) makes eager raise; here it reads 0 (the gather load masks it). The one-hot form
this file used before (a sum over the whole dim, comparing each position with the index) is gone: the gather
load reads one element instead of a row and fuses into the same kernels (an x-shaped epilogue of the row
reductions around it, or inlined into the consumer's reduction), so it was never better.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects import arith
from xdsl.dialects.builtin import ArrayAttr, IntegerAttr, UnitAttr
from xdsl.ir import Attribute, SSAValue

from irc.dialects import aten, loop
from irc.dialects.types import BufferType, DimLike, IndexAttr, is_integer

from .body import Body, Lowered, index_symbol, linear_index


def _int_arg(attr: Attribute) -> int | None:
    return attr.value.data if isinstance(attr, IntegerAttr) else None


def operand_of(op: aten.FallbackOp, attr: Attribute):
    return op.inputs[attr.index.data] if isinstance(attr, aten.OperandRefAttr) else None


def _is_false(attr: Attribute | None) -> bool:
    return attr is None or isinstance(attr, UnitAttr) or _int_arg(attr) == 0


def _arg(op: aten.FallbackOp, position: int, name: str) -> Attribute | None:
    args = op.args.data
    return op.kwargs.data.get(name, args[position] if len(args) > position else None)


def is_index_buffer(value: SSAValue | None) -> bool:
    return value is not None and isinstance(value.type, BufferType) and is_integer(value.type.element_type)


def wrapped_index(body: Body, value: SSAValue, size: DimLike) -> SSAValue:
    """`value < 0 ? value + size : value`, in the index's own integer type."""
    t = value.type
    negative = body.add(arith.CmpiOp(value, body.constant(0, t), "slt"))
    shifted = body.add(arith.AddiOp(value, body.index_value(size, t)))
    return body.add(arith.SelectOp(negative, shifted, value))


def gather_load(body: Body, source: SSAValue, coords: Sequence[object], dim: int, index: SSAValue):
    """The element of `source` at `coords` with the coordinate along `dim` taken from `index` (wrapped)."""
    size = source.type.sizes()[dim]
    position = wrapped_index(body, index, size)
    coords = list(coords)
    coords[dim] = index_symbol("t0")
    flat = IndexAttr(linear_index(coords, source.type.stride_values()))
    return body.add(loop.LoadOp(source, flat, [position], [size]))


def gather_parts(op: aten.FallbackOp):
    """(source, dim, index) of a gather this file lowers, else None."""
    args = op.args.data
    if len(args) < 3 or not _is_false(_arg(op, 3, "sparse_grad")):
        return None
    source, dim, index = operand_of(op, args[0]), _int_arg(args[1]), operand_of(op, args[2])
    if source is None or dim is None or not isinstance(source.type, BufferType) or not is_index_buffer(index):
        return None
    rank = len(source.type.sizes())
    dim = dim + rank if dim < 0 else dim
    if not 0 <= dim < rank or len(index.type.sizes()) != rank:
        return None
    return source, dim, index


def lower_gather(op: aten.FallbackOp) -> Lowered | None:
    parts = gather_parts(op)
    if parts is None:
        return None
    source, dim, index = parts
    body = Body(index.type.sizes())
    coords = [index_symbol(f"i{d}") for d in range(len(index.type.sizes()))]
    value = gather_load(body, source, coords, dim, body.load(index, coords))
    pointwise = body.pointwise(value, value.type)
    return Lowered([pointwise], [pointwise.result])


def lower_embedding(op: aten.FallbackOp) -> Lowered | None:
    args = op.args.data
    weight, indices = (operand_of(op, a) for a in args[:2]) if len(args) >= 2 else (None, None)
    if weight is None or not isinstance(weight.type, BufferType) or not is_index_buffer(indices):
        return None
    if len(weight.type.sizes()) != 2 or not _is_false(_arg(op, 4, "sparse")):
        return None
    rank = len(indices.type.sizes())
    body = Body([*indices.type.sizes(), weight.type.sizes()[1]])
    rows = body.load(indices, [index_symbol(f"i{d}") for d in range(rank)])
    value = gather_load(body, weight, [0, index_symbol(f"i{rank}")], 0, rows)
    pointwise = body.pointwise(value, value.type)
    return Lowered([pointwise], [pointwise.result])


def lower_index(op: aten.FallbackOp) -> Lowered | None:
    """`x[..., idx]` with one integer index tensor after leading full slices (None): out has x's sizes with
    the indexed dim replaced by idx's sizes; negative indices wrap as in eager."""
    args = op.args.data
    source = operand_of(op, args[0]) if len(args) == 2 else None
    if source is None or not isinstance(source.type, BufferType) or not isinstance(args[1], ArrayAttr):
        return None
    entries = list(args[1].data)
    dim = len(entries) - 1
    index = operand_of(op, entries[-1]) if entries else None
    if not is_index_buffer(index) or not all(isinstance(e, UnitAttr) for e in entries[:-1]):
        return None
    sizes, index_rank = source.type.sizes(), len(index.type.sizes())
    if dim >= len(sizes):
        return None
    body = Body([*sizes[:dim], *index.type.sizes(), *sizes[dim + 1 :]])
    position = body.load(index, [index_symbol(f"i{dim + k}") for k in range(index_rank)])
    coords = [index_symbol(f"i{d + (index_rank - 1 if d > dim else 0)}") for d in range(len(sizes))]
    value = gather_load(body, source, coords, dim, position)
    pointwise = body.pointwise(value, value.type)
    return Lowered([pointwise], [pointwise.result])


FALLBACK_LOWERINGS: dict[str, Callable[[aten.FallbackOp], Lowered | None]] = {
    "aten::gather.default": lower_gather,
    "aten::embedding.default": lower_embedding,
    "aten::index.Tensor": lower_index,
}
