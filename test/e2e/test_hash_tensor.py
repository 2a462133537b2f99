"""torch.hash_tensor as an xor_sum reduction (one kernel, no extern) against eager: every dtype it takes, odd
sizes, several dims and keepdim, non-contiguous inputs, NaN, infinities and signed zeros, long rows (a looped
reduction) and few long rows (a split reduction)."""

import pytest
import torch

from harness import rand
from irc import metrics

DTYPES = [torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.int8, torch.int32, torch.int64,
          torch.uint8, torch.bool]  # fmt: skip


def _check_hash(fn, x, kernels=1):
    torch._dynamo.reset()
    metrics.reset()
    want = fn(x)
    got = torch.compile(fn, backend="irc")(x)
    assert got.dtype == want.dtype == torch.uint64
    assert got.shape == want.shape
    assert torch.equal(got.view(torch.int64), want.view(torch.int64)), (got, want)
    assert metrics.graph_fallbacks == 0
    assert dict(metrics.fallbacks) == {}, dict(metrics.fallbacks)
    assert metrics.generated_kernel_count == kernels


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_hash_all_elements(dtype, device):
    low = 0 if dtype == torch.uint8 else -100
    _check_hash(torch.hash_tensor, rand(37, 19, dtype=dtype, device=device, low=low, high=100))


@pytest.mark.parametrize("dims, keepdim", [(1, False), (0, True), ([0, 2], False), ([2, 0], True)])
def test_hash_dims(dims, keepdim, device):
    x = rand(5, 13, 7, dtype=torch.float32, device=device)
    _check_hash(lambda x: torch.hash_tensor(x, dims, keepdim=keepdim), x)


@pytest.mark.parametrize("dtype", [torch.float32, torch.int16], ids=str)
def test_hash_non_contiguous(dtype, device):
    x = rand(23, 11, dtype=dtype, device=device, low=-50, high=50).t()
    _check_hash(lambda x: torch.hash_tensor(x, 1), x)
    _check_hash(lambda x: torch.hash_tensor(x[:, ::2], 0), x)


@pytest.mark.unchecked  # an interpreter level hashes the f16 product before rounding it to f16
@pytest.mark.parametrize("dtype", [torch.float32, torch.float16], ids=str)
def test_hash_special_values(dtype, device):
    specials = torch.tensor([float("nan"), float("inf"), -float("inf"), -0.0, 0.0, 1e-30], dtype=torch.float32)
    if device == "cuda" and dtype == torch.float16:  # a NaN's bits as f64 are the device's: CUDA eager's f16 ->
        specials[0] = 7.0  # f32 conversion makes every NaN 0x7fffffff, the kernel's conversion a quiet NaN
    x = rand(9, 6, dtype=dtype, device=device)
    x[::2] = specials.to(dtype).to(device)
    _check_hash(lambda x: torch.hash_tensor(x, 1), x)
    _check_hash(lambda x: torch.hash_tensor(x * 2, 0), x)


def test_hash_long_rows(device):
    """Rows longer than one persistent block: a looped reduction, then few rows split into partial hashes."""
    x = rand(3, 5003, dtype=torch.float32, device=device)
    _check_hash(lambda x: torch.hash_tensor(x, 1), x)
    y = rand(2**17, dtype=torch.int32, device=device, low=-(2**31), high=2**31 - 1)
    torch._dynamo.reset()
    metrics.reset()
    got = torch.compile(torch.hash_tensor, backend="irc")(y)
    assert torch.equal(got.view(torch.int64), torch.hash_tensor(y).view(torch.int64))
    assert dict(metrics.fallbacks) == {}
    assert metrics.generated_kernel_count == 2  # partial hashes of chunks, then their xor
