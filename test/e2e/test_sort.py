"""sort, argsort and msort lowered to one persistent Triton kernel (a bitonic network carrying indices, as
Inductor's), against eager on fresh random inputs: every dtype, ties (a stable sort's indices match eager's
exactly), NaN and infinities (NaN sorts largest), descending, each dim of odd sizes, non-contiguous inputs, rows
of one element and 0-d tensors; a sorted dim longer than 512 stays an extern."""

import pytest
import torch

from harness import check, rand
from irc import metrics

NAN, INF = float("nan"), float("inf")
DTYPES = [torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.int8, torch.int32, torch.int64,
          torch.uint8, torch.bool]  # fmt: skip


def _ties(*shape, dtype=torch.float32, device="cpu"):
    """Values from a few distinct ones, so that most rows hold ties."""
    if dtype == torch.bool:
        return rand(*shape, dtype=dtype, device=device)
    return rand(*shape, low=0, high=5, dtype=torch.int64, device=device).to(dtype)


def _special(*shape, dtype=torch.float32, device="cpu"):
    x = _ties(*shape, dtype=dtype, device=device)
    x.view(-1)[::5] = NAN
    x.view(-1)[1::7] = INF
    x.view(-1)[2::11] = -INF
    return x


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("descending", [False, True])
def test_stable_sort_with_ties(dtype, descending, device):
    x = _ties(13, 37, dtype=dtype, device=device)
    kernels = 2 if dtype == torch.bool else 1  # bools sort as i8, then a pointwise converts the values back
    check(lambda x: torch.sort(x, stable=True, descending=descending), x, kernels=kernels, fallbacks={})


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16], ids=str)
@pytest.mark.parametrize("descending", [False, True])
def test_nan_and_infinities(dtype, descending, device):
    x = _special(9, 29, dtype=dtype, device=device)
    check(lambda x: torch.sort(x, dim=1, stable=True, descending=descending), x, kernels=1, fallbacks={})


@pytest.mark.parametrize("dim", [0, 1, -1])
def test_dims_and_layouts(dim, device):
    x = _ties(7, 11, 5, device=device)
    check(lambda x: torch.sort(x, dim=dim, stable=True), x, kernels=1, fallbacks={})
    check(lambda x: torch.sort(x.transpose(0, 2), dim=dim, stable=True, descending=True), x, kernels=1, fallbacks={})
    check(lambda x: torch.sort(x[:, ::2] * 2, dim=dim, stable=True), x, fallbacks={})


def test_unstable_sort(device):
    """stable=False: without ties eager's order is the only one; with ties irc's stable order is one of them."""
    x = torch.randn(11, 45, device=device)
    check(lambda x: torch.sort(x), x, kernels=1, fallbacks={})
    check(lambda x: torch.sort(x, 0, descending=True), x, kernels=1, fallbacks={})
    y = _ties(11, 45, device=device)
    torch._dynamo.reset()
    values, indices = torch.compile(lambda y: torch.sort(y, descending=True), backend="irc")(y)
    assert torch.equal(values, torch.sort(y, descending=True).values)
    assert torch.equal(y.gather(1, indices), values)


def test_argsort_and_msort(device):
    x = _special(17, 23, device=device)
    check(lambda x: torch.argsort(x, stable=True), x, kernels=1, fallbacks={})
    check(lambda x: torch.argsort(x, dim=0, descending=True, stable=True), x, kernels=1, fallbacks={})
    check(torch.msort, x, kernels=1, fallbacks={})


def test_rows_of_one_and_scalars(device):
    check(lambda x: torch.sort(x, 1), rand(5, 1, device=device), fallbacks={})
    check(lambda x: torch.sort(x), rand((), device=device), fallbacks={})


def test_sort_fuses_with_its_consumer_inputs(device):
    """The sort reads its input through a pointwise producer (inlined) and feeds a pointwise consumer."""
    x = rand(6, 64, device=device)
    check(lambda x: torch.sort(x.exp() + 1, stable=True)[0] * 2, x, fallbacks={})


def test_long_rows_stay_extern(device):
    torch._dynamo.reset()
    metrics.reset()
    x = rand(3, 513, device=device)
    values, indices = torch.compile(lambda x: torch.sort(x, stable=True), backend="irc")(x)
    want = torch.sort(x, stable=True)
    assert torch.equal(values, want.values) and torch.equal(indices, want.indices)
    assert dict(metrics.fallbacks) == {"aten::sort.stable": 1}
    check(lambda x: torch.sort(x, stable=True), rand(3, 512, device=device), kernels=1, fallbacks={})
