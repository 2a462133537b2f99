"""Element bodies that read the bits of a float (BUILDERS rows of elementwise.py), exact where arithmetic
would round: frexp's mantissa and exponent, as C's frexp gives them (x = m * 2^e, 0.5 <= |m| < 1):

    bits   = bitcast(x * 2^(p + 1) if x is subnormal else x)     p: the stored mantissa bits (23, 52)
    e      = ((bits >> p) & exponent mask) - (bias - 1)  [- (p + 1) for a subnormal x]
    m      = bitcast(bits with the exponent field set to bias - 1)
    and m = x, e = 0 for x = +-0, +-inf and NaN.

f16 and bf16 compute in f32, where their values are exact and normal, and their mantissas fit back.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from xdsl.dialects import arith
from xdsl.dialects import math as mathd
from xdsl.dialects.builtin import f32, f64, i32, i64
from xdsl.ir import Attribute, Operation, SSAValue

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
    c = lambda n, ty=f.bits: body.constant(n, ty)  # noqa: E731
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
