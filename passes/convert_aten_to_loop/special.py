"""Element bodies of special functions that neither xDSL's math dialect nor libdevice has (BUILDERS rows of
elementwise.py), as ATen computes them (ATen's Math.h), without branches: digamma, trigamma (polygamma(1, x)),
i0e and i1e (Cephes' Chebyshev expansions) and spherical_bessel_j0.

    digamma(x) = copysign(inf, -x) = -1 / x                   at x = 0
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


class Scalars:
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


def _digamma_positive(s: Scalars, x: SSAValue) -> SSAValue:
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


def _pi_over_tan_pi(s: Scalars, x: SSAValue) -> SSAValue:
    """pi / tan(pi * frac(x)), in double precision as ATen computes it for every float type."""
    fraction = s.sub(x, s.body.add(mathd.TruncOp(x)))
    return s.div(s.c(math.pi), s.body.add(mathd.TanOp(s.mul(s.c(math.pi), fraction))))


def digamma(body: Body, xs: Sequence[SSAValue], _: Operation) -> SSAValue:
    x = xs[0]
    s = Scalars(body, x.type)
    zero, one = s.c(0.0), s.c(1.0)
    negative = s.cmp("olt", x, zero)
    whole = body.add(mathd.TruncOp(x))
    positive_side = s.select(negative, s.sub(one, x), x)
    value = _digamma_positive(s, positive_side)
    cotangent = body.cast(_pi_over_tan_pi(Scalars(body, f64), body.cast(x, f64)), x.type)
    value = s.select(negative, s.sub(value, cotangent), value)
    pole = body.add(arith.AndIOp(negative, s.cmp("oeq", x, whole)))
    value = s.select(pole, s.c(math.nan), value)
    at_zero = s.div(s.c(-1.0), x)  # copysign(inf, -x) without a negation: Triton's -x is 0 - x, +0 for +0
    return s.select(s.cmp("oeq", x, zero), at_zero, value)


SPHERICAL_J0_SERIES = (1 / 6227020800, -1 / 39916800, 1 / 362880, -1 / 5040, 1 / 120, -1 / 6, 1.0)


def spherical_bessel_j0(body: Body, xs: Sequence[SSAValue], _: Operation) -> SSAValue:
    """sin(x) / x; its Taylor series in x^2 for |x| < 0.5; 0 at +-inf."""
    x = xs[0]
    s = Scalars(body, x.type)
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
    s = Scalars(body, x.type)
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


# Cephes' Chebyshev coefficients of exp(-x) I0(x) on [0, 8] and of exp(-x) sqrt(x) I0(x) on [8, inf)
I0E_A = (
    -4.41534164647933937950e-18, 3.33079451882223809783e-17, -2.43127984654795469359e-16, 1.71539128555513303061e-15,
    -1.16853328779934516808e-14, 7.67618549860493561688e-14, -4.85644678311192946090e-13, 2.95505266312963983461e-12,
    -1.72682629144155570723e-11, 9.67580903537323691224e-11, -5.18979560163526290666e-10, 2.65982372468238665035e-9,
    -1.30002500998624804212e-8, 6.04699502254191894932e-8, -2.67079385394061173391e-7, 1.11738753912010371815e-6,
    -4.41673835845875056359e-6, 1.64484480707288970893e-5, -5.75419501008210370398e-5, 1.88502885095841655729e-4,
    -5.76375574538582365885e-4, 1.63947561694133579842e-3, -4.32430999505057594430e-3, 1.05464603945949983183e-2,
    -2.37374148058994688156e-2, 4.93052842396707084878e-2, -9.49010970480476444210e-2, 1.71620901522208775349e-1,
    -3.04682672343198398683e-1, 6.76795274409476084995e-1,
)  # fmt: skip
I0E_B = (
    -7.23318048787475395456e-18, -4.83050448594418207126e-18, 4.46562142029675999901e-17, 3.46122286769746109310e-17,
    -2.82762398051658348494e-16, -3.42548561967721913462e-16, 1.77256013305652638360e-15, 3.81168066935262242075e-15,
    -9.55484669882830764870e-15, -4.15056934728722208663e-14, 1.54008621752140982691e-14, 3.85277838274214270114e-13,
    7.18012445138366623367e-13, -1.79417853150680611778e-12, -1.32158118404477131188e-11, -3.14991652796324136454e-11,
    1.18891471078464383424e-11, 4.94060238822496958910e-10, 3.39623202570838634515e-9, 2.26666899049817806459e-8,
    2.04891858946906374183e-7, 2.89137052083475648297e-6, 6.88975834691682398426e-5, 3.36911647825569408990e-3,
    8.04490411014108831608e-1,
)  # fmt: skip


def chebyshev(s: Scalars, x: SSAValue, coefficients: Sequence[float]) -> SSAValue:
    """Cephes' chbevl: the Chebyshev series of `coefficients` at x (Clenshaw's recurrence)."""
    b0, b1, b2 = s.c(coefficients[0]), s.c(0.0), s.c(0.0)
    for coefficient in coefficients[1:]:
        b2, b1 = b1, b0
        b0 = s.add(s.sub(s.mul(x, b1), b2), s.c(coefficient))
    return s.mul(s.c(0.5), s.sub(b0, b2))


def i0e(body: Body, xs: Sequence[SSAValue], _: Operation) -> SSAValue:
    """exp(-|x|) I0(x): one expansion in |x| / 2 - 2 up to 8, the other in 32 / |x| - 2 (over sqrt|x|) above."""
    s = Scalars(body, xs[0].type)
    x = body.add(mathd.AbsFOp(xs[0]))
    near = chebyshev(s, s.sub(s.div(x, s.c(2.0)), s.c(2.0)), I0E_A)
    far = s.div(chebyshev(s, s.sub(s.div(s.c(32.0), x), s.c(2.0)), I0E_B), body.add(mathd.SqrtOp(x)))
    return s.select(s.cmp("ole", x, s.c(8.0)), near, far)


# Cephes' Chebyshev coefficients of exp(-x) I1(x) / x on [0, 8] and of exp(-x) sqrt(x) I1(x) on [8, inf); ATen's
# float version keeps the last 17 and 7 of them
I1E_A = (
    2.77791411276104639959e-18, -2.11142121435816608115e-17, 1.55363195773620046921e-16, -1.10559694773538630805e-15,
    7.60068429473540693410e-15, -5.04218550472791168711e-14, 3.22379336594557470981e-13, -1.98397439776494371520e-12,
    1.17361862988909016308e-11, -6.66348972350202774223e-11, 3.62559028155211703701e-10, -1.88724975172282928790e-9,
    9.38153738649577178388e-9, -4.44505912879632808065e-8, 2.00329475355213526229e-7, -8.56872026469545474066e-7,
    3.47025130813767847674e-6, -1.32731636560394358279e-5, 4.78156510755005422638e-5, -1.61760815825896745588e-4,
    5.12285956168575772895e-4, -1.51357245063125314899e-3, 4.15642294431288815669e-3, -1.05640848946261981558e-2,
    2.47264490306265168283e-2, -5.29459812080949914269e-2, 1.02643658689847095384e-1, -1.76416518357834055153e-1,
    2.52587186443633654823e-1,
)  # fmt: skip
I1E_B = (
    7.51729631084210481353e-18, 4.41434832307170791151e-18, -4.65030536848935832153e-17, -3.20952592199342395980e-17,
    2.96262899764595013876e-16, 3.30820231092092828324e-16, -1.88035477551078244854e-15, -3.81440307243700780478e-15,
    1.04202769841288027642e-14, 4.27244001671195135429e-14, -2.10154184277266431302e-14, -4.08355111109219731823e-13,
    -7.19855177624590851209e-13, 2.03562854414708950722e-12, 1.41258074366137813316e-11, 3.25260358301548823856e-11,
    -1.89749581235054123450e-11, -5.58974346219658380687e-10, -3.83538038596423702205e-9, -2.63146884688951950684e-8,
    -2.51223623787020892529e-7, -3.88256480887769039346e-6, -1.10588938762623716291e-4, -9.76109749136146840777e-3,
    7.78576235018280120474e-1,
)  # fmt: skip
I1E_FLOAT_TERMS = (17, 7)


def i1e(body: Body, xs: Sequence[SSAValue], _: Operation) -> SSAValue:
    """exp(-|x|) I1(x), odd: |x| times one expansion up to 8, the other over sqrt|x| above."""
    s = Scalars(body, xs[0].type)
    a, b = (I1E_A, I1E_B) if xs[0].type == f64 else (I1E_A[-I1E_FLOAT_TERMS[0] :], I1E_B[-I1E_FLOAT_TERMS[1] :])
    x = body.add(mathd.AbsFOp(xs[0]))
    near = s.mul(chebyshev(s, s.sub(s.div(x, s.c(2.0)), s.c(2.0)), a), x)
    far = s.div(chebyshev(s, s.sub(s.div(s.c(32.0), x), s.c(2.0)), b), body.add(mathd.SqrtOp(x)))
    value = s.select(s.cmp("ole", x, s.c(8.0)), near, far)
    return s.select(s.cmp("olt", xs[0], s.c(0.0)), s.sub(s.c(0.0), value), value)
