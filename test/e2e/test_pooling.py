"""Pooling against eager beyond the model zoo's cases: odd sizes and layouts, ceil_mode windows that start in the
padding, the divisor rules, integers, NaN, ties and -inf, 3-d and adaptive max pooling, and their backwards.

None of them may run eagerly (fallbacks={}). Variants share one compiled graph each (several outputs).
"""

import pytest
import torch
import torch.nn.functional as F

from harness import check, rand
from test_windows import check_grad, flat

POOLS_2D = [
    lambda x: F.max_pool2d(x, 3, 2, 1, ceil_mode=True, return_indices=True),  # last window starts in padding
    lambda x: F.max_pool2d(x, (3, 2), (2, 1), (1, 1), dilation=(2, 3), return_indices=True),
    lambda x: F.avg_pool2d(x, 3, 2, 1, ceil_mode=True),  # divisor: window clipped to input + padding
    lambda x: F.avg_pool2d(x, (3, 2), (2, 3), (1, 1), ceil_mode=True, count_include_pad=False),
    lambda x: F.avg_pool2d(x, 2, 1, 1, ceil_mode=True, divisor_override=3),
    lambda x: F.avg_pool1d(x.flatten(-2), 4, 3, 2, ceil_mode=True, count_include_pad=False),
]


def odd_inputs(device, dtype=torch.float32):
    """A contiguous, a channels_last, a strided (transposed and sliced) and an unbatched input, odd sizes."""
    return (
        rand(2, 3, 9, 7, device=device, dtype=dtype),
        rand(2, 5, 7, 9, device=device, dtype=dtype).to(memory_format=torch.channels_last),
        rand(2, 11, 3, 9, device=device, dtype=dtype).transpose(1, 3)[:, ::2],
        rand(3, 7, 8, device=device, dtype=dtype),
    )


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_pool2d_windows_layouts(device, dtype):
    def fn(*xs):
        return tuple(pool(x) for x in xs for pool in POOLS_2D)

    check(fn, *odd_inputs(device, dtype), fallbacks={})


def test_max_pool_nan_ties_and_infinities(device):
    x = rand(1, 2, 7, 7, device=device)
    x[0, 0, 1, 1] = x[0, 0, 2, 4] = float("nan")  # NaN wins; of two, the later one's index
    x[0, 0, 2, 2] = float("nan")
    x[0, 1, :4, :4] = 1.0  # ties: the first maximum's index
    x[0, 1, 4:, 4:] = float("-inf")  # windows of -inf only: their first position inside the input
    check(
        lambda x: (
            F.max_pool2d(x, 3, 2, 1, ceil_mode=True, return_indices=True),
            F.max_pool2d(x, 2, 2, 1, return_indices=True),
            F.adaptive_max_pool2d(x, (3, 2), return_indices=True),
        ),
        x,
        fallbacks={},
    )


@pytest.mark.parametrize("dtype", [torch.int64, torch.int32, torch.uint8])
def test_integer_pooling(dtype):
    """Integers as eager's CPU kernels: max over the positions inside (a window's first position inside holds
    the index where all are the type's minimum); int64 sums divided truncating toward zero."""
    x = rand(2, 3, 9, 7, dtype=dtype, low=0 if dtype == torch.uint8 else -20, high=20)
    x[0, 0, :3, :3] = torch.iinfo(dtype).min

    def fn(x):
        maxima = [pool(x) for pool in POOLS_2D[:2]] + [F.max_pool2d(x, 2, return_indices=True)]
        if dtype != torch.int64:  # eager averages no other integer type
            return maxima
        return maxima + [pool(x) for pool in POOLS_2D[2:]] + [F.avg_pool3d(x, 2, 1, 1, ceil_mode=True)]

    check(fn, x, fallbacks={})


POOLS_3D = [
    lambda x: F.avg_pool3d(x, 3, 2, 1, ceil_mode=True),
    lambda x: F.avg_pool3d(x, (2, 3, 2), (1, 2, 3), (1, 1, 0), count_include_pad=False),
    lambda x: F.avg_pool3d(x, 2, divisor_override=5),
    lambda x: F.adaptive_avg_pool3d(x, (3, 4, 2)),
    lambda x: F.adaptive_max_pool3d(x, (3, 4, 2), return_indices=True),
    lambda x: F.adaptive_max_pool3d(x, (1, 2, 2), return_indices=True),  # windows of up to 7 * 3 * 3
]


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_pool3d(device, dtype):
    no_avg = dtype == torch.bfloat16 and device == "cpu"  # eager has no CPU bf16 avg_pool3d
    pools = POOLS_3D[3:] if no_avg else POOLS_3D

    def fn(x, y, z):
        return tuple(pool(v) for v in (x, y, z) for pool in pools)

    x = rand(2, 3, 7, 6, 5, device=device, dtype=dtype)
    y = rand(2, 3, 5, 7, 6, device=device, dtype=dtype).to(memory_format=torch.channels_last_3d)
    z = rand(3, 5, 7, 4, device=device, dtype=dtype)  # unbatched
    check(fn, x, y, z, fallbacks={})


def test_adaptive_max_pool(device):
    def fn(x, y):
        return (
            F.adaptive_max_pool2d(x, (4, 5), return_indices=True),
            F.adaptive_max_pool2d(x, 3, return_indices=True),
            F.adaptive_max_pool1d(y, 4, return_indices=True),
            F.adaptive_max_pool2d(y, (2, 3)),  # unbatched
        )

    x = rand(2, 3, 9, 11, device=device).to(memory_format=torch.channels_last)
    y = rand(3, 10, 7, device=device)
    y[1, 2, 3] = float("nan")
    check(fn, x, y, fallbacks={})


def test_pool_backward_3d_and_adaptive_max():
    """A training step: avg_pool3d_backward, the adaptive backwards (3-d average, 1/2/3-d maximum) lowered, also
    behind forward windows too long to unroll."""

    def fn(x, y):
        return flat(
            F.avg_pool3d(x, 3, 2, 1, ceil_mode=True, count_include_pad=False),
            F.avg_pool3d(x, 2, 3),
            F.adaptive_avg_pool3d(x, (3, 4, 2)),
            F.adaptive_max_pool3d(x, (3, 2, 4)),
            F.adaptive_max_pool2d(y, (4, 3)),
            F.adaptive_max_pool1d(y.flatten(-2), 5),
            F.adaptive_max_pool2d(y, 1),  # windows too long to unroll: reductions forward
            F.max_pool2d(y, 9, 4, 3, ceil_mode=True),
        )

    check_grad(fn, rand(2, 3, 7, 6, 5), rand(2, 3, 9, 7))


def test_long_average_windows_reduce(device):
    """Windows longer than the unrolled limit: a sum reduction over the window, then the divisor (eager's rules)."""

    def fn(x, y):
        return (
            F.avg_pool2d(x, 10),
            F.avg_pool2d(x, 9, 4, 3, ceil_mode=True, count_include_pad=False),
            F.avg_pool2d(x, (9, 8), 5, 4, ceil_mode=True, divisor_override=7),
            F.avg_pool3d(y, 5, 2, 2),
        )

    x = rand(2, 3, 20, 21, device=device).to(memory_format=torch.channels_last)
    check(fn, x, rand(2, 3, 9, 8, 7, device=device), fallbacks={})
    integers = rand(1, 2, 19, 20, dtype=torch.int64, low=-99, high=99)
    check(lambda x: F.avg_pool2d(x, 9, 4, 3, ceil_mode=True), integers, fallbacks={})


def test_long_max_windows_reduce(device):
    """Max windows longer than the unrolled limit: a max reduction, then a min reduction of keys that name
    eager's index (the first maximum; the last NaN; a window of -inf only: its first position inside)."""
    x = rand(2, 3, 20, 21, device=device)
    x[0, 0, 2, 3] = x[0, 0, 5, 5] = float("nan")
    x[0, 1, :10, :10] = 1.0
    x[1, 2, 10:, 10:] = float("-inf")

    def fn(x):
        return (
            F.max_pool2d(x, 9, 4, 3, ceil_mode=True, return_indices=True),
            F.max_pool2d(x, (5, 13), 3, 2, dilation=(3, 1), return_indices=True),
            F.adaptive_max_pool2d(x, 1, return_indices=True),
            F.adaptive_max_pool2d(x, (2, 3), return_indices=True),
            F.adaptive_max_pool3d(x.view(2, 3, 4, 5, 21), 1, return_indices=True),
        )

    check(fn, x, fallbacks={})
    if device == "cpu":  # eager has no integer max pooling on CUDA to compare with
        check(lambda x: F.max_pool2d(x, 9, 4, 3, ceil_mode=True, return_indices=True),
              rand(2, 3, 20, 21, device=device, dtype=torch.int64, low=-5, high=5), fallbacks={})


def test_max_pool_training_saves_int8_offsets(device):
    """A training forward saves each max pooling's int8 offsets within the window, not int64 indices (as
    Inductor's low-memory pooling); the backward recomputes the indices: gradients as eager's for padding,
    ceil_mode, dilation and the odd layouts."""
    x, y = rand(2, 5, 9, 11, device=device).to(memory_format=torch.channels_last), rand(2, 3, 13, 9, device=device)

    def fn(x, y):
        return flat(*(pool(v)[0] for v in (x, y) for pool in POOLS_2D[:2]), F.max_pool2d(x * y.mean(), 2))

    check_grad(fn, x, y)
    saved = []
    with torch.autograd.graph.saved_tensors_hooks(lambda t: saved.append(t.dtype) or t, lambda t: t):
        torch.compile(fn, backend="irc")(x.requires_grad_(), y.requires_grad_())
    assert torch.int8 in saved and torch.int64 not in saved, saved
