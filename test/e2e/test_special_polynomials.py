"""The orthogonal polynomials of torch.special lowered to Triton kernels: ATen's recurrences, as long as each
element's degree, are loop.while loops (a Python `while` over the block), against eager with no op run
eagerly: random degrees and points, the special cases (negative, NaN and infinite degrees, x at +-1 and 0,
the closed forms above degree 6 or 8), long recurrences (degree 50 and 1000), integers, float64, Python
numbers, and a reduction over the polynomial's values."""

import pytest
import torch

from harness import check, rand

F32, F64 = torch.float32, torch.float64
NAN, INF = float("nan"), float("inf")

POLYNOMIALS = [
    *(f"{shifted}chebyshev_polynomial_{kind}" for shifted in ("", "shifted_") for kind in "tuvw"),
    "hermite_polynomial_h", "hermite_polynomial_he", "laguerre_polynomial_l", "legendre_polynomial_p",
]  # fmt: skip
# ATen returns an uninitialized value for x = NaN where its loop starts at a NaN without a first value
NAN_X_DEFINED = {"chebyshev_polynomial_t", "hermite_polynomial_h", "hermite_polynomial_he"}

POINTS = [1.0, -1.0, 0.0, 0.5, -0.5, 0.25, 0.75, 1.0000001, 0.9999999, -0.9999999, 1.5, -2.0, 3.0, 1e-8]
DEGREES = [-1.0, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 12.0, 50.0, 1000.0, 128.0, 129.0, 2.7,
           NAN, INF, -INF, 1e20, 2.0**63, -(2.0**63)]  # fmt: skip


def _lowered(fn, *inputs):
    """Lowered on CPU; on CUDA eager's kernel runs (an extern: irc lowers ATen's CPU algorithm)."""
    on_cpu = all(x.device.type == "cpu" for x in inputs if isinstance(x, torch.Tensor))
    check(fn, *inputs, fallbacks={} if on_cpu else None)


def _grid(points, degrees, dtype, device):
    """Every point with every degree."""
    x = torch.tensor(points, dtype=dtype, device=device)
    n = torch.tensor(degrees, dtype=dtype, device=device)
    shape = (len(points), len(degrees))
    return x[:, None].expand(shape).contiguous(), n[None, :].expand(shape)


@pytest.mark.parametrize("name", POLYNOMIALS)
def test_random_points_and_degrees(name, device):
    """Degrees below 9 at random points: the closed forms above degree 8 multiply acos(x) by n + 1, and
    libm's acosf (eager's) and numpy's differ by an ulp, so their values there differ by about n ulps of
    acos(x) / sin(acos(x)) (the fixed points of the next test reach degree 1000)."""
    fn = getattr(torch.special, name)
    x = rand(37, 29, low=-2.5, high=2.5, device=device)
    n = rand(37, 29, low=-3, high=9, dtype=torch.int64, device=device).float()
    _lowered(fn, x, n)


F64_CASES = ["chebyshev_polynomial_u", "shifted_chebyshev_polynomial_w", "hermite_polynomial_he", "legendre_polynomial_p"]
CASES = [(name, F32) for name in POLYNOMIALS] + [(name, F64) for name in F64_CASES]
# degrees up to 1000 run the same kernels as the other tests for more iterations; the pass checks (each level
# interpreted element by element) run in test_random_points_and_degrees and test_integers_and_python_numbers
long_recurrences = pytest.mark.unchecked


@long_recurrences
@pytest.mark.parametrize("name, dtype", CASES)
def test_special_cases_and_long_recurrences(name, dtype, device):
    fn = getattr(torch.special, name)
    points = POINTS + ([NAN] if name in NAN_X_DEFINED else [])
    _lowered(fn, *_grid(points, DEGREES, dtype, device))


@pytest.mark.parametrize("name", POLYNOMIALS)
def test_integers_and_python_numbers(name, device):
    fn = getattr(torch.special, name)
    x = rand(41, low=-3, high=4, dtype=torch.int64, device=device)
    n = rand(41, low=-2, high=12, dtype=torch.int64, device=device)
    _lowered(fn, x, n)
    _lowered(lambda x: fn(x, 7), rand(41, low=-1.2, high=1.2, device=device))
    _lowered(lambda n: fn(0.375, n), n)


def test_inside_a_reduction(device):
    """The loop inside a reduction's body runs over [XBLOCK, RBLOCK] blocks (rows of different lengths of
    recurrence), and over a looped reduction's r blocks."""
    x = rand(9, 300, low=-1.5, high=1.5, device=device)
    n = rand(9, 300, low=0, high=40, dtype=torch.int64, device=device).float()
    fn = torch.special.legendre_polynomial_p
    _lowered(lambda x, n: fn(x, n).sum(dim=1), x, n)
    x, n = rand(3, 5000, low=-1, high=1, device=device), rand(3, 5000, device=device)
    _lowered(lambda x, n: fn(x, n).sum(dim=1), x, n)
