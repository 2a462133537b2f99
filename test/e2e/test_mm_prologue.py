"""Matmul templates whose operands are casts or scales of one buffer: the template loads that buffer's
tiles and applies the cast or scale in registers before the dot (prologue fusion: kernel-mm-template,
kernel-fuse)."""

import torch
import torch.nn.functional as F

from harness import TOLERANCES, check
from harness import product_rand as rand
from irc import config, metrics

FUSE_SPEC = ",".join(
    ["convert-aten-to-loop", "loop-inline", "cse", "dce", "loop-simplify", "kernel-mm-template"]
    + ["kernel-dual-matmul", "kernel-fuse"]
)


def template_kernels(fn, *inputs) -> list:
    """The template kernels of `fn`'s one graph after kernel-fuse (templates on)."""
    from xdsl.parser import Parser

    from irc.dialects import kernel
    from irc.pipeline import make_context, run_pipeline
    from irc.tools.fx_to_mlir import capture

    (text,) = capture(fn, list(inputs))
    module = Parser(make_context(), text).parse_module()
    run_pipeline(module, make_context(), FUSE_SPEC)
    return [op for op in module.walk() if isinstance(op, kernel.KernelOp) and op.kind.data == "template"]


def prologue_operands(template) -> list[int]:
    """Which operands (0: A, 1: B) of the template's matmul a loop.pointwise inside the kernel computes."""
    from irc.dialects import loop
    from irc.dialects.kernel_template import TEMPLATE_OPS

    matmul = next(op for op in template.body.block.ops if isinstance(op, TEMPLATE_OPS))
    return [k for k, v in enumerate(matmul.operands) if isinstance(v.owner, loop.PointwiseOp)]


def check_fused(fn, *inputs, prologues, kernels=1, tolerance=None):
    """Compiled with templates matches eager in `kernels` kernels and no extern; the one template's matmul
    reads the operands `prologues` from prologues inside it."""
    (template,) = template_kernels(fn, *inputs)
    assert prologue_operands(template) == prologues
    if tolerance is None:
        check(fn, *inputs, kernels=kernels)
    else:
        torch._dynamo.reset()
        metrics.reset()
        got = torch.compile(fn, backend="irc")(*inputs)
        assert metrics.generated_kernel_count == kernels
        torch.testing.assert_close(got, fn(*inputs), **tolerance)
    assert not metrics.fallbacks, dict(metrics.fallbacks)


def test_cast_prologue_alone(templates):
    """f32 activations cast to f16 for an f16 weight: one template reading the f32 tiles, no cast kernel,
    and a template though no epilogue follows."""
    x, w = rand(33, 40), rand(40, 20, dtype=torch.float16)
    check_fused(lambda x: x.half() @ w, x, prologues=[0])


def test_scale_prologue_with_transposed_weight(templates):
    """x * 0.125 @ w.t(): the scale in registers, the weight read transposed; K = 45 is ragged in BLOCK_K."""
    x, w = rand(37, 45), rand(26, 45)
    check_fused(lambda x, w: torch.relu((x * 0.125) @ w.t()), x, w, prologues=[0])


def test_both_operands_and_a_zero_dim_scale(templates):
    """A: an upcast of f16 activations; B: a transposed f32 weight divided by a 0-d tensor."""
    x, w, s = rand(29, 19, dtype=torch.float16), rand(23, 19), rand(()) + 2
    check_fused(lambda x, w, s: (x.float() @ (w.t() / s)) + 1, x, w, s, prologues=[0, 1])


def test_prologue_read_elsewhere(templates):
    """The scaled activations are also returned: they are written by a kernel of their own, and the template
    still recomputes them from x (no extra bytes per tile)."""
    x, w = rand(24, 16), rand(16, 30)
    fn = lambda x: ((h := x * 0.5), torch.sigmoid(h @ w))  # noqa: E731
    check_fused(fn, x, prologues=[0], kernels=2)


def test_batched_cast_prologue_with_odd_sizes(templates):
    """bmm of a bf16 cast of a non-contiguous (permuted) f32 tensor: per-batch tiles read through its
    strides."""
    a, b = rand(17, 3, 21), rand(3, 21, 13, dtype=torch.bfloat16)
    fn = lambda a, b: torch.bmm(a.permute(1, 0, 2).to(torch.bfloat16), b) * 2  # noqa: E731
    check_fused(fn, a, b, prologues=[0], tolerance=TOLERANCES[torch.bfloat16])


def test_gated_mlp_of_a_cast_input(templates):
    """silu(h @ wg) * (h @ wu) with h = x.half(): one dual-GEMM template, the cast computed once per A
    tile."""
    wg, wu = rand(32, 40, dtype=torch.float16), rand(32, 40, dtype=torch.float16)
    fn = lambda x: (lambda h: F.silu(h @ wg) * (h @ wu))(x.half())  # noqa: E731
    check_fused(fn, rand(2, 13, 32), prologues=[0])


def test_softmax_normalization_stays_in_the_softmax(templates):
    """A causal softmax before P @ V (GPT-2's attention, f16, odd sizes): the division by the row sums could
    be P @ V's prologue, but joining the softmax kernel saves more (its f32 exponentials never reach memory),
    so it does, and the matmul, with nothing left to fuse, stays cuBLAS: one softmax kernel, no template."""
    s, v = rand(2, 3, 17, 17, dtype=torch.float16), rand(2, 3, 17, 11, dtype=torch.float16)

    def fn(s, v):
        causal = torch.ones(17, 17, dtype=torch.bool, device=s.device).tril()
        p = (s * 0.125).masked_fill(~causal, float("-inf"))
        return torch.softmax(p.float(), dim=-1).to(torch.float16) @ v

    assert template_kernels(fn, s, v) == []
    check(fn, s, v, kernels=1)
    assert set(metrics.fallbacks) == {"aten::bmm.default"}, dict(metrics.fallbacks)


def test_cublas_alternative_computes_the_prologue(templates):
    """Beside cuBLAS (a kernel.choice, whose extern runs where nothing is measured): the templates fuse the
    cast, the extern alternative casts in a kernel of its own (kernels: two templates and the cast)."""
    config.mm_template = "choice"
    x, w = rand(26, 18), rand(18, 15, dtype=torch.float16)
    check(lambda x: x.half() @ w, x, kernels=3)
    assert set(metrics.choices.values()) == {"extern"}, metrics.choices


def test_tma_template_reads_the_source_through_a_descriptor(monkeypatch):
    """Choices with TMA, the TMA template measured fastest: A is a cast of f32 activations (a descriptor of
    the f32 source, the cast in registers), B a transposed f16 weight divided by a 0-d tensor, loaded once
    (K = 40: ragged in BLOCK_K, so lanes past K are zeroed after the division). Kernels: three templates, and
    for cuBLAS the two prologues' and the epilogue's."""
    import uuid

    from irc.runtime import choice, loader

    config.mm_template = "choice"
    monkeypatch.setattr(config, "mm_tma", True)
    monkeypatch.setattr(loader, "_loaded", {})
    monkeypatch.setattr(choice, "measurable", lambda reads, writes: True)
    times = lambda site, alts, reads, writes: [1.0 if n == "tma" else 2.0 for n in site.names]  # noqa: E731
    monkeypatch.setattr(choice, "measure", times)
    monkeypatch.setattr(choice.Choice, "key", lambda self, reads, writes: uuid.uuid4().hex)
    x, w, s = rand(36, 40), rand(24, 40, dtype=torch.float16), rand((), dtype=torch.float16) + 2
    check(lambda x, w, s: torch.relu(x.half() @ (w.t() / s)), x, w, s, kernels=6)
    assert set(metrics.choices.values()) == {"tma"}, metrics.choices
