"""loop-simplify on traced PyTorch programs: the numbers stay (numpy evaluator), the iteration spaces shrink."""

import numpy as np
import pytest
import torch
from xdsl.dialects import func

from irc.dialects import loop
from irc.dialects.types import dim_value
from irc.interp.interpreter import run_function
from irc.passes.loop_simplify import linear_coefficients
from irc.pipeline import make_context, run_pipeline_through_text

BEFORE = "convert-aten-to-loop,loop-inline,cse,dce"


def keepdim_and_size_one(a, b):
    m = a.unsqueeze(1).amax(dim=-1, keepdim=True)
    return (a.unsqueeze(1) - m).exp(), a.view(3, 1, 4, 5).sum(dim=(2,), keepdim=True)


def permuted_reductions(a, b):
    x = a.view(3, 4, 5).permute(2, 1, 0)
    return x.sum(dim=(0, 2)), (x * 2).amax(dim=(1, 2)), x.argmax(dim=0)


def softmax_rows(a, b):
    return torch.softmax(a, dim=-1) + b, torch.log_softmax(a * b, dim=-1)


def broadcasts(a, b):
    return a.view(3, 4, 5) + b[:5], (a.view(3, 20).t() + 1).contiguous()


PROGRAMS = [keepdim_and_size_one, permuted_reductions, softmax_rows, broadcasts]


def trace(program):
    from torch.fx.experimental.proxy_tensor import make_fx

    from irc.backend import decompositions
    from irc.fx_import import import_graph

    gen = torch.Generator().manual_seed(0)
    inputs = [torch.randn(12, 5, generator=gen), torch.randn(5, generator=gen)]
    return import_graph(make_fx(program, decomposition_table=decompositions())(*inputs)), inputs


def loop_ops(module):
    hosts = [op for op in module.body.block.ops if isinstance(op, func.FuncOp)]
    return [op for f in hosts for op in f.body.block.ops if isinstance(op, loop.PointwiseOp | loop.ReductionOp)]


@pytest.mark.parametrize("program", PROGRAMS)
def test_loop_simplify_keeps_the_numbers(program):
    module, inputs = trace(program)
    module = run_pipeline_through_text(module, make_context(), BEFORE + ",loop-simplify")
    got = run_function(module, [t.numpy() for t in inputs])
    want = [t.numpy() for t in program(*inputs)]
    assert len(got) == len(want)
    for value, expected in zip(got, want):
        assert np.asarray(value).shape == expected.shape
        np.testing.assert_allclose(np.asarray(value, np.float64), expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("program", PROGRAMS)
def test_loop_simplify_drops_size_one_dims_and_is_idempotent(program):
    module, _ = trace(program)
    ctx = make_context()
    once = run_pipeline_through_text(module, ctx, BEFORE + ",loop-simplify")
    for op in loop_ops(once):
        dims = [*op.ranges.data, *(op.reduce.data if isinstance(op, loop.ReductionOp) else [])]
        assert all(dim_value(d) != 1 for d in dims) or len(dims) == 1, op
    assert str(run_pipeline_through_text(once, ctx, "loop-simplify")) == str(once)


def test_contiguous_pointwise_becomes_one_loop():
    module, _ = trace(lambda a, b: (a.exp() * 2,))
    module = run_pipeline_through_text(module, make_context(), BEFORE + ",loop-simplify")
    (op,) = loop_ops(module)
    assert [dim_value(d) for d in op.ranges.data] == [60]


def test_softmax_keeps_the_row_split_for_fusion():
    module, _ = trace(softmax_rows)
    module = run_pipeline_through_text(module, make_context(), BEFORE + ",loop-simplify")
    pointwise = [op for op in loop_ops(module) if isinstance(op, loop.PointwiseOp)]
    assert pointwise and all([dim_value(d) for d in op.ranges.data] == [12, 5] for op in pointwise)


@pytest.mark.parametrize(
    ("expr", "expected"),
    [
        ("9*i0 + i1 + 3", {"i0": 9, "i1": 1}),
        ("s0*i0 + 2*i1", {"i0": "s0", "i1": 2}),
        ("ModularIndexing(i0, 1, 4) + i1", {"i0": None, "i1": 1}),
        ("i0*i1", {"i0": None, "i1": None}),
        ("i0*(64*FloorDiv(s1 - 1, 2) + 64) + i1", {"i0": "64*FloorDiv(s1 - 1, 2) + 64", "i1": 1}),
        ("i0*Max(s0, 2) + i1*FloorDiv(i0, 2)", {"i0": None, "i1": None}),
    ],
)
def test_linear_coefficients(expr, expected):
    from irc.dialects.types import parse_sym

    got = linear_coefficients(parse_sym(expr), ["i0", "i1"])
    assert {k: (None if v is None else str(v)) for k, v in got.items()} == {
        k: (None if v is None else str(v)) for k, v in expected.items()
    }
