"""The characteristic blocks of the dashboard's convolution families, small, in eval mode, against eager:
an inverted residual with squeeze-and-excitation (EfficientNet: SiLU and sigmoid; MobileNetV3: hard-swish and
hard-sigmoid), ConvNeXt-V2's global response normalization, an Inception branch concat and NFNet's weight
standardization, in float32 and bfloat16, NCHW and channels_last inputs. Their activations are channels_last
(aten-layout), the SE scale reads a per-(n, c) gate, and bf16 batch norm outputs are rounded before SiLU
reads them twice (kept buffers store bf16, loop-inline)."""

import pytest
import torch
import torch.nn as nn
import torch.nn.functional as F

from harness import TOLERANCES, rand

from irc import metrics


class SqueezeExcite(nn.Module):
    def __init__(self, channels: int, reduced: int, act, gate):
        super().__init__()
        self.reduce, self.expand = nn.Conv2d(channels, reduced, 1), nn.Conv2d(reduced, channels, 1)
        self.act, self.gate = act, gate

    def forward(self, x):
        return x * self.gate(self.expand(self.act(self.reduce(x.mean((2, 3), keepdim=True)))))


class InvertedResidual(nn.Module):
    def __init__(self, channels=8, expanded=24, act=F.silu, gate=torch.sigmoid):
        super().__init__()
        self.expand, self.bn1 = nn.Conv2d(channels, expanded, 1, bias=False), nn.BatchNorm2d(expanded)
        self.depthwise = nn.Conv2d(expanded, expanded, 3, padding=1, groups=expanded, bias=False)
        self.bn2, self.act = nn.BatchNorm2d(expanded), act
        self.se = SqueezeExcite(expanded, 4, act, gate)
        self.project, self.bn3 = nn.Conv2d(expanded, channels, 1, bias=False), nn.BatchNorm2d(channels)

    def forward(self, x):
        y = self.act(self.bn1(self.expand(x)))
        y = self.se(self.act(self.bn2(self.depthwise(y))))
        return x + self.bn3(self.project(y))


class GlobalResponseNorm(nn.Module):
    """ConvNeXt-V2's GRN over a channels-last (N, H, W, C) activation."""

    def __init__(self, channels=16):
        super().__init__()
        self.depthwise = nn.Conv2d(channels, channels, 7, padding=3, groups=channels)
        self.gamma, self.beta = nn.Parameter(torch.randn(channels)), nn.Parameter(torch.randn(channels))
        self.norm, self.mlp = nn.LayerNorm(channels), nn.Linear(channels, 2 * channels)

    def forward(self, x):
        y = self.mlp(self.norm(self.depthwise(x).permute(0, 2, 3, 1)))
        y = y[..., : x.shape[1]]
        g = torch.linalg.vector_norm(y, dim=(1, 2), keepdim=True)
        n = g / (g.mean(dim=-1, keepdim=True) + 1e-6)
        return x + (self.gamma * (y * n) + self.beta + y).permute(0, 3, 1, 2)


class InceptionConcat(nn.Module):
    def __init__(self, channels=8):
        super().__init__()
        self.b1 = nn.Conv2d(channels, 6, 1)
        self.b3 = nn.Sequential(nn.Conv2d(channels, 4, 1), nn.ReLU(), nn.Conv2d(4, 6, 3, padding=1))
        self.pool = nn.Conv2d(channels, 4, 1)
        self.bn = nn.BatchNorm2d(16)

    def forward(self, x):
        pooled = self.pool(F.avg_pool2d(x, 3, stride=1, padding=1))
        return F.relu(self.bn(torch.cat([self.b1(x), self.b3(x), pooled], dim=1)))


class StandardizedConv(nn.Conv2d):
    """NFNet's scaled weight standardization, computed in the forward."""

    def __init__(self, cin=8, cout=12):
        super().__init__(cin, cout, 3, padding=1)
        self.gain = nn.Parameter(torch.ones(cout, 1, 1, 1))

    def forward(self, x):
        w = F.batch_norm(self.weight.reshape(1, self.out_channels, -1), None, None, training=True, momentum=0.0,
                         eps=1e-5).reshape_as(self.weight)
        return F.gelu(F.conv2d(x, w * self.gain * self.weight[0].numel() ** -0.5, self.bias, padding=1))


BLOCKS = {
    "efficientnet": lambda: InvertedResidual(),
    "mobilenetv3": lambda: InvertedResidual(act=F.hardswish, gate=F.hardsigmoid),
    "convnextv2": GlobalResponseNorm,
    "inception": InceptionConcat,
    "nfnet": StandardizedConv,
}


def _randomized(block: nn.Module) -> nn.Module:
    for m in block.modules():
        if isinstance(m, nn.BatchNorm2d):
            m.running_mean.uniform_(-1, 1)
            m.running_var.uniform_(0.5, 2)
            m.weight.data.uniform_(0.5, 1.5)
            m.bias.data.uniform_(-0.5, 0.5)
    return block.eval()


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
@pytest.mark.parametrize("channels_last", [False, True])
@pytest.mark.parametrize("name", list(BLOCKS))
def test_block_matches_eager(name, channels_last, dtype, device):
    torch.manual_seed(0)
    channels = 16 if name == "convnextv2" else 8
    block = _randomized(BLOCKS[name]()).to(device=device, dtype=dtype)
    x = rand(3, channels, 9, 7, device=device, dtype=dtype)
    if channels_last:
        x = x.to(memory_format=torch.channels_last)
    torch._dynamo.reset()
    metrics.reset()
    with torch.no_grad():
        want = block(x)
        got = torch.compile(block, backend="irc")(x)
    assert metrics.graph_fallbacks == 0
    tolerance = TOLERANCES[dtype] if dtype == torch.float32 else dict(rtol=4e-2, atol=4e-2)
    torch.testing.assert_close(got, want, **tolerance)
