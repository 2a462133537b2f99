"""The device an FX graph computes on (irc/fx_types.graph_device), which the importer and the runner read:
a graph whose inputs are SymInts or 0-d CPU tensors and which makes CUDA tensors launches natively, never
through Triton's interpreter (which would copy every CUDA tensor to the host and back, a sync per call)."""

import torch
from torch.fx.experimental.proxy_tensor import make_fx

from irc.compile import on_cuda
from irc.fx_types import graph_device


def traced(fn, *inputs):
    return make_fx(fn, tracing_mode="fake")(*inputs)


def test_a_graph_without_tensor_inputs_is_on_the_device_it_makes():
    gm = traced(lambda: torch.ones(3, device="cuda") * 2)
    assert graph_device(gm) == "cuda" and on_cuda(gm)


def test_a_cpu_scalar_input_does_not_make_a_cuda_graph_a_cpu_one():
    gm = traced(lambda s: torch.arange(4, device="cuda") * s, torch.tensor(2.0))
    assert graph_device(gm) == "cuda" and on_cuda(gm)


def test_tensor_inputs_decide_before_what_the_graph_makes():
    gm = traced(lambda x: x + torch.ones(3), torch.ones(3))
    assert graph_device(gm) == "cpu" and not on_cuda(gm)
    assert graph_device(traced(lambda: torch.ones(2) + 1)) == "cpu"
