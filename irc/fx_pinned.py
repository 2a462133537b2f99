"""Size symbols torch's guards hold at one value without torch making them that constant.

torch specializes a symbol when one guard fixes it (`Eq(s27, 6)`) or its range shrinks to one value, but not
where several guards do together. A scan that halves a length until one element is left branches on the
length at every level, which leaves the range 6 <= s27 <= 7 and, from another branch, `Eq(Mod(s27, 2), 0)`:
only s27 == 6 passes Dynamo's guards, yet the graph's sizes read s27, 2*s27002 (fx_divisible.py) and, where
the range alone fixes them, constants such as 3 for s27 // 2. Spelled apart, equal sizes do not verify equal:

    range 6 <= s27 <= 7, guard Eq(Mod(s27, 2), 0)        s27  ->  6,  s27 // 2  ->  3

Each symbol with at most MAX_VALUES values in its range is tried at each of them against the guards that read
only it and the symbols pinned before; one that a single value passes is pinned to it. fx_sizes.guarded_expr
reads a pinned symbol as its value, so every size of the graph is that constant.
"""

from __future__ import annotations

import weakref

from irc import sym_dag

MAX_VALUES = 64

# shape environment -> (guard count, {symbol: value} at that count)
_PINNED: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def pinned_values(shape_env) -> dict:
    """{size symbol: the one value its range and the guards so far leave it}."""
    known = _PINNED.get(shape_env)
    count = len(shape_env.guards)
    if known is not None and known[0] == count:
        return known[1]
    facts = [guard.expr for guard in shape_env.guards]
    pinned: dict = {}
    while found := _pin_one_round(shape_env, facts, pinned):
        pinned |= found
    _PINNED[shape_env] = (count, pinned)
    return pinned


def _pin_one_round(shape_env, facts: list, pinned: dict) -> dict:
    import sympy

    found = {}
    for symbol, bounds in shape_env.var_to_range.items():
        if symbol in pinned or not _few_values(bounds):
            continue
        known = pinned.keys() | {symbol}
        reading = [f for f in facts if symbol in (free := sym_dag.free_symbols(f)) and free <= known]
        if not reading:
            continue
        passing = [v for v in range(int(bounds.lower), int(bounds.upper) + 1)
                   if all(_holds(f, pinned | {symbol: sympy.Integer(v)}) for f in reading)]
        if len(passing) == 1:
            found[symbol] = sympy.Integer(passing[0])
    return found


def _few_values(bounds) -> bool:
    lower, upper = bounds.lower, bounds.upper
    return lower.is_Integer and upper.is_Integer and 1 < int(upper) - int(lower) + 1 <= MAX_VALUES


def _holds(fact, values: dict) -> bool:
    """Whether `fact` is not false at `values` (a fact torch cannot evaluate there counts as holding)."""
    import sympy

    try:
        return sym_dag.replace(fact, values) is not sympy.false
    except Exception:  # noqa: BLE001 - a division by zero at a value outside the guards' reach
        return True
