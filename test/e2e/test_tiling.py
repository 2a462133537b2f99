"""Tiling strategies end to end: split reductions, outer (column) reductions, wide persistent rows."""

import pytest
import torch

from harness import check, rand


def test_full_sum_is_split_into_two_kernels(device):
    x = rand(1 << 20, device=device)
    check(lambda a: a.sum(), x, kernels=2)


def test_full_max_and_mean_split(device):
    x = rand(3, 1 << 18, device=device)
    check(lambda a: (a.amax(), a.mean() * 2), x)


@pytest.mark.parametrize("shape", [(4096, 37), (4099, 300), (2048, 64)])
def test_column_sums(shape, device):
    x = rand(*shape, device=device, low=0.5, high=1.5)  # sums far from zero: well conditioned in any order
    check(lambda a: (a.sum(0), a.mean(0) + 1), x)


def test_column_max_of_half(device):
    x = rand(8192, 33, dtype=torch.float16, device=device)
    check(lambda a: a.amax(0), x, kernels=2)


@pytest.mark.parametrize("cols", [2048, 4096, 4000])
def test_wide_rows_softmax_and_layer_norm(cols, device):
    x, w = rand(6, cols, device=device), rand(cols, device=device)
    check(lambda a, b: (torch.softmax(a, -1), torch.nn.functional.layer_norm(a, (cols,), b)), x, w)


def test_pow_by_constants(device):
    x = rand(37, 129, device=device)
    check(lambda a: (a**2 + a**3, a.abs() ** 2.5, torch.pow(a, 4)), x)
