"""sympy expressions walked as graphs: each distinct subexpression visited once.

A deep network's symbolic sizes share their parts: a TF-padded strided convolution's output side reads its input
side three times (`FloorDiv(s + Max(2*CeilDiv(s, 2) - s + 1, 0) - 3, 2) + 1`), so the side after n such layers is
a tree of about 3**n copies of the first. sympy's own walks (`free_symbols`, `xreplace`, printing) follow the tree; these follow
the graph, in time linear in the distinct subexpressions.
"""

from __future__ import annotations


def post_order(expr) -> list:
    """The distinct subexpressions of `expr`, each after its arguments."""
    order, seen, stack = [], set(), [(expr, False)]
    while stack:
        node, expanded = stack.pop()
        if expanded:
            order.append(node)
            continue
        if node in seen:
            continue
        seen.add(node)
        stack.append((node, True))
        stack.extend((arg, False) for arg in reversed(node.args) if arg not in seen)
    return order


def free_symbols(expr) -> set:
    """`expr.free_symbols`, in time linear in its distinct subexpressions."""
    return {node for node in post_order(expr) if node.is_Symbol}


def rebuilt_parts(expr, visit) -> dict:
    """{subexpression: its replacement} of each distinct subexpression of `expr`, bottom-up: `visit(node,
    new_args)` gives a node's replacement from its arguments' replacements (`new_args` is None for an atom)."""
    done: dict = {}
    for node in post_order(expr):
        done[node] = visit(node, [done[a] for a in node.args] if node.args else None)
    return done


def rebuild(expr, visit):
    """`expr` rebuilt bottom-up as `rebuilt_parts` says."""
    return rebuilt_parts(expr, visit)[expr]


def replace(expr, mapping: dict):
    """`expr.xreplace(mapping)`, in time linear in its distinct subexpressions."""

    def visit(node, args):
        if node in mapping:
            return mapping[node]
        if args is None or all(new is old for new, old in zip(args, node.args)):
            return node
        return node.func(*args)

    return rebuild(expr, visit) if mapping else expr


def tree_sizes(expr) -> dict:
    """{subexpression: its node count as a tree} of each distinct subexpression of `expr`."""
    sizes: dict = {}
    for node in post_order(expr):
        sizes[node] = 1 + sum(sizes[a] for a in node.args)
    return sizes


def value_ranges(expr, known: dict) -> dict:
    """{subexpression: torch's ValueRanges of it or None} of each distinct subexpression of an integer size
    `expr`, given `known` ranges of its symbols: torch's `bound_sympy` applied to each node with its compound
    arguments standing in as symbols of their own ranges (what bound_sympy computes, without walking the tree)."""
    import sympy
    from torch.utils._sympy.value_ranges import bound_sympy

    found: dict = {}
    for node in post_order(expr):
        if not node.args:
            found[node] = known.get(node) if node.is_Symbol else _bound(bound_sympy, node, {})
            continue
        compound = [a for a in dict.fromkeys(node.args) if a.args and isinstance(a, sympy.Expr)]
        if any(found[a] is None for a in compound):
            found[node] = None
            continue
        stand_ins = {a: _stand_in(sympy, a, i) for i, a in enumerate(compound)}
        ranges = {stand_ins[a]: found[a] for a in compound}
        shallow = node.func(*[stand_ins.get(a, a) for a in node.args]) if stand_ins else node
        found[node] = _bound(bound_sympy, shallow, {**known, **ranges})
    return found


def _bound(bound_sympy, expr, ranges: dict):
    try:
        return bound_sympy(expr, ranges)
    except Exception:  # noqa: BLE001 - a part torch cannot bound has no range
        return None


def _stand_in(sympy, part, number: int):
    return sympy.Symbol(f"_part{number}", **({"integer": True} if part.is_integer else {"real": True}))


def longer_tree_than(expr, limit: int) -> bool:
    """Whether `expr` as a tree has more than `limit` nodes, counted over its graph."""
    return tree_sizes(expr)[expr] > limit
