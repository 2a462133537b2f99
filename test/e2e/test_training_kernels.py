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
        assert_same(g, e)
