"""histc, histogram and histogramdd lowered through irc/decompositions_histogram.py: the bin of each element
computed as ATen's CPU kernel does (values on bin edges, out of range, NaN, ties, the last edge in the last
bin), counts as a scatter-add; against eager on fresh inputs, equal counts and edges, nothing runs eagerly."""

import pytest
import torch

from harness import check, rand


def _on_edges(*shape, device, dtype=torch.float32):
    """Small integers and halves: many elements fall exactly on bin edges, and ties are everywhere."""
    x = torch.randint(-8, 9, shape, device=device).to(torch.float32) / 2
    return x.to(dtype)


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
@pytest.mark.parametrize("bins, low, high", [(8, -4, 4), (7, -3, 2.5), (13, 0, 0), (1, -1, 1), (100, 0, 0)])
def test_histc(dtype, bins, low, high, device):
    if device == "cuda" and dtype == torch.bfloat16:
        pytest.skip("eager has no bfloat16 histc on CUDA")
    x = _on_edges(5, 9, 3, device=device, dtype=dtype)
    if low != high:  # eager's range from a NaN extremum is an error
        x[0, 0, 0] = float("nan")
    check(lambda x: torch.histc(x, bins, low, high), x, fallbacks={})
    check(lambda x: torch.histc(x.transpose(0, 2)[1:], bins, low, high), rand(7, 6, 5, device=device, dtype=dtype),
          fallbacks={})


def test_histc_constant_and_empty(device):
    same = torch.full((11,), 2.5, device=device)  # min == max: the range widens by 1 on each side
    check(lambda x: torch.histc(x, 5), same, fallbacks={})
    check(lambda x: torch.histc(x[:0], 4, -1, 1), rand(3, device=device), fallbacks={})


# eager's histogram and histogramdd have CPU kernels only
CPU_ONLY = pytest.mark.parametrize("device", ["cpu"])


@CPU_ONLY
@pytest.mark.parametrize("bins", [1, 6, 17])
def test_histogram_bin_count(bins, device):
    x, w = _on_edges(37, device=device), rand(37, device=device, low=0.0, high=2.0)
    check(lambda x: torch.histogram(x, bins), x, fallbacks={})
    check(lambda x: torch.histogram(x, bins, range=(-2.5, 3.0)), x, fallbacks={})
    check(lambda x, w: torch.histogram(x, bins, weight=w, density=True), x, w, fallbacks={})
    check(lambda x: torch.histogram(x.view(37, 1)[::2], bins), rand(37, device=device), fallbacks={})


@CPU_ONLY
def test_histogram_edges(device):
    x, w = _on_edges(41, device=device), rand(41, device=device, low=0.0, high=2.0)
    edges = torch.tensor([-3.0, -1.5, -1.5, 0.0, 0.5, 2.0, 3.5], device=device)  # a repeated edge: an empty bin
    check(lambda x, e: torch.histogram(x, e), x, edges, fallbacks={})
    check(lambda x, e, w: torch.histogram(x, e, weight=w, density=True), x, edges, w, fallbacks={})
    unsorted = torch.tensor([0.0, -2.0, 1.0, 3.0, 2.5], device=device)  # std::upper_bound's bisection, as eager
    check(lambda x, e: torch.histogram(x, e), x, unsorted, fallbacks={})


@CPU_ONLY
def test_histogramdd(device):
    x, w = _on_edges(4, 13, 3, device=device), rand(4, 13, device=device, low=0.0, high=2.0)
    check(lambda x: torch.histogramdd(x, [3, 5, 4]), x, fallbacks={})
    check(lambda x, w: torch.histogramdd(x, 4, range=[-3.0, 3.0, -1.0, 2.0, 0.0, 4.0], weight=w, density=True),
          x, w, fallbacks={})
    edges = [torch.tensor(e, device=device) for e in ([-4.0, 0.0, 4.0], [-2.0, -0.5, 0.5, 2.0], [-1.0, 3.0])]
    check(lambda x, a, b, c: torch.histogramdd(x, [a, b, c]), x, *edges, fallbacks={})
