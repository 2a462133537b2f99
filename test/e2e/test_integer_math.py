"""Integer ops lowered to Triton kernels (shifts, gcd, lcm), each one row of dialects/elementwise.py, against
eager: every integer dtype, shift counts past the width and negative, extremes of each dtype, Euclid's worst
case (consecutive Fibonacci numbers), broadcast Python scalars, and no op run eagerly."""

import pytest
import torch

from harness import check

INTEGERS = [torch.int8, torch.uint8, torch.int16, torch.int32, torch.int64]


def _lowered(fn, *inputs):
    check(fn, *inputs, fallbacks={})


def _tensor(values, dtype):
    info = torch.iinfo(dtype)
    return torch.tensor(values, dtype=torch.int64).clamp(info.min, info.max).to(dtype)


def _random(dtype, n=257):
    info = torch.iinfo(dtype)
    return torch.randint(info.min, info.max, (n,), dtype=torch.int64).to(dtype)


@pytest.mark.parametrize("dtype", INTEGERS)
def test_shifts_by_every_count(dtype, device):
    """Counts from -70 to 70: negative ones and those of the width or more give 0 (or the sign for >>)."""
    info = torch.iinfo(dtype)
    counts = torch.arange(-70, 71).clamp(info.min, info.max).to(dtype)
    values = torch.cat([_tensor([1, -1, 5, -100, info.min, info.max, 0], dtype), _random(dtype, 134)])
    a, b = values.to(device), counts.to(device)
    _lowered(lambda a, b: (torch.bitwise_left_shift(a, b), torch.bitwise_right_shift(a, b)), a, b)
    _lowered(lambda a, b: (a[:, None] << b[::7], a[:, None] >> b[::7]), a, b)


@pytest.mark.parametrize("dtype", [torch.uint8, torch.int32, torch.int64])
def test_shifts_with_python_scalars(dtype, device):
    a = _random(dtype).to(device)
    counts = torch.randint(0, 9, (257,), device=device).to(dtype)
    _lowered(lambda a: (a << 3, a >> 2, a << 200, a >> 70), a)
    _lowered(lambda b: (torch.bitwise_left_shift(3, b), torch.bitwise_right_shift(-300, b), 1 << b), counts)


def test_shifts_promote_mixed_dtypes(device):
    """ui8 with i8 shifts in i16: a count of -1 read as i16 is out of range."""
    a = torch.tensor([1, 200, 255, 7], dtype=torch.uint8, device=device)
    b = torch.tensor([-1, 2, 9, 15], dtype=torch.int8, device=device)
    _lowered(lambda a, b: (torch.bitwise_left_shift(a, b), torch.bitwise_right_shift(a, b)), a, b)


def _fibonacci_pairs(limit: int) -> list[tuple[int, int]]:
    """Consecutive Fibonacci numbers below `limit` (Euclid's slowest inputs), both orders and signs."""
    previous, current, pairs = 1, 1, []
    while current < limit:
        pairs += [(current, previous), (previous, current), (-current, previous), (previous, -current)]
        previous, current = current, previous + current
    return pairs[-12:]


@pytest.mark.parametrize("dtype", INTEGERS)
def test_gcd_lcm_edges(dtype, device):
    """Zeros, signs, the minimum (whose |x| wraps to itself, as in C), extremes and Euclid's worst case."""
    info = torch.iinfo(dtype)
    low, high = info.min, info.max
    pairs = [(low, 6), (low, 0), (6, low), (0, 0), (0, -5), (-12, 18), (12, -18), (high, high - 1), (low, low),
             (-7, 3), (100, 100), (120, 119), (low, -1), (-1, low), (low, 3), (high, low)]  # fmt: skip
    pairs += _fibonacci_pairs(high)
    a, b = (_tensor([p[k] for p in pairs], dtype).to(device) for k in (0, 1))
    _lowered(lambda a, b: (torch.gcd(a, b), torch.lcm(a, b)), a, b)
    _lowered(torch.gcd, b, a)


@pytest.mark.parametrize("dtype", [torch.uint8, torch.int16, torch.int64])
def test_gcd_lcm_random(dtype, device):
    a = (_random(dtype) // torch.randint(1, 60, (257,)).to(dtype)).to(device)
    b = _random(dtype).to(device)
    small = torch.randint(-60 if dtype != torch.uint8 else 0, 60, (31, 257)).to(dtype).to(device)
    _lowered(lambda a, b: (torch.gcd(a, b), torch.lcm(a, b)), a, b)
    _lowered(lambda a, b: (torch.gcd(a, b), torch.lcm(a.t(), b[:31])), small, a)


@pytest.mark.parametrize("dtype", [torch.int8, torch.int16, torch.int32, torch.int64])
def test_absolute_value_at_the_minimum_then_divided(dtype, device):
    """|min| wraps to min as in C; a remainder, quotient or sign test after it must see a negative value (the
    GPU compiler took Triton's 32-bit abs as non-negative and divided unsigned: 2 for fmod(|-2^31|, 6))."""
    info = torch.iinfo(dtype)
    x = _tensor([info.min, info.min + 1, -7, 13, 0, info.max], dtype).to(device)
    y = _tensor([6, 7, 6, 5, 3, 100], dtype).to(device)
    _lowered(lambda x, y: (torch.fmod(torch.abs(x), y), torch.abs(x) % y, torch.abs(x) // y, torch.abs(x) < 0), x, y)


@pytest.mark.parametrize("dtype", [torch.int8, torch.uint8])
def test_gcd_lcm_of_every_8_bit_pair(dtype, device):
    values = torch.arange(-128, 128) if dtype == torch.int8 else torch.arange(256)
    values = values.to(dtype).to(device)
    a, b = values[:, None].expand(256, 256).contiguous(), values[None, :].expand(256, 256).contiguous()
    _lowered(lambda a, b: (torch.gcd(a, b), torch.lcm(a, b)), a, b)
