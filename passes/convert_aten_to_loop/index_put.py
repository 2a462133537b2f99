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

A single boolean mask whose values do not vary over the selected positions (`x[mask] = 2.5`) needs no
positions at all: a pointwise select, mask ? v : x. An index out of range writes nothing (eager raises). Without accumulate, points writing one element write one
of their values (eager's CPU order writes the last; the same under Triton's interpreter). Accumulation needs
an atomic add: f32, f64, i32 and i64 add in place; f16, bf16 and narrow integers add into a wider copy (f32,
i64) that is rounded after (integer sums wrap alike); bool, boolean masks and values that are not a buffer stay
externs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from xdsl.dialects import arith
from xdsl.dialects.builtin import ArrayAttr, IntegerAttr, UnitAttr, i1
from xdsl.ir import Attribute, Operation, SSAValue

from irc.dialects import aten, loop
from irc.dialects.types import BufferType, IndexAttr, TensorType, element_type, element_type_name, is_bool, is_float

from .body import Body, Lowered, declared_layout, index_symbol, linear_index
from .cat import finish, result_tensor
from .dtypes import compute_type
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
    combine = "add" if accumulate else None
    body.add(loop.StoreOp(value, target, flat, positions, bounds, combine=combine, checked=True))
    body.add(loop.YieldOp())
    return copy.result([loop.PointwiseOp(shape, body.ops)])


def mask_put(op: aten.FallbackOp) -> tuple[SSAValue, int, SSAValue] | None:
    """(self, first masked dim, mask) of `x[..., mask] = v` with one boolean (or byte) mask over the dims it
    starts at, whatever else the index list holds being full slices before it."""
    args = op.args.data
    source = operand_of(op, args[0]) if len(args) >= 3 else None
    if source is None or not isinstance(source.type, BufferType) or not isinstance(args[1], ArrayAttr):
        return None
    entries = list(args[1].data)
    masks = [(d, operand_of(op, e)) for d, e in enumerate(entries) if not isinstance(e, UnitAttr)]
    if len(masks) != 1 or masks[0][1] is None or element_type_name(masks[0][1].type.element_type) not in ("i1", "ui8"):
        return None
    (dim, mask), sizes = masks[0], list(source.type.sizes())
    if list(mask.type.sizes()) != sizes[dim : dim + len(mask.type.sizes())] or dim + len(mask.type.sizes()) > len(sizes):
        return None
    return source, dim, mask


def lower_mask_put(op: aten.FallbackOp) -> Lowered | None:
    """`x[mask] = v` (+= with accumulate) where v does not vary along the selected positions (its size there is
    1): a pointwise select over x's shape, mask ? v : x (x + (mask ? v : 0)); no data-dependent shape."""
    found, out, args = mask_put(op), result_tensor(op), op.args.data
    values = operand_of(op, args[2]) if found is not None else None
    accumulate = _flag(op.kwargs.data.get("accumulate", args[3] if len(args) > 3 else None))
    if found is None or out is None or values is None or not isinstance(values.type, BufferType) or accumulate is None:
        return None
    source, dim, mask = found
    sizes, width = list(out.sizes()), len(mask.type.sizes())
    value_sizes = list(values.type.sizes())
    selected = dim + 1 + len(sizes) - dim - width  # the rank of x[mask]: the mask's dims become one
    lead = selected - len(value_sizes)
    if lead < 0 or (0 <= dim - lead < len(value_sizes) and value_sizes[dim - lead] != 1) or is_bool(out.element_type) and accumulate:
        return None
    body = Body(sizes)
    coords = [index_symbol(f"i{d}") for d in range(len(sizes))]
    hit = body.cast(body.load(mask, coords[dim : dim + width]), i1)
    x_dim = lambda p: p if p < dim else p - 1 + width  # noqa: E731 (a dim of x[mask] -> x's)
    value_coords = [0 if n == 1 else coords[x_dim(lead + j)] for j, n in enumerate(value_sizes)]
    element = out.element_type
    value = body.cast(body.cast(body.load(values, value_coords), element), compute_type(element))
    current = body.operand(source, element)
    if accumulate:
        zero = body.constant(0, element)
        added = body.add((arith.AddfOp if is_float(element) else arith.AddiOp)(current, body.add(arith.SelectOp(hit, value, zero))))
        return finish(body, added, out)
    return finish(body, body.add(arith.SelectOp(hit, value, current)), out)


INDEX_PUT_LOWERINGS: dict[str, Callable[[aten.FallbackOp], Lowered | None]] = {
    "aten::index_put.default": lambda op: lower_index_put(op) or lower_mask_put(op),
}
