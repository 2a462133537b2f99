"""Special functions lowered to Triton kernels (libdevice on the GPU), each one row of dialects/elementwise.py,
against eager: odd sizes, a non-contiguous input, float, half and integer dtypes, and no op run eagerly."""

import pytest
import torch

from harness import check, rand

F32, F64, F16, BF16 = torch.float32, torch.float64, torch.float16, torch.bfloat16

# name -> (function, low, high): inputs in [low, high) keep each function inside its domain
UNARY = {
    "acosh": (torch.acosh, 1.0, 6.0),
    "asinh": (torch.asinh, -6.0, 6.0),
    "atanh": (torch.atanh, -0.99, 0.99),
    "log10": (torch.log10, 0.01, 50.0),
    "erfc": (torch.erfc, -4.0, 4.0),
    "erfinv": (torch.erfinv, -0.99, 0.99),
    "lgamma": (torch.lgamma, -6.5, 12.0),
    "gammaln": (torch.special.gammaln, 0.1, 12.0),
    "mvlgamma": (lambda x: torch.mvlgamma(x, 3), 1.1, 9.0),
    "i0": (torch.i0, -9.0, 9.0),
    "special_i0": (torch.special.i0, -9.0, 9.0),
    "i1": (torch.special.i1, -9.0, 9.0),
    "i0e": (torch.special.i0e, -30.0, 30.0),
    "i1e": (torch.special.i1e, -30.0, 30.0),
    "modified_bessel_i0": (torch.special.modified_bessel_i0, -9.0, 9.0),
    "modified_bessel_i1": (torch.special.modified_bessel_i1, -9.0, 9.0),
    "erfcx": (torch.special.erfcx, -3.0, 20.0),
    "ndtri": (torch.special.ndtri, 0.01, 0.99),
    "log_ndtr": (torch.special.log_ndtr, -8.0, 8.0),
    "bessel_j0": (torch.special.bessel_j0, -20.0, 20.0),
    "bessel_j1": (torch.special.bessel_j1, -20.0, 20.0),
    "bessel_y0": (torch.special.bessel_y0, 0.1, 20.0),
    "bessel_y1": (torch.special.bessel_y1, 0.1, 20.0),
    "signbit": (torch.signbit, -3.0, 3.0),
    "digamma": (torch.digamma, -7.5, 30.0),
    "spherical_bessel_j0": (torch.special.spherical_bessel_j0, -9.0, 9.0),
    "psi": (torch.special.psi, 0.01, 3.0),
    "polygamma0": (lambda x: torch.polygamma(0, x), -3.0, 3.0),
    "polygamma1": (lambda x: torch.polygamma(1, x), -6.5, 20.0),
    "modified_bessel_k0": (torch.special.modified_bessel_k0, 0.01, 20.0),
    "modified_bessel_k1": (torch.special.modified_bessel_k1, 0.01, 20.0),
    "scaled_modified_bessel_k0": (torch.special.scaled_modified_bessel_k0, 0.01, 40.0),
    "scaled_modified_bessel_k1": (torch.special.scaled_modified_bessel_k1, 0.01, 40.0),
    "airy_ai": (torch.special.airy_ai, -15.0, 15.0),
}


def _lowered(fn, *inputs):
    """Compiled and eager agree, and no ATen op ran eagerly."""
    check(fn, *inputs, fallbacks={})


@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_f32_odd_sizes(name, device):
    fn, low, high = UNARY[name]
    _lowered(fn, rand(37, 129, low=low, high=high, device=device))


@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_non_contiguous(name, device):
    fn, low, high = UNARY[name]
    _lowered(fn, rand(29, 17, low=low, high=high, device=device).t())


@pytest.mark.parametrize("dtype", [F64, F16, BF16])
@pytest.mark.parametrize("name", ["acosh", "erfinv", "lgamma", "i0", "erfc", "log10", "signbit", "digamma"])
def test_unary_other_floats(name, dtype, device):
    fn, low, high = UNARY[name]
    _lowered(fn, rand(301, low=low, high=high, device=device).to(dtype))


@pytest.mark.parametrize("dtype", [torch.int32, torch.int64, torch.uint8])
@pytest.mark.parametrize(
    "name", ["acosh", "asinh", "lgamma", "i0", "i1", "erfc", "bessel_j1", "log10", "signbit", "digamma"]
)
def test_unary_integer_inputs(name, dtype, device):
    """Integer inputs compute in float32 as eager does (signbit stays a compare)."""
    fn, low, high = UNARY[name]
    low = max(low, 0) if dtype == torch.uint8 else low
    _lowered(fn, rand(97, low=int(low) + 1, high=int(high) + 1, dtype=dtype, device=device))


def test_lgamma_at_poles_and_signbit_of_signed_zero(device):
    x = torch.tensor([0.0, -0.0, -1.0, -2.0, 1.0, 2.0, float("inf"), -float("inf"), float("nan"), 0.3, -0.49],
                     device=device)  # fmt: skip
    _lowered(lambda x: (torch.lgamma(x), torch.signbit(x), torch.erfinv(x.clamp(-1, 1)),
                        torch.special.spherical_bessel_j0(x), torch.special.i0e(x),
                        torch.special.i1e(x)), x)  # fmt: skip


@pytest.mark.parametrize("dtype", [F32, F64])
def test_nextafter(dtype, device):
    x, y = rand(37, 41, dtype=dtype, device=device), rand(37, 41, dtype=dtype, device=device)
    y[::3] = x[::3]  # equal operands give y
    _lowered(torch.nextafter, x, y)
    _lowered(torch.nextafter, x.t(), y.t())


NEXTAFTER_EDGES = [(0.0, -0.0), (-0.0, 0.0), (0.0, -1.0), (1.0, 2.0), (1.0, 0.0), (-1.0, -2.0), (65504.0, float("inf")),
                   (-65504.0, 0.0), (float("inf"), 0.0), (float("nan"), 1.0), (1.0, float("nan")), (6e-8, 0.0),
                   (-6e-8, 0.0), (2.0, 2.0), (1e-40, 0.0), (3e38, float("inf")), (-3e38, 0.0)]  # fmt: skip


@pytest.mark.parametrize("dtype", [F16, BF16, F32, F64])
def test_nextafter_edges(dtype, device):
    """f16 and bf16 step their own 16 bits (irc computes them in f32): signed zeros, the smallest subnormal,
    the largest finite value to infinity, NaN; a 0-d operand (a constant the printer must type)."""
    x, y = (torch.tensor([p[k] for p in NEXTAFTER_EDGES], device=device).to(dtype) for k in (0, 1))
    _lowered(lambda x, y: (torch.nextafter(x, y), torch.signbit(torch.nextafter(x, y))), x, y)
    z = rand(37, 41, dtype=dtype, device=device)
    _lowered(torch.nextafter, z, rand(41, dtype=dtype, device=device))
    _lowered(lambda z: torch.nextafter(z, torch.zeros((), dtype=z.dtype, device=z.device)), z.t())


@pytest.mark.parametrize("dtype", [F32, F16, torch.int32, torch.int64])
def test_fmod(dtype, device):
    x = rand(37, 43, low=-50, high=50, dtype=dtype, device=device)
    y = rand(43, low=1, high=9, dtype=dtype, device=device) * torch.where(torch.arange(43, device=device) % 2 == 0, 1, -1).to(dtype)
    _lowered(torch.fmod, x, y)
    _lowered(lambda x: torch.fmod(x, 3), x.t())
    if dtype.is_floating_point:
        _lowered(lambda x: torch.fmod(x, -0.7), x)


def test_digamma_at_poles_zeros_and_near_negative_integers(device):
    x = torch.tensor([0.0, -0.0, -1.0, -4.0, 10.0, 1e-6, -1e-6, -0.9925, -2.0001, 1e10, float("inf"), -float("inf"),
                      float("nan")], device=device)  # fmt: skip
    for dtype in (F32, F64):
        _lowered(lambda x: (torch.digamma(x), torch.polygamma(1, x)), x.to(dtype))


def test_lgamma_and_digamma_backwards_are_lowered(device):
    def fn(x):
        return (torch.lgamma(x) + torch.digamma(x)).sum()

    x = rand(37, 5, low=0.1, high=9.0, device=device).requires_grad_()
    want = torch.autograd.grad(fn(x), x)[0]
    torch._dynamo.reset()
    from irc import metrics

    metrics.reset()
    got = torch.autograd.grad(torch.compile(fn, backend="irc")(x), x)[0]
    torch.testing.assert_close(got, want)
    assert not metrics.fallbacks


def test_polygamma_of_higher_order_runs_eagerly(device):
    check(lambda x: torch.polygamma(2, x), rand(31, low=0.5, high=3.0, device=device),
          fallbacks={"aten::polygamma.default": 1})


@pytest.mark.parametrize("dtype", [F32, F16, F64])
def test_fmax_fmin_ignore_nan(dtype, device):
    x, y = rand(37, 13, dtype=dtype, device=device), rand(13, dtype=dtype, device=device)
    x[0, :3], y[1:4] = float("nan"), float("nan")  # NaN against a number, a number against NaN, both NaN
    _lowered(lambda x, y: (torch.fmax(x, y), torch.fmin(x, y)), x, y)
    _lowered(torch.fmax, x.t(), y[:1])


@pytest.mark.parametrize("dtype", [torch.int32, torch.int64, torch.uint8, torch.bool])
def test_fmax_fmin_of_integers_and_bools(dtype, device):
    x, y = rand(37, 13, dtype=dtype, low=0, high=250, device=device), rand(37, 13, dtype=dtype, low=0, high=250, device=device)
    _lowered(lambda x, y: (torch.fmax(x, y), torch.fmin(x, y)), x, y)


@pytest.mark.parametrize("dtype", [F32, F64, torch.int64, torch.bool])
def test_angle_of_real_numbers(dtype, device):
    x = rand(37, 13, dtype=dtype, device=device)
    _lowered(torch.angle, x)
    special = torch.tensor([-0.0, 0.0, -1.5, 2.0, float("nan"), -float("inf"), float("inf")], device=device)
    _lowered(torch.angle, special)


FREXP_EDGES = [0.0, -0.0, float("inf"), -float("inf"), float("nan"), -3.0, 1.0, 0.75, 0.5, -1.0, 3e38, 1e-40,
               -1.17549435e-38, 1.1754942e-38, 2.0**-149, 6e-39, 65504.0, 6e-8, 1e-5]  # fmt: skip


@pytest.mark.parametrize("dtype", [F32, F64, F16, BF16])
def test_frexp_edges_and_random(dtype, device):
    """Mantissa and int32 exponent from the float's bits: zeros, infinities and NaN give (x, 0); subnormals
    (of the dtype, and of f32 for f16/bf16 values) are scaled into the normal range first."""
    edges = torch.tensor(FREXP_EDGES, device=device).to(dtype)
    _lowered(torch.frexp, edges)
    x = rand(37, 41, low=-1.0, high=1.0, dtype=F64, device=device) * torch.logspace(-30, 30, 41, device=device, dtype=F64)
    _lowered(torch.frexp, x.to(dtype).t())
    _lowered(lambda x: torch.frexp(x).exponent + 1, x.to(dtype))


def test_frexp_of_double_subnormals(device):
    x = torch.tensor([5e-324, -5e-324, 2.2250738585072014e-308, 2.2250738585072009e-308, 1e308, -1e-310],
                     dtype=F64, device=device)  # fmt: skip
    _lowered(torch.frexp, x)


def test_bfloat16_subnormals_widen_exactly(device):
    x = torch.tensor([1e-40, 6e-39, -1e-40, 1e-30, 0.0], device=device).to(BF16)
    _lowered(lambda x: (x.float() * 2.0**100, x.double() * 2.0**120), x)


BESSEL_K_AND_AIRY = [UNARY[name][0] for name in ("modified_bessel_k0", "modified_bessel_k1",
                                                 "scaled_modified_bessel_k0", "scaled_modified_bessel_k1", "airy_ai")]
BESSEL_K_AND_AIRY_EDGES = [0.0, -0.0, -1.0, 1e-30, 1e-7, 0.5, 1.999, 2.0, 2.001, 8.0, 50.0, 100.0, 700.0,
                           float("inf"), -float("inf"), float("nan"), -2.09, -2.0899, 2.09, 2.0899, 8.32, 8.33, 103.8,
                           103.9, -10.0, -100.0, -1e4, 1e-3, -1e-3]  # fmt: skip


@pytest.mark.parametrize("dtype", [F32, F64])
def test_bessel_k_and_airy_edges(dtype, device):
    """Each branch of ATen's expansions and its borders: K at 0 (inf), below 0 (NaN), around 2; Ai around
    -2.09 and 2.09 (where its series stops as ATen's loop does), past 103.892 (0), at +-inf (NaN)."""
    x = torch.tensor(BESSEL_K_AND_AIRY_EDGES, dtype=dtype, device=device)
    _lowered(lambda x: tuple(fn(x) for fn in BESSEL_K_AND_AIRY), x)
    spread = rand(501, low=-12.0, high=12.0, dtype=F64, device=device).to(dtype)
    _lowered(lambda x: tuple(fn(x) for fn in BESSEL_K_AND_AIRY), spread)


def test_bessel_k_and_airy_of_integers(device):
    x = rand(97, low=-6, high=12, dtype=torch.int64, device=device)
    _lowered(lambda x: tuple(fn(x) for fn in BESSEL_K_AND_AIRY), x)
