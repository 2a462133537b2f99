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
    "kernel-plan-memory": "irc.passes.kernel_plan_memory:KernelPlanMemoryPass",
    "kernel-dedup": "irc.passes.kernel_dedup:KernelDedupPass",
    "convert-kernel-to-triton": "irc.passes.convert_kernel_to_triton:ConvertKernelToTritonPass",
}

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


def load_all_dialects(ctx) -> None:
    """Registers irc's dialects (lazily) in `ctx`, skipping those already there (e.g. via the universe)."""
    install_xdsl_changes()  # irc's parsing, verification and printing from here on
    for name, factory in get_all_dialects().items():
        if name not in ctx.registered_dialect_names:
            ctx.register_dialect(name, factory)
