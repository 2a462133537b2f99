"""Copies of tensors into a given memory layout, including layouts where elements share memory.

`torch.empty_strided(size, stride).copy_(value)` fails when `stride` makes several elements share one
memory location (a zero stride of an `expand`ed tensor, or strides such as (1, 1)): ATen refuses to write
such a tensor. Every copy the runtime makes into a caller's or a declared layout goes through
`copy_to_layout`.
"""

from __future__ import annotations

from collections.abc import Sequence


def overlaps(size: Sequence[int], stride: Sequence[int]) -> bool:
    """Whether two elements of a (size, stride) layout share a memory location."""
    reach = 0  # the largest offset the dims visited so far reach
    for n, s in sorted(((n, abs(s)) for n, s in zip(size, stride) if n > 1), key=lambda d: d[1]):
        if s <= reach:
            return True
        reach += (n - 1) * s
    return False


def extent(size: Sequence[int], stride: Sequence[int]) -> int:
    """Elements of storage that a (size, stride) layout at offset 0 spans (0 for an empty tensor)."""
    if any(n == 0 for n in size):
        return 0
    return 1 + sum((n - 1) * s for n, s in zip(size, stride))


def copy_to_layout(value, size: Sequence[int] | None = None, stride: Sequence[int] | None = None):
    """A new tensor holding `value`'s elements laid out as (size, stride) (by default `value`'s own layout),
    in memory of its own. Where the layout overlaps, each shared location receives one of the elements that
    map to it (equal ones, for a value that really has that layout, such as an expanded tensor)."""
    import torch

    size = tuple(value.shape) if size is None else tuple(int(n) for n in size)
    stride = tuple(value.stride()) if stride is None else tuple(int(s) for s in stride)
    out = torch.empty_strided(size, stride, dtype=value.dtype, device=value.device)
    if out.numel() == 0:
        return out
    if not overlaps(size, stride):
        return out.copy_(value)
    span = extent(size, stride)
    offsets = torch.arange(span, device=value.device).as_strided(size, stride)
    storage = out.as_strided((span,), (1,), 0)
    storage[offsets.reshape(-1)] = value.expand(size).reshape(-1)
    return out
