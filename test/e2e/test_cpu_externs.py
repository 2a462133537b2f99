"""ATen CPU kernels that go wrong on layouts irc chooses are called around (irc/runtime/cpu_externs.py): a
strided 1x1 convolution's weight gradient in channels_last corrupted the heap on CPU (RegNet, ResNet shortcuts;
the crashed gloo processes of CI)."""

import torch
from torch import nn

from harness import assert_same, rand
from irc import metrics
from irc.runtime.cpu_externs import interpreted_overload


def shortcut_block():
    torch.manual_seed(0)
    block = [nn.Conv2d(3, 8, 3, padding=1, bias=False), nn.BatchNorm2d(8), nn.ReLU(), nn.Conv2d(8, 8, 1, stride=2)]
    return nn.Sequential(*block)  # no bias before the batch norm: its gradient is zero, all noise


def test_a_strided_pointwise_convolution_trains_in_irc_s_layout():
    eager, compiled = shortcut_block(), shortcut_block()
    x = rand(3, 3, 16, 16)
    eager(x).square().sum().backward()
    torch._dynamo.reset()
    metrics.reset()
    torch.compile(compiled, backend="irc")(x).square().sum().backward()
    assert metrics.graph_fallbacks == 0
    for got, want in zip(compiled.parameters(), eager.parameters()):
        assert_same(got.grad, want.grad)


def test_only_the_overloads_with_a_workaround_are_wrapped():
    assert interpreted_overload("aten::mm.default") is torch.ops.aten.mm.default
    backward = interpreted_overload("aten::convolution_backward.default")
    assert backward is not torch.ops.aten.convolution_backward.default
    g, x = rand(3, 8, 8, 8), rand(3, 8, 16, 16)
    w = rand(8, 8, 1, 1)
    args = ((0,), (2, 2), (0, 0), (1, 1), False, (0, 0), 1, (True, True, False))
    got = backward(g.to(memory_format=torch.channels_last), x.to(memory_format=torch.channels_last), w, *args)
    want = torch.ops.aten.convolution_backward.default(g, x, w, *args)
    assert_same(list(got[:2]), list(want[:2]))
