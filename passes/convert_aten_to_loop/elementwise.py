"""Elementwise lowerings of convert-aten-to-loop, driven by the tables UNARY and BINARY.

Both are made from the `loop` columns of dialects/elementwise.py. A `Scalar` says how one element is
computed: the dtype PyTorch reads the operands in (`operands`: the result dtype, the promoted operand dtype
for comparisons, i1 for logical ops, or the operand's own dtype), and one builder per category of the
computation type (float / int / bool): a scalar op applied to the operands, or one of BUILDERS below. A
builder receives the body, the operand values (already cast to the computation type) and the aten op, and
returns the element:

    %r = aten.add %x, %y : (!aten.tensor<[3, 9], f16>, !aten.tensor<[9], f16>) -> !aten.tensor<[3, 9], f16>
  becomes
    %r = loop.pointwise ranges [3, 9] {
      %0 = loop.load %x[#loop.index<"9*i0 + i1">] : ...   %1 = loop.cast %0 : f16 to f32
      %2 = loop.load %y[#loop.index<"i1">] : ...          %3 = loop.cast %2 : f16 to f32
      %4 = arith.addf %1, %3 : f32                        %5 = loop.cast %4 : f32 to f16
      loop.yield %5 : f16
    } : !loop.buffer<[3, 9], f16, strides [9, 1]>

Adding an op costs one row of dialects/elementwise.py.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.dialects import arith
from xdsl.dialects import math as mathd
from xdsl.dialects.builtin import i1, i64
from xdsl.irdl import IRDLOperation
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.utils.exceptions import PassFailedException

from irc.dialects import aten, loop
from irc.dialects.aten_format import number_value
from irc.dialects.elementwise import ELEMENTWISE
from irc.dialects.types import BufferType, IndexAttr, TensorType, is_bool, is_float

from .body import Body, Lowered, buffer_operand
from .dtypes import category, compute_type, element_of, result_type
from .float_bits import frexp_exponent, frexp_mantissa, nextafter
from .integer import gcd, lcm, shift_left, shift_right
from .polynomials import POLYNOMIAL_BUILDERS
from .igamma import igamma, igammac
from .zeta import zeta
from .special import digamma, i0e, i1e, spherical_bessel_j0, trigamma
from .special_bessel import (
    airy_ai,
    modified_bessel_k0,
    modified_bessel_k1,
    scaled_modified_bessel_k0,
    scaled_modified_bessel_k1,
)

Builder = Callable[[Body, Sequence[SSAValue], Operation], SSAValue]


@dataclass(frozen=True)
class Scalar:
    """How an elementwise op computes one element (see the module docstring)."""

    float: Builder | None = None
    int: Builder | None = None
    bool: Builder | None = None
    operands: str = "result"  # result | promoted | bool | self
    opmath_numbers: bool = False  # a Python-number operand is read in the compute type (ElementwiseRow)

    def builder(self, op: Operation, compute: Attribute) -> Builder:
        found = getattr(self, category(compute))
        if found is None:
            raise PassFailedException(f"{op.name}: no lowering for {category(compute)} operands ({compute})")
        return found


# ---------------------------------------------------------------------------
# Builder makers
# ---------------------------------------------------------------------------


def op(cls: type[Operation]) -> Builder:
    """A builder applying `cls` to the operands."""
    return lambda body, xs, _: body.add(cls(*xs))


def cmpf(predicate: str) -> Builder:
    return lambda body, xs, _: body.add(arith.CmpfOp(xs[0], xs[1], predicate))


def cmpi(predicate: str) -> Builder:
    return lambda body, xs, _: body.add(arith.CmpiOp(xs[0], xs[1], predicate))


def with_constant(cls: type[Operation], number: int | float | bool, constant_first: bool = False) -> Builder:
    """A builder applying binary `cls` to the operand and a constant (of the operand's type)."""

    def build(body: Body, xs: Sequence[SSAValue], _: Operation) -> SSAValue:
        c = body.constant(number, xs[0].type)
        return body.add(cls(c, xs[0]) if constant_first else cls(xs[0], c))

    return build


def identity(body: Body, xs: Sequence[SSAValue], _: Operation) -> SSAValue:
    return xs[0]


def false(body: Body, xs: Sequence[SSAValue], _: Operation) -> SSAValue:
    return body.constant(False, i1)


def sign(body: Body, xs: Sequence[SSAValue], _: Operation) -> SSAValue:
    """(0 < x) - (x < 0), in x's type (0 for NaN, as PyTorch)."""
    x, t = xs[0], xs[0].type
    zero = body.constant(0, t)
    greater, less = (cmpf("ogt"), cmpf("olt")) if is_float(t) else (cmpi("sgt"), cmpi("slt"))
    positive = body.cast(greater(body, [x, zero], _), t)
    negative = body.cast(less(body, [x, zero], _), t)
    return body.add((arith.SubfOp if is_float(t) else arith.SubiOp)(positive, negative))


def sigmoid(body: Body, xs: Sequence[SSAValue], _: Operation) -> SSAValue:
    return body.add(loop.SigmoidOp(xs[0]))


def silu(body: Body, xs: Sequence[SSAValue], _: Operation) -> SSAValue:
    return body.add(arith.MulfOp(xs[0], sigmoid(body, xs, _)))


def gelu(body: Body, xs: Sequence[SSAValue], source: Operation) -> SSAValue:
    """0.5 * x * (1 + erf(x / sqrt(2)));
    with approximate="tanh": 0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x^3)))."""
    x, t = xs[0], xs[0].type

    def mul(a: SSAValue, b: SSAValue) -> SSAValue:
        return body.add(arith.MulfOp(a, b))

    def const(number: float) -> SSAValue:
        return body.constant(number, t)

    if source.approximate.data == "tanh":
        cube = mul(mul(x, x), x)
        inner = body.add(arith.AddfOp(x, mul(const(0.044715), cube)))
        shape = body.add(mathd.TanhOp(mul(const(math.sqrt(2 / math.pi)), inner)))
    else:
        shape = body.add(mathd.ErfOp(mul(x, const(math.sqrt(0.5)))))
    return mul(mul(const(0.5), x), body.add(arith.AddfOp(const(1.0), shape)))


def divide(body: Body, xs: Sequence[SSAValue], source: Operation) -> SSAValue:
    """div with rounding_mode None (true division), "trunc" or "floor"."""
    mode = source.rounding_mode.data if source.rounding_mode is not None else None
    if mode == "floor":
        return body.add(loop.FloordivOp(*xs))
    if not is_float(xs[0].type):
        if mode is None:
            raise PassFailedException(f"{source.name}: true division must have a floating-point result")
        return body.add(arith.DivSIOp(*xs))
    quotient = body.add(arith.DivfOp(*xs))
    return body.add(mathd.TruncOp(quotient)) if mode == "trunc" else quotient


def neg(body: Body, xs: Sequence[SSAValue], source: Operation) -> SSAValue:
    """0 - x (integers; floats use arith.negf)."""
    return with_constant(arith.SubiOp, 0, constant_first=True)(body, xs, source)


def relu(body: Body, xs: Sequence[SSAValue], source: Operation) -> SSAValue:
    if is_float(xs[0].type):
        return with_constant(arith.MaximumfOp, 0.0)(body, xs, source)
    return with_constant(arith.MaxSIOp, 0)(body, xs, source)


def bitwise_not(body: Body, xs: Sequence[SSAValue], source: Operation) -> SSAValue:
    return with_constant(arith.XOrIOp, True if is_bool(xs[0].type) else -1)(body, xs, source)


def logical_not(body: Body, xs: Sequence[SSAValue], source: Operation) -> SSAValue:
    return with_constant(arith.XOrIOp, True)(body, xs, source)


def isnan(body: Body, xs: Sequence[SSAValue], source: Operation) -> SSAValue:
    return cmpf("uno")(body, [xs[0], xs[0]], source)


def is_negative(body: Body, xs: Sequence[SSAValue], source: Operation) -> SSAValue:
    return cmpi("slt")(body, [xs[0], body.constant(0, xs[0].type)], source)


def nan_ignoring(cls: type[Operation]) -> Builder:
    """fmax / fmin: `cls` (NaN-propagating) of two floats, the other operand where one is NaN."""

    def build(body: Body, xs: Sequence[SSAValue], source: Operation) -> SSAValue:
        a, b = xs
        both = body.add(cls(a, b))
        b_or_both = body.add(arith.SelectOp(isnan(body, [b], source), a, both))
        return body.add(arith.SelectOp(isnan(body, [a], source), b, b_or_both))

    return build


def angle(body: Body, xs: Sequence[SSAValue], source: Operation) -> SSAValue:
    """The argument of a real number: pi below 0, else 0 (NaN stays NaN)."""
    x, t = xs[0], xs[0].type
    below = cmpf("olt")(body, [x, body.constant(0.0, t)], source)
    turned = body.add(arith.SelectOp(below, body.constant(math.pi, t), body.constant(0.0, t)))
    return body.add(arith.SelectOp(isnan(body, [x], source), x, turned))


def reciprocal(body: Body, xs: Sequence[SSAValue], source: Operation) -> SSAValue:
    return with_constant(arith.DivfOp, 1.0, constant_first=True)(body, xs, source)


def ipow(body: Body, xs: Sequence[SSAValue], source: Operation) -> SSAValue:
    """Integer power as ATen's powi: square-and-multiply over every bit of the exponent (products wrap as
    eager's do); a negative exponent gives 1 for base 1, +-1 for base -1 (by the exponent's parity), else 0."""
    base, exponent = xs
    t = base.type
    c = lambda n: body.constant(n, t)  # noqa: E731
    result, power = c(1), base
    for bit in range(t.width.data):
        on = body.add(arith.AndIOp(body.add(arith.ShRSIOp(exponent, c(bit))), c(1)))
        result = body.add(arith.SelectOp(body.add(arith.CmpiOp(on, c(0), "ne")), body.add(arith.MuliOp(result, power)), result))
        power = body.add(arith.MuliOp(power, power))
    odd = body.add(arith.CmpiOp(body.add(arith.AndIOp(exponent, c(1))), c(0), "ne"))
    unit = body.add(arith.SelectOp(body.add(arith.CmpiOp(base, c(-1), "eq")), body.add(arith.SelectOp(odd, c(-1), c(1))), c(0)))
    unit = body.add(arith.SelectOp(body.add(arith.CmpiOp(base, c(1), "eq")), c(1), unit))
    return body.add(arith.SelectOp(body.add(arith.CmpiOp(exponent, c(0), "slt")), unit, result))


# the builders a row of dialects/elementwise.py names in its `loop` column (besides scalar op names)
BUILDERS: dict[str, Builder] = {
    "identity": identity, "false": false, "sign": sign, "silu": silu, "gelu": gelu, "divide": divide,
    "neg": neg, "relu": relu, "bitwise_not": bitwise_not, "logical_not": logical_not, "isnan": isnan,
    "reciprocal": reciprocal, "is_negative": is_negative, "digamma": digamma, "angle": angle,
    "spherical_bessel_j0": spherical_bessel_j0, "trigamma": trigamma, "i0e": i0e, "i1e": i1e,
    "fmax": nan_ignoring(arith.MaximumfOp), "fmin": nan_ignoring(arith.MinimumfOp), "ipow": ipow,
    "shift_left": shift_left, "shift_right": shift_right, "gcd": gcd, "lcm": lcm,
    "modified_bessel_k0": modified_bessel_k0, "modified_bessel_k1": modified_bessel_k1,
    "scaled_modified_bessel_k0": scaled_modified_bessel_k0, "scaled_modified_bessel_k1": scaled_modified_bessel_k1,
    "airy_ai": airy_ai, "frexp_mantissa": frexp_mantissa, "frexp_exponent": frexp_exponent, "nextafter": nextafter,
    **POLYNOMIAL_BUILDERS, "zeta": zeta, "igamma": igamma, "igammac": igammac,
}  # fmt: skip


def _scalar_op_classes() -> dict[str, type[IRDLOperation]]:
    return {op.name: op for dialect in (arith.Arith, mathd.Math, loop.Loop) for op in dialect.operations}


SCALAR_OP_CLASSES = _scalar_op_classes()


def builder_of(entry: str) -> Builder:
    """`math.exp` (apply the op), `arith.cmpf olt` (compare with a predicate) or a BUILDERS name."""
    name, _, predicate = entry.partition(" ")
    if predicate:
        return (cmpf if name == "arith.cmpf" else cmpi)(predicate)
    if "." in name:
        return op(SCALAR_OP_CLASSES[name])
    return BUILDERS[name]


def scalar_of(name: str) -> Scalar:
    row = ELEMENTWISE[name]
    builders = {category: builder_of(entry) for category, entry in row.loop.items()}
    return Scalar(**builders, operands=row.operands, opmath_numbers=row.opmath_numbers)


# ---------------------------------------------------------------------------
# Tables
# ---------------------------------------------------------------------------

UNARY: dict[str, Scalar] = {name: scalar_of(name) for name in aten.UNARY_OPS}
BINARY: dict[str, Scalar] = {name: scalar_of(name) for name in aten.BINARY_OPS}

# ---------------------------------------------------------------------------
# Lowerings
# ---------------------------------------------------------------------------


def result_element(op: Operation, index: int = 0) -> Attribute:
    t = op.results[index].type
    assert isinstance(t, TensorType)
    return t.element_type


def result_sizes(op: Operation, index: int = 0) -> tuple:
    t = op.results[index].type
    assert isinstance(t, TensorType)
    return t.sizes()


def semantic_types(rule: str, op: Operation, operands: Sequence[SSAValue]) -> list[Attribute]:
    """The dtype PyTorch reads each operand in, by a row's `operands` rule."""
    if rule == "result":
        return [result_element(op)] * len(operands)
    if rule == "promoted":
        return [result_type([v.type for v in operands])] * len(operands)
    if rule == "bool":
        return [i1] * len(operands)
    return [element_of(v.type) for v in operands]


def is_number(value: SSAValue) -> bool:
    """A Python-number operand: a constant, or a scalar the graph computes (a size, a SymFloat)."""
    return not isinstance(value.type, TensorType | BufferType)


def check_operands(op: Operation, operands: Sequence[SSAValue]) -> None:
    for value in operands:
        if isinstance(value.type, TensorType):
            buffer_operand(op, value)


def lower_elementwise(op: Operation, row: Scalar, operands: Sequence[SSAValue]) -> Lowered:
    """One loop.pointwise over the result shape computing `row` on the (broadcast) operands."""
    check_operands(op, operands)
    body = Body(result_sizes(op))
    semantic = semantic_types(row.operands, op, operands)
    compute = compute_type(semantic[0])
    if row.opmath_numbers and category(compute) == "float":
        semantic = [compute if is_number(v) else t for v, t in zip(operands, semantic)]
    values = [body.operand(v, t) for v, t in zip(operands, semantic)]
    element = row.builder(op, compute)(body, values, op)
    pointwise = body.pointwise(element, result_element(op))
    return Lowered([pointwise], [pointwise.result])


def table_lowering(row: Scalar) -> Callable[[Operation], Lowered]:
    return lambda op: lower_elementwise(op, row, op.operands)


def lower_where(op: aten.WhereOp) -> Lowered:
    check_operands(op, op.operands)
    body = Body(result_sizes(op))
    condition = body.operand(op.condition, i1)
    if_true, if_false = (body.operand(v, result_element(op)) for v in (op.if_true, op.if_false))
    pointwise = body.pointwise(body.add(arith.SelectOp(condition, if_true, if_false)), result_element(op))
    return Lowered([pointwise], [pointwise.result])


def lower_clamp(op: aten.ClampOp) -> Lowered:
    """max(x, min) then min(., max), NaN-propagating like PyTorch."""
    check_operands(op, op.operands)
    body = Body(result_sizes(op))
    element = result_element(op)
    value = body.operand(op.input, element)
    compute = compute_type(element)
    for bound, row in ((op.min, BINARY["maximum"]), (op.max, BINARY["minimum"])):
        if bound is not None:
            value = row.builder(op, compute)(body, [value, body.operand(bound, element)], op)
    pointwise = body.pointwise(value, element)
    return Lowered([pointwise], [pointwise.result])


def lower_convert(op: aten.ConvertOp) -> Lowered:
    body = Body(result_sizes(op))
    buffer_operand(op, op.input)
    pointwise = body.pointwise(body.load_broadcast(op.input), result_element(op))
    return Lowered([pointwise], [pointwise.result])


# ---------------------------------------------------------------------------
# Creation
# ---------------------------------------------------------------------------


def lower_full(op: aten.FullOp) -> Lowered:
    body = Body(result_sizes(op))
    element = result_element(op)
    if op.fill is not None:
        value = body.operand(op.fill, element)
    else:
        value = body.constant(number_value(op.value), element)
    pointwise = body.pointwise(value, element)
    return Lowered([pointwise], [pointwise.result])


def lower_arange(op: aten.ArangeOp) -> Lowered:
    """start + i0 * step, in f64 when anything is floating point (as PyTorch's CPU kernel), else in i64."""
    from xdsl.dialects.builtin import f64

    body = Body(result_sizes(op))
    element = result_element(op)
    start, step = number_value(op.start), number_value(op.step)
    floating = is_float(element) or isinstance(start, float) or isinstance(step, float)
    t = f64 if floating else i64
    position = body.cast(body.add(loop.IndexOp(IndexAttr("i0"), i64)), t)
    scaled = body.add((arith.MulfOp if floating else arith.MuliOp)(position, body.constant(step, t)))
    value = body.add((arith.AddfOp if floating else arith.AddiOp)(body.constant(start, t), scaled))
    pointwise = body.pointwise(value, element)
    return Lowered([pointwise], [pointwise.result])


def lower_empty(op: aten.EmptyOp) -> Lowered:
    """Any contents will do: zeros."""
    body = Body(result_sizes(op))
    element = result_element(op)
    pointwise = body.pointwise(body.constant(0, element), element)
    return Lowered([pointwise], [pointwise.result])


ELEMENTWISE_LOWERINGS: dict[type[Operation], Callable[[Operation], Lowered]] = {
    **{aten.UNARY_OPS[name].op: table_lowering(row) for name, row in UNARY.items()},
    **{aten.BINARY_OPS[name].op: table_lowering(row) for name, row in BINARY.items()},
    aten.WhereOp: lower_where,
    aten.ClampOp: lower_clamp,
    aten.ConvertOp: lower_convert,
    aten.FullOp: lower_full,
    aten.ArangeOp: lower_arange,
    aten.EmptyOp: lower_empty,
}
