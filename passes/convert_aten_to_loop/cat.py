"""Fallback ops that convert-aten-to-loop lowers as index arithmetic (CAT_LOWERINGS): cat and constant_pad_nd.

Both read their inputs at shifted positions and must not read outside them, so each shifted coordinate is a
masked load: the coordinate is a `loop.index` value `t` and the load a gather load bounded by the input's size
along that dim (a position outside [0, size) reads 0, never memory beyond the input). `masked_load` is shared
with the pooling lowerings (pool.py).

`aten::cat.default([x, y], 1)` of x [2, 3] and y [2, 5] is a pointwise over [2, 8] that picks the input whose
slice holds the position (Inductor's pointwise cat: a consumer reads it by index, nothing is copied first):

    %c = loop.pointwise ranges [2, 8] {
      %t0 = loop.index #loop.index<"i1"> : i64
      %a = loop.load %x[#loop.index<"3*i0 + t0">] gather(%t0 : i64) bounds [3] : ...
      %t1 = loop.index #loop.index<"i1 - 3"> : i64
      %b = loop.load %y[#loop.index<"5*i0 + t0">] gather(%t1 : i64) bounds [5] : ...
      %before = arith.cmpi slt, %t1, %zero : i64        (position before y's slice)
      %v = arith.select %before, %a, %b : f32
      loop.yield %v : f32
    } : !loop.buffer<[2, 8], f32, strides [8, 1]>

Inputs that are empty along the dim add nothing, and so do legacy 1-D empty tensors (`torch.tensor([])`,
which eager cat skips whatever the others' rank; a model's empty key/value cache starts so); a cat of empty
inputs only is an empty pointwise.

`aten::constant_pad_nd.default(x, [l, r, t, b], v)` is a pointwise over the padded sizes reading x at
(i - before) along each padded dim, `v` where that is outside x (negative pads crop).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects import arith
from xdsl.dialects.builtin import ArrayAttr, FloatAttr, IntegerAttr, UnitAttr, i64
from xdsl.ir import Attribute, SSAValue

from irc.dialects import aten, loop
from irc.dialects.types import BufferType, DimLike, IndexAttr, TensorType

from .body import Body, Lowered, declared_layout, index_symbol, linear_index
from .gather import operand_of
from .dtypes import compute_type

# a pointwise cat loads every input at every position (a masked load and a select each): beyond this many an
# extern copies, as Inductor's max_pointwise_cat_inputs; DenseNet's cats of up to 25 features, read by their
# batch norm as pointwise cats, ran at 0.60x Inductor's GPU time on the H200
MAX_CAT_INPUTS = 8


def _arg(op: aten.FallbackOp, position: int, name: str) -> Attribute | None:
    args = op.args.data
    return op.kwargs.data.get(name, args[position] if len(args) > position else None)


def int_list(attr: Attribute | None) -> list[int] | None:
    """A list of ints (an int alone counts as a one-element list), else None."""
    if isinstance(attr, IntegerAttr):
        return [attr.value.data]
    if isinstance(attr, ArrayAttr) and all(isinstance(a, IntegerAttr) for a in attr.data):
        return [a.value.data for a in attr.data]
    return None


def number(attr: Attribute | None) -> int | float | None:
    return attr.value.data if isinstance(attr, IntegerAttr | FloatAttr) else None


def number_or_default(attr: Attribute | None, default):
    """An argument's constant; `default` where it is not given (absent or None); None where it is not a
    constant (a SymInt operand, known only at run time), which the lowering must decline, not default."""
    return default if attr is None or isinstance(attr, UnitAttr) else number(attr)


def result_tensor(op: aten.FallbackOp) -> TensorType | None:
    out = op.result_types[0] if len(op.result_types) == 1 else None
    return out if isinstance(out, TensorType) else None


def finish(body: Body, value: SSAValue, out: TensorType) -> Lowered:
    """The pointwise of `body` yielding `value` as `out`'s element type, in `out`'s declared dense layout."""
    result = body.cast(value, out.element_type)
    body.add(loop.YieldOp(result))
    buffer = BufferType(out.sizes(), out.element_type, declared_layout(out))
    pointwise = loop.PointwiseOp(out.sizes(), body.ops, buffer)
    return Lowered([pointwise], [pointwise.result])


def coordinate_value(body: Body, expr) -> SSAValue:
    """An index expression over i0.. / r0.. as an i64 value of the body."""
    return body.add(loop.IndexOp(IndexAttr(expr), i64))


def masked_load(
    body: Body, source: SSAValue, coords: Sequence[object], checked: dict[int, SSAValue]
) -> SSAValue:
    """`source` at `coords`, where each dim in `checked` takes its coordinate from that i64 value instead and
    reads 0 when it is outside [0, size of that dim)."""
    buffer_type = source.type
    assert isinstance(buffer_type, BufferType)
    sizes = buffer_type.sizes()
    coords, values, bounds = list(coords), [], []
    for k, (dim, value) in enumerate(sorted(checked.items())):
        coords[dim] = index_symbol(f"t{k}")
        values.append(value)
        bounds.append(sizes[dim])
    index = IndexAttr(linear_index(coords, buffer_type.stride_values()))
    return body.add(loop.LoadOp(source, index, values, bounds))


def in_range(body: Body, value: SSAValue, size: DimLike) -> SSAValue:
    """0 <= value < size, as an i1."""
    low = body.add(arith.CmpiOp(value, body.constant(0, i64), "sge"))
    high = body.add(arith.CmpiOp(value, body.index_value(size, i64), "slt"))
    return body.add(arith.AndIOp(low, high))


def _is_legacy_empty(value: SSAValue) -> bool:
    sizes = value.type.sizes()
    return len(sizes) == 1 and sizes[0] == 0


def lower_cat(op: aten.FallbackOp) -> Lowered | None:
    tensors, dim, out = _arg(op, 0, "tensors"), number(_arg(op, 1, "dim")), result_tensor(op)
    dim = 0 if dim is None else dim
    if not isinstance(tensors, ArrayAttr) or out is None or not isinstance(dim, int):
        return None
    inputs = [operand_of(op, a) for a in tensors.data]
    if any(v is None or not isinstance(v.type, BufferType) for v in inputs):
        return None
    rank = len(out.sizes())
    dim = dim + rank if dim < 0 else dim
    inputs = [v for v in inputs if not _is_legacy_empty(v) and v.type.sizes()[dim] != 0]
    if not 0 <= dim < rank or len(inputs) > MAX_CAT_INPUTS:
        return None
    if not inputs and out.sizes()[dim] == 0:  # every input empty: so is the result
        body = Body(out.sizes())
        return finish(body, body.constant(0, out.element_type), out)
    if not inputs:
        return None
    if any(len(v.type.sizes()) != rank for v in inputs):
        return None
    element = out.element_type
    body = Body(out.sizes())
    coords = [index_symbol(f"i{d}") for d in range(rank)]
    offset: DimLike = 0
    picks: list[tuple[SSAValue, SSAValue]] = []  # (value, this input's position along dim) per input
    for source in inputs:
        position = coordinate_value(body, coords[dim] - offset)
        value = body.cast(masked_load(body, source, coords, {dim: position}), element)
        picks.append((value, position))
        offset = offset + source.type.sizes()[dim]
    result = picks[-1][0]
    for (value, _), (_, next_position) in zip(reversed(picks[:-1]), reversed(picks[1:])):
        before_next = body.add(arith.CmpiOp(next_position, body.constant(0, i64), "slt"))
        result = body.add(arith.SelectOp(before_next, value, result))
    return finish(body, result, out)


def lower_constant_pad(op: aten.FallbackOp) -> Lowered | None:
    source, pads, out = operand_of(op, _arg(op, 0, "self")), int_list(_arg(op, 1, "pad")), result_tensor(op)
    fill = number_or_default(_arg(op, 2, "value"), 0)
    if fill is None or source is None or not isinstance(source.type, BufferType) or pads is None or out is None:
        return None
    rank = len(source.type.sizes())
    if len(pads) % 2 or len(pads) // 2 > rank:
        return None
    element = out.element_type
    body = Body(out.sizes())
    coords = [index_symbol(f"i{d}") for d in range(rank)]
    checked: dict[int, SSAValue] = {}
    for k in range(len(pads) // 2):
        dim, before = rank - 1 - k, pads[2 * k]
        if before == 0 and pads[2 * k + 1] <= 0:
            continue  # no position outside the input along this dim
        checked[dim] = coordinate_value(body, coords[dim] - before)
    value = masked_load(body, source, coords, checked)
    if checked and fill != 0:  # a masked load already reads 0 outside
        inside = [in_range(body, position, source.type.sizes()[dim]) for dim, position in checked.items()]
        valid = inside[0]
        for other in inside[1:]:
            valid = body.add(arith.AndIOp(valid, other))
        value = body.add(
            arith.SelectOp(valid, body.cast(value, compute_type(element)), body.constant(fill, element))
        )
    return finish(body, value, out)


CAT_LOWERINGS: dict[str, Callable[[aten.FallbackOp], Lowered | None]] = {
    "aten::cat.default": lower_cat,
    "aten::constant_pad_nd.default": lower_constant_pad,
}
