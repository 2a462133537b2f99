"""grid_sampler_3d against eager: one kernel of gather loads at positions computed from the grid, every mode and
padding mode, layouts, bf16, grids reaching far outside the input and nearest ties (half to even)."""

import itertools

import torch
import torch.nn.functional as F

from harness import assert_same, check, rand
from irc import metrics

MODES = list(itertools.product(("bilinear", "nearest"), ("zeros", "border", "reflection"), (False, True)))


def sample_all(x, grid):
    return tuple(F.grid_sample(x, grid, mode=m, padding_mode=p, align_corners=a) for m, p, a in MODES)


def test_grid_sample_3d(device):
    x = rand(2, 3, 4, 5, 6, device=device)
    grid = rand(2, 3, 4, 2, 3, device=device, low=-2.5, high=2.5)  # reflections of several spans
    check(sample_all, x, grid, fallbacks={}, kernels=1)


def test_grid_sample_3d_bf16(device):
    """bf16 computes in float32, as PyTorch's grid_sampler_2d decomposition (pw_cast_for_opmath) and Inductor:
    the reference is the float32 op rounded to bf16 (eager's CPU kernel rounds each step to bf16)."""
    x = rand(2, 3, 4, 5, 6, device=device, dtype=torch.bfloat16)
    grid = rand(2, 3, 4, 2, 3, device=device, dtype=torch.bfloat16, low=-2.5, high=2.5)
    torch._dynamo.reset()
    metrics.reset()
    got = torch.compile(sample_all, backend="irc")(x, grid)
    assert_same(got, tuple(r.to(torch.bfloat16) for r in sample_all(x.float(), grid.float())))
    assert dict(metrics.fallbacks) == {} and metrics.generated_kernel_count == 1


def test_grid_sample_3d_layouts_and_ties(device):
    x = rand(1, 2, 3, 4, 5, device=device).to(memory_format=torch.channels_last_3d)
    grid = rand(1, 5, 3, 4, 3, device=device).permute(0, 2, 1, 3, 4)  # a strided grid
    ties = torch.tensor([-0.75, -0.25, 0.25, 0.75, -1.0, 1.0], device=device)  # unnormalized: x.5 positions
    grid[0, 0, :, :, 0] = ties[torch.arange(20, device=device) % 6].view(5, 4)
    check(sample_all, x, grid, fallbacks={}, kernels=1)
