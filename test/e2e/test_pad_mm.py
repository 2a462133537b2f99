"""Matmuls with a misaligned leading dimension compute on padded operands into a padded buffer
(aten-pad-mm)."""

import pytest
import torch
import torch.nn.functional as F

from harness import check, lowered_externs, rand
from irc import metrics


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


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_lm_head_gradients_with_odd_vocabulary(dtype, device):
    """The backward of x @ W.t() with 1001 columns: g @ W has a misaligned K and g^T @ x a misaligned M;
    both read one zero-padded copy of g (the gradient arrives from outside the graph) and give eager's
    gradients. The forward (K = 128) computes padded too and copies its logits back into their row-major
    layout."""
    torch._dynamo.reset()
    metrics.reset()
    w = rand(1001, 128, dtype=dtype, device=device)
    x = rand(2, 130, 128, dtype=dtype, device=device)
    g = rand(2, 130, 1001, dtype=dtype, device=device)
    grads = []
    for fn in (lambda x, w: x @ w.t(), torch.compile(lambda x, w: x @ w.t(), backend="irc")):
        xs, ws = x.clone().requires_grad_(), w.clone().requires_grad_()
        out = fn(xs, ws)
        out.backward(g)
        grads.append((out.detach(), xs.grad, ws.grad))
    assert grads[1][0].stride() == (130 * 1001, 1001, 1)
    tolerance = {"rtol": 1e-4, "atol": 1e-4} if dtype == torch.float32 else {"rtol": 2e-2, "atol": 2e-2}
    for want, got in zip(*grads):
        torch.testing.assert_close(got, want, **tolerance)
    padded = "1004" if dtype == torch.float32 else "1008"
    forward, backward = (open(path).read() for path in metrics.generated_modules[-2:])
    assert backward.count("'aten::mm.default'") == 2 and f"(({padded}, 128), (128, 1)" in backward
    assert f"((260, {padded}), ({padded}, 1)" in forward


def test_lm_head_with_symbolic_rows_is_padded(device):
    """Under dynamic=True the rows (batch x sequence) are symbolic: the head is padded as its static twin is,
    and its sliced result matches eager at three sizes."""
    model = torch.nn.Linear(64, 1001, bias=False).to(device=device, dtype=torch.bfloat16).eval()
    torch._dynamo.reset()
    head = torch.compile(model, backend="irc", dynamic=True)
    with torch.no_grad():
        for batch, length in [(2, 70), (3, 41), (1, 129)]:
            x = rand(batch, length, 64, dtype=torch.bfloat16, device=device)
            torch.testing.assert_close(head(x), model(x), rtol=2e-2, atol=2e-2)
    source = open(metrics.generated_modules[-1]).read()
    assert "(64, 1008)" in source or "(1008, 64)" in source, "the weight is not padded to 1008 columns"
