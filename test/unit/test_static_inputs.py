"""Static inputs (parameters, buffers, constants) as a fact of the IR: the importer marks them `irc.static`, the
mark reaches the host function, and the emitted call() reads their alignment once and compares their addresses
per call (irc/runtime/site_launch.py StaticInputs) instead of checking each one in every call's `_spec`."""

import inspect
import re
import types

import pytest
import torch
from torch.fx.experimental.proxy_tensor import make_fx

from irc import metrics
from irc.dialects.aten import static_args
from irc.fx_import import import_graph_and_constants
from irc.fx_key import graph_text
from irc.runtime import launch as launch_path, site_launch
from irc.runtime.loader import load


@pytest.fixture
def kept(monkeypatch):
    """Runners kept per key as on a GPU (each still runs the kernel through Triton's interpreter)."""
    made = []

    def runner(kernel, compiled, grid, n_args, options, device):
        made.append(grid)
        return lambda args: kernel[grid](*args, **options)

    monkeypatch.setattr(site_launch, "cuda_device", lambda args: 0)
    monkeypatch.setattr(launch_path, "direct_runner", runner)
    return made


def traced_with_static(fn, inputs, static):
    """fn's FX graph, imported while a TracingContext says which inputs are static (as aot_autograd's does)."""
    gm = make_fx(fn)(*inputs)
    context = torch._guards.TracingContext(None)
    context.fw_metadata = types.SimpleNamespace(static_input_indices=static)
    with torch._guards.tracing(context):
        return gm, graph_text(gm), import_graph_and_constants(gm)[0]


def test_the_importer_marks_static_inputs_and_the_fx_key_names_them():
    def fn(x, w, b):
        return torch.relu(x * w + b)

    inputs = [torch.randn(3, 4), torch.randn(4), torch.randn(4)]
    _, text, module = traced_with_static(fn, inputs, [1, 2])
    assert static_args(module.ops.first) == {1, 2}
    assert str(module).count("{irc.static}") == 2
    _, other_text, other = traced_with_static(fn, inputs, [])
    assert static_args(other.ops.first) == set() and other_text != text


def compiled(model, *inputs):
    metrics.reset()
    torch._dynamo.reset()
    with torch.no_grad():
        torch.compile(model, backend="irc")(*inputs)
    return load(metrics.generated_modules[-1], interpret=True)


def model():
    torch.manual_seed(0)
    return torch.nn.Sequential(torch.nn.Linear(5, 7), torch.nn.Tanh(), torch.nn.LayerNorm(7), torch.nn.ReLU())


def test_call_reads_static_inputs_once_and_checks_only_the_others_per_call():
    m, x = model(), torch.randn(3, 5)
    module = compiled(m, x)
    source = inspect.getsource(module.call)
    static = module._static_inputs.positions
    assert static and all(f"arg{k}_1.data_ptr()" not in source for k in static)
    assert "_static = _static_inputs(args)\n    args.clear()" in source
    (spec,) = re.findall(r"_spec = \(.*\)", source)
    assert spec.endswith(", _static)")


def misaligned_copy(t: torch.Tensor) -> torch.Tensor:
    """t's values in memory that starts 4 bytes past a 16-byte boundary."""
    storage = torch.empty(t.numel() + 4, dtype=t.dtype)
    start = next(k for k in range(1, 4) if (storage.data_ptr() + 4 * k) % 16 != 0)
    out = storage[start : start + t.numel()].view(t.shape)
    out.copy_(t)
    return out


def test_a_static_input_moved_to_a_misaligned_address_gets_its_own_kernel(kept):
    m, x = model(), torch.randn(3, 5)
    metrics.reset()
    torch._dynamo.reset()
    with torch.no_grad():
        compiled_model = torch.compile(m, backend="irc")
        torch.testing.assert_close(compiled_model(x), m(x))
        runners = len(kept)
        torch.testing.assert_close(compiled_model(x), m(x))
        assert len(kept) == runners  # the same static inputs again: the kept runners serve the call
        norm = m[2]
        norm.weight.data = misaligned_copy(norm.weight.data)  # the same parameter, now at a misaligned address
        torch.testing.assert_close(compiled_model(x), m(x))
    assert metrics.graphs_compiled == 1  # no recompile: the same call() saw the moved weight
    assert len(kept) > runners  # and launched with the moved weight's alignment in the key


def test_static_inputs_key_follows_their_addresses():
    weights = [torch.randn(4), torch.randn(4)]
    statics = site_launch.StaticInputs((1, 2))
    args = [torch.randn(3), *weights]
    assert statics(args) is True and statics(list(args)) is True
    moved = [args[0], weights[0], misaligned_copy(weights[1])]
    assert statics(moved) == (True, False)
    assert statics(args) is True
    assert statics([args[0], weights[0], "not a tensor"]) == (True, False)  # call()'s own checks name it
