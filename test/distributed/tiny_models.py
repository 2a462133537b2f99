"""Tiny training models of the distributed tests: a Llama-style decoder and a ResNet-style network, with odd
sizes. The blocks are the program's own classes: Dynamo starts no frame inside torch.nn's modules, so a block
compiled under fully_shard's hooks must not be a bare nn.Sequential or nn.Linear."""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn

VOCAB, DIM, HEADS, HIDDEN, LAYERS, SEQUENCE = 97, 40, 4, 54, 2, 13
CLASSES, CHANNELS, IMAGE = 7, 6, 12


class RMSNorm(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim) + 0.1 * torch.randn(dim))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * self.weight


def rotate(x):
    """Rotary positions over x's [batch, sequence, heads, head_dim] (an even head_dim)."""
    sequence, half = x.shape[1], x.shape[-1] // 2
    frequencies = 1.0 / 10000 ** (torch.arange(half, dtype=torch.float32) / half)
    angles = torch.arange(sequence, dtype=torch.float32)[:, None] * frequencies
    cos, sin = angles.cos()[None, :, None, :], angles.sin()[None, :, None, :]
    first, second = x[..., :half], x[..., half:]
    return torch.cat([first * cos - second * sin, first * sin + second * cos], dim=-1)


class Attention(nn.Module):
    """Causal attention; the number of heads follows q's width (tensor parallel gives each rank a share)."""

    def __init__(self, dim: int, heads: int):
        super().__init__()
        self.head_dim = dim // heads
        self.q, self.k, self.v = (nn.Linear(dim, dim, bias=False) for _ in range(3))
        self.out = nn.Linear(dim, dim, bias=False)

    def forward(self, x):
        batch, sequence = x.shape[:2]
        q, k, v = (linear(x).view(batch, sequence, -1, self.head_dim) for linear in (self.q, self.k, self.v))
        q, k = rotate(q), rotate(k)
        attention = F.scaled_dot_product_attention(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2),
                                                   is_causal=True)
        return self.out(attention.transpose(1, 2).reshape(batch, sequence, -1))


class SwiGLU(nn.Module):
    def __init__(self, dim: int, hidden: int):
        super().__init__()
        self.gate, self.up = nn.Linear(dim, hidden, bias=False), nn.Linear(dim, hidden, bias=False)
        self.down = nn.Linear(hidden, dim, bias=False)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


class DecoderBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention_norm, self.attention = RMSNorm(DIM), Attention(DIM, HEADS)
        self.mlp_norm, self.mlp = RMSNorm(DIM), SwiGLU(DIM, HIDDEN)

    def forward(self, x):
        x = x + self.attention(self.attention_norm(x))
        return x + self.mlp(self.mlp_norm(x))


class Decoder(nn.Module):
    """Embedding, LAYERS blocks, RMSNorm and an untied head (tensor parallel shards the head apart)."""

    def __init__(self):
        super().__init__()
        torch.manual_seed(0)
        self.embed = nn.Embedding(VOCAB, DIM)
        self.blocks = nn.ModuleList(DecoderBlock() for _ in range(LAYERS))
        self.norm = RMSNorm(DIM)
        self.head = nn.Linear(DIM, VOCAB, bias=False)

    def forward(self, tokens):
        x = self.embed(tokens)
        for block in self.blocks:
            x = block(x)
        return self.head(self.norm(x))


def decoder_loss(logits, targets):
    return F.cross_entropy(logits.flatten(0, 1), targets.flatten())


def token_batch(seed: int, batch: int = 2, sequence: int = SEQUENCE):
    generator = torch.Generator().manual_seed(seed)
    tokens = torch.randint(0, VOCAB, (batch, sequence + 1), generator=generator)
    return tokens[:, :-1], tokens[:, 1:]


class Stem(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.conv, self.norm = nn.Conv2d(3, channels, 3, 1, 1, bias=False), nn.BatchNorm2d(channels)

    def forward(self, images):
        return F.relu(self.norm(self.conv(images)))


class Residual(nn.Module):
    def __init__(self, channels: int, stride: int):
        super().__init__()
        out = channels * stride
        self.conv1, self.bn1 = nn.Conv2d(channels, out, 3, stride, 1, bias=False), nn.BatchNorm2d(out)
        self.conv2, self.bn2 = nn.Conv2d(out, out, 3, 1, 1, bias=False), nn.BatchNorm2d(out)
        self.skip = None
        if stride != 1:
            self.skip = nn.Sequential(nn.Conv2d(channels, out, 1, stride, bias=False), nn.BatchNorm2d(out))

    def forward(self, x):
        y = F.relu(self.bn1(self.conv1(x)))
        return F.relu(self.bn2(self.conv2(y)) + (x if self.skip is None else self.skip(x)))


class ResNet(nn.Module):
    """A stem, a residual block and a stride-2 downsampling one, global pooling, a linear head."""

    def __init__(self):
        super().__init__()
        torch.manual_seed(0)
        self.blocks = nn.ModuleList([Stem(CHANNELS), Residual(CHANNELS, 1), Residual(CHANNELS, 2)])
        self.fc = nn.Linear(2 * CHANNELS, CLASSES)

    def forward(self, images):
        for block in self.blocks:
            images = block(images)
        return self.fc(images.mean((2, 3)))


def image_batch(seed: int, batch: int = 2):
    generator = torch.Generator().manual_seed(seed)
    images = torch.randn(batch, 3, IMAGE, IMAGE, generator=generator)
    return images, torch.randint(0, CLASSES, (batch,), generator=generator)
