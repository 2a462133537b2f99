"""Training steps of transformers models with their own loss (labels an input of their own) at three sizes under
Dynamo's automatic dynamic shapes: the second size recompiles with symbolic sizes (labels with symbols of their
own, tied to the input ids' by the loss's guard), the third reuses it. The loss and every gradient match eager,
no graph falls back, and the third size compiles nothing."""

import pytest
import torch
from training import assert_same_grads, training_pair
from training_models import TRAINING, VOCAB, labels_loss

from irc import metrics

SIZES = [(2, 12), (3, 20), (4, 9)]
SEQ2SEQ = {"t5", "bart"}  # labels of their own length (T5 is not run here: about nine minutes on two cores)


def inputs_at(name: str, batch: int, length: int) -> tuple:
    ids = torch.randint(3, VOCAB, (batch, length))
    labels = torch.randint(3, VOCAB, (batch, max(3, length // 2) if name in SEQ2SEQ else length))
    return ids, labels


@pytest.mark.parametrize("name", ["bert", "gpt2"])
def test_training_step_at_three_sizes(name):
    eager, model = training_pair(TRAINING[name].make)
    torch._dynamo.reset()
    metrics.reset()
    compiled = torch.compile(labels_loss, backend="irc")
    compiled_after = []
    for batch, length in SIZES:
        torch.manual_seed(batch * 100 + length)
        inputs = inputs_at(name, batch, length)
        eager.zero_grad(set_to_none=True), model.zero_grad(set_to_none=True)
        want = labels_loss(eager, *inputs)
        want.backward()
        got = compiled(model, *inputs)
        got.backward()
        torch.testing.assert_close(got.detach(), want.detach(), rtol=1e-4, atol=1e-5)
        assert_same_grads(model, eager)
        compiled_after.append(metrics.graphs_compiled)
    assert metrics.graph_fallbacks == 0
    assert compiled_after[2] == compiled_after[1] > compiled_after[0]
