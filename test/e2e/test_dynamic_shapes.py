"""Dynamic shapes: models called at three sizes, trained and run, under Dynamo's automatic dynamic shapes (the
second size recompiles with symbolic sizes, the third reuses it) and under `dynamic=True` (one compile).

Every result and every gradient is compared with eager; the number of graphs irc compiles is asserted (no
recompilation beyond the one symbolic one), and no graph falls back to eager (metrics.graph_fallbacks).
"""

import math

import pytest
import torch
import torch.nn.functional as F
from harness import assert_same
from torch import nn

from irc import metrics

GRAD_TOLERANCE = dict(rtol=1e-4, atol=1e-5)


class SmallCNN(nn.Module):
    """Stride-2 convolution, batch norm, ReLU, a second stride-2 convolution, adaptive average pool, linear."""

    def __init__(self):
        super().__init__()
        self.conv1, self.norm = nn.Conv2d(3, 8, 3, stride=2, padding=1), nn.BatchNorm2d(8)
        self.conv2, self.head = nn.Conv2d(8, 16, 3, stride=2, padding=1), nn.Linear(16, 5)

    def forward(self, x):
        x = self.conv2(F.relu(self.norm(self.conv1(x))))
        return self.head(F.adaptive_avg_pool2d(x, 1).flatten(1))


class AttentionBlock(nn.Module):
    """LayerNorm, QKV linear, causal SDPA, output linear, residual."""

    def __init__(self, width=16, heads=2):
        super().__init__()
        self.heads = heads
        self.norm, self.qkv = nn.LayerNorm(width), nn.Linear(width, 3 * width)
        self.out = nn.Linear(width, width)

    def forward(self, x):
        batch, length, width = x.shape
        q, k, v = self.qkv(self.norm(x)).split(width, dim=2)
        q, k, v = [t.view(batch, length, self.heads, width // self.heads).transpose(1, 2) for t in (q, k, v)]
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return x + self.out(y.transpose(1, 2).reshape(batch, length, width))


def fresh_compile():
    torch._dynamo.reset()
    metrics.reset()


def train_step(model, x, call=None):
    """The output of `call` (the model or its compiled form) and every parameter's gradient of one step on
    `sum(out * weights)`."""
    model.zero_grad()
    out = (model if call is None else call)(x)
    torch.manual_seed(len(x.shape) + x.numel())
    (out * torch.randn_like(out)).sum().backward()
    return out.detach(), {name: p.grad.clone() for name, p in model.named_parameters() if p.grad is not None}


def check_training(make_model, shapes, dynamic=None, graphs=None):
    """Trains eager and compiled copies one step per shape; compares outputs, gradients and buffers."""
    torch.manual_seed(0)
    eager = make_model().train()
    model = make_model().train()
    model.load_state_dict(eager.state_dict())
    fresh_compile()
    compiled = torch.compile(model, backend="irc", dynamic=dynamic)
    for shape in shapes:
        x = torch.randn(shape)
        want_out, want_grads = train_step(eager, x)
        got_out, got_grads = train_step(model, x, compiled)
        assert_same(got_out, want_out)
        assert got_grads.keys() == want_grads.keys()
        for name, grad in want_grads.items():
            message = lambda m, name=name: f"{shape} grad of {name}: {m}"  # noqa: E731
            torch.testing.assert_close(got_grads[name], grad, **GRAD_TOLERANCE, msg=message)
        for (name, b), (_, c) in zip(model.named_buffers(), eager.named_buffers()):
            assert_same(b, c)
    assert metrics.graph_fallbacks == 0
    if graphs is not None:
        assert metrics.graphs_compiled == graphs


# automatic dynamic shapes: forward and backward static at the first size, symbolic at the second, reused
AUTOMATIC_GRAPHS = 4
# dynamic=True: forward and backward once
DYNAMIC_GRAPHS = 2


@pytest.mark.parametrize("dynamic", [None, True])
def test_small_cnn_trained_at_three_sizes(dynamic):
    graphs = DYNAMIC_GRAPHS if dynamic else AUTOMATIC_GRAPHS
    check_training(SmallCNN, [(2, 3, 32, 32), (2, 3, 48, 48), (2, 3, 40, 40)], dynamic, graphs)


def test_attention_block_trained_at_three_lengths():
    check_training(AttentionBlock, [(2, 16, 16), (2, 24, 16), (2, 13, 16)], None, AUTOMATIC_GRAPHS)


def test_attention_block_trained_at_three_lengths_dynamic():
    # a first length other than the width 16: duck sizing would give both one symbol, which the weights'
    # static width then specializes, and the second length would recompile
    check_training(AttentionBlock, [(2, 12, 16), (2, 24, 16), (2, 13, 16)], True, DYNAMIC_GRAPHS)


def test_attention_block_varying_batch_and_length():
    check_training(AttentionBlock, [(2, 16, 16), (3, 24, 16), (4, 13, 16)], None, AUTOMATIC_GRAPHS)


class VisionOps(nn.Module):
    """The vision path's size arithmetic: strided and dilated convolutions, max pooling with padding, bilinear
    and nearest upsampling, padding, average pooling with ceil_mode, adaptive average and max pooling."""

    def __init__(self):
        super().__init__()
        self.strided = nn.Conv2d(3, 4, 3, stride=2, padding=1)
        self.dilated = nn.Conv2d(4, 4, 3, padding=2, dilation=2)

    def forward(self, x):
        x = F.max_pool2d(self.dilated(self.strided(x)).relu(), 3, 2, padding=1)
        x = F.interpolate(x, scale_factor=2, mode="bilinear", align_corners=False)
        x = F.pad(F.interpolate(x, scale_factor=2, mode="nearest"), (1, 2, 0, 1))
        x = F.avg_pool2d(x, 2, ceil_mode=True)
        return F.adaptive_avg_pool2d(x, 3) + F.adaptive_max_pool2d(x, 3)


IMAGE_SHAPES = [(2, 3, 17, 19), (2, 3, 24, 22), (2, 3, 29, 15)]


@pytest.mark.slow
def test_vision_ops_trained_dynamic():
    check_training(VisionOps, IMAGE_SHAPES, True, DYNAMIC_GRAPHS)


@pytest.mark.slow
def test_vision_ops_trained_channels_last(monkeypatch):
    """Activations saved for the backward keep channels_last at symbolic sizes (as the backward was traced)."""
    randn = torch.randn
    channels_last = lambda *a, **k: randn(*a, **k).contiguous(memory_format=torch.channels_last)  # noqa: E731
    monkeypatch.setattr(torch, "randn", channels_last)
    check_training(VisionOps, IMAGE_SHAPES, None, AUTOMATIC_GRAPHS)


def test_vision_ops_inference_at_three_sizes():
    torch.manual_seed(0)
    model = VisionOps().eval()
    fresh_compile()
    compiled = torch.compile(model, backend="irc")
    with torch.no_grad():
        for shape in IMAGE_SHAPES:
            x = torch.randn(shape)
            assert_same(compiled(x), model(x))
    assert metrics.graph_fallbacks == 0
    assert metrics.graphs_compiled == 2  # static, then symbolic for the second and third size


class StridedToOnePixel(nn.Module):
    """A stride-32 convolution whose output is one pixel at every size below 33, then a centring over it: the
    broadcast guards the symbolic side `FloorDiv(s0 - 1, 32) + 1` to 1, and torch's later sizes say 1."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, stride=32, padding=1)

    def forward(self, x):
        y = self.conv(x)
        return (y - y.mean((2, 3), keepdim=True)).flatten(1) + y.amax((2, 3))


def test_size_fixed_by_a_guard_dynamic():
    check_training(StridedToOnePixel, [(2, 3, 32, 32), (3, 3, 24, 24), (2, 3, 19, 19)], True, DYNAMIC_GRAPHS)


class PositionEmbeddedStem(nn.Module):
    """Two strided convolutions, then a learned position embedding of the stem's output size (Visformer's
    stage): the add guards `FloorDiv(FloorDiv(s0 - 3, 2) - 3, 4) + 1` equal to 8, which no range shows."""

    def __init__(self):
        super().__init__()
        self.stem, self.down = nn.Conv2d(3, 4, 3, stride=2), nn.Conv2d(4, 4, 4, stride=4)
        self.position = nn.Parameter(torch.randn(1, 4, 8, 8))

    def forward(self, x):
        return (self.down(self.stem(x)) + self.position).flatten(1)


def test_size_fixed_by_an_equality_guard_dynamic():
    shapes = [(2, 3, 70, 70), (3, 3, 71, 71), (2, 3, 69, 69)]
    check_training(PositionEmbeddedStem, shapes, True, DYNAMIC_GRAPHS)


class SlicedPositionBias(nn.Module):
    """Scores plus a bias kept for 64 positions and sliced from `max(0, 64 - length)` (MPT's ALiBi): the add
    guards `Eq(s1, 64 - Max(0, 64 - s1))`, which no range shows."""

    def __init__(self, width=8, heads=2):
        super().__init__()
        self.heads, self.qk = heads, nn.Linear(width, 2 * width)
        self.bias = nn.Parameter(torch.randn(heads, 1, 64))

    def forward(self, x):
        batch, length, width = x.shape
        q, k = self.qk(x).view(batch, length, 2, self.heads, -1).permute(2, 0, 3, 1, 4)
        start = max(0, self.bias.size(2) - k.shape[-2])
        return (q @ k.transpose(-1, -2) + self.bias[:, :, start:]).softmax(-1)


@pytest.mark.parametrize("dynamic", [None, True])
def test_bias_sliced_to_the_length_trained_at_three_lengths(dynamic):
    graphs = AUTOMATIC_GRAPHS if dynamic is None else DYNAMIC_GRAPHS
    check_training(SlicedPositionBias, [(2, 12, 8), (3, 20, 8), (2, 9, 8)], dynamic, graphs)


def kernel_signatures() -> list[str]:
    """`def triton_...(...)` of each kernel of the last compiled graph, without its size arguments."""
    import re

    source = open(metrics.generated_modules[-1]).read()
    names = re.findall(r"^def (triton_\w+)\((.*)\):", source, re.M)
    return [f"{name}: {', '.join(a for a in args.split(', ') if 'BLOCK' in a)}" for name, args in names]


def test_channels_last_pointwise_tiles_as_static_under_dynamic():
    """Batch norm and ReLU after a strided convolution, channels_last: with symbolic sizes the kernel walks
    memory in order (one flat dim, channel innermost) as its static twin does, not NCHW order in 2-D tiles
    whose fast dim reads at a stride of the channel count (2x slower on the H200)."""
    torch.manual_seed(0)
    model = nn.Sequential(nn.Conv2d(3, 8, 3, 2, 1), nn.BatchNorm2d(8), nn.ReLU()).eval()
    model = model.to(memory_format=torch.channels_last)
    signatures = {}
    with torch.no_grad():
        for dynamic in (False, True):
            fresh_compile()
            x = torch.randn(2, 3, 21, 21).contiguous(memory_format=torch.channels_last)
            assert_same(torch.compile(model, backend="irc", dynamic=dynamic)(x), model(x))
            assert metrics.graph_fallbacks == 0
            signatures[dynamic] = kernel_signatures()
    assert signatures[True] == signatures[False], signatures
    assert len(signatures[True]) == 1 and "YBLOCK" not in signatures[True][0], signatures


def test_symbolic_rows_loop_with_the_blocks_of_the_traced_length():
    """A softmax over a symbolic key length (attention scores under dynamic shapes) loops over any length with
    the blocks of the length it was traced at (irc.size_hints): rows of 20 keys had run one 2048-wide row a
    program, 40 s a call in Triton's interpreter against 0.6 for the static kernel."""
    def fn(x, bias):
        return (x + bias).softmax(-1)

    fresh_compile()
    run = torch.compile(fn, backend="irc", dynamic=True)
    for batch, length in ((2, 20), (3, 45), (5, 7)):
        x, bias = torch.randn(batch, 4, length, length), torch.randn(length)
        assert_same(run(x, bias), fn(x, bias))
    assert metrics.graph_fallbacks == 0 and metrics.graphs_compiled == 1
    source = open(metrics.generated_modules[-1]).read()
    assert "'RBLOCK': 32" in source and "'RBLOCK': 2048" not in source


class PatchAttention(nn.Module):
    """MobileViT's block: a convolution, the feature map rounded up to a multiple of the 2x2 patch
    (interpolated where it is not one), unfolded into patches by reshapes and transposes, attention over the
    patches of each position within a patch, folded back. Its views keep their elements only because the side
    is even, which torch knows from a guard (`Eq(2*CeilToInt(IntTrueDiv(s0, 2)), s0)`)."""

    def __init__(self, channels=8, patch=2, stride=1):
        super().__init__()
        self.patch = patch
        self.conv = nn.Conv2d(3, channels, 3, stride=stride, padding=1)
        self.attention = nn.MultiheadAttention(channels, 2, batch_first=True)
        self.proj = nn.Linear(channels, channels)

    def forward(self, x):
        x = self.conv(x)
        p, (batch, channels, height, width) = self.patch, x.shape
        new_h, new_w = math.ceil(height / p) * p, math.ceil(width / p) * p
        rows, columns = new_h // p, new_w // p
        resized = new_h != height or new_w != width
        if resized:
            x = F.interpolate(x, size=(new_h, new_w), mode="bilinear", align_corners=False)
        x = x.reshape(batch * channels * rows, p, columns, p).transpose(1, 2)
        x = x.reshape(batch, channels, rows * columns, p * p).transpose(1, 3)
        x = x.reshape(batch * p * p, rows * columns, -1)
        x = self.proj(x + self.attention(x, x, x, need_weights=False)[0])
        x = x.contiguous().view(batch, p * p, rows * columns, -1)
        x = x.transpose(1, 3).reshape(batch * channels * rows, columns, p, p)
        x = x.transpose(1, 2).reshape(batch, channels, rows * p, columns * p)
        if resized:
            x = F.interpolate(x, size=(height, width), mode="bilinear", align_corners=False)
        return x


def test_patch_unfold_trained_dynamic():
    """The sides are even at every size: the importer reads them as 2 times a fresh size symbol."""
    check_training(PatchAttention, [(2, 3, 8, 12), (3, 3, 14, 10), (2, 3, 6, 18)], True, DYNAMIC_GRAPHS)


@pytest.mark.slow
def test_patch_unfold_after_a_strided_stem_trained_dynamic():
    """The even side is an expression, `FloorDiv(s0 - 1, 2) + 1`, after a stride-2 convolution (timm's
    MobileViT): the importer reads it as 2 times a fresh symbol defined by it (irc.size_definitions), which
    the host evaluates from the input's side."""
    shapes = [(2, 3, 16, 24), (3, 3, 28, 20), (2, 3, 12, 36)]
    check_training(lambda: PatchAttention(stride=2), shapes, True, DYNAMIC_GRAPHS)


def test_patch_unfold_inference_dynamic():
    torch.manual_seed(0)
    model = PatchAttention().eval()
    fresh_compile()
    compiled = torch.compile(model, backend="irc", dynamic=True)
    with torch.no_grad():
        for shape in [(2, 3, 8, 12), (3, 3, 14, 10), (2, 3, 6, 18)]:
            x = torch.randn(shape)
            assert_same(compiled(x), model(x))
    assert metrics.graph_fallbacks == 0
    assert metrics.graphs_compiled == 1


def test_patch_unfold_of_odd_sides_after_a_deep_stem_inference_dynamic():
    """Odd sides after four stride-2 convolutions (timm's MobileViT at 96 pixels) take the interpolation to
    the patch grid and back; composing its views of divided symbolic sizes into the interpolation's gathers
    made index expressions of 200,000 characters and the graph ran eagerly. Those producers now stay in
    memory (loop-inline)."""
    torch.manual_seed(0)
    stem = [nn.Conv2d(3, 3, 3, stride=2, padding=1) for _ in range(3)]
    model = nn.Sequential(*stem, PatchAttention(stride=2)).eval()
    fresh_compile()
    compiled = torch.compile(model, backend="irc", dynamic=True)
    with torch.no_grad():
        for shape in [(2, 3, 112, 144), (3, 3, 80, 176)]:
            x = torch.randn(shape)
            assert_same(compiled(x), model(x))
    assert metrics.graph_fallbacks == 0
    assert metrics.graphs_compiled == 1


class CachedKeys(nn.Module):
    """Keys appended to an empty cache, as transformers' DynamicCache does: the backward of the concatenation
    slices the gradient to the keys' own symbolic length, a whole slice irc imports as a view."""

    def __init__(self, width=8):
        super().__init__()
        self.proj = nn.Linear(width, width)

    def forward(self, x):
        keys = torch.cat([torch.tensor([]), self.proj(x)], dim=-2)
        return torch.softmax(x @ keys.transpose(-1, -2), dim=-1) @ keys


def test_keys_appended_to_an_empty_cache_trained_dynamic():
    check_training(CachedKeys, [(2, 5, 8), (2, 7, 8), (2, 9, 8)], True, DYNAMIC_GRAPHS)
    assert not [op for op in metrics.fallbacks if "slice" in op]


class TFSamePadded(nn.Module):
    """Strided convolutions with TensorFlow's SAME padding computed from each input's size (transformers'
    MobileNetV2, EfficientNet ports): every layer's size nests the last one's in FloorDiv, Max and modulo."""

    def __init__(self):
        super().__init__()
        self.convs = nn.ModuleList([nn.Conv2d(3, 8, 3, stride=2), nn.Conv2d(8, 8, 3, stride=2, groups=8),
                                    nn.Conv2d(8, 8, 3, stride=2, groups=8)])

    def forward(self, x):
        for conv in self.convs:
            pads = []
            for size in (x.shape[-1], x.shape[-2]):
                total = max(3 - 2, 0) if size % 2 == 0 else max(3 - size % 2, 0)
                pads += [total // 2, total - total // 2]
            x = F.relu6(conv(F.pad(x, pads)))
        return x.mean((2, 3))


@pytest.mark.slow
def test_tf_same_padding_trained_dynamic():
    """Sizes of even and odd sides (torch specializes the parity; MobileNetV2's recompile at its second size
    spent many minutes simplifying these nested sizes)."""
    check_training(TFSamePadded, [(2, 3, 32, 32), (3, 3, 40, 40), (2, 3, 26, 26)], True)


def timm_pad_same(x, kernel: int, stride: int):
    """timm's `pad_same` (EfficientNet's TF ports): the padding that keeps ceil(side / stride), from each size."""
    pads = []
    for side in (x.shape[-1], x.shape[-2]):
        total = max((math.ceil(side / stride) - 1) * stride + kernel - side, 0)
        pads += [total // 2, total - total // 2]
    return F.pad(x, pads)


class TimmSamePadded(nn.Module):
    """Five strided convolutions with timm's SAME padding: each side reads the last one three times, a size
    tree of hundreds of nodes at the last layer (3**layers), named part by part (fx_sizes.named_long_parts)."""

    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 4, 3, stride=2)
        self.convs = nn.ModuleList([nn.Conv2d(4, 4, 3 + 2 * (k % 2), stride=2, groups=4) for k in range(4)])

    def forward(self, x):
        x = F.silu(self.stem(timm_pad_same(x, 3, 2)))
        for conv in self.convs:
            x = F.silu(conv(timm_pad_same(x, conv.kernel_size[0], 2)))
        return x.mean((2, 3))


@pytest.mark.slow
def test_timm_same_padding_deep_trained_dynamic():
    check_training(TimmSamePadded, [(2, 3, 70, 62), (2, 3, 49, 57), (3, 3, 64, 64)], True, DYNAMIC_GRAPHS)


def _token_loss(embedding, ids, labels, shift):
    logits = embedding[ids] @ embedding.t()
    if shift:  # a causal LM's labels: the next token's
        logits, labels = logits[:, :-1], labels[:, 1:]
    return F.cross_entropy(logits.reshape(-1, logits.shape[-1]), labels.reshape(-1))


def _flat_labels(batch, length):
    return torch.randint(0, 16, (batch * length,))


@pytest.mark.parametrize("shift, make_labels", [(False, None), (True, None), (False, _flat_labels)])
def test_labels_beside_input_ids_trained_at_three_sizes(shift, make_labels):
    """Labels are an input of their own: under automatic dynamic shapes they get symbols of their own, and the
    loss leaves torch only the guard that the flattened sizes agree (`Eq(s27*s77, s38*s97)`), which irc ties
    factor by factor (irc/fx_equal_products.py); labels passed flattened leave `Eq(s97, s23*s27)`, and the label
    size is read as the product (irc/fx_sizes.py): no graph falls back, and the third size compiles nothing."""
    embedding = torch.randn(16, 8, requires_grad=True)
    torch._dynamo.reset()
    metrics.reset()
    compiled = torch.compile(_token_loss, backend="irc")
    for batch, length in [(2, 12), (3, 20), (4, 9)]:
        ids, labels = torch.randint(0, 16, (batch, length)), torch.randint(0, 16, (batch, length))
        labels = labels if make_labels is None else make_labels(batch, length)
        got = compiled(embedding, ids, labels, shift)
        (got_grad,) = torch.autograd.grad(got, embedding)
        want = _token_loss(embedding, ids, labels, shift)
        (want_grad,) = torch.autograd.grad(want, embedding)
        assert_same(got.detach(), want.detach())
        torch.testing.assert_close(got_grad, want_grad, **GRAD_TOLERANCE)
    assert metrics.graph_fallbacks == 0
    assert metrics.graphs_compiled == 4
