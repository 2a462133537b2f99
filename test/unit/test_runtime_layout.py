"""Copies into a memory layout (irc/runtime/layout.py), including layouts whose elements share memory."""

import pytest
import torch

from irc.runtime.layout import copy_to_layout, extent, overlaps


def test_overlap_is_told_from_sizes_and_strides():
    assert not overlaps((4, 6), (6, 1))
    assert not overlaps((4, 6), (1, 4))
    assert not overlaps((4, 1, 6), (6, 0, 1))  # a size-1 dim's stride never matters
    assert overlaps((4, 6), (0, 1))
    assert overlaps((4, 6), (1, 1))
    assert overlaps((3, 4), (4, 1)) is False and overlaps((3, 4), (3, 1)) is True
    assert extent((4, 6), (0, 1)) == 6 and extent((0, 5), (5, 1)) == 0 and extent((), ()) == 1


@pytest.mark.parametrize(
    "make",
    [
        lambda: torch.rand(5, 1).expand(5, 7),
        lambda: torch.rand(7).expand(5, 7),
        lambda: torch.rand(()).expand(3, 4, 5),
        lambda: torch.rand(20).as_strided((5, 7), (1, 1)),
        lambda: torch.rand(5, 7).t(),
        lambda: torch.rand(6, 8)[::2, 1:],
        lambda: torch.rand(0, 4).expand(0, 4),
        lambda: torch.arange(12).view(3, 4).expand(2, 3, 4),
        lambda: torch.rand(3) > 0.5,
    ],
)
def test_copy_keeps_values_and_layout_in_memory_of_its_own(make):
    value = make()
    copy = copy_to_layout(value)
    assert copy.shape == value.shape and copy.stride() == value.stride() and copy.dtype == value.dtype
    assert torch.equal(copy, value)
    if value.numel():
        assert copy.untyped_storage().data_ptr() != value.untyped_storage().data_ptr()


def test_copy_into_another_layout():
    value = torch.rand(4, 6)
    for stride in [(6, 1), (1, 4), (0, 1)]:
        source = value[:1].expand(4, 6) if stride == (0, 1) else value
        copy = copy_to_layout(source, (4, 6), stride)
        assert copy.stride() == stride and torch.equal(copy, source)
