"""Cumulative ops lowered to `loop.scan` kernels (convert-aten-to-loop's scan.py; `tl.cumsum`, `tl.cumprod`,
`tl.associative_scan`) against eager: every dim, odd sizes, non-contiguous inputs, ATen's dtype promotion
(integers and bools to int64, `dtype=`), narrow floats; none runs eagerly."""

import pytest
import torch

from harness import check, rand

from irc import metrics

SCANS = {
    "cumsum": torch.cumsum,
    "cumprod": torch.cumprod,
    "logcumsumexp": torch.logcumsumexp,
}


def _lowered(fn, *inputs, dynamic=False):
    return check(fn, *inputs, dynamic=dynamic, fallbacks={})


@pytest.mark.parametrize("name", SCANS)
@pytest.mark.parametrize("dim", [0, 1, 2, -1])
def test_every_dim(name, dim, device):
    scan = SCANS[name]
    x = rand(5, 7, 3, device=device, low=-1.5, high=1.5)
    _lowered(lambda x: scan(x, dim), x)
    assert metrics.generated_kernel_count == 1


@pytest.mark.parametrize("name", SCANS)
def test_non_contiguous_inputs(name, device):
    scan = SCANS[name]
    x = rand(13, 9, device=device, low=-1.5, high=1.5)
    _lowered(lambda x: scan(x.t(), 1), x)
    _lowered(lambda x: scan(x[::2, 1:], 0), x)
    _lowered(lambda x: scan(x.expand(4, 13, 9), 0), x)


@pytest.mark.parametrize("dtype", [torch.int64, torch.int32, torch.uint8, torch.bool])
def test_integers_scan_in_int64(dtype, device):
    x = rand(6, 11, dtype=dtype, device=device, low=0, high=3)
    got = _lowered(lambda x: (torch.cumsum(x, 1), torch.cumprod(x, 0)), x)
    assert all(g.dtype == torch.int64 for g in got)


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_narrow_floats_accumulate_in_float32(dtype, device):
    x = rand(4, 33, dtype=dtype, device=device, low=-1.0, high=1.0)
    _lowered(lambda x: (torch.cumsum(x, 1), torch.logcumsumexp(x, 1)), x)


def test_dtype_argument(device):
    x = rand(5, 8, dtype=torch.int32, device=device)
    _lowered(lambda x: (torch.cumsum(x, 1, dtype=torch.float64), torch.cumprod(x, 1, dtype=torch.float32)), x)


def test_single_element_and_zero_dim(device):
    _lowered(lambda x: (torch.cumsum(x, 1), torch.logcumsumexp(x, 0)), rand(5, 1, device=device))
    _lowered(lambda x: (torch.cumsum(x, 0), torch.cumprod(x, 0)), rand(1, device=device)[0])
    _lowered(lambda x: (torch.cumsum(x, 0), torch.cumprod(x, 1)), rand(0, 3, device=device))


def test_infinities_and_nan_in_logcumsumexp(device):
    x = torch.tensor([[float("-inf"), float("-inf"), 1.0, float("inf"), 2.0],
                      [0.5, float("nan"), 1.0, -2.0, float("inf")]], device=device)
    _lowered(lambda x: torch.logcumsumexp(x, 1), x)


def test_scan_between_other_ops(device):
    x = rand(17, 31, device=device, low=-1.0, high=1.0)
    _lowered(lambda x: torch.cumsum(x.sin() * 2, 1).exp() + 1, x)
    assert metrics.generated_kernel_count == 2  # the sin is inlined into the scan, the exp is its own kernel


def test_other_dims_symbolic(device):
    x = rand(7, 9, device=device)
    torch._dynamo.mark_dynamic(x, 0)
    _lowered(lambda x: torch.cumsum(x, 1) * 2, x, dynamic=None)
    assert metrics.generated_kernel_count == 2


def test_symbolic_length_stays_an_extern(device):
    check(lambda x: torch.cumsum(x, 1), rand(7, 9, device=device), dynamic=True, fallbacks={"aten::cumsum.default": 1})


def test_long_scan_runs_in_one_block(device):
    # eighths add exactly in float32, so the scan's order of additions cannot matter over 3000 terms
    eighths = (rand(3000, 3, device=device, low=-1.0, high=1.0) * 8).round() / 8
    _lowered(lambda x: torch.cumsum(x, 0), eighths)


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16, torch.int64, torch.bool])
def test_masked_scatter_counts_with_a_scan(dtype, device):
    x, s = rand(5, 7, dtype=dtype, device=device, low=0), rand(6, 7, dtype=dtype, device=device, low=0)
    m, cols = torch.rand(5, 7, device=device) > 0.5, torch.rand(7, device=device) > 0.3
    fn = lambda x, m, s, c: (x.masked_scatter(m, s), x.masked_scatter(c, s.t()), x.t().masked_scatter(m.t(), s))  # noqa: E731
    _lowered(fn, x, m, s, cols)


@pytest.mark.parametrize("name", ["cummax", "cummin"])
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16, torch.int64, torch.uint8])
def test_cummax_cummin_values_and_indices(name, dtype, device):
    """The running extreme, and the index of its last attainment: ties move the index, a NaN holds from there
    on with the index of the last NaN (ATen's rule)."""
    scan = getattr(torch, name)
    x = rand(6, 9, dtype=dtype, device=device, low=0, high=4)  # small integers: many ties
    if dtype.is_floating_point:
        x[1, 3] = x[1, 6] = float("nan")
    got = _lowered(lambda x: (scan(x, 1), scan(x.t(), 1), scan(x, 0)), x)
    assert all(r.indices.dtype == torch.int64 for r in got)


def test_cummax_of_a_row_of_one_and_zero_dim(device):
    _lowered(lambda x: (torch.cummax(x, 1), torch.cummin(x[0, 0], 0)), rand(4, 1, device=device))
