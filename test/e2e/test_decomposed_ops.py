"""Ops irc lowers through decompositions (irc/backend.py's table, irc/decompositions.py): dist,
max_pool3d_with_indices and grid_sampler_2d become reductions, windows and gathers, searchsorted and bucketize a
binary search of gathers, tril_indices and triu_indices index math; against eager with odd sizes, ties, NaN and
empty results, nothing runs eagerly."""

import pytest
import torch
import torch.nn.functional as F

from harness import check, rand


@pytest.mark.parametrize("p", [2.0, 1.0, 0.0, 3.5, float("inf"), float("-inf")])
def test_dist(p, device):
    x, y = rand(7, 5, device=device), rand(5, device=device)
    check(lambda x, y: torch.dist(x, y, p), x, y, fallbacks={})


def test_max_pool3d_with_indices(device):
    """Lowered where torch has its decomposition (torch 2.11 has none: an extern there)."""
    from torch._decomp import decomposition_table

    decomposed = torch.ops.aten.max_pool3d_with_indices.default in decomposition_table
    x = rand(2, 3, 7, 6, 5, device=device)
    check(lambda x: F.max_pool3d(x, 3, stride=2, padding=1, return_indices=True), x, fallbacks={} if decomposed else None)


@pytest.mark.parametrize("mode", ["bilinear", "nearest"])
@pytest.mark.parametrize("padding_mode", ["zeros", "border", "reflection"])
def test_grid_sample(mode, padding_mode, device):
    x, grid = rand(2, 3, 7, 5, device=device), rand(2, 4, 6, 2, device=device, low=-1.2, high=1.2)
    fn = lambda x, g: F.grid_sample(x, g, mode=mode, padding_mode=padding_mode, align_corners=False)  # noqa: E731
    check(fn, x, grid, fallbacks={})


def _sorted(*shape, dtype, device):
    """Sorted along the last dim, with repeated values (small integers): searches hit ties."""
    return torch.randint(-4, 5, shape, device=device).to(dtype).sort(dim=-1).values


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16, torch.int64])
@pytest.mark.parametrize("side", ["left", "right"])
def test_searchsorted(dtype, side, device):
    seq, batched = _sorted(11, dtype=dtype, device=device), _sorted(3, 9, dtype=dtype, device=device)
    values = torch.randint(-6, 7, (3, 5), device=device).to(dtype)
    if dtype.is_floating_point:
        values[0, 1] = float("nan")
    right = side == "right"
    check(lambda s, v: torch.searchsorted(s, v, right=right), seq, values, fallbacks={})
    check(lambda s, v: torch.searchsorted(s, v, side=side, out_int32=True), batched, values, fallbacks={})
    check(lambda s, v: torch.searchsorted(s, v[1, 2], right=right), seq, values, fallbacks={})
    check(lambda s: torch.searchsorted(s, 2, right=right), seq, fallbacks={})
    shuffled = torch.randperm(11, device=device)  # seq[shuffled] is unsorted; its sorter is shuffled's inverse
    unsorted, sorter = seq[shuffled], shuffled.argsort()
    check(lambda s, v, p: torch.searchsorted(s, v, side=side, sorter=p), unsorted, values, sorter, fallbacks={})


@pytest.mark.parametrize("right", [False, True])
def test_bucketize(right, device):
    boundaries, x = _sorted(6, dtype=torch.float32, device=device), rand(4, 7, device=device, low=-5, high=5).round()
    x[2, 3] = float("nan")
    check(lambda x, b: torch.bucketize(x, b, right=right), x, boundaries, fallbacks={})
    check(lambda x, b: torch.bucketize(x[1, 1], b, right=right, out_int32=True), x, boundaries, fallbacks={})
    check(lambda x, b: torch.bucketize(x[:0], b, right=right), x, boundaries, fallbacks={})


@pytest.mark.parametrize("rows, cols, offset", [(5, 7, 0), (7, 4, -2), (6, 6, 3), (1, 9, -4), (0, 3, 0)])
def test_tril_and_triu_indices(rows, cols, offset, device):
    x = rand(1, device=device)  # a graph input, so the compiled function has one
    check(lambda x: (torch.tril_indices(rows, cols, offset, device=x.device),
                     torch.triu_indices(rows, cols, offset, device=x.device)), x, fallbacks={})


@pytest.mark.parametrize("size, align_corners, scales", [
    ((5, 9), False, None),  # down in height, up in width
    ((17, 3), True, None),
    ((4, 11), False, (0.45, 1.7)),  # explicit scales decide the weights, not the sizes
    ((7, 6), False, None),  # the width kept: only the height pass
    ((1, 2), False, None),
])
def test_upsample_bilinear2d_aa(size, align_corners, scales, device):
    """Antialiased bilinear resampling (irc/decompositions_upsample.py): ATen's weights, a gather per tap."""
    x = rand(2, 3, 10, 6, device=device)
    fn = lambda x: torch.ops.aten._upsample_bilinear2d_aa(x, size, align_corners, *(scales or (None, None)))  # noqa: E731
    check(fn, x, fallbacks={})
    check(lambda x: F.interpolate(x[:, :, ::2], size=(3, 4), mode="bilinear", antialias=True), x, fallbacks={})
    if device == "cpu":  # eager has no uint8 kernel on CUDA
        image = torch.randint(0, 256, (2, 5, 10, 6), dtype=torch.uint8, device=device)  # fixed-point weights, exact
        check(fn, image, fallbacks={})


def test_upsample_bilinear2d_aa_width_one(device):
    """An output width of 1 with a height pass stays ATen's: its kernel gives every row the first row's value."""
    fn = lambda x: torch.ops.aten._upsample_bilinear2d_aa(x, (4, 1), False)  # noqa: E731
    check(fn, rand(1, 2, 9, 5, device=device), fallbacks={"aten::_upsample_bilinear2d_aa.default": 1})
