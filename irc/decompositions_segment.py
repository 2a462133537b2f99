"""Decompositions of reductions over segments of a dim (irc/decompositions.py collects them), with ATen's semantics.

segment_reduce: each position along the segmented dim finds its segment by a binary search of the segment ends,
and scatter stores reduce it there (sum: atomic adds, max / min: atomic max / min), O(positions); prod, which has
no atomic, reduces a mask of each segment's positions instead, O(segments x positions). ATen's semantics: the
initial value joins every segment, NaN propagates, an empty segment gives the initial value, or the reduction's
identity, or NaN for a mean without one.

embedding_bag: each index's row of the weight goes to its bag (a binary search of the offsets) by scatter
stores: a sum of the rows (times per_sample_weights), a mean (that sum over the count of non-padding indices),
or a max that, as ATen's loop, keeps a bag's first row where it is NaN and otherwise ignores NaN rows; an empty
bag is 0. Indices equal to padding_idx take no part. Indices outside every bag go to a spare row, dropped.
"""

from __future__ import annotations

IDENTITY = {"sum": 0.0, "mean": 0.0, "prod": 1.0, "max": float("-inf"), "min": float("inf")}


def segment_reduce(data, reduce, *, lengths=None, indices=None, offsets=None, axis=0, unsafe=False, initial=None):
    """aten::segment_reduce: over lengths (or offsets) of shape [outer..., S], the segments of data's dim
    lengths.dim() - 1 reduced with sum, mean, prod, max or min."""
    import torch

    if indices is not None or reduce not in IDENTITY:
        return NotImplemented
    axis = (lengths if lengths is not None else offsets).dim() - 1
    if lengths is not None:
        ends = torch.cumsum(lengths, -1).to(lengths.dtype)
        starts, counts = ends - lengths, lengths
    else:
        starts, ends = offsets[..., :-1], offsets[..., 1:]
        counts = ends - starts
    trailing = (1,) * (data.dim() - axis - 1)
    compute = torch.float32 if data.dtype in (torch.float16, torch.bfloat16) else data.dtype
    values = data.to(compute)
    if reduce == "prod":
        reduced = masked_reduction(values, starts, ends, axis, trailing)
    else:
        reduced = scattered_reduction(values, reduce, starts, ends, axis, trailing)
    result = with_start(reduce, reduced, IDENTITY[reduce] if initial is None else initial)
    if reduce == "mean":
        counts = counts.reshape(counts.shape + trailing)
        empty = float("nan") if initial is None else initial
        result = torch.where(counts > 0, result / counts.clamp_min(1), empty)
    return result.to(data.dtype)


def scattered_reduction(values, reduce, starts, ends, axis, trailing):
    """sum, max or min of each segment by scatter stores at the segment of each position (positions outside
    every segment go to a spare segment, dropped)."""
    import torch

    segments, n = ends.shape[-1], values.shape[axis]
    positions = torch.arange(n, device=values.device, dtype=ends.dtype).expand(*ends.shape[:-1], n)
    segment = torch.searchsorted(ends.contiguous(), positions.contiguous(), right=True)
    segment = torch.where(positions < starts[..., :1], segments, segment)
    index = segment.reshape(segment.shape + trailing).expand(values.shape)
    sizes = list(values.shape)
    sizes[axis] = segments + 1
    out = torch.full(sizes, IDENTITY[reduce], dtype=values.dtype, device=values.device)
    if reduce in ("sum", "mean"):
        out = out.scatter_add(axis, index, values)
    else:
        out = out.scatter_reduce(axis, index, values, "amax" if reduce == "max" else "amin")
    return out.narrow(axis, 0, segments)


def masked_reduction(values, starts, ends, axis, trailing):
    """The product of each segment: one reduction over the positions, those outside the segment read as 1."""
    import torch

    positions = torch.arange(values.shape[axis], device=values.device)
    member = (positions >= starts.unsqueeze(-1)) & (positions < ends.unsqueeze(-1))
    member = member.reshape(member.shape + trailing)  # [outer..., S, N, 1...]
    return torch.where(member, values.unsqueeze(axis), 1.0).prod(axis + 1)


def with_start(reduce, reduced, start):
    """The reduced segments with the start value as ATen's first operand."""
    import torch

    if reduce in ("sum", "mean"):
        return reduced + start
    if reduce == "prod":
        return reduced * start
    start = torch.full_like(reduced, start)
    return torch.maximum(start, reduced) if reduce == "max" else torch.minimum(start, reduced)


def embedding_bag_forward_only(weight, indices, offsets, scale_grad_by_freq=False, mode=0, sparse=False,
                               per_sample_weights=None, include_last_offset=False, padding_idx=-1):
    """aten::_embedding_bag_forward_only (modes 0 sum, 1 mean, 2 max): (output, offset2bag, bag_size,
    max_indices), the last three as ATen's CPU kernel leaves them (sum: bag_size and max_indices zeros,
    offset2bag empty on its fast path; mean: max_indices is bag_size)."""
    import torch

    if indices.dim() != 1 or offsets.dim() != 1 or indices.shape[0] == 0:
        return NotImplemented
    bags = offsets.shape[0] - (1 if include_last_offset else 0)
    bag = bag_of_positions(offsets, indices.shape[0], bags, include_last_offset)
    used = (indices != padding_idx) & (bag < bags)
    slot = torch.where(used, bag, bags)  # unused positions go to the spare row `bags`
    gathered = weight[torch.where(used, indices, 0)]
    counts = torch.zeros(bags + 1, dtype=offsets.dtype, device=weight.device).index_add(
        0, slot, used.to(offsets.dtype))[:bags]
    offset2bag = torch.where(bag < bags, bag, 0).to(offsets.dtype)
    if mode == 2:
        output, max_indices = bag_max(gathered, slot, used, indices, bags)
        return output, offset2bag, counts, max_indices.to(offsets.dtype)
    output = bag_sum(gathered, slot, used, per_sample_weights, bags)
    if mode == 1:
        output = output / counts.clamp_min(1).unsqueeze(-1).to(output.dtype)
        return output.to(weight.dtype), offset2bag, counts, counts
    if sum_fast_path(weight, per_sample_weights, padding_idx):
        offset2bag = offset2bag[:0]
    zeros = offsets.new_zeros(offsets.shape)
    return output.to(weight.dtype), offset2bag, zeros, zeros


def sum_fast_path(weight, per_sample_weights, padding_idx) -> bool:
    """ATen's CPU sum of index_select rows (is_fast_path in its meta function), which records no offset2bag."""
    import torch

    contiguous = weight.stride(1) == 1 and (per_sample_weights is None or per_sample_weights.stride(0) == 1)
    return weight.dtype in (torch.float32, torch.float16, torch.bfloat16) and contiguous and padding_idx < 0


def bag_of_positions(offsets, n, bags, include_last_offset):
    """The bag of each position of the indices: the last bag whose start is at or before it; with
    include_last_offset, positions from the last offset on are in none (bag == bags)."""
    import torch

    positions = torch.arange(n, device=offsets.device, dtype=offsets.dtype)
    bag = torch.searchsorted(offsets[:bags], positions, right=True) - 1
    if include_last_offset:
        bag = torch.where(positions < offsets[bags], bag, bags)
    return torch.where(bag < 0, bags, bag)


def bag_sum(gathered, slot, used, per_sample_weights, bags):
    import torch

    compute = torch.float32 if gathered.dtype in (torch.float16, torch.bfloat16) else gathered.dtype
    rows = gathered.to(compute)
    if per_sample_weights is not None:
        rows = rows * per_sample_weights.to(compute).unsqueeze(-1)
    rows = torch.where(used.unsqueeze(-1), rows, 0)
    total = torch.zeros(bags + 1, gathered.shape[1], dtype=compute, device=gathered.device)
    return total.index_add(0, slot, rows)[:bags]


def bag_max(gathered, slot, used, indices, bags):
    """ATen's loop keeps the first row of a bag and replaces it by a greater one, so a NaN counts only when
    first; max_indices holds the index of the row kept (the first of equal maxima)."""
    import torch

    positions = torch.arange(gathered.shape[0], device=gathered.device)
    first = torch.full((bags + 1,), gathered.shape[0], device=gathered.device, dtype=positions.dtype)
    first = first.scatter_reduce(0, slot, torch.where(used, positions, gathered.shape[0]), "amin")
    is_first = (first[slot] == positions).unsqueeze(-1)
    candidates = torch.where(gathered.isnan() & ~is_first, float("-inf"), gathered)
    candidates = torch.where(used.unsqueeze(-1), candidates, float("-inf"))
    target = slot.unsqueeze(-1).expand_as(candidates)
    empty = torch.zeros(bags + 1, gathered.shape[1], dtype=gathered.dtype, device=gathered.device)
    best = empty.scatter_reduce(0, target, candidates, "amax", include_self=False)
    kept = (candidates == best[slot]) | (is_first & candidates.isnan())
    order = torch.where(kept & used.unsqueeze(-1), positions.unsqueeze(-1), gathered.shape[0])
    winner = torch.full_like(best, gathered.shape[0], dtype=positions.dtype).scatter_reduce(0, target, order, "amin")
    found = winner < gathered.shape[0]
    max_indices = torch.where(found, indices[winner.clamp_max(gathered.shape[0] - 1)], 0)
    return torch.where(found, best, 0)[:bags], max_indices[:bags]


def embedding_renorm(weight, indices, max_norm: float, norm_type: float):
    """aten::embedding_renorm (embedding_bag's and embedding's max_norm): each row that an index names whose
    norm exceeds max_norm scaled by max_norm / (norm + 1e-7)."""
    import torch

    named = torch.zeros(weight.shape[0], dtype=torch.int32, device=weight.device)
    named = named.index_put((indices.reshape(-1),), torch.ones_like(indices.reshape(-1), dtype=torch.int32))
    norm = torch.linalg.vector_norm(weight, norm_type, dim=1, keepdim=True).to(torch.float64)
    scale = (max_norm / (norm + 1e-7)).to(weight.dtype)  # as ATen: in double, then in the weight's dtype
    return torch.where((named.unsqueeze(-1) > 0) & (norm > max_norm), weight * scale, weight)
