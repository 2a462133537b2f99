"""Training steps at a second input size, where Dynamo recompiles with symbolic sizes: a channels_last
convolution block whose saved activations keep their layout (TensorIterator writes their strides over
`Max(1, size)`), and a graph resumed after a break whose input sizes are a pooled size's own symbols. Outputs and
every gradient match eager; no graph falls back."""

import pytest
import torch
import torch.nn.functional as F
from torch import nn

from irc import metrics

SIZES = [(2, 8, 9, 11), (3, 8, 13, 13)]


class ConvBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv, self.norm, self.head = nn.Conv2d(8, 12, 3), nn.GroupNorm(4, 12), nn.Linear(12, 5)

    def forward(self, x):
        y = F.max_pool2d(F.relu(self.norm(self.conv(x))), 3, 2, ceil_mode=True)
        return self.head(F.adaptive_avg_pool2d(y, 1).flatten(1))


def broken_pools(x):
    y = F.relu(x)[:, :, ::2, ::2] * 2
    torch._dynamo.graph_break()
    return y + F.avg_pool2d(x, 3, 2, 1, ceil_mode=True, count_include_pad=False)


def assert_step_matches(eager_model, model, fn_eager, fn_compiled, x):
    x_eager = x.detach().clone().requires_grad_()
    x_compiled = x.detach().clone().requires_grad_()
    want, got = fn_eager(x_eager), fn_compiled(x_compiled)
    torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-5)
    (want * want).sum().backward()
    (got * got).sum().backward()
    torch.testing.assert_close(x_compiled.grad, x_eager.grad, rtol=1e-4, atol=1e-5)
    for (name, p), q in zip(model.named_parameters(), eager_model.parameters()):
        torch.testing.assert_close(p.grad, q.grad, rtol=1e-4, atol=1e-5, msg=name)
        p.grad = q.grad = None


@pytest.mark.parametrize("layout", [torch.contiguous_format, torch.channels_last])
def test_conv_block_at_a_second_size(layout):
    torch.manual_seed(0)
    eager_model = ConvBlock()
    model = ConvBlock()
    model.load_state_dict(eager_model.state_dict())
    torch._dynamo.reset()
    metrics.reset()
    compiled = torch.compile(model, backend="irc")
    for size in SIZES:
        x = torch.randn(size).to(memory_format=layout)
        assert_step_matches(eager_model, model, eager_model, compiled, x)
    assert metrics.graph_fallbacks == 0


def test_graph_resumed_after_a_break_at_a_second_size():
    torch._dynamo.reset()
    metrics.reset()
    compiled = torch.compile(broken_pools, backend="irc")
    for size in [(2, 3, 9, 11), (3, 3, 13, 13)]:
        torch.manual_seed(sum(size))
        assert_step_matches(nn.Module(), nn.Module(), broken_pools, compiled, torch.randn(size))
    assert metrics.graph_fallbacks == 0
