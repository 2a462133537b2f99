"""Element bodies of the orthogonal polynomials of torch.special (BUILDERS rows of elementwise.py), as ATen's
Math.h computes them: special cases, closed forms, and a three-term recurrence whose length is the degree,
a `loop.while` per element (each element stops at its own degree, or once its value is NaN, as ATen's loop).

The degree n arrives in the float compute type and becomes an integer as ATen's static_cast<int64_t> does
on x86: NaN, infinities and values beyond int64 give INT64_MIN, so they read as a negative degree (0).

Chebyshev T, U, V, W, and their shifted forms in y = x + x - 1 (shifted=True):
    n < 0: 0;  y == 1, y == -1: the ends (ENDS);  n > threshold and |y| < 1: the closed form in acos(y);
    n == 0: 1;  n == 1: FIRST(y);  else q(k) = (y + y) q(k - 1) - q(k - 2) up to k = n
Hermite H and He (n beyond 128 in f32, 512 in f64: NaN), Laguerre L and Legendre P: their own recurrences.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.dialects import arith
from xdsl.dialects import math as mathd
from xdsl.dialects.builtin import f32, f64, i64
from xdsl.ir import Operation, SSAValue

from irc.dialects import loop

from .body import Body
from .integer import _Ints
from .special import Scalars

INT64_LIMIT = 2.0**63
HERMITE_LIMIT = {"f32": 128, "f64": 512}


@dataclass
class Degree:
    """The integer degree n, with what the formulas need of it."""

    s: Scalars
    i: _Ints
    n: SSAValue

    def float(self, value: SSAValue) -> SSAValue:
        """An i64 value converted to the float compute type (as C converts int64_t to T)."""
        return self.s.body.cast(value, self.s.t)

    def plus(self, k: int) -> SSAValue:
        return self.i.body.add(arith.AddiOp(self.n, self.i.c(k)))

    def twice_plus_one(self) -> SSAValue:
        return self.i.body.add(arith.AddiOp(self.i.body.add(arith.AddiOp(self.n, self.n)), self.i.c(1)))

    def is_(self, predicate: str, k: int) -> SSAValue:
        return self.i.cmp(predicate, self.n, self.i.c(k))

    def even(self) -> SSAValue:
        return self.i.cmp("eq", self.i.body.add(arith.AndIOp(self.n, self.i.c(1))), self.i.c(0))

    def signed(self, value: SSAValue) -> SSAValue:
        """float(value) for even n, -float(value) for odd n."""
        v = self.float(value)
        return self.s.select(self.even(), v, self.s.sub(self.s.c(0.0), v))


def degree(s: Scalars, n: SSAValue) -> Degree:
    i = _Ints(s.body, i64)
    finite = s.cmp("olt", s.body.add(mathd.AbsFOp(n)), s.c(INT64_LIMIT))
    value = i.select(finite, s.body.add(loop.CastOp(n, i64)), i.c(-1))
    return Degree(s, i, value)


def recurrence(
    s: Scalars, d: Degree, first: int, last: SSAValue, p: SSAValue, q: SSAValue, step, stop_at_nan=True
) -> SSAValue:
    """q after `for k = first; k < last (and q is not NaN); k++: p, q = q, step(k, p, q)`."""

    def condition(body: Body, values: list[SSAValue]) -> SSAValue:
        k, _, q = values
        going = body.add(arith.CmpiOp(k, last, "slt"))
        if not stop_at_nan:
            return going
        return body.add(arith.AndIOp(going, body.add(arith.CmpfOp(q, q, "ord"))))

    def advance(body: Body, values: list[SSAValue]) -> list[SSAValue]:
        k, p, q = values
        inner = Scalars(body, s.t)
        return [body.add(arith.AddiOp(k, body.constant(1, i64))), q, step(inner, k, p, q)]

    return s.body.iterate([d.i.c(first), p, q], condition, advance)[2]


def product_minus(t: Scalars, a: SSAValue, b: SSAValue, c: SSAValue) -> SSAValue:
    """a * b - c rounded once: ATen's loops are compiled with the product contracted into an FMA (x86 with
    FMA, and nvcc), which a long recurrence shows. In f32 the product is exact in f64 and the f64 difference
    is rounded back; f64 leaves the contraction to the target."""
    if t.t != f32:
        return t.sub(t.mul(a, b), c)
    w = Scalars(t.body, f64)
    wide = w.sub(w.mul(t.body.cast(a, f64), t.body.cast(b, f64)), t.body.cast(c, f64))
    return t.body.cast(wide, f32)


# -- Chebyshev ------------------------------------------------------------------------------------------


def _first(kind: str, s: Scalars, y: SSAValue) -> SSAValue:
    twice = s.add(y, y)
    return {"t": y, "u": twice, "v": s.sub(twice, s.c(1.0)), "w": s.add(twice, s.c(1.0))}[kind]


def _ends(kind: str, s: Scalars, d: Degree) -> tuple[SSAValue, SSAValue]:
    """The values at y == 1 and at y == -1."""
    one = s.c(1.0)
    if kind == "t":
        return one, s.select(d.even(), one, s.c(-1.0))
    if kind == "u":
        return d.float(d.plus(1)), d.signed(d.plus(1))
    if kind == "v":
        return one, d.signed(d.twice_plus_one())
    return d.float(d.twice_plus_one()), s.select(d.even(), one, s.c(-1.0))


def _closed(kind: str, s: Scalars, d: Degree, x: SSAValue, y: SSAValue, shifted: bool) -> SSAValue:
    """The closed form in theta = acos(y) used for |y| < 1 above the threshold degree."""
    call = lambda cls, v: s.body.add(cls(v))  # noqa: E731
    theta = call(mathd.AcosOp, y)
    if kind == "t":
        return call(mathd.CosOp, s.mul(d.float(d.n), theta))
    if kind == "u":
        m = d.float(d.plus(1))
        sine = call(mathd.SinOp, theta)
        regular = s.div(call(mathd.SinOp, s.mul(m, theta)), sine)
        degenerate = s.div(s.mul(m, call(mathd.CosOp, s.mul(m, theta))), y)
        return s.select(s.cmp("une", sine, s.c(0.0)), regular, degenerate)
    half = s.div(theta, s.c(2.0))
    angle = s.mul(s.add(d.float(d.n), s.c(0.5)), theta)
    if kind == "v":
        regular = s.div(call(mathd.CosOp, angle), call(mathd.CosOp, half))
        degenerate = d.signed(d.twice_plus_one())
        return s.select(s.cmp("une", call(mathd.SinOp, half), s.c(1.0)), regular, degenerate)
    regular = s.div(call(mathd.SinOp, angle), call(mathd.SinOp, half))
    odd_even = s.select(d.even(), s.c(1.0), s.c(-1.0))
    if not shifted:
        odd_even = s.select(s.cmp("ogt", x, s.c(0.0)), d.float(d.twice_plus_one()), odd_even)
    return s.select(s.cmp("une", call(mathd.CosOp, half), s.c(1.0)), regular, odd_even)


THRESHOLDS = {(False, "t"): 6, (False, "u"): 8, (False, "v"): 8, (False, "w"): 8,
              (True, "t"): 6, (True, "u"): 6, (True, "v"): 6, (True, "w"): 4}  # fmt: skip


def chebyshev(kind: str, shifted: bool) -> Callable[[Body, Sequence[SSAValue], Operation], SSAValue]:
    def build(body: Body, xs: Sequence[SSAValue], _: Operation) -> SSAValue:
        x, n = xs
        s = Scalars(body, x.type)
        d = degree(s, n)
        y = s.sub(s.add(x, x), s.c(1.0)) if shifted else x
        first = _first(kind, s, y)
        at_one, at_minus_one = _ends(kind, s, d)
        is_one, is_minus_one = s.cmp("oeq", y, s.c(1.0)), s.cmp("oeq", y, s.c(-1.0))
        inside = s.cmp("olt", _abs(s, y), s.c(1.0))
        closed = s.body.add(arith.AndIOp(d.is_("sgt", THRESHOLDS[shifted, kind]), inside))
        special = _any(body, closed, is_one, is_minus_one, d.is_("slt", 2))
        last = d.i.select(special, d.i.c(0), d.plus(1))
        twice = s.add(y, y)
        value = recurrence(s, d, 2, last, s.c(1.0), first, lambda t, k, p, q: product_minus(t, twice, q, p))
        value = s.select(d.is_("eq", 1), first, value)
        value = s.select(d.is_("eq", 0), s.c(1.0), value)
        value = s.select(closed, _closed(kind, s, d, x, y, shifted), value)
        value = s.select(is_minus_one, at_minus_one, value)
        value = s.select(is_one, at_one, value)
        return s.select(d.is_("slt", 0), s.c(0.0), value)

    return build


# -- Hermite, Laguerre, Legendre -----------------------------------------------------------------------


def _abs(s: Scalars, v: SSAValue) -> SSAValue:
    return s.body.add(mathd.AbsFOp(v))


def _any(body: Body, *conditions: SSAValue) -> SSAValue:
    result = conditions[0]
    for c in conditions[1:]:
        result = body.add(arith.OrIOp(result, c))
    return result


def hermite(physicists: bool) -> Callable[[Body, Sequence[SSAValue], Operation], SSAValue]:
    """H (physicists': q(k) = 2x q - 2(k - 1) p) and He (probabilists': q(k) = x q - (k - 1) p)."""

    def build(body: Body, xs: Sequence[SSAValue], _: Operation) -> SSAValue:
        x, n = xs
        s = Scalars(body, x.type)
        d = degree(s, n)
        limit = HERMITE_LIMIT["f64" if x.type == f64 else "f32"]
        first = s.add(x, x) if physicists else x
        beyond = d.is_("sgt", limit)
        last = d.i.select(_any(body, d.is_("slt", 2), beyond), d.i.c(0), d.n)

        def step(t: Scalars, k: SSAValue, p: SSAValue, q: SSAValue) -> SSAValue:
            if physicists:  # ATen's counter runs 2, 4, ... 2n - 2
                k = t.body.add(arith.AddiOp(k, k))
                return product_minus(t, t.add(x, x), q, t.mul(t.body.cast(k, t.t), p))
            return product_minus(t, x, q, t.mul(t.body.cast(k, t.t), p))

        value = recurrence(s, d, 1, last, s.c(1.0), first, step, stop_at_nan=False)
        value = s.select(beyond, s.c(math.nan), value)
        value = s.select(d.is_("eq", 1), first, value)
        value = s.select(d.is_("eq", 0), s.c(1.0), value)
        return s.select(d.is_("slt", 0), s.c(0.0), value)

    return build


def laguerre_polynomial_l(body: Body, xs: Sequence[SSAValue], _: Operation) -> SSAValue:
    x, n = xs
    s = Scalars(body, x.type)
    d = degree(s, n)
    first = s.sub(s.c(1.0), x)
    is_zero = s.cmp("oeq", _abs(s, x), s.c(0.0))
    last = d.i.select(_any(body, is_zero, d.is_("slt", 2)), d.i.c(0), d.n)

    def step(t: Scalars, k: SSAValue, p: SSAValue, q: SSAValue) -> SSAValue:
        twice = t.body.cast(t.body.add(arith.AddiOp(k, k)), t.t)
        numerator = product_minus(t, t.add(twice, t.sub(t.c(1.0), x)), q, t.mul(t.body.cast(k, t.t), p))
        return t.div(numerator, t.body.cast(t.body.add(arith.AddiOp(k, t.body.constant(1, i64))), t.t))

    value = recurrence(s, d, 1, last, s.c(1.0), first, step)
    value = s.select(d.is_("eq", 1), first, value)
    value = s.select(d.is_("eq", 0), s.c(1.0), value)
    value = s.select(is_zero, s.c(1.0), value)
    return s.select(d.is_("slt", 0), s.c(0.0), value)


def legendre_polynomial_p(body: Body, xs: Sequence[SSAValue], _: Operation) -> SSAValue:
    x, n = xs
    s = Scalars(body, x.type)
    d = degree(s, n)
    is_end = s.cmp("oeq", _abs(s, x), s.c(1.0))
    last = d.i.select(_any(body, is_end, d.is_("slt", 2)), d.i.c(0), d.n)

    def step(t: Scalars, k: SSAValue, p: SSAValue, q: SSAValue) -> SSAValue:
        one = t.body.constant(1, i64)
        odd = t.body.cast(t.body.add(arith.AddiOp(t.body.add(arith.AddiOp(k, k)), one)), t.t)
        numerator = product_minus(t, t.mul(odd, x), q, t.mul(t.body.cast(k, t.t), p))
        return t.div(numerator, t.body.cast(t.body.add(arith.AddiOp(k, one)), t.t))

    value = recurrence(s, d, 1, last, s.c(1.0), x, step)
    value = s.select(d.is_("eq", 1), x, value)
    value = s.select(d.is_("eq", 0), s.c(1.0), value)
    ends = s.select(_any(body, s.cmp("ogt", x, s.c(0.0)), d.even()), s.c(1.0), s.c(-1.0))
    value = s.select(is_end, ends, value)
    return s.select(d.is_("slt", 0), s.c(0.0), value)


POLYNOMIAL_BUILDERS = {
    **{f"{'shifted_' if shifted else ''}chebyshev_polynomial_{kind}": chebyshev(kind, shifted)
       for shifted in (False, True) for kind in "tuvw"},
    "hermite_polynomial_h": hermite(physicists=True),
    "hermite_polynomial_he": hermite(physicists=False),
    "laguerre_polynomial_l": laguerre_polynomial_l,
    "legendre_polynomial_p": legendre_polynomial_p,
}  # fmt: skip
