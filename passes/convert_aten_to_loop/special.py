"""Element bodies of special functions that neither xDSL's math dialect nor libdevice has (BUILDERS rows of
elementwise.py), as ATen computes them (ATen's Math.h), without branches: digamma, trigamma (polygamma(1, x))
and spherical_bessel_j0.

    digamma(x) = copysign(inf, -x)                            at x = 0
               = nan                                          at negative integers (and -inf)
               = digamma(1 - x) - pi / tan(pi * frac(x))      for other x < 0 (reflection; the tangent in f64)
    and for x > 0: add -1/x and step x by 1 while x < 10 (ten steps at most, each a select), then
               = PSI_10                                       at x = 10
               = log(x) - 0.5 / x - z * A(z), z = 1 / x^2     (the asymptotic series) otherwise
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from xdsl.dialects import arith
from xdsl.dialects import math as mathd
from xdsl.dialects.builtin import f64
from xdsl.ir import Operation, SSAValue

from .body import Body

PSI_10 = 2.25175258906672110764
ASYMPTOTIC = (
    8.33333333333333333333e-2, -2.10927960927960927961e-2, 7.57575757575757575758e-3, -4.16666666666666666667e-3,
    3.96825396825396825397e-3, -8.33333333333333333333e-3, 8.33333333333333333333e-2,
)  # fmt: skip
RECURRENCE_STEPS = 10  # x > 0 reaches 10 within ten steps of 1


class _Scalars:
    """Scalar arithmetic on one float type inside a body."""

    def __init__(self, body: Body, t):
        self.body, self.t = body, t

    def c(self, number: float) -> SSAValue:
        return self.body.constant(number, self.t)

    def add(self, a, b):
        return self.body.add(arith.AddfOp(a, b))

    def sub(self, a, b):
        return self.body.add(arith.SubfOp(a, b))

    def mul(self, a, b):
        return self.body.add(arith.MulfOp(a, b))

    def div(self, a, b):
        return self.body.add(arith.DivfOp(a, b))

    def cmp(self, predicate: str, a, b):
        return self.body.add(arith.CmpfOp(a, b, predicate))

    def select(self, condition, a, b):
        return self.body.add(arith.SelectOp(condition, a, b))


def _digamma_positive(s: _Scalars, x: SSAValue) -> SSAValue:
    """digamma(x) for x > 0 (and +inf, NaN)."""
    ten, one, zero = s.c(10.0), s.c(1.0), s.c(0.0)
    shift = zero
    for _ in range(RECURRENCE_STEPS):
        below = s.cmp("olt", x, ten)
        shift = s.sub(shift, s.select(below, s.div(one, x), zero))
        x = s.select(below, s.add(x, one), x)
    z = s.div(one, s.mul(x, x))
    series = s.c(ASYMPTOTIC[0])
    for coefficient in ASYMPTOTIC[1:]:
        series = s.add(s.mul(series, z), s.c(coefficient))
    log = s.body.add(mathd.LogOp(x))
    asymptotic = s.sub(s.sub(log, s.div(s.c(0.5), x)), s.mul(z, series))
    at_ten = s.cmp("oeq", x, ten)
    return s.add(shift, s.select(at_ten, s.c(PSI_10), asymptotic))


def _pi_over_tan_pi(s: _Scalars, x: SSAValue) -> SSAValue:
    """pi / tan(pi * frac(x)), in double precision as ATen computes it for every float type."""
    fraction = s.sub(x, s.body.add(mathd.TruncOp(x)))
    return s.div(s.c(math.pi), s.body.add(mathd.TanOp(s.mul(s.c(math.pi), fraction))))


def digamma(body: Body, xs: Sequence[SSAValue], _: Operation) -> SSAValue:
    x = xs[0]
    s = _Scalars(body, x.type)
    zero, one = s.c(0.0), s.c(1.0)
    negative = s.cmp("olt", x, zero)
    whole = body.add(mathd.TruncOp(x))
    positive_side = s.select(negative, s.sub(one, x), x)
    value = _digamma_positive(s, positive_side)
    cotangent = body.cast(_pi_over_tan_pi(_Scalars(body, f64), body.cast(x, f64)), x.type)
    value = s.select(negative, s.sub(value, cotangent), value)
    pole = body.add(arith.AndIOp(negative, s.cmp("oeq", x, whole)))
    value = s.select(pole, s.c(math.nan), value)
    at_zero = body.add(mathd.CopySignOp(s.c(math.inf), s.body.add(arith.NegfOp(x))))
    return s.select(s.cmp("oeq", x, zero), at_zero, value)


SPHERICAL_J0_SERIES = (1 / 6227020800, -1 / 39916800, 1 / 362880, -1 / 5040, 1 / 120, -1 / 6, 1.0)


def spherical_bessel_j0(body: Body, xs: Sequence[SSAValue], _: Operation) -> SSAValue:
    """sin(x) / x; its Taylor series in x^2 for |x| < 0.5; 0 at +-inf."""
    x = xs[0]
    s = _Scalars(body, x.type)
    square = s.mul(x, x)
    series = s.c(SPHERICAL_J0_SERIES[0])
    for coefficient in SPHERICAL_J0_SERIES[1:]:
        series = s.add(s.mul(series, square), s.c(coefficient))
    ratio = s.div(body.add(mathd.SinOp(x)), x)
    magnitude = body.add(mathd.AbsFOp(x))
    value = s.select(s.cmp("olt", magnitude, s.c(0.5)), series, ratio)
    return s.select(s.cmp("oeq", magnitude, s.c(math.inf)), s.c(0.0), value)


TRIGAMMA_STEPS = 6


def trigamma(body: Body, xs: Sequence[SSAValue], _: Operation) -> SSAValue:
    """ATen's trigamma: below 0.5 the reflection pi^2 / sin^2(pi x) - trigamma(1 - x); six steps of
    1 / x^2, then the asymptotic series."""
    x = xs[0]
    s = _Scalars(body, x.type)
    one = s.c(1.0)
    reflected = s.cmp("olt", x, s.c(0.5))
    sine = body.add(mathd.SinOp(s.mul(s.c(math.pi), x)))
    result = s.select(reflected, s.sub(s.c(0.0), s.div(s.c(math.pi * math.pi), s.mul(sine, sine))), s.c(0.0))
    x = s.select(reflected, s.sub(one, x), x)
    for _ in range(TRIGAMMA_STEPS):
        result = s.add(result, s.div(one, s.mul(x, x)))
        x = s.add(x, one)
    ixx = s.div(one, s.mul(x, x))
    tail = s.sub(s.c(1 / 30), s.mul(ixx, s.c(1 / 42)))
    tail = s.mul(ixx, s.sub(s.c(1 / 6), s.mul(ixx, tail)))
    tail = s.add(s.add(one, s.div(one, s.mul(s.c(2.0), x))), tail)
    result = s.add(result, s.div(tail, x))
    return s.select(reflected, s.sub(s.c(0.0), result), result)
