"""Scatters that reduce with amax, amin or mean (REDUCE_SCATTERS): `scatter_reduce.two` with several values per
row (scatter.py lowers one per row) and `index_reduce`, both with include_self true or false.

amax / amin store with atomic max / min. Floats go through order-preserving integer keys (the IEEE bits, the
non-sign bits flipped below zero: integer order is float order, -0.0 below +0.0), NaN keyed as the largest
(amax) or smallest (amin) key so that it propagates as in eager; Triton's own float atomics compare bit
patterns, where a NaN's sign decides whether it wins. f16 and bf16 take f32 keys, f64 i64 keys; i32 and i64
compare themselves, narrower integers an i64 copy:

    %k = loop.pointwise ranges [5, 3] { ...self... keyed ... } : !loop.buffer<[5, 3], i32, ...>
    loop.pointwise ranges [4, 3] {                                     (without include_self: a store of
      ...                                                               the identity's key comes first)
      loop.store %key, %k[#loop.index<"3*t0 + i1">] scatter(%kw : i64) bounds [5] max : ...
    }
    %r = loop.pointwise ranges [5, 3] { ...the key of %k turned back into a float... }

mean is ATen's: a sum (an atomic add, into a wider copy for narrow types; without include_self the scattered
elements are zeroed first) and a count (1 for self with include_self, plus one per value), then
sum / max(count, 1) (floor division for integers, after the sum is rounded to the result's type).
An index out of range writes nothing (eager raises); bool stays an extern, and prod is a product reduction
before this pass (irc/decompositions_scatter.py).
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable
from typing import NamedTuple

from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr, StringAttr, i32, i64
from xdsl.ir import Attribute, Operation, SSAValue

from irc.dialects import loop
from irc.dialects.types import BufferType, IndexAttr, TensorType, element_type, element_type_name, is_float

from .body import Body, Lowered, declared_layout, index_symbol, linear_index
from .cat import finish, result_tensor
from .dtypes import compute_type
from .gather import _arg, is_index_buffer, operand_of
from .index_put import scatter_target
from .scatter_stores import _fits, _parts

Value = Callable[[Body, list], SSAValue]  # a stored value at a point of the scatter (its coordinates)


class Scatter(NamedTuple):
    """A pointwise over `ranges` sending each point to self's element at the point's coordinates with `dim`
    replaced by the (wrapped) index at `index_coords(point)`; `src` holds the values (at the point, but a 0-d
    src of a one-point scatter holds its only value)."""

    dim: int
    index: SSAValue
    ranges: list
    index_coords: Callable[[list], list]
    src: SSAValue

    def src_value(self, body: Body, coords: list, element: Attribute) -> SSAValue:
        """src at the point, as `element` (the result's type) in its compute type."""
        value = body.load(self.src, coords[: len(self.src.type.sizes())])
        return body.cast(body.cast(value, element), compute_type(element))

    def store(self, target: SSAValue, value: Value, combine: str | None) -> loop.PointwiseOp:
        sizes, strides = list(target.type.sizes()) or [1], list(target.type.stride_values()) or [1]
        body = Body(self.ranges)
        coords = [index_symbol(f"i{d}") for d in range(len(self.ranges))]
        index = body.cast(body.load(self.index, self.index_coords(coords)), i64)
        position = index  # scatter_reduce and index_reduce do not wrap negative indices, as eager
        written = body.cast(value(body, coords), target.type.element_type)
        place = (list(coords) or [0])[: len(sizes)]
        place[self.dim] = index_symbol("t0")
        flat = IndexAttr(linear_index(place, strides))
        bounds = [sizes[self.dim]]
        body.add(loop.StoreOp(written, target, flat, [position], bounds, combine=combine, checked=True))
        body.add(loop.YieldOp())
        return loop.PointwiseOp(self.ranges, body.ops)


def _over(out: TensorType, element: Attribute, value: Callable[[Body, list], SSAValue]) -> loop.PointwiseOp:
    """A pointwise over out's sizes (in its declared layout) yielding value(body, coords) as `element`."""
    body = Body(out.sizes())
    coords = [index_symbol(f"i{d}") for d in range(len(out.sizes()))]
    body.add(loop.YieldOp(body.cast(value(body, coords), element)))
    return loop.PointwiseOp(out.sizes(), body.ops, BufferType(out.sizes(), element, declared_layout(out)))


# -- amax / amin: keys ---------------------------------------------------------------------------------------

INT_LIMITS = {"i8": 8, "i16": 16, "i32": 32, "i64": 64}
KEY_TYPES = {"f16": "i32", "bf16": "i32", "f32": "i32", "f64": "i64", "i8": "i64", "i16": "i64", "ui8": "i64",
             "i32": "i32", "i64": "i64"}  # fmt: skip


class Keys(NamedTuple):
    """How the values of one result type become integers an atomic max / min orders as the values."""

    element: Attribute  # the result's type
    key: Attribute  # the keys' type
    kind: str  # "amax" or "amin"

    def encode(self, body: Body, value: SSAValue) -> SSAValue:
        """The key of a value (in the result's compute type)."""
        if not is_float(self.element):
            return body.cast(value, self.key)
        wide = element_type("f64") if element_type_name(self.key) == "i64" else element_type("f32")
        x = body.cast(value, wide)
        bits = body.add(arith.BitcastOp(x, self.key))
        flipped = body.add(arith.XOrIOp(bits, body.constant(self._max(), self.key)))
        negative = body.add(arith.CmpiOp(bits, body.constant(0, self.key), "slt"))
        key = body.add(arith.SelectOp(negative, flipped, bits))
        nan = body.add(arith.CmpfOp(x, x, "uno"))
        extreme = self._max() if self.kind == "amax" else -self._max()  # -max (a NaN too), not the lowest int
        return body.add(arith.SelectOp(nan, body.constant(extreme, self.key), key))

    def decode(self, body: Body, key: SSAValue) -> SSAValue:
        """The value of a key, in the result's compute type."""
        if not is_float(self.element):
            return body.cast(key, compute_type(self.element))
        wide = element_type("f64") if element_type_name(self.key) == "i64" else element_type("f32")
        flipped = body.add(arith.XOrIOp(key, body.constant(self._max(), self.key)))
        negative = body.add(arith.CmpiOp(key, body.constant(0, self.key), "slt"))
        bits = body.add(arith.SelectOp(negative, flipped, key))
        return body.cast(body.add(arith.BitcastOp(bits, wide)), compute_type(self.element))

    def identity(self, body: Body) -> SSAValue:
        """The key of the reduction's identity (eager's: -inf / inf, an integer type's lowest / largest)."""
        name = element_type_name(self.element)
        if is_float(self.element):
            return body.constant(self._float_key(float("-inf") if self.kind == "amax" else float("inf")), self.key)
        if name == "ui8":
            number = 0 if self.kind == "amax" else 255
        else:
            top = 2 ** (INT_LIMITS[name] - 1)
            number = -top if self.kind == "amax" else top - 1
        return self.encode(body, body.constant(number, self.element))

    def _float_key(self, number: float) -> int:
        """encode's key of a number that is no NaN, computed here."""
        wide = element_type_name(self.key) == "i64"
        bits = struct.unpack("<q" if wide else "<i", struct.pack("<d" if wide else "<f", number))[0]
        return bits ^ self._max() if bits < 0 else bits

    def _max(self) -> int:
        return 2 ** (INT_LIMITS[element_type_name(self.key)] - 1) - 1


def extreme(scatter: Scatter, source: SSAValue, out: TensorType, kind: str, include_self: bool) -> Lowered | None:
    """amax / amin: self's keys, the identity's key at scattered elements without include_self, the atomic
    max / min of the values' keys, then the values of the keys."""
    name = element_type_name(out.element_type)
    if name not in KEY_TYPES:
        return None
    keys = Keys(out.element_type, element_type(KEY_TYPES[name]), kind)
    element = out.element_type
    keyed = _over(out, keys.key, lambda body, _: keys.encode(body, body.operand(source, element)))
    target = keyed.result
    cleared = [] if include_self else [scatter.store(target, lambda body, _: keys.identity(body), None)]
    value = lambda body, coords: keys.encode(body, scatter.src_value(body, coords, element))  # noqa: E731
    stores = [*cleared, scatter.store(target, value, "max" if kind == "amax" else "min")]
    body = Body(out.sizes())
    coords = [index_symbol(f"i{d}") for d in range(len(out.sizes()))]
    result = finish(body, keys.decode(body, body.load(target, coords)), out)
    return Lowered([keyed, *stores, *result.ops], result.values)


# -- mean ----------------------------------------------------------------------------------------------------


def mean(scatter: Scatter, source: SSAValue, out: TensorType, include_self: bool) -> Lowered | None:
    """ATen's mean: the scattered sum over the count of values (plus self's one), at least 1."""
    copy = scatter_target(source, out, accumulate=True)
    if copy is None:
        return None
    element, total = out.element_type, copy.buffer
    zero = lambda body, _: body.constant(0, element)  # noqa: E731
    cleared = [] if include_self else [scatter.store(total, zero, None)]
    added = scatter.store(total, lambda body, coords: scatter.src_value(body, coords, element), "add")
    points = math.prod(n if isinstance(n, int) else 2**31 for n in scatter.ranges)
    counter = i32 if points < 2**31 else i64  # a count never wraps
    counts = _over(out, counter, lambda body, _: body.constant(1 if include_self else 0, counter))
    counted = scatter.store(counts.result, lambda body, _: body.constant(1, counter), "add")
    body = Body(out.sizes())
    coords = [index_symbol(f"i{d}") for d in range(len(out.sizes()))]
    summed = body.cast(body.cast(body.load(total, coords), element), compute_type(element))
    count = body.load(counts.result, coords)
    none = body.add(arith.CmpiOp(count, body.constant(0, counter), "eq"))
    count = body.cast(body.add(arith.SelectOp(none, body.constant(1, counter), count)), compute_type(element))
    divide = arith.DivfOp if is_float(element) else loop.FloordivOp
    result = finish(body, body.add(divide(summed, count)), out)
    ops: list[Operation] = [*copy.ops, *cleared, added, counts, counted, *result.ops]
    return Lowered(ops, result.values)


# -- the ops -------------------------------------------------------------------------------------------------


def _reduce(scatter: Scatter, source: SSAValue, op, reduce: Attribute | None, include: Attribute | None):
    out = result_tensor(op)
    if out is None or not isinstance(reduce, StringAttr) or not isinstance(include, IntegerAttr | None):
        return None
    include_self = include is None or bool(include.value.data)
    if reduce.data in ("amax", "amin"):
        return extreme(scatter, source, out, reduce.data, include_self)
    return mean(scatter, source, out, include_self) if reduce.data == "mean" else None


def lower_scatter_reduce(op) -> Lowered | None:
    """scatter_reduce.two(self, dim, index, src, reduce, include_self) with amax, amin or mean."""
    parts, src = _parts(op), operand_of(op, op.args.data[3]) if len(op.args.data) > 3 else None
    if parts is None or src is None or not isinstance(src.type, BufferType) or set(op.kwargs.data) - {"include_self", "reduce"}:
        return None
    source, dim, index = parts
    if not _fits(index, src):
        return None
    scatter = Scatter(dim, index, list(index.type.sizes()), lambda coords: coords, src)
    return _reduce(scatter, source, op, _arg(op, 4, "reduce"), _arg(op, 5, "include_self"))


def lower_index_reduce(op) -> Lowered | None:
    """index_reduce(self, dim, index, source, reduce, include_self): source's slice k along dim reduced into
    self's slice index[k]."""
    args = op.args.data
    source, index = (operand_of(op, args[0]), operand_of(op, args[2])) if len(args) > 3 else (None, None)
    src = operand_of(op, args[3]) if len(args) > 3 else None
    if source is None or src is None or not is_index_buffer(index) or not isinstance(args[1], IntegerAttr):
        return None
    if set(op.kwargs.data) - {"include_self"} or not isinstance(source.type, BufferType) or not isinstance(src.type, BufferType):
        return None
    sizes, src_sizes = list(source.type.sizes()) or [1], list(src.type.sizes()) or [1]  # 0-d: one element
    rank, (count,) = len(sizes), index.type.sizes() if len(index.type.sizes()) == 1 else (None,)
    dim = args[1].value.data + (rank if args[1].value.data < 0 else 0)
    if not 0 <= dim < rank or len(src_sizes) != rank or len(src.type.sizes()) != len(source.type.sizes()):
        return None
    if any(a != b for d, (a, b) in enumerate(zip(sizes, src_sizes)) if d != dim) or src_sizes[dim] != count:
        return None
    if 0 in src_sizes:
        return None
    scatter = Scatter(dim, index, src_sizes, lambda coords: [coords[dim]], src)
    return _reduce(scatter, source, op, _arg(op, 4, "reduce"), _arg(op, 5, "include_self"))


REDUCE_SCATTERS = {
    "aten::scatter_reduce.two": lower_scatter_reduce,
    "aten::index_reduce.default": lower_index_reduce,
}
