"""Zoo models (bench/zoo.py, tiny configurations) called at three sizes: under Dynamo's automatic dynamic shapes
(static, then one symbolic recompile that the third size reuses) and under `dynamic=True` (one compile). Outputs
match eager at every size, no graph falls back, and the number of graphs compiled is asserted."""

import pytest
import torch
from harness import assert_same
from zoo import ZOO

from irc import metrics

# token batches (batch, length) and image batches (batch, side): the first size differs from every model width
SIZES = {"text": [(2, 12), (3, 20), (4, 9)], "image": [(2, 32), (3, 40), (4, 24)]}


def inputs_at(kind: str, size):
    if kind == "text":
        return (torch.randint(0, 128, size),)
    batch, side = size
    return (torch.randn(batch, 3, side, side),)


@pytest.mark.slow
@pytest.mark.parametrize("dynamic", [None, True])
@pytest.mark.parametrize("name", ["gpt2", "bert", "resnet"])
def test_three_sizes(name, dynamic):
    entry = ZOO[name]
    model, _ = entry.build(small=True)
    torch._dynamo.reset()
    metrics.reset()
    compiled = torch.compile(model, backend="irc", dynamic=dynamic)
    with torch.no_grad():
        for size in SIZES[entry.kind]:
            inputs = inputs_at(entry.kind, size)
            assert_same(compiled(*inputs), model(*inputs))
    assert metrics.graph_fallbacks == 0
    assert metrics.graphs_compiled == (1 if dynamic else 2)
