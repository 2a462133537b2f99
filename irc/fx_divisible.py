"""Size symbols torch's guards prove multiples of an integer, read as that integer times a fresh size symbol.

A traced program that rounds a size up to a multiple of 2 and unfolds it into 2x2 patches (MobileViT's
`x.reshape(B * C * H // 2, 2, W // 2, 2)`) leaves torch the guard `Eq(2*CeilToInt(IntTrueDiv(s53, 2)), s53)`:
the view keeps its elements, s53**2 == 4*CeilDiv(s53, 2)**2, only because s53 is even, which an IR of plain
symbols cannot show. Where the guards prove s a multiple of d, the importer reads s as d*q for a fresh size
symbol q; the host binds q from an input's size (`s53002 = arg0_1.shape[2] // 2`, the input check then
asserting that size is 2*s53002, as Dynamo's guard does before), and CeilDiv(2*q, 2) is q in the IR:

    guard Eq(2*CeilToInt(IntTrueDiv(s53, 2)), s53)      s53  ->  2*s53002
    guard Eq(Mod(s7, 8), 0)                              s7   ->  8*s7008
    guard Ne(Mod(s5, 2), 1)               (a parity branch)     s5   ->  2*s5002
    guard Mod(4 - Mod(s5, 4), 4) <= 0     (no padding to 4)     s5   ->  4*s5004

A guarded part that is an expression rather than a symbol (the side after a strided stem,
`FloorDiv(s53 - 1, 8) + 1`, rounded up to a multiple of 2 the same way) is read as d times a fresh symbol too;
that symbol is defined by the sizes it comes from, `FloorDiv(FloorDiv(s53 - 1, 8) + 1, 2)`, which the importer
writes into the function's `irc.size_definitions` and the host evaluates once the sizes in it are bound
(`derived_definitions`).

Candidates are read off the guards by their form (a symbol, times an integer or not, divided by an integer or
taken modulo one), and one is kept only where torch proves its guard form from the guards; a symbol with
several is a multiple of their least common multiple. A guarded expression that is an integer times another
one's quotient once the others are put in folds into it (s0 // 2 and (s0 // 2 + 1) // 2 even: s0 // 2 is
4*q, not two unrelated symbols). Nothing is evaluated from text.
"""

from __future__ import annotations

import math
import weakref

from irc import sym_dag

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
    if not replacements or not (sym_dag.free_symbols(expr) & _key_symbols(replacements)):
        return expr
    return sym_dag.replace(expr, replacements)


def _key_symbols(replacements: dict) -> set:
    return set().union(*(sym_dag.free_symbols(key) for key in replacements))


def derived_definitions(shape_env) -> dict:
    """{fresh symbol q: FloorDiv(E, d)} of each guarded expression E = d*q that is not a bare symbol (in the
    terms the importer writes sizes in: a symbol E reads that is a multiple itself is d'*q' there too), in
    torch's sympy (fx_sizes.graph_size_definitions gives them in irc's)."""
    replacements = multiples(shape_env)
    atoms = {k: v for k, v in replacements.items() if k.is_Symbol}
    found = {}
    for expr, multiple in replacements.items():
        if not expr.is_Symbol:
            factor, fresh = multiple.as_coeff_Mul()
            found[fresh] = _floor_div(sym_dag.replace(expr, atoms), int(factor))
    return found


def input_symints(gm) -> list:
    """The SymInts of an FX graph's inputs: SymInt inputs, and the symbolic sizes and strides of tensors."""
    import torch

    found = []
    for node in gm.graph.find_nodes(op="placeholder"):
        value = node.meta.get("val")
        dims = [value] if isinstance(value, torch.SymInt) else []
        if isinstance(value, torch.Tensor):
            dims = [*value.shape, *value.stride()]
        found += [dim for dim in dims if isinstance(dim, torch.SymInt)]
    return found


def _floor_div(expr, divisor: int):
    from torch.utils._sympy.functions import FloorDiv

    return FloorDiv(expr, divisor)


def symbol_hints(value) -> dict[str, int]:
    """{symbol: traced value} of each size symbol a SymInt reads (a bare one, or those of an expression: a padded
    side `s53 + Max(...)` in a backward graph's saved sizes), with the values of their fresh symbols."""
    shape_env = value.node.shape_env
    if shape_env is None:
        return {}
    values = traced_values(shape_env)
    hints = {}
    for symbol in sym_dag.free_symbols(value.node.expr):
        hint = values.get(symbol)
        if hint is None or not hint.is_Integer:
            continue
        hints[str(symbol)] = int(hint)
        multiple = multiples(shape_env).get(symbol)
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
        known["multiples"] = {e: d * _fresh(shape_env, known["names"], e, d) for e, d in sorted(
            divisors.items(), key=lambda item: (not item[0].is_Symbol, str(item[0])))}
        known["guards"] = count
    return known["multiples"]


def _proven_divisors(shape_env) -> dict:
    """{symbol or expression: the least common multiple of the integers the guards prove it a multiple of}."""
    facts = [guard.expr for guard in shape_env.guards] + list(getattr(shape_env, "divisible", ()))
    divisors: dict = {}
    checked: set = set()
    for fact in facts:
        for node in _nodes(fact):
            for candidate in _candidates(node):
                if candidate in checked:
                    continue
                checked.add(candidate)
                symbol, divisor, exact = candidate
                if any(proven(shape_env, fact) for fact in exact):
                    divisors[symbol] = math.lcm(divisors.get(symbol, 1), divisor)
    return _folded_multiples(divisors)


def _folded_multiples(divisors: dict) -> dict:
    """The multiples with each guarded expression that, once the other multiples are put in, is an integer
    times another one's quotient folded into that one (Swin pads each stage's side to a multiple of 2 after a
    stride-2 stem: the guards prove s0 // 2 and (s0 // 2 + 1) // 2 even, so s0 // 2 is 4*q and the padding
    folds away); expressions the other multiples make multiples of their divisor already are dropped."""
    import sympy

    multiples = dict(divisors)
    while (change := _fold_one(multiples, {e: sympy.Dummy(integer=True, positive=True) for e in multiples})):
        multiples = change
    return multiples


def _fold_one(multiples: dict, quotients: dict) -> dict | None:
    """`multiples` with one expression folded or dropped (_folded_multiples), or None when none can be."""
    owners = {q: e for e, q in quotients.items()}
    for expr, divisor in multiples.items():
        if expr.is_Symbol:
            continue
        put_in = {e: multiples[e] * q for e, q in quotients.items() if e != expr}
        coefficient, rest = sym_dag.replace(expr, put_in).as_coeff_Mul()
        if not coefficient.is_Integer:
            continue
        left = {e: d for e, d in multiples.items() if e != expr}
        if rest == 1 or int(coefficient) % divisor == 0:
            return left
        quotient, power = rest.as_base_exp()
        if quotient in owners and owners[quotient] != expr and power.is_Integer and int(power) > 0:
            left[owners[quotient]] *= _root_multiple(divisor // math.gcd(int(coefficient), divisor), int(power))
            return left
    return None


def _root_multiple(need: int, power: int) -> int:
    """The least m such that q**power a multiple of `need` makes q a multiple of m (4 | q**2: 2 | q)."""
    import sympy

    return math.prod(p ** -(-a // power) for p, a in sympy.factorint(need).items())


def _nodes(fact):
    """The function nodes of a guard expression, outermost first."""
    stack = [fact]
    while stack:
        node = stack.pop()
        if node.is_Atom:
            continue
        yield node
        stack.extend(node.args)


def _candidates(node):
    """The candidates of `node` (_candidate); a padding to a multiple, Mod(w - Mod(x, w), w), is zero exactly
    where x is a multiple of w, so its facts are candidates for x too."""
    candidate = _candidate(node)
    if candidate is not None:
        yield candidate
    inner = _padded(node)
    if inner is not None and _size_of_inputs(inner):
        yield inner, int(node.args[1]), _exactness_facts(node, type(node).__name__, *node.args)


def _padded(node):
    """x of a remainder node Mod(w - Mod(x, w), w) (w an integer above 1), else None."""
    if type(node).__name__ not in _REMAINDERS or not (node.args[1].is_Integer and int(node.args[1]) > 1):
        return None
    width = node.args[1]
    constant, rest = node.args[0].as_coeff_Add()
    coefficient, remainder = rest.as_coeff_Mul()
    if constant != width or coefficient != -1 or type(remainder).__name__ not in _REMAINDERS:
        return None
    return remainder.args[0] if remainder.args[1] == width else None


def _candidate(node):
    """(symbol, divisor, facts any of which proves the symbol a multiple of it) of a division or remainder
    node whose numerator is a backed size symbol times an integer and whose divisor is an integer above 1,
    else None."""
    import sympy

    kind = type(node).__name__
    if kind in _ROUNDINGS and type(node.args[0]).__name__ == "IntTrueDiv":
        numerator, divisor = node.args[0].args
    elif kind in _DIVISIONS or kind in _REMAINDERS:
        numerator, divisor = node.args
    else:
        return None
    numerator, divisor = _common_sizes_out(numerator, divisor)
    if not (divisor.is_Integer and int(divisor) > 1):
        return None
    coefficient, symbol = numerator.as_coeff_Mul()
    if not (coefficient.is_Integer and int(coefficient) > 0 and _size_of_inputs(symbol)):
        return None
    needed = int(divisor) // sympy.gcd(int(coefficient), int(divisor))
    if needed == 1:
        return None
    return symbol, int(needed), _exactness_facts(node, kind, numerator, divisor)


def _common_sizes_out(numerator, divisor):
    """Numerator and divisor with the size symbols both are products of taken out: Mod(s27*s53, 4*s53) is
    zero exactly where Mod(s27, 4) is (sizes are positive), the guard a reshape with -1 of a product
    leaves."""
    import sympy

    common = [f for f in sympy.Mul.make_args(divisor) if f.is_Symbol and _backed(f)]
    common = [f for f in common if f in sympy.Mul.make_args(numerator)]
    if not common:
        return numerator, divisor
    factor = sympy.Mul(*common)
    return numerator / factor, divisor / factor


def _exactness_facts(node, kind: str, numerator, divisor) -> tuple:
    """Facts of which any proves the division or remainder `node` exact: a remainder is 0, is at most 0,
    or (modulo 2) is not 1, as a branch on a parity leaves it."""
    import sympy

    if kind not in _REMAINDERS:
        return (sympy.Eq(divisor * node, numerator),)
    facts = (sympy.Eq(node, 0), sympy.Le(node, 0))
    return facts + (sympy.Ne(node, 1),) if int(divisor) == 2 else facts


def _size_of_inputs(expr) -> bool:
    """A backed size symbol, or an expression of them (not a number, not a product with an integer left)."""
    if expr.is_Symbol:
        return _backed(expr)
    free = sym_dag.free_symbols(expr)
    return bool(free) and not expr.is_number and all(s.is_Symbol and _backed(s) for s in free)


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
        first = symbol if symbol.is_Symbol else min(sym_dag.free_symbols(symbol), key=str)
        number = int(first.name[1:]) * FRESH_BASE + divisor
        while f"s{number}" in taken:
            number += 1
        names[key] = sympy.Symbol(f"s{number}", integer=True, positive=True)
    return names[key]


def _symbols(shape_env):
    return traced_values(shape_env).keys() | shape_env.var_to_range.keys()


def traced_values(shape_env) -> dict:
    """{symbol: the value it was traced at} of torch's backed size symbols."""
    values = getattr(shape_env, "backed_var_to_val", None)  # torch before 2.12: var_to_val
    return shape_env.var_to_val if values is None else values


def proven(shape_env, fact) -> bool:
    """Whether torch's guards so far prove `fact` (torch's sympy relation)."""
    try:
        return bool(shape_env._maybe_evaluate_static(fact) == True)  # noqa: E712 - sympy's true
    except Exception:  # noqa: BLE001 - a fact torch cannot decide is not proven
        return False
