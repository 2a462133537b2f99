"""Matmuls of a backward graph moved down to their first reader, where that shortens what is alive.

The partitioner's backward graph computes a product where its operands become available: a tied weight's
gradient from the LM head (`mm(tangent^T, hidden)`) comes first, though it is read only at the end, where
the embedding's gradient is added to it. Its result (vocabulary x width, in float32) then stays allocated
through the whole backward, on top of the layers' peak. Moved down to just before its first reader, it is
allocated when needed; the operands it reads live longer instead, which pays where they are smaller than
the result or are kept alive by the caller anyway (the tangents: autograd holds them for the whole call).

    grad_w = mm(permute(tangent), hidden)   # [vocab, width], alive to the end
    ... every layer's backward ...
    grad = add(embedding_grad, grad_w)
->
    ... every layer's backward ...
    grad_w = mm(permute(tangent), hidden)
    grad = add(embedding_grad, grad_w)
"""

from __future__ import annotations

# the products considered: a weight gradient's result can be far larger than what it reads (whether moving
# one pays is judged per node, by bytes)
MOVABLE = frozenset({"aten.mm.default", "aten.addmm.default", "aten.bmm.default", "aten.baddbmm.default"})
VIEWS = frozenset({"aten.permute.default", "aten.t.default", "aten.transpose.int", "aten.view.default",
                   "aten.reshape.default", "aten.expand.default"})
# what a product's result goes through on its way to its reader, moved with it: views and dtype conversions
# (an autocast product's bfloat16 gradient converted to the float32 parameter's)
FOLLOWERS = VIEWS | {"prims.convert_element_type.default", "aten._to_copy.default"}


def sink_products(graph) -> int:
    """Moves each product of `graph` (a backward graph with fake values in meta["val"]) whose result waits
    for its first reader down to it where that frees more than it holds; returns how many moved."""
    from fractions import Fraction

    order = {n: Fraction(k) for k, n in enumerate(graph.nodes)}  # kept exact as nodes move between others
    moved = 0
    for node in reversed(list(graph.nodes)):
        if node.op != "call_function" or str(node.target) not in MOVABLE:
            continue
        chain = _result_chain(node)
        first = min(chain[-1].users, key=order.__getitem__, default=None)
        if first is None or first is chain[-1].next:
            continue
        views = _views_for(node)
        if max(map(_bytes, chain)) <= _extended_bytes(node, views, order):
            continue
        for moving in [*sorted(views, key=order.__getitem__), *chain]:
            first.prepend(moving)
            order[moving] = (order[moving.prev] + order[first]) / 2
        moved += 1
    return moved


def _result_chain(node) -> list:
    """`node` and what its result goes through, each the only reader of the one before (a transpose back to
    the weight's layout, a conversion to its dtype): they move together."""
    chain = [node]
    while len(chain[-1].users) == 1:
        (user,) = chain[-1].users
        if user.op != "call_function" or str(user.target) not in FOLLOWERS or len(user.all_input_nodes) != 1:
            break
        chain.append(user)
    return chain


def _views_for(node) -> list:
    """Views computed only for `node` (a transpose of the tangent, a flattening of an activation): they move
    with it."""
    return [a for a in node.all_input_nodes
            if a.op == "call_function" and str(a.target) in VIEWS and set(a.users) == {node}]


def _extended_bytes(node, views, order) -> int:
    """What moving `node` keeps alive longer: what it reads (through the views made for it) and nothing
    reads after it, but the tangents, which the caller holds for the whole call."""
    operands = [source for arg in node.all_input_nodes
                for source in (arg.all_input_nodes if arg in views else [arg])]
    total = 0
    for operand in set(operands):
        if operand.op == "placeholder" and operand.name.startswith("tangents"):
            continue
        if max(order[reader] for reader in operand.users) <= order[node]:
            total += _bytes(operand)
    return total


def _bytes(node) -> int:
    import torch

    value = node.meta.get("val")
    if not isinstance(value, torch.Tensor):
        return 0
    try:
        size = value.untyped_storage().nbytes()
    except (RuntimeError, TypeError, NotImplementedError):
        return 0
    return size if isinstance(size, int) else 0  # a size of symbols: int() would specialize it
