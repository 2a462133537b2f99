"""`x[idx...] = v` and `x[idx...] += v` (aten::index_put.default, INDEX_PUT_LOWERINGS): a copy of x, then a
pointwise over the indexed shape (as `x[idx...]` reads it) that scatter-stores v into the copy at the
(wrapped) index values; with accumulate, atomically adds it (several points may reach one element):

    %c = loop.pointwise ranges [5, 3] { ... x ... } : !loop.buffer<[5, 3], f32, strides [3, 1]>
    loop.pointwise ranges [4, 3] {
      %k = loop.load %idx[#loop.index<"i0">] : ...               (wrapped: %k < 0 ? %k + 5 : %k)
      %v = loop.load %v[#loop.index<"3*i0 + i1">] : ...
      loop.store %v, %c[#loop.index<"3*t0 + i1">] scatter(%kw : i64) bounds [5] add : ...
      loop.yield
    }

An index out of range writes nothing (eager raises). Without accumulate, points writing one element write one
of their values (eager's CPU order writes the last; the same under Triton's interpreter). Accumulation needs
an atomic add: f32, f64, i32 and i64 add in place; f16, bf16 and narrow integers add into a wider copy (f32,
i64) that is rounded after (integer sums wrap alike); bool, boolean masks and values that are not a buffer stay
externs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import Attribute, Operation, SSAValue

from irc.dialects import aten, loop
from irc.dialects.types import BufferType, IndexAttr, TensorType, element_type, element_type_name

from .body import Body, Lowered, declared_layout, index_symbol, linear_index
from .cat import finish, result_tensor
from .gather import index_tensors, indexed_coords, indexed_shape, operand_of

ATOMIC_ADD_TYPES = ("f32", "f64", "i32", "i64")
# accumulation in a type without an atomic add runs in a wider one, then rounds (integer sums wrap alike)
WIDER = {"f16": "f32", "bf16": "f32", "i8": "i64", "i16": "i64", "ui8": "i64"}


class Target(NamedTuple):
    """The copy of self a scatter stores into, and the result made of it."""

    ops: list[Operation]
    buffer: SSAValue
    out: TensorType

    def result(self, stores: list[Operation]) -> Lowered:
        """The copy, the stores, then (for a wider copy) the rounding to the result's type."""
        if self.buffer.type.element_type == self.out.element_type:
            return Lowered([*self.ops, *stores], [self.buffer])
        body = Body(self.out.sizes())
        rounded = finish(body, body.load(self.buffer, [index_symbol(f"i{d}") for d in range(len(self.out.sizes()))]), self.out)
        return Lowered([*self.ops, *stores, *rounded.ops], rounded.values)


def scatter_target(source: SSAValue, out: TensorType, accumulate: bool) -> Target | None:
    """A copy of source in out's sizes and layout, in a type with an atomic add where the scatter accumulates."""
    element, name = out.element_type, element_type_name(out.element_type)
    if accumulate and name not in ATOMIC_ADD_TYPES:
        if name not in WIDER:
            return None
        element = element_type(WIDER[name])
    body = Body(out.sizes())
    body.add(loop.YieldOp(body.cast(body.operand(source, out.element_type), element)))
    copy = loop.PointwiseOp(out.sizes(), body.ops, BufferType(out.sizes(), element, declared_layout(out)))
    return Target([copy], copy.result, out)


def _flag(attr: Attribute | None) -> bool | None:
    if attr is None:
        return False
    return bool(attr.value.data) if isinstance(attr, IntegerAttr) else None


def lower_index_put(op: aten.FallbackOp) -> Lowered | None:
    args, out = op.args.data, result_tensor(op)
    found = index_tensors(op)
    values = operand_of(op, args[2]) if len(args) > 2 else None
    accumulate = _flag(op.kwargs.data.get("accumulate", args[3] if len(args) > 3 else None))
    if found is None or out is None or values is None or not isinstance(values.type, BufferType):
        return None
    source, indices = found
    copy = scatter_target(source, out, accumulate) if accumulate is not None else None
    if copy is None:
        return None
    sizes, target = list(out.sizes()), copy.buffer
    shape = indexed_shape(sizes, indices)
    if any(n == 0 for n in shape):
        return copy.result([])
    body = Body(shape)
    coords, positions, bounds = indexed_coords(body, sizes, indices)
    value = body.cast(body.cast(body.load_broadcast(values), out.element_type), target.type.element_type)
    flat = IndexAttr(linear_index(coords, target.type.stride_values()))
    body.add(loop.StoreOp(value, target, flat, positions, bounds, accumulate=accumulate))
    body.add(loop.YieldOp())
    return copy.result([loop.PointwiseOp(shape, body.ops)])


INDEX_PUT_LOWERINGS: dict[str, Callable[[aten.FallbackOp], Lowered | None]] = {
    "aten::index_put.default": lower_index_put,
}
