"""torch's symbolic sizes as irc index expressions: sympy trees converted node by node, never through text.

torch's shape environment writes sizes with its own sympy functions (torch.utils._sympy.functions); irc's
index grammar (dialects/sym_parse.py) knows FloorDiv, CeilDiv, ModularIndexing, Min, Max, Where and the 0/1
comparisons Lt, Le, Eq, Ne (dialects/sym_functions.py). Each torch node maps to one of them:

    FloorDiv(s0 - 1, 2) + 1           ->  FloorDiv(s0 - 1, 2) + 1        (torch prints it `((s0 - 1)//2) + 1`)
    -FloorDiv(-s0, 2)                 ->  CeilDiv(s0, 2)                  (`-(-a // b)`)
    PythonMod(s0, 3), Mod(s0, 3)      ->  ModularIndexing(s0, 1, 3)
    PowByNatural(s0, 2)               ->  s0**2
    FloorToInt(IntTrueDiv(s0, 3))     ->  FloorDiv(s0, 3)                 (float sizes exact as rationals)
    Piecewise((s0, s0 < s1), (s1, True))  ->  Where(Lt(s0, s1), s0, s1)

Anything else (a symbolic exponent, rounding to even, a size only known at run time: torch's unbacked
symbols u0, u1, ...) raises UnsupportedSize; the importer makes it an
UnsupportedGraph (fx_types.size_expr), and the graph runs eagerly.

A size is read as the graph's guards fix it (`guarded_expr`): a part of it that the ranges of its symbols hold
at one value is that value, and so is a part the guards prove equal to its traced value; a symbol the guards
prove a multiple of d is d times a fresh symbol (fx_divisible.py). A convolution's
output side `FloorDiv(s0 - 1, 32) + 1` is 1 where a broadcast guarded on it (s0 <= 32), and a side a broadcast
checked against a position embedding's 8 is 8, as torch's later sizes say: the graph's sizes agree.
"""

from __future__ import annotations

import weakref
from functools import lru_cache

from irc import sym_dag

# torch proves a guarded equality by walking the expression as a tree: parts longer than this are left as they are
PROVEN_PART = 100_000
# a part of a size longer than this (nodes as a tree) is a fresh size symbol defined by it (`named_long_parts`)
LONG_PART = 120
FRESH_LONG_BASE = 10**7  # names s10000000, s10000001, ...: apart from torch's and fx_divisible's


class UnsupportedSize(ValueError):
    """A size expression without an exact irc spelling."""

# float sizes (upsampling's scale factors) are dyadic; bigger denominators are not exact sizes
MAX_DENOMINATOR = 1 << 20


def irc_size(expr):
    """The irc sympy expression of a torch sympy expression of an integer size."""
    import sympy

    converted = _convert(expr)
    if any(not atom.is_Integer for atom in converted.atoms(sympy.Rational)) or converted.atoms(sympy.Float):
        raise UnsupportedSize(f"size {expr} is not an integer expression")
    return converted


def expanded_polynomial(expr):
    """`expr` multiplied out where it is a short polynomial of sizes (no size functions in it): torch writes
    one size as `s23*(s27 - 1)` in one place and `s23*s27 - s23` in another, which irc's types compare by form."""
    import sympy

    if expr.is_Atom or sym_dag.longer_tree_than(expr, LONG_PART) or expr.atoms(sympy.Function):
        return expr
    return sympy.expand(expr)


def graph_size_definitions(gm) -> dict:
    """{symbol name: irc expression} of fx_divisible.derived_definitions for an FX graph's symbolic inputs, then
    of the long parts named so far (`named_long_parts`), each after the symbols its definition reads."""
    from irc.fx_divisible import derived_definitions, input_symints

    for dim in input_symints(gm):
        shape_env = dim.node.shape_env
        if shape_env is not None:
            derived = {q.name: irc_size(e) for q, e in derived_definitions(shape_env).items()}
            return derived | {q.name: e for e, q in _LONG_NAMES.get(shape_env, {}).items()}
    return {}


def settled_size(expr, shape_env):
    """`expr` (irc's sympy) with each outermost part that reads the fresh symbols of guarded expressions
    (fx_divisible.derived_definitions) written without divisions where their definitions make that exact
    (sym_equal.division_free_form). A length padded to a multiple of 4 is 4*q, q = FloorDiv(P, 4); cut back
    after a chunked scan, torch's size `FloorDiv(P, 4)*FloorDiv(P, FloorDiv(P, 4)) - pad` reads 4*q - pad,
    which is the length s27 itself, as the tensors it broadcasts with are:

        4*s27004 - ModularIndexing(4 - ModularIndexing(s27, 1, 4), 1, 4)  ->  s27
    """
    from irc.fx_divisible import derived_definitions

    derived = derived_definitions(shape_env) if shape_env is not None else {}
    if not derived or expr.is_number:
        return expr
    definitions = tuple(sorted(((_convert(q), irc_size(e)) for q, e in derived.items()), key=str))
    return _settled(expr, definitions)


@lru_cache(maxsize=4096)
def _settled(expr, definitions: tuple):
    from irc.dialects.sym_equal import division_free_form

    symbols = {q for q, _ in definitions}
    if not (sym_dag.free_symbols(expr) & symbols):
        return expr
    defined = expr
    for _ in definitions:  # a definition may read another fresh symbol
        if not (sym_dag.free_symbols(defined) & symbols):
            break
        defined = sym_dag.replace(defined, dict(definitions))
    form = None if sym_dag.free_symbols(defined) & symbols else division_free_form(defined)
    if form is not None or expr.is_Atom:
        return expr if form is None else form
    return expr.func(*[_settled(a, definitions) for a in expr.args])


def guarded_expr(value):
    """torch's sympy expression of a SymInt (SymFloat, SymBool), each part its guards fix folded."""
    from irc.fx_divisible import divisible_form
    from irc.fx_pinned import pinned_values

    expr = value.node.expr
    shape_env = value.node.shape_env
    if shape_env is None or expr.is_number:
        return expr
    pinned = pinned_values(shape_env)
    if pinned and sym_dag.free_symbols(expr) & pinned.keys():  # every size and stride reads the value
        expr = sym_dag.replace(expr, pinned)
        if expr.is_number:
            return expr
    if expr.is_Atom:
        expr = _guarded_equals(shape_env).get(expr, expr)
        if expr.is_Atom:
            return divisible_form(expr, shape_env)
    folded = _fold_guarded_equal(_fold_fixed(expr, _ranges(expr, shape_env)), shape_env)
    return folded if folded.is_number else divisible_form(_fold_proven(folded, shape_env), shape_env)


# shape environment -> {irc expression of a long part: its fresh size symbol}, in the order they were named
_LONG_NAMES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def named_long_parts(expr, shape_env):
    """`expr` (irc's sympy) with each part longer than LONG_PART nodes, bottom-up, replaced by a fresh size
    symbol defined by it, which graph_size_definitions writes into the graph's `irc.size_definitions`. A deep
    network's TF-padded sizes read the previous side three times per strided layer, trees of 3**layers nodes that
    no IR text can hold; named, each is a short definition over the last one's symbol:

        FloorDiv(s0 + Max(0, 2*CeilDiv(s0, 2) - s0 + 1) - 3, 2) + 1  ...  (8 strided layers)
        ->  s10000003,  s10000003 = FloorDiv(s10000002 + Max(0, ...) - 3, 2) + 1
    """
    import sympy

    if shape_env is None or not sym_dag.longer_tree_than(expr, LONG_PART):
        return expr
    names = _LONG_NAMES.setdefault(shape_env, {})
    sizes: dict = {}

    def visit(node, args):
        if args is None:
            sizes[node] = 1
            return node
        rebuilt = node if all(new is old for new, old in zip(args, node.args)) else node.func(*args)
        size = 1 + sum(sizes[a] for a in args)
        if size > LONG_PART and not isinstance(rebuilt, sympy.logic.boolalg.Boolean):
            rebuilt = names.setdefault(rebuilt, _long_name(len(names)))
            size = 1
        sizes[rebuilt] = size
        return rebuilt

    return sym_dag.rebuild(expr, visit)


def _long_name(number: int):
    import sympy

    return sympy.Symbol(f"s{FRESH_LONG_BASE + number}")  # without assumptions, as irc's parser builds symbols


# shape environment -> {(expression, guards so far): the expression with the parts its guards prove folded}
_PROVEN: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def _fold_guarded_equal(expr, shape_env):
    """`expr` with the parts that guards equate with a size symbol or a fixed value (`_guarded_equals`)
    replaced. MPT slices its ALiBi bias from `max(0, 2048 - length)`; the broadcast against the scores leaves
    the guard `Eq(s34, 2048 - Max(0, 2048 - s34))`, which no range shows (s34 <= 2048 is not among them).
    Labels passed flattened beside [s23, s27] input ids leave `Eq(s97, s23*s27)`, which torch does not
    substitute. An associative scan over two inputs of lengths s98 and s20 halves both and combines the
    halves, leaving `Eq(s20//2, s98//2)`, where the ranges fix s98 to 6..7 but say nothing of s20:

        2048 - Max(0, 2048 - s34)  ->  s34
        16*s97                     ->  16*s23*s27
        s20//2                     ->  3
    """
    equal = _guarded_equals(shape_env)
    return sym_dag.replace(expr, equal) if equal and not expr.is_Atom else expr


def _guarded_equals(shape_env) -> dict:
    """{part: its replacement} of the guards `Eq(symbol, expression)` (either way round) among `shape_env`'s: an
    expression of the symbol itself becomes the symbol; the symbol becomes a product of other sizes (the
    spelling of every view that flattens them); any other expression becomes the symbol (a graph resumed after a
    break takes a pooled size as an input symbol and meets its formula again). A guard `Eq(a, b)` where one side is fixed at a value (by the
    ranges, or by the guards read before) makes the other side that value (`_guarded_values`)."""
    import sympy

    known = _EQUALS.get(shape_env)
    if known is not None and known[0] == len(shape_env.guards):
        return known[1]
    equal: dict = {}
    facts = [guard.expr for guard in shape_env.guards if isinstance(guard.expr, sympy.Eq)]
    for fact in facts:
        for symbol, other in ((fact.lhs, fact.rhs), (fact.rhs, fact.lhs)):
            if not symbol.is_Symbol or other.is_Atom:
                continue
            if symbol in sym_dag.free_symbols(other):
                equal.setdefault(other, symbol)
            elif other.is_Mul and all(f.is_Symbol or f.is_Integer for f in other.args):
                equal.setdefault(symbol, other)
            else:
                equal.setdefault(other, symbol)
    equal |= {part: value for part, value in _guarded_values(facts, shape_env).items() if part not in equal}
    _EQUALS[shape_env] = (len(shape_env.guards), equal)
    return equal


def _guarded_values(facts: list, shape_env) -> dict:
    """{part: integer} of the guard equalities `facts` with one side an integer once the ranges fix its parts
    (`_fold_fixed`) and the parts found so far are put in; the other side, when it is not a size symbol (a
    symbol is bound from an input's size), is that integer. Repeated until no guard gives a new part."""
    values: dict = {}
    while True:
        found = {}
        for fact in facts:
            sides = [_fold_fixed(sym_dag.replace(side, values), _ranges(side, shape_env))
                     for side in fact.args]
            for side, fixed in ((fact.lhs, sides[1]), (fact.rhs, sides[0])):
                if fixed.is_Integer and not side.is_number and not side.is_Symbol and side not in values:
                    found[side] = fixed
        if not found:
            return values
        values |= found


def _ranges(expr, shape_env) -> tuple:
    """((symbol, its ValueRanges)) of `expr`'s symbols; a symbol the guards pin (fx_pinned.py): its value."""
    from torch.utils._sympy.value_ranges import ValueRanges

    from irc.fx_pinned import pinned_values

    pinned = pinned_values(shape_env)
    return tuple((s, ValueRanges(pinned[s], pinned[s]) if s in pinned else shape_env.var_to_range.get(s))
                 for s in sorted(sym_dag.free_symbols(expr), key=str))


# shape environment -> (guard count, _guarded_equals' table at that count)
_EQUALS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def _fold_proven(expr, shape_env):
    """`expr` with its outermost integer parts that the guards prove equal to their traced values (an
    equality a broadcast checked, say, which no range shows) replaced by those values."""
    import sympy

    from irc.fx_divisible import proven, traced_values

    known = _PROVEN.setdefault(shape_env, {})
    key = (expr, len(shape_env.guards))
    if key in known:
        return known[key]

    values = traced_values(shape_env)
    traced = sym_dag.rebuilt_parts(expr, lambda node, args: values.get(node, node) if args is None else node.func(*args))
    parts = sym_dag.tree_sizes(expr)
    folded: dict = {}

    def fold(part):
        if part.is_Atom or isinstance(part, sympy.logic.boolalg.Boolean):
            return part if part.is_Atom else part.func(*[fold(a) for a in part.args])
        if part not in folded:
            value = traced[part]
            exact = value.is_Integer and parts[part] <= PROVEN_PART and proven(shape_env, sympy.Eq(part, value))
            folded[part] = value if exact else part.func(*[fold(a) for a in part.args])
        return folded[part]

    known[key] = fold(expr)
    return known[key]


@lru_cache(maxsize=4096)
def _fold_fixed(expr, ranges: tuple):
    """`expr` with its outermost integer parts that `ranges` (symbol -> ValueRanges) hold at one value
    replaced by the value."""
    import sympy
    known = {symbol: bounds for symbol, bounds in ranges if bounds is not None}
    bounds = sym_dag.value_ranges(expr, known)
    folded: dict = {}

    def fold(part):
        if part.is_Atom or isinstance(part, sympy.logic.boolalg.Boolean):
            return part if part.is_Atom else part.func(*[fold(a) for a in part.args])
        if part not in folded:
            held = bounds.get(part)
            fixed = held is not None and held.is_singleton() and isinstance(held.lower, sympy.Integer)
            folded[part] = held.lower if fixed else part.func(*[fold(a) for a in part.args])
        return folded[part]

    return fold(expr)


@lru_cache(maxsize=4096)
def _convert(expr):
    """`expr` with torch's functions replaced by irc's; float values as exact rationals."""
    import sympy

    if expr.is_Integer or isinstance(expr, sympy.Rational):
        return sympy.Rational(expr)
    if isinstance(expr, sympy.Float):
        return sympy.Rational(float(expr))
    if expr.is_Symbol:
        if _unbacked(expr):
            raise UnsupportedSize(f"size {expr} depends on the values in a tensor (a data-dependent shape)")
        return sympy.Symbol(expr.name)  # without torch's assumptions, as irc's parser builds them
    if expr in (sympy.true, sympy.false):
        return sympy.Integer(int(bool(expr)))
    rule = _rules().get(type(expr).__name__)
    if rule is None or not _owned(expr):
        raise UnsupportedSize(f"size expression {type(expr).__name__} ({expr}) has no irc form")
    return rule(expr, [_convert(a) for a in expr.args] if not isinstance(expr, sympy.Piecewise) else None)


def _unbacked(symbol) -> bool:
    """Whether torch made `symbol` for a value only known at run time (`nonzero`'s length, `item()`)."""
    from torch.utils._sympy.symbol import SymT, symbol_is_type

    return symbol_is_type(symbol, (SymT.UNBACKED_INT, SymT.UNBACKED_FLOAT))


def _owned(expr) -> bool:
    """Whether `expr` is sympy's or torch's class of that name, not some other module's."""
    module = type(expr).__module__
    return module.startswith(("sympy.", "torch.utils._sympy."))


@lru_cache(maxsize=1)
def _rules() -> dict:
    """torch or sympy class name -> (expr, converted args) -> irc expression; one row per node kind."""
    import sympy

    from irc.dialects.sym_functions import Eq, FloorDiv, Le, Lt, Max, Min, ModularIndexing, Ne

    def pow_(expr, args):
        base, exponent = args
        if not (exponent.is_Integer and 0 <= int(exponent) <= 64):
            raise UnsupportedSize(f"size {expr} has an exponent that is not a small constant")
        return base ** int(exponent)

    def shift(divide: bool):
        def rule(expr, args):
            power = pow_(expr, [sympy.Integer(2), args[1]])
            return FloorDiv(args[0], power) if divide else args[0] * power

        return rule

    def mod(_, args):
        return ModularIndexing(args[0], 1, args[1])

    def truncate(expr, args):
        numerator, denominator = _fraction(expr, args[0])
        down, up = _floor_div(expr, (numerator, denominator)), _ceil_div(expr, (numerator, denominator))
        if expr.args[0].is_nonnegative:  # torch's size symbols are positive
            return down
        return _where(Lt(numerator * denominator, 0), up, down)

    return {
        "Add": lambda _, args: sympy.Add(*args),
        "Mul": lambda _, args: sympy.Mul(*args),
        "Pow": pow_,
        "PowByNatural": pow_,
        "FloatPow": pow_,
        "FloorDiv": _floor_div,
        "CleanDiv": _floor_div,
        "CeilDiv": _ceil_div,
        "ModularIndexing": lambda _, args: ModularIndexing(*args),
        "PythonMod": mod,
        "Mod": mod,
        "Min": lambda _, args: Min(*args),
        "Max": lambda _, args: Max(*args),
        "Identity": lambda _, args: args[0],
        "ToFloat": lambda _, args: args[0],
        "IntTrueDiv": lambda _, args: args[0] / args[1],
        "FloatTrueDiv": lambda _, args: args[0] / args[1],
        "FloorToInt": lambda expr, args: _floor_div(expr, _fraction(expr, args[0])),
        "floor": lambda expr, args: _floor_div(expr, _fraction(expr, args[0])),
        "CeilToInt": lambda expr, args: _ceil_div(expr, _fraction(expr, args[0])),
        "ceiling": lambda expr, args: _ceil_div(expr, _fraction(expr, args[0])),
        "TruncToInt": truncate,
        "TruncToFloat": truncate,
        "LShift": shift(divide=False),
        "RShift": shift(divide=True),
        "StrictLessThan": lambda _, args: Lt(*args),
        "LessThan": lambda _, args: Le(*args),
        "StrictGreaterThan": lambda _, args: Lt(args[1], args[0]),
        "GreaterThan": lambda _, args: Le(args[1], args[0]),
        "Equality": lambda _, args: Eq(*args),
        "Unequality": lambda _, args: Ne(*args),
        "And": lambda _, args: Min(*args),
        "Or": lambda _, args: Max(*args),
        "Not": lambda _, args: 1 - args[0],
        "Where": lambda _, args: _where(*args),
        "Piecewise": _piecewise,
    }


def _floor_div(_, args):
    """FloorDiv(-a, b) is -CeilDiv(a, b), so `-(-a // b)` (Python's ceiling division) reads CeilDiv(a, b) and
    no division of a negative numerator is left (kernels divide non-negative indices with truncation)."""
    from irc.dialects.sym_functions import CeilDiv, FloorDiv

    numerator, divisor = args
    if numerator.could_extract_minus_sign():
        return -CeilDiv(-numerator, divisor)
    return FloorDiv(numerator, divisor)


def _ceil_div(_, args):
    from irc.dialects.sym_functions import CeilDiv, FloorDiv

    numerator, divisor = args
    if numerator.could_extract_minus_sign():
        return -FloorDiv(-numerator, divisor)
    return CeilDiv(numerator, divisor)


def _fraction(expr, value):
    """(numerator, denominator) of a rational size value, each an integer expression."""
    import sympy

    numerator, denominator = sympy.fraction(sympy.together(value))
    if denominator.is_Integer and int(denominator) > MAX_DENOMINATOR:
        raise UnsupportedSize(f"size {expr} divides by {denominator}")
    return sympy.expand(numerator), denominator


def _where(condition, if_true, if_false):
    from irc.dialects.sym_functions import Where

    return Where(condition, if_true, if_false)


def _piecewise(expr, _):
    """Piecewise((e1, c1), ..., (en, True)) -> Where(c1, e1, Where(..., en)); no branch taken is an error."""
    pieces = [(_convert(value), _convert(condition)) for value, condition in expr.args]
    value, condition = pieces[-1]
    if condition != 1:
        raise UnsupportedSize(f"size {expr} has no default branch")
    for branch, branch_condition in reversed(pieces[:-1]):
        value = _where(branch_condition, branch, value)
    return value

