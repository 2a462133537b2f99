"""Triton's counter-based random numbers in numpy, bit for bit (triton/language/random.py: Philox4x32-10 on
(offset low, offset high, 0, 0) keyed by the seed's two halves; rand, randn by Box-Muller on two words, and
irc's randint from two words as 64 bits), so that the interpreters compute what the kernels do: the kinds
of dialects/random_kinds.py.
"""

from __future__ import annotations

import numpy as np

_KEY_A, _KEY_B = np.uint32(0x9E3779B9), np.uint32(0xBB67AE85)
_ROUND_A, _ROUND_B = np.uint64(0xD2511F53), np.uint64(0xCD9E8D57)
_LOW32 = np.uint64(0xFFFFFFFF)
_SHIFT = np.uint64(32)


def _mul_hi_lo(a: np.uint64, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    product = a * b.astype(np.uint64)
    return (product >> _SHIFT).astype(np.uint32), (product & _LOW32).astype(np.uint32)


def randint4x(seed, offset, rounds: int = 10) -> tuple[np.ndarray, ...]:
    """tl.randint4x(seed, offset): four uint32 words per offset (offsets: non-negative integers)."""
    offset = np.asarray(offset).astype(np.int64).astype(np.uint64)
    seed = np.asarray(seed).astype(np.int64).astype(np.uint64)
    shape = np.broadcast_shapes(offset.shape, seed.shape)
    c0 = np.broadcast_to(offset & _LOW32, shape).astype(np.uint32)
    c1 = np.broadcast_to(offset >> _SHIFT, shape).astype(np.uint32)
    c2, c3 = np.zeros(shape, np.uint32), np.zeros(shape, np.uint32)
    k0 = np.broadcast_to(seed & _LOW32, shape).astype(np.uint32)
    k1 = np.broadcast_to(seed >> _SHIFT, shape).astype(np.uint32)
    with np.errstate(over="ignore"):
        for _ in range(rounds):
            hi_b, lo_b = _mul_hi_lo(_ROUND_B, c2)
            hi_a, lo_a = _mul_hi_lo(_ROUND_A, c0)
            c0, c1, c2, c3 = hi_b ^ c1 ^ k0, lo_b, hi_a ^ c3 ^ k1, lo_a
            k0, k1 = k0 + _KEY_A, k1 + _KEY_B
    return c0, c1, c2, c3


def uniform(words: np.ndarray) -> np.ndarray:
    """uint_to_uniform_float for 32-bit words: float32 in [0, 1)."""
    x = words.view(np.int32)
    x = np.where(x < 0, ~x, x)
    return x.astype(np.float32) * np.float32(4.6566127342e-10)


def rand(seed, offset) -> np.ndarray:
    return uniform(randint4x(seed, offset)[0])


def randn(seed, offset) -> np.ndarray:
    words = randint4x(seed, offset)
    u1, u2 = uniform(words[0]), uniform(words[1])
    with np.errstate(all="ignore"):
        u1 = np.maximum(np.float32(1.0e-7), u1)
        angle = np.float32(6.283185307179586) * u2
        radius = np.sqrt(np.float32(-2.0) * np.log(u1))
        return radius * np.cos(angle)


def randint(seed, offset, low: int, high: int) -> np.ndarray:
    """Integers in [low, high): 64 random bits modulo the range size, plus low (wrapping as int64)."""
    words = randint4x(seed, offset)
    bits = words[0].astype(np.uint64) | (words[1].astype(np.uint64) << _SHIFT)
    with np.errstate(over="ignore"):
        return (bits % np.uint64(high - low)).astype(np.int64) + np.int64(low)


def random_values(kind: str, seed, offset, low: int | None = None, high: int | None = None) -> np.ndarray:
    """The values of one random kind (dialects/random_kinds.py) at `offset` for `seed`."""
    if kind == "randint":
        return randint(seed, offset, low, high)
    return {"rand": rand, "randn": randn}[kind](seed, offset)
