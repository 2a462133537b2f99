"""No-op nodes out of aot_autograd's joint graph, before the partitioner picks what the forward saves.

The joint graph carries nodes that give back their source unchanged: `alias` of what autograd saves, `clone`
and `view` to the source's own layout, full slices, `convert_element_type` to the same dtype. The min-cut
partitioner sees each as a separate value, so the forward may save both an attention output and an alias
of it laid out anew (two buffers where one serves). Each such node is replaced by its source, as Inductor's
`remove_noop_ops` does before it partitions:

    out = _scaled_dot_product_flash_attention(q, k, v)[0]
    saved = alias(out)                    # read by the attention backward
    flat = view(clone(permute(out)), ...) # read by the output projection's weight gradient
->
    out = _scaled_dot_product_flash_attention(q, k, v)[0]
    flat = view(clone(permute(out)), ...) # the partitioner now saves `out` alone and recomputes `flat`

A node is a no-op only where its value has its source's shape, strides and dtype, and it is kept where
replacing it would make a graph output alias a graph input or another output that it does not alias now.
"""

from __future__ import annotations

BIG = 2**63 - 1


def _full_slice(x, dim=0, start=None, end=None, step=1) -> bool:
    whole = end is None or _known(end >= x.shape[dim]) or _known(end >= BIG)
    return (start is None or _known(start == 0)) and whole and _known(step == 1)


def _full_slice_scatter(x, src, dim=0, start=None, end=None, step=1) -> bool:
    return _same_sizes(x.shape, src.shape) and _full_slice(x, dim, start, end, step)


def _same_shape_view(x, size) -> bool:
    return _same_sizes(x.shape, size)


def _same_sizes(a, b) -> bool:
    from torch.fx.experimental.symbolic_shapes import sym_eq

    return len(a) == len(b) and _known(sym_eq(tuple(a), tuple(b)))


def _all_known(values, number) -> bool:
    """Every value is `number`, known without a guard (symbolic sizes stay unspecialized)."""
    return all(_known(v == number) for v in values)


def _always(*_args, **_kwargs) -> bool:
    return True


def _rows():
    """target -> (whether the call is a no-op on these fake arguments, which argument it gives back)."""
    import torch

    aten, prims = torch.ops.aten, torch.ops.prims
    return {
        aten.alias.default: (_always, 0),
        aten.clone.default: (_always, 0),
        aten.copy.default: (_always, 1),
        aten.view.default: (_same_shape_view, 0),
        aten.view.dtype: (lambda x, dtype: x.dtype == dtype, 0),
        aten.slice.Tensor: (_full_slice, 0),
        aten.slice_scatter.default: (_full_slice_scatter, 1),
        aten.repeat.default: (lambda x, repeats: _all_known(repeats, 1), 0),
        aten.constant_pad_nd.default: (lambda x, pad, value=0: _all_known(pad, 0), 0),
        prims.convert_element_type.default: (lambda x, dtype: x.dtype == dtype, 0),
        aten.cat.default: (lambda tensors, dim=0: len(tensors) == 1, lambda args: args[0][0]),
    }


def _known(condition) -> bool:
    from torch.fx.experimental.symbolic_shapes import statically_known_true

    return statically_known_true(condition)


def remove_noop_nodes(graph) -> int:
    """Replaces every no-op call of `graph` (an FX graph with fake values in `meta["val"]`) by its source;
    returns how many went."""
    rows = _rows()
    storages = _Storages(graph)
    removed = 0
    for node in list(graph.nodes):
        row = rows.get(node.target) if node.op == "call_function" else None
        source = _source(node, row) if row is not None else None
        if source is None or not storages.may_replace(node, source) or not _is_noop(node, source, row[0]):
            continue
        node.replace_all_uses_with(source)
        graph.erase_node(node)
        removed += 1
    return removed


def _source(node, row):
    import torch

    index = row[1]
    try:
        source = node.args[index] if isinstance(index, int) else index(node.args)
    except (IndexError, TypeError):
        return None
    return source if isinstance(source, torch.fx.Node) else None


def _is_noop(node, source, condition) -> bool:
    args, kwargs = _fake_arguments(node)
    if args is None or not _same_meta(node, source):
        return False
    try:
        return bool(condition(*args, **kwargs))
    except (TypeError, RuntimeError, IndexError, ValueError):
        return False


def _fake_arguments(node):
    import torch

    def fake(value):
        return value.meta.get("val", _MISSING) if isinstance(value, torch.fx.Node) else value

    args, kwargs = torch.fx.node.map_aggregate((node.args, node.kwargs), fake)
    flat = torch.utils._pytree.tree_leaves((args, kwargs))
    return (None, None) if any(leaf is _MISSING for leaf in flat) else (args, kwargs)


_MISSING = object()


def _same_meta(a, b) -> bool:
    import torch

    x, y = a.meta.get("val"), b.meta.get("val")
    if not (isinstance(x, torch.Tensor) and isinstance(y, torch.Tensor)):
        return False
    return (
        _same_sizes(x.size(), y.size())
        and _kind(x) == _kind(y)
        and (x.layout != torch.strided or _same_sizes(x.stride(), y.stride()))
    )


def _kind(value) -> tuple:
    return value.layout, value.dtype, value.device, value.is_conj(), value.is_neg()


class _Storages:
    """The storages of the graph's inputs and outputs: a replacement must not make an output alias an input
    or another output where it did not (aot_autograd's wrappers rely on the aliasing it traced)."""

    def __init__(self, graph):
        self.output = next(iter(reversed(graph.nodes)))
        self.inputs = set(graph.find_nodes(op="placeholder"))
        outputs = self.output.args[0]
        outputs = outputs if isinstance(outputs, (list, tuple)) else (outputs,)
        self.outputs = [out for out in outputs if hasattr(out, "meta")]
        self.input_storages = {_storage(node) for node in self.inputs}
        self.output_storages = {_storage(node) for node in self.outputs}

    def may_replace(self, node, source) -> bool:
        node_storage, source_storage = _storage(node), _storage(source)
        if node_storage is None or source_storage is None:
            return False
        if node_storage != source_storage:  # a copy: keep it where it is what separates an output
            return not (node_storage in self.output_storages
                        and source_storage in self.input_storages | self.output_storages)
        return not (node in self.outputs and (source in self.inputs or source in self.outputs))


def _storage(node):
    import torch

    value = node.meta.get("val")
    if not isinstance(value, torch.Tensor) or not torch._C._has_storage(value):
        return None
    return value.untyped_storage()._cdata
