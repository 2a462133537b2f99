"""index_put lowered to a copy and a scatter-store kernel (convert-aten-to-loop's index_put.py): without and with
accumulate (tl.atomic_add where several points reach one element), several and non-adjacent index tensors,
negative indices, broadcast and non-contiguous values; against eager, none runs eagerly."""

import pytest
import torch

from harness import TOLERANCES, check, rand

from irc import metrics


def _lowered(fn, *inputs, dynamic=False):
    return check(fn, *inputs, dynamic=dynamic, fallbacks={})


def _index(*values, device="cpu"):
    return torch.tensor(values, device=device)


@pytest.mark.parametrize("accumulate", [False, True])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64, torch.int64, torch.int32])
def test_rows(accumulate, dtype, device):
    x, v = rand(7, 5, dtype=dtype, device=device), rand(3, 5, dtype=dtype, device=device)
    rows = _index(6, 0, -2, device=device)
    _lowered(lambda x, i, v: torch.index_put(x, (i,), v, accumulate=accumulate), x, rows, v)


def test_accumulate_adds_every_duplicate(device):
    x, v = rand(4, 3, device=device), rand(9, 3, device=device)
    rows = _index(1, 1, 1, 0, 3, 1, 0, -3, 3, device=device)
    _lowered(lambda x, i, v: torch.index_put(x, (i,), v, accumulate=True), x, rows, v)
    assert "atomic_add" in _kernel_source()


def test_narrow_types_without_accumulate(device):
    for dtype in (torch.float16, torch.bfloat16, torch.bool, torch.uint8):
        x, v = rand(6, 4, dtype=dtype, device=device, low=0), rand(2, 4, dtype=dtype, device=device, low=0)
        _lowered(lambda x, i, v: torch.index_put(x, (i,), v), x, _index(5, 2, device=device), v)


def test_several_and_non_adjacent_indices(device):
    x = rand(5, 6, 7, device=device)
    i, j = _index(0, 4, -1, device=device), _index(6, 0, 2, device=device)
    v = rand(3, 6, device=device)

    def apart(x, i, j, v):
        y = x.clone()
        y[i, :, j] = v * 2  # the index dims are not adjacent: B comes first
        return y

    _lowered(apart, x, i, j, v)

    def adjacent(x, i, j, v):
        y = x.clone()
        y[:, i[:2, None], j[None, :]] += v
        return y

    _lowered(adjacent, x, _index(1, 5, device=device), j, rand(5, 2, 3, device=device))


def test_non_contiguous_self_and_broadcast_values(device):
    x = rand(9, 8, device=device)
    _lowered(lambda x, i: torch.index_put(x.t(), (i,), torch.tensor(2.5, device=x.device)), x, _index(7, 1, device=device))
    _lowered(lambda x, i, v: torch.index_put(x[::2], (i,), v[::3], accumulate=True), x, _index(4, 4, 0, device=device),
             rand(3, 8, device=device).t().contiguous().t())


def test_setitem_and_index_ops(device):
    x, i = rand(6, 5, device=device), _index(4, 1, 1, device=device)

    def setitem(x, i):
        y = x.clone()
        y[i] = 3.0
        y[:, i] += 1.0
        return y

    _lowered(setitem, x, i)
    _lowered(lambda x, i, s: x.index_add(0, i, s), x, i, rand(3, 5, device=device))
    _lowered(lambda x, i, s: x.index_copy(1, i[:2] - 1, s), x, i, rand(6, 2, device=device))


def _kernel_source() -> str:
    """The source of the last emitted module."""
    with open(metrics.generated_modules[-1]) as f:
        return f.read()


@pytest.mark.parametrize("accumulate", [False, True])
def test_boolean_masks_select_pointwise(accumulate, device):
    x, m = rand(5, 6, device=device), torch.rand(5, 6, device=device) > 0.5
    cols, r = torch.rand(6, device=device) > 0.5, rand(5, device=device)

    def fn(x, m, cols, r):
        a = torch.index_put(x, (m,), r[:1], accumulate=accumulate)
        b = x.clone()
        b[:, cols] = r[:, None]
        c = x.clone()
        c[m.to(torch.uint8).bool()] = 2.5
        return a, b, c

    _lowered(fn, x, m, cols, r)
    assert metrics.generated_kernel_count == 1


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_embedding_gradient_is_a_scatter_add(dtype, device):
    """The embedding's backward (embedding_dense_backward, decomposed to index_put with accumulate) runs as
    kernels: repeated rows add up, the padding row gets no gradient."""
    weight = rand(37, 16, dtype=dtype, device=device).requires_grad_(True)
    reference = weight.detach().clone().requires_grad_(True)
    rows = torch.randint(0, 37, (5, 9), device=device)
    rows[0, :4] = 3
    rows[1, :3] = 11

    def loss(rows, weight):
        out = torch.nn.functional.embedding(rows, weight, padding_idx=3)
        return (out * out).sum()

    torch._dynamo.reset()
    metrics.reset()
    torch.compile(loss, backend="irc")(rows, weight).backward()
    loss(rows, reference).backward()
    assert not metrics.fallbacks and metrics.generated_kernel_count > 0
    torch.testing.assert_close(weight.grad, reference.grad, **TOLERANCES[dtype])
    assert not weight.grad[3].any()
