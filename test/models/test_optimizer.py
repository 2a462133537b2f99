"""The optimizer step compiled as users write it (`@torch.compile def step(): opt.step()`) over several steps,
and gradients accumulated into .grad over micro-batches by a compiled model, against eager: parameters,
gradients and the optimizer's state."""

import pytest
import torch
from torch import nn
from training import RTOL, assert_same_grads, training_pair
from training_models import TRAINING

from irc import metrics

OPTIMIZERS = {
    "adamw": (torch.optim.AdamW, dict(lr=1e-2, betas=(0.9, 0.99), weight_decay=0.1)),
    "sgd_momentum": (torch.optim.SGD, dict(lr=1e-1, momentum=0.9, weight_decay=1e-2)),
    "sgd_nesterov": (torch.optim.SGD, dict(lr=1e-1, momentum=0.9, nesterov=True, dampening=0.0)),
}


def small_net():
    return nn.Sequential(nn.Linear(13, 24), nn.LayerNorm(24), nn.GELU(), nn.Linear(24, 5))


def optimizer_steps(name: str, compiled: bool, steps: int = 3):
    """`steps` optimizer steps on fresh random gradients (the same for eager and compiled runs)."""
    torch.manual_seed(0)
    model = small_net()
    cls, kwargs = OPTIMIZERS[name]
    opt = cls(model.parameters(), **kwargs)

    def step():
        opt.step()

    run = torch.compile(step, backend="irc") if compiled else step
    for i in range(steps):
        torch.manual_seed(100 + i)
        for p in model.parameters():
            p.grad = torch.randn_like(p)
        run()
    return model, opt


def assert_same_state(got: torch.optim.Optimizer, want: torch.optim.Optimizer) -> None:
    for p_got, p_want in zip(got.state.values(), want.state.values(), strict=True):
        assert p_got.keys() == p_want.keys()
        for key, value in p_want.items():
            torch.testing.assert_close(
                p_got[key], value, rtol=RTOL, atol=1e-6, msg=lambda m, k=key: f"{k}: {m}"
            )


@pytest.mark.parametrize("name", OPTIMIZERS)
def test_compiled_optimizer_step(name):
    want_model, want_opt = optimizer_steps(name, compiled=False)
    torch._dynamo.reset()
    metrics.reset()
    got_model, got_opt = optimizer_steps(name, compiled=True)
    assert metrics.graph_fallbacks == 0 and metrics.graphs_compiled >= 1
    for (key, p), q in zip(got_model.named_parameters(), want_model.parameters(), strict=True):
        torch.testing.assert_close(p, q, rtol=RTOL, atol=1e-6, msg=lambda m, k=key: f"{k}: {m}")
    assert_same_state(got_opt, want_opt)


def accumulate(model, loss, micro_batches):
    for inputs in micro_batches:
        loss(model, *inputs).backward()


@pytest.mark.parametrize("name", ["gpt2", "resnet"])
def test_gradient_accumulation(name):
    """backward() three times before the step: .grad holds the sum of the three micro-batches' gradients."""
    case = TRAINING[name]
    eager, model = training_pair(case.make)
    torch.manual_seed(1)
    micro_batches = [case.inputs() for _ in range(3)]
    accumulate(eager, case.loss, micro_batches)
    torch._dynamo.reset()
    metrics.reset()
    accumulate(torch.compile(model, backend="irc"), case.loss, micro_batches)
    assert metrics.graph_fallbacks == 0
    assert_same_grads(model, eager)


def train(model, opt_step, zero_grad, loss, batches):
    for micro_batches in batches:
        accumulate(model, loss, micro_batches)
        opt_step()
        zero_grad()


def test_compiled_training_loop():
    """Compiled model and compiled SGD step: two steps of two micro-batches each, parameters as eager's.
    (Not Adam: it scales a gradient that is zero in exact arithmetic, a key bias's, by its own rounding noise
    to a full learning-rate step, so any rounding difference becomes a large one.)"""
    case = TRAINING["gpt2"]
    eager, model = training_pair(case.make)
    torch.manual_seed(2)
    batches = [[case.inputs() for _ in range(2)] for _ in range(2)]
    cls, kwargs = OPTIMIZERS["sgd_momentum"]
    want_opt, got_opt = cls(eager.parameters(), **kwargs), cls(model.parameters(), **kwargs)
    train(eager, want_opt.step, want_opt.zero_grad, case.loss, batches)
    torch._dynamo.reset()
    metrics.reset()

    @torch.compile(backend="irc")
    def step():
        got_opt.step()

    train(torch.compile(model, backend="irc"), step, got_opt.zero_grad, case.loss, batches)
    assert metrics.graph_fallbacks == 0
    for (key, p), q in zip(model.named_parameters(), eager.parameters(), strict=True):
        torch.testing.assert_close(p, q, rtol=RTOL, atol=1e-5, msg=lambda m, k=key: f"{k}: {m}")
    assert_same_state(got_opt, want_opt)
