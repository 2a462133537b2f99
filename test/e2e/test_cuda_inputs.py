"""CUDA-only input cases of issue 17: 0-d CPU tensors next to CUDA tensors, expanded inputs through autotuning."""

import pytest
import torch

from harness import check, rand

pytestmark = pytest.mark.gpu


def test_cpu_scalar_input_next_to_cuda_tensors():
    x, s = rand(37, 129, device="cuda"), torch.tensor(2.5)
    check(lambda x, s: x * s + s, x, s)
    check(lambda s, x: (x - s).sum(1), s, x)
    check(lambda x, s: torch.where(x > 0, x, s.to(torch.float16)), x, s)


def test_cpu_scalar_constant_next_to_cuda_tensors():
    check(lambda x: x * torch.tensor(2.0) + torch.tensor(1), rand(37, 129, device="cuda"))


@pytest.mark.parametrize("make", [lambda: rand(37, 1, device="cuda").expand(37, 4096),
                                  lambda: rand(4096, device="cuda").expand(37, 4096)])  # fmt: skip
def test_expanded_inputs_are_tuned(make, monkeypatch):
    monkeypatch.setenv("IRC_AUTOTUNE", "1")
    check(lambda x, y: (x * 2 + y, (x - y).sum(1)), make(), rand(37, 4096, device="cuda"))
