"""The Dynamo-level key of a warm start (irc/dynamo_cache.py): the same graph, inputs and state give the same
key; anything aot_autograd reads differently gives another key or none."""

import torch

from irc.dynamo_cache import graph_key


def captured(fn, *inputs, dynamic=False):
    """(Dynamo's graph module, its example inputs) of fn's first graph."""
    graphs = []

    def backend(gm, example_inputs):
        graphs.append((gm, example_inputs))
        return gm.forward

    torch._dynamo.reset()
    torch.compile(fn, backend=backend, dynamic=dynamic)(*inputs)
    return graphs[0]


def key_of(fn, *inputs, dynamic=False):
    return graph_key(*captured(fn, *inputs, dynamic=dynamic), max_autotune=False)


def mlp(x):
    return torch.nn.functional.gelu(x @ x.t() + 1.0).sum(-1)


def test_the_same_graph_and_state_have_the_same_key():
    x = torch.randn(4, 5)
    assert key_of(mlp, x) == key_of(mlp, torch.randn(4, 5)) is not None


def test_layout_dtype_grad_mode_and_options_change_the_key():
    x = torch.randn(4, 5)
    keys = {key_of(mlp, x), key_of(mlp, x.double()), key_of(mlp, torch.randn(5, 4).t())}
    with torch.no_grad():
        keys.add(key_of(mlp, x))
    keys.add(key_of(mlp, x.requires_grad_()))
    keys.add(graph_key(*captured(mlp, torch.randn(4, 5)), max_autotune=True))
    assert len(keys) == 6 and None not in keys


def test_no_key_when_switched_off(monkeypatch):
    from irc import config

    monkeypatch.setattr(config, "dynamo_cache", False)
    assert key_of(mlp, torch.randn(4, 5)) is None


def test_no_key_where_the_graph_text_does_not_say_what_it_computes():
    @torch._dynamo.allow_in_graph
    def user_function(x):
        return x * 2

    x = torch.randn(4, 5)
    assert key_of(lambda x: user_function(x) + 1, x) is None  # a user function: its code is not in its name
    assert key_of(mlp, torch.randn(4, 5), dynamic=True) is None  # symbolic sizes: aot_autograd adds guards
    with torch.autocast("cpu"):
        assert key_of(mlp, x) is None
