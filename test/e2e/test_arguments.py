"""No argument of an op is dropped on import (issue 21): an import row that does not read an argument (other
than at its default) leaves the op to run eagerly with all of them; round(x, decimals) is lowered."""

import pytest
import torch

from harness import check, rand
from irc import metrics


@pytest.mark.parametrize("decimals", [3, -3, 1, 0, -1])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16, torch.float64], ids=str)
def test_round_decimals(decimals, dtype, device):
    if device == "cuda" and dtype in (torch.float16, torch.bfloat16) and decimals > 0:
        pytest.skip("eager CUDA multiplies by 10**decimals in the low-precision dtype; irc, as Inductor, in f32")
    x = (rand(37, 29, device=device) * 1000 / 10 ** max(decimals, 0)).to(dtype)  # x * 10**decimals fits in f16
    check(lambda x: torch.round(x, decimals=decimals), x, fallbacks={})
    if dtype in (torch.float32, torch.float64):  # fused f16 intermediates are not rounded to f16 as eager's
        check(lambda x: torch.round(x * 0.37, decimals=decimals) + 1, x, fallbacks={})


def test_var_and_std_without_bessel_correction(device):
    x = rand(37, 29, device=device)
    fns = [lambda x: torch.var(x, 1, unbiased=False), lambda x: torch.std(x, 0, unbiased=False, keepdim=True),
           lambda x: torch.var(x, unbiased=False), lambda x: torch.std(x, [0, 1], correction=0)]  # fmt: skip
    for fn in fns:
        check(fn, x)


def test_view_as_another_dtype_is_a_bit_cast(device):
    x = rand(37, 29, device=device)
    check(lambda x: x.view(torch.int32) + 1, x)
    assert metrics.fallbacks["aten::view.dtype"] == 1


def test_an_unread_argument_makes_the_op_an_extern(device, monkeypatch):
    """A row that ignores an argument (round's `decimals`, as the old row did) is not trusted with it."""
    import irc.fx_import_table as table

    monkeypatch.setitem(table.OVERLOAD_TABLE, ("round", "decimals"), table.unary("round"))
    x = rand(37, 29, device=device) * 1000
    check(lambda x: torch.round(x, decimals=2) * 2, x, kernels=1, fallbacks={"aten::round.decimals": 1})


def test_rows_read_every_argument_they_are_given(device):
    """Ops whose arguments the rows read or the result's type carries stay lowered."""

    def fn(x):
        d = x.device
        a = torch.full((37, 29), 2.5, device=d, dtype=torch.float32) + x
        b = torch.arange(1, 30, 1, device=d) * x + x.clone(memory_format=torch.contiguous_format)
        c = torch.floor_divide(x, 0.7) + torch.zeros(29, device=d) + torch.ones_like(x).fill_(1)
        e = x.to(torch.float16).sum(1, dtype=torch.float32) + x.expand(2, 37, 29).sum(0).mean(1)
        return a, b, c, e, torch.split(x, 10, 1)[1] * 2

    check(fn, rand(37, 29, device=device), fallbacks={})
