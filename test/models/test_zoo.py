"""The model zoo (bench/zoo.py) in tiny configurations through the CPU interpreter: each model compiles whole.

For each model: no graph falls back to eager (IRC_FALLBACK_ON_ERROR is off, so an error fails the test),
everything irc still runs eagerly is extern compute (zoo.EXTERN_COMPUTE: the matmul family, convolution,
attention), and the outputs match eager with the e2e tolerances. GPT-2, BERT and
ResNet also take a training step: the loss, every parameter's gradient (and batch norm's running statistics)
match eager's (test_training.py has more models).
"""

import pytest
import torch
from harness import assert_same
from training import check_training_step, training_pair
from zoo import ZOO, not_extern_compute

from irc import metrics

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


@pytest.mark.parametrize("name", zoo_params([n for n, m in ZOO.items() if m.train]))
def test_training_step(name):
    eager, model = training_pair(lambda: ZOO[name].build(small=True)[0])
    shaped, inputs = ZOO[name].build(small=True)
    with torch.no_grad():
        out_shape = shaped(*inputs).shape
    torch.manual_seed(1)
    targets = None if name == "bert" else torch.randint(0, out_shape[-1], out_shape[:-1])
    check_training_step(eager, model, lambda m, *x: loss_of(m(*x), targets), *inputs)
    check_compiled_whole()
