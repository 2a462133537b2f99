"""Gather loads end to end: gather, embedding, x[idx], scatter, cross-entropy (forward, backward) vs eager."""

import pytest
import torch
import torch.nn.functional as F

from harness import check, rand
from irc import metrics

INDEX_TYPES = [torch.int64, torch.int32]


@pytest.mark.parametrize("index_type", INDEX_TYPES)
@pytest.mark.parametrize("dim", [0, 1, -1])
def test_gather_any_dim(dim, index_type):
    x = rand(37, 1029)
    shape = (5, 7) if dim == 0 else (37, 3)
    index = torch.randint(0, x.shape[dim], shape, dtype=index_type)
    check(lambda x, i: torch.gather(x, dim, i) * 2, x, index, kernels=1, fallbacks={})


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_gather_of_half_values(dtype):
    x = rand(37, 1029, dtype=dtype)
    check(lambda x, i: torch.gather(x, 1, i) + 1, x, torch.randint(0, 1029, (37, 2)), fallbacks={})


def test_gather_with_dynamic_sizes():
    torch._dynamo.reset()
    metrics.reset()
    fn = torch.compile(lambda x, i: torch.gather(x, 0, i), backend="irc", dynamic=True)
    for rows in (5, 37):
        x, i = rand(rows, 13), torch.randint(0, rows, (3, 13))
        torch.testing.assert_close(fn(x, i), torch.gather(x, 0, i))
    assert not metrics.fallbacks


@pytest.mark.parametrize("index_type", INDEX_TYPES)
def test_index_with_negative_indices(index_type):
    x = rand(7, 37, 13)
    check(lambda x, i: x[i] * 2, x, torch.randint(-7, 7, (11,), dtype=index_type), kernels=1, fallbacks={})
    check(lambda x, i: x[:, i] + 1, x, torch.randint(-37, 37, (3, 5), dtype=index_type), fallbacks={})
    check(lambda x, i: x[:, :, i], x.half(), torch.randint(-13, 13, (4,), dtype=index_type), fallbacks={})


SEVERAL_INDICES = {
    "adjacent_leading": lambda x, a, b: x[a, b],
    "adjacent_inner": lambda x, a, b: x[:, a, b],
    "apart": lambda x, a, b: x[a, :, b],  # the broadcast index dims come first
    "apart_inner": lambda x, a, b: x[:, a, :, b],
    "three": lambda x, a, b: x[a, b, a],
}


@pytest.mark.parametrize("index_type", INDEX_TYPES)
@pytest.mark.parametrize("name", sorted(SEVERAL_INDICES))
def test_index_with_several_index_tensors(name, index_type, device):
    x = rand(5, 7, 6, 9, device=device)
    a = torch.randint(-5, 5, (3, 1), dtype=index_type, device=device)  # broadcast against b
    b = torch.randint(-5, 5, (4,), dtype=index_type, device=device)
    fn = SEVERAL_INDICES[name]
    check(fn, x, a, b, kernels=1, fallbacks={})
    check(fn, x.transpose(1, 2), a, b, fallbacks={})


@pytest.mark.parametrize("dtype", [torch.int64, torch.float16, torch.bool])
def test_index_with_several_index_tensors_of_other_dtypes(dtype, device):
    x = rand(6, 7, 3, dtype=dtype, device=device)
    a, b = torch.randint(0, 6, (2, 5), device=device), torch.randint(-7, 7, (5,), device=device)
    check(lambda x, a, b: x[a, b], x, a, b, fallbacks={})


def test_index_with_several_index_tensors_and_dynamic_sizes(device):
    x, a, b = rand(9, 11, device=device), torch.randint(0, 9, (7,), device=device), torch.randint(0, 11, (7,), device=device)
    check(lambda x, a, b: x[a, b] * 2, x, a, b, dynamic=True, fallbacks={})


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_embedding(dtype):
    weight = rand(101, 33, dtype=dtype)
    check(F.embedding, torch.randint(0, 101, (5, 7)), weight, kernels=1, fallbacks={})


def _forward_backward(model, loss_of, *inputs):
    """Loss and gradients of the compiled model against eager, with the same parameters."""
    torch._dynamo.reset()
    metrics.reset()
    leaves = [t.detach().clone().requires_grad_(t.is_floating_point()) for t in inputs]
    loss = loss_of(torch.compile(model, backend="irc"), *leaves)
    loss.backward()
    got = [p.grad.clone() for p in model.parameters()] + [t.grad for t in leaves if t.requires_grad]
    model.zero_grad()
    eager_leaves = [t.detach().clone().requires_grad_(t.is_floating_point()) for t in inputs]
    want_loss = loss_of(model, *eager_leaves)
    want_loss.backward()
    want = [p.grad for p in model.parameters()] + [t.grad for t in eager_leaves if t.requires_grad]
    torch.testing.assert_close(loss, want_loss)
    for g, w in zip(got, want):
        torch.testing.assert_close(g, w, rtol=1e-4, atol=1e-5)
    assert metrics.graph_fallbacks == 0


def test_cross_entropy_forward_and_backward_with_ignored_rows():
    torch.manual_seed(0)
    model = torch.nn.Linear(29, 1003)
    target = torch.randint(0, 1003, (37,))
    target[::4] = -100
    _forward_backward(model, lambda m, x, t: torch.nn.CrossEntropyLoss()(m(x), t), rand(37, 29), target)
    assert "aten::gather.default" not in metrics.fallbacks


def test_embedding_forward_and_backward_with_padding():
    torch.manual_seed(0)
    model = torch.nn.Embedding(101, 33, padding_idx=0)
    indices = torch.randint(0, 101, (5, 7))
    indices[0, :3] = 0
    _forward_backward(model, lambda m, i: (m(i) * torch.arange(33.0)).sum(), indices)


def test_cross_entropy_backward_is_one_kernel_at_minimum_bytes():
    logits, target = rand(37, 1003), torch.randint(0, 1003, (37,))
    target[::3] = -100
    _forward_backward(torch.nn.Identity(), lambda m, x, t: F.cross_entropy(m(x), t), logits, target)
    assert not metrics.fallbacks, dict(metrics.fallbacks)  # no gather, scatter or full_like extern
    assert metrics.generated_kernel_count <= 3  # forward 2, backward 1
    assert metrics.bytes_moved == metrics.minimum_bytes  # the backward: logits read once, grad written once


def test_scatter_of_one_value_per_row():  # eager scatter takes int64 indices only
    x = rand(37, 129)
    index = torch.randint(0, 129, (37, 1))
    check(lambda x, i: torch.scatter(x, 1, i, -1.5) * 2, x, index, kernels=1, fallbacks={})
    check(lambda x, i: torch.scatter(torch.full_like(x, 0.5), 0, i, 3.0), x, torch.randint(0, 37, (1, 129)),
          kernels=1, fallbacks={})


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.int64])
def test_scatter_of_one_source_value_per_row(dtype, device):
    x, src = rand(37, 13, dtype=dtype, device=device), rand(37, 4, dtype=dtype, device=device)
    check(lambda x, i, s: torch.scatter(x, 1, i, s) * 2, x, torch.randint(0, 13, (37, 1), device=device), src,
          kernels=1, fallbacks={})
    check(lambda x, i, s: torch.scatter(x, 0, i, s), x.t(), torch.randint(0, 13, (1, 37), device=device), src.t(),
          fallbacks={})


@pytest.mark.parametrize("include_self", [True, False])
@pytest.mark.parametrize("reduce", ["sum", "prod", "mean", "amax", "amin"])
def test_scatter_reduce_of_one_value_per_row(reduce, include_self, device):
    x, src, index = rand(37, 13, device=device), rand(37, 2, device=device), torch.randint(0, 13, (37, 1), device=device)
    x[0, index[0, 0]] = float("nan")  # amax / amin propagate NaN like eager
    fn = lambda x, i, s: torch.scatter_reduce(x, 1, i, s, reduce, include_self=include_self)  # noqa: E731
    check(fn, x, index, src, kernels=1, fallbacks={})


@pytest.mark.parametrize("dtype", [torch.int32, torch.int64])
def test_scatter_add_and_reduce_of_integers(dtype, device):
    x, src = rand(11, 17, dtype=dtype, low=-9, high=9, device=device), rand(11, 3, dtype=dtype, low=-9, high=9, device=device)
    index = torch.randint(0, 17, (11, 1), device=device)
    check(lambda x, i, s: (torch.scatter_add(x, 1, i, s), torch.scatter_reduce(x, 1, i, s, "amax")), x, index, src,
          fallbacks={})
    # integer means floor: scatter_reduce.py's sum over count, not one value per row's average
    check(lambda x, i, s: torch.scatter_reduce(x, 1, i, s, "mean"), x, index, src, fallbacks={})


def test_scatter_of_several_values_per_row_stores_them():
    """(scatter_stores.py; see test_scatter_stores.py)"""
    x, index = rand(37, 129), torch.randint(0, 129, (37, 4))
    check(lambda x, i: torch.scatter(x, 1, i, -1.5), x, index, fallbacks={})
    check(lambda x, i: torch.scatter(x, 1, i, x * 2), x, index, fallbacks={})


@pytest.mark.parametrize(
    "fn, index",
    [
        (lambda x, i: x[:, i].sum(1), lambda: torch.randint(-5000, 5000, (3001,))),  # r-shaped index values
        (lambda x, i: torch.gather(x, 1, i).sum(1), lambda: torch.randint(0, 5000, (37, 2999))),  # xr-shaped
        (lambda x, i: x[i].sum(0), lambda: torch.randint(0, 37, (11,))),  # column reduction of gathered rows
        (lambda x, i: torch.gather(x, 0, i).amax(0), lambda: torch.randint(0, 37, (7, 5000))),
    ],
)
def test_reductions_over_gathered_values_are_one_kernel(fn, index):
    check(fn, rand(37, 5000), index(), kernels=1, fallbacks={})


def test_embedding_bag_like_sum_is_one_kernel():
    check(lambda i, w: F.embedding(i, w).sum(1), torch.randint(0, 1000, (13, 300)), rand(1000, 64), kernels=1)


def test_mask_gathered_by_batch_and_key_beside_a_query_condition_in_a_softmax():
    """transformers' masks: a padding mask looked up at (batch, key) and-ed with a condition on the query, fused
    into the softmax over keys (the and of a row-shaped and a gathered [row, key] block)."""

    def masked_softmax(scores, padding):
        batch, queries, keys = scores.shape
        b, q = torch.arange(batch).reshape(-1, 1, 1), torch.arange(queries).reshape(1, -1, 1)
        k = torch.arange(keys).reshape(1, 1, -1)
        keep = (q >= 1) & padding[b, k]
        return torch.softmax(scores / 4 + torch.where(keep, 0.0, torch.finfo(scores.dtype).min), -1)

    check(masked_softmax, rand(3, 13, 13), torch.rand(3, 13) > 0.3, fallbacks={})
