"""histc, histogram and histogramdd (irc/decompositions.py's table) as ATen's CPU kernel computes them
(aten/src/ATen/native/Histogram.cpp, cpu/HistogramKernel.cpp, the linspace of cpu/RangeFactoriesKernel.cpp),
written with ops irc lowers: the bin of every element at once, then a scatter-add of ones (or weights) into
the flattened histogram, whose extra last slot takes the elements outside the bins.

Every float operation ATen does in the input's type is done here in float64 and rounded to that type after
it: for f32, f16 and bf16 that is the same correctly rounded result (a double rounding through 53 bits is
harmless for +, -, *, /), and no f32 division is left that a GPU could compute approximately. ATen's f32
linspace is compiled to an FMA (start + step * i rounded once): here the product is exact in float64 and
the sum is rounded to float64, then to float32, which is the FMA's result unless that sum needs more than
53 bits (a step below 2**-29 of start) and lands on a float32 tie. So the bins, the bin edges ATen returns
and the local search among them are ATen's to the bit. float64 inputs stay externs (whether their
products and sums contract into FMAs is the compiler's choice).

- histc: edges `linspace(min, max, bins + 1)` (the input's extrema where min == max, widened by 1 if those
  are equal), bin `trunc((x - left) * bins / (right - left))`, the last edge counted in the last bin;
- histogram / histogramdd with bin counts: the same bin, then std::upper_bound over the edges pos - 1 ..
  pos + 1 (a range of at most 3: two bisection steps), range inferred per dim (widened by 0.5);
- histogram / histogramdd with edge tensors: std::upper_bound over all the edges, as a bisection of
  bit_length(n) steps, exactly std::upper_bound's even for edges that are not sorted.
Counts accumulate as integers (eager's in the input's type agree while they are exact there: below 2**24
for f32, 2**8 for bf16); weights accumulate in the input's type. density divides by the total and by each
bin's width, as ATen.
"""

from __future__ import annotations

import math

LOWERED = ("torch.float32", "torch.float16", "torch.bfloat16")


def _torch():
    import torch

    return torch


def _lowered(x) -> bool:
    return str(x.dtype) in LOWERED


def _round(value, dtype):
    """A float64 tensor's values rounded to dtype, kept as float64."""
    return value.to(dtype).to(_torch().float64)


def _scalar(value, like):
    """A 0-d float64 tensor (on like's device) of a Python number."""
    torch = _torch()
    return torch.full((), float(value), dtype=torch.float64, device=like.device)


def linspace(start, end, steps: int, dtype):
    """ATen's CPU linspace in dtype (steps >= 2), as float64 (start, end: 0-d float64 tensors in dtype)."""
    torch = _torch()
    index = torch.arange(steps, dtype=torch.int64, device=start.device)
    width = _round(end - start, dtype)
    step = _round(width / _round(_scalar(steps - 1, start), dtype), dtype)
    offset = _round(index.to(torch.float64), dtype)
    back = _round((steps - 1 - index).to(torch.float64), dtype)
    if dtype == torch.float32:  # ATen's compiled kernel fuses start + step * idx into one FMA
        low, high = _round(start + step * offset, dtype), _round(end - step * back, dtype)
    else:
        low = _round(start + _round(step * offset, dtype), dtype)
        high = _round(end - _round(step * back, dtype), dtype)
    return torch.where(index < steps // 2, low, high)


def upper_bound(edges, x, first, length, steps: int):
    """std::upper_bound(edges + first, edges + first + length, x) - edges, elementwise (bisection)."""
    torch = _torch()
    for _ in range(steps):
        active = length > 0
        half = length // 2
        middle = torch.clamp(first + half, 0, edges.shape[0] - 1)
        right = ~(x < torch.gather(edges, 0, middle.flatten()).view(middle.shape))
        first = torch.where(active & right, middle + 1, first)
        length = torch.where(active, torch.where(right, length - half - 1, half), length)
    return first


def interpolated(x, left, right, bins: int, dtype):
    """The bin (int64) of x by linear interpolation: trunc((x - left) * bins / (right - left)) in dtype."""
    torch = _torch()
    offset = _round(x - left, dtype)
    scaled = _round(offset * _round(_scalar(bins, x), dtype), dtype)
    return _round(scaled / _round(right - left, dtype), dtype).to(torch.int64)


def counts(flat, inside, weight, total: int, dtype, n: int):
    """The histogram of `total` bins (flattened) of elements at flat (where inside), ones or weights."""
    torch = _torch()
    if n == 0:  # nothing to scatter
        return torch.zeros(total, dtype=dtype, device=flat.device)
    slot = torch.where(inside, flat, total)
    if weight is None:
        counter = torch.int32 if n < 2**31 else torch.int64
        values = torch.ones(slot.shape, dtype=counter, device=slot.device)
    else:
        counter, values = dtype, weight.reshape(slot.shape)
    hist = torch.zeros(total + 1, dtype=counter, device=slot.device).scatter_add(0, slot, values)
    return hist[:total].to(dtype)


def histc(x, bins: int = 100, min=0, max=0):
    """aten::histc: linear interpolation, no local search."""
    torch = _torch()
    if not _lowered(x) or bins <= 0:
        return NotImplemented
    flat64 = x.reshape(-1).to(torch.float64)
    if float(min) == float(max) and x.numel() > 0:
        low, high = flat64.min(), flat64.max()
    else:
        low, high = _scalar(min, x), _scalar(max, x)
    same = low == high
    low, high = torch.where(same, low - 1, low), torch.where(same, high + 1, high)
    left, right = _round(low, x.dtype), _round(high, x.dtype)
    inside = (flat64 >= left) & (flat64 <= right)
    position = torch.clamp(interpolated(flat64, left, right, bins, x.dtype), 0, bins - 1)
    return counts(position, inside, None, bins, x.dtype, x.numel())


# -- histogramdd -----------------------------------------------------------------------------------------------


def outer_edges(rows, dims: int, bounds):
    """select_outer_bin_edges: per dim, (left, right) as 0-d float64 tensors in rows' type."""
    torch = _torch()
    edges = []
    for d in range(dims):
        if bounds is not None:
            low, high = _scalar(bounds[2 * d], rows), _scalar(bounds[2 * d + 1], rows)
        elif rows.shape[0] > 0:
            column = rows[:, d].to(torch.float64)
            low, high = column.min(), column.max()
        else:
            low, high = _scalar(0.0, rows), _scalar(1.0, rows)
        same = low == high
        low, high = torch.where(same, low - 0.5, low), torch.where(same, high + 0.5, high)
        edges.append((_round(low, rows.dtype), _round(high, rows.dtype)))
    return edges


def bin_count_edges(rows, bin_ct, bounds):
    """The float64 edges of each dim for bin counts (linspace between the outer edges)."""
    return [linspace(left, right, n + 1, rows.dtype) for (left, right), n in
            zip(outer_edges(rows, rows.shape[1], bounds), bin_ct)]


def local_search(column, edges, bins: int, dtype):
    """LINEAR_INTERPOLATION_WITH_LOCAL_SEARCH: the interpolated bin corrected by upper_bound over the edges
    pos - 1 .. pos + 1."""
    torch = _torch()
    left, right = edges[0], edges[bins]
    guess = interpolated(column, left, right, bins, dtype)
    first = torch.clamp(guess - 1, min=0)
    last = torch.clamp(guess + 2, max=bins + 1)
    return upper_bound(edges, column, first, torch.clamp(last - first, min=0), 2) - 1


def binary_search(column, edges, bins: int, dtype):
    """BINARY_SEARCH: upper_bound over all the edges."""
    torch = _torch()
    first = torch.zeros(column.shape, dtype=torch.int64, device=column.device)
    length = torch.full(column.shape, bins + 1, dtype=torch.int64, device=column.device)
    return upper_bound(edges, column, first, length, (bins + 1).bit_length()) - 1


def histogramdd(rows, edges, weight, density: bool, search):
    """The histogram of rows (M, N) over per-dim float64 edges; search(column, edges, bins, dtype) -> bin."""
    torch = _torch()
    sizes = [e.shape[0] - 1 for e in edges]
    flat = torch.zeros(rows.shape[0], dtype=torch.int64, device=rows.device)
    inside = torch.ones(rows.shape[0], dtype=torch.bool, device=rows.device)
    for d, (e, bins) in enumerate(zip(edges, sizes)):
        column = rows[:, d].to(torch.float64)
        inside = inside & (column >= e[0]) & (column <= e[bins])
        position = torch.clamp(search(column, e, bins, rows.dtype), 0, bins - 1)
        flat = flat * bins + position
    total = math.prod(sizes)
    hist = counts(flat, inside, weight, total, rows.dtype, rows.shape[0]).view(sizes)
    if density:
        hist = hist / hist.sum()
        for d, e in enumerate(edges):
            shape = [1] * len(sizes)
            shape[d] = sizes[d]
            hist = hist / e.to(rows.dtype).diff().view(shape)
    return hist


def _rows(x):
    return x.reshape(-1, x.shape[-1])


def _weights_ok(x, weight) -> bool:
    return weight is None or weight.dtype == x.dtype


def histogramdd_bin_edges(x, bins, range=None, weight=None, density=False):
    """aten::_histogramdd_bin_edges: the edges of each dim."""
    if not _lowered(x) or any(n <= 0 for n in bins):
        return NotImplemented
    return [e.to(x.dtype) for e in bin_count_edges(_rows(x), bins, range)]


def histogramdd_from_bin_cts(x, bins, range=None, weight=None, density=False):
    """aten::_histogramdd_from_bin_cts."""
    if not _lowered(x) or any(n <= 0 for n in bins) or not _weights_ok(x, weight):
        return NotImplemented
    rows = _rows(x)
    return histogramdd(rows, bin_count_edges(rows, bins, range), weight, density, local_search)


def histogramdd_from_bin_tensors(x, bins, *, weight=None, density=False):
    """aten::_histogramdd_from_bin_tensors."""
    if not _lowered(x) or not _weights_ok(x, weight) or any(b.dtype != x.dtype for b in bins):
        return NotImplemented
    edges = [b.to(_torch().float64) for b in bins]
    return histogramdd(_rows(x), edges, weight, density, binary_search)


def histogram_bin_ct(x, bins: int = 100, *, range=None, weight=None, density=False):
    """aten::histogram.bin_ct: (hist, bin_edges) of the flattened input."""
    if not _lowered(x) or bins <= 0 or not _weights_ok(x, weight):
        return NotImplemented
    rows = x.reshape(-1, 1)
    edges = bin_count_edges(rows, [bins], range)
    hist = histogramdd(rows, edges, weight, density, local_search)
    return hist, edges[0].to(x.dtype)


def histogram_bins_tensor(x, bins, *, weight=None, density=False):
    """aten::histogram.bins_tensor: (hist, bin_edges) over the given edges."""
    if not _lowered(x) or not _weights_ok(x, weight) or bins.dtype != x.dtype:
        return NotImplemented
    hist = histogramdd(x.reshape(-1, 1), [bins.to(_torch().float64)], weight, density, binary_search)
    return hist, bins.clone()


def histogram_decompositions(aten) -> dict:
    return {
        aten.histc.default: histc,
        aten.histogram.bin_ct: histogram_bin_ct,
        aten.histogram.bins_tensor: histogram_bins_tensor,
        aten._histogramdd_bin_edges.default: histogramdd_bin_edges,
        aten._histogramdd_from_bin_cts.default: histogramdd_from_bin_cts,
        aten._histogramdd_from_bin_tensors.default: histogramdd_from_bin_tensors,
    }
