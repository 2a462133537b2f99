"""A 0-d CPU tensor next to CUDA tensors is a scalar (issue 17): the kernels take its value, not a pointer.

The decision is the importer's, from the example values' devices, so it is checked here without a GPU on fake
CUDA tensors: the function argument is a scalar, the wrapper passes `.item()`, the kernel has a scalar
parameter. test/e2e/test_cuda_inputs.py runs the same graphs on a GPU.
"""

import pytest
import torch
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.fx.experimental.proxy_tensor import make_fx

from irc.compile import compile_module_text
from irc.fx_import import import_graph


def traced(fn, *specs):
    """fn traced to ATen on fake tensors: specs are (shape, device) pairs."""
    with FakeTensorMode():
        inputs = [torch.empty(shape, device=device) for shape, device in specs]
        return make_fx(fn)(*inputs)


def call_source(gm) -> tuple[str, str]:
    text = str(import_graph(gm))
    source = compile_module_text(text)
    return text, source


def test_cpu_scalar_input_next_to_cuda_tensors_is_a_scalar_argument():
    text, source = call_source(traced(lambda x, s: x * s + s, ((37, 5), "cuda"), ((), "cpu")))
    assert "%1: f64" in text and "irc.scalar_tensor_args = array<i64: 1>" in text
    call = source[source.index("def call(args):") :]
    assert "arg1_1 = arg1_1.item()" in call
    kernel = source[source.index("@triton.jit") : source.index("def call(args):")]
    assert "in_ptr1" not in kernel and "scalar" in kernel


def test_cpu_scalar_first_does_not_make_the_graph_a_cpu_graph():
    text, source = call_source(traced(lambda s, x: x - s, ((), "cpu"), ((37, 5), "cuda")))
    call = source[source.index("def call(args):") :]
    assert "arg0_1 = arg0_1.item()" in call and "_allocator(arg1_1.device)" in call
    # the launch key: the CUDA tensor's device and alignment; the float scalar's value is not specialized on
    assert "_spec = (arg1_1.get_device(), (arg1_1.data_ptr()) % 16 == 0 or _alignments(arg1_1))" in call
    assert "_launch_0.get(((1,), _spec))" in call and "([arg1_1, arg0_1, buf0])" in call


@pytest.mark.parametrize("device", ["cpu", "cuda"])
def test_on_one_device_tensors_stay_tensors(device):
    """All on the CPU (or a 0-d CUDA tensor with CUDA ones): nothing to convert."""
    text, source = call_source(traced(lambda x, s: x * s, ((37, 5), device), ((), device)))
    assert "irc.scalar_tensor_args" not in text and ".item()" not in source


def test_a_0d_constant_becomes_its_value(device="cpu"):
    from irc import metrics

    metrics.reset()
    x = torch.rand(37, 5)
    got = torch.compile(lambda x: x * torch.tensor(2.5) + torch.tensor(True), backend="irc")(x)
    assert torch.equal(got, x * 2.5 + 1) and metrics.graph_fallbacks == 0
