"""Zoo models (bench/zoo.py, tiny configurations) called at three sizes: under Dynamo's automatic dynamic
shapes (static, then one symbolic recompile that the third size reuses) and under `dynamic=True` (one
compile). Outputs (and in training every gradient) match eager at every size, no graph falls back, and the
number of graphs compiled is asserted."""

import pytest
import torch
from harness import assert_same
from zoo import ZOO

from irc import metrics

GRAD_TOLERANCE = dict(rtol=1e-4, atol=1e-5)

# token batches (batch, length) and image batches (batch, side): the first size differs from every model width
SIZES = {"text": [(2, 12), (3, 20), (4, 9)], "image": [(2, 32), (3, 40), (4, 24)]}


def inputs_at(kind: str, size):
    if kind == "text":
        return (torch.randint(0, 128, size),)
    batch, side = size
    return (torch.randn(batch, 3, side, side),)


@pytest.mark.slow
@pytest.mark.parametrize("dynamic", [None, True])
@pytest.mark.parametrize("name", ["gpt2", "bert", "resnet"])
def test_three_sizes(name, dynamic):
    entry = ZOO[name]
    model, _ = entry.build(small=True)
    torch._dynamo.reset()
    metrics.reset()
    compiled = torch.compile(model, backend="irc", dynamic=dynamic)
    with torch.no_grad():
        for size in SIZES[entry.kind]:
            inputs = inputs_at(entry.kind, size)
            assert_same(compiled(*inputs), model(*inputs))
    assert metrics.graph_fallbacks == 0
    assert metrics.graphs_compiled == (1 if dynamic else 2)


@pytest.mark.slow
@pytest.mark.parametrize("dynamic", [None, True])
@pytest.mark.parametrize("name", ["gpt2", "bert", "resnet"])
def test_three_sizes_training(name, dynamic):
    """One training step per size: outputs, every parameter's gradient and the buffers match eager's."""
    entry = ZOO[name]
    eager, _ = entry.build(small=True)
    model, _ = entry.build(small=True)
    for module in [*eager.modules(), *model.modules()]:
        module.train()
        if isinstance(module, torch.nn.Dropout):  # random masks differ between eager and compiled runs
            module.p = 0.0
    torch._dynamo.reset()
    metrics.reset()
    compiled = torch.compile(model, backend="irc", dynamic=dynamic)
    for size in SIZES[entry.kind]:
        inputs = inputs_at(entry.kind, size)
        eager.zero_grad(), model.zero_grad()
        want, got = eager(*inputs), compiled(*inputs)
        assert_same(got.detach(), want.detach())
        weights = torch.randn_like(want)
        (want * weights).sum().backward()
        (got * weights).sum().backward()
        for (param, p), (_, q) in zip(model.named_parameters(), eager.named_parameters()):
            assert (p.grad is None) == (q.grad is None), param
            if p.grad is not None:
                message = lambda m, param=param: f"{size} {param}: {m}"  # noqa: E731
                torch.testing.assert_close(p.grad, q.grad, **GRAD_TOLERANCE, msg=message)
        for (_, b), (_, c) in zip(model.named_buffers(), eager.named_buffers()):
            assert_same(b, c)
    assert metrics.graph_fallbacks == 0
    assert metrics.graphs_compiled == (2 if dynamic else 4)
