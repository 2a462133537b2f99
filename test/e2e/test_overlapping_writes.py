"""In-place ops whose written tensor partially overlaps a tensor they read raise eager's error (the graph runs
eagerly); full overlaps and disjoint views still compile."""

import pytest
import torch

from harness import rand
from irc import metrics

OVERLAP = "some elements of the input tensor and the written-to tensor refer to a single memory location"


def compiled(fn):
    torch._dynamo.reset()
    return torch.compile(fn, backend="irc")


def copy_transposed(x):
    a = x + 1
    return a.copy_(a.t()) * 2


def add_shifted(x):
    a = x * 3
    return a[1:].add_(a[:-1])


@pytest.mark.parametrize("fn", [copy_transposed, add_shifted])
def test_partially_overlapping_write_raises(fn):
    x = rand(5, 5)
    with pytest.raises(RuntimeError, match=OVERLAP):
        fn(x.clone())
    with pytest.raises(RuntimeError, match=OVERLAP):
        compiled(fn)(x.clone())


def test_full_and_disjoint_overlaps_compile():
    def fn(x):
        a = x + 1
        a.mul_(a)
        a[:2].copy_(a[3:])
        return a

    x = rand(5, 4)
    metrics.reset()
    torch.testing.assert_close(compiled(fn)(x), fn(x))
    assert metrics.graphs_compiled > 0


def test_or_and_and_of_views_of_one_tensor_compile():
    """`m[:, :, None] | m[:, None]` (Funnel's token-type matrix) calls operator.or_, which writes nothing."""
    def fn(x, y):
        m = x > 0
        return ((m[:, :, None] | m[:, None]).float() * y + (m[:, :, None] & m[:, None]).float()).sum()

    metrics.reset()
    x, y = rand(2, 8), rand(2, 8, 8)
    torch.testing.assert_close(compiled(fn)(x, y), fn(x, y))
    assert metrics.graphs_compiled == 1 and metrics.graph_fallbacks == 0
