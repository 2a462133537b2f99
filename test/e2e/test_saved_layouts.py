"""A training forward lays out the activations it saves as aten-layout chooses (channels_last in a convolution
network) and reports their strides to aot_autograd, so the backward's convolutions read them channels_last
(cuDNN's NHWC kernels, not ATen's NCHW depthwise ones), as Inductor does; every gradient matches eager."""

import contextlib
import copy

import pytest
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils._python_dispatch import TorchDispatchMode

from irc import metrics


class DepthwiseBlock(nn.Module):
    """`same_pad`: the depthwise convolution reads a pad of its input (TF-style same padding, timm's
    EfficientNets) instead of padding itself."""

    def __init__(self, same_pad: bool = False):
        super().__init__()
        self.same_pad = same_pad
        self.stem, self.bn1 = nn.Conv2d(3, 16, 3, padding=1), nn.BatchNorm2d(16)
        self.depthwise = nn.Conv2d(16, 16, 3, padding=0 if same_pad else 1, groups=16)
        self.bn2 = nn.BatchNorm2d(16)
        self.project, self.head = nn.Conv2d(16, 8, 1), nn.Linear(8, 5)

    def forward(self, x):
        y = F.relu(self.bn1(self.stem(x)))
        y = F.pad(y, [1, 1, 1, 1]) if self.same_pad else y
        y = self.project(F.silu(self.bn2(self.depthwise(y))))
        return self.head(y.mean((2, 3)))


class ConvolutionInputs(TorchDispatchMode):
    """Whether each convolution backward's input (the saved activation) is channels_last."""

    def __init__(self):
        super().__init__()
        self.channels_last: list[bool] = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if func is torch.ops.aten.convolution_backward.default:
            x = args[1]
            self.channels_last.append(x.is_contiguous(memory_format=torch.channels_last) and x.stride(1) == 1)
        return func(*args, **(kwargs or {}))


def block_pair(device, *shape, same_pad: bool = False):
    """An eager block, its copy to compile and an input; Dynamo and the metrics reset."""
    torch.manual_seed(0)
    eager = DepthwiseBlock(same_pad).to(device).train()
    torch._dynamo.reset()
    metrics.reset()
    return eager, copy.deepcopy(eager), torch.randn(*shape, device=device)


def assert_same_training_step(eager, compiled, x, during_backward=contextlib.nullcontext()):
    """One compiled forward and backward (under `during_backward`) against eager's: outputs, gradients (at the
    largest gradient's scale) and running statistics."""
    got = torch.compile(compiled, backend="irc")(x)
    with during_backward:
        got.square().sum().backward()
    want = eager(x)
    want.square().sum().backward()
    torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-5)
    biggest = max(p.grad.abs().max() for p in eager.parameters())
    for (name, p), q in zip(eager.named_parameters(), compiled.parameters()):
        torch.testing.assert_close(q.grad, p.grad, rtol=1e-4, atol=1e-5 * biggest, msg=name)
    for b, c in zip(eager.buffers(), compiled.buffers()):  # running statistics
        torch.testing.assert_close(c, b, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("same_pad", [False, True])
def test_backward_convolutions_read_channels_last_activations(device, same_pad):
    eager, compiled, x = block_pair(device, 4, 3, 13, 11, same_pad=same_pad)
    inputs = ConvolutionInputs()
    assert_same_training_step(eager, compiled, x, inputs)
    # the depthwise and 1x1 convolutions read saved activations; the stem a channels_last copy of the graph's
    # NCHW input, as in the forward (cuDNN in NHWC for its weight gradient)
    assert inputs.channels_last[-3:] == [True, True, True]
    assert metrics.graph_fallbacks == 0


def kernels_of_last_graphs() -> list[str]:
    lines = [line for path in metrics.generated_modules for line in open(path).read().splitlines()]
    return [line[4:].split("(")[0] for line in lines if line.startswith("def triton_")]


def test_batch_norm_statistics_over_channels_last_activations_split(device):
    """Batch norm's statistics over N*H*W of a channels_last activation are column reductions with few
    channels: one program per 64 channels would walk all 1,000,000 rows of a real batch (160 ms per batch
    norm on an H200). They split into chunk partials (the variance's Welford statistics combined by Chan's
    formula) and a combining kernel, the normalization moving to a pointwise kernel of its own, forward and
    backward; every output, gradient and running statistic as eager's."""
    eager, compiled, x = block_pair(device, 4, 3, 37, 29)  # 4292 rows of 16 channels, odd sides
    assert_same_training_step(eager, compiled, x)
    names = kernels_of_last_graphs()
    assert any("var_mean" in n and "_split_" in n for n in names), names  # the forward's, one kernel for both
    assert any("var_mean" in n and "_epilogue_" in n for n in names), names
    # backward: each batch norm's two sums, and the bias gradient summed over the input gradient it wrote
    assert sum("_split_" in n and "var_mean" not in n for n in names) >= 3, names
    assert any("_stage_prologue_" in n for n in names), names
    assert metrics.graph_fallbacks == 0


def test_a_backward_run_eagerly_gets_its_traced_layouts(device, monkeypatch):
    """A backward graph irc fails on runs eagerly on its inputs copied back into the traced strides (a view
    the traced graph takes may need them); the gradients still match."""
    import irc.compile
    import irc.config

    compile_path = irc.compile.graph_path

    def failing_backward(gm, inference, max_autotune, cuda, role, *rest):
        if role == "backward":
            raise RuntimeError("a backward irc cannot compile")
        return compile_path(gm, inference, max_autotune, cuda, role, *rest)

    monkeypatch.setattr(irc.compile, "graph_path", failing_backward)
    monkeypatch.setattr(irc.config, "fallback_on_error", True)  # as outside the tests
    eager, compiled, x = block_pair(device, 2, 3, 9, 7)
    torch.compile(compiled, backend="irc")(x).square().sum().backward()
    eager(x).square().sum().backward()
    for (name, p), q in zip(eager.named_parameters(), compiled.parameters()):
        torch.testing.assert_close(q.grad, p.grad, rtol=1e-4, atol=1e-5, msg=name)
    assert metrics.graph_fallbacks == 1
