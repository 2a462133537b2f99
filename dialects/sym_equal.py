"""Equality of size expressions for every value of their size symbols, by residue classes where needed.

A size padded up to a multiple of 2 and split in halves (a window partition:
`P = s2 + ModularIndexing(2 - ModularIndexing(s2, 1, 2), 1, 2)` viewed as `[FloorDiv(P, 2), 2]`) keeps its
elements, `2*FloorDiv(P, 2) == P`, only because P is even, which expansion cannot show. Each size symbol s
under integer divisions is written as m*t + r for every residue r of the product m of the divisors above it
(t a fresh size symbol), and each case is simplified: the divisions of m*t + r fold, and the sizes are equal
where every case is zero. Expressions needing more than MAX_CASES cases are not split (not proven).

The same cases give a size its form without divisions where each case simplifies to one polynomial once t is
written back as (s - r)/m (`division_free_form`): a length padded to a multiple of 4 and cut back,
`4*FloorDiv(s0 + ModularIndexing(4 - ModularIndexing(s0, 1, 4), 1, 4), 4) - ModularIndexing(...)`, is s0.
"""

from __future__ import annotations

import itertools
import math
from functools import lru_cache

import sympy

from irc.dialects.sym import as_expr, simplify_index
from irc.dialects.sym_functions import CeilDiv, FloorDiv, ModularIndexing

MAX_CASES = 256


def equal_sizes(a, b) -> bool:
    """Whether sizes `a` and `b` (ints, names or sympy expressions) are equal for all size values."""
    if isinstance(a, int) and isinstance(b, int):
        return a == b
    difference = sympy.expand(as_expr(a) - as_expr(b))
    if difference == 0:
        return True
    if difference.is_Integer:
        return False
    return _zero_in_every_residue_class(difference)


@lru_cache(maxsize=1 << 12)
def _zero_in_every_residue_class(difference: sympy.Expr) -> bool:
    moduli = _moduli(difference, 1, {})
    if not moduli:
        return simplify_index(_floor_divisions(difference)) == 0
    if math.prod(moduli.values()) > MAX_CASES:
        return False
    symbols = sorted(moduli, key=str)
    fresh = [sympy.Symbol(f"s{900000 + n}", integer=True, nonnegative=True) for n in range(len(symbols))]
    for residues in itertools.product(*(range(moduli[s]) for s in symbols)):
        case = {s: moduli[s] * t + r for s, t, r in zip(symbols, fresh, residues)}
        if simplify_index(_floor_divisions(difference.xreplace(case))) != 0:
            return False
    return True


@lru_cache(maxsize=1 << 12)
def division_free_form(expr: sympy.Expr) -> sympy.Expr | None:
    """`expr` without integer divisions where every residue class of its symbols under divisions simplifies
    to the same polynomial with integer coefficients in those symbols, else None."""
    moduli = _moduli(expr, 1, {})
    if not moduli or math.prod(moduli.values()) > MAX_CASES:
        return None
    symbols = sorted(moduli, key=str)
    fresh = [sympy.Symbol(f"s{900000 + n}", integer=True, nonnegative=True) for n in range(len(symbols))]
    forms = set()
    for residues in itertools.product(*(range(moduli[s]) for s in symbols)):
        case = {s: moduli[s] * t + r for s, t, r in zip(symbols, fresh, residues)}
        simplified = simplify_index(_floor_divisions(expr.xreplace(case)))
        if simplified.has(FloorDiv, CeilDiv, ModularIndexing):
            return None
        back = {t: (s - r) / moduli[s] for s, t, r in zip(symbols, fresh, residues)}
        forms.add(sympy.expand(simplified.xreplace(back)))
        if len(forms) > 1:
            return None
    form = forms.pop()
    if any(not number.is_Integer for number in form.atoms(sympy.Rational)):
        return None
    return form


def _moduli(expr: sympy.Expr, above: int, found: dict) -> dict:
    """{size symbol: the least common multiple of the products of integer divisors above its occurrences}."""
    if expr.is_Symbol:
        if above > 1:
            found[expr] = math.lcm(found.get(expr, 1), above)
        return found
    for arg, divisor in zip(expr.args, _divisors(expr)):
        _moduli(arg, above * divisor, found)
    return found


def _divisors(expr: sympy.Expr) -> list[int]:
    """Per argument of `expr`, the integer its value is divided by (1 where none is, or not an integer)."""
    ones = [1] * len(expr.args)
    if isinstance(expr, (FloorDiv, CeilDiv)) and expr.args[1].is_Integer and int(expr.args[1]) > 1:
        return [int(expr.args[1]), 1]
    if isinstance(expr, ModularIndexing) and all(a.is_Integer and int(a) > 0 for a in expr.args[1:]):
        return [int(expr.args[1]) * int(expr.args[2]), 1, 1]
    return ones


def _floor_divisions(expr: sympy.Expr) -> sympy.Expr:
    """`expr` with each CeilDiv(a, d) written FloorDiv(a + d - 1, d), which index simplification folds."""
    return expr.replace(
        lambda e: isinstance(e, CeilDiv), lambda e: FloorDiv(e.args[0] + e.args[1] - 1, e.args[1])
    )
