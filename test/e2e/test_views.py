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


def pieces(x):
    a, b, c = x.split([3, 5, 5], dim=1)
    p, q = torch.chunk(x, 2, dim=0)
    rows = x.unbind(0)
    tail = x.split(5, dim=1)
    return a * 2 + 1, b.sum(1), c.t() + 1, p - q, rows[1] * rows[2], tail[-1] + 1, tail[1]


def test_split_chunk_and_unbind_are_views(device):
    """Pieces are slice/select views read by the consumers' kernels: no fallback runs split eagerly."""
    check(pieces, rand(8, 13, device=device), fallbacks={})
    check(lambda x: [t * 3 for t in x.split(2, dim=0)], rand(5, 9, device=device).t(), fallbacks={})


def test_as_strided_copy_and_unbind_copy(device):
    """as_strided_copy reads its view's strides and offset from its arguments (the copy itself is contiguous);
    unbind_copy copies each slice; nothing runs eagerly."""
    x = rand(5, 4, device=device)
    fn = lambda x: (  # noqa: E731
        torch.as_strided_copy(x, (3, 2), (1, 4), 2),
        torch.as_strided_copy(x[1:], (2, 2), (2, 1)),
        *torch.unbind_copy(x.t(), 1),
    )
    check(fn, x, fallbacks={})
