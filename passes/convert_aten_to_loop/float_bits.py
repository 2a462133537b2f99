"""Element bodies that read the bits of a float (BUILDERS rows of elementwise.py), exact where arithmetic
would round.

frexp's mantissa and exponent, as C's frexp gives them (x = m * 2^e, 0.5 <= |m| < 1):

    bits   = bitcast(x * 2^(p + 1) if x is subnormal else x)     p: the stored mantissa bits (23, 52)
    e      = ((bits >> p) & exponent mask) - (bias - 1)  [- (p + 1) for a subnormal x]
    m      = bitcast(bits with the exponent field set to bias - 1)
    and m = x, e = 0 for x = +-0, +-inf and NaN.

f16 and bf16 compute in f32, where their values are exact and normal, and their mantissas fit back.

nextafter(x, y) in f16 and bf16 steps the 16-bit pattern of x (as c10's half-precision nextafter does; f32 and
f64 use libdevice's): x + y where either is NaN, y where x == y, the smallest subnormal with y's sign where
x is 0, else the bits of x less one where |x| > |y| or the signs differ, plus one otherwise.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from xdsl.dialects import arith
from xdsl.dialects import math as mathd
from xdsl.dialects.builtin import f32, f64, i16, i32, i64
from xdsl.ir import Attribute, Operation, SSAValue

from irc.dialects import loop
from irc.dialects.types import TensorType

from .body import Body


class FloatLayout(NamedTuple):
    bits: Attribute  # the integer type of the same width
    mantissa: int  # stored mantissa bits
    bias: int
    smallest_normal: float


LAYOUTS = {f32: FloatLayout(i32, 23, 127, 2.0**-126), f64: FloatLayout(i64, 52, 1023, 2.0**-1022)}


class _Frexp(NamedTuple):
    mantissa: SSAValue
    exponent: SSAValue  # in the layout's integer type


def _frexp(body: Body, x: SSAValue) -> _Frexp:
    t = x.type
    f = LAYOUTS[t]
    c = lambda n: body.constant(n, f.bits)  # noqa: E731
    magnitude = body.add(mathd.AbsFOp(x))
    ordinary = body.add(arith.AndIOp(
        body.add(arith.CmpfOp(magnitude, body.constant(math.inf, t), "olt")),
        body.add(arith.CmpfOp(x, body.constant(0.0, t), "one")),
    ))  # fmt: skip
    subnormal = body.add(arith.CmpfOp(magnitude, body.constant(f.smallest_normal, t), "olt"))
    scaled = body.add(arith.MulfOp(x, body.constant(2.0 ** (f.mantissa + 1), t)))
    bits = body.add(arith.BitcastOp(body.add(arith.SelectOp(subnormal, scaled, x)), f.bits))
    field_mask = ((1 << (f.bits.width.data - 1 - f.mantissa)) - 1) << f.mantissa
    field = body.add(arith.AndIOp(body.add(arith.ShRSIOp(bits, c(f.mantissa))), c(field_mask >> f.mantissa)))
    exponent = body.add(arith.SubiOp(field, c(f.bias - 1)))
    shift = body.add(arith.SelectOp(subnormal, c(f.mantissa + 1), c(0)))
    exponent = body.add(arith.SubiOp(exponent, shift))
    cleared = body.add(arith.AndIOp(bits, c(~field_mask)))
    half = body.add(arith.OrIOp(cleared, c((f.bias - 1) << f.mantissa)))
    mantissa = body.add(arith.BitcastOp(half, t))
    return _Frexp(
        body.add(arith.SelectOp(ordinary, mantissa, x)), body.add(arith.SelectOp(ordinary, exponent, c(0)))
    )


def frexp_mantissa(body: Body, xs: Sequence[SSAValue], _: Operation) -> SSAValue:
    return _frexp(body, xs[0]).mantissa


def frexp_exponent(body: Body, xs: Sequence[SSAValue], _: Operation) -> SSAValue:
    return body.cast(_frexp(body, xs[0]).exponent, i32)


def nextafter(body: Body, xs: Sequence[SSAValue], op: Operation) -> SSAValue:
    result = op.results[0].type
    assert isinstance(result, TensorType)
    if result.element_type in (f32, f64):
        return body.add(loop.NextafterOp(*xs))
    return _half_nextafter(body, xs, result.element_type)


def _half_nextafter(body: Body, xs: Sequence[SSAValue], half: Attribute) -> SSAValue:
    x, y = xs
    t = x.type
    c = lambda n: body.constant(n, i16)  # noqa: E731
    bx, by = (body.add(arith.BitcastOp(body.cast(v, half), i16)) for v in xs)
    away = body.add(arith.CmpfOp(body.add(mathd.AbsFOp(x)), body.add(mathd.AbsFOp(y)), "ogt"))
    signs_differ = body.add(arith.CmpiOp(body.add(arith.XOrIOp(bx, by)), c(0), "slt"))
    down = body.add(arith.OrIOp(away, signs_differ))
    step = body.add(arith.AddiOp(bx, body.add(arith.SelectOp(down, c(-1), c(1)))))
    tiny = body.add(arith.OrIOp(body.add(arith.AndIOp(by, c(-(1 << 15)))), c(1)))
    at_zero = body.add(arith.CmpfOp(x, body.constant(0.0, t), "oeq"))
    bits = body.add(arith.SelectOp(at_zero, tiny, step))
    value = body.cast(body.add(arith.BitcastOp(bits, half)), t)
    value = body.add(arith.SelectOp(body.add(arith.CmpfOp(x, y, "oeq")), y, value))
    unordered = body.add(arith.CmpfOp(x, y, "uno"))
    return body.add(arith.SelectOp(unordered, body.add(arith.AddfOp(x, y)), value))
