"""scatter_reduce and index_reduce with reduce="prod" lowered through irc/decompositions_scatter.py (a product
reduction per result element over the values whose index names it): against eager on fresh inputs with
duplicate indices, elements no index names, zeros, negatives and NaN, non-contiguous operands, integer
wrap-around; nothing runs eagerly."""

import pytest
import torch

from harness import check, rand

DTYPES = [torch.float32, torch.bfloat16, torch.int64, torch.int32, torch.uint8]


def _values(*shape, dtype, device):
    """Values in [-2, 2) (integers: [-3, 4), uint8: [0, 7)), some zeros and one NaN for floats."""
    if dtype == torch.uint8:
        return torch.randint(0, 7, shape, device=device, dtype=dtype)
    if not dtype.is_floating_point:
        return torch.randint(-3, 4, shape, device=device, dtype=dtype)
    x = rand(*shape, dtype=dtype, device=device, low=-2.0, high=2.0)
    x.view(-1)[::7] = 0
    x.view(-1)[3] = float("nan")
    return x


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("include_self", [True, False])
def test_scatter_reduce_prod(dtype, include_self, device):
    x, src = _values(5, 7, 3, dtype=dtype, device=device), _values(6, 9, 3, dtype=dtype, device=device)
    index = torch.randint(0, 7, (4, 9, 2), device=device)  # duplicates; rows and columns past the index stay
    fn = lambda x, i, s: x.scatter_reduce(1, i, s, "prod", include_self=include_self)  # noqa: E731
    check(fn, x, index, src, fallbacks={})
    index = torch.randint(0, 5, (3, 3, 4), device=device)
    fn = lambda x, i, s: x.transpose(1, 2).scatter_reduce(0, i, s[::2], "prod", include_self=include_self)  # noqa: E731
    check(fn, x, index, _values(8, 3, 5, dtype=dtype, device=device), fallbacks={})


def test_scatter_reduce_prod_wraps(device):
    x = torch.randint(2**20, 2**21, (3, 5), device=device)
    src = torch.randint(2**20, 2**21, (3, 8), device=device)
    check(lambda x, i, s: x.scatter_reduce(1, i, s, "prod"), x, torch.randint(0, 5, (3, 8), device=device), src,
          fallbacks={})


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("include_self", [True, False])
def test_index_reduce_prod(dtype, include_self, device):
    x, src = _values(4, 6, 5, dtype=dtype, device=device), _values(4, 11, 5, dtype=dtype, device=device)
    index = torch.randint(0, 6, (11,), device=device)
    check(lambda x, i, s: x.index_reduce(1, i, s, "prod", include_self=include_self), x, index, src, fallbacks={})
    fn = lambda x, i, s: x.index_reduce(-1, i, s.transpose(1, 2), "prod", include_self=include_self)  # noqa: E731
    check(fn, x, torch.randint(0, 5, (6,), device=device), _values(4, 6, 6, dtype=dtype, device=device)[:, :, :6],
          fallbacks={})


@pytest.mark.parametrize("include_self", [True, False])
def test_prod_scatters_0d(include_self, device):
    x, v = rand(1, device=device).view(()), rand(1, device=device).view(())
    zero = torch.zeros((), dtype=torch.int64, device=device)
    check(lambda x, i, v: x.scatter_reduce(0, i, v, "prod", include_self=include_self), x, zero, v, fallbacks={})
    check(lambda x, i, v: x.index_reduce(0, i, v, "prod", include_self=include_self), x, zero.view(1), v, fallbacks={})
