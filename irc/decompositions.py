"""Decompositions irc adds to PyTorch's (irc/backend.py's table): ops PyTorch has none for, or one that fails on
some inputs, written with ops irc lowers.

searchsorted and bucketize are a binary search over the sorted values, every step of it over all the searched
values at once (as torch._refs.bucketize, whose indexing of a 0-d input reads a data-dependent scalar): a
gather of the middle element and two selects per step, bit_length(n) steps, which fuse into one kernel.
The comparisons are ATen's (`!(mid >= v)` goes right, `!(mid > v)` with right=True), so a NaN value lands
after every element, as in eager.

Beside it: decompositions_random.py (random ops as rand, randn, randint and pointwise math),
decompositions_histogram.py (histc, histogram, histogramdd), decompositions_scatter.py
(scatter_reduce and index_reduce with prod), decompositions_upsample.py (_upsample_bilinear2d_aa). A
decomposition returns NotImplemented for the cases it leaves to the extern (the op then stays whole).
"""

from __future__ import annotations

import functools


def searchsorted(sorted_sequence, values, *, out_int32=False, right=False, side=None, sorter=None):
    """aten::searchsorted.Tensor: for each value, the number of sorted elements before it (before its first
    equal element; with right=True or side="right", after its last), along the last dim."""
    import torch

    common = torch.result_type(sorted_sequence, values)  # as ATen: both in their promoted type
    sequence = sorted_sequence if sorter is None else torch.gather(sorted_sequence, -1, sorter)
    sequence, values = sequence.to(common), values.to(common)
    batched = sequence.dim() > 1
    rows = values if batched else values.reshape(1, -1)
    sequence = sequence if batched else sequence.reshape(1, -1)
    n = sequence.shape[-1]
    low = torch.zeros(rows.shape, dtype=torch.int64, device=rows.device)
    high = torch.full(rows.shape, n, dtype=torch.int64, device=rows.device)
    upper = right or side == "right"
    for _ in range(int(n).bit_length()):
        active = low < high
        middle = torch.where(active, (low + high) // 2, 0)
        found = torch.gather(sequence, -1, middle)
        after = ~(found > rows) if upper else ~(found >= rows)
        low = torch.where(active & after, middle + 1, low)
        high = torch.where(active & ~after, middle, high)
    return low.reshape(values.shape).to(torch.int32 if out_int32 else torch.int64)


def searchsorted_scalar(sorted_sequence, value, **options):
    """aten::searchsorted.Scalar: the search of a 0-d tensor of the value (1-D sorted_sequence only)."""
    import torch

    dtype = torch.result_type(sorted_sequence, value)
    return searchsorted(sorted_sequence, torch.scalar_tensor(value, dtype=dtype, device=sorted_sequence.device), **options)


def bucketize(values, boundaries, *, out_int32=False, right=False):
    """aten::bucketize.Tensor: searchsorted with the boundaries (1-D) and the values swapped."""
    return searchsorted(boundaries, values, out_int32=out_int32, right=right)


def nonzero_static(x, *, size, fill_value=-1):
    """aten::nonzero_static: the coordinates of x's first `size` nonzero elements (row-major), then rows of
    fill_value: each nonzero element's coordinates stored at its rank among them (a cumulative sum); the others,
    and those past `size`, go to a spare row."""
    import torch

    if x.is_complex():
        return NotImplemented
    if x.dim() == 0:
        return torch.empty((size, 0), dtype=torch.int64, device=x.device)
    nonzero = (x != 0).reshape(-1)
    rank = torch.cumsum(nonzero.to(torch.int64), 0) - 1
    row = torch.where(nonzero & (rank < size), rank, size)
    position = torch.arange(nonzero.shape[0], device=x.device)
    coords = []
    for extent in reversed(x.shape):
        coords.append(position % extent)
        position = position // extent
    coords = torch.stack(coords[::-1], dim=1)
    out = torch.full((size + 1, x.dim()), fill_value, dtype=torch.int64, device=x.device)
    return out.index_put((row,), coords)[:size]


def cat_without_empty_inputs(tensors, dim=0):
    """aten::cat.default with its empty inputs dropped, as Inductor's: a KV cache's first concatenation
    (`cat([past, new])` with a past of length 0) becomes a clone of the new keys, which the training graph
    drops as a no-op (irc/fx_noops.py), so the forward saves the projection's view rather than a copy."""
    import torch

    def empty(x) -> bool:
        from torch.fx.experimental.symbolic_shapes import guard_or_false

        return (x.dim() == 1 and guard_or_false(x.shape[0] == 0)) or (
            dim < x.dim() and guard_or_false(x.shape[dim] == 0))

    kept = [t for t in tensors if not empty(t)]
    if len(kept) == len(tensors) or not kept:
        return NotImplemented
    dtype = functools.reduce(torch.promote_types, [t.dtype for t in tensors])
    if len(kept) == 1:
        return kept[0].clone() if kept[0].dtype == dtype else kept[0].to(dtype)
    return torch.ops.aten.cat.default([t.to(dtype) for t in kept], dim)


def irc_decompositions(aten, random: bool = True) -> dict:
    from irc import decompositions_nn as nn
    from irc import decompositions_segment as segment
    from irc.decompositions_histogram import histogram_decompositions
    from irc.decompositions_random import random_decompositions
    from irc.decompositions_scatter import scatter_decompositions
    from irc.decompositions_upsample import upsample_decompositions

    return {
        **histogram_decompositions(aten),
        **scatter_decompositions(aten),
        **upsample_decompositions(aten),
        **(random_decompositions(aten) if random else {}),
        **nn.shape_only_decompositions(aten),
        aten.searchsorted.Tensor: searchsorted,
        aten.searchsorted.Scalar: searchsorted_scalar,
        aten.bucketize.Tensor: bucketize,
        aten.nonzero_static.default: nonzero_static,
        aten.cat.default: cat_without_empty_inputs,
        aten._cdist_forward.default: nn.cdist_forward,
        aten._euclidean_dist.default: nn.euclidean_dist,
        aten._pdist_forward.default: nn.pdist_forward,
        aten._trilinear.default: nn.trilinear,
        aten.convolution_backward.default: nn.convolution_backward_bias_apart,
        aten._weight_norm_interface_backward.default: nn.weight_norm_interface_backward,
        aten.max_pool2d_with_indices.default: nn.max_pool2d_saving_offsets,
        aten.multilabel_margin_loss_forward.default: nn.multilabel_margin_loss_forward,
        aten.segment_reduce.default: segment.segment_reduce,
        aten._embedding_bag_forward_only.default: segment.embedding_bag_forward_only,
        aten.embedding_renorm.default: segment.embedding_renorm,
        **linear_cross_entropy_decompositions(),
    }


def linear_cross_entropy_decompositions() -> dict:
    """The chunked linear cross-entropy ops (custom ops that torch.nn registers when first imported; none
    before torch 2.13)."""
    import torch

    try:
        import torch.nn.modules.linear_cross_entropy  # noqa: F401  (registers the ops)
    except ImportError:
        return {}
    from irc import decompositions_nn as nn

    ops = torch.ops.torch_nn
    return {
        ops._linear_cross_entropy_batch_chunked.default: nn.linear_cross_entropy_chunked,
        ops._linear_cross_entropy_batch_chunked_no_reduction.default: nn.linear_cross_entropy_chunked_none,
    }
