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
an atomic add of the element type: f32, f64, i32, i64; other types, boolean masks and values that are not a
buffer stay externs.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import Attribute

from irc.dialects import aten, loop
from irc.dialects.types import BufferType, IndexAttr, element_type_name

from .body import Body, Lowered, index_symbol, linear_index
from .cat import finish, result_tensor
from .gather import index_tensors, indexed_coords, indexed_shape, operand_of

ATOMIC_ADD_TYPES = ("f32", "f64", "i32", "i64")


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
    element = out.element_type
    if accumulate is None or (accumulate and element_type_name(element) not in ATOMIC_ADD_TYPES):
        return None
    source, indices = found
    sizes = list(out.sizes())
    copy_body = Body(sizes)
    copied = finish(copy_body, copy_body.operand(source, element), out)
    (target,) = copied.values
    shape = indexed_shape(sizes, indices)
    if any(n == 0 for n in shape):
        return copied
    body = Body(shape)
    coords, positions, bounds = indexed_coords(body, sizes, indices)
    value = body.cast(body.load_broadcast(values), element)
    flat = IndexAttr(linear_index(coords, target.type.stride_values()))
    body.add(loop.StoreOp(value, target, flat, positions, bounds, accumulate=accumulate))
    body.add(loop.YieldOp())
    scatter = loop.PointwiseOp(shape, body.ops)
    return Lowered([*copied.ops, scatter], [target])


INDEX_PUT_LOWERINGS: dict[str, Callable[[aten.FallbackOp], Lowered | None]] = {
    "aten::index_put.default": lower_index_put,
}
