"""A program's own operator library (torch.library) runs as an extern only where IRC_EXTERN_NAMESPACES names
it; otherwise its graph runs eagerly: IR calls ATen overloads of allowed namespaces only (issue 34)."""

import torch

from harness import assert_same, check, rand
from irc import metrics


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


def test_another_library_runs_its_graph_eagerly(device, monkeypatch):
    from irc import config

    monkeypatch.delenv("IRC_EXTERN_NAMESPACES", raising=False)
    monkeypatch.setattr(config, "fallback_on_error", True)  # as outside the tests
    torch._dynamo.reset()
    metrics.reset()
    other = lambda x: (tripled(x.cos()) - 1).relu()  # noqa: E731  (a graph of its own: nothing cached)
    x = rand(37, 5, device=device)
    assert_same(torch.compile(other, backend="irc")(x), other(x))
    assert metrics.graph_fallbacks == 1
