"""Interpreted launches check every access against their arguments' memory
(irc/runtime/interpreter_bounds.py): an out-of-bounds store fails at the kernel instead of corrupting the
heap."""

import pytest
import torch

from irc.runtime.interpreter_bounds import OutOfBoundsAccess

KERNEL = """
import triton
import triton.language as tl

@triton.jit
def copy(x, y, n, extra, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y + offsets, tl.load(x + offsets, mask=offsets < n), mask=offsets < n + extra)
"""


def copy_kernel():
    import triton.language  # noqa: F401  (first imported outside interpret mode, as the runtime expects)

    from irc.runtime.loader import load_source

    return load_source(KERNEL, interpret=True).copy


def launch(extra: int, source=None):
    from irc.runtime.interpreter_shims import interpreted_stdlib

    x = torch.randn(10) if source is None else source
    y = torch.zeros(10)
    with interpreted_stdlib():
        copy_kernel()[(1,)](x, y, 10, extra, BLOCK=16)
    return x, y


def test_accesses_inside_the_arguments_run():
    x, y = launch(extra=0)
    assert torch.equal(x, y)


def test_a_view_may_reach_its_whole_storage():
    base = torch.randn(20)
    x, y = launch(extra=0, source=base[10:])
    assert torch.equal(base[10:], y)


def test_a_store_past_the_end_names_the_kernel():
    with pytest.raises(Exception) as raised:
        launch(extra=3)
    chain = [raised.value, raised.value.__cause__]
    assert any(isinstance(error, OutOfBoundsAccess) for error in chain), chain
    assert "kernel copy: a store" in str(raised.value)
