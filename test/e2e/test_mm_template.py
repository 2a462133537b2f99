"""Matmuls as Triton GEMM templates with their pointwise consumers fused as the epilogue (kernel-mm-template)."""

import pytest
import torch
import torch.nn.functional as F

import harness
from harness import TOLERANCES, check
from harness import product_rand as rand
from irc import config, metrics


def check_template(fn, *inputs, kernels=1):
    """Compiled with templates matches eager, in `kernels` kernels and no extern."""
    got = check(fn, *inputs, kernels=kernels)
    assert not metrics.fallbacks, dict(metrics.fallbacks)
    return got


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
def test_linear_bias_gelu(templates, dtype, device):
    """mm + bias + GELU with odd sizes (M, N, K multiples of no block) and a transposed weight."""
    weight, bias = rand(37, 23, dtype=dtype, device=device), rand(37, dtype=dtype, device=device)
    x = rand(45, 23, dtype=dtype, device=device)
    check_template(lambda x: F.gelu(F.linear(x, weight, bias)), x)


def test_addmm_with_residual(templates, device):
    weight, bias = rand(19, 64, device=device), rand(19, device=device)
    x, residual = rand(70, 64, device=device), rand(70, 19, device=device)
    check_template(lambda x, r: F.linear(x, weight, bias) + r, x, residual)


def eighths(rows: int, cols: int, device: str) -> torch.Tensor:
    return ((rand(rows, cols, device=device) * 8).round() / 8).to(torch.float16)


def test_mm_with_a_cast_epilogue(templates, device):
    """An f16 product cast to f32. Eighths multiply and add exactly in the f32 accumulator, so every summation
    order rounds each element to the same f16 (IRC_CHECK_PASSES compares the pass's f32 output at f32's
    tolerance); the result is still compared with f16's tolerance."""
    a, b = eighths(33, 48, device), eighths(48, 20, device)
    fn = lambda a, b: (a @ b).float() * 2  # noqa: E731
    torch._dynamo.reset()
    metrics.reset()
    got = torch.compile(fn, backend="irc")(a, b)
    assert got.dtype == torch.float32 and metrics.generated_kernel_count == 1 and not metrics.fallbacks
    torch.testing.assert_close(got, fn(a, b), **TOLERANCES[torch.float16])


def test_bmm_scaled(templates, device):
    a, b = rand(3, 17, 40, device=device), rand(3, 40, 29, device=device)
    check_template(lambda a, b: torch.bmm(a, b) * 0.125, a, b)


def test_bmm_with_transposed_operand(templates, device):
    a, b = rand(2, 24, 9, device=device), rand(2, 31, 9, device=device)
    check_template(lambda a, b: torch.relu(torch.bmm(a, b.transpose(1, 2))), a, b)


def test_linear_on_three_dims_with_silu_gate(templates, device):
    """Llama's gated MLP: silu(x @ wg.t()) * (x @ wu.t()); both matmuls read x: one dual-GEMM template with the
    gate and the product as its epilogue (test_dual_matmul.py has more)."""
    wg, wu = rand(40, 32, device=device), rand(40, 32, device=device)
    x = rand(2, 13, 32, device=device)
    check_template(lambda x: F.silu(x @ wg.t()) * (x @ wu.t()), x, kernels=1)


def test_addmm_scalars(templates, device):
    bias, a, b = rand(1, 26, device=device), rand(30, 16, device=device), rand(16, 26, device=device)
    check_template(lambda bias, a, b: torch.tanh(torch.addmm(bias, a, b, beta=0.5, alpha=2.0)), bias, a, b)


def test_matmul_result_also_returned(templates, device):
    """The matmul's own result is read after the epilogue: the template stores it too."""
    a, b = rand(20, 16, device=device), rand(16, 24, device=device)
    check_template(lambda a, b: ((c := a @ b), torch.sigmoid(c)), a, b)


def test_switched_off_keeps_the_extern(device):
    a, b = rand(20, 16, device=device), rand(16, 24, device=device)
    check(lambda a, b: torch.relu(a @ b), a, b, kernels=1)
    assert metrics.fallbacks["aten::mm.default"] == 1


def test_lone_matmul_stays_extern(templates, device):
    """With no epilogue to fuse, cuBLAS does the matmul (the template pays by the epilogue)."""
    a, b = rand(20, 16, device=device), rand(16, 24, device=device)
    check(lambda a, b: a @ b, a, b, kernels=0)
    assert metrics.fallbacks["aten::mm.default"] == 1


def test_integer_matmul_stays_extern(templates, device):
    if device == "cuda":
        pytest.skip("ATen has no integer matmul on CUDA")
    a, b = harness.rand(8, 16, dtype=torch.int64, device=device), harness.rand(16, 8, dtype=torch.int64, device=device)
    check(lambda a, b: (a @ b) + 1, a, b, kernels=1)
    assert metrics.fallbacks["aten::mm.default"] == 1


def test_long_k_in_half_precision(templates, device):
    """K = 300: many K tiles, the last one ragged; f16 products accumulate in f32."""
    a, b = rand(41, 300, dtype=torch.float16, device=device), rand(300, 27, dtype=torch.float16, device=device)
    check_template(lambda a, b: torch.relu(a @ b), a, b)


def test_operand_slices_with_offsets(templates, device):
    """Operands that are strided slices of larger tensors (storage offsets, row strides above K)."""
    a, b = rand(30, 50, device=device), rand(60, 22, device=device)
    check_template(lambda a, b: (a[:, 7:40] @ b[11:44:1, 3:]) + 1, a, b)


def test_epilogue_broadcasts_along_rows(templates, device):
    a, b, scale = rand(26, 18, device=device), rand(18, 35, device=device), rand(26, 1, device=device)
    check_template(lambda a, b, s: (a @ b) * s, a, b, scale)


def test_transposed_consumer_is_not_an_epilogue(templates, device):
    """A consumer writing the product transposed reads it at other positions: no fusion, cuBLAS again."""
    a, b = rand(26, 18, device=device), rand(18, 35, device=device)
    check(lambda a, b: ((a @ b).t() * 2).contiguous(), a, b, kernels=1, fallbacks={"aten::mm.default": 1})


@pytest.mark.parametrize(
    "value, cuda, max_autotune, enabled, choice, grouped",
    [("auto", False, False, False, False, True), ("auto", True, False, False, False, True),
     ("auto", True, True, True, True, True), ("auto", False, True, False, False, True),
     ("1", False, False, True, False, True), ("1", True, False, True, False, True),
     ("0", True, True, False, False, True), ("choice", False, False, True, True, True)],
)  # fmt: skip
def test_the_switch_sets_the_pass_options(value, cuda, max_autotune, enabled, choice, grouped):
    """IRC_MM_TEMPLATE (config.mm_template): by default ("auto") CUDA inputs under max-autotune get
    kernel-mm-template{choice=true} (templates beside cuBLAS, measured), outside it none (IRC_MM_DUAL=1: the
    persistent ones for gated MLPs only), CPU inputs none; 1 forces
    templates, 0 turns them off, "choice" always makes choices."""
    from irc.pipeline import build_pipeline, configured_pipeline

    config.mm_template = value
    spec = configured_pipeline(max_autotune=max_autotune, cuda=cuda)
    template_pass = next(p for p in build_pipeline(spec).passes if p.name == "kernel-mm-template")
    assert (template_pass.enabled, template_pass.choice, template_pass.grouped) == (enabled, choice, grouped)


@pytest.mark.parametrize(
    "dual, max_autotune, dual_only", [(True, False, True), (False, False, None), (True, True, False)]
)
def test_dual_matmuls_on_cuda_with_the_switch(monkeypatch, dual, max_autotune, dual_only):
    """CUDA inputs outside max-autotune: with IRC_MM_DUAL=1 (config.mm_dual) templates only for the pairs
    kernel-dual-matmul fuses, else none; under max-autotune every matmul with an epilogue."""
    from irc.pipeline import build_pipeline, configured_pipeline

    config.mm_template = "auto"
    monkeypatch.setattr(config, "mm_dual", dual)
    spec = configured_pipeline(max_autotune=max_autotune, cuda=True)
    template_pass = next(p for p in build_pipeline(spec).passes if p.name == "kernel-mm-template")
    got = template_pass.dual_only if template_pass.enabled else None
    assert got == dual_only


def test_an_unknown_switch_value_is_an_error():
    from irc.pipeline import configured_pipeline

    config.mm_template = "sometimes"
    with pytest.raises(ValueError, match="IRC_MM_TEMPLATE must be one of"):
        configured_pipeline()
