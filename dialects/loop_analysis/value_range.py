"""Integer ranges of body values (a small value-range analysis): what an index value can be, so a `checked`
gather load or scatter store (or a loop.in_range) whose index is provably inside its bound needs no run-time
check; a loop.in_range's result is inside [0, bound).

    %c = arith.constant 9 : i64
    %k = arith.minsi %t, %c : i64          -> at most 9
    %z = arith.constant 0 : i64
    %m = arith.maxsi %k, %z : i64          -> [0, 9]: inside bounds [10]
    %i = loop.index #loop.index<"i0 + 1"> : i64  (ranges [4])  -> [1, 4]

Only numbers: a range with a size symbol, or a value of any other op, is unknown (None).
The walk looks MAX_DEPTH definitions up, so it costs a bounded amount per value.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import Operation, SSAValue

Range = tuple[int | None, int | None]  # (lowest, highest); None: unbounded on that side
UNKNOWN: Range = (None, None)


def _lowest(*values):
    return None if None in values else min(values)


def _highest(*values):
    return None if None in values else max(values)


def _constant(op: arith.ConstantOp, _) -> Range:
    value = op.value
    return (value.value.data, value.value.data) if isinstance(value, IntegerAttr) else UNKNOWN


def _select(op: arith.SelectOp, at) -> Range:
    a, b = at(op.lhs), at(op.rhs)
    return _lowest(a[0], b[0]), _highest(a[1], b[1])


def _maximum(op: Operation, at) -> Range:  # max(x, c) is at least c whatever x is
    a, b = at(op.lhs), at(op.rhs)
    low = [v for v in (a[0], b[0]) if v is not None]
    return (max(low) if low else None), _highest(a[1], b[1])


def _minimum(op: Operation, at) -> Range:
    a, b = at(op.lhs), at(op.rhs)
    high = [v for v in (a[1], b[1]) if v is not None]
    return _lowest(a[0], b[0]), (min(high) if high else None)


def _widening(op: Operation, at) -> Range:
    return at(op.input)


def _add(op: arith.AddiOp, at) -> Range:
    a, b = at(op.lhs), at(op.rhs)
    return (None if None in (a[0], b[0]) else a[0] + b[0]), (None if None in (a[1], b[1]) else a[1] + b[1])


def _index(op: Operation, _) -> Range:
    from irc.dialects.loop import enclosing_loop, index_vars, loop_dims
    from irc.dialects.sym import index_bounds, symbol
    from irc.dialects.types import dim_value

    loop = enclosing_loop(op)
    if loop is None:
        return UNKNOWN
    sizes = {symbol(n): dim_value(d) for n, d in zip(index_vars(loop), loop_dims(loop))}
    bounds = index_bounds(op.index.value(), sizes)
    if bounds is None or not all(b.is_Integer for b in bounds):
        return UNKNOWN
    return int(bounds[0]), int(bounds[1])


def _in_range(op: Operation, at) -> Range:  # the index passes only inside [0, bound)
    (low, high), bound_high = at(op.input), at(op.bound)[1]
    highs = [v for v in (high, None if bound_high is None else bound_high - 1) if v is not None]
    return max(low or 0, 0), (min(highs) if highs else None)


# one row per op whose result's range follows from its operands' (loop.index is added by name below)
RULES: dict[str, Callable[[Operation, Callable[[SSAValue], Range]], Range]] = {
    "arith.constant": _constant,
    "arith.select": _select,
    "arith.maxsi": _maximum,
    "arith.minsi": _minimum,
    "arith.extsi": _widening,
    "arith.index_cast": _widening,
    "arith.addi": _add,
    "loop.index": _index,
    "loop.in_range": _in_range,
}
MAX_DEPTH = 16


def value_range(value: SSAValue, depth: int = 0) -> Range:
    """(lowest, highest) an integer value can be, either end None where unknown."""
    op = value.owner
    rule = RULES.get(getattr(op, "name", ""))
    if rule is None or depth > MAX_DEPTH:
        return UNKNOWN
    return rule(op, lambda v: value_range(v, depth + 1))


def provably_within(value: SSAValue, bound: object) -> bool:
    """Whether `value` is always in [0, bound) (bound a number; a symbolic bound is never proven)."""
    low, high = value_range(value)
    return isinstance(bound, int) and low is not None and high is not None and 0 <= low and high < bound
