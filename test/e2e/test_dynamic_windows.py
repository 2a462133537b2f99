"""Windows and chunks under dynamic shapes: window attention (Swin's stages) trained at three image sizes, a
sequence padded to a multiple of a chunk, read from its end and cut back (Mamba2), a size divided by a number
(Longformer).

Each stage pads its token grid to a multiple of the window (`(w - side % w) % w`), splits it into windows by
views, attends within each window, merges the windows back and crops the padding where there was any; patch
merging pads odd sides and concatenates each 2x2 neighbourhood. The views keep their elements only because
the padded sides are multiples of the window, and the residual add and the crop only because the padding is
zero, which torch knows from its guards (`Ne(Mod(s0//2, 2), 1)`, `Mod(2 - Mod(s0//2, 2), 2) <= 0`): irc reads
the image side as 8 times a fresh size symbol, and proves the window views by residue classes (sym_equal).
"""

import math

import pytest
import torch
import torch.nn.functional as F
from test_dynamic_shapes import AUTOMATIC_GRAPHS, DYNAMIC_GRAPHS, check_training
from torch import nn


class WindowStage(nn.Module):
    """Attention within windows of a padded token grid, then patch merging (HF's SwinLayer, one block)."""

    def __init__(self, channels: int, window: int = 2):
        super().__init__()
        self.window = window
        self.norm, self.qkv = nn.LayerNorm(channels), nn.Linear(channels, 3 * channels)
        self.proj, self.merge = nn.Linear(channels, channels), nn.Linear(4 * channels, 2 * channels)

    def forward(self, x, height: int, width: int):
        batch, _, channels = x.shape
        w = self.window
        grid = self.norm(x).view(batch, height, width, channels)
        pad_right, pad_bottom = (w - width % w) % w, (w - height % w) % w
        grid = F.pad(grid, (0, 0, 0, pad_right, 0, pad_bottom))
        rows, columns = grid.shape[1] // w, grid.shape[2] // w
        windows = grid.view(batch, rows, w, columns, w, channels).permute(0, 1, 3, 2, 4, 5)
        windows = windows.reshape(-1, w * w, channels)
        q, k, v = self.qkv(windows).chunk(3, dim=-1)
        attended = ((q @ k.transpose(1, 2)) / math.sqrt(channels)).softmax(-1) @ v
        grid = self.proj(attended).view(batch, rows, columns, w, w, channels).permute(0, 1, 3, 2, 4, 5)
        grid = grid.reshape(batch, rows * w, columns * w, channels)
        if pad_right > 0 or pad_bottom > 0:
            grid = grid[:, :height, :width, :].contiguous()
        x = (x + grid.reshape(batch, height * width, channels)).view(batch, height, width, channels)
        if height % 2 == 1 or width % 2 == 1:
            x = F.pad(x, (0, 0, 0, width % 2, 0, height % 2))
        x = torch.cat([x[:, 0::2, 0::2], x[:, 1::2, 0::2], x[:, 0::2, 1::2], x[:, 1::2, 1::2]], -1)
        return self.merge(x.view(batch, -1, 4 * channels)), (height + 1) // 2, (width + 1) // 2


class TinySwin(nn.Module):
    """A stride-2 patch embedding, two window stages, mean pooling, a linear head."""

    def __init__(self):
        super().__init__()
        self.embed = nn.Conv2d(3, 8, 2, stride=2)
        self.stages = nn.ModuleList([WindowStage(8), WindowStage(16)])
        self.head = nn.Linear(32, 5)

    def forward(self, images):
        x = self.embed(images)
        height, width = x.shape[2], x.shape[3]
        x = x.flatten(2).transpose(1, 2)
        for stage in self.stages:
            x, height, width = stage(x, height, width)
        return self.head(x.mean(1))


@pytest.mark.slow
@pytest.mark.parametrize("dynamic", [None, True])
def test_window_attention_trained_at_three_image_sizes(dynamic):
    """No padding at these sizes (every stage's side is even): no fallback, and the third size compiles
    nothing."""
    shapes = [(2, 3, 32, 48), (3, 3, 48, 40), (2, 3, 24, 56)]
    check_training(TinySwin, shapes, dynamic, DYNAMIC_GRAPHS if dynamic else AUTOMATIC_GRAPHS)


def test_pad_to_a_multiple_then_read_from_the_end():
    """Mamba2's chunked scan pads its sequence to a multiple of the chunk, `(c - L % c) % c`, and reads the
    padded tail. Kernels divide with truncation: the pad amount must not become `(-(L % c)) % c` (which gave
    the padded tail's zeros the values of the row before)."""
    from irc import metrics

    def f(x):
        padded = F.pad(x, (0, (4 - x.shape[1] % 4) % 4))
        return padded[:, -1:] * 1.0 + padded.sum(1, keepdim=True)

    torch._dynamo.reset()
    metrics.reset()
    compiled = torch.compile(f, backend="irc", dynamic=True)
    for length in (8, 6, 7, 13):
        x = torch.randn(2, length)
        torch.testing.assert_close(compiled(x), f(x))
    assert metrics.graph_fallbacks == 0


@pytest.mark.parametrize("rounding_mode", ["trunc", "floor", None])
def test_division_of_a_size_by_a_number(rounding_mode):
    """Longformer counts its attention chunks as `torch.div(seq_len, w, rounding_mode="trunc") - 1`: under
    dynamic shapes both operands are numbers, and eager's result a 0-d tensor."""
    from irc import metrics

    def f(x):
        return x * (torch.div(x.shape[1], 4, rounding_mode=rounding_mode) - 1)

    torch._dynamo.reset()
    metrics.reset()
    compiled = torch.compile(f, backend="irc", dynamic=True)
    for length in (16, 11):
        x = torch.randn(2, length)
        torch.testing.assert_close(compiled(x), f(x))
    assert metrics.graph_fallbacks == 0


def test_sequence_reshaped_into_chunks():
    """`x.reshape(b, -1, chunk, h)` (Mamba2's reshape_into_chunks) leaves torch the guard
    `Eq(Mod(s1*s2*s0, 4*s2*s0), 0)`: the sequence is read as 4 times a fresh size, and the view verifies."""
    from irc import metrics

    def f(x):
        return torch.cumsum(x.reshape(x.shape[0], -1, 4, x.shape[2]).permute(0, 3, 1, 2), -1)

    torch._dynamo.reset()
    metrics.reset()
    compiled = torch.compile(f, backend="irc", dynamic=True)
    for length in (8, 12, 20):
        x = torch.rand(2, length, 3)
        torch.testing.assert_close(compiled(x), f(x))
    assert metrics.graph_fallbacks == 0


class ChunkedMixer(nn.Module):
    """Mamba2's chunked scan in small: the sequence padded to a multiple of the chunk and split into chunks,
    attention-like products within each chunk (einsums), the chunks joined and added to a residual padded
    separately, then the padding cut off where there is any."""

    def __init__(self, chunk: int = 4, width: int = 4):
        super().__init__()
        self.chunk, self.proj, self.D = chunk, nn.Linear(width, width), nn.Parameter(torch.rand(width))

    def forward(self, x):
        batch, length, width = x.shape
        pad = (self.chunk - length % self.chunk) % self.chunk
        v = self.proj(x)
        chunks = F.pad(v, (0, 0, 0, pad)).reshape(batch, -1, self.chunk, width)
        scores = torch.einsum("bclh,bcsh->bcls", chunks, chunks)
        y = torch.einsum("bcls,bcsh->bclh", scores, chunks).reshape(batch, -1, width)
        y = y + self.D * F.pad(v * x, (0, 0, 0, pad))
        if pad > 0:
            y = y[:, :length]
        return y * x


def test_chunked_sequence_trained_at_four_lengths():
    """The residual's gradient reaches the padding's backward with the joined chunks' length, torch's
    `P//4 * (P // (P//4))`, and leaves it cut back by the padding: with P read as 4*q, `4*q - pad`, which is
    the length s0 itself. Spelled so, the gradient broadcasts with the input's (else the backward fell
    back)."""
    check_training(ChunkedMixer, [(2, 8, 4), (2, 6, 4), (2, 7, 4), (2, 13, 4)])
