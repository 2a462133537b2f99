"""Element bodies of integer ops (BUILDERS rows of elementwise.py) as ATen's CPU and CUDA kernels compute
them, in the operands' compute type (ui8 in i32, zero-extended):

    bitwise_left_shift(a, b)  = a << b, 0 where b < 0 or b >= the width of the result dtype
    bitwise_right_shift(a, b) = a >> b (arithmetic), where b < 0 or b >= the width: a >> (width - 1) for
                                signed dtypes (0 or -1), 0 for ui8
    gcd(a, b)                 = Euclid's `while (a != 0) { c = a; a = b % a; b = c; }` on |a|, |b|, unrolled
                                (each step a select): Lamé's bound caps the steps; |min| wraps to min as in C
                                (computed on a and b, the sign fixed at the end: see _gcd)
    lcm(a, b)                 = g == 0 ? 0 : |a / g * b| with g = gcd(a, b), in at least i32 (C promotes
                                i8 and i16 to int before the product and its absolute value)

Shift counts are masked to the width before the shift, so no shift ever exceeds its type.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import arith
from xdsl.dialects import math as mathd
from xdsl.dialects.builtin import i1, i32
from xdsl.ir import Attribute, Operation, SSAValue

from irc.dialects.types import TensorType, element_type_name

from .body import Body
from .dtypes import INT_BITS


def semantic_width(op: Operation) -> int:
    """The bit width of the op's result dtype (ui8: 8, though it computes in i32)."""
    result = op.results[0].type
    assert isinstance(result, TensorType)
    name = element_type_name(result.element_type)
    return 8 if name == "ui8" else INT_BITS[name]


class _Ints:
    """Integer arithmetic on one compute type inside a body."""

    def __init__(self, body: Body, t: Attribute):
        self.body, self.t = body, t

    def c(self, number: int) -> SSAValue:
        return self.body.constant(number, self.t)

    def cmp(self, predicate: str, a, b):
        return self.body.add(arith.CmpiOp(a, b, predicate))

    def select(self, condition, a, b):
        return self.body.add(arith.SelectOp(condition, a, b))

    def abs(self, a):
        return self.body.add(mathd.AbsIOp(a))

    def nonzero_divisor(self, a):
        """`a`, or 1 where a is 0 or -1 (those quotients and remainders are selected away or are -x and 0)."""
        unit = self.body.add(arith.OrIOp(self.cmp("eq", a, self.c(0)), self.cmp("eq", a, self.c(-1))))
        return self.select(unit, self.c(1), a)


def _in_range(s: _Ints, count: SSAValue, width: int) -> SSAValue:
    return s.body.add(arith.AndIOp(s.cmp("sge", count, s.c(0)), s.cmp("slt", count, s.c(width))))


def _masked(s: _Ints, count: SSAValue, width: int) -> SSAValue:
    return s.body.add(arith.AndIOp(count, s.c(width - 1)))


def shift_left(body: Body, xs: Sequence[SSAValue], op: Operation) -> SSAValue:
    a, count = xs
    s, width = _Ints(body, a.type), semantic_width(op)
    shifted = body.add(arith.ShLIOp(a, _masked(s, count, width)))
    return s.select(_in_range(s, count, width), shifted, s.c(0))


def shift_right(body: Body, xs: Sequence[SSAValue], op: Operation) -> SSAValue:
    a, count = xs
    s, width = _Ints(body, a.type), semantic_width(op)
    shifted = body.add(arith.ShRSIOp(a, _masked(s, count, width)))
    unsigned = element_type_name(op.results[0].type.element_type) == "ui8"
    beyond = s.c(0) if unsigned else body.add(arith.ShRSIOp(a, s.c(width - 1)))
    return s.select(_in_range(s, count, width), shifted, beyond)


def euclid_steps(width: int) -> int:
    """Steps of Euclid's loop that cover operands of magnitude up to 2^width: Lamé's bound (k divisions when
    the smaller operand is below the Fibonacci number F(k + 2)), plus one for the first step that swaps
    operands given in increasing order."""
    previous, current, k = 1, 1, 0  # F(1), F(2)
    while current <= 1 << width:
        previous, current, k = current, previous + current, k + 1
    return k + 1


def _gcd(s: _Ints, a: SSAValue, b: SSAValue, width: int) -> SSAValue:
    """ATen's loop on |a| and |b|, run on a and b themselves: remainders truncate, so each step has the same
    magnitudes, and a value has the sign of the operand its chain starts from (b's after an even number of
    steps, a's after an odd one). ATen's |x| is negative only at the minimum (it wraps), so the result is
    negative exactly where its chain starts from a minimum. Taking no |x| matters: the GPU compiler reads
    Triton's |x| as non-negative and then divides unsigned, which is wrong at the minimum."""
    minimum = s.c(-(1 << (width - 1)))
    a_wraps, b_wraps = s.cmp("eq", a, minimum), s.cmp("eq", b, minimum)
    odd = s.body.constant(False, i1)
    for _ in range(euclid_steps(width)):
        running = s.cmp("ne", a, s.c(0))
        remainder = s.body.add(arith.RemSIOp(b, s.nonzero_divisor(a)))
        a, b = s.select(running, remainder, a), s.select(running, a, b)
        odd = s.body.add(arith.XOrIOp(odd, running))
    negative_result = s.select(odd, a_wraps, b_wraps)
    negate = s.select(negative_result, s.body.constant(False, i1), s.cmp("slt", b, s.c(0)))
    return s.select(negate, s.body.add(arith.SubiOp(s.c(0), b)), b)


def gcd(body: Body, xs: Sequence[SSAValue], op: Operation) -> SSAValue:
    return _gcd(_Ints(body, xs[0].type), *xs, semantic_width(op))


def lcm(body: Body, xs: Sequence[SSAValue], op: Operation) -> SSAValue:
    t = xs[0].type
    g = _gcd(_Ints(body, t), *xs, semantic_width(op))
    wide = i32 if t.width.data < 32 else t
    s = _Ints(body, wide)
    a, b, g = (body.cast(v, wide) for v in (*xs, g))
    quotient = body.add(arith.DivSIOp(a, s.nonzero_divisor(g)))
    quotient = s.select(s.cmp("eq", g, s.c(-1)), body.add(arith.SubiOp(s.c(0), a)), quotient)
    value = s.abs(body.add(arith.MuliOp(quotient, b)))
    return body.cast(s.select(s.cmp("eq", g, s.c(0)), s.c(0), value), t)
