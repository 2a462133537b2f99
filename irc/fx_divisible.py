"""Size symbols torch's guards prove multiples of an integer, read as that integer times a fresh size symbol.

A traced program that rounds a size up to a multiple of 2 and unfolds it into 2x2 patches (MobileViT's
`x.reshape(B * C * H // 2, 2, W // 2, 2)`) leaves torch the guard `Eq(2*CeilToInt(IntTrueDiv(s53, 2)), s53)`:
the view keeps its elements, s53**2 == 4*CeilDiv(s53, 2)**2, only because s53 is even, which an IR of plain
symbols cannot show. Where the guards prove s a multiple of d, the importer reads s as d*q for a fresh size
symbol q; the host binds q from an input's size (`s53002 = arg0_1.shape[2] // 2`, the input check then
asserting that size is 2*s53002, as Dynamo's guard does before), and CeilDiv(2*q, 2) is q in the IR:

    guard Eq(2*CeilToInt(IntTrueDiv(s53, 2)), s53)      s53  ->  2*s53002
    guard Eq(Mod(s7, 8), 0)                              s7   ->  8*s7008

Candidates are read off the guards by their form (a symbol, times an integer or not, divided by an integer or
taken modulo one), and one is kept only where torch proves its guard form from the guards; a symbol with
several is a multiple of their least common multiple. Nothing is evaluated from text.
"""

from __future__ import annotations

import weakref

# torch class name -> how a node of it names (numerator, divisor) and the fact that says the division is exact
_DIVISIONS = ("FloorDiv", "CleanDiv")  # FloorDiv(a, d): exact where d*FloorDiv(a, d) == a
_ROUNDINGS = ("CeilToInt", "FloorToInt")  # CeilToInt(IntTrueDiv(a, d)): the same
_REMAINDERS = ("Mod", "PythonMod")  # Mod(a, d): exact where Mod(a, d) == 0
FRESH_BASE = 1000  # s53's multiple of 2 is s53002: a name torch's numbering (s0 .. about s100) leaves free

# shape environment -> {"guards": guard count, "multiples": {symbol: d*q}, "names": {(symbol, d): q}}
_KNOWN: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def divisible_form(expr, shape_env):
    """`expr` (torch's sympy) with each size symbol the guards prove a multiple of d replaced by d*q."""
    replacements = multiples(shape_env)
    if not replacements or not (expr.free_symbols & replacements.keys()):
        return expr
    return expr.xreplace(replacements)


def symbol_hints(value) -> dict[str, int]:
    """{symbol: traced value} of a SymInt that is a bare size symbol, with its fresh symbol's value."""
    expr, hint = value.node.expr, value.node.hint
    if not expr.is_Symbol or hint is None:
        return {}
    hints = {str(expr): int(hint)}
    shape_env = value.node.shape_env
    multiple = multiples(shape_env).get(expr) if shape_env is not None else None
    if multiple is not None:
        factor, fresh = multiple.as_coeff_Mul()
        hints[str(fresh)] = int(hint) // int(factor)
    return hints


def multiples(shape_env) -> dict:
    """{size symbol: d*q} of the symbols the guards so far prove multiples of d > 1."""
    known = _KNOWN.setdefault(shape_env, {"guards": -1, "multiples": {}, "names": {}})
    count = len(shape_env.guards)
    if known["guards"] != count:
        divisors = _proven_divisors(shape_env)
        known["multiples"] = {s: d * _fresh(shape_env, known["names"], s, d) for s, d in sorted(
            divisors.items(), key=lambda item: str(item[0]))}
        known["guards"] = count
    return known["multiples"]


def _proven_divisors(shape_env) -> dict:
    """{symbol: the least common multiple of the integers the guards prove it a multiple of}."""
    import math

    facts = [guard.expr for guard in shape_env.guards] + list(getattr(shape_env, "divisible", ()))
    divisors: dict = {}
    checked: set = set()
    for fact in facts:
        for node in _nodes(fact):
            candidate = _candidate(node)
            if candidate is None or candidate in checked:
                continue
            checked.add(candidate)
            symbol, divisor, exact = candidate
            if proven(shape_env, exact):
                divisors[symbol] = math.lcm(divisors.get(symbol, 1), divisor)
    return divisors


def _nodes(fact):
    """The function nodes of a guard expression, outermost first."""
    stack = [fact]
    while stack:
        node = stack.pop()
        if node.is_Atom:
            continue
        yield node
        stack.extend(node.args)


def _candidate(node):
    """(symbol, divisor, the fact proving the symbol a multiple of it) of a division or remainder node whose
    numerator is a backed size symbol times an integer and whose divisor is an integer above 1, else None."""
    import sympy

    kind = type(node).__name__
    if kind in _ROUNDINGS and type(node.args[0]).__name__ == "IntTrueDiv":
        numerator, divisor = node.args[0].args
    elif kind in _DIVISIONS or kind in _REMAINDERS:
        numerator, divisor = node.args
    else:
        return None
    if not (divisor.is_Integer and int(divisor) > 1):
        return None
    coefficient, symbol = numerator.as_coeff_Mul()
    if not (coefficient.is_Integer and int(coefficient) > 0 and symbol.is_Symbol and _backed(symbol)):
        return None
    needed = int(divisor) // sympy.gcd(int(coefficient), int(divisor))
    if needed == 1:
        return None
    exact = sympy.Eq(node, 0) if kind in _REMAINDERS else sympy.Eq(divisor * node, numerator)
    return symbol, int(needed), exact


def _backed(symbol) -> bool:
    """Whether `symbol` is a size torch reads from an input (s0, s1, ...), not a data-dependent one."""
    from torch.utils._sympy.symbol import SymT, symbol_is_type

    return symbol_is_type(symbol, SymT.SIZE)


def _fresh(shape_env, names: dict, symbol, divisor: int):
    """The size symbol q of `symbol` = divisor*q: the same one each time, named apart from torch's symbols."""
    import sympy

    key = (symbol, divisor)
    if key not in names:
        taken = {str(s) for s in _symbols(shape_env)} | {str(q) for q in names.values()}
        number = int(symbol.name[1:]) * FRESH_BASE + divisor
        while f"s{number}" in taken:
            number += 1
        names[key] = sympy.Symbol(f"s{number}", integer=True, positive=True)
    return names[key]


def _symbols(shape_env):
    values = getattr(shape_env, "backed_var_to_val", None)  # torch before 2.12: var_to_val
    return (shape_env.var_to_val if values is None else values).keys() | shape_env.var_to_range.keys()


def proven(shape_env, fact) -> bool:
    """Whether torch's guards so far prove `fact` (torch's sympy relation)."""
    try:
        return bool(shape_env._maybe_evaluate_static(fact) == True)  # noqa: E712 - sympy's true
    except Exception:  # noqa: BLE001 - a fact torch cannot decide is not proven
        return False
