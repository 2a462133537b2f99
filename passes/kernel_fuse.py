"""kernel-fuse: group the host's loop ops into `kernel.kernel`s and launch them (loop -> kernel).

    func.func @f(%x: !loop.buffer<[3, 9], f32, strides [9, 1]>) -> !loop.buffer<[3], f32, strides [1]> {
      %s = loop.reduction sum ranges [3] reduce [9] { ... } : !loop.buffer<[3], f32, strides [1]>
      %t = loop.pointwise ranges [3] { ... loop.load %s[#loop.index<"i0">] ... } : !loop.buffer<[3], f32, ...>
      func.return %t : !loop.buffer<[3], f32, strides [1]>
    }
becomes
    kernel.kernel @triton_red_fused_sigmoid_sum_0(%arg0: !loop.buffer<[3, 9], f32, strides [9, 1]>)
        -> (!loop.buffer<[3], f32, strides [1]>) reduction numel 3 rnumel 9 {
      %s = loop.reduction sum ranges [3] reduce [9] { ... }
      %t = loop.pointwise ranges [3] { ... loop.load %s[#loop.index<"i0">] ... }
      kernel.yield %t : !loop.buffer<[3], f32, strides [1]>
    }
    func.func @f(%x: ...) -> ... {
      %t = kernel.alloc : !loop.buffer<[3], f32, strides [1]>
      kernel.launch @triton_red_fused_sigmoid_sum_0(%x) outs(%t) : (...) -> (...)
      func.return %t : !loop.buffer<[3], f32, strides [1]>
    }

Loads through `loop.reinterpret` are first folded into loads of the view's source, so buffers produced and
read inside one kernel are never materialized. What fuses is decided by fusion_plan.FusionPlanner; the
options turn off vertical (producer -> consumer), epilogue (pointwise after a reduction) and horizontal
(independent ops sharing an input) fusion.
"""

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.ir import Block
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import PassFailedException

from irc.dialects.loop import ReinterpretOp
from irc.passes.fusion_build import KernelNamer, build_host
from irc.passes.fusion_graph import LOOP_OPS
from irc.passes.fusion_index import fold_reinterpret_load, loads_of
from irc.passes.fusion_plan import FusionOptions, plan_fusion


def fold_view_loads(block: Block) -> None:
    """Loads through views become loads of their sources; views nothing uses any more are erased."""
    for op in block.ops:
        if isinstance(op, LOOP_OPS):
            for load in loads_of(op):
                while fold_reinterpret_load(load):
                    pass
    for op in reversed(list(block.ops)):
        if isinstance(op, ReinterpretOp) and not op.result.uses:
            op.detach()
            op.erase()


def check_loop_ops_at_top_level(func: FuncOp) -> None:
    """Loop ops nested in other host ops (scf.if, ...) cannot become kernels."""
    for op in func.walk():
        if isinstance(op, LOOP_OPS) and op.parent_op() is not func and not isinstance(op.parent_op(), LOOP_OPS):
            raise PassFailedException(
                f"kernel-fuse: {op.name} inside {op.parent_op().name} is not at the top level of @{func.sym_name.data}"
            )


def host_funcs(module: ModuleOp) -> list[FuncOp]:
    return [op for op in module.body.block.ops if isinstance(op, FuncOp) and op.body.blocks]


@dataclass(frozen=True)
class KernelFusePass(ModulePass):
    """Makes fusion groups (kernel.kernel) and the host program (kernel.alloc, kernel.launch) of loop ops."""

    name = "kernel-fuse"

    vertical: bool = True
    horizontal: bool = True
    epilogue: bool = True

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        options = FusionOptions(self.vertical, self.horizontal, self.epilogue)
        namer = KernelNamer(op.body.block)
        for func in host_funcs(op):
            check_loop_ops_at_top_level(func)
            fold_view_loads(func.body.block)
            build_host(func, plan_fusion(func.body.block, options), namer)
