"""Index maps lowered to kernels or views (convert-aten-to-loop's index_maps.py): flip, repeat, diagonal,
against eager, with odd sizes, non-contiguous inputs, several dtypes and symbolic sizes; none runs eagerly."""

import pytest
import torch

from harness import check, rand

DTYPES = [torch.float32, torch.float16, torch.int64, torch.bool]


def _lowered(fn, *inputs, dynamic=False):
    check(fn, *inputs, dynamic=dynamic, fallbacks={})


@pytest.mark.parametrize("dtype", DTYPES)
def test_flip(dtype, device):
    x = rand(5, 7, 3, dtype=dtype, device=device)
    _lowered(lambda x: torch.flip(x, [0, 2]), x)
    _lowered(lambda x: torch.flip(x, [-1]), x.transpose(0, 1))
    _lowered(lambda x: (torch.fliplr(x), torch.flipud(x)), x[:, :, 1])


def test_flip_fuses_with_its_consumer(device):
    check(lambda x: torch.flip(x, [1]).sin() * 2, rand(37, 129, device=device), kernels=1, fallbacks={})


def test_flip_and_rot90_of_a_non_contiguous_input(device):
    x = rand(29, 13, device=device).t()
    _lowered(lambda x: (torch.rot90(x), torch.rot90(x, 2), torch.rot90(x, -1)), x)


def test_flip_symbolic_sizes(device):
    _lowered(lambda x: torch.flip(x, [0, 1]) + 1, rand(11, 9, device=device), dynamic=True)


@pytest.mark.parametrize("dtype", DTYPES)
def test_repeat(dtype, device):
    x = rand(5, 3, dtype=dtype, device=device)
    _lowered(lambda x: x.repeat(2, 3), x)
    _lowered(lambda x: x.repeat(3, 1, 2), x.t())
    _lowered(lambda x: x.repeat(1, 1), x)


def test_repeat_symbolic_sizes(device):
    _lowered(lambda x: x.repeat(2, 3) * 2, rand(7, 5, device=device), dynamic=True)


@pytest.mark.parametrize("offset", [0, 2, -1, -3])
def test_diagonal(offset, device):
    x = rand(6, 9, device=device)
    _lowered(lambda x: torch.diagonal(x, offset) * 2, x)
    _lowered(lambda x: torch.diagonal(x, offset) + 1, x.t())


def test_diagonal_of_other_dims_and_its_copy(device):
    x = rand(5, 4, 7, dtype=torch.float64, device=device)
    _lowered(lambda x: (torch.diagonal(x, 1, 2, 0) - 1, torch.diagonal_copy(x, -1, 0, 2)), x)
    _lowered(lambda x: torch.diagonal(x, 0, -1, -2).sum(-1), x.transpose(1, 2))


def test_diagonal_integer_and_trace(device):
    x = rand(7, 7, dtype=torch.int32, low=-9, high=9, device=device)
    _lowered(lambda x: (torch.diagonal(x) * 3, torch.trace(x.float())), x)
    _lowered(lambda x: torch.diag(x, 1) + 1, x)


def _slice_assigned(x, y):
    x = x.clone()
    x[:, 1:6:2] = y
    return x * 2


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.int64])
def test_slice_scatter(dtype, device):
    x = rand(5, 7, dtype=dtype, device=device)
    _lowered(_slice_assigned, x, rand(5, 3, dtype=dtype, device=device))
    _lowered(lambda x, y: torch.slice_scatter(x, y, 0, -3, None, 2), x, rand(2, 7, dtype=dtype, device=device))
    _lowered(lambda x, y: torch.slice_scatter(x, y, 1, 2, 5), x.t().contiguous().t(), rand(5, 3, dtype=dtype, device=device))
    _lowered(lambda x, y: torch.slice_scatter(x, y, 1, 2, 5), x, rand(3, 5, dtype=dtype, device=device).t())


def test_circular_pad_is_slice_scatters(device):
    _lowered(lambda x: torch.nn.functional.pad(x, (1, 2), mode="circular"), rand(2, 5, 7, device=device))


@pytest.mark.parametrize("offset", [0, 1, -2])
def test_diagonal_scatter(offset, device):
    x = rand(5, 7, device=device)
    n = torch.diagonal(x, offset).shape[0]
    _lowered(lambda x, y: torch.diagonal_scatter(x, y, offset), x, rand(n, device=device))
    z = rand(4, 3, 6, device=device)
    m = torch.diagonal(z, offset, 2, 0).shape[-1]
    _lowered(lambda z, y: torch.diagonal_scatter(z, y, offset, 2, 0), z.transpose(0, 1).contiguous().transpose(0, 1),
             rand(3, m, device=device))


@pytest.mark.parametrize("dtype", [torch.float32, torch.int32])
def test_unfold_is_a_view_and_unfold_copy_a_copy(dtype, device):
    x = rand(5, 7, 4, dtype=dtype, device=device)
    _lowered(lambda x: x.unfold(1, 3, 2) * 2, x)
    _lowered(lambda x: x.unfold(0, 2, 1) + 1, x.transpose(0, 2))
    _lowered(lambda x: torch.unfold_copy(x, -1, 2, 2), x)
