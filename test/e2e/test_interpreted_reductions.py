"""Reductions and scans whose combine function Triton's interpreter would call element by element run as the
numpy ufunc their table row names (irc/runtime/interpreter_shims.py): same results as eager, including NaN and
infinities, and no element-by-element reduce left."""

import pytest
import torch

from irc.runtime import interpreter_shims


@pytest.fixture
def element_by_element(monkeypatch):
    """Counts the launches that still reduce or scan element by element."""
    calls = []
    for make in ("_ufunc_reduce", "_ufunc_scan"):
        original = getattr(interpreter_shims, make)

        def counting(generic, original=original):
            def slow(self, input):
                calls.append(getattr(self.combine_fn, "__name__", "?"))
                return generic(self, input)

            return original(slow)

        monkeypatch.setattr(interpreter_shims, make, counting)
    return calls


def with_specials(*shape, dtype=torch.float32):
    x = torch.randn(*shape, dtype=dtype)
    x[1, 3], x[2, :], x[4, 5], x[5, 6] = float("nan"), float("-inf"), float("inf"), float("-inf")
    return x


CASES = {
    "amax": lambda x: torch.amax(x, dim=1),
    "amin_columns": lambda x: torch.amin(x, dim=0),
    "any_inf": lambda x: x.isinf().any(dim=1),
    "prod": lambda x: x.clamp(-1.5, 1.5).prod(dim=1),
    "softmax": lambda x: torch.softmax(x, dim=-1),
    "logcumsumexp": lambda x: torch.logcumsumexp(x, dim=1),
    "cummax": lambda x: torch.cummax(x, dim=1)[0],
    "cummin_reversed": lambda x: torch.cummin(x.flip(1), dim=1)[0],
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_reduction_runs_as_a_ufunc_and_matches_eager(name, element_by_element):
    fn = CASES[name]
    x = with_specials(7, 37)
    got = torch.compile(fn, backend="irc")(x)
    torch.testing.assert_close(got, fn(x), equal_nan=True)
    assert element_by_element == []


def test_bfloat16_operands_keep_the_combine_function():
    """The interpreter holds bfloat16 data as their bits: a ufunc over them would compare bit patterns."""
    from types import SimpleNamespace

    import numpy as np
    import triton.language as tl

    combine = tl.standard._or_combine
    assert interpreter_shims._ufunc_for(combine, [SimpleNamespace(dtype=tl.int1)]) is np.bitwise_or
    assert interpreter_shims._ufunc_for(combine, [SimpleNamespace(dtype=tl.bfloat16)]) is None
    assert interpreter_shims._ufunc_for(combine, [SimpleNamespace(dtype=tl.int1)] * 2) is None


def test_integer_any_and_max():
    x = torch.randint(-5, 5, (9, 33))
    fn = lambda x: ((x > 3).any(dim=0), torch.amax(x, dim=1), x.prod(dim=1))  # noqa: E731
    for got, want in zip(torch.compile(fn, backend="irc")(x), fn(x)):
        torch.testing.assert_close(got, want)
