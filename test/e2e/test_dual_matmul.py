"""Gated MLPs as one dual-GEMM template (kernel-dual-matmul): the gate and up projections of one input in one
kernel with two accumulators, the gating as its epilogue."""

import uuid

import pytest
import torch
import torch.nn.functional as F

from harness import check
from harness import product_rand as rand
from irc import config, metrics
from irc.runtime import choice


def dual_kernels() -> list[str]:
    return [name for name, _, _ in metrics.kernel_bytes if "dual_mm" in name or "dual_bmm" in name]


def check_dual(fn, *inputs, kernels=1):
    """Compiled with templates matches eager, in `kernels` kernels (one of them a dual GEMM) and no extern."""
    got = check(fn, *inputs, kernels=kernels, fallbacks={})
    assert len(dual_kernels()) == 1, metrics.kernel_bytes
    return got


def silu_gate(wg, wu):
    return lambda x: F.silu(F.linear(x, wg)) * F.linear(x, wu)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
def test_silu_gated_mlp_on_three_dims(templates, dtype, device):
    """Llama's gate on a [2, 13, 37] input: M = 26, N = 45, K = 37 (multiples of no block)."""
    wg, wu = rand(45, 37, dtype=dtype, device=device), rand(45, 37, dtype=dtype, device=device)
    check_dual(silu_gate(wg, wu), rand(2, 13, 37, dtype=dtype, device=device))


def test_gelu_gated_mlp(templates, device):
    """GEGLU: gelu(x @ wg.t()) * (x @ wu.t()), the up projection first in the product."""
    wg, wu = rand(33, 40, device=device), rand(33, 40, device=device)
    check_dual(lambda x: F.linear(x, wu) * F.gelu(F.linear(x, wg)), rand(29, 40, device=device))


def test_llama_mlp_block(templates, device):
    """The whole block: RMSNorm, the dual GEMM with the gating, the down projection with the residual."""
    dim, hidden = 24, 40
    norm, wd = rand(dim, device=device) + 1, rand(dim, hidden, device=device)
    wg, wu = rand(hidden, dim, device=device), rand(hidden, dim, device=device)

    def block(x):
        h = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * norm
        return x + F.linear(F.silu(F.linear(h, wg)) * F.linear(h, wu), wd)

    check_dual(block, rand(2, 7, dim, device=device), kernels=3)


@pytest.mark.parametrize("view", ["transposed", "sliced"])
def test_non_contiguous_input(templates, view, device):
    """A read through its strides: contiguous along M (a transpose), or a slice with an offset."""
    wg, wu = rand(21, 30, device=device), rand(21, 30, device=device)
    if view == "transposed":
        x = rand(30, 35, device=device)
        fn = lambda x: silu_gate(wg, wu)(x.t())  # noqa: E731
    else:
        x = rand(35, 44, device=device)
        fn = lambda x: silu_gate(wg, wu)(x[:, 5:35])  # noqa: E731
    check_dual(fn, x)


def test_batched_gate(templates, device):
    """bmm: [3, 17, 20] times two [3, 20, 26] weights, one transposed."""
    a, b1, b2 = rand(3, 17, 20, device=device), rand(3, 20, 26, device=device), rand(3, 26, 20, device=device)
    check_dual(lambda a, b1, b2: torch.sigmoid(a @ b1) * (a @ b2.transpose(1, 2)), a, b1, b2)


def test_gate_with_another_reader_is_not_dual(templates, device):
    """The gate's product is also returned: the two matmuls stay apart (each its own kernel or extern)."""
    wg, wu = rand(18, 24, device=device), rand(18, 24, device=device)
    x = rand(31, 24, device=device)
    check(lambda x: ((g := F.linear(x, wg)), F.silu(g) * F.linear(x, wu)), x)
    assert not dual_kernels(), metrics.kernel_bytes


def test_transposed_gating_goes_back_to_cublas(templates, device):
    """The gating writes the products transposed, reading them at other positions than a tile's: no epilogue,
    so the dual matmul goes back to two cuBLAS calls and the gating is a kernel of its own."""
    wg, wu = rand(18, 24, device=device), rand(18, 24, device=device)
    fn = lambda x: (F.silu(F.linear(x, wg)) * F.linear(x, wu)).t().contiguous()  # noqa: E731
    check(fn, rand(31, 24, device=device), kernels=1, fallbacks={"aten::mm.default": 2})
    assert not dual_kernels(), metrics.kernel_bytes


def test_different_inputs_are_not_dual(templates, device):
    wg, wu = rand(18, 24, device=device), rand(18, 24, device=device)
    x, y = rand(31, 24, device=device), rand(31, 24, device=device)
    check(lambda x, y: F.silu(F.linear(x, wg)) * F.linear(y, wu), x, y)
    assert not dual_kernels(), metrics.kernel_bytes


# -- beside cuBLAS: a kernel.choice ----------------------------------------------------------------------


@pytest.fixture(params=["template", "persistent", "tma", "extern"])
def dual_wins(request, monkeypatch, device):
    """Choices with TMA (IRC_MM_TEMPLATE=choice IRC_MM_TMA=1); on CPU each alternative in turn is measured
    fastest (the Triton interpreter runs the templates; the extern: two cuBLAS calls and the gating kernel)."""
    from irc.runtime import loader

    config.mm_template = "choice"
    monkeypatch.setattr(config, "mm_tma", True)
    monkeypatch.setattr(loader, "_loaded", {})
    if device == "cpu":
        winner = request.param
        monkeypatch.setattr(choice, "measurable", lambda reads, writes: True)
        times = lambda site, alternatives, reads, writes: [1.0 if n == winner else 2.0 for n in site.names]  # noqa: E731
        monkeypatch.setattr(choice, "measure", times)
        monkeypatch.setattr(choice.Choice, "key", lambda self, reads, writes: uuid.uuid4().hex)
    yield request.param
    config.mm_template = "off"


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_dual_choice(dual_wins, dtype, device):
    """One choice site: the dual template, its persistent and TMA forms (K = 32: 16-byte aligned rows) and
    cuBLAS twice with the gating as a kernel of its own: 4 kernels."""
    wg, wu = rand(40, 32, dtype=dtype, device=device), rand(40, 32, dtype=dtype, device=device)
    x = rand(45, 32, dtype=dtype, device=device)
    check(silu_gate(wg, wu), x, kernels=4, fallbacks={"aten::mm.default": 2})
    assert len(metrics.choices) == 1 and len(dual_kernels()) == 3, (metrics.choices, metrics.kernel_bytes)
    if device == "cpu":
        assert set(metrics.choices.values()) == {dual_wins}, metrics.choices
