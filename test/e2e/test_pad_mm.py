"""Matmuls with misaligned output rows compute into a padded buffer (aten-pad-mm, issue 17)."""

import pytest
import torch
import torch.nn.functional as F

from harness import check, lowered_externs, rand


def matmul_columns(fn, *inputs) -> list[int]:
    """The output columns of each mm / addmm extern irc runs for `fn`."""
    externs = lowered_externs(fn, inputs, "aten-pad-mm,convert-aten-to-loop")
    return [op.results[0].type.sizes()[1] for op in externs if op.overload.data in ("aten::mm.default", "aten::addmm.default")]


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_lm_head_with_odd_vocabulary(dtype, device):
    """GPT-2's tied LM head (x @ wte.t()) with a vocabulary that is not a multiple of 8."""
    wte = rand(1001, 64, dtype=dtype, device=device)
    x = rand(2, 70, 64, dtype=dtype, device=device)
    got = check(lambda x: x @ wte.t(), x)
    assert got.shape == (2, 70, 1001)
    assert matmul_columns(lambda x: x @ wte.t(), x) == [1004 if dtype == torch.float32 else 1008]


def test_linear_pads_its_bias(device):
    weight, bias = rand(301, 48, device=device), rand(301, device=device)
    x = rand(130, 48, device=device)
    check(lambda x: torch.relu(F.linear(x, weight, bias)), x)
    assert matmul_columns(lambda x: F.linear(x, weight, bias), x) == [304]


def test_few_rows_are_not_padded():
    """With few rows the matmul reads B about as fast as a pad would copy it: left as it is."""
    weight = rand(1001, 64)
    assert matmul_columns(lambda x: x @ weight.t(), rand(8, 64)) == [1001]
