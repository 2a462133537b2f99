"""One training step compiled by irc against eager: the loss, every parameter's gradient, every buffer.

    eager, compiled = training_pair(make_model)      # two copies with equal weights, dropout off
    check_training_step(eager, compiled, inputs)     # forward, loss, backward; compare everything

A model's gradients differ from eager's by rounding that scales with its largest gradient, so each gradient is
compared with an absolute tolerance relative to the model's largest gradient: a gradient that is zero in
exact arithmetic (a key bias under softmax) is compared against that scale, not against its own noise.
"""

from __future__ import annotations

import copy
from collections import Counter

import torch
from zoo import not_extern_compute

from irc import metrics

RTOL = 1e-4
ATOL_OF_LARGEST = 2e-5  # fp32: the absolute tolerance of every gradient, in units of the largest gradient
EAGER_ERROR_FACTOR = 4  # irc's error against float64 may be this many times eager fp32's own, plus the above


def without_dropout(model: torch.nn.Module) -> torch.nn.Module:
    """Dropout's random masks differ between eager and compiled runs: every dropout probability becomes 0 (drop
    path's, stochastic depth in BEiT, Segformer and timm's models, too)."""
    for module in model.modules():
        if isinstance(module, torch.nn.Dropout):
            module.p = 0.0
    for name in ("dropout", "attention_dropout", "activation_dropout", "hidden_dropout_prob",
                 "attention_probs_dropout_prob", "dropout_rate", "resid_pdrop", "embd_pdrop", "attn_pdrop",
                 "layerdrop"):  # HuBERT's encoder reads its config's layerdrop
        config = getattr(model, "config", None)
        if config is not None and isinstance(getattr(config, name, None), float):
            setattr(config, name, 0.0)
    for module in model.modules():  # modules that read a float probability at call time (T5, BART, drop path)
        for name in ("dropout", "attention_dropout", "attn_dropout", "activation_dropout", "layerdrop",
                     "drop_prob"):
            if isinstance(getattr(module, name, None), float):
                setattr(module, name, 0.0)
    return model


def training_pair(make, seed: int = 0) -> tuple[torch.nn.Module, torch.nn.Module]:
    """Two copies of `make()` with the same random weights, in training mode, dropout off."""
    copies = []
    for _ in range(2):
        torch.manual_seed(seed)
        copies.append(without_dropout(make()).train())
    return copies[0], copies[1]


def grad_scale(model: torch.nn.Module) -> float:
    return max((p.grad.abs().max().item() for p in model.parameters() if p.grad is not None), default=1.0)


def assert_same_grads(got: torch.nn.Module, want: torch.nn.Module, exact: torch.nn.Module | None = None):
    """Every parameter's gradient of `got` matches `want`'s within RTOL and ATOL_OF_LARGEST of the largest.

    With `exact` (`want` in float64), `got` is compared with it instead, and each parameter's tolerance also
    allows EAGER_ERROR_FACTOR times `want`'s own error there: an ill-conditioned gradient (batch norm over a
    few values) is as far from exact in eager fp32."""
    atol = ATOL_OF_LARGEST * grad_scale(want)
    exact_params = exact.parameters() if exact is not None else (None for _ in want.parameters())
    for (name, p), q, r in zip(got.named_parameters(), want.parameters(), exact_params, strict=True):
        assert (p.grad is None) == (q.grad is None), f"grad of {name}: {p.grad is None} vs {q.grad is None}"
        if q.grad is None:
            continue
        expected, tolerance = q.grad, atol
        if r is not None:
            expected = r.grad.to(q.dtype)
            tolerance += EAGER_ERROR_FACTOR * (q.grad.double() - r.grad).abs().max().item()
        torch.testing.assert_close(
            p.grad, expected, rtol=RTOL, atol=tolerance, msg=lambda m, name=name: f"grad of {name}: {m}"
        )


def assert_same_buffers(got: torch.nn.Module, want: torch.nn.Module, exact: torch.nn.Module | None = None):
    """Buffers (batch norm's running mean and variance, its batch count) as eager updated them; with `exact`
    (float64), within EAGER_ERROR_FACTOR times eager's own error too (a variance over few values cancels)."""
    exact_buffers = exact.buffers() if exact is not None else (None for _ in want.buffers())
    for (name, b), (_, c), r in zip(got.named_buffers(), want.named_buffers(), exact_buffers, strict=True):
        assert b.dtype == c.dtype and b.shape == c.shape, name
        atol = 1e-5
        if r is not None and c.is_floating_point():
            atol += EAGER_ERROR_FACTOR * (c.double() - r).abs().max().item()
        torch.testing.assert_close(b, c, rtol=RTOL, atol=atol, msg=lambda m, name=name: f"buffer {name}: {m}")


class BackwardFallbacks:
    """The ATen overloads irc runs eagerly in the backward graphs: fallbacks recorded while backward ran
    (AOTAutograd compiles the backward graph on the first backward call)."""

    def __init__(self):
        self.forward: Counter = Counter()
        self.backward: Counter = Counter()


def check_training_step(eager, compiled, loss_fn, *inputs, fallbacks: BackwardFallbacks | None = None):
    """Runs `loss_fn(model, *inputs).backward()` eagerly and compiled by irc; compares the loss, gradients
    (also against a float64 eager step, see assert_same_grads) and buffers. Asserts that no graph fell back
    to eager whole and that everything irc ran eagerly, forward or backward, is extern compute (matmuls,
    convolutions, attention)."""
    exact = copy.deepcopy(eager).double()
    loss_fn(exact, *(x.double() if x.is_floating_point() else x for x in inputs)).backward()
    want = loss_fn(eager, *inputs)
    want.backward()

    torch._dynamo.reset()
    metrics.reset()
    got = torch.compile(loss_fn, backend="irc")(compiled, *inputs)
    forward = Counter(metrics.fallbacks)
    got.backward()
    assert metrics.graph_fallbacks == 0, "a graph ran eagerly whole"
    assert metrics.graphs_compiled >= 2, "forward and backward"
    if fallbacks is not None:
        fallbacks.forward, fallbacks.backward = forward, Counter(metrics.fallbacks) - forward
    eager_ops = not_extern_compute(metrics.fallbacks)
    assert eager_ops == {}, f"run eagerly, not extern compute: {eager_ops}"
    torch.testing.assert_close(got.detach(), want.detach(), rtol=RTOL, atol=1e-5)
    assert_same_grads(compiled, eager, exact)
    assert_same_buffers(compiled, eager, exact)

