"""One training step (forward, loss, backward; fp32, dropout 0) of each model in training_models.TRAINING,
compiled by irc, against eager: the loss, every parameter's gradient and every buffer (batch norm's running
statistics in training mode). No graph may fall back to eager whole."""

import pytest
import torch
from training import check_training_step, training_pair
from training_models import TRAINING


def cases():
    return [pytest.param(n, marks=[pytest.mark.slow] if c.slow else []) for n, c in TRAINING.items()]


@pytest.mark.parametrize("name", cases())
def test_training_step(name):
    case = TRAINING[name]
    eager, compiled = training_pair(case.make)
    torch.manual_seed(1)
    check_training_step(eager, compiled, case.loss, *case.inputs())
