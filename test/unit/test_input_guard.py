"""The layout checks of an emitted call(): many inputs of numeric layouts are checked one by one until a call's
inputs pass, and an extern's result until one passes, then by one C check (irc/runtime/input_guard.py); tensors
unlike those still get the checks, which name the offending input or copy the result into its layout."""

import inspect

import pytest
import torch

from irc import metrics
from irc.runtime.input_guard import REMADE, Guards, never, tensor_guard
from irc.runtime.loader import load


def fn(x, a, b, c, d):
    return torch.relu(x * a + b) - c * d


def inputs():
    return [torch.randn(4, 6), torch.randn(6), torch.randn(6), torch.randn(4, 1), torch.randn(6)]


def compiled_module():
    metrics.reset()
    torch._dynamo.reset()
    torch.compile(fn, backend="irc")(*inputs())
    return load(metrics.generated_modules[-1], interpret=True)


def test_many_numeric_inputs_are_checked_through_the_guard():
    module = compiled_module()
    source = inspect.getsource(module.call)
    names = ", ".join(f"arg{k}_1" for k in range(5))
    assert f"if not _guards[0]({names}):" in source and f"_guards.passed(0, {names})" in source
    assert source.count("_assert_size_stride(arg") == 5  # inside the guarded branch: the first call's checks


def test_inputs_unlike_the_first_calls_are_still_checked_one_by_one():
    module = compiled_module()
    first = inputs()
    for _ in range(2):
        args = [t.clone() for t in first]
        torch.testing.assert_close(module.call(list(args))[0], fn(*args))
    assert module._guards[0](*first)
    wrong = [t.clone() for t in first]
    wrong[3] = torch.randn(1, 4).t()  # (4, 1) with strides (1, 4): the stride of a size-1 dim does not matter
    torch.testing.assert_close(module.call(list(wrong))[0], fn(*wrong))
    wrong[1] = torch.randn(12)[::2]  # strides (2,), not (1,)
    with pytest.raises(ValueError, match="input 1 has"):
        module.call(list(wrong))
    wrong = [t.clone() for t in first]
    wrong[4] = wrong[4].double()
    with pytest.raises(ValueError, match="input 4 has"):
        module.call(list(wrong))
    grad = [t.clone().requires_grad_(k == 2) for k, t in enumerate(first)]
    with torch.no_grad():
        torch.testing.assert_close(module.call(list(grad))[0], fn(*grad))


def test_a_guard_accepts_the_layouts_it_was_made_from():
    x, y = torch.randn(3, 5), torch.randn(5)
    guards = Guards(2)
    assert guards[0] is never and guards[1] is never
    guards.passed(0, x, y)
    assert guards[0](torch.randn(3, 5), torch.randn(5)) and guards[1] is never
    assert not guards[0](torch.randn(5, 3).t(), y) and not guards[0](x, torch.randn(6))
    assert not guards[0](x, y.half()) and not guards[0](x, None)
    for k in range(REMADE + 2):
        guards.passed(1, torch.randn(k + 1))
    assert guards.made[1] == REMADE and guards[1](torch.randn(REMADE))  # the site kept its last guard
    assert tensor_guard((x, "not a tensor")) is None and tensor_guard((x, x)) is None


def test_extern_results_are_checked_until_one_passes():
    def conv(x, w):
        return torch.relu(torch.nn.functional.conv2d(x, w)) * 2

    x, w = torch.randn(2, 3, 6, 6), torch.randn(4, 3, 3, 3)
    metrics.reset()
    torch._dynamo.reset()
    torch.compile(conv, backend="irc")(x, w)
    module = load(metrics.generated_modules[-1], interpret=True)
    source = inspect.getsource(module.call)
    assert "if not _guards[0](buf" in source and "_guards.passed(0, buf" in source
    (conv_line,) = [line for line in source.splitlines() if "torch.convolution(" in line]
    assert "(1, 1)" in conv_line and "[" not in conv_line  # numeric lists are tuple constants, built once
    for _ in range(2):
        torch.testing.assert_close(module.call([x, w])[0], conv(x, w))
    assert module._guards[0] is not never
