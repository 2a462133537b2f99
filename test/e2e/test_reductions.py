"""Reductions end to end, over any set of dims with keepdim, against eager."""

import pytest
import torch

from harness import check, rand

REDUCTIONS = {
    "sum": torch.sum, "mean": torch.mean, "amax": torch.amax, "amin": torch.amin,
    "prod": lambda x, dim, keepdim: torch.prod(x / 2 + 0.75, dim[0] if dim else 0, keepdim),
    "var": lambda x, dim, keepdim: torch.var(x, dim, keepdim=keepdim),
    "std": lambda x, dim, keepdim: torch.std(x, dim, keepdim=keepdim, correction=0),
    "any": lambda x, dim, keepdim: torch.any(x > 2.5, dim[0] if dim else 0, keepdim),
    "all": lambda x, dim, keepdim: torch.all(x > -2.5, dim[0] if dim else 0, keepdim),
    "argmax": lambda x, dim, keepdim: torch.argmax(x, dim[0] if dim else 0, keepdim),
    "argmin": lambda x, dim, keepdim: torch.argmin(x, dim[0] if dim else 0, keepdim),
    "max_dim": lambda x, dim, keepdim: torch.max(x, dim[0] if dim else 0, keepdim),
    "min_dim": lambda x, dim, keepdim: torch.min(x, dim[0] if dim else 0, keepdim),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(REDUCTIONS))
@pytest.mark.parametrize("dim", [[1], [0], [-1]])
@pytest.mark.parametrize("keepdim", [False, True])
def test_reduction(name, dim, keepdim, device):
    check(lambda x: REDUCTIONS[name](x, dim, keepdim), rand(37, 129, device=device))


@pytest.mark.parametrize("dims", [[0, 2], [1, 2], [0, 1, 2]])
def test_multi_dim_reductions(dims, device):
    x = rand(5, 7, 33, device=device)
    check(lambda x: (x.sum(dims), x.mean(dims, keepdim=True), x.amax(dims), torch.var(x, dims)), x)


def test_full_reductions(device):
    x = rand(37, 129, device=device)
    check(lambda x: (x.sum(), x.mean(), x.max(), x.min(), x.argmax(), (x > 0).all(), x.std()), x)


def test_long_rows_use_looped_reduction(device):
    x = rand(5, 5000, device=device)
    check(lambda x: (x.sum(1), x.amax(1), torch.var(x, 1), x.argmin(1), torch.softmax(x, -1)), x)


def test_int_and_bool_sums(device):
    check(lambda x: (x.sum(1), (x > 0).sum(0)), rand(37, 21, dtype=torch.int32, low=-5, high=5, device=device))


def test_half_reductions(device):
    for dtype in (torch.float16, torch.bfloat16):
        check(lambda x: (x.sum(1), x.amax(0), x.mean(1)), rand(37, 129, dtype=dtype, device=device))


def test_sigmoid_sum_add_is_one_kernel(device):
    check(lambda x, y: torch.sigmoid(torch.sum(x + y, 1)), rand(37, 129, device=device), rand(37, 129, device=device), kernels=1)


@pytest.mark.parametrize("shape", [(37, 129), (4, 2000)])
def test_softmax_log_softmax_layer_norm(shape, device):
    x = rand(*shape, device=device)
    w, b = rand(shape[-1], device=device), rand(shape[-1], device=device)
    check(lambda x: torch.softmax(x, -1), x)
    check(lambda x: torch.log_softmax(x, -1), x)
    check(lambda x, w, b: torch.nn.functional.layer_norm(x, shape[-1:], w, b), x, w, b)
