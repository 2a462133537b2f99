"""Element bodies of the modified Bessel functions of the second kind and of Airy's Ai (BUILDERS rows of
elementwise.py), as ATen's Math.h computes them (Cephes' expansions), without branches:

    K0(x) = cheb(x^2 - 2, K0_A) - log(x / 2) I0(x)                      0 < x <= 2
          = exp(-x) cheb(8 / x - 2, K0_B) / sqrt(x)                      x > 2
    K1(x) = log(x / 2) I1(x) + cheb(x^2 - 2, K1_A) / x                   0 < x <= 2
          = exp(-x) cheb(8 / x - 2, K1_B) / sqrt(x)                      x > 2
    scaled_Kn(x) = exp(x) Kn(x) (the exponential left out above 2); inf at 0, NaN below 0, for all four.

I0 and I1 are ATen's modified_bessel_i0/i1: exp(x) times the Chebyshev series of i0e/i1e (every coefficient).

    Ai(x) = NaN at +-inf, 0 above 103.892
          = the asymptotic expansion in 1 / zeta, zeta = 2 x^(3/2) / 3,  x >= 2.09
          = the oscillating expansion in 1 / zeta (sin, cos),             x < -2.09
          = c1 f(x^3) - c2 x g(x^3), the Maclaurin series, term by term while a term moves f by more than
            the machine epsilon (AIRY_SERIES_STEPS unrolled, each later step a select that keeps the sums).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from xdsl.dialects import arith
from xdsl.dialects import math as mathd
from xdsl.dialects.builtin import f64
from xdsl.ir import Operation, SSAValue

from .body import Body
from .special import I0E_A, I1E_A, Scalars, chebyshev

# Cephes' Chebyshev coefficients of K0(x) + log(x / 2) I0(x) on (0, 2] and of exp(x) sqrt(x) K0(x) on (2, inf)
K0_A = (
    1.37446543561352307156e-16, 4.25981614279661018399e-14, 1.03496952576338420167e-11, 1.90451637722020886025e-09,
    2.53479107902614945675e-07, 2.28621210311945178607e-05, 1.26461541144692592338e-03, 3.59799365153615016266e-02,
    3.44289899924628486886e-01, -5.35327393233902768720e-01,
)  # fmt: skip
K0_B = (
    5.30043377268626276149e-18, -1.64758043015242134646e-17, 5.21039150503902756861e-17, -1.67823109680541210385e-16,
    5.51205597852431940784e-16, -1.84859337734377901440e-15, 6.34007647740507060557e-15, -2.22751332699166985548e-14,
    8.03289077536357521100e-14, -2.98009692317273043925e-13, 1.14034058820847496303e-12, -4.51459788337394416547e-12,
    1.85594911495471785253e-11, -7.95748924447710747776e-11, 3.57739728140030116597e-10, -1.69753450938905987466e-09,
    8.57403401741422608519e-09, -4.66048989768794782956e-08, 2.76681363944501510342e-07, -1.83175552271911948767e-06,
    1.39498137188764993662e-05, -1.28495495816278026384e-04, 1.56988388573005337491e-03, -3.14481013119645005427e-02,
    2.44030308206595545468e+00,
)  # fmt: skip
# of x K1(x) - x log(x / 2) I1(x) on (0, 2] and of exp(x) sqrt(x) K1(x) on (2, inf)
K1_A = (
    -7.02386347938628759343e-18, -2.42744985051936593393e-15, -6.66690169419932900609e-13, -1.41148839263352776110e-10,
    -2.21338763073472585583e-08, -2.43340614156596823496e-06, -1.73028895751305206302e-04, -6.97572385963986435018e-03,
    -1.22611180822657148235e-01, -3.53155960776544875667e-01, 1.52530022733894777053e+00,
)  # fmt: skip
K1_B = (
    -5.75674448366501715755e-18, 1.79405087314755922667e-17, -5.68946255844285935196e-17, 1.83809354436663880070e-16,
    -6.05704724837331885336e-16, 2.03870316562433424052e-15, -7.01983709041831346144e-15, 2.47715442448130437068e-14,
    -8.97670518232499435011e-14, 3.34841966607842919884e-13, -1.28917396095102890680e-12, 5.13963967348173025100e-12,
    -2.12996783842756842877e-11, 9.21831518760500529508e-11, -4.19035475934189648750e-10, 2.01504975519703286596e-09,
    -1.03457624656780970260e-08, 5.74108412545004946722e-08, -3.50196060308781257119e-07, 2.40648494783721712015e-06,
    -1.93619797416608296024e-05, 1.95215518471351631108e-04, -2.85781685962277938680e-03, 1.03923736576817238437e-01,
    2.72062619048444266945e+00,
)  # fmt: skip


def _i0(s: Scalars, x: SSAValue) -> SSAValue:
    """ATen's modified_bessel_i0 for 0 < x <= 8."""
    return s.mul(s.body.add(mathd.ExpOp(x)), chebyshev(s, s.sub(s.div(x, s.c(2.0)), s.c(2.0)), I0E_A))


def _i1(s: Scalars, x: SSAValue) -> SSAValue:
    """ATen's modified_bessel_i1 for 0 < x <= 8."""
    series = chebyshev(s, s.sub(s.div(x, s.c(2.0)), s.c(2.0)), I1E_A)
    return s.mul(s.mul(series, x), s.body.add(mathd.ExpOp(x)))


def _near(s: Scalars, x: SSAValue, order: int) -> SSAValue:
    """Kn(x) for 0 < x <= 2."""
    square = s.sub(s.mul(x, x), s.c(2.0))
    log = s.body.add(mathd.LogOp(s.mul(s.c(0.5), x)))
    if order == 0:
        return s.sub(chebyshev(s, square, K0_A), s.mul(log, _i0(s, x)))
    return s.add(s.mul(log, _i1(s, x)), s.div(chebyshev(s, square, K1_A), x))


def _far_scaled(s: Scalars, x: SSAValue, order: int) -> SSAValue:
    """exp(x) sqrt(x) Kn(x) for x > 2."""
    return chebyshev(s, s.sub(s.div(s.c(8.0), x), s.c(2.0)), K1_B if order else K0_B)


def _bessel_k(body: Body, x: SSAValue, order: int, scaled: bool) -> SSAValue:
    s = Scalars(body, x.type)
    exp = body.add(mathd.ExpOp(x))
    near = _near(s, x, order)
    root = body.add(mathd.SqrtOp(x))
    if scaled:
        near, far = s.mul(near, exp), s.div(_far_scaled(s, x, order), root)
    else:
        far = s.div(s.mul(body.add(mathd.ExpOp(s.sub(s.c(0.0), x))), _far_scaled(s, x, order)), root)
    value = s.select(s.cmp("ole", x, s.c(2.0)), near, far)
    value = s.select(s.cmp("olt", x, s.c(0.0)), s.c(math.nan), value)
    return s.select(s.cmp("oeq", x, s.c(0.0)), s.c(math.inf), value)


def modified_bessel_k0(body: Body, xs: Sequence[SSAValue], _: Operation) -> SSAValue:
    return _bessel_k(body, xs[0], 0, scaled=False)


def modified_bessel_k1(body: Body, xs: Sequence[SSAValue], _: Operation) -> SSAValue:
    return _bessel_k(body, xs[0], 1, scaled=False)


def scaled_modified_bessel_k0(body: Body, xs: Sequence[SSAValue], _: Operation) -> SSAValue:
    return _bessel_k(body, xs[0], 0, scaled=True)


def scaled_modified_bessel_k1(body: Body, xs: Sequence[SSAValue], _: Operation) -> SSAValue:
    return _bessel_k(body, xs[0], 1, scaled=True)


# Cephes' rational expansions of Ai: AN / AD above 2.09 (in 1 / zeta), AFN / AFD and AGN / AGD below -2.09
# (in 1 / zeta^2), highest power first
AIRY_AN = (
    3.46538101525629032477e-01, 1.20075952739645805542e+01, 7.62796053615234516538e+01, 1.68089224934630576269e+02,
    1.59756391350164413639e+02, 7.05360906840444183113e+01, 1.40264691163389668864e+01, 9.99999999999999995305e-01,
)  # fmt: skip
AIRY_AD = (
    5.67594532638770212846e-01, 1.47562562584847203173e+01, 8.45138970141474626562e+01, 1.77318088145400459522e+02,
    1.64234692871529701831e+02, 7.14778400825575695274e+01, 1.40959135607834029598e+01, 1.00000000000000000470e+00,
)  # fmt: skip
AIRY_AFN = (
    -1.31696323418331795333e-01, -6.26456544431912369773e-01, -6.93158036036933542233e-01, -2.79779981545119124951e-01,
    -4.91900132609500318020e-02, -4.06265923594885404393e-03, -1.59276496239262096340e-04, -2.77649108155232920844e-06,
    -1.67787698489114633780e-08,
)  # fmt: skip
AIRY_AFD = (
    1.33560420706553243746e+01, 3.26825032795224613948e+01, 2.67367040941499554804e+01, 9.18707402907259625840e+00,
    1.47529146771666414581e+00, 1.15687173795188044134e-01, 4.40291641615211203805e-03, 7.54720348287414296618e-05,
    4.51850092970580378464e-07,
)  # fmt: skip
AIRY_AGN = (
    1.97339932091685679179e-02, 3.91103029615688277255e-01, 1.06579897599595591108e+00, 9.39169229816650230044e-01,
    3.51465656105547619242e-01, 6.33888919628925490927e-02, 5.85804113048388458567e-03, 2.82851600836737019778e-04,
    6.98793669997260967291e-06, 8.11789239554389293311e-08, 3.41551784765923618484e-10,
)  # fmt: skip
AIRY_AGD = (
    9.30892908077441974853e+00, 1.98352928718312140417e+01, 1.55646628932864612953e+01, 5.47686069422975497931e+00,
    9.54293611618961883998e-01, 8.64580826352392193095e-02, 4.12656523824222607191e-03, 1.01259085116509135510e-04,
    1.17166733214413521882e-06, 4.91834570062930015649e-09,
)  # fmt: skip
INV_SQRT_PI = 5.64189583547756286948e-01
AIRY_C1, AIRY_C2 = 0.355028053887817239260, 0.258819403792806798405
AIRY_SERIES_STEPS = 20  # ATen's loop stops within 10 steps in f32 and 14 in f64 on [-2.09, 2.09)


def _horner(s: Scalars, x: SSAValue, coefficients: Sequence[float]) -> SSAValue:
    value = s.c(0.0)
    for coefficient in coefficients:
        value = s.add(s.mul(value, x), s.c(coefficient))
    return value


def _airy_negative(s: Scalars, x: SSAValue) -> SSAValue:
    """Ai(x) for x < -2.09."""
    sqrt = lambda v: s.body.add(mathd.SqrtOp(v))  # noqa: E731
    minus_x = s.sub(s.c(0.0), x)
    zeta = s.div(s.mul(s.mul(s.c(-2.0), x), sqrt(minus_x)), s.c(3.0))
    z = s.div(s.c(1.0), zeta)
    zz = s.mul(z, z)
    afn, afd, agn, agd = (_horner(s, zz, c) for c in (AIRY_AFN, AIRY_AFD, AIRY_AGN, AIRY_AGD))
    t = s.add(zeta, s.mul(s.c(0.25), s.c(math.pi)))
    sine = s.mul(s.body.add(mathd.SinOp(t)), s.add(s.c(1.0), s.div(s.mul(zz, afn), afd)))
    cosine = s.mul(s.body.add(mathd.CosOp(t)), s.div(s.mul(z, agn), agd))
    return s.mul(s.div(s.c(INV_SQRT_PI), sqrt(sqrt(minus_x))), s.sub(sine, cosine))


def _airy_positive(s: Scalars, x: SSAValue) -> SSAValue:
    """Ai(x) for x >= 2.09."""
    sqrt = lambda v: s.body.add(mathd.SqrtOp(v))  # noqa: E731
    zeta = s.div(s.mul(s.mul(s.c(2.0), x), sqrt(x)), s.c(3.0))
    inverse = s.div(s.c(1.0), zeta)
    ratio = s.div(_horner(s, inverse, AIRY_AN), _horner(s, inverse, AIRY_AD))
    scale = s.mul(s.mul(s.c(2.0), sqrt(sqrt(x))), s.body.add(mathd.ExpOp(zeta)))
    return s.div(s.mul(s.c(INV_SQRT_PI), ratio), scale)


def _airy_series(s: Scalars, x: SSAValue) -> SSAValue:
    """Ai(x) by its Maclaurin series, stopping where ATen's loop stops."""
    epsilon = s.c(2.0**-52 if x.type == f64 else 2.0**-23)  # the machine epsilon of the compute type
    f, g, m, n = s.c(1.0), x, s.c(1.0), x
    z = s.mul(s.mul(x, x), x)
    running = s.cmp("ogt", s.c(1.0), epsilon)
    for step in range(1, AIRY_SERIES_STEPS + 1):
        k = 3.0 * step
        next_m = s.div(s.div(s.mul(m, z), s.c(k - 1)), s.c(k))
        next_n = s.div(s.div(s.mul(n, z), s.c(k)), s.c(k + 1))
        next_f, next_g = s.add(f, next_m), s.add(g, next_n)
        t = s.body.add(mathd.AbsFOp(s.div(next_m, next_f)))
        m, n = s.select(running, next_m, m), s.select(running, next_n, n)
        f, g = s.select(running, next_f, f), s.select(running, next_g, g)
        running = s.body.add(arith.AndIOp(running, s.cmp("ogt", t, epsilon)))
    return s.sub(s.mul(s.c(AIRY_C1), f), s.mul(s.c(AIRY_C2), g))


def airy_ai(body: Body, xs: Sequence[SSAValue], _: Operation) -> SSAValue:
    x = xs[0]
    s = Scalars(body, x.type)
    value = s.select(s.cmp("oge", x, s.c(2.09)), _airy_positive(s, x), _airy_series(s, x))
    value = s.select(s.cmp("olt", x, s.c(-2.09)), _airy_negative(s, x), value)
    value = s.select(s.cmp("ogt", x, s.c(103.892)), s.c(0.0), value)
    infinite = s.cmp("oeq", body.add(mathd.AbsFOp(x)), s.c(math.inf))
    return s.select(infinite, s.c(math.nan), value)
