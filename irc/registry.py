"""Lazy registries of irc's dialects, passes and targets: names map to factories, so listing is free."""

from collections.abc import Callable
from importlib import import_module
from typing import Any

from irc.xdsl_install import install as install_xdsl_changes

DIALECTS = {
    "aten": "irc.dialects.aten:Aten",
    "loop": "irc.dialects.loop:Loop",
    "kernel": "irc.dialects.kernel:Kernel",
    "triton": "irc.dialects.triton:Triton",
}

# pipeline name -> "module:class"; one file per pass, named after its pipeline name
PASSES: dict[str, str] = {
    "aten-layout": "irc.passes.aten_layout:AtenLayoutPass",
    "aten-unfuse-conv-bias": "irc.passes.aten_unfuse_conv_bias:AtenUnfuseConvBiasPass",
    "aten-pad-mm": "irc.passes.aten_pad_mm:AtenPadMmPass",
    "convert-aten-to-loop": "irc.passes.convert_aten_to_loop:ConvertAtenToLoopPass",
    "loop-inline": "irc.passes.loop_inline:LoopInlinePass",
    "loop-peephole": "irc.passes.loop_peephole:LoopPeepholePass",
    "loop-simplify": "irc.passes.loop_simplify:LoopSimplifyPass",
    "kernel-mm-template": "irc.passes.kernel_mm_template:KernelMmTemplatePass",
    "kernel-dual-matmul": "irc.passes.kernel_dual_matmul:KernelDualMatmulPass",
    "kernel-fuse": "irc.passes.kernel_fuse:KernelFusePass",
    "kernel-tile": "irc.passes.kernel_tile:KernelTilePass",
    "kernel-split-reduction": "irc.passes.kernel_split_reduction:KernelSplitReductionPass",
    "kernel-overlap-comm": "irc.passes.kernel_overlap_comm:KernelOverlapCommPass",
    "kernel-plan-memory": "irc.passes.kernel_plan_memory:KernelPlanMemoryPass",
    "kernel-dedup": "irc.passes.kernel_dedup:KernelDedupPass",
    "convert-kernel-to-triton": "irc.passes.convert_kernel_to_triton:ConvertKernelToTritonPass",
}

# the one line `irc-opt --help` shows for each pass it offers
PASS_HELP = {
    "aten-layout": "channels_last activations where the graph's convolutions gain by it",
    "aten-unfuse-conv-bias": "a convolution's bias as an add that fuses into the kernel reading its result",
    "aten-pad-mm": "matmuls with misaligned output rows compute into a padded buffer",
    "convert-aten-to-loop": "aten -> loop: type promotion, broadcasting, decompositions, index math",
    "loop-inline": "compose cheap pointwise producers into their consumers; fold loads through views",
    "loop-peephole": "exact algebraic rewrites of body math (1 + tanh(y) -> 2 sigmoid(2y))",
    "loop-simplify": "drop size-1 dims, order dims by stride, merge dims contiguous in every access",
    "kernel-mm-template": "matmul externs -> Triton GEMM templates (or a kernel.choice beside cuBLAS)",
    "kernel-dual-matmul": "two matmuls of one A read by one pointwise (a gated MLP): one dual-GEMM template",
    "kernel-fuse": "loop -> kernel: fusion groups (future kernels) and the host program",
    "kernel-tile": "block sizes, persistent vs looped reductions, num_warps, autotune candidates",
    "kernel-split-reduction": "few long rows: a partial-reduction kernel, then a combining one",
    "kernel-overlap-comm": "collectives start early, their waits come late: independent kernels overlap them",
    "kernel-plan-memory": "host program: externs into out= buffers, buffer reuse, frees after last use",
    "kernel-dedup": "kernels equal up to their name: one kept, launched for all",
    "convert-kernel-to-triton": "kernel -> triton: masks, offsets, reductions, loads and stores",
    "canonicalize": "xDSL: the dialects' canonicalization patterns and folders, dead code removal",
    "cse": "xDSL: common subexpression elimination",
    "dce": "xDSL: dead code elimination",
    "licm": "xDSL: hoist loop-invariant side-effect-free ops out of scf.for loops",
    "reconcile-unrealized-casts": "xDSL: fold and remove builtin.unrealized_conversion_cast chains",
}

# xDSL's passes that irc offers (irc-opt, pipelines): rewrites of the IR in memory only. Left out on purpose:
# passes that run a program (mlir-opt), interpret IR as a program (transform-interpreter, apply-pdl*,
# constant-fold-interp, eqsat), write files, or lower to other targets irc does not emit.
XDSL_PASSES = ("canonicalize", "cse", "dce", "licm", "reconcile-unrealized-casts")

# output targets irc-opt offers: the IR itself (xDSL's printer) and irc's Triton Python
XDSL_TARGETS = ("mlir",)
TARGETS = {
    "triton": "irc.target.triton:TritonTarget",
}


def _lazy(path: str) -> Callable[[], Any]:
    module, attr = path.split(":")
    return lambda: getattr(import_module(module), attr)


def get_all_dialects() -> dict[str, Callable[[], Any]]:
    return {name: _lazy(path) for name, path in DIALECTS.items()}


def get_all_passes() -> dict[str, Callable[[], Any]]:
    return {name: _lazy(path) for name, path in PASSES.items()}


def get_all_targets() -> dict[str, Callable[[], Any]]:
    return {name: _lazy(path) for name, path in TARGETS.items()}


def get_offered_passes() -> dict[str, Callable[[], Any]]:
    """irc's passes and the safe subset of xDSL's (XDSL_PASSES): what irc-opt and irc's pipelines may run."""
    from xdsl.transforms import get_all_passes as xdsl_passes

    xdsl = xdsl_passes()
    return {**{name: xdsl[name] for name in XDSL_PASSES}, **get_all_passes()}


def get_offered_targets() -> dict[str, Callable[[], Any]]:
    from xdsl.targets import get_all_targets as xdsl_targets

    xdsl = xdsl_targets()
    return {**{name: xdsl[name] for name in XDSL_TARGETS}, **get_all_targets()}


def load_all_dialects(ctx) -> None:
    """Registers irc's dialects (lazily) in `ctx`, skipping those already there (e.g. via the universe)."""
    install_xdsl_changes()  # irc's parsing, verification and printing from here on
    for name, factory in get_all_dialects().items():
        if name not in ctx.registered_dialect_names:
            ctx.register_dialect(name, factory)
