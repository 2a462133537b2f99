"""Whether a graph of symbolic sizes may index in 32 bits (Inductor's can_use_32bit_indexing).

Index math in int64 costs: a division or remainder by a size symbol is several times slower than in int32.
Where every tensor of the graph spans fewer than 2**31 elements at the traced sizes, the importer marks the
function `irc.index_bits = 32` (aten.INDEX_BITS) and adds the fact as a guard to the graph's shape
environment, so that Dynamo compiles again (in 64 bits) for larger sizes. A shape environment that takes no
more guards (a backward graph's, compiled after the forward's guards were made) gets the mark from the traced
sizes alone; the host program checks each 32-bit kernel's extents on every call either way
(convert-kernel-to-triton's `index_limits`), so a size beyond them is an error, never a wrong index.
"""

from __future__ import annotations

from irc.dialects.sym import INT32_MAX, largest_bounds, longer_than

# a span bound printing longer than this (the sizes of a deep network with TF padding nest a size function per
# strided layer) leaves the graph in int64
LONG_BOUND = 1000


def symbolic_index_bits(gm) -> int | None:
    """32 where the graph has symbolic sizes and every tensor's span fits int32 (guarded where the shape
    environment takes guards), None otherwise (static sizes, unbacked sizes, or a span too large)."""
    bounds, shape_env = span_bounds(gm)
    if shape_env is None or not bounds:
        return None
    from irc.fx_divisible import traced_values

    hints = traced_values(shape_env)
    if any(not bound.free_symbols <= hints.keys() for bound in bounds):
        return None  # an unbacked size: no value to decide from
    if any(longer_than(bound, LONG_BOUND) for bound in bounds):
        return None  # comparing and guarding such bounds costs more than int64 index math
    if max(int(bound.xreplace(hints)) for bound in bounds) > INT32_MAX:
        return None
    largest = largest_bounds(bounds, key=lambda b: -int(b.xreplace(hints)))
    if not getattr(shape_env, "frozen", False):
        import sympy

        try:
            for bound in largest:
                shape_env.evaluate_expr(sympy.Le(bound, INT32_MAX))
        except Exception:  # noqa: BLE001 - a shape environment that cannot guard it: int64, as without the mark
            return None
    return 32


def span_bounds(gm) -> tuple[set, object]:
    """The symbolic upper bounds of the graph's tensors' spans (sum of size * stride over dims, a polynomial of
    positive terms) and the shape environment they come from."""
    import torch

    bounds, shape_env = set(), None
    for node in gm.graph.nodes:
        for value in _tensors(node.meta.get("val")):
            dims = [*zip(value.shape, value.stride())]
            syms = [d for pair in dims for d in pair if isinstance(d, torch.SymInt)]
            if not syms:
                continue
            shape_env = shape_env or syms[0].node.shape_env
            bounds.add(sum(_expr(size) * _expr(stride) for size, stride in dims))
    return bounds, shape_env


def _tensors(value) -> list:
    import torch

    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, (list, tuple)):
        return [t for item in value for t in _tensors(item)]
    return []


def _expr(dim):
    import sympy
    import torch

    return dim.node.expr if isinstance(dim, torch.SymInt) else sympy.Integer(dim)
