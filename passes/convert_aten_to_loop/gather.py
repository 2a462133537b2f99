"""Fallback ops that convert-aten-to-loop lowers after all, by overload (FALLBACK_LOWERINGS): gathers.

`aten::gather.default(x, dim, index)` (any dim, static or symbolic sizes) becomes a pointwise over the index's
shape whose load of `x` is a checked gather load: the coordinate along `dim` is the index value `t0`:

    %g = aten.fallback "aten::gather.default"(%x, %t) {args = [#aten.operand<0>, 1 : i64, #aten.operand<1>]}
        : (!aten.tensor<[4, 10], f32>, !aten.tensor<[4, 1], i64>) -> !aten.tensor<[4, 1], f32>
  becomes
    %g = loop.pointwise ranges [4, 1] {
      %k = loop.load %t[#loop.index<"i0">] : ...
      %v = loop.load %x[#loop.index<"10*i0 + t0">] gather(%k : i64) bounds [10] checked : ...
      loop.yield %v : f32
    } : !loop.buffer<[4, 1], f32, strides [1, 1]>

`aten::embedding.default(weight, indices)` is the gather of rows: out[p..., j] = weight[indices[p...], j];
`aten::index.Tensor(x, [idx0, None, idx1, ...])` (i32 / i64 index tensors, broadcast together) reads x with
the index values along the indexed dims (several gathered coordinates t0, t1, ... of one load).

An index outside [-size, size) (gather and embedding: [0, size)) makes eager raise: the gather load is
`checked`, so the kernel stops with "index out of range" (check_indices=false: it reads 0). The one-hot form
this file used before (a sum over the whole dim, comparing each position with the index) is gone: the gather
load reads one element instead of a row and fuses into the same kernels (an x-shaped epilogue of the row
reductions around it, or inlined into the consumer's reduction), so it was never better.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects import arith
from xdsl.dialects.builtin import ArrayAttr, IntegerAttr, UnitAttr, i64
from xdsl.ir import Attribute, SSAValue

from irc.dialects import aten, loop
from irc.dialects.types import BufferType, DimLike, IndexAttr, TensorType, element_type_name, is_integer

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
    """The element of `source` at `coords` with the coordinate along `dim` taken from `index`: one outside
    [0, size) is an error, as in eager (gather and embedding do not wrap negative indices)."""
    size = source.type.sizes()[dim]
    position = body.cast(index, i64)  # in i64: an index may be unsigned (ui8)
    coords = list(coords)
    coords[dim] = index_symbol("t0")
    flat = IndexAttr(linear_index(coords, source.type.stride_values()))
    return body.add(loop.LoadOp(source, flat, [position], [size], checked=True))


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


def index_tensors(op: aten.FallbackOp) -> tuple[SSAValue, dict[int, SSAValue]] | None:
    """(source, {indexed dim: index buffer}) of `x[idx...]` with i32 / i64 index tensors (None entries are
    full slices); None for boolean or byte masks, whose result size depends on the data."""
    args = op.args.data
    source = operand_of(op, args[0]) if len(args) >= 2 else None
    if source is None or not isinstance(source.type, BufferType) or not isinstance(args[1], ArrayAttr):
        return None
    entries = list(args[1].data)
    if len(entries) > len(source.type.sizes()):
        return None
    indices = {d: operand_of(op, e) for d, e in enumerate(entries) if not isinstance(e, UnitAttr)}
    if not indices or not all(v is not None and element_type_name(v.type.element_type) in ("i32", "i64")
                              for v in indices.values()):  # fmt: skip
        return None
    return source, indices


def lower_index(op: aten.FallbackOp) -> Lowered | None:
    """`x[..., idx0, ..., idx1, ...]`: the index tensors broadcast to one shape B, and each output element reads x
    at the (wrapped) index values along the indexed dims. B takes the place of the indexed dims when they are
    adjacent, else it comes first (NumPy's rule); the other dims keep their order."""
    found = index_tensors(op)
    out = op.result_types[0] if len(op.result_types) == 1 else None
    if found is None or not isinstance(out, TensorType):
        return None
    source, indices = found
    body = Body(out.sizes())
    coords, values, bounds = indexed_coords(body, source.type.sizes(), indices)
    flat = IndexAttr(linear_index(coords, source.type.stride_values()))
    value = body.add(loop.LoadOp(source, flat, values, bounds, checked=True))
    pointwise = body.pointwise(value, value.type)
    return Lowered([pointwise], [pointwise.result])


def indexed_coords(body: Body, sizes: Sequence[DimLike], indices: dict[int, SSAValue]):
    """The coordinates in a tensor of `sizes` of the point of `x[idx...]` that `body` (over its shape) is at:
    (coords with t0, t1, ... along the indexed dims, the wrapped index values, their bounds). The index tensors
    broadcast to one shape B, which takes the place of the indexed dims when they are adjacent, else comes
    first (NumPy's rule); the other dims keep their order."""
    dims = sorted(indices)
    kept = [d for d in range(len(sizes)) if d not in indices]
    b_rank = len(body.ranges) - len(kept)
    adjacent = dims == list(range(dims[0], dims[-1] + 1))
    b_start = dims[0] if adjacent else 0
    if adjacent:  # dims before the indexed ones keep their place, those after move by rank(B) - len(dims)
        out_position = {d: d if d < b_start else d + b_rank - len(dims) for d in kept}
    else:
        out_position = {d: b_rank + k for k, d in enumerate(kept)}
    coords: list[object] = [index_symbol(f"i{out_position[d]}") if d in out_position else 0 for d in range(len(sizes))]
    values, bounds = [], []
    for k, dim in enumerate(dims):
        index = indices[dim]
        lead = b_start + b_rank - len(index.type.sizes())
        index_coords = [0 if n == 1 else index_symbol(f"i{lead + j}") for j, n in enumerate(index.type.sizes())]
        values.append(wrapped_index(body, body.cast(body.load(index, index_coords), i64), sizes[dim]))
        bounds.append(sizes[dim])
        coords[dim] = index_symbol(f"t{k}")
    return coords, values, bounds


def indexed_shape(sizes: Sequence[DimLike], indices: dict[int, SSAValue]) -> list[DimLike]:
    """The shape of `x[idx...]` for x of `sizes` (see indexed_coords)."""
    from irc.dialects.aten_shapes import broadcast_shapes

    dims = sorted(indices)
    b = list(broadcast_shapes(*(v.type.sizes() for v in indices.values())))
    kept = [sizes[d] for d in range(len(sizes)) if d not in indices]
    if dims == list(range(dims[0], dims[-1] + 1)):
        return [*sizes[: dims[0]], *b, *sizes[dims[-1] + 1 :]]
    return [*b, *kept]


FALLBACK_LOWERINGS: dict[str, Callable[[aten.FallbackOp], Lowered | None]] = {
    "aten::gather.default": lower_gather,
    "aten::embedding.default": lower_embedding,
    "aten::index.Tensor": lower_index,
}
