"""The kernels of training steps' backward graphs: what fuses and how column sums are tiled."""

import torch
import torch.nn.functional as F

from harness import assert_same
from irc import metrics


def backward_kernels(fn, inputs, params, tangents):
    """(kernel names of the backward graph, gradients) of fn compiled by irc, and eager's gradients."""
    grads = []
    for compiled in (True, False):
        for p in params:
            p.grad = None
        outputs = (torch.compile(fn, backend="irc") if compiled else fn)(*inputs, *params)
        metrics.reset()
        torch.autograd.backward(outputs, tangents)
        if compiled:
            names = [name for name, _, _ in metrics.kernel_bytes]
        grads.append([p.grad for p in params])
    return names, grads


def test_logits_tangent_joins_the_cross_entropy_backward():
    """The tangent of logits returned beside the loss is added inside the log-softmax backward's kernel
    (it used to be a 1-D kernel of its own over [tokens, vocab]); the bias gradient is the second kernel."""
    vocab = 1000

    def head(x, w, b, labels):
        logits = (x @ w + b).view(2, 64, vocab)
        return F.cross_entropy(logits.view(-1, vocab).float(), labels), logits

    x = torch.randn(128, 32, dtype=torch.bfloat16)
    w = torch.randn(32, vocab, dtype=torch.bfloat16, requires_grad=True)
    b = torch.randn(vocab, dtype=torch.bfloat16, requires_grad=True)
    labels = torch.randint(0, vocab, (128,))
    tangents = (torch.ones(()), torch.randn(2, 64, vocab, dtype=torch.bfloat16))
    step = lambda x, labels, w, b: head(x, w, b, labels)  # noqa: E731
    names, (got, want) = backward_kernels(step, (x, labels), (w, b), tangents)
    assert len(names) == 2 and not any("_poi_" in n for n in names), names
    for g, e in zip(got, want):
        assert_same(g, e)


def test_layer_norm_weight_gradient_is_a_split_column_sum():
    """The weight and bias gradients of a layer norm over 1024 rows read the rows' mean and rstd: still an
    outer reduction, split into coalesced partials (it used to be one program per 16 columns, reading
    each column at a stride of the row length)."""
    x = torch.randn(1024, 64, requires_grad=True)
    w, b = torch.randn(64, requires_grad=True), torch.randn(64, requires_grad=True)
    tangents = (torch.randn(1024, 64),)
    names, (got, want) = backward_kernels(
        lambda x, w, b: (F.layer_norm(x, (64,), w, b),), (), (x, w, b), tangents
    )
    assert any("_split_" in n for n in names), names
    for g, e in zip(got, want):
        # the weight and bias gradients are sums of 1024 terms of order 1, in another order than eager's
        torch.testing.assert_close(g, e, rtol=1e-4, atol=1e-4)


def test_dropped_probabilities_for_the_value_gradient_join_the_softmax_backward():
    """An attention backward with dropout (BERT's in training): the dropped probabilities, stored transposed
    for the value gradient's matmul, are computed inside the softmax backward's kernel, which reads the same
    probabilities and mask by rows (they used to be a kernel of their own iterating the transposed order)."""

    def softmax_dropout_backward(p, keep, grad_out, v):
        dropped_t = (p * keep * (1 / 0.9)).transpose(-1, -2).to(torch.bfloat16)
        g = (grad_out @ v.transpose(-1, -2)).float() * keep * (1 / 0.9)
        return dropped_t @ grad_out, p * (g - (g * p).sum(-1, keepdim=True))

    p = torch.randn(2, 3, 16, 16).softmax(-1)
    keep = torch.rand(2, 3, 16, 16) > 0.1
    grad_out, v = (torch.randn(2, 3, 16, 8, dtype=torch.bfloat16) for _ in range(2))
    metrics.reset()
    got = torch.compile(softmax_dropout_backward, backend="irc")(p, keep, grad_out, v)
    names = [name for name, _, _ in metrics.kernel_bytes]
    assert len(names) == 1 and "_per_" in names[0], names
    for g, e in zip(got, softmax_dropout_backward(p, keep, grad_out, v)):
        assert_same(g, e)


def test_stacked_qkv_gradient_is_summed_from_its_buffer():
    """The bias gradient of a fused QKV projection (a ViT's `qkv.unbind(0)` backward: q, k and v gradients
    stacked, permuted to [batch * tokens, 3 * dim] for the weight gradient's matmul) sums the stacked buffer
    by columns; it used to recompute the stack, three masked loads at divided positions in every row, as a
    long-row reduction reading at a stride of 3 * dim (the largest kernel of a DeiT training step)."""
    batch, heads, tokens, head_dim = 4, 3, 7, 8

    def qkv_backward(gq, gk, gv, x):
        g = torch.stack([gq, gk, gv]).permute(1, 3, 0, 2, 4).reshape(batch * tokens, 3 * heads * head_dim)
        return g.t() @ x, g.sum(0)

    grads = [torch.randn(batch, heads, tokens, head_dim) for _ in range(3)]
    x = torch.randn(batch * tokens, 16)
    metrics.reset()
    got = torch.compile(qkv_backward, backend="irc")(*grads, x)
    names = [name for name, _, _ in metrics.kernel_bytes]
    assert not any("sum" in n and "where" in n for n in names), names
    for g, e in zip(got, qkv_backward(*grads, x)):
        torch.testing.assert_close(g, e, rtol=1e-4, atol=1e-4)
