"""kthvalue, median, nanmedian and topk as a sort of each row (one persistent kernel) and pointwise reads of the
picked positions, against eager on fresh random inputs: odd sizes, each dim and keepdim, non-contiguous inputs,
float, half and integer dtypes, NaN (median's NaN rule, nanmedian's skipping, all-NaN rows). Without ties the
indices are eager's; where several elements hold the picked value ATen's selection returns any of their
indices, so there the indices must point at elements equal to the values."""

import pytest
import torch

from harness import check, rand
from irc import metrics

NAN = float("nan")
DTYPES = [torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.int32, torch.int64]

# name -> (function of x, the dim its indices run along or None)
OPS = {
    "kthvalue": (lambda x: torch.kthvalue(x, 4, 1), 1),
    "kthvalue_keepdim": (lambda x: torch.kthvalue(x, 2, 0, keepdim=True), 0),
    "median_dim": (lambda x: torch.median(x, -1), 1),
    "median_keepdim": (lambda x: torch.median(x, 0, keepdim=True), 0),
    "median": (lambda x: torch.median(x[:5, :17]), None),
    "nanmedian_dim": (lambda x: torch.nanmedian(x, 1, keepdim=True), 1),
    "nanmedian": (lambda x: torch.nanmedian(x[:5, :17]), None),
    "topk": (lambda x: torch.topk(x, 5, 1), 1),
    "topk_smallest": (lambda x: torch.topk(x, 3, 0, largest=False), 0),
}


def _ties(*shape, dtype, device):
    return rand(*shape, low=-4, high=4, dtype=torch.int64, device=device).to(dtype)


def _check(name, x, kernels=None):
    """Values as eager's; indices eager's, or (ties) indices of elements equal to the values."""
    fn, dim = OPS[name]
    torch._dynamo.reset()
    metrics.reset()
    got, want = torch.compile(fn, backend="irc")(x), fn(x)
    assert dict(metrics.fallbacks) == {} and metrics.graph_fallbacks == 0, dict(metrics.fallbacks)
    if kernels is not None:
        assert metrics.generated_kernel_count == kernels, metrics.generated_kernel_count
    if dim is None:
        torch.testing.assert_close(got, want, equal_nan=True, rtol=0, atol=0)
        return got, want
    torch.testing.assert_close(got[0], want[0], equal_nan=True, rtol=0, atol=0)
    assert got[1].dtype == want[1].dtype == torch.int64 and got[1].shape == want[1].shape
    indices = got[1] if got[1].dim() == x.dim() else got[1].unsqueeze(dim)
    picked = x.gather(dim, indices)
    picked = picked if got[1].dim() == x.dim() else picked.squeeze(dim)
    torch.testing.assert_close(picked, got[0], equal_nan=True, rtol=0, atol=0)
    return got, want


@pytest.mark.parametrize("name", sorted(OPS))
def test_distinct_values(name, device):
    """Random floats (no ties): values and indices exactly eager's."""
    x = torch.randn(9, 37, device=device)
    got, want = _check(name, x)
    if OPS[name][1] is not None:
        assert torch.equal(got[1], want[1])


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("name", ["kthvalue", "median_dim", "nanmedian_dim", "topk", "median"])
def test_ties_and_dtypes(name, dtype, device):
    _check(name, _ties(11, 29, dtype=dtype, device=device))


@pytest.mark.parametrize("name", sorted(OPS))
def test_nan(name, device):
    x = _ties(9, 37, dtype=torch.float32, device=device)
    x[0, 3] = NAN
    x[2, ::5] = NAN
    x[4] = NAN  # a row of NaN only
    x[6, :30] = NAN
    _check(name, x)


def test_non_contiguous_and_kernel_counts(device):
    x = torch.randn(37, 9, device=device).t()
    _check("median_dim", x, kernels=2)  # the sort, then the picked values and indices
    _check("kthvalue", x[:, ::2])
    _check("nanmedian", torch.randn(4, 6, device=device)[:, 1:], kernels=2)  # the sort; the count and the pick


def test_long_rows_stay_extern(device):
    torch._dynamo.reset()
    metrics.reset()
    x = rand(3, 600, device=device)
    got = torch.compile(lambda x: torch.median(x, 1), backend="irc")(x)
    assert torch.equal(got[0], torch.median(x, 1).values)
    assert dict(metrics.fallbacks) == {"aten::median.dim": 1}
    check(lambda x: torch.topk(x, 3), rand(2, 512, device=device), fallbacks={})


@pytest.mark.parametrize("name", ["kthvalue_0d", "median_0d", "nanmedian_0d", "topk_0d"])
def test_zero_dim_inputs(name, device):
    fn = {"kthvalue_0d": lambda x: torch.kthvalue(x, 1, 0), "median_0d": lambda x: torch.median(x, -1),
          "nanmedian_0d": lambda x: torch.nanmedian(x, 0, keepdim=True), "topk_0d": lambda x: torch.topk(x, 1)}[name]
    check(fn, rand((), device=device), fallbacks={})
