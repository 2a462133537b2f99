"""One training step (forward, loss, backward; fp32, dropout 0) of each model in training_models.TRAINING,
compiled by irc, against eager: the loss, every parameter's gradient and every buffer (batch norm's running
statistics in training mode). No graph may fall back to eager whole, and nothing but extern compute
(matmuls, convolutions, attention) may run eagerly: the backward of pooling, embeddings and batch norm runs
as kernels."""

import pytest
import torch
import torch.nn.functional as F
from torch import nn
from torch.nn.utils.parametrizations import weight_norm
from training import check_training_step, training_pair
from training_models import TRAINING


def cases():
    return [pytest.param(n, marks=[pytest.mark.slow] if c.slow else []) for n, c in TRAINING.items()]


@pytest.mark.parametrize("name", cases())
def test_training_step(name):
    case = TRAINING[name]
    eager, compiled = training_pair(case.make)
    torch.manual_seed(1)
    check_training_step(eager, compiled, case.loss, *case.inputs())


class Layer(nn.Module):
    """One op with a weight in front, so that the op's backward is part of the backward graph."""

    def __init__(self, op, channels=5):
        super().__init__()
        self.op, self.scale = op, nn.Parameter(torch.linspace(0.5, 1.5, channels).reshape(channels, 1, 1))

    def forward(self, x):
        return self.op(x * self.scale)


def _image_loss(model, x):
    out = model(x)
    return (out * torch.arange(out.shape[-1], dtype=out.dtype)).pow(2).mean()


LAYERS = {
    "max_pool": lambda: Layer(nn.MaxPool2d(3, 2, 1)),
    "max_pool_ceil_ties": lambda: Layer(nn.Sequential(nn.ReLU(), nn.MaxPool2d(2, 2, ceil_mode=True))),
    "avg_pool": lambda: Layer(nn.AvgPool2d(3, 2, 1, count_include_pad=False)),
    "adaptive_avg_pool": lambda: Layer(nn.AdaptiveAvgPool2d((3, 5))),
    "batch_norm": lambda: Layer(nn.Sequential(nn.BatchNorm2d(5, momentum=0.3), nn.AvgPool2d(2))),
    # _weight_norm_interface_backward over the first and the last dim (HuBERT's positional convolution)
    "weight_norm_first": lambda: Layer(weight_norm(nn.Conv2d(5, 4, 3, padding=1), dim=0)),
    "weight_norm_last": lambda: Layer(weight_norm(nn.Conv2d(5, 4, 3, padding=1), dim=3)),
}


@pytest.mark.parametrize("name", LAYERS)
def test_layer_backward_runs_as_kernels(name):
    eager, compiled = training_pair(LAYERS[name])
    torch.manual_seed(1)
    check_training_step(eager, compiled, _image_loss, torch.randn(3, 5, 9, 13))


class Embeddings(nn.Module):
    """Token and position embeddings (positions from arange plus an offset), one with a padding index."""

    def __init__(self):
        super().__init__()
        self.tokens, self.positions = nn.Embedding(19, 6, padding_idx=1), nn.Embedding(24, 6)

    def forward(self, ids):
        positions = torch.arange(ids.shape[1]) + 2
        return self.tokens(ids) * self.positions(positions) + self.tokens(ids.flip(1))


def test_embedding_backward_runs_as_kernels():
    eager, compiled = training_pair(Embeddings)
    torch.manual_seed(1)
    ids = torch.randint(0, 19, (3, 11))
    ids[0, :3] = 1
    check_training_step(eager, compiled, lambda m, i: F.gelu(m(i)).pow(2).sum(), ids)
