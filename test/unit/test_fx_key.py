"""The code cache's FX-level key (irc/fx_key.py): a warm start finds a graph's module without importing it to
the IR, and never the module of another graph, dtype, layout, constant or option set."""

import pytest
import torch
from torch.fx.experimental.proxy_tensor import make_fx

from irc import metrics
from irc.compile import compile_fx_graph, graph_key
from irc.fx_import import import_graph_and_constants
from irc.fx_key import argument_constants, graph_text


def traced(fn, *inputs):
    return make_fx(fn)(*inputs)


def add_one(x):
    return x + 1


def scaled(scale: float):
    constant = torch.tensor(scale)
    weights = torch.arange(4.0)
    return lambda x: x * constant + weights


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path))
    return tmp_path


def test_the_same_graph_has_the_same_key():
    x = torch.randn(3, 4)
    assert graph_key(traced(add_one, x), False, False) == graph_key(traced(add_one, x.clone()), False, False)


@pytest.mark.parametrize(
    "other",
    [
        lambda x: x.double(),  # dtype
        lambda x: x.t().contiguous().t(),  # strides
        lambda x: x[:, :3],  # sizes (and a view's strides)
        lambda x: x.to("meta"),  # device
    ],
    ids=["dtype", "strides", "sizes", "device"],
)
def test_inputs_of_another_layout_or_dtype_have_another_key(other):
    x = torch.randn(3, 4)
    assert graph_key(traced(add_one, x), False, False) != graph_key(traced(add_one, other(x)), False, False)


def test_options_and_inference_are_in_the_key():
    gm = traced(add_one, torch.randn(3, 4))
    keys = {graph_key(gm, inference, autotune) for inference in (False, True) for autotune in (False, True)}
    assert len(keys) == 4


def test_a_scalar_constant_s_value_is_in_the_key():
    x = torch.randn(3, 4)
    assert graph_text(traced(scaled(2.0), x)) != graph_text(traced(scaled(3.0), x))


def test_argument_constants_are_those_the_importer_passes():
    gm = traced(scaled(2.0), torch.randn(3, 4))
    _, imported = import_graph_and_constants(gm)
    found = argument_constants(gm)
    assert len(found) == len(imported) == 1 and found[0] is imported[0]


def test_no_key_where_the_aten_text_is_needed(monkeypatch):
    from irc import config

    monkeypatch.setattr(config, "check_passes", True)
    assert graph_key(traced(add_one, torch.randn(3, 4)), False, False) is None


def test_a_warm_hit_skips_the_import_and_runs_the_right_module(cache_dir):
    x32, x64 = torch.randn(3, 4), torch.randn(3, 4, dtype=torch.float64)
    for x in (x32, x64, x32, x64):
        fn = scaled(2.0)
        metrics.reset()
        runner = compile_fx_graph(traced(fn, x), [x])
        (out,) = runner([x])
        torch.testing.assert_close(out, fn(x))
    assert metrics.cache_hits == 1 and "import" not in metrics.phase_seconds


def test_nested_sizes_key_in_time_linear_in_their_distinct_parts():
    """Each padded, strided layer's size reads the last one's twice: the tree doubles per layer, the text
    (expr_text) lists distinct subexpressions once, and tells different sizes apart."""
    import sympy
    from torch.utils._sympy.functions import FloorDiv, Max, Mod

    from irc.fx_key import LONG_SIZE_TEXT, expr_text

    def sizes(depth, start):
        x = sympy.Symbol(start, positive=True, integer=True)
        for _ in range(depth):
            x = FloorDiv(x + Max(0, 3 - Mod(x, 2)), 2)
        return x

    deep = expr_text(sizes(10, "s0"))
    assert len(deep) < LONG_SIZE_TEXT and deep.startswith("[")
    assert deep == expr_text(sizes(10, "s0")) != expr_text(sizes(10, "s1"))
    assert expr_text(sizes(1, "s0")) == str(sizes(1, "s0"))
