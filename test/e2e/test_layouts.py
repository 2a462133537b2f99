"""Activation layouts (issue 17): pointwise results keep eager's dense layout, and convolution networks traced
NCHW run channels_last (aten-layout, Inductor's layout optimization)."""

import pytest
import torch
import torch.nn as nn
import torch.nn.functional as F

from harness import check, lowered_externs, rand
from irc.dialects.types import BufferType

CHANNELS_LAST = torch.channels_last


class Bottleneck(nn.Module):
    """1x1 conv -> BN -> ReLU6 -> depthwise 3x3 -> BN -> ReLU6 -> 1x1 conv, plus the input: MobileNetV2's
    block, at channel counts where channels_last pays off."""

    def __init__(self, channels=24, hidden=96):
        super().__init__()
        self.expand, self.bn1 = nn.Conv2d(channels, hidden, 1, bias=False), nn.BatchNorm2d(hidden)
        self.depthwise = nn.Conv2d(hidden, hidden, 3, padding=1, groups=hidden, bias=False)
        self.bn2, self.project = nn.BatchNorm2d(hidden), nn.Conv2d(hidden, channels, 1)

    def forward(self, x):
        y = F.relu6(self.bn1(self.expand(x)))
        y = F.relu6(self.bn2(self.depthwise(y)))
        return self.project(y) + x


def bottleneck(device):
    torch.manual_seed(0)
    model = Bottleneck().eval().to(device)
    with torch.no_grad():
        for bn in (model.bn1, model.bn2):
            bn.running_mean.uniform_(-1, 1)
            bn.running_var.uniform_(0.5, 2)
    return model


def externs_after_layout(fn, *inputs) -> list:
    return lowered_externs(fn, inputs, "aten-layout,convert-aten-to-loop")


def is_channels_last(t: BufferType) -> bool:
    n, c, h, w = t.sizes()
    return list(t.stride_values()) == [h * w * c, 1, w * c, c]


@pytest.mark.parametrize("layout", ["contiguous", "channels_last"])
def test_bottleneck_matches_eager(layout, device):
    x = rand(2, 24, 13, 11, device=device)
    if layout == "channels_last":
        x = x.to(memory_format=CHANNELS_LAST)
    with torch.no_grad():
        check(bottleneck(device), x)


def test_convolutions_read_channels_last_activations():
    """Traced NCHW, every convolution of the block reads and writes channels_last."""
    with torch.no_grad():
        externs = externs_after_layout(bottleneck("cpu"), rand(2, 24, 13, 11))
    convolutions = [op for op in externs if op.overload.data == "aten::convolution.default"]
    assert len(convolutions) == 3
    assert all(is_channels_last(op.ins[0].type) and is_channels_last(op.results[0].type) for op in convolutions)


def test_grouped_convolutions_stay_nchw():
    """Grouped (not depthwise) convolutions are slower channels_last: the activations stay as traced."""
    conv = nn.Conv2d(64, 64, 3, padding=1, groups=4).eval()
    with torch.no_grad():
        externs = externs_after_layout(lambda x: torch.relu(conv(torch.relu(x))), rand(2, 64, 9, 9))
    assert not any(is_channels_last(op.ins[0].type) for op in externs)


@pytest.mark.parametrize(
    "make",
    [
        lambda d: rand(2, 8, 5, 7, device=d).to(memory_format=CHANNELS_LAST),
        lambda d: rand(3, 5, 7, device=d).permute(2, 0, 1),
    ],
    ids=["channels_last", "permuted"],
)
def test_pointwise_results_keep_eager_layout(make, device):
    """A pointwise result has the strides eager gives it (its input's dense layout), written in one pass."""
    x = make(device)
    got = check(lambda x: torch.sigmoid(x) * 2 + 1, x, kernels=1)
    assert got.stride() == (torch.sigmoid(x) * 2 + 1).stride()


def test_pooling_keeps_channels_last(device):
    """conv -> ReLU -> max-pool -> conv (ResNet's stem): the pooled activation is written channels_last, so
    the second convolution reads it as it is."""
    torch.manual_seed(0)
    first, second = nn.Conv2d(3, 64, 7, 2, 3).to(device), nn.Conv2d(64, 64, 3, padding=1).to(device)
    fn = lambda x: second(F.max_pool2d(torch.relu(first(x)), 3, 2, 1))  # noqa: E731
    x = rand(2, 3, 29, 31, device=device)
    with torch.no_grad():
        check(fn, x)
        externs = externs_after_layout(fn, x.cpu() if device == "cpu" else x)
    convolutions = [op for op in externs if op.overload.data == "aten::convolution.default"]
    assert all(is_channels_last(op.ins[0].type) for op in convolutions)


def test_empty_permuted_and_new_empty_strided_keep_their_layouts(device):
    """empty_like of a transposed tensor (empty_permuted) and new_empty_strided are allocations in their own
    layouts: filled and returned, they match eager's strides, and nothing runs eagerly."""

    def fn(x):
        e = torch.empty_like(x.t())
        e.fill_(2)
        n = x.new_empty_strided((3, 4), (1, 3))
        n.fill_(1)
        return e + 1, n * x[:3, :4]

    got = check(fn, rand(5, 6, device=device), fallbacks={})
    assert got[0].stride() == (1, 6) and got[1].stride() == (1, 3)


def whisper_front(g, pos, w, b, proj):
    """Whisper's encoder after its convolutions: a permuted activation plus a row-major position table is the
    residual stream that a LayerNorm reads and the next layer adds to."""
    x = F.gelu(g).permute(0, 2, 1) + pos
    h = F.linear(F.layer_norm(x, (x.shape[-1],), w, b), proj)
    return x + torch.relu(h)


def whisper_inputs(device):
    return (rand(2, 40, 23, device=device), rand(23, 40, device=device), rand(40, device=device),
            rand(40, device=device), rand(40, 40, device=device, low=-0.2, high=0.2))  # fmt: skip


def test_permuted_plus_row_major_is_written_row_major(device):
    """Where an elementwise op's operands disagree, the intermediate is row-major (as Inductor lays
    intermediates out), not transposed like its first operand (eager): the LayerNorm then reduces along
    contiguous memory; what the function returns keeps eager's strides."""
    with torch.no_grad():
        got = check(whisper_front, *whisper_inputs(device))
        assert got.stride() == whisper_front(*whisper_inputs(device)).stride()
        module = module_after(whisper_front, whisper_inputs("cpu"), "aten-layout")
    (first_add, *_) = [op for op in module.walk() if op.name == "aten.add"]
    assert first_add.results[0].type.stride_values() is None


def test_training_graphs_keep_eager_layouts():
    inputs = [x.requires_grad_() for x in whisper_inputs("cpu")]
    module = module_after(whisper_front, inputs, "aten-layout")
    (first_add, *_) = [op for op in module.walk() if op.name == "aten.add"]
    assert first_add.results[0].type.stride_values() == (920, 1, 23)


def module_after(fn, inputs, spec: str):
    from xdsl.parser import Parser

    from irc.pipeline import make_context, run_pipeline
    from irc.tools.fx_to_mlir import capture

    (text, *_) = capture(fn, list(inputs))
    module = Parser(make_context(), text).parse_module()
    run_pipeline(module, make_context(), spec)
    return module
