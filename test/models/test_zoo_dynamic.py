"""Zoo models (bench/zoo.py, tiny configurations) called at three sizes: under Dynamo's automatic dynamic
shapes (static, then one symbolic recompile that the third size reuses) and under `dynamic=True` (one
compile). Outputs (and in training every gradient) match eager at every size, no graph falls back, and the
number of graphs compiled is asserted. Every zoo model but MobileNetV2 runs under `dynamic=True`; GPT-2, BERT and
ResNet also under automatic dynamic shapes. MobileNetV2 (tiny; TensorFlow's SAME padding) recompiles at each
size of another parity (torch specializes it): three compiles of 24, 78 and 25 s on CPU, too long for this
suite; test_dynamic_shapes.py::test_tf_same_padding_trained_dynamic covers its nested sizes."""

import pytest
import torch
from harness import assert_same
from zoo import ZOO

from irc import metrics

GRAD_TOLERANCE = dict(rtol=1e-4, atol=1e-5)

# token batches (batch, length) and image batches (batch, side): the first size differs from every model width
SIZES = {"text": [(2, 12), (3, 20), (4, 9)], "image": [(2, 32), (3, 40), (4, 24)], "audio": [(2,), (3,), (5,)]}
FIXED_SIDE = {"vit"}  # its position embedding is for one image side: the batch varies
AUTOMATIC = ["gpt2", "bert", "resnet"]
DYNAMIC = [name for name in ZOO if name != "mobilenet_v2"]


def cases(dynamic_values):
    return [
        pytest.param(name, dynamic, marks=[pytest.mark.slow])
        for dynamic in dynamic_values
        for name in (DYNAMIC if dynamic else AUTOMATIC)
    ]


def inputs_at(name: str, size, example: tuple) -> tuple:
    kind = ZOO[name].kind
    if kind == "text":
        return (torch.randint(0, 128, size),)
    if kind == "audio" or name in FIXED_SIDE:  # the example's own shape, another batch
        (x,) = example
        return (torch.randn(size[0], *x.shape[1:]),)
    batch, side = size
    return (torch.randn(batch, 3, side, side),)


def build(name: str, train: bool = False):
    model, example = ZOO[name].build(small=True)
    if train:
        model.train()
        for module in model.modules():  # random masks differ between eager and compiled runs
            if isinstance(module, torch.nn.Dropout):
                module.p = 0.0
            if isinstance(getattr(module, "dropout", None), float):  # T5's functional attention dropout
                module.dropout = 0.0
    return model, example


@pytest.mark.parametrize("name, dynamic", cases([None, True]))
def test_three_sizes(name, dynamic):
    model, example = build(name)
    torch._dynamo.reset()
    metrics.reset()
    compiled = torch.compile(model, backend="irc", dynamic=dynamic)
    with torch.no_grad():
        for size in SIZES[ZOO[name].kind]:
            inputs = inputs_at(name, size, example)
            assert_same(compiled(*inputs), model(*inputs))
    assert metrics.graph_fallbacks == 0
    assert metrics.graphs_compiled == (1 if dynamic else 2)


@pytest.mark.parametrize("name, dynamic", cases([None, True]))
def test_three_sizes_training(name, dynamic):
    """One training step per size: outputs, every parameter's gradient and the buffers match eager's."""
    eager, example = build(name, train=True)
    model, _ = build(name, train=True)
    torch._dynamo.reset()
    metrics.reset()
    compiled = torch.compile(model, backend="irc", dynamic=dynamic)
    for size in SIZES[ZOO[name].kind]:
        inputs = inputs_at(name, size, example)
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
