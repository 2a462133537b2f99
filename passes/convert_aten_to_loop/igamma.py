"""The regularized incomplete gamma functions igamma(a, x) = P(a, x) and igammac(a, x) = Q(a, x) (BUILDERS rows
of elementwise.py) as ATen's Math.h computes them (calc_igamma / calc_igammac, from Cephes and SciPy), in the
operands' compute type (f32 for f32, f16 and bf16; f64 for f64) with Math.h's constants of that type:

    boundaries: NaN for a < 0 or x < 0; a == 0: x > 0 gives P = 1 (Q = 0), else NaN; x == 0: P = 0 (Q = 1);
      a infinite: NaN where x is too, else P = 0; x infinite: P = 1
    a ~ x with a large (20 < a < 200 and |x - a| / a < 0.3, or a > 200 and |x - a| / a < 4.5 / sqrt(a)):
      the uniform asymptotic expansion (DLMF 8.12.3/8.12.4, its 25x25 coefficients in igamma_table.py)
    P: 1 - Q where x > 1 and x > a, else the power series (DLMF 8.11.4)
    Q: for x > 1.1: 1 - P's series where x < a, else the continued fraction (DLMF 8.9.2); for x <= 0.5:
      1 - P's series where -0.4 / log(x) < a, else the series of DLMF 8.7.3; otherwise 1 - P's series where
      1.1 x < a, else that series

Every element computes each candidate and selects its own; each series and the continued fraction is a
loop.while that runs only for the elements that take it, up to Math.h's 2000 steps, stopping as Math.h does.
The expansion's sums are unrolled (their coefficients are constants): each c_k sums all 25 of its terms,
where Math.h stops once a term is below MACHEP times the sum (the rest are smaller still), and the sum over k
stops as Math.h's does. Math.h compares some f32 values with double literals (x > 1.1) and computes the
expansion's last factor in double: so do these.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.dialects import arith
from xdsl.dialects import math as mathd
from xdsl.dialects.builtin import f64, i1, i64
from xdsl.ir import Operation, SSAValue

from irc.dialects.loop_scalar import SCALAR_OP_CLASSES
from irc.dialects.types import element_type_name

from .body import Body
from .igamma_table import D
from .special import Scalars

MAXITER = 2000
LANCZOS_G = 6.024680040776729583740234375
EXP1 = 2.718281828459045
PI_F32 = 3.1415927410125732  # c10::pi<float>, as Math.h's last factor uses it for every type
LANCZOS_NUM = (
    0.006061842346248906525783753964555936883222, 0.5098416655656676188125178644804694509993,
    19.51992788247617482847860966235652136208, 449.9445569063168119446858607650988409623,
    6955.999602515376140356310115515198987526, 75999.29304014542649875303443598909137092,
    601859.6171681098786670226533699352302507, 3481712.15498064590882071018964774556468,
    14605578.08768506808414169982791359218571, 43338889.32467613834773723740590533316085,
    86363131.28813859145546927288977868422342, 103794043.1163445451906271053616070238554,
    56906521.91347156388090791033559122686859,
)  # fmt: skip
LANCZOS_DENOM = (
    1.0, 66.0, 1925.0, 32670.0, 357423.0, 2637558.0, 13339535.0, 45995730.0, 105258076.0, 150917976.0,
    120543840.0, 39916800.0, 0.0,
)  # fmt: skip


@dataclass(frozen=True)
class Limits:
    """Math.h's per-type constants."""

    machep: float
    maxlog: float
    big: float
    biginv: float


LIMITS = {
    "f32": Limits(5.9604644775390625e-8, 88.72283905206835, 16777216.0, 5.9604644775390625e-8),
    "f64": Limits(1.11022302462515654042e-16, 7.09782712893383996843e2, 4.503599627370496e15,
                  2.22044604925031308085e-16),
}  # fmt: skip


class Igamma(Scalars):
    """Scalars of one compute type with the boolean helpers and Math.h's limits of that type."""

    def __init__(self, body: Body, t):
        super().__init__(body, t)
        self.limits = LIMITS[element_type_name(t)]

    def true(self) -> SSAValue:
        return self.body.constant(1, i1)

    def not_(self, v: SSAValue) -> SSAValue:
        return self.body.add(arith.XOrIOp(v, self.true()))

    def and_(self, *vs: SSAValue) -> SSAValue:
        out = vs[0]
        for v in vs[1:]:
            out = self.body.add(arith.AndIOp(out, v))
        return out

    def or_(self, *vs: SSAValue) -> SSAValue:
        out = vs[0]
        for v in vs[1:]:
            out = self.body.add(arith.OrIOp(out, v))
        return out

    def fn(self, name: str, v: SSAValue) -> SSAValue:
        """A math dialect function (`log`, `exp`, ...) or a loop scalar op (`loop.lgamma`, `loop.erfc`)."""
        if name.startswith("loop."):
            return self.body.add(SCALAR_OP_CLASSES[name.removeprefix("loop.")](v))
        op = {"log": mathd.LogOp, "exp": mathd.ExpOp, "sqrt": mathd.SqrtOp, "abs": mathd.AbsFOp,
              "log1p": mathd.Log1pOp, "expm1": mathd.ExpM1Op}[name]  # fmt: skip
        return self.body.add(op(v))

    def wide_cmp(self, predicate: str, a: SSAValue, b: SSAValue) -> SSAValue:
        """A comparison in f64 (a float compared with a double literal or product in Math.h)."""
        return self.body.add(arith.CmpfOp(self.body.cast(a, f64), self.body.cast(b, f64), predicate))

    def horner(self, y: SSAValue, coefficients: Sequence[float]) -> SSAValue:
        value = self.c(coefficients[0])
        for coefficient in coefficients[1:]:
            value = self.add(self.mul(value, y), self.c(coefficient))
        return value


def _lanczos_sum_expg_scaled(s: Igamma, a: SSAValue) -> SSAValue:
    """Math.h's ratevl of the Lanczos sums: in 1/a (coefficients reversed) for |a| > 1, else in a."""
    inverse = s.div(s.c(1.0), a)
    large = s.div(s.horner(inverse, LANCZOS_NUM[::-1]), s.horner(inverse, LANCZOS_DENOM[::-1]))
    small = s.div(s.horner(a, LANCZOS_NUM), s.horner(a, LANCZOS_DENOM))
    return s.select(s.cmp("ogt", s.fn("abs", a), s.c(1.0)), large, small)


def _fac(s: Igamma, a: SSAValue, x: SSAValue) -> SSAValue:
    """x^a exp(-x) / gamma(a) (Math.h's _igam_helper_fac)."""
    far = s.wide_cmp("ogt", s.fn("abs", s.sub(a, x)), s.body.add(arith.MulfOp(s.body.constant(0.4, f64),
                                                                             s.body.cast(s.fn("abs", a), f64))))
    ax = s.sub(s.sub(s.mul(a, s.fn("log", x)), x), s.fn("loop.lgamma", a))
    far_value = s.select(s.cmp("olt", ax, s.c(-s.limits.maxlog)), s.c(0.0), s.fn("exp", ax))
    fac = s.sub(s.add(a, s.c(LANCZOS_G)), s.c(0.5))
    res = s.div(s.fn("sqrt", s.div(fac, s.c(EXP1))), _lanczos_sum_expg_scaled(s, a))
    power = s.body.add(mathd.PowFOp(s.div(x, fac), a))
    small = s.mul(res, s.mul(s.fn("exp", s.sub(a, x)), power))
    numfac = s.div(s.add(s.sub(s.sub(x, a), s.c(LANCZOS_G)), s.c(0.5)), fac)
    exponent = s.add(s.mul(a, s.sub(s.fn("log1p", numfac), numfac)), s.div(s.mul(x, s.c(0.5 - LANCZOS_G)), fac))
    large = s.mul(res, s.fn("exp", exponent))
    below = s.and_(s.cmp("olt", a, s.c(200.0)), s.cmp("olt", x, s.c(200.0)))
    return s.select(far, far_value, s.select(below, small, large))


def _loop(s: Igamma, use: SSAValue, inits: list[SSAValue], step) -> list[SSAValue]:
    """A loop.while over (count, done, *inits) for the elements where `use` holds, at most MAXITER steps;
    `step(t, values)` gives the next values and whether they finish."""

    def going(body: Body, values: list[SSAValue]) -> SSAValue:
        t = Igamma(body, s.t)
        early = body.add(arith.CmpiOp(values[0], body.constant(MAXITER, i64), "slt"))
        return t.and_(early, t.not_(values[1]), use)

    def next_values(body: Body, values: list[SSAValue]) -> list[SSAValue]:
        t = Igamma(body, s.t)
        new, done = step(t, values[2:])
        return [body.add(arith.AddiOp(values[0], body.constant(1, i64))), done, *new]

    inits = [s.body.constant(0, i64), s.body.constant(0, i1), *inits]
    return s.body.iterate(inits, going, next_values)[2:]


def _series(s: Igamma, a: SSAValue, x: SSAValue, ax: SSAValue, use: SSAValue) -> SSAValue:
    """P by its power series (Math.h's _igam_helper_series)."""

    def step(t: Igamma, values):
        r, c, ans = values
        r = t.add(r, t.c(1.0))
        c = t.mul(c, t.div(x, r))
        ans = t.add(ans, c)
        return [r, c, ans], t.cmp("ole", c, t.mul(t.c(t.limits.machep), ans))

    zero = s.cmp("oeq", ax, s.c(0.0))
    _, _, ans = _loop(s, s.and_(use, s.not_(zero)), [a, s.c(1.0), s.c(1.0)], step)
    return s.select(zero, s.c(0.0), s.div(s.mul(ans, ax), a))


def _upper_series(s: Igamma, a: SSAValue, x: SSAValue, use: SSAValue) -> SSAValue:
    """Q by the series of DLMF 8.7.3 (Math.h's _igamc_helper_series)."""

    def step(t: Igamma, values):
        n, fac, total = values
        fac = t.mul(fac, t.div(t.sub(t.c(0.0), x), n))
        term = t.div(fac, t.add(a, n))
        total = t.add(total, term)
        done = t.cmp("ole", t.fn("abs", term), t.mul(t.c(t.limits.machep), t.fn("abs", total)))
        return [t.add(n, t.c(1.0)), fac, total], done

    _, _, total = _loop(s, use, [s.c(1.0), s.c(1.0), s.c(0.0)], step)
    logx = s.fn("log", x)
    head = s.sub(s.c(0.0), s.fn("expm1", s.sub(s.mul(a, logx), s.fn("loop.lgamma", s.add(s.c(1.0), a)))))
    return s.sub(head, s.mul(s.fn("exp", s.sub(s.mul(a, logx), s.fn("loop.lgamma", a))), total))


def _continued_fraction(s: Igamma, a: SSAValue, x: SSAValue, ax: SSAValue, use: SSAValue) -> SSAValue:
    """Q by its continued fraction (Math.h's _igamc_helper_continued_fraction)."""

    def step(t: Igamma, values):
        c, y, z, pkm1, pkm2, qkm1, qkm2, ans = values
        c, y, z = t.add(c, t.c(1.0)), t.add(y, t.c(1.0)), t.add(z, t.c(2.0))
        yc = t.mul(y, c)
        pk = t.sub(t.mul(pkm1, z), t.mul(pkm2, yc))
        qk = t.sub(t.mul(qkm1, z), t.mul(qkm2, yc))
        nonzero = t.cmp("une", qk, t.c(0.0))
        r = t.div(pk, qk)
        change = t.select(nonzero, t.fn("abs", t.div(t.sub(ans, r), r)), t.c(1.0))
        ans = t.select(nonzero, r, ans)
        scale = t.select(t.cmp("ogt", t.fn("abs", pk), t.c(t.limits.big)), t.c(t.limits.biginv), t.c(1.0))
        shifted = [t.mul(v, scale) for v in (pk, pkm1, qk, qkm1)]
        return [c, y, z, *shifted, ans], t.cmp("ole", change, t.c(t.limits.machep))

    y = s.sub(s.c(1.0), a)
    z = s.add(s.add(x, y), s.c(1.0))
    pkm1, qkm1 = s.add(x, s.c(1.0)), s.mul(z, x)
    inits = [s.c(0.0), y, z, pkm1, s.c(1.0), qkm1, x, s.div(pkm1, qkm1)]
    zero = s.cmp("oeq", ax, s.c(0.0))
    ans = _loop(s, s.and_(use, s.not_(zero)), inits, step)[-1]
    return s.select(zero, s.c(0.0), s.mul(ans, ax))


def _ck(s: Igamma, powers: list[SSAValue], row: Sequence[float]) -> SSAValue:
    total = s.c(row[0])
    for coefficient, power in zip(row[1:], powers[1:]):
        total = s.add(total, s.mul(s.c(coefficient), power))
    return total


def _asymptotic(s: Igamma, a: SSAValue, x: SSAValue, lower: bool) -> SSAValue:
    """P (lower) or Q by the uniform asymptotic expansion (Math.h's _igam_helper_asymptotic_series)."""
    sign = -1.0 if lower else 1.0
    ratio, sigma = s.div(x, a), s.div(s.sub(x, a), a)
    root = s.fn("sqrt", s.mul(s.c(-2.0), s.sub(s.fn("log1p", sigma), sigma)))
    eta = s.select(s.cmp("ogt", ratio, s.c(1.0)), root,
                   s.select(s.cmp("olt", ratio, s.c(1.0)), s.sub(s.c(0.0), root), s.c(0.0)))  # fmt: skip
    scaled = s.mul(s.mul(s.c(sign), eta), s.fn("sqrt", s.div(a, s.c(2.0))))
    res = s.mul(s.c(0.5), s.fn("loop.erfc", scaled))
    powers = [s.c(1.0)]
    for _ in range(1, len(D[0])):
        powers.append(s.mul(eta, powers[-1]))
    total, afac, previous, running = s.c(0.0), s.c(1.0), s.c(math.inf), s.true()
    for row in D:
        term = s.mul(_ck(s, powers, row), afac)
        size = s.fn("abs", term)
        running = s.and_(running, s.not_(s.cmp("ogt", size, previous)))
        total = s.select(running, s.add(total, term), total)
        small = s.cmp("olt", size, s.mul(s.c(s.limits.machep), s.fn("abs", total)))
        running = s.and_(running, s.not_(small))
        previous, afac = size, s.div(afac, a)
    w = Scalars(s.body, f64)
    a64, eta64 = s.body.cast(a, f64), s.body.cast(eta, f64)
    decay = s.body.add(mathd.ExpOp(w.mul(w.mul(w.mul(w.c(-0.5), a64), eta64), eta64)))
    tail = w.div(w.mul(w.mul(w.c(sign), decay), s.body.cast(total, f64)),
                 s.body.cast(s.fn("sqrt", s.mul(s.c(2.0 * PI_F32), a)), f64))  # fmt: skip
    return s.body.cast(w.add(s.body.cast(res, f64), tail), s.t)


@dataclass
class Regimes:
    """Which method each element takes, and the values the methods need."""

    asymptotic: SSAValue
    upper_by_series: SSAValue  # Q as 1 - P's series (else the continued fraction or Q's own series)
    upper_by_fraction: SSAValue  # Q by the continued fraction (else Q's own series)


def _regimes(s: Igamma, a: SSAValue, x: SSAValue) -> Regimes:
    spread = s.div(s.fn("abs", s.sub(x, a)), a)
    middle = s.and_(s.cmp("ogt", a, s.c(20.0)), s.cmp("olt", a, s.c(200.0)), s.cmp("olt", spread, s.c(0.3)))
    large = s.and_(s.cmp("ogt", a, s.c(200.0)),
                   s.cmp("olt", spread, s.div(s.c(4.5), s.fn("sqrt", a))))  # fmt: skip
    above = s.wide_cmp("ogt", x, s.c(1.1))
    small_x = s.cmp("ole", x, s.c(0.5))
    log_bound = s.body.add(arith.DivfOp(s.body.constant(-0.4, f64), s.body.cast(s.fn("log", x), f64)))
    by_log = s.wide_cmp("olt", log_bound, a)
    by_ratio = s.wide_cmp("olt", s.body.add(arith.MulfOp(s.body.cast(x, f64), s.body.constant(1.1, f64))), a)
    by_series = s.select(above, s.cmp("olt", x, a), s.select(small_x, by_log, by_ratio))
    return Regimes(s.or_(middle, large), by_series, s.and_(above, s.not_(by_series)))


def _boundaries(s: Igamma, a: SSAValue, x: SSAValue, lower: bool, computed: SSAValue) -> SSAValue:
    """Math.h's boundary values, in its order, around the computed value (NaN for NaN operands)."""
    one, zero, nan, inf = s.c(1.0), s.c(0.0), s.c(math.nan), s.c(math.inf)
    p, q = (one, zero) if lower else (zero, one)
    infinite = lambda v: s.cmp("oeq", s.fn("abs", v), inf)  # noqa: E731
    value = s.select(s.or_(s.cmp("uno", a, a), s.cmp("uno", x, x)), nan, computed)
    value = s.select(infinite(x), p, value)
    value = s.select(infinite(a), s.select(infinite(x), nan, q), value)
    value = s.select(s.cmp("oeq", x, zero), q, value)
    value = s.select(s.cmp("oeq", a, zero), s.select(s.cmp("ogt", x, zero), p, nan), value)
    return s.select(s.or_(s.cmp("olt", x, zero), s.cmp("olt", a, zero)), nan, value)


def _ordinary(s: Igamma, a: SSAValue, x: SSAValue) -> SSAValue:
    """Where the methods apply: both operands positive and finite."""
    inf = s.c(math.inf)
    return s.and_(s.cmp("ogt", a, s.c(0.0)), s.cmp("ogt", x, s.c(0.0)), s.cmp("olt", a, inf), s.cmp("olt", x, inf))


def _incomplete_gamma(body: Body, xs: Sequence[SSAValue], lower: bool) -> SSAValue:
    a, x = xs
    s = Igamma(body, a.type)
    ordinary = _ordinary(s, a, x)
    regimes = _regimes(s, a, x)
    methods = s.and_(ordinary, s.not_(regimes.asymptotic))
    p_series = s.and_(methods, regimes.upper_by_series)
    upper = methods  # where Q's methods run
    if lower:
        by_complement = s.and_(s.cmp("ogt", x, s.c(1.0)), s.cmp("ogt", x, a))
        upper = s.and_(methods, by_complement)
        p_series = s.or_(s.and_(upper, regimes.upper_by_series), s.and_(methods, s.not_(by_complement)))
    ax = _fac(s, a, x)
    series = _series(s, a, x, ax, p_series)
    fraction = _continued_fraction(s, a, x, ax, s.and_(upper, regimes.upper_by_fraction))
    own = s.and_(upper, s.not_(regimes.upper_by_series), s.not_(regimes.upper_by_fraction))
    q_series = _upper_series(s, a, x, own)
    q = s.select(regimes.upper_by_series, s.sub(s.c(1.0), series),
                 s.select(regimes.upper_by_fraction, fraction, q_series))  # fmt: skip
    value = s.select(by_complement, s.sub(s.c(1.0), q), series) if lower else q
    value = s.select(regimes.asymptotic, _asymptotic(s, a, x, lower), value)
    return _boundaries(s, a, x, lower, value)


def igamma(body: Body, xs: Sequence[SSAValue], _: Operation) -> SSAValue:
    return _incomplete_gamma(body, xs, lower=True)


def igammac(body: Body, xs: Sequence[SSAValue], _: Operation) -> SSAValue:
    return _incomplete_gamma(body, xs, lower=False)
