"""Whole programs: the ToyModule, an MLP trained a step (forward + backward), dynamic sizes, fallbacks."""

import torch

from harness import assert_same, check, rand
from irc import metrics


def test_toy_module(device):
    from irc.demo import toy_module

    check(toy_module(), rand(37, 129, device=device), rand(37, 129, device=device), rand(129, 17, device=device))


def test_unsupported_op_falls_back_to_eager(device):
    got = check(lambda x: torch.sort(x, 1).values + 1, rand(37, 1029, device=device))  # rows past 512: extern
    assert got.shape == (37, 1029)
    assert metrics.fallbacks["aten::sort.default"] == 1


def test_mlp_forward_and_backward(device):
    torch.manual_seed(0)
    model = torch.nn.Sequential(
        torch.nn.Linear(33, 64), torch.nn.GELU(), torch.nn.LayerNorm(64), torch.nn.Linear(64, 10)
    ).to(device)
    ref = [p.detach().clone() for p in model.parameters()]
    x, target = rand(17, 33, device=device), torch.randint(0, 10, (17,), device=device)

    def loss_of(m):
        return torch.nn.functional.cross_entropy(m(x), target)

    torch._dynamo.reset()
    metrics.reset()
    compiled = torch.compile(model, backend="irc")
    loss = loss_of(compiled)
    loss.backward()
    got_grads = [p.grad.clone() for p in model.parameters()]
    for p, r in zip(model.parameters(), ref):
        p.grad = None
        assert torch.equal(p, r)
    want = loss_of(model)
    want.backward()
    assert_same(loss.detach(), want.detach())
    for g, p in zip(got_grads, model.parameters()):
        torch.testing.assert_close(g, p.grad, rtol=1e-4, atol=1e-5)
    assert metrics.graphs_compiled >= 2  # forward and backward
    assert metrics.graph_fallbacks == 0


def test_dynamic_sizes_compile_once(device):
    torch._dynamo.reset()
    metrics.reset()
    fn = torch.compile(lambda x, y: (torch.sigmoid(x + y).sum(1), x * 2), backend="irc", dynamic=True)
    for rows in (5, 37, 64):
        x, y = rand(rows, 129, device=device), rand(rows, 129, device=device)
        assert_same(fn(x, y), (torch.sigmoid(x + y).sum(1), x * 2))
    assert metrics.graphs_compiled == 1
