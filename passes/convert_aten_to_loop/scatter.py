"""One-hot fallback ops that convert-aten-to-loop lowers (SCATTER_LOWERINGS): a cross-entropy backward's.

`aten::scatter.value(self, dim, index, value)` with one index per row (index of size 1 along `dim`, the other
sizes those of `self`) is a pointwise compare of each position along `dim` with the row's (wrapped) index:

    %s = aten.fallback "aten::scatter.value"(%z, %t)
        {args = [#aten.operand<0>, 1 : i64, #aten.operand<1>, -1.0 : f64]}
        : (!aten.tensor<[4, 10], f32>, !aten.tensor<[4, 1], i64>) -> !aten.tensor<[4, 10], f32>
  becomes
    %s = loop.pointwise ranges [4, 10] {
      %k = loop.load %t[#loop.index<"i0">] : ...          (wrapped: %k < 0 ? %k + 10 : %k)
      %p = loop.index #loop.index<"i1"> : i64             %hit = arith.cmpi eq, %kw, %p : i64
      %v = arith.constant -1.0 : f32                      %z0 = loop.load %z[#loop.index<"10*i0 + i1">] : ...
      %r = arith.select %hit, %v, %z0 : f32
      loop.yield %r : f32
    } : !loop.buffer<[4, 10], f32, strides [10, 1]>

`aten::full_like.default(x, fill)` (x's dtype, contiguous) is a constant pointwise that does not read x.
Both then fuse with the rest of the backward instead of running eagerly over a materialized [N, C] buffer.
An index out of range matches no position (eager raises). Other scatters stay externs.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, IntegerAttr, i64
from xdsl.ir import Attribute

from irc.dialects import aten
from irc.dialects.types import BufferType, attr_number, TensorType, contiguous_strides

from .body import Body, Lowered, index_symbol
from .gather import is_index_buffer, operand_of, wrapped_index


def _number(attr: Attribute | None) -> int | float | None:
    return attr_number(attr) if isinstance(attr, IntegerAttr | FloatAttr) else None


def lower_scatter_value(op: aten.FallbackOp) -> Lowered | None:
    args = op.args.data
    if len(args) != 4 or op.kwargs.data or not isinstance(args[1], IntegerAttr):
        return None
    source, index, value = operand_of(op, args[0]), operand_of(op, args[2]), _number(args[3])
    if source is None or value is None or not isinstance(source.type, BufferType):
        return None
    if not is_index_buffer(index):
        return None
    sizes, rank = source.type.sizes(), len(source.type.sizes())
    dim = args[1].value.data + (rank if args[1].value.data < 0 else 0)
    expected = [1 if d == dim else s for d, s in enumerate(sizes)]
    if not 0 <= dim < rank or list(index.type.sizes()) != expected:
        return None
    element = source.type.element_type
    body = Body(sizes)
    coords = [0 if d == dim else index_symbol(f"i{d}") for d in range(rank)]
    wanted = wrapped_index(body, body.cast(body.load(index, coords), i64), sizes[dim])
    hit = body.add(arith.CmpiOp(wanted, body.index_value(index_symbol(f"i{dim}"), i64), "eq"))
    picked = body.add(arith.SelectOp(hit, body.constant(value, element), body.operand(source, element)))
    pointwise = body.pointwise(picked, element)
    return Lowered([pointwise], [pointwise.result])


def lower_full_like(op: aten.FallbackOp) -> Lowered | None:
    args, out = op.args.data, op.outputs[0].type
    fill = _number(args[1]) if len(args) == 2 else None
    source = operand_of(op, args[0]) if args else None
    if fill is None or source is None or not isinstance(source.type, BufferType) or "dtype" in op.kwargs.data:
        return None
    if not isinstance(out, TensorType):
        return None
    strides = out.stride_values()
    if strides is not None and tuple(strides) != tuple(contiguous_strides(out.sizes())):
        return None
    body = Body(source.type.sizes())
    pointwise = body.pointwise(body.constant(fill, source.type.element_type), source.type.element_type)
    return Lowered([pointwise], [pointwise.result])


SCATTER_LOWERINGS: dict[str, Callable[[aten.FallbackOp], Lowered | None]] = {
    "aten::scatter.value": lower_scatter_value,
    "aten::full_like.default": lower_full_like,
}
