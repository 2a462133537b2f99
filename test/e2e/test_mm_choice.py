"""Matmul templates beside cuBLAS (kernel.choice): both alternatives compiled, the runtime runs the faster.
A loaded module keeps its decisions: each test compiles a graph of its own (sizes no other test uses), and a
faked measurement loads modules afresh.

On CPU nothing is measured and the extern runs; `template_wins` fakes a measurement in which the template is
faster, so its Triton GEMM (with the epilogue) runs through the interpreter. On CUDA the measurement is real.
"""

import uuid

import pytest
import torch
import torch.nn.functional as F

from harness import TOLERANCES, check
from harness import product_rand as rand
from irc import config, metrics
from irc.runtime import choice


@pytest.fixture
def choices():
    """kernel-mm-template{choice=true} on every device (the default only for CUDA inputs)."""
    config.mm_template = "choice"


def fake_measurement(monkeypatch, winner: str):
    """Every choice is measured (also on CPU tensors), `winner` fastest, and never cached; modules load afresh
    (a loaded module keeps its choices)."""
    from irc.runtime import loader

    monkeypatch.setattr(loader, "_loaded", {})
    monkeypatch.setattr(choice, "measurable", lambda reads, writes: True)
    times = lambda site, alternatives, reads, writes: [1.0 if n == winner else 2.0 for n in site.names]  # noqa: E731
    monkeypatch.setattr(choice, "measure", times)
    monkeypatch.setattr(choice.Choice, "key", lambda self, reads, writes: uuid.uuid4().hex)


@pytest.fixture(params=["template", "persistent"])
def template_wins(request, choices, monkeypatch, device):
    """On CPU each template variant in turn is measured fastest (the Triton interpreter runs it). On CUDA the
    module loads afresh for each variant: one loaded for an earlier variant's sizes has decided already and
    records nothing."""
    from irc.runtime import loader

    if device == "cpu":
        fake_measurement(monkeypatch, request.param)
    else:
        monkeypatch.setattr(loader, "_loaded", {})
    return request.param


def check_choice(fn, *inputs, chosen="template", kernels=3):
    """Compiled with choices matches eager; every site ran `chosen` (on CUDA: whatever measured faster)."""
    got = check(fn, *inputs, kernels=kernels)
    assert metrics.choices, "no kernel.choice ran"
    if inputs[0].device.type == "cpu":
        assert set(metrics.choices.values()) == {chosen}, metrics.choices
    return got


def test_the_extern_runs_where_nothing_is_measured(choices):
    weight, bias, x = rand(36, 22), rand(36), rand(44, 22)
    check_choice(lambda x: F.gelu(F.linear(x, weight, bias)), x, chosen="extern")


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
def test_the_extern_alternative_adds_the_bias_in_cublas(choices, dtype):
    """addmm's bias epilogue is aten::addmm in the cuBLAS alternative, as without templates (one rounding, no
    bias kernel); beta and alpha too, and a linear output also returned (addmm's out=)."""
    weight, bias, x = rand(23, 37, dtype=dtype), rand(23, dtype=dtype), rand(41, 37, dtype=dtype)
    check_choice(lambda x: F.gelu(F.linear(x, weight, bias)), x, chosen="extern")
    assert set(metrics.fallbacks) == {"aten::addmm.default"}, dict(metrics.fallbacks)
    scaled = lambda x: torch.relu(torch.addmm(bias, x, weight.T, beta=0.5, alpha=2.0))  # noqa: E731
    check_choice(scaled, x, chosen="extern")
    assert set(metrics.fallbacks) == {"aten::addmm.default"}, dict(metrics.fallbacks)
    check_choice(lambda x: (lambda y: (y, torch.sigmoid(y)))(F.linear(x, weight, bias)), x, chosen="extern")
    assert set(metrics.fallbacks) == {"aten::addmm.default"}, dict(metrics.fallbacks)


def test_the_faster_alternative_runs(choices, monkeypatch):
    fake_measurement(monkeypatch, "extern")
    weight, x = rand(21, 19), rand(35, 19)
    check_choice(lambda x: torch.relu(F.linear(x, weight)), x, chosen="extern")



@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
def test_bias_gelu_epilogue(template_wins, dtype, device):
    """addmm + GELU, odd sizes (M, N, K multiples of no block) and a transposed weight."""
    weight, bias = rand(37, 23, dtype=dtype, device=device), rand(37, dtype=dtype, device=device)
    x = rand(45, 23, dtype=dtype, device=device)
    check_choice(lambda x: F.gelu(F.linear(x, weight, bias)), x, chosen=template_wins)


def test_silu_gated_epilogue(template_wins, device):
    """Llama's gate: silu(x @ wg.t()) * (x @ wu.t()); both matmuls read x: one choice of dual-GEMM templates
    (test_dual_matmul.py has more)."""
    wg, wu, x = rand(40, 32, device=device), rand(40, 32, device=device), rand(2, 13, 32, device=device)
    check_choice(lambda x: F.silu(x @ wg.t()) * (x @ wu.t()), x, chosen=template_wins)


def test_residual_epilogue(template_wins, device):
    weight, bias = rand(19, 64, device=device), rand(19, device=device)
    x, residual = rand(70, 64, device=device), rand(70, 19, device=device)
    check_choice(lambda x, r: F.linear(x, weight, bias) + r, x, residual, chosen=template_wins)


def test_cast_epilogue(template_wins, device):
    """An f16 product cast to f32; eighths multiply and add exactly in the f32 accumulator."""
    a = ((rand(33, 48, device=device) * 8).round() / 8).to(torch.float16)
    b = ((rand(48, 20, device=device) * 8).round() / 8).to(torch.float16)
    fn = lambda a, b: (a @ b).float() * 2  # noqa: E731
    torch._dynamo.reset()
    metrics.reset()
    got = torch.compile(fn, backend="irc")(a, b)
    assert got.dtype == torch.float32 and metrics.generated_kernel_count == 3 and metrics.choices
    torch.testing.assert_close(got, fn(a, b), **TOLERANCES[torch.float16])


def test_cast_and_scale_prologue(template_wins, device):
    """A scaled f32 input cast to f16 before the matmul: the templates compute it per tile (a prologue), the
    extern alternative in a kernel of its own before cuBLAS (the kernels: two templates, the prologue's and
    the epilogue's)."""
    x, weight = rand(29, 24, device=device), rand(24, 31, dtype=torch.float16, device=device)
    check_choice(lambda x: torch.tanh((x * 0.5).half() @ weight), x, chosen=template_wins, kernels=4)


def test_non_contiguous_operands(template_wins, device):
    """Strided slices with storage offsets and row strides above K."""
    a, b = rand(30, 50, device=device), rand(60, 22, device=device)
    check_choice(lambda a, b: (a[:, 7:40] @ b[11:44, 3:]) + 1, a, b, chosen=template_wins)


def test_bmm_with_transposed_operand(template_wins, device):
    a, b = rand(2, 24, 9, device=device), rand(2, 31, 9, device=device)
    check_choice(lambda a, b: torch.relu(torch.bmm(a, b.transpose(1, 2))), a, b, chosen=template_wins)


def test_product_also_returned(template_wins, device):
    """The product is an output too: cuBLAS writes it into its buffer (mm.out), the template stores it."""
    a, b = rand(20, 16, device=device), rand(16, 24, device=device)
    check_choice(lambda a, b: ((c := a @ b), torch.sigmoid(c)), a, b, chosen=template_wins)


def test_a_failing_compile_falls_back_to_cublas(choices, monkeypatch, device):
    """Anything failing in the pipeline making choices: the graph compiles again with cuBLAS only."""
    from irc.passes.kernel_fuse import build

    def broken(*args):
        raise RuntimeError("a template that does not lower")

    monkeypatch.setattr(build, "build_choice", broken)
    a, b = rand(23, 14, device=device), rand(14, 27, device=device)
    check(lambda a, b: torch.relu(a @ b) * 3, a, b, kernels=1, fallbacks={"aten::mm.default": 1})
    assert not metrics.choices


@pytest.fixture
def tma_wins(choices, monkeypatch, device):
    """IRC_MM_TMA=1: each choice also offers a template loading through tensor descriptors; on CPU it is
    measured fastest (the Triton interpreter runs it)."""
    monkeypatch.setattr(config, "mm_tma", True)
    if device == "cpu":
        fake_measurement(monkeypatch, "tma")


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_tma_bias_gelu(tma_wins, dtype, device):
    """A weight contiguous along K (read through its [N, K] descriptor and transposed), odd M and N."""
    weight, bias = rand(40, 32, dtype=dtype, device=device), rand(40, dtype=dtype, device=device)
    x = rand(45, 32, dtype=dtype, device=device)
    check_choice(lambda x: F.gelu(F.linear(x, weight, bias)), x, chosen="tma", kernels=4)


def test_tma_operand_contiguous_along_m(tma_wins, device):
    """A transposed activation (contiguous along M) and a weight contiguous along N, with a residual."""
    a, b = rand(64, 40, dtype=torch.float16, device=device), rand(64, 24, dtype=torch.float16, device=device)
    r = rand(40, 24, dtype=torch.float16, device=device)
    check_choice(lambda a, b, r: a.t() @ b + r, a, b, r, chosen="tma", kernels=4)


def test_tma_needs_aligned_strides(choices, monkeypatch, device):
    """K = 20 f16 elements: rows 40 bytes apart, not a multiple of 16: no TMA alternative."""
    monkeypatch.setattr(config, "mm_tma", True)
    if device == "cpu":
        fake_measurement(monkeypatch, "template")
    a, b = rand(30, 20, dtype=torch.float16, device=device), rand(20, 24, dtype=torch.float16, device=device)
    check_choice(lambda a, b: torch.relu(a @ b), a, b, kernels=3)
