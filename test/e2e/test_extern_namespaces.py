"""A program's own operator library (torch.library) runs as an extern: IR calls ATen overloads of allowed
namespaces only (issue 34), and a library is allowed where IRC_EXTERN_NAMESPACES names it or where a graph
torch.compile hands irc calls its ops (the operator objects of the graph, not names read from IR)."""

import pytest
import torch

from harness import assert_same, check, rand


@torch.library.custom_op("irc_e2e::tripled", mutates_args=())
def tripled(x: torch.Tensor) -> torch.Tensor:
    return x * 3


@tripled.register_fake
def _(x):
    return torch.empty_like(x)


def program(x):
    return (tripled(x.sin()) + 1).relu()


def test_a_named_library_runs_as_an_extern(device, monkeypatch):
    monkeypatch.setenv("IRC_EXTERN_NAMESPACES", "irc_e2e")
    check(program, rand(37, 5, device=device), fallbacks={"irc_e2e::tripled.default": 1})


def test_a_library_the_graph_calls_runs_as_an_extern(device, monkeypatch):
    """No whole-graph fallback for an op irc does not lower (transformers' grouped_mm_fallback, MoE)."""
    from irc.dialects import python_names

    monkeypatch.delenv("IRC_EXTERN_NAMESPACES", raising=False)
    monkeypatch.setattr(python_names, "_admitted", set())
    other = lambda x: (tripled(x.cos()) - 1).relu()  # noqa: E731  (a graph of its own: nothing cached)
    check(other, rand(37, 5, device=device), fallbacks={"irc_e2e::tripled.default": 1})


def test_ir_from_elsewhere_names_only_admitted_libraries(monkeypatch):
    from irc.dialects import python_names

    monkeypatch.delenv("IRC_EXTERN_NAMESPACES", raising=False)
    monkeypatch.setattr(python_names, "_admitted", set())
    with pytest.raises(python_names.UnsafeOverload, match="not one irc calls"):
        python_names.resolve_overload("irc_e2e::tripled.default")
    python_names.admit_namespaces(["irc_e2e", "not a name"])
    assert python_names.resolve_overload("irc_e2e::tripled.default") is torch.ops.irc_e2e.tripled.default
    assert python_names.admitted_namespaces() == ("irc_e2e",)


@torch.library.custom_op("irc_e2e::scaled_rows", mutates_args=())
def scaled_rows(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    return x * w[:, None]


@scaled_rows.register_fake
def _(x, w):
    return torch.empty_like(x)


@torch.library.custom_op("irc_e2e::scaled_rows_backward", mutates_args=())
def scaled_rows_backward(
    x: torch.Tensor, w: torch.Tensor, grad: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor]:
    return grad * w[:, None], (grad * x).sum(1)


@scaled_rows_backward.register_fake
def _(x, w, grad):
    return torch.empty_like(x), torch.empty_like(w)


def _scaled_rows_grad(ctx, grad):
    return torch.ops.irc_e2e.scaled_rows_backward(*ctx.saved_tensors, grad)


def _save_inputs(ctx, inputs, output):
    ctx.save_for_backward(*inputs)


scaled_rows.register_autograd(_scaled_rows_grad, setup_context=_save_inputs)


def test_a_library_op_and_its_backward_op_run_as_externs_in_training(device, monkeypatch):
    """As an MoE layer's grouped matmul: the forward graph calls one op of the library, the backward
    another."""
    from irc import metrics
    from irc.dialects import python_names

    monkeypatch.setattr(python_names, "_admitted", set())
    fn = lambda x, w: scaled_rows(x.sigmoid(), w).square().sum()  # noqa: E731
    x, w = rand(9, 7, device=device), rand(9, device=device).requires_grad_()
    want = fn(x, w)
    (want_grad,) = torch.autograd.grad(want, w)
    torch._dynamo.reset()
    metrics.reset()
    got = torch.compile(fn, backend="irc")(x, w)
    (got_grad,) = torch.autograd.grad(got, w)
    assert_same(got, want)
    assert_same(got_grad, want_grad)
    assert metrics.graph_fallbacks == 0 and metrics.graphs_compiled == 2
    assert metrics.fallbacks["irc_e2e::scaled_rows_backward.default"] == 1
