"""Views and layout ops as index remapping; non-contiguous inputs."""

import torch

from harness import check, rand


def test_view_ops(device):
    x = rand(6, 35, device=device)
    check(lambda x: x.view(35, 6) + 1, x)
    check(lambda x: x.reshape(3, 2, 35).permute(2, 0, 1) * 2, x)
    check(lambda x: x.t() + 1, x)
    check(lambda x: x.transpose(0, 1).reshape(-1) + 1, x)
    check(lambda x: x.unsqueeze(1).expand(6, 4, 35) + x[:, None, :], x)
    check(lambda x: x[:, 1:30:3] + x[2:5, :10].sum(), x)
    check(lambda x: x.select(1, 4) * x[:, -1], x)
    check(lambda x: torch.narrow(x, 1, 2, 7).squeeze() + 1, x)
    check(lambda x: x.unsqueeze(0).squeeze(0) + 1, x)
    check(lambda x: torch.as_strided(x, (5, 5), (7, 2), 3) * 2, x)
    check(lambda x: (x.t().contiguous(), x.clone() + 0), x)


def test_non_contiguous_inputs(device):
    base = rand(129, 37, device=device)
    check(lambda x: x * 2 + 1, base.t())
    check(lambda x: x.sum(1), base.t())
    check(lambda x: torch.sigmoid(x) + x, base[::2, 3:])


def test_views_returned(device):
    check(lambda x: ((x + 1).t(), (x * 2).view(-1)), rand(6, 35, device=device))
