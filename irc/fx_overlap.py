"""In-place ops of a Dynamo graph that write a tensor some of whose elements another operand reads at other
places: `a.copy_(a.t())`. Eager refuses them ("unsupported operation: some elements of the input tensor and
the written-to tensor refer to a single memory location"), but functionalization turns them into a copy that
gives a value, so such a graph runs eagerly (irc/backend.py), where eager raises its own error.

The test is ATen's get_overlap_status on the nodes' fake tensors: both operands dense and non-overlapping, on
one storage, with memory ranges that meet but are not the same elements in the same order (a full overlap,
such as `a.mul_(a)`, is allowed).
"""

from __future__ import annotations


def partial_overlap(written, read) -> bool:
    """Whether ATen's get_overlap_status(written, read) is PARTIAL."""
    if written is read or not (_concrete(written) and _concrete(read)):
        return False  # symbolic layouts are left to eager's run-time check
    if 0 in (written.numel(), read.numel()):
        return False
    if not (_dense(written) and _dense(read)) or not _same_storage(written, read):
        return False  # ATen's TOO_HARD or NO: it does not raise
    a_begin, a_end = _byte_range(written)
    b_begin, b_end = _byte_range(read)
    if (a_begin, a_end) == (b_begin, b_end):
        return written.stride() != read.stride()
    return a_begin < b_end and b_begin < a_end


def _concrete(t) -> bool:
    return all(isinstance(v, int) for v in (*t.shape, *t.stride(), t.storage_offset()))


def _dense(t) -> bool:
    from torch._prims_common import is_non_overlapping_and_dense_or_false

    return is_non_overlapping_and_dense_or_false(t)


def _same_storage(a, b) -> bool:
    return a.untyped_storage()._cdata == b.untyped_storage()._cdata


def _byte_range(t) -> tuple[int, int]:
    begin = t.storage_offset() * t.element_size()
    return begin, begin + t.numel() * t.element_size()


def self_overlapping_write(gm) -> str | None:
    """The first in-place op (`x.op_(...)`) of the graph whose written tensor partially overlaps a tensor it
    reads, as the node's text; None when there is none."""
    import torch

    for node in gm.graph.nodes:
        name = node.target if node.op == "call_method" else _function_name(node.target)
        if node.op not in ("call_method", "call_function") or not _in_place(name) or not node.args:
            continue
        written = _example(node.args[0])
        reads = [_example(a) for a in (*node.args[1:], *node.kwargs.values())]
        reads = [r for r in reads if isinstance(r, torch.Tensor)]
        if isinstance(written, torch.Tensor) and any(partial_overlap(written, r) for r in reads):
            return node.format_node()
    return None


def _function_name(target) -> str:
    """A called function's name; none for Python's `operator` functions (`or_`, `and_` are not in place)."""
    if getattr(target, "__module__", None) in ("_operator", "operator"):
        return ""
    return getattr(target, "__name__", "")


def _in_place(name: object) -> bool:
    return isinstance(name, str) and name.endswith("_") and not name.startswith("_")


def _example(arg):
    meta = getattr(arg, "meta", None)
    return meta.get("example_value") if isinstance(meta, dict) else None
