"""Index width under symbolic sizes: kernels of a graph whose tensors all span fewer than 2**31 elements at the
traced sizes index in int32 (a division by a size symbol in int64 costs several times more), with the bound as
one of Dynamo's guards, so that larger sizes compile again instead of wrapping an offset.
"""

import copy
import re

import torch
import torch.nn.functional as F
from harness import assert_same
from torch import nn

from irc import metrics

INT32_MAX = 2**31 - 1


class CausalMask(nn.Module):
    """A causal mask of the sequence's length, added to scores: positions divided by a size symbol."""

    def forward(self, scores):
        length = scores.shape[-1]
        rows = torch.arange(length).unsqueeze(-1)
        mask = torch.where(torch.arange(length) <= rows, 0.0, float("-inf"))
        return F.softmax(scores + mask, dim=-1)


WIDE_PROGRAM = "tl.cast(tl.program_id(0), tl.int64)"  # how a kernel indexing in int64 starts


def kernel_sources() -> list[str]:
    sources = [open(path).read() for path in metrics.generated_modules]
    return [k for s in sources for k in re.findall(r"^def triton_\w+\(.*?(?=^\S)", s, re.M | re.S)]


def limit_guards(fn) -> list[str]:
    from torch._dynamo.eval_frame import _debug_get_cache_entry_list

    code = fn.forward.__code__ if isinstance(fn, nn.Module) else fn.__code__
    return [line for entry in _debug_get_cache_entry_list(code)
            for line in str(entry.guard_manager).splitlines() if str(INT32_MAX) in line]


def test_symbolic_kernels_index_in_int32_under_a_guard():
    torch._dynamo.reset()
    metrics.reset()
    model = CausalMask()
    compiled = torch.compile(model, backend="irc", dynamic=True)
    for shape in [(2, 3, 7, 7), (3, 2, 12, 12), (4, 3, 9, 9)]:
        scores = torch.randn(shape)
        assert_same(compiled(scores), model(scores))
    assert metrics.graph_fallbacks == 0 and metrics.graphs_compiled == 1
    kernels = kernel_sources()
    assert kernels and all(WIDE_PROGRAM not in k for k in kernels), kernels
    assert any(re.search(r"// s\d+|% s\d+", k) for k in kernels), kernels  # a division by a size symbol
    assert limit_guards(model), "no guard bounds the spans the int32 kernels assume"


def assert_near_exact(got, want, exact):
    """A gradient sums over the rows in an order of its own: it is compared with the float64 gradient,
    allowing eager fp32's own error there twice over besides fp32's tolerance."""
    eager_error = (want.double() - exact).abs().max().item()
    torch.testing.assert_close(got, exact.float(), rtol=1e-4, atol=1e-5 + 2 * eager_error)


def test_trained_dynamic_graphs_index_in_int32():
    """The backward graph compiles after Dynamo has made its guards: it is marked from the traced sizes, and
    its host program checks its kernels' extents."""
    torch._dynamo.reset()
    metrics.reset()
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(6, 10), nn.GELU(), nn.LayerNorm(10))
    compiled = torch.compile(model, backend="irc", dynamic=True)
    exact = copy.deepcopy(model).double()
    for rows in (5, 9):
        x = torch.randn(rows, 3, 6)
        got = compiled(x)
        (got * got).sum().backward()
        got_grads = [p.grad.clone() for p in model.parameters()]
        model.zero_grad()
        want = model(x)
        (want * want).sum().backward()
        (exact(x.double()) ** 2).sum().backward()
        assert_same(got, want)
        for got_grad, p, q in zip(got_grads, model.parameters(), exact.parameters()):
            assert_near_exact(got_grad, p.grad, q.grad)
        model.zero_grad()
        exact.zero_grad()
    assert metrics.graph_fallbacks == 0 and metrics.graphs_compiled == 2
    assert all(WIDE_PROGRAM not in k for k in kernel_sources())
    sources = [open(path).read() for path in metrics.generated_modules]
    assert all(f"> {INT32_MAX}:" in s for s in sources), "a module of int32 kernels without its check"
