"""The regularized incomplete gamma functions (torch.igamma / igammac, special.gammainc / gammaincc) lowered to
one Triton kernel each: ATen's series and continued fraction (loop.while per element) and its asymptotic
expansion, against eager with no op run eagerly: random operands in every regime, each boundary case (a or x
zero, negative, infinite, NaN), values at and beside the borders between ATen's methods, float32, float64,
half precision, broadcasting, non-contiguous inputs and Python numbers."""

import math

import pytest
import torch

from harness import check, rand

NAN, INF = float("nan"), float("inf")
# the numerical cases compile the same kernel again, whose levels test_special_names checks
numerical = pytest.mark.unchecked
OPS = {"igamma": torch.igamma, "igammac": torch.igammac}
SPECIAL = [0.0, -1.0, -0.0, INF, -INF, NAN, 1e-30, 1e-3, 0.5, 1.0, 1.1, 3.0, 20.0, 25.0, 200.0, 260.0, 1e6]


def _lowered(fn, *inputs):
    check(fn, *inputs, fallbacks={}, kernels=1)


def _grid(a_values, x_values, dtype, device):
    a = torch.tensor(a_values, dtype=dtype, device=device)
    x = torch.tensor(x_values, dtype=dtype, device=device)
    shape = (len(a_values), len(x_values))
    return a[:, None].expand(shape).contiguous(), x[None, :].expand(shape).contiguous()


@numerical
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64], ids=str)
@pytest.mark.parametrize("name", sorted(OPS))
def test_random(name, dtype, device):
    """Small and middle a and x (both series, the continued fraction, the expansion for 20 < a < 200), and a
    above 200: the expansion within 4.5 / sqrt(a) of x = a, the other methods beyond."""
    a = rand(37, 29, low=0.01, high=40.0, dtype=dtype, device=device)
    x = rand(37, 29, low=0.01, high=45.0, dtype=dtype, device=device)
    x[::3] = a[::3] * rand(13, 29, low=0.75, high=1.25, dtype=dtype, device=device)
    a[::4] = rand(10, 29, low=150.0, high=3000.0, dtype=dtype, device=device)
    x[::4] = a[::4] * rand(10, 29, low=0.6, high=1.4, dtype=dtype, device=device)
    _lowered(OPS[name], a, x)


def _beside(values, dtype):
    """Each value and its neighbouring floats of `dtype`."""
    out = []
    for v in values:
        t = torch.tensor(v, dtype=dtype)
        out += [torch.nextafter(t, torch.tensor(-INF, dtype=dtype)).item(), v,
                torch.nextafter(t, torch.tensor(INF, dtype=dtype)).item()]  # fmt: skip
    return out


@numerical
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64], ids=str)
@pytest.mark.parametrize("name", sorted(OPS))
def test_boundaries_and_method_borders(name, dtype, device):
    """Every pair of boundary values; x at 0.5, 1 and 1.1, a at 20 and 200, |x - a| / a at 0.3, 1.1 x = a and
    -0.4 / log(x) = a, each with its neighbouring floats."""
    a_values = SPECIAL + _beside([20.0, 200.0, 0.5, 2.0, -0.4 / math.log(0.3), 1.21], dtype)
    x_values = SPECIAL + _beside([0.5, 1.0, 1.1, 14.0, 26.0, 0.3], dtype)
    _lowered(OPS[name], *_grid(a_values, x_values, dtype, device))


@numerical
@pytest.mark.parametrize("name", sorted(OPS))
def test_other_dtypes_and_layouts(name, device):
    fn = OPS[name]
    for dtype in (torch.float16, torch.bfloat16):
        a, x = (rand(19, 11, low=0.1, high=30.0, dtype=dtype, device=device) for _ in range(2))
        try:
            fn(a, x)
        except NotImplementedError:  # CUDA's eager kernels have no f16
            continue
        _lowered(fn, a, x)
    a = rand(13, 21, low=0.1, high=30.0, device=device)
    _lowered(fn, a.t(), rand(1, 13, low=0.1, high=30.0, device=device))
    _lowered(lambda x: fn(torch.full_like(x, 2.5), x), rand(33, low=0.1, high=9.0, device=device))


def test_special_names(device):
    a = rand(25, low=0.1, high=10.0, device=device)
    x = rand(25, low=0.1, high=10.0, device=device)
    _lowered(torch.special.gammainc, a, x)
    _lowered(torch.special.gammaincc, a, x)
