"""Hurwitz's zeta (torch.special.zeta) lowered to a Triton kernel: ATen's direct sum, whose length is data (a
loop.while per element), then the Euler-Maclaurin terms, against eager with no op run eagerly: random x and q,
every special case (the pole at x = 1, x < 1, q at or below 0, NaN and infinities), sums that stop early and
late, integers, float64 and Python numbers."""

import pytest
import torch

from harness import check, rand

NAN, INF = float("nan"), float("inf")
X = [1.0, 0.5, 1.0000001, 1.5, 2.0, 3.0, 4.5, 7.0, 12.0, 50.0, 200.0, NAN, INF, -INF, -2.0]
Q = [1.0, 0.5, 1e-3, 2.0, 9.5, 100.0, 1e6, -2.0, -2.5, -30.5, -0.25, 0.0, NAN, INF, -INF]


def _lowered(fn, *inputs):
    """Lowered on CPU; on CUDA eager's kernel runs (an extern: irc lowers ATen's CPU algorithm)."""
    on_cpu = all(x.device.type == "cpu" for x in inputs if isinstance(x, torch.Tensor))
    check(fn, *inputs, fallbacks={} if on_cpu else None)


def test_random(device):
    x = rand(31, 17, low=1.0, high=12.0, device=device)
    q = rand(31, 17, low=-8.0, high=20.0, device=device)
    _lowered(torch.special.zeta, x, q)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_special_cases(dtype, device):
    x = torch.tensor(X, dtype=dtype, device=device)
    q = torch.tensor(Q, dtype=dtype, device=device)
    shape = (len(X), len(Q))
    _lowered(torch.special.zeta, x[:, None].expand(shape).contiguous(), q[None, :].expand(shape))


def test_integers_and_python_numbers(device):
    x = rand(29, low=-2, high=9, dtype=torch.int64, device=device)
    q = rand(29, low=-6, high=9, dtype=torch.int64, device=device)
    _lowered(torch.special.zeta, x, q)
    _lowered(lambda q: torch.special.zeta(2.0, q), rand(29, low=0.1, high=5.0, device=device))
    _lowered(lambda x: torch.special.zeta(x, 3.5), rand(29, low=1.1, high=5.0, device=device))
