"""ATen ops the importer builds from other aten ops (irc/fx_import_composite.py) and full_like in any dtype and
dense layout, against eager: none runs eagerly."""

import pytest
import torch
import torch.nn.functional as F

from harness import check, rand


def _lowered(fn, *inputs, dynamic=False):
    check(fn, *inputs, dynamic=dynamic, fallbacks={})


@pytest.mark.parametrize("exponent_dtype", [torch.int64, torch.int32, torch.float32])
def test_ldexp(exponent_dtype, device):
    x = rand(37, 13, device=device)
    e = rand(13, low=-6, high=6, dtype=exponent_dtype, device=device)
    if exponent_dtype.is_floating_point:
        e = e.round()  # 2 ** e exact: a fractional power may round differently from eager's by an ulp of f32
    _lowered(torch.ldexp, x, e)
    _lowered(torch.ldexp, x.t().double(), e.reshape(13, 1))


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.int32])
def test_copy_broadcasts_and_converts(dtype, device):
    x, y = rand(7, 13, device=device), rand(13, dtype=dtype, device=device)
    _lowered(lambda x, y: x.clone().copy_(y) * 2, x, y)
    _lowered(lambda x, y: x.clone().copy_(y.expand(7, 13)), x.t().contiguous().t(), y)


def test_ops_that_copy_in_their_decomposition(device):
    x = rand(5, 7, 9, device=device)
    _lowered(lambda x: torch.diff(x, dim=1), x)
    _lowered(lambda x: F.instance_norm(x), x)


def test_empty_like_and_new_empty_strided(device):
    x = rand(5, 7, device=device)
    _lowered(lambda x: torch.empty_like(x).fill_(2.0) + x, x.t())
    _lowered(lambda x: x.new_empty_strided((3, 4), (1, 3)).fill_(1.5) * 2, x)
    _lowered(lambda a, b, y: F.cosine_embedding_loss(a, b, y), x, rand(5, 7, device=device),
             torch.tensor([1, -1, 1, 1, -1], device=device))


@pytest.mark.parametrize("fill", [2.5, 3, True])
def test_full_like_of_other_dtypes_and_layouts(fill, device):
    x = rand(2, 3, 4, 5, device=device)
    _lowered(lambda x: torch.full_like(x, fill, dtype=torch.int32) + 1, x)
    _lowered(lambda x: torch.full_like(x, fill) * x, x.to(memory_format=torch.channels_last))
    _lowered(lambda x: (torch.ones_like(x) + x, torch.isreal(x)), x[0].transpose(1, 2))


VIEW_COPIES = {
    "permute_copy": lambda x: torch.permute_copy(x, (2, 0, 1)),
    "view_copy": lambda x: torch.view_copy(x, (35, 4)),
    "narrow_copy": lambda x: torch.narrow_copy(x, 1, 2, 3),
    "transpose_copy": lambda x: torch.transpose_copy(x, 0, 2),
    "expand_copy": lambda x: torch.expand_copy(x[:, :1], (5, 3, 4)),
    "select_copy": lambda x: torch.select_copy(x, 2, -1),
    "slice_copy": lambda x: torch.slice_copy(x, 1, 1, 6, 2),
    "squeeze_copy": lambda x: torch.squeeze_copy(x[:, :1], 1),
    "unsqueeze_copy": lambda x: torch.unsqueeze_copy(x, 1),
    "alias_copy": lambda x: torch.alias_copy(x) + 1,
}


@pytest.mark.parametrize("name", sorted(VIEW_COPIES))
def test_view_copies(name, device):
    x = rand(5, 7, 4, device=device)
    _lowered(VIEW_COPIES[name], x)
    if name != "view_copy":  # eager's view_copy needs strides a view can follow (CUDA's checks them)
        _lowered(VIEW_COPIES[name], x.transpose(0, 1).contiguous().transpose(0, 1))


@pytest.mark.parametrize("ord", [1, 2, float("inf"), -float("inf"), 0, 3, 0.5])
def test_vector_norms(ord, device):
    """linalg.vector_norm in every order decomposes into reductions: no extern."""
    x = rand(37, 13, device=device)
    _lowered(lambda x: torch.linalg.vector_norm(x, ord), x)
    _lowered(lambda x: torch.linalg.vector_norm(x, ord, dim=1, keepdim=True), x.t())
    _lowered(lambda x: torch.linalg.vector_norm(x, ord, dim=(0, 1)), x.half())
