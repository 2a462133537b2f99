"""Sizes torch's guards equate as products, tied factor by factor so that irc's types spell them alike.

Under automatic dynamic shapes every input gets symbols of its own: a language model's input ids are
[s77, s27] and its labels [s97, s38]. The loss flattens both and checks them against each other, which leaves
torch the guard `Eq(s27*s77, s38*s97)` and its graphs a broadcast of [s27*s77, V] against [s38*s97, 1] that
only this guard makes valid. irc's types compare sizes by their form, so before a graph is read each such guard
between two products is split into equalities of their factors, paired by their traced values, and each is
added as a guard (Dynamo checks it on every call; torch then replaces one symbol by the other everywhere):

    guard Eq(s27*s77, s38*s97)          ->  Eq(s97, s77), Eq(s38, s27)     (traced 3, 3 and 20, 20)
    guard Eq(20*s77, s38*s97)           ->  Eq(s97, s77), Eq(s38, 20)
    guard Eq(s77*(s27 - 1), s97*(s38 - 1))  ->  Eq(s97, s77), Eq(s38 - 1, s27 - 1)

A guard whose factors do not pair up by value stays as it is. Only a shape environment that still takes guards
(a forward graph's, compiled before Dynamo makes its guards) is tied; the backward graph reads the sizes after it.
"""

from __future__ import annotations


def tie_graph_products(gm) -> None:
    """tie_equal_products on the shape environment of an FX graph's symbolic inputs, if it has any."""
    from irc.fx_divisible import input_symints

    symbolic = input_symints(gm)
    if symbolic:
        tie_equal_products(symbolic[0].node.shape_env)


def tie_equal_products(shape_env) -> None:
    """Adds the factor equalities of every product equality among `shape_env`'s guards."""
    import sympy

    from irc.fx_divisible import traced_values

    if shape_env is None or getattr(shape_env, "frozen", False):
        return
    values = traced_values(shape_env)
    for guard in list(shape_env.guards):
        expr = guard.expr
        if not isinstance(expr, sympy.Eq) or expr.lhs.is_number or expr.rhs.is_number:
            continue
        for a, b in paired_factors(shape_env.replace(expr.lhs), shape_env.replace(expr.rhs), values):
            try:
                shape_env.evaluate_expr(sympy.Eq(a, b))
            except Exception:  # noqa: BLE001 - a fact torch will not guard leaves the sizes as they were
                return


def paired_factors(lhs, rhs, values: dict) -> list[tuple]:
    """[(a, b)]: the factors of product `lhs` that `rhs` lacks paired one to one with those of `rhs` that `lhs`
    lacks, by traced value; [] unless every such factor is a size symbol, a symbol plus a constant, or a
    constant, and every value names one factor on each side (a pairing of one reading only)."""
    import sympy

    left, right = list(sympy.Mul.make_args(lhs)), list(sympy.Mul.make_args(rhs))
    for common in [f for f in left if f in right]:
        left.remove(common), right.remove(common)
    if len(left) != len(right) or not left or not all(map(_simple, left + right)):
        return []
    values = {k: sympy.Integer(v) for k, v in values.items()}
    by_value = [{f.xreplace(values): f for f in side} for side in (left, right)]
    if len(by_value[0]) != len(left) or len(by_value[1]) != len(right) or by_value[0].keys() != by_value[1].keys():
        return []
    return [(by_value[1][v], by_value[0][v]) for v in by_value[1]]


def _simple(factor) -> bool:
    """A size symbol, an integer, or a symbol plus an integer (a length less one)."""
    if factor.is_Symbol or factor.is_Integer:
        return True
    return factor.is_Add and len(factor.args) == 2 and sum(a.is_Integer for a in factor.args) == 1 and any(
        a.is_Symbol for a in factor.args
    )
