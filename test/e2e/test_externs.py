"""Extern kernels: matmuls through ATen into planner-allocated out= buffers, epilogues fused into one kernel."""

import pytest
import torch
import torch.nn.functional as F

from harness import check, rand
from irc import metrics


def call_source() -> str:
    source = open(metrics.generated_modules[-1]).read()
    return source[source.index("def call(args):") :]


def test_mm_bias_relu_is_one_extern_and_one_kernel(device):
    fn = lambda x, w, b: torch.relu(x @ w + b)  # noqa: E731
    check(fn, rand(37, 29, device=device), rand(29, 13, device=device), rand(13, device=device),
          kernels=1, fallbacks={"aten::mm.default": 1})  # fmt: skip
    assert "torch.mm(arg0_1, arg1_1, out=buf0)" in call_source()


def test_linear_relu_uses_addmm_out(device):
    linear = torch.nn.Linear(29, 13).to(device)
    check(lambda x: F.relu(linear(x)), rand(37, 29, device=device), kernels=1)
    assert set(metrics.fallbacks) <= {"aten::addmm.default", "aten::mm.default"}
    assert sum(metrics.fallbacks.values()) == 1
    assert "out=buf" in call_source()


def test_bmm_with_residual_and_activation(device):
    fn = lambda a, b, r: F.gelu(torch.bmm(a, b) + r)  # noqa: E731
    check(fn, rand(3, 17, 9, device=device), rand(3, 9, 11, device=device), rand(3, 17, 11, device=device),
          kernels=1, fallbacks={"aten::bmm.default": 1})  # fmt: skip
    assert "torch.bmm(" in call_source() and "out=" in call_source()


def test_baddbmm_and_addmm_with_scales(device):
    def fn(c, a, b, bias, x, w):
        y = torch.baddbmm(c, a, b, beta=0.5, alpha=2.0).sigmoid()
        z = torch.addmm(bias, x, w, beta=0.25, alpha=1.5) * 3
        return y, z

    inputs = [rand(2, 5, 7, device=device), rand(2, 5, 3, device=device), rand(2, 3, 7, device=device),
              rand(7, device=device), rand(5, 3, device=device), rand(3, 7, device=device)]  # fmt: skip
    check(fn, *inputs, kernels=2, fallbacks={"aten::baddbmm.default": 1, "aten::addmm.default": 1})
    code = call_source()
    assert "torch.baddbmm(" in code and "torch.addmm(" in code and code.count("out=") == 2


def test_matmul_chain_reuses_memory(device):
    def fn(x, w1, w2, w3):
        h = torch.relu(x @ w1)
        h = torch.relu(h @ w2)
        return torch.tanh(h @ w3)

    w = [rand(24, 24, device=device, low=-0.3, high=0.3) for _ in range(3)]
    # the two ReLUs of [40, 24] are one kernel (kernel-dedup), launched twice, and the tanh another
    check(fn, rand(40, 24, device=device), *w, kernels=2, fallbacks={"aten::mm.default": 3})
    assert "# reuse" in call_source()
    assert metrics.peak_bytes_planned < metrics.buffer_bytes


def test_conv_bias_relu(device):
    """The bias, ReLU and scale in one kernel; a training forward (the weights want gradients), so the input is
    copied channels_last first (aten-layout: the activations the backward saves take the chosen layout), and
    the ReLU's backward reads a saved mask of one byte an element, as Inductor's partition saves it, made by a
    kernel of its own (channels_last, where the returned product keeps the traced layout)."""
    conv = torch.nn.Conv2d(3, 8, 3, padding=1).to(device)
    check(lambda x: F.relu(conv(x)) * 0.5, rand(2, 3, 11, 9, device=device), kernels=3)
    assert set(metrics.fallbacks) == {"aten::convolution.default"}


@pytest.mark.parametrize("causal", [False, True])
def test_scaled_dot_product_attention(device, causal):
    def fn(q, k, v):
        return F.scaled_dot_product_attention(q, k, v, is_causal=causal).relu()

    q, k, v = (rand(2, 3, 13, 8, device=device) for _ in range(3))
    check(fn, q, k, v)


def test_mm_backward(device):
    x = rand(19, 11, device=device).requires_grad_()
    w = rand(11, 7, device=device).requires_grad_()
    torch._dynamo.reset()
    metrics.reset()
    out = torch.compile(lambda x, w: torch.relu(x @ w).sum(), backend="irc")(x, w)
    out.backward()
    gx, gw = x.grad.clone(), w.grad.clone()
    x.grad = w.grad = None
    torch.relu(x @ w).sum().backward()
    torch.testing.assert_close(gx, x.grad, rtol=1e-4, atol=1e-5)
    torch.testing.assert_close(gw, w.grad, rtol=1e-4, atol=1e-5)
    assert metrics.graph_fallbacks == 0


def grads_match(fn, *inputs):
    """fn compiled and eager, forward and backward: same results, same input gradients, no graph run eagerly."""
    torch._dynamo.reset()
    metrics.reset()
    eager = [x.detach().clone().requires_grad_() for x in inputs]
    compiled = [x.detach().clone().requires_grad_() for x in inputs]
    want = fn(*eager)
    got = torch.compile(fn, backend="irc")(*compiled)
    torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-4)
    want.square().sum().backward()
    got.square().sum().backward()
    for g, w in zip(compiled, eager):
        torch.testing.assert_close(g.grad, w.grad, rtol=1e-4, atol=1e-4)
    assert metrics.graph_fallbacks == 0


def test_conv_without_bias_backward_skips_the_absent_bias_grad(device):
    weight = rand(4, 3, 3, 3, device=device, low=-0.5, high=0.5)
    grads_match(lambda x, w: F.conv2d(x, w, padding=1).relu(), rand(2, 3, 9, 7, device=device), weight)
    assert metrics.fallbacks["aten::convolution_backward.default"] == 1


def test_conv_bias_grad_is_a_reduction_irc_fuses(device):
    """As Inductor: the bias gradient is a sum of grad_output that irc computes; the convolution backward
    (cuDNN) is asked for the input and weight gradients only."""
    from torch.utils._python_dispatch import TorchDispatchMode

    masks = []

    class RecordMasks(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            if func is torch.ops.aten.convolution_backward.default:
                masks.append(list(args[-1]))
            return func(*args, **(kwargs or {}))

    weight, bias = rand(5, 3, 3, 3, device=device, low=-0.5, high=0.5), rand(5, device=device)
    x = rand(2, 3, 9, 7, device=device)
    compiled = [t.detach().clone().requires_grad_() for t in (x, weight, bias)]
    eager = [t.detach().clone().requires_grad_() for t in (x, weight, bias)]
    fn = lambda x, w, b: F.conv2d(x, w, b, padding=1, stride=(1, 2)).relu()  # noqa: E731
    torch._dynamo.reset()
    metrics.reset()
    got = torch.compile(fn, backend="irc")(*compiled)
    with RecordMasks():
        got.square().sum().backward()
    fn(*eager).square().sum().backward()
    for g, w in zip(compiled, eager):
        torch.testing.assert_close(g.grad, w.grad, rtol=1e-4, atol=1e-4)
    assert masks and all(mask == [True, True, False] for mask in masks)
    assert metrics.graph_fallbacks == 0


def test_scaled_dot_product_attention_backward(device):
    q, k, v = (rand(2, 3, 13, 8, device=device) for _ in range(3))
    grads_match(lambda q, k, v: F.scaled_dot_product_attention(q, k, v, is_causal=True) * 2, q, k, v)


@pytest.mark.parametrize("pieces", [8, 12])
def test_cat_of_many_inputs_read_by_a_pointwise_consumer(pieces, device):
    """A DenseNet-style cat read by a pointwise consumer: up to 8 inputs the consumer reads them by index
    (no copy first); beyond, each position would take a masked load per input: an extern copies them."""
    features = [rand(2, 3, 5, 4, device=device) for _ in range(pieces)]
    check(lambda *xs: torch.relu(torch.cat(xs, 1) * 2 + 1), *features,
          kernels=1, fallbacks={} if pieces <= 8 else {"aten::cat.default": 1})
