"""Index math of convert-kernel-to-triton: loop index expressions as functions of the flat program indices.

A loop op's index variables (`i0, i1, ...`, `r0, ...`) are row-major coordinates of the kernel's flat
positions `xindex` (and `rindex`). An index expression linear in them is rewritten so that runs of dims
whose coefficients chain like a contiguous layout collapse into one coordinate (Inductor's dim merging):

    9*i0 + i1    over i0 < 3, i1 < 9        ->  xindex
    i1           over i0 < 3, i1 < 9        ->  ModularIndexing(xindex, 1, 9)     (a broadcast load)
    i0 + 3*i1    over i0 < 3, i1 < 9        ->  FloorDiv(xindex, 9) + 3*ModularIndexing(xindex, 1, 9)

Anything else is rewritten by plain substitution of the coordinates (sym.decompose).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import sympy

from irc.dialects.sym import FloorDiv, ModularIndexing, as_expr, decompose


@dataclass(frozen=True)
class FlatPart:
    """Index variables (outermost first, with their sizes) that are the coordinates of one flat index."""

    flat: str
    dims: tuple[tuple[str, sympy.Expr], ...]


def part(flat: str, names: Sequence[str], sizes: Sequence) -> FlatPart:
    return FlatPart(flat, tuple((n, as_expr(s)) for n, s in zip(names, sizes)))


def is_zero(expr) -> bool:
    return sympy.expand(as_expr(expr)) == 0


def linear_terms(expr: sympy.Expr, names: Sequence[str]) -> tuple[dict[str, sympy.Expr], sympy.Expr] | None:
    """`expr` as (coefficient per variable, rest), or None when it is not linear in the variables."""
    variables = {sympy.Symbol(n) for n in names}
    coefficients: dict[str, sympy.Expr] = {}
    rest = sympy.Integer(0)
    for term in sympy.Add.make_args(sympy.expand(expr)):
        if not term.free_symbols & variables:
            rest += term
            continue
        coefficient, dependent = term.as_independent(*variables, as_Add=False)
        if dependent not in variables:
            return None
        coefficients[dependent.name] = coefficients.get(dependent.name, 0) + coefficient
    return coefficients, rest


def _contiguous_strides(sizes: Sequence[sympy.Expr]) -> list[sympy.Expr]:
    strides, running = [], sympy.Integer(1)
    for size in reversed(sizes):
        strides.append(running)
        running = running * size
    return list(reversed(strides))


def _groups(coefficients: dict[str, sympy.Expr], dims) -> list[tuple[int, int, sympy.Expr]]:
    """Runs (first, last, coefficient of last) of dims whose coefficients chain like a contiguous layout."""
    groups: list[list] = []
    previous = None
    for k, (name, size) in enumerate(dims):
        coefficient = coefficients.get(name, sympy.Integer(0))
        if is_zero(coefficient):
            previous = None
            continue
        if previous is not None and is_zero(previous - coefficient * size):
            groups[-1][1], groups[-1][2] = k, coefficient
        else:
            groups.append([k, k, coefficient])
        previous = coefficient
    return [tuple(g) for g in groups]


def merged_terms(coefficients: dict[str, sympy.Expr], flat_part: FlatPart) -> sympy.Expr:
    """sum(c_v * v) over one part's variables, with contiguous runs merged into one coordinate each."""
    dims = [(n, s) for n, s in flat_part.dims if s != 1]
    sizes = [s for _, s in dims]
    strides = _contiguous_strides(sizes)
    flat = sympy.Symbol(flat_part.flat)
    total = sympy.Integer(0)
    for first, last, coefficient in _groups(coefficients, dims):
        extent = sympy.Mul(*sizes[first : last + 1])
        if first == 0:
            coordinate = FloorDiv(flat, strides[last])
        else:
            coordinate = ModularIndexing(flat, strides[last], extent)
        total += coefficient * coordinate
    return total


def substituted(expr: sympy.Expr, parts: Sequence[FlatPart]) -> sympy.Expr:
    """`expr` with every index variable replaced by its coordinate of the flat index (no merging)."""
    mapping = {}
    for flat_part in parts:
        sizes = [s for _, s in flat_part.dims]
        coordinates = decompose(sympy.Symbol(flat_part.flat), sizes)
        mapping.update({sympy.Symbol(n): c for (n, _), c in zip(flat_part.dims, coordinates)})
    return expr.xreplace(mapping)


def flat_index(expr: sympy.Expr, parts: Sequence[FlatPart]) -> sympy.Expr:
    """An index expression over loop index variables as an expression over the flat indices."""
    names = [n for flat_part in parts for n, _ in flat_part.dims]
    linear = linear_terms(expr, names)
    if linear is None:
        return substituted(expr, parts)
    coefficients, rest = linear
    return rest + sum((merged_terms(coefficients, p) for p in parts), sympy.Integer(0))


def storage_offset(sizes_names: Sequence[str], strides: Sequence, offset=0) -> sympy.Expr:
    """sum(var_d * stride_d) + offset: where a layout puts the element at coordinates (var_d)."""
    terms = [sympy.Symbol(n) * as_expr(s) for n, s in zip(sizes_names, strides)]
    return sympy.Add(as_expr(offset), *terms)


def same_index(a: sympy.Expr, b: sympy.Expr, points: Sequence[dict] | Callable[[], Sequence[dict]]) -> bool:
    """Whether two flat-index expressions agree: symbolically, else at every given point (symbol -> int;
    `points` may be a function that makes them, called only when needed)."""
    difference = sympy.expand(a - b)
    if difference == 0:
        return True
    points = points() if callable(points) else points
    return bool(points) and all(difference.xreplace(p) == 0 for p in points)


def bound(expr) -> int | None:
    """An int for a static expression, None for a symbolic one."""
    value = as_expr(expr)
    return int(value) if value.is_Integer else None
