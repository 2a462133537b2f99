"""irc/interp/philox.py against Triton's own random functions under its interpreter, bit for bit: negative and
large seeds, offsets past 2**32 (Philox's second counter word), and randint's 64-bit ranges."""

import numpy as np
import pytest

from irc.interp import philox

KERNELS = '''
import triton
import triton.language as tl
{helper}

@triton.jit
def draw(seed_ptr, rand_ptr, randn_ptr, small_ptr, full_ptr, n, base, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = i < n
    seed = tl.load(seed_ptr)
    offset = i.to(tl.int64) + base
    tl.store(rand_ptr + i, tl.rand(seed, offset), mask)
    tl.store(randn_ptr + i, tl.randn(seed, offset), mask)
    tl.store(small_ptr + i, _randint64(seed, offset, -3, 10), mask)
    tl.store(full_ptr + i, _randint64(seed, offset, -9223372036854775808, 18446744073709551615), mask)
'''


def triton_draws(seed: int, n: int, base: int):
    import torch
    import triton.language  # noqa: F401  (first imported outside interpret mode, as the runtime expects)

    from irc.dialects.random_kinds import RANDOM_KINDS
    from irc.runtime.interpreter_shims import interpreted_stdlib
    from irc.runtime.loader import load_source

    module = load_source(KERNELS.format(helper=RANDOM_KINDS["randint"].helper), interpret=True)
    outputs = [torch.empty(n), torch.empty(n), *(torch.empty(n, dtype=torch.int64) for _ in range(2))]
    with interpreted_stdlib(), np.errstate(all="ignore"):
        module.draw[(triton_cdiv(n, 64),)](torch.tensor([seed]), *outputs, n, base, BLOCK=64)
    return [o.numpy() for o in outputs]


def triton_cdiv(a: int, b: int) -> int:
    return -(-a // b)


CASES = [(0, 0), (-1234567890123456789, 5_000_000_000), (2**63 - 1, 2**32 - 50)]


@pytest.mark.parametrize("seed, base", CASES)
def test_philox_matches_triton(seed, base):
    n = 300
    offsets = np.arange(n, dtype=np.int64) + base
    rand, randn, small, full = triton_draws(seed, n, base)
    assert np.array_equal(rand, philox.rand(seed, offsets))
    assert np.array_equal(randn, philox.randn(seed, offsets))
    assert np.array_equal(small, philox.randint(seed, offsets, -3, 7))
    assert np.array_equal(full, philox.randint(seed, offsets, -(2**63), 2**63 - 1))
    assert small.min() >= -3 and small.max() < 7
