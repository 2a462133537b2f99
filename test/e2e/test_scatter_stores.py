"""Scatters of several values per row (convert-aten-to-loop's scatter_stores.py and scatter_reduce.py): a copy
and a scatter-store kernel; adds, maxima and minima are atomic (tl.atomic_add, tl.atomic_max on integer keys of
floats) where index values repeat, means are sums over counts. Against eager, with odd sizes, every dim,
repeated indices, NaN and -0.0, narrow and integer types, non-contiguous operands and 0-d tensors; none runs
eagerly."""

import warnings

import pytest
import torch

from harness import check, rand

from irc import metrics


def _lowered(fn, *inputs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # scatter's reduce argument is deprecated
        return check(fn, *inputs, fallbacks={})


def _index(rows, cols, high, device):
    return torch.randint(0, high, (rows, cols), device=device)


@pytest.mark.parametrize("dim", [0, 1, -1])
def test_several_values_per_row(dim, device):
    x, src = rand(7, 9, device=device), rand(5, 6, device=device)
    index = _index(4, 5, 7 if dim == 0 else 9, device)
    _lowered(lambda x, i, s: x.scatter(dim, i, s), x, index, src)
    _lowered(lambda x, i: x.scatter(dim, i, -1.5), x, index)
    _lowered(lambda x, i, s: x.scatter_add(dim, i, s), x, index, src)
    _lowered(lambda x, i, s: x.scatter_reduce(dim, i, s, "sum"), x, index, src)
    _lowered(lambda x, i, s: x.scatter_reduce(dim, i, s, "sum", include_self=False), x, index, src)
    _lowered(lambda x, i, s: (x.scatter(dim, i, s, reduce="add"), x.scatter(dim, i, 2.0, reduce="add")), x, index, src)


@pytest.mark.parametrize("dtype", [torch.int64, torch.int32, torch.float64])
def test_integer_and_double_adds(dtype, device):
    x, src = rand(6, 5, dtype=dtype, device=device), rand(6, 5, dtype=dtype, device=device)
    index = torch.zeros(6, 5, dtype=torch.int64, device=device)  # every value lands in row 0
    _lowered(lambda x, i, s: x.scatter_add(0, i, s), x, index, src)


def test_non_contiguous_operands(device):
    x, src = rand(8, 6, device=device), rand(9, 9, device=device)
    index = _index(5, 4, 8, device)
    _lowered(lambda x, i, s: x.t().scatter_add(1, i.t(), s[::2, 1:7].t()), x, index, src)


def test_zero_dim(device):
    x, i, s = rand(1, device=device)[0], torch.tensor(0, device=device), rand(1, device=device)[0]
    _lowered(lambda x, i, s: (x.scatter(0, i, s), x.scatter_add(0, i, s), x.scatter(-1, i, 3.0)), x, i, s)


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16, torch.int8, torch.uint8, torch.int16])
def test_adds_without_an_atomic_of_their_type_go_through_a_wider_copy(dtype, device):
    x, src = rand(5, 4, dtype=dtype, device=device, low=0), rand(4, 4, dtype=dtype, device=device, low=0)
    index, rows = _index(4, 4, 5, device), torch.tensor([1, 1, 3], device=device)
    _lowered(lambda x, i, s: x.scatter_add(0, i, s), x, index, src)
    _lowered(lambda x, j, s: torch.index_put(x, (j,), s[:3], accumulate=True), x, rows, src)
    _lowered(lambda x, j, s: x.put(j, s[0, :3], accumulate=True), x, rows, src)


def test_put(device):
    x, src = rand(3, 4, device=device), rand(5, device=device)
    flat = torch.tensor([0, 11, -1, 0, 5], device=device)
    _lowered(lambda x, i, s: (x.put(i, s), x.put(i, s, accumulate=True), x.put(i[:1], s[1], accumulate=True)), x, flat, src)
    _lowered(lambda x, i, s: (x.put(i[:0], s[:0]), x.put(i[:0], s[:0], accumulate=True)), x, flat, src)  # no positions


def test_as_strided_scatter(device):
    x, s, t = rand(5, 4, device=device), rand(3, 2, device=device), rand(4, 2, device=device)
    _lowered(lambda x, s, t: (torch.as_strided_scatter(x, s, (3, 2), (1, 4), 2),
                              torch.as_strided_scatter(x, t[::2], (2, 2), (4, 1))), x, s, t)


def _source() -> str:
    with open(metrics.generated_modules[-1]) as f:
        return f.read()


def _with_nan_and_zeros(t: torch.Tensor) -> torch.Tensor:
    """t with a NaN, a -0.0 and a +0.0 at random places (floats)."""
    flat = t.clone().view(-1)
    places = torch.randperm(flat.numel(), device=t.device)[:3]
    flat[places] = torch.tensor([float("nan"), -0.0, 0.0], device=t.device, dtype=t.dtype)[: len(places)]
    return flat.view(t.shape)


@pytest.mark.parametrize("reduce", ["amax", "amin", "mean"])
@pytest.mark.parametrize("include_self", [True, False])
@pytest.mark.parametrize("dim", [0, 1])
def test_scatter_reduce_extremes_and_means(reduce, include_self, dim, device):
    x, src = _with_nan_and_zeros(rand(7, 9, device=device)), _with_nan_and_zeros(rand(5, 6, device=device))
    index = _index(4, 5, 3, device)  # few targets: most are reached several times
    _lowered(lambda x, i, s: x.scatter_reduce(dim, i, s, reduce, include_self=include_self), x, index, src)
    if reduce != "mean":
        assert f"tl.atomic_{reduce[1:]}(" in _source()


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16, torch.float64, torch.int64, torch.int32,
                                   torch.int16, torch.int8, torch.uint8])
def test_scatter_reduce_types(dtype, device):
    low = 0 if dtype == torch.uint8 else -100 if not dtype.is_floating_point else -3
    x, src = rand(6, 5, dtype=dtype, device=device, low=low, high=100), rand(7, 5, dtype=dtype, device=device, low=low, high=100)
    if dtype.is_floating_point:
        x, src = _with_nan_and_zeros(x), _with_nan_and_zeros(src)
    index = _index(7, 5, 4, device)
    for reduce in ("amax", "amin", "mean"):
        for include_self in (True, False):
            _lowered(lambda x, i, s: x.scatter_reduce(0, i, s, reduce, include_self=include_self), x, index, src)


def test_scatter_reduce_non_contiguous(device):
    x, src, index = rand(8, 6, device=device), rand(9, 9, device=device), _index(5, 4, 3, device)
    for reduce in ("amax", "amin", "mean"):
        _lowered(lambda x, i, s: x.t().scatter_reduce(1, i.t(), s[::2, 1:7].t(), reduce, include_self=False), x, index, src)


@pytest.mark.parametrize("reduce", ["amax", "amin", "mean"])
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16, torch.int64])
def test_index_reduce(reduce, dtype, device):
    x, src = rand(5, 7, 3, dtype=dtype, device=device), rand(5, 11, 3, dtype=dtype, device=device)
    if dtype.is_floating_point:
        x, src = _with_nan_and_zeros(x), _with_nan_and_zeros(src)
    index = torch.randint(0, 7, (11,), device=device)
    for include_self in (True, False):
        _lowered(lambda x, i, s: x.index_reduce(1, i, s, reduce, include_self=include_self), x, index, src)
        zero_d = lambda x, i, s: x[1, 0, 0].index_reduce(0, i, s[1, 0, 0], reduce, include_self=include_self)  # noqa: E731
        _lowered(zero_d, x, torch.tensor([0], device=device), src)


def test_scatter_reduce_with_symbolic_sizes(device):
    x, src, index = rand(9, 5, device=device), rand(7, 5, device=device), _index(7, 5, 4, device)
    for reduce in ("amax", "mean"):
        check(lambda x, i, s: x.scatter_reduce(0, i, s, reduce, include_self=False), x, index, src, dynamic=True,
              fallbacks={})
