"""Programs whose iteration spaces loop-simplify changes (size-1 dims, permuted reductions), against eager."""

import torch

from harness import check, rand


def test_size_one_dims_and_keepdim(device):
    a = rand(37, 129, device=device)
    check(lambda a: ((a.unsqueeze(1) - a.unsqueeze(1).amax(-1, keepdim=True)).exp(), a.view(37, 1, 3, 43).sum(2, keepdim=True)), a)


def test_permuted_reductions(device):
    x = rand(7, 11, 13, device=device)
    check(lambda x: (x.permute(2, 1, 0).sum((0, 2)), (x.permute(2, 1, 0) * 2).amax((1, 2)), x.permute(2, 1, 0).argmax(0)), x)


def test_transposed_copy_and_broadcast(device):
    a, b = rand(21, 33, device=device), rand(33, device=device)
    # the two read `a` in different orders, no element at the same position: two kernels, each tiled its way
    check(lambda a, b: ((a.t() + 1).contiguous(), a.view(3, 7, 33) + b), a, b, kernels=2)


def test_softmax_over_columns_is_one_kernel(device):
    x = rand(37, 129, device=device)
    check(lambda x: (torch.softmax(x, 0), x - x.mean(0)), x, kernels=1)
