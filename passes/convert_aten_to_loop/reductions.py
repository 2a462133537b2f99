"""Reduction lowerings of convert-aten-to-loop, driven by the table REDUCTIONS.

`ranges` are the kept dims in order (size 1 for reduced dims with keepdim), `reduce` the reduced dims:

    %s = aten.sum %x dims = [1] : (!aten.tensor<[3, 9], f16, strides [9, 1]>) -> !aten.tensor<[3], f16>
  becomes (f16 accumulates in f32, then a pointwise casts down)
    %0 = loop.reduction sum ranges [3] reduce [9] {
      %1 = loop.load %x[#loop.index<"9*i0 + r0">] : ...   %2 = loop.cast %1 : f16 to f32   loop.yield %2 : f32
    } : !loop.buffer<[3], f32, strides [1]>
    %s = loop.pointwise ranges [3] { ... loop.cast %v : f32 to f16 ... } : !loop.buffer<[3], f16, ...>

mean is a sum and a pointwise divide; var/std a welford reduction (mean, m2, count) and a pointwise
m2 / max(count - correction, 0) (sqrt for std); max_dim/min_dim a max/min plus an argmax/argmin reduction;
hash_tensor an xor_sum reduction of the elements' bits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.dialects import arith
from xdsl.dialects import math as mathd
from xdsl.dialects.builtin import f64, i1, i64
from xdsl.ir import Attribute, Operation, SSAValue

from irc.dialects import aten, loop
from irc.dialects.aten_shapes import normalize_dims
from irc.dialects.types import BufferType, DimLike, is_float

from .body import Body, Lowered, broadcast_coords, buffer_operand, index_symbol
from .elementwise import result_element
from .dtypes import compute_type
from .views import product

# ---------------------------------------------------------------------------
# Iteration spaces
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ReducePlan:
    """How a reduction over `dims` of a buffer maps to ranges/reduce and the load coordinates."""

    ranges: list[DimLike]
    reduce: list[DimLike]
    coords: list[object]

    @staticmethod
    def of(sizes: Sequence[DimLike], dims: Sequence[int], keepdim: bool) -> ReducePlan:
        reduced = set(normalize_dims(dims, len(sizes))) if dims else set(range(len(sizes)))
        ranges: list[DimLike] = []
        reduce: list[DimLike] = []
        coords: list[object] = []
        for d, size in enumerate(sizes):
            if d in reduced:
                coords.append(index_symbol(f"r{len(reduce)}"))
                reduce.append(size)
                if keepdim:
                    ranges.append(1)
            else:
                coords.append(index_symbol(f"i{len(ranges)}"))
                ranges.append(size)
        return ReducePlan(ranges, reduce, coords)

    def body(self) -> Body:
        return Body(self.ranges, self.reduce)


def plan_of(op: Operation, dims: Sequence[int], keepdim: bool) -> ReducePlan:
    return ReducePlan.of(buffer_operand(op, op.input).sizes(), dims, keepdim)


def reduce_into(op: Operation, kind: str, semantic: Attribute, plan: ReducePlan) -> loop.ReductionOp:
    """A reduction of `kind` over the input read as `semantic`, in `semantic`'s compute type."""
    body = plan.body()
    value = body.cast(body.cast(body.load(op.input, plan.coords), semantic), compute_type(semantic))
    return body.reduction(kind, value)


def epilogue(
    ranges: Sequence[DimLike],
    buffers: Sequence[SSAValue],
    element: Attribute,
    compute: Callable[..., SSAValue],
) -> loop.PointwiseOp:
    """A pointwise over `ranges` computing `compute(body, *elements of buffers)` into `element`."""
    body = Body(ranges)
    values = [body.load(b, broadcast_coords(b.type.sizes(), len(ranges))) for b in buffers]
    return body.pointwise(compute(body, *values), element)


def finish(op: Operation, reduction: loop.ReductionOp, ranges: Sequence[DimLike]) -> Lowered:
    """The reduction's first result, cast to the aten result dtype by a pointwise when they differ."""
    element = result_element(op)
    result = reduction.results[0]
    if result.type.element_type == element:
        return Lowered([reduction], [result])
    cast = epilogue(ranges, [result], element, lambda body, v: v)
    return Lowered([reduction, cast], [cast.result])


# ---------------------------------------------------------------------------
# Lowerings
# ---------------------------------------------------------------------------


def simple(kind: str, semantic: str = "result") -> Callable[[Operation], Lowered]:
    """A single loop.reduction of `kind`, reading the input as the result dtype (or i1, or itself)."""

    def lower(op: aten.ReductionOp) -> Lowered:
        plan = plan_of(op, op.dim_list(), op.keeps_dims())
        t = {"result": result_element(op), "bool": i1, "input": op.input.type.element_type}[semantic]
        return finish(op, reduce_into(op, kind, t, plan), plan.ranges)

    return lower


def count_value(body: Body, plan: ReducePlan, t: Attribute) -> SSAValue:
    """The number of reduced elements, as a value of `t` (loop.index when symbolic)."""
    return body.index_value(product(plan.reduce), t)


def lower_mean(op: aten.ReductionOp) -> Lowered:
    plan = plan_of(op, op.dim_list(), op.keeps_dims())
    element = result_element(op)
    total = reduce_into(op, "sum", element, plan)

    def divide(body: Body, value: SSAValue) -> SSAValue:
        return body.add(arith.DivfOp(value, count_value(body, plan, element)))

    mean = epilogue(plan.ranges, [total.results[0]], element, divide)
    return Lowered([total, mean], [mean.result])


def variance(op: aten.ReductionOp, root: bool) -> Lowered:
    """welford, then m2 / max(count - correction, 0); sqrt of that for std."""
    plan = plan_of(op, op.dim_list(), op.keeps_dims())
    element = result_element(op)
    welford = reduce_into(op, "welford", element, plan)
    correction = op.correction.value.data

    def finish_variance(body: Body, m2: SSAValue, count: SSAValue) -> SSAValue:
        t = m2.type
        excess = body.add(arith.SubfOp(count, body.constant(correction, t)))
        dof = body.add(arith.MaximumfOp(excess, body.constant(0, t)))
        var = body.add(arith.DivfOp(m2, dof))
        return body.add(mathd.SqrtOp(var)) if root else var

    result = epilogue(plan.ranges, list(welford.results[1:]), element, finish_variance)
    return Lowered([welford, result], [result.result])


def lower_extreme_with_index(op: Operation, kind: str) -> Lowered:
    """max_dim/min_dim: the values (a max/min reduction) and their indices (argmax/argmin)."""
    plan = plan_of(op, [op.dim.value.data], bool(op.keepdim.value.data))
    element = op.input.type.element_type
    values = finish(op, reduce_into(op, kind, element, plan), plan.ranges)
    indices = reduce_into(op, f"arg{kind}", element, plan)
    return Lowered([*values.ops, indices], [values.values[0], indices.results[0]])


def lower_hash(op: aten.ReductionOp) -> Lowered:
    """hash_tensor: the xor of each element's 64 bits (a float's as f64, an integer's as i64, a bool's as 0 or 1)
    into an i64 buffer, whose storage the ui64 result reinterprets."""
    plan = plan_of(op, op.dim_list(), op.keeps_dims())
    body = plan.body()
    value = body.load(op.input, plan.coords)
    if is_float(value.type):
        value = body.add(arith.BitcastOp(body.cast(value, f64), i64))
    hashed = body.reduction("xor_sum", body.cast(value, i64))
    bits = hashed.results[0].type
    view = loop.ReinterpretOp(hashed, BufferType(bits.sizes(), result_element(op), bits.stride_values(), bits.offset_value()))
    return Lowered([hashed, view], [view.result])


REDUCTIONS: dict[str, Callable[[Operation], Lowered]] = {
    "sum": simple("sum"),
    "prod": simple("prod"),
    "amax": simple("max"),
    "amin": simple("min"),
    "any": simple("any", "bool"),
    "all": simple("all", "bool"),
    "argmax": simple("argmax", "input"),
    "argmin": simple("argmin", "input"),
    "mean": lower_mean,
    "var": lambda op: variance(op, root=False),
    "std": lambda op: variance(op, root=True),
    "hash_tensor": lower_hash,
}

REDUCTION_LOWERINGS: dict[type[Operation], Callable[[Operation], Lowered]] = {
    **{aten.REDUCTION_OPS[name].op: lower for name, lower in REDUCTIONS.items()},
    aten.MaxDimOp: lambda op: lower_extreme_with_index(op, "max"),
    aten.MinDimOp: lambda op: lower_extreme_with_index(op, "min"),
}
