"""The model zoo (bench/zoo.py) in tiny configurations through the CPU interpreter: each model compiles whole.

For each model: no graph falls back to eager (IRC_FALLBACK_ON_ERROR is off, so an error fails the test),
everything irc still runs eagerly is extern compute (zoo.EXTERN_COMPUTE: the matmul family, convolution,
attention), and the outputs match eager with the e2e tolerances. GPT-2, BERT and
ResNet also take a training step: the loss, every parameter's gradient (and batch norm's running statistics)
match eager's.
"""

import pytest
import torch
from harness import assert_same
from zoo import ZOO, not_extern_compute

from irc import metrics

GRAD_TOLERANCE = dict(rtol=1e-4, atol=1e-5)


def zoo_params(names):
    return [pytest.param(n, marks=[pytest.mark.slow] if ZOO[n].heavy else []) for n in names]


def check_compiled_whole():
    assert metrics.graph_fallbacks == 0
    assert metrics.graphs_compiled >= 1
    eager = not_extern_compute(metrics.fallbacks)
    assert eager == {}, f"run eagerly, not extern compute: {eager}"


@pytest.mark.parametrize("name", zoo_params(ZOO))
def test_inference(name):
    model, inputs = ZOO[name].build(small=True)
    torch._dynamo.reset()
    metrics.reset()
    with torch.no_grad():
        want = model(*inputs)
        got = torch.compile(model, backend="irc")(*inputs)
    check_compiled_whole()
    assert_same(got, want)


def loss_of(out: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
    """Cross-entropy over the last dim for logits, the mean square for hidden states."""
    if targets is None:
        return out.square().mean()
    return torch.nn.functional.cross_entropy(out.reshape(-1, out.shape[-1]), targets.reshape(-1))


def training_copy(name):
    model, inputs = ZOO[name].build(small=True)
    model.train()
    for module in model.modules():  # dropout's random masks differ between eager and compiled runs
        if isinstance(module, torch.nn.Dropout):
            module.p = 0.0
    return model, inputs


@pytest.mark.parametrize("name", zoo_params([n for n, m in ZOO.items() if m.train]))
def test_training_step(name):
    eager, inputs = training_copy(name)
    model, _ = training_copy(name)
    out = eager(*inputs)
    torch.manual_seed(1)
    targets = None if name == "bert" else torch.randint(0, out.shape[-1], out.shape[:-1])
    want = loss_of(out, targets)
    want.backward()

    torch._dynamo.reset()
    metrics.reset()
    got = loss_of(torch.compile(model, backend="irc")(*inputs), targets)
    got.backward()
    check_compiled_whole()
    assert metrics.graphs_compiled >= 2  # forward and backward
    assert_same(got.detach(), want.detach())
    for (param, p), (_, q) in zip(model.named_parameters(), eager.named_parameters()):
        assert (p.grad is None) == (q.grad is None), param
        if p.grad is not None:
            torch.testing.assert_close(
                p.grad, q.grad, **GRAD_TOLERANCE, msg=lambda m: f"grad of {param}: {m}"
            )
    for (buffer, b), (_, c) in zip(model.named_buffers(), eager.named_buffers()):
        assert_same(b, c)  # batch norm's running mean and var, its batch count
