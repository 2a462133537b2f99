"""Index expressions as sympy expressions (imported lazily, with sympy): parsing, simplifying, evaluating.

`FloorDiv(a, b)` is Python's `a // b`; `ModularIndexing(x, d, m)` is `(x // d) % m`, as in Inductor
(sym_functions.py); text is parsed by the grammar in sym_parse.py.
"""

import itertools
import operator
import re
from functools import lru_cache

import sympy

from irc.dialects.sym_functions import COMPARISONS, CeilDiv, FloorDiv, Max, Min, ModularIndexing, Where
from irc.dialects.sym_parse import parse_sym


def symbol(name: str) -> sympy.Symbol:
    """Index variables and size symbols are plain sympy symbols, as sym_parse.parse_sym makes them."""
    return sympy.Symbol(name)


# Index variables: i0.. over ranges, r0.. over reduce dims, t0.. for gather values (loop.load)
INDEX_VARIABLE = re.compile(r"[irt][0-9]+")
# Size symbols: s0, s1, ... (torch's names for dynamic sizes)
SIZE_SYMBOL = re.compile(r"s[0-9]+")


def as_expr(value) -> sympy.Expr:
    """A sympy expression for an int, a sympy expression, or the text of one (parsed by grammar, never eval)."""
    if isinstance(value, sympy.Basic):
        return value
    if isinstance(value, str):
        return parse_sym(value)
    if isinstance(value, bool):
        raise TypeError("a bool is not an index expression")
    return sympy.Integer(operator.index(value))


def zero_divisor(expr: sympy.Expr) -> sympy.Expr | None:
    """The first FloorDiv, CeilDiv or ModularIndexing of `expr` dividing by zero (or taking a modulus of zero)."""
    for call in sympy.preorder_traversal(expr):
        if isinstance(call, FloorDiv | CeilDiv) and call.args[1] == 0:
            return call
        if isinstance(call, ModularIndexing) and (call.args[1] == 0 or call.args[2] == 0):
            return call
    return None


def unknown_names(expr: sympy.Expr, known) -> list[str]:
    """The names of `expr` for which `known(name)` is false, sorted."""
    return sorted(s.name for s in expr.free_symbols if not known(s.name))


def one_unknown(expr: sympy.Expr, bound) -> tuple[sympy.Symbol, sympy.Expr, sympy.Expr] | None:
    """(s, a, c) where `expr` is `a*s + c` in its one symbol `s` not in `bound` (names), else None: a size
    `2*s1 + 1` of an input binds s1 to `(size - 1) // 2`."""
    unknown = [s for s in expr.free_symbols if s.name not in bound]
    if len(unknown) != 1 or not expr.is_polynomial(unknown[0]):
        return None
    (name,) = unknown
    if expr == name:
        return name, sympy.Integer(1), sympy.Integer(0)
    poly = sympy.Poly(expr, name)
    if poly.degree() != 1:
        return None
    a, c = poly.all_coeffs()
    return name, a, c


def index_var_names(prefix: str, count: int) -> list[str]:
    """`i0, i1, ...` for iteration ranges, `r0, r1, ...` for reduction ranges."""
    return [f"{prefix}{k}" for k in range(count)]


def decompose(flat: sympy.Expr, sizes) -> list[sympy.Expr]:
    """Row-major coordinates of a flat index over `sizes` (size-1 dims get 0, the first dim no modulo)."""
    coords: list[sympy.Expr] = []
    divisor = sympy.Integer(1)
    for k in range(len(sizes) - 1, -1, -1):
        size = as_expr(sizes[k])
        if size == 1:
            coords.append(sympy.Integer(0))
        elif k == 0:
            coords.append(FloorDiv(flat, divisor))
        else:
            coords.append(ModularIndexing(flat, divisor, size))
        divisor = divisor * size
    return list(reversed(coords))


def linearize(coords, strides) -> sympy.Expr:
    """sum(coord * stride): the element offset of a coordinate under a layout."""
    return sympy.Add(*[as_expr(c) * as_expr(s) for c, s in zip(coords, strides)])


def substitute(expr: sympy.Expr, mapping: dict[str, sympy.Expr]) -> sympy.Expr:
    """Replaces symbols by name, simultaneously."""
    return expr.xreplace({sympy.Symbol(k): v for k, v in mapping.items()})


# ---------------------------------------------------------------------------
# Index simplification (like Inductor's sizevars): sound for every point of the given ranges
# ---------------------------------------------------------------------------
#
# `ranges` maps index variables to their sizes (a variable v takes the values 0 <= v < size); index variables
# (i0.., r0.., and t0.. of gather loads) not in it are unbounded. Every other symbol is a size symbol: a
# positive integer. The rules
# only rewrite an expression into one that is equal at every point of the ranges:
#   FloorDiv(q*d + r, d)            -> q + FloorDiv(r, d)          (q an integer polynomial)
#   FloorDiv(x, d)                  -> 0                           (0 <= x < d)
#   FloorDiv(FloorDiv(x, a), b)     -> FloorDiv(x, a*b)
#   FloorDiv(ModularIndexing(x, a, m), d) -> ModularIndexing(x, a*d, m/d)   (d divides m)
#   ModularIndexing(k*a*m + r, a, m)       -> ModularIndexing(r, a, m)
#   ModularIndexing(q*a, a, m)             -> ModularIndexing(q, 1, m)
#   ModularIndexing(x, a, m)               -> FloorDiv(x, a)       (0 <= x < a*m)
#   ModularIndexing(FloorDiv(x, b), a, m)  -> ModularIndexing(x, a*b, m)
#   ModularIndexing(ModularIndexing(x, b, n), a, m) -> ModularIndexing(x, a*b, m)  (a*m divides n)
#   c*m*FloorDiv(x, a*m) + c*ModularIndexing(x, a, m)          -> c*FloorDiv(x, a)
#   c*m*ModularIndexing(x, a*m, n) + c*ModularIndexing(x, a, m) -> c*ModularIndexing(x, a, m*n)

_MAX_SIMPLIFY_ROUNDS = 16
# index variables missing from `ranges` are unbounded: nothing is assumed about them
_INDEX_VARIABLE = INDEX_VARIABLE


def simplify_index(expr, ranges=None) -> sympy.Expr:
    """Simplifies an index expression, given `ranges` {index variable name or symbol: size}."""
    sizes = {str(k): _abstract_sizes(as_expr(size)) for k, size in (ranges or {}).items()}
    nonempty = _nonnegative_in_ranges(sizes.values())
    ranges_key = tuple(sorted((k, size.xreplace(nonempty)) for k, size in sizes.items()))
    simplified = _simplify_cached(sympy.expand(_abstract_sizes(as_expr(expr)).xreplace(nonempty)), ranges_key)
    atoms = {a: _SIZE_ATOM_VALUES[a] for a in simplified.free_symbols if a in _SIZE_ATOM_VALUES}
    return simplified.xreplace(atoms)


# Size functions (a strided convolution's output size FloorDiv(s0 - 1, 2) + 1, nested once per strided
# layer; a padding's Max(0, 3 - ModularIndexing(s0, 4, 2))) are simplified once and stand for one integer
# symbol while an index is simplified: rebuilding their trees at every step took a deep network's recompile
# many minutes. An atom is non-negative where its function is proven so, else of unknown sign (never taken
# for a positive size).
_SIZE_FUNCTIONS = (FloorDiv, CeilDiv, ModularIndexing, Min, Max)
_SIZE_ATOM_VALUES: dict[sympy.Symbol, sympy.Expr] = {}
_SIZE_ATOM_PREFIX = "_size"
_size_atom_numbers = itertools.count()


@lru_cache(maxsize=1 << 16)
def _abstract_sizes(expr: sympy.Expr) -> sympy.Expr:
    """`expr` with its nested size functions (a size function of size functions) as atoms."""
    if expr.is_Atom:
        return expr
    if isinstance(expr, _SIZE_FUNCTIONS) and not _has_index_variable(expr):
        nested = any(a.has(*_SIZE_FUNCTIONS) for a in expr.args)
        return _simplified_size_function(expr) if nested else expr
    return _rebuilt(expr, [_abstract_sizes(a) for a in expr.args])


def _nonnegative_in_ranges(sizes) -> dict:
    """Atoms of unknown sign that a range's size `atom + k` (k >= 1) shows non-negative -> their non-negative
    twins: an index is only evaluated inside its ranges, so where it is, every range holds a point."""
    found = {}
    for size in sizes:
        constant, rest = size.as_coeff_Add()
        if constant >= 1 and rest in _SIZE_ATOM_VALUES and not rest.is_nonnegative:
            found[rest] = _nonnegative_twin(rest)
    return found


@lru_cache(maxsize=4096)
def _nonnegative_twin(atom: sympy.Symbol) -> sympy.Symbol:
    twin = sympy.Symbol(f"{atom.name}_", integer=True, nonnegative=True)
    _SIZE_ATOM_VALUES[twin] = _SIZE_ATOM_VALUES[atom]
    return twin


@lru_cache(maxsize=1 << 14)
def _expanded_abstract(expr: sympy.Expr) -> sympy.Expr:
    return sympy.expand(_abstract_sizes(expr))


def _rebuilt(expr: sympy.Expr, args: list) -> sympy.Expr:
    return expr if all(a is b for a, b in zip(args, expr.args)) else expr.func(*args)


def _atoms_for_size_functions(expr: sympy.Expr) -> sympy.Expr:
    if expr.is_Atom:
        return expr
    if isinstance(expr, _SIZE_FUNCTIONS) and not _has_index_variable(expr):
        return _size_atom(expr)
    return _rebuilt(expr, [_atoms_for_size_functions(a) for a in expr.args])


@lru_cache(maxsize=4096)
def _simplified_size_function(call: sympy.Expr) -> sympy.Expr:
    """The call simplified (one form for equal values: ModularIndexing(FloorDiv(s0, 4), 1, 2) is
    ModularIndexing(s0, 4, 2)), its size functions as atoms."""
    return _atoms_for_size_functions(_simplify_cached(sympy.expand(call), ()))


@lru_cache(maxsize=4096)
def _size_atom(call: sympy.Expr) -> sympy.Symbol:
    sign = {"nonnegative": True} if _nonnegative_call(call) else {}
    atom = sympy.Symbol(f"{_SIZE_ATOM_PREFIX}{next(_size_atom_numbers)}", integer=True, **sign)
    _SIZE_ATOM_VALUES[atom] = call
    return atom


def evaluate_index(expr, values):
    """Evaluates an index expression at `values` {symbol name: int or integer array}, with floor semantics."""
    if expr.is_Integer:
        return int(expr)
    if expr.is_Symbol:
        return values[expr.name]
    args = [evaluate_index(a, values) for a in expr.args]
    if expr.is_Add:
        return _fold(args, lambda a, b: a + b)
    if expr.is_Mul:
        return _fold(args, lambda a, b: a * b)
    if expr.is_Pow and expr.args[1].is_Integer and int(expr.args[1]) >= 0:
        return args[0] ** int(expr.args[1])
    if isinstance(expr, FloorDiv):
        return args[0] // args[1]
    if isinstance(expr, ModularIndexing):
        return (args[0] // args[1]) % args[2]
    if isinstance(expr, CeilDiv):
        return -(-args[0] // args[1])
    if isinstance(expr, COMPARISONS):
        return _compare(expr, args)
    if isinstance(expr, Where):
        import numpy as np

        return np.where(np.asarray(args[0]) != 0, args[1], args[2])[()]
    if isinstance(expr, Min | Max):
        import numpy as np

        return _fold(args, np.minimum if isinstance(expr, Min) else np.maximum)
    raise ValueError(f"cannot evaluate index expression {expr}")


def _compare(expr, args):
    """A comparison's 0/1 value (integers, or integer arrays element by element)."""
    import numpy as np

    compare = {"Lt": np.less, "Le": np.less_equal, "Eq": np.equal, "Ne": np.not_equal}[type(expr).__name__]
    return np.asarray(compare(args[0], args[1]), dtype=np.int64)[()]


def _fold(values, combine):
    result = values[0]
    for value in values[1:]:
        result = combine(result, value)
    return result


@lru_cache(maxsize=4096)
def _simplify_cached(expr: sympy.Expr, ranges_key: tuple) -> sympy.Expr:
    sizes = {sympy.Symbol(name): size for name, size in ranges_key}
    for _ in range(_MAX_SIMPLIFY_ROUNDS):
        simplified = sympy.expand(_simplify_node(expr, sizes))
        if simplified == expr:
            break
        expr = simplified
    return expr


def _simplify_node(expr: sympy.Expr, sizes: dict) -> sympy.Expr:
    if expr.is_Atom:
        return expr
    expr = expr.func(*[_simplify_node(a, sizes) for a in expr.args])
    if isinstance(expr, FloorDiv):
        return _simplify_floordiv(*expr.args, sizes)
    if isinstance(expr, ModularIndexing):
        return _simplify_modular(*expr.args, sizes)
    if expr.is_Add:
        return _combine_terms(expr)
    return expr


def _simplify_floordiv(x: sympy.Expr, d: sympy.Expr, sizes: dict) -> sympy.Expr:
    if not _positive(d):
        return FloorDiv(x, d)
    if isinstance(x, FloorDiv) and _positive(x.args[1]):
        return FloorDiv(x.args[0], x.args[1] * d)
    if isinstance(x, ModularIndexing) and _positive(x.args[1]) and _divides(d, x.args[2]):
        base, divisor, modulus = x.args
        return ModularIndexing(base, divisor * d, _quotient(modulus, d))
    quotient, rest = _split_multiples(x, d)
    if quotient != 0 and _kept_nonnegative(rest, sizes):
        return quotient + _simplify_floordiv(rest, d, sizes)
    if _within(x, d, sizes):
        return sympy.Integer(0)
    return FloorDiv(x, d)


def _simplify_modular(x: sympy.Expr, a: sympy.Expr, m: sympy.Expr, sizes: dict) -> sympy.Expr:
    if not (_positive(a) and _positive(m)):
        return ModularIndexing(x, a, m)
    if isinstance(x, FloorDiv) and _positive(x.args[1]):
        return ModularIndexing(x.args[0], x.args[1] * a, m)
    if isinstance(x, ModularIndexing) and _positive(x.args[1]) and _divides(a * m, x.args[2]):
        return ModularIndexing(x.args[0], x.args[1] * a, m)
    multiples, rest = _split_multiples(x, a * m)
    if multiples != 0 and _kept_nonnegative(rest, sizes):
        x = rest
    quotient, rest = _split_multiples(x, a)
    if rest == 0 and a != 1:
        return ModularIndexing(quotient, 1, m)
    if _within(x, a * m, sizes):
        return _simplify_floordiv(x, a, sizes)
    return ModularIndexing(x, a, m)


def _split_multiples(x: sympy.Expr, d: sympy.Expr) -> tuple[sympy.Expr, sympy.Expr]:
    """x = quotient*d + rest, where quotient collects the terms of x that are integer multiples of d.

    Terms are grouped by their factors over index variables first, so a symbolic divisor that is a sum (a
    convolution's output size `FloorDiv(s0 - 1, 2) + 1`, multiplied out) divides the group of terms it scales.
    """
    groups: dict[sympy.Expr, list[sympy.Expr]] = {}
    for term in sympy.Add.make_args(x):
        factors = sympy.Mul.make_args(term)
        indexed = [f for f in factors if _has_index_variable(f)]
        coefficient = sympy.Mul(*[f for f in factors if f not in indexed])
        groups.setdefault(sympy.Mul(*indexed), []).append(coefficient)
    quotient, rest = [], []
    for indexed, coefficients in groups.items():
        q = _quotient(sympy.Add(*coefficients), d)
        if _is_integer_polynomial(q):
            quotient.append(indexed * q)
            continue
        for coefficient in coefficients:  # else term by term
            q = _quotient(coefficient, d)
            if _is_integer_polynomial(q):
                quotient.append(indexed * q)
            else:
                rest.append(indexed * coefficient)
    return sympy.expand(sympy.Add(*quotient)), sympy.expand(sympy.Add(*rest))


def _quotient(n: sympy.Expr, d: sympy.Expr) -> sympy.Expr:
    """n / d, cancelled: term by term where d is one term (sympy cancels a product's factors as it builds
    it), by polynomial division (sympy.cancel, far slower) where d is a sum."""
    one_term = not any(f.is_Add or f.is_Pow and f.base.is_Add for f in sympy.Mul.make_args(d))
    return sympy.expand(n / d) if one_term else sympy.cancel(n / d)


def _has_index_variable(expr: sympy.Expr) -> bool:
    return any(_INDEX_VARIABLE.fullmatch(s.name) for s in expr.free_symbols)


def _divides(d: sympy.Expr, m: sympy.Expr) -> bool:
    return _is_integer_polynomial(_quotient(m, d))


def _is_integer_polynomial(q: sympy.Expr) -> bool:
    """Whether q is a sum of integer multiples of products of non-negative powers of integer-valued atoms."""
    for term in sympy.Add.make_args(sympy.expand(q)):
        coeff, rest = term.as_coeff_Mul()
        if not coeff.is_Integer:
            return False
        for factor in sympy.Mul.make_args(rest):
            if factor == 1:
                continue
            if factor.is_Pow and not (factor.args[1].is_Integer and factor.args[1] >= 0):
                return False
            if not (factor.is_Pow or factor.is_Symbol or isinstance(factor, FloorDiv | ModularIndexing)):
                return False
    return True


def _kept_nonnegative(rest: sympy.Expr, sizes: dict) -> bool:
    """Whether the part of a dividend left after taking out multiples of the divisor may stand alone: a
    constant (folded with floor semantics here), or never negative over the ranges. Kernels divide with
    Triton's truncating `//` and `%` (index_lowering.py): `(4 - s0 % 4) % 4` must not become
    `(-(s0 % 4)) % 4`."""
    if rest.is_Integer:
        return True
    bounds = index_bounds(rest, sizes)
    return bounds is not None and _nonnegative(bounds[0])


def _within(x: sympy.Expr, d: sympy.Expr, sizes: dict) -> bool:
    """Whether 0 <= x < d holds at every point of the ranges."""
    bounds = index_bounds(x, sizes)
    return bounds is not None and _nonnegative(bounds[0]) and _nonnegative(d - 1 - bounds[1])


def index_bounds(expr: sympy.Expr, sizes: dict):
    """(lowest, highest) value of `expr` over the ranges, in size symbols; None when unknown."""
    if expr.is_Number:
        return expr, expr
    if expr.is_Symbol:
        if expr in sizes:
            size = sizes[expr]
            return sympy.Integer(0), (sympy.Integer(size) if isinstance(size, int) else size) - 1
        return None if _INDEX_VARIABLE.fullmatch(expr.name) else (expr, expr)
    if expr.is_Add:
        parts = [index_bounds(a, sizes) for a in expr.args]
        if any(p is None for p in parts):
            return None
        return sympy.Add(*[p[0] for p in parts]), sympy.Add(*[p[1] for p in parts])
    if expr.is_Mul:
        coeff, rest = expr.as_coeff_Mul()
        bounds = _product_bounds(sympy.Mul.make_args(rest), sizes)
        return None if bounds is None else _scaled(bounds, coeff)
    if expr.is_Pow and expr.args[1].is_Integer and expr.args[1] > 0:
        return _product_bounds([expr.args[0]] * int(expr.args[1]), sizes)
    if isinstance(expr, FloorDiv) and _positive(expr.args[1]):
        inner = index_bounds(expr.args[0], sizes)
        return None if inner is None else (FloorDiv(inner[0], expr.args[1]), FloorDiv(inner[1], expr.args[1]))
    if isinstance(expr, ModularIndexing) and _positive(expr.args[2]):
        return sympy.Integer(0), expr.args[2] - 1
    return None


def _product_bounds(factors, sizes: dict):
    """Bounds of a product of factors that are all non-negative over the ranges; None otherwise."""
    lo, hi = sympy.Integer(1), sympy.Integer(1)
    for factor in factors:
        bounds = index_bounds(factor, sizes)
        if bounds is None or not _nonnegative(bounds[0]):
            return None
        lo, hi = lo * bounds[0], hi * bounds[1]
    return lo, hi


def _scaled(bounds, coeff: sympy.Expr):
    lo, hi = bounds
    return (coeff * lo, coeff * hi) if coeff >= 0 else (coeff * hi, coeff * lo)


def _positive(expr: sympy.Expr) -> bool:
    return _nonnegative(expr - 1)


@lru_cache(maxsize=1 << 14)
def _nonnegative(expr: sympy.Expr) -> bool:
    """Whether expr >= 0 for all positive integer values of its (size) symbols."""
    expr = sympy.expand(expr)
    if expr.is_Number:
        return bool(expr >= 0)
    expr = expr.xreplace(_nonnegative_sizes(expr))
    if all(_nonnegative_term(term) for term in sympy.Add.make_args(expr)):
        return True
    sizes = [s for s in expr.free_symbols if not s.is_Dummy and not s.name.startswith(_SIZE_ATOM_PREFIX)]
    positive = {s: sympy.Symbol(s.name, positive=True, integer=True) for s in sizes}
    expr = expr.xreplace(positive)
    return bool(expr.is_nonnegative) or bool(sympy.factor(expr).is_nonnegative)


def never_below(a: sympy.Expr, b: sympy.Expr) -> bool:
    """Whether a >= b for all positive values of the size symbols, proven cheaply: every term of the expanded
    a - b is a non-negative multiple of a product of sizes and never-negative size functions
    (FloorDiv(s0 - 1, 2), ...). False when that does not prove it (a and b may still be ordered)."""
    difference = _expanded_abstract(a) - _expanded_abstract(b)  # like terms cancel as the sum is built
    if difference.is_Number:
        return bool(difference >= 0)
    difference = difference.xreplace(_nonnegative_sizes(difference))
    return all(_nonnegative_term(term) for term in sympy.Add.make_args(difference))


INT32_MAX = 2**31 - 1  # the largest offset a kernel indexing in int32 reaches


def longer_than(expr: sympy.Expr, limit: int) -> bool:
    """Whether the expression prints longer than about `limit` characters: names, digits, function names and
    operators counted over its tree without printing it, and only up to there (a composed index can be a tree
    exponentially larger than the shared graph it is built as, too large even to print; printing sorts the
    terms of every sum, which cost a deep network's recompile a minute and a half)."""
    length = 0
    for node in sympy.preorder_traversal(expr):
        length += _printed_length(node)
        if length > limit:
            return True
    return False


def _printed_length(node: sympy.Expr) -> int:
    """The characters a node adds to its printed expression, its arguments aside."""
    if node.is_Symbol:
        return len(node.name)
    if node.is_Integer:
        return len(str(abs(int(node))))
    if node.is_Add:
        return 3 * (len(node.args) - 1)
    if node.is_Mul or node.is_Pow:
        return 2 * (len(node.args) - 1)
    if isinstance(node, sympy.Function):
        return len(type(node).__name__) + 2 * len(node.args)
    return 1


def largest_bounds(bounds, key=str) -> list[sympy.Expr]:
    """The expanded bounds that no other one is proven at least as large as (never_below, or a multiple):
    those whose checks imply the checks of all the others. `key` orders them, largest first where it can
    (a value at the traced sizes): a bound is compared with the kept ones only."""
    kept: list[sympy.Expr] = []
    for b in sorted({sympy.expand(b) for b in bounds}, key=key):
        if not any(_at_least(k, b) for k in kept):
            kept = [k for k in kept if not _at_least(b, k)] + [b]
    return kept


def _at_least(a: sympy.Expr, b: sympy.Expr) -> bool:
    return never_below(a, b) or _multiple_of(a, b)


def _multiple_of(a: sympy.Expr, b: sympy.Expr) -> bool:
    """Whether a = c * m * b for a c >= 1 and a product m of sizes (each >= 1), with b > 0: then a >= b (a zero
    b divides nothing; never_below decides a >= 0)."""
    if b.is_zero or not never_below(b, sympy.Integer(0)):
        return False
    coefficient, product = sympy.cancel(a / b).as_coeff_Mul()
    return coefficient >= 1 and _nonnegative_term(product)


def _nonnegative_term(term: sympy.Expr) -> bool:
    coefficient, product = term.as_coeff_Mul()
    if coefficient < 0:
        return False
    for factor in sympy.Mul.make_args(product) if product != 1 else ():
        base, exponent = factor.as_base_exp()
        if not (base.is_Symbol and not _has_index_variable(base) and exponent.is_Integer and exponent >= 0):
            return False
        if base.name.startswith(_SIZE_ATOM_PREFIX) and not base.is_nonnegative:
            return False
    return True


def _nonnegative_sizes(expr: sympy.Expr) -> dict:
    """Size functions of `expr` (FloorDiv(s0 - 1, 2), ...) that are never negative -> non-negative symbols."""
    found = {}
    for call in expr.atoms(FloorDiv, CeilDiv, ModularIndexing, Min, Max):
        if call.free_symbols and not _has_index_variable(call) and _nonnegative_call(call):
            found[call] = sympy.Dummy(nonnegative=True, integer=True)
    return found


@lru_cache(maxsize=4096)
def _nonnegative_call(call: sympy.Expr) -> bool:
    if isinstance(call, FloorDiv | CeilDiv):
        return _nonnegative(call.args[0]) and _positive(call.args[1])
    if isinstance(call, ModularIndexing):
        return _positive(call.args[1]) and _positive(call.args[2])
    return all(_nonnegative(a) for a in call.args) if isinstance(call, Min) else any(
        _nonnegative(a) for a in call.args)


def _combine_terms(expr: sympy.Expr) -> sympy.Expr:
    """Recombines c*m*FloorDiv(x, a*m) + c*ModularIndexing(x, a, m) (and the modular pair) into one term."""
    terms = [_split_index_term(t) for t in sympy.Add.make_args(expr)]
    for j, first in enumerate(terms):
        for k, second in enumerate(terms):
            merged = None if j == k else _merge_pair(first, second)
            if merged is not None:
                rest = [_join(t) for n, t in enumerate(terms) if n not in (j, k)]
                return sympy.Add(merged, *rest)
    return expr


def _split_index_term(term: sympy.Expr):
    """term = coeff * f with f a single FloorDiv or ModularIndexing factor: (coeff, f), else (term, None)."""
    factors = sympy.Mul.make_args(term)
    calls = [f for f in factors if isinstance(f, FloorDiv | ModularIndexing)]
    if len(calls) != 1:
        return term, None
    return sympy.Mul(*[f for f in factors if f is not calls[0]]), calls[0]


def _join(split) -> sympy.Expr:
    coeff, call = split
    return coeff if call is None else coeff * call


def _merge_pair(outer, inner):
    """The merged term of `outer` (coarser) and `inner` (ModularIndexing(x, a, m)), or None."""
    (c_outer, f_outer), (c_inner, f_inner) = outer, inner
    if not isinstance(f_inner, ModularIndexing) or f_outer is None:
        return None
    x, a, m = f_inner.args
    if (
        f_outer.args[0] != x
        or not (_positive(a) and _positive(m))
        or sympy.expand(c_outer - c_inner * m) != 0
    ):
        return None
    if isinstance(f_outer, FloorDiv) and sympy.expand(f_outer.args[1] - a * m) == 0:
        return c_inner * FloorDiv(x, a)
    if isinstance(f_outer, ModularIndexing) and sympy.expand(f_outer.args[1] - a * m) == 0:
        return c_inner * ModularIndexing(x, a, m * f_outer.args[2])
    return None


def evaluate(expr_text: str | int, sizes: dict[str, int]) -> int:
    """An expression's value with the size symbols bound; symbols without a value count as 0."""
    expr = as_expr(expr_text)
    return int(expr.subs({s: sizes.get(str(s), 0) for s in expr.free_symbols}))
