"""Ops irc lowers through PyTorch's decompositions (irc/backend.py's table): dist, max_pool3d_with_indices and
grid_sampler_2d become reductions, windows and gathers; against eager with odd sizes, nothing runs eagerly."""

import pytest
import torch
import torch.nn.functional as F

from harness import check, rand


@pytest.mark.parametrize("p", [2.0, 1.0, 0.0, 3.5, float("inf"), float("-inf")])
def test_dist(p, device):
    x, y = rand(7, 5, device=device), rand(5, device=device)
    check(lambda x, y: torch.dist(x, y, p), x, y, fallbacks={})


def test_max_pool3d_with_indices(device):
    x = rand(2, 3, 7, 6, 5, device=device)
    check(lambda x: F.max_pool3d(x, 3, stride=2, padding=1, return_indices=True), x, fallbacks={})


@pytest.mark.parametrize("mode", ["bilinear", "nearest"])
@pytest.mark.parametrize("padding_mode", ["zeros", "border", "reflection"])
def test_grid_sample(mode, padding_mode, device):
    x, grid = rand(2, 3, 7, 5, device=device), rand(2, 4, 6, 2, device=device, low=-1.2, high=1.2)
    fn = lambda x, g: F.grid_sample(x, g, mode=mode, padding_mode=padding_mode, align_corners=False)  # noqa: E731
    check(fn, x, grid, fallbacks={})
