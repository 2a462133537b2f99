"""Building loop bodies for convert-aten-to-loop: index math, broadcasting loads, casts and constants.

A `Body` collects the ops of one `loop.pointwise` / `loop.reduction` body over `ranges` (index variables
i0, i1, ...) and `reduce` (r0, r1, ...). Loads address a buffer by element offset, sum(coord_d * stride_d),
so any layout (a view's strides, a broadcast) is an index expression.

    body = Body(ranges=[3, 9])
    x = body.operand(%x, f32)                 # loop.load %x[#loop.index<"9*i0 + i1">], cast to f32
    %b = body.pointwise(body.add(arith.AddfOp(x, x)), f32)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, IntegerAttr, i64
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.utils.exceptions import PassFailedException

from irc.dialects import loop
from irc.dialects.loop_scalar import constant_op
from irc.dialects.types import BufferType, DimLike, IndexAttr, TensorType, attr_number, is_dense_permutation

from .dtypes import compute_type, number_in


class Lowered(NamedTuple):
    """What lowering one aten op gives: the new host-level ops, and the values replacing its results."""

    ops: list[Operation]
    values: list[SSAValue]


def index_symbol(name: str):
    from irc.dialects.sym import symbol

    return symbol(name)


def linear_index(coords: Sequence[object], strides: Sequence[DimLike]):
    """sum(coord_d * stride_d) as a sympy expression."""
    from irc.dialects.sym import linearize

    return linearize(coords, strides)


def broadcast_coords(sizes: Sequence[DimLike], out_rank: int) -> list[object]:
    """Coordinates of a right-aligned operand of `sizes` inside an iteration space of `out_rank` dims:
    index variable i(d + out_rank - rank) for each dim d, 0 for a size-1 dim (broadcast)."""
    lead = out_rank - len(sizes)
    return [0 if size == 1 else index_symbol(f"i{d + lead}") for d, size in enumerate(sizes)]


def constant_number(value: SSAValue) -> int | float | bool | None:
    """The Python number of a scalar made by arith.constant, else None."""
    op = value.owner
    if not isinstance(op, arith.ConstantOp) or not isinstance(op.value, IntegerAttr | FloatAttr):
        return None
    return attr_number(op.value)


Step = Callable[["Body", list[SSAValue]], "SSAValue | list[SSAValue]"]


class Body:
    """The ops of one loop body over `ranges` (i0, i1, ...) and `reduce` (r0, r1, ...)."""

    def __init__(self, ranges: Sequence[DimLike], reduce: Sequence[DimLike] = ()):
        self.ranges = list(ranges)
        self.reduce = list(reduce)
        self.ops: list[Operation] = []

    # -- emitting ------------------------------------------------------------

    def add(self, op: Operation) -> SSAValue:
        """Appends `op`; returns its (first) result."""
        self.ops.append(op)
        return op.results[0] if op.results else None  # type: ignore[return-value]

    def load(self, buffer: SSAValue, coords: Sequence[object]) -> SSAValue:
        """The element of `buffer` at `coords` (one per dim of the buffer)."""
        buffer_type = buffer.type
        assert isinstance(buffer_type, BufferType)
        return self.add(loop.LoadOp(buffer, IndexAttr(linear_index(coords, buffer_type.stride_values()))))

    def load_broadcast(self, buffer: SSAValue) -> SSAValue:
        """The element of `buffer` (right-aligned, size-1 dims broadcast) at the current point of `ranges`."""
        buffer_type = buffer.type
        assert isinstance(buffer_type, BufferType)
        return self.load(buffer, broadcast_coords(buffer_type.sizes(), len(self.ranges)))

    def cast(self, value: SSAValue, t: Attribute) -> SSAValue:
        """`value` converted to `t` (loop.cast), or `value` itself when it already has type `t`."""
        return value if value.type == t else self.add(loop.CastOp(value, t))

    def constant(self, number: int | float | bool, t: Attribute) -> SSAValue:
        """`number`, converted to `t` as PyTorch stores it, as a constant of `t`'s compute type."""
        return self.add(constant_op(number_in(number, t), compute_type(t)))

    def index_value(self, expr: object, t: Attribute) -> SSAValue:
        """An index expression (e.g. a symbolic size) as a value of the compute type of `t`."""
        if isinstance(expr, int) or getattr(expr, "is_Integer", False):
            return self.constant(int(expr), t)
        return self.cast(self.add(loop.IndexOp(IndexAttr(expr), i64)), compute_type(t))

    def operand(self, value: SSAValue, semantic: Attribute) -> SSAValue:
        """An aten operand (buffer or scalar) at the current point, as PyTorch sees it in dtype `semantic`,
        carried in `semantic`'s compute type (f16 -> f32, ...)."""
        number = constant_number(value)
        if number is not None:
            return self.constant(number, semantic)
        element = self.load_broadcast(value) if isinstance(value.type, BufferType) else value
        return self.cast(self.cast(element, semantic), compute_type(semantic))

    def iterate(self, inits: Sequence[SSAValue], condition: Step, step: Step) -> list[SSAValue]:
        """A loop.while over `inits`: `condition(body, values)` gives whether to go on (i1), `step(body,
        values)` the next values, each building its region in a Body of its own; returns the final values."""
        op, condition_block, step_block = loop.WhileOp.build(inits)
        regions = ((condition_block, condition, loop.ConditionOp), (step_block, step, loop.YieldOp))
        for block, build, terminator in regions:
            region = Body(self.ranges, self.reduce)
            result = build(region, list(block.args))
            region.add(terminator(*result) if isinstance(result, list) else terminator(result))
            block.add_ops(region.ops)
        self.add(op)
        return list(op.results)

    # -- finishing -----------------------------------------------------------

    def pointwise(self, value: SSAValue, element_type: Attribute) -> loop.PointwiseOp:
        """A loop.pointwise over `ranges` yielding `value` converted to `element_type` (contiguous result)."""
        result = self.cast(value, element_type)
        self.add(loop.YieldOp(result))
        return loop.PointwiseOp(self.ranges, self.ops, BufferType(self.ranges, element_type))

    def reduction(self, kind: str, value: SSAValue) -> loop.ReductionOp:
        """A loop.reduction of `kind` over `reduce`, for each point of `ranges`, of `value`."""
        self.add(loop.YieldOp(value))
        reduce = self.reduce or [1]  # a 0-d operand reduces over one element
        result_types = loop.reduction_result_types(kind, self.ranges, value.type)
        return loop.ReductionOp(kind, self.ranges, reduce, self.ops, result_types)


def buffer_operand(op: Operation, value: SSAValue) -> BufferType:
    """The buffer type of a tensor operand that was already lowered; fails clearly otherwise."""
    if not isinstance(value.type, BufferType):
        raise PassFailedException(
            f"{op.name}: operand of type {value.type} was not lowered to a !loop.buffer"
        )
    return value.type


def copy_to_contiguous(
    source: SSAValue, coords: Sequence[object], out_sizes: Sequence[DimLike]
) -> loop.PointwiseOp:
    """A pointwise over `out_sizes` reading `source` at `coords` (expressions of i0, i1, ...)."""
    body = Body(out_sizes)
    value = body.load(source, coords)
    return body.pointwise(value, value.type)


def declared_layout(out: TensorType) -> list[DimLike] | None:
    """The strides the aten type declares for the result (eager's), when they are a dense permutation of its
    sizes (static or symbolic); None (contiguous) otherwise. A result that leaves the graph (saved for the
    backward, say) must have the layout the graph after it was traced with."""
    strides, sizes = out.stride_values(), out.sizes()
    if strides is None:
        return None
    return list(strides) if is_dense_permutation(sizes, strides) else None
