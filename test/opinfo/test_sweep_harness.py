"""The sweep's harness: OpInfo's random ops reach irc as a user's torch.compile of the op would, and a graph
break that is Dynamo's own is reported with its reason."""

import pytest
import torch

import sweep

OPS = sweep.ops()


pytestmark = pytest.mark.usefixtures("sweep_dynamo_settings")


@pytest.mark.parametrize("name", ["randn_like", "nn.functional.rrelu", "uniform"])
def test_a_random_op_is_compiled_and_its_sizes_compared(name):
    outcome = sweep.run_case(OPS[name], torch.float32)
    assert outcome.outcome in ("lowered", "mixed", "extern"), outcome
    assert outcome.detail == sweep.RANDOM


def test_the_seeding_wrapper_is_gone_from_what_is_compiled():
    func = sweep.user_function(OPS["nn.functional.dropout"])
    x = torch.ones(64, 64)
    torch.manual_seed(0)
    first = func(x, p=0.5, training=True)
    second = func(x, p=0.5, training=True)
    assert not torch.equal(first, second)  # OpInfo's wrapper would reseed: equal draws
    assert set(first.unique().tolist()) <= {0.0, 2.0}


def test_a_data_dependent_op_is_not_compiled_with_dynamos_reason():
    outcome = sweep.run_case(OPS["nonzero"], torch.float32)
    assert outcome.outcome == "not_compiled"
    assert outcome.detail.startswith("graph break: Dynamic shape operator")
    assert "aten.nonzero.default" in outcome.detail


def test_indices_among_equal_values_compare_by_what_they_point_at():
    x = torch.tensor([[1.0, 3.0, 3.0, 2.0], [5.0, 5.0, 4.0, 4.0]])
    want = torch.topk(x, 2, 1)
    other = (want.values, torch.tensor([[2, 1], [1, 0]]))  # the same values at the other equal elements
    assert sweep.compare(other, tuple(want), "topk", "float32", torch.topk, (x, 2, 1), {}) == ""
    wrong = (want.values, torch.tensor([[2, 3], [1, 0]]))
    assert sweep.compare(wrong, tuple(want), "topk", "float32", torch.topk, (x, 2, 1), {}) != ""
    median = torch.median(x, dim=1, keepdim=True)
    moved = (median.values, torch.tensor([[3], [3]]))
    assert sweep.compare(moved, tuple(median), "median", "float32", torch.median, (x,), {"dim": 1}) == ""
