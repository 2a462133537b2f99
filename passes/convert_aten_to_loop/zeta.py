"""Hurwitz's zeta(x, q) (a BUILDERS row of elementwise.py) as ATen's Math.h computes it on the CPU (Cephes),
in double precision (ATen's accumulate type of float there) from a first term q^-x in the operands' type:

    inf at x == 1;  NaN for x < 1;  for q <= 0: inf at integers q, NaN where x is not an integer
    s = q^-x; a = q; then while i < 9 or a <= 9: a += 1, b = a^-x, s += b, stop (s) once |b| < MACHEP s
    the Euler-Maclaurin correction: s += b a / (x - 1) - b / 2, and up to twelve terms a b / A[i], stopping
    (s) once a term is below MACHEP s

The sum is a loop.while per element (its length is data: about 9 - q steps); the twelve terms are unrolled,
each later one a select that keeps the sum once an earlier one stopped it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from xdsl.dialects import arith
from xdsl.dialects import math as mathd
from xdsl.dialects.builtin import f64, i1, i64
from xdsl.ir import Operation, SSAValue

from .body import Body
from .special import Scalars

MACHEP = 1.11022302462515654042e-16
EULER_MACLAURIN = (
    12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9, 7.47242496e10,
    -2.950130727918164224e12, 1.1646782814350067249e14, -4.5979787224074726105e15, 1.8152105401943546773e17,
    -7.1661652561756670113e18,
)  # fmt: skip


def _power(s: Scalars, a: SSAValue, exponent: SSAValue) -> SSAValue:
    return s.body.add(mathd.PowFOp(a, exponent))


def _small(s: Scalars, term: SSAValue, total: SSAValue) -> SSAValue:
    """-MACHEP s < term < MACHEP s."""
    bound = s.mul(s.c(MACHEP), total)
    above = s.cmp("olt", s.mul(s.c(-MACHEP), total), term)
    return s.body.add(arith.AndIOp(above, s.cmp("olt", term, bound)))


def _direct_sum(s: Scalars, x: SSAValue, q: SSAValue, first: SSAValue, skip: SSAValue):
    """(a, b, s, stopped) after the direct sum; elements where `skip` holds do not iterate."""
    minus_x = s.sub(s.c(0.0), x)

    def going(body: Body, values: list[SSAValue]) -> SSAValue:
        t = Scalars(body, f64)
        i, a, _, _, stopped = values
        early = body.add(arith.CmpiOp(i, body.constant(9, i64), "slt"))
        more = body.add(arith.OrIOp(early, t.cmp("ole", a, t.c(9.0))))
        idle = body.add(arith.OrIOp(stopped, skip))
        return body.add(arith.AndIOp(more, body.add(arith.XOrIOp(idle, body.constant(1, i1)))))

    def step(body: Body, values: list[SSAValue]) -> list[SSAValue]:
        t = Scalars(body, f64)
        i, a, _, total, _ = values
        a = t.add(a, t.c(1.0))
        b = _power(t, a, minus_x)
        total = t.add(total, b)
        return [body.add(arith.AddiOp(i, body.constant(1, i64))), a, b, total, _small(t, b, total)]

    zero = s.c(0.0)
    inits = [s.body.constant(0, i64), q, zero, first, s.body.constant(0, i1)]
    _, a, b, total, stopped = s.body.iterate(inits, going, step)
    return a, b, total, stopped


def _euler_maclaurin(s: Scalars, x: SSAValue, a: SSAValue, b: SSAValue, total: SSAValue, running: SSAValue):
    w = a
    total = s.add(total, s.div(s.mul(b, w), s.sub(x, s.c(1.0))))
    total = s.sub(total, s.mul(s.c(0.5), b))
    a, k = s.c(1.0), s.c(0.0)
    for coefficient in EULER_MACLAURIN:
        a = s.mul(a, s.add(x, k))
        b = s.div(b, w)
        term = s.div(s.mul(a, b), s.c(coefficient))
        total = s.select(running, s.add(total, term), total)
        small = s.cmp("olt", s.body.add(mathd.AbsFOp(s.div(term, total))), s.c(MACHEP))
        running = s.body.add(arith.AndIOp(running, s.body.add(arith.XOrIOp(small, s.body.constant(1, i1)))))
        k = s.add(k, s.c(1.0))
        a = s.mul(a, s.add(x, k))
        b = s.div(b, w)
        k = s.add(k, s.c(1.0))
    return total


def zeta(body: Body, xs: Sequence[SSAValue], _: Operation) -> SSAValue:
    x, q = xs
    s = Scalars(body, x.type)
    floor = lambda v: body.add(mathd.FloorOp(v))  # noqa: E731
    at_pole = s.cmp("oeq", x, s.c(1.0))
    below = s.cmp("olt", x, s.c(1.0))
    nonpositive = s.cmp("ole", q, s.c(0.0))
    pole_q = body.add(arith.AndIOp(nonpositive, s.cmp("oeq", q, floor(q))))
    domain = body.add(arith.AndIOp(nonpositive, s.cmp("une", x, floor(x))))
    special = at_pole
    for condition in (below, pole_q, domain):
        special = body.add(arith.OrIOp(special, condition))
    first = body.cast(_power(s, q, s.sub(s.c(0.0), x)), f64)
    d = Scalars(body, f64)
    x64, q64 = body.cast(x, f64), body.cast(q, f64)
    a, b, total, stopped = _direct_sum(d, x64, q64, first, special)
    corrected = _euler_maclaurin(d, x64, a, b, total, body.add(arith.XOrIOp(stopped, body.constant(1, i1))))
    value = body.cast(d.select(stopped, total, corrected), x.type)
    value = s.select(domain, s.c(math.nan), value)
    value = s.select(pole_q, s.c(math.inf), value)
    value = s.select(below, s.c(math.nan), value)
    return s.select(at_pole, s.c(math.inf), value)
