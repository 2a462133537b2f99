"""Online softmax in looped reductions: max and sum of exp(x - max) share one r loop, so the row is read
twice (statistics, output). Small rows are forced into looped reductions with a short rblock."""

import pytest
import torch

from harness import check, rand
from irc import config, metrics
from irc.pipeline import DEFAULT_PIPELINE

LOOPED = DEFAULT_PIPELINE.replace("kernel-tile{autotune=true", "kernel-tile{rblock=64 autotune=true")
assert LOOPED != DEFAULT_PIPELINE
THREE_PASS = LOOPED.replace("convert-kernel-to-triton", "convert-kernel-to-triton{online_softmax=false}")


@pytest.fixture
def looped(monkeypatch, tmp_path):
    monkeypatch.setattr(config, "pipeline", LOOPED)
    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path))


def r_loops() -> list[int]:
    """The number of r loops of each looped reduction kernel in the modules compiled since reset()."""
    counts = []
    for path in metrics.generated_modules:
        for kernel in open(path).read().split("@triton.jit")[1:]:
            if "def triton_red_" in kernel:
                counts.append(kernel.count("for roffset"))
    return counts


def with_specials(x: torch.Tensor) -> torch.Tensor:
    """Rows with -inf entries, large magnitudes, -inf everywhere (row 2) and in the first blocks (row 3)."""
    x = x.clone()
    x[0, ::3] = float("-inf")
    x[1, 5::7] = 1e4 if x.dtype == torch.float32 else 6e4 if x.dtype == torch.float16 else 1e30
    x[1, 11::13] = -1e4
    x[2, :] = float("-inf")
    x[3, :150] = float("-inf")
    return x


DTYPES = [torch.float32, torch.float16, torch.bfloat16]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("cols", [1000, 257])
def test_softmax_reads_the_row_twice(looped, dtype, cols, device):
    x = rand(7, cols, dtype=dtype, device=device, low=-8, high=8)
    check(lambda a: torch.softmax(a, -1), x, kernels=1)
    assert r_loops() == [2]


@pytest.mark.parametrize("dtype", DTYPES)
def test_log_softmax_and_logsumexp(looped, dtype, device):
    x = rand(5, 301, dtype=dtype, device=device, low=-20, high=20)
    check(lambda a: torch.log_softmax(a, -1), x)
    assert r_loops() == [2]
    check(lambda a: torch.logsumexp(a, -1), x)
    assert r_loops() == [1]
    check(lambda a: (torch.log_softmax(a, -1), torch.logsumexp(a, -1)), x)
    assert r_loops() == [2]  # one max, two sums: the second sum runs in the output loop


@pytest.mark.parametrize("dtype", DTYPES)
def test_infinities_and_large_magnitudes(looped, dtype, device):
    x = with_specials(rand(4, 333, dtype=dtype, device=device))
    check(lambda a: (torch.softmax(a, -1), torch.log_softmax(a, -1)), x)
    check(lambda a: torch.logsumexp(a, -1), x)


def test_all_minus_inf_row_matches_eager(looped, device):
    x = torch.full((3, 200), float("-inf"), device=device)
    x[1] = rand(200, device=device)
    got = check(lambda a: torch.softmax(a, -1), x)
    assert got[0].isnan().all() and not got[1].isnan().any()
    got = check(lambda a: torch.logsumexp(a, -1), x)
    assert got[0] == float("-inf")


def test_nan_and_plus_inf(looped, device):
    x = rand(3, 150, device=device)
    x[0, 17] = float("nan")
    x[1, 99] = float("inf")
    check(lambda a: (torch.softmax(a, -1), torch.logsumexp(a, -1)), x)


@pytest.mark.parametrize("dim", [0, -1])
def test_softmax_over_either_dim(looped, dim, device):
    x = rand(211, 67, device=device)
    check(lambda a: torch.softmax(a, dim), x)


def test_cross_entropy(looped, device):
    x, target = rand(9, 517, device=device), torch.randint(0, 517, (9,), device=device)
    check(lambda a, t: torch.nn.functional.cross_entropy(a, t), x, target)
    assert r_loops() == [1]  # max and sum-exp share one loop; the target logit is a gather load after it


def test_softmax_backward(looped, device):
    x = rand(6, 400, device=device, low=-5, high=5).requires_grad_()
    grad = rand(6, 400, device=device)

    def grads(a, g):
        (out,) = torch.autograd.grad(torch.softmax(a, -1), a, g)
        return out

    check(grads, x, grad)


def test_switch_off_keeps_three_loops(monkeypatch, tmp_path, device):
    monkeypatch.setattr(config, "pipeline", THREE_PASS)
    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path))
    x = rand(5, 300, device=device)
    check(lambda a: torch.softmax(a, -1), x, kernels=1)
    assert r_loops() == [3]


def test_persistent_reductions_are_unchanged(device):
    x = rand(5, 300, device=device)
    check(lambda a: torch.softmax(a, -1), x, kernels=1)
    assert r_loops() == []
