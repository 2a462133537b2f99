"""A Python True written into a tensor of another dtype is 1, never -1 (issue 21).

xDSL keeps an `i1` constant `true` as the signed value -1; every place that reads a constant's number (the
importer's fallbacks, the aten -> loop lowerings, the Triton body builder, the wrapper, the interpreters) must
read it as a bool. These cover each way a bool constant reaches another dtype: fill / full / new_full /
full_like (a fallback lowered to a constant), where with a scalar branch, a bool scalar operand, scatter of a
bool value, and casts of bool tensors.
"""

import pytest
import torch

from harness import check, rand

DTYPES = [torch.float32, torch.float16, torch.bfloat16, torch.int32, torch.int64, torch.uint8, torch.bool]


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_true_fills_a_tensor_with_one(dtype, device):
    x = rand(5, 7, device=device).to(dtype)
    check(lambda x: x.clone().fill_(True), x)
    check(lambda x: torch.full_like(x, True), x)
    check(lambda x: x.new_full((3, 4), True), x)
    check(lambda x: (torch.full_like(x, True) + x, x.new_full((7,), True) * 2), x)


@pytest.mark.parametrize("dtype", [torch.float32, torch.int64], ids=str)
def test_where_with_a_true_branch(dtype, device):
    x = rand(5, 7, device=device).to(dtype)
    check(lambda x: torch.where(x > 0, x, True), x)
    check(lambda x: torch.where(x > 0, True, x), x)
    check(lambda x: torch.where(x > 0, True, False).to(dtype) + x, x)


def test_bool_scalar_operands(device):
    x = rand(5, 7, device=device)
    check(lambda x: (x + True, x * True, x + False, (x > 0) + True, (x > 0) & True), x)


def test_scatter_of_true(device):
    x, index = rand(6, 9, device=device), torch.randint(0, 9, (6, 1), device=device)
    check(lambda x, i: x.scatter(1, i, True), x, index)


def test_bool_tensors_cast_to_one(device):
    b = rand(5, 7, dtype=torch.bool, device=device)
    check(lambda b: (b.float(), b.half(), b.bfloat16(), b.int(), b.long(), b.to(torch.uint8), b.double()), b)
    check(lambda b: (b.float() * 3, b.to(torch.int8) - 1, b.sum(1), b.float().mean()), b)
