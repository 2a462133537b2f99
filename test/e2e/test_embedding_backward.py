"""The backward of embeddings whose indices the graph computes (positions from arange plus an offset) and of a
weight read by several lookups: each embedding_dense_backward zeroes a buffer and scatter-adds into it, and
the two buffers must stay two (cse once merged the equal zero fills, doubling the tied weight's gradient)."""

import pytest
import torch
import torch.nn.functional as F

from harness import rand


def _grads(fn, params, *inputs, compiled):
    for p in params:
        p.grad = None
    run = torch.compile(fn, backend="irc") if compiled else fn
    run(*params, *inputs).backward()
    return [p.grad.clone() for p in params]


def _check_grads(fn, params, *inputs):
    torch._dynamo.reset()
    want = _grads(fn, params, *inputs, compiled=False)
    got = _grads(fn, params, *inputs, compiled=True)
    scale = max(w.abs().max().item() for w in want)
    for g, w in zip(got, want):
        torch.testing.assert_close(g, w, rtol=1e-4, atol=1e-5 * scale)


def _tied_positions_and_ids(w, x, ids):
    positions = torch.arange(x.shape[1], device=x.device) + 2
    return ((x + F.embedding(positions, w)) * F.embedding(ids, w)).sum()


@pytest.mark.parametrize("seq", [11, 5])
def test_a_weight_read_by_two_lookups(seq, device):
    w = rand(23, 8, device=device).requires_grad_()
    x = rand(3, seq, 8, device=device)
    ids = torch.randint(0, 23, (3, seq), device=device)
    _check_grads(_tied_positions_and_ids, [w], x, ids)


def _two_tables_two_positions(w, v, x):
    positions = torch.arange(x.shape[1], device=x.device)
    return (x * F.embedding(positions + 1, w) + x * F.embedding(positions + 1, v)).pow(2).sum()


def test_two_tables_with_equal_computed_indices(device):
    w, v = (rand(17, 6, device=device).requires_grad_() for _ in range(2))
    _check_grads(_two_tables_two_positions, [w, v], rand(2, 9, 6, device=device))
