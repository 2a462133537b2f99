"""kernel-fuse: group the host's loop ops into `kernel.kernel`s and launch them (loop -> kernel).

    func.func @f(%x: !loop.buffer<[3, 9], f32, strides [9, 1]>) -> !loop.buffer<[3], f32, strides [1]> {
      %s = loop.reduction sum ranges [3] reduce [9] { ... } : !loop.buffer<[3], f32, strides [1]>
      %t = loop.pointwise ranges [3] { ... loop.load %s[#loop.index<"i0">] ... } : !loop.buffer<[3], f32, ...>
      func.return %t : !loop.buffer<[3], f32, strides [1]>
    }
becomes
    kernel.kernel @fused_sigmoid_sum_0(%arg0: !loop.buffer<[3, 9], f32, strides [9, 1]>)
        -> (!loop.buffer<[3], f32, strides [1]>) reduction numel 3 rnumel 9 {
      %s = loop.reduction sum ranges [3] reduce [9] { ... }
      %t = loop.pointwise ranges [3] { ... loop.load %s[#loop.index<"i0">] ... }
      kernel.yield %t : !loop.buffer<[3], f32, strides [1]>
    }
    func.func @f(%x: ...) -> ... {
      %t = kernel.alloc : !loop.buffer<[3], f32, strides [1]>
      kernel.launch @fused_sigmoid_sum_0(%x) outs(%t) : (...) -> (...)
      func.return %t : !loop.buffer<[3], f32, strides [1]>
    }

Loads through `loop.reinterpret` are first folded into loads of the view's source, so buffers produced and
read inside one kernel are never materialized. What fuses is decided by plan.FusionPlanner; the
options turn off vertical (producer -> consumer), epilogue (pointwise after a reduction) and horizontal
(independent ops sharing an input) fusion. `report=PATH` writes what was fused and every rejected candidate
with its reason (PATH.txt), and the op graph coloured by kernel (PATH.dot, PATH.svg); see report.py.

A `kernel.matmul` (kernel-mm-template) is fusable too: with the pointwise consumers of its result that read
it at their own positions it becomes one `template` kernel (they are its epilogue, fused as epilogue
candidates); one that fused nothing goes back to an `aten::mm` / `aten::bmm` extern (build.py). One marked
`choice` becomes a `kernel.choice` between the template and cuBLAS with the epilogue as a kernel of its own
(choice.py); the report lists each choice. The loop.pointwise computing a matmul operand as a prologue
(a cast or scale of one buffer in the operand's coordinates, made by kernel-mm-template) fuses into the
template too, before the matmul, when only the template reads it (`prologue=false` turns that off):

    kernel.kernel @fused_mm_relu_0(%x: !loop.buffer<[33, 48], f32, ...>, %w: ...) -> (...) template ... {
      %h = loop.pointwise ranges [33, 48] { ... loop.cast ... : f32 to f16 ... }   // the prologue
      %c = kernel.matmul %h, %w : (...) -> ...
      %r = loop.pointwise ranges [660] { ... relu of loop.load %c ... }          // the epilogue
      kernel.yield %r : ...
    }

A cuBLAS alternative computes the prologue in a kernel of its own; the report lists it as `prologue:`.
"""

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.ir import Block
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import PassFailedException

from irc.dialects.loop import ReinterpretOp
from irc.dialects.loop_analysis.graph import FUSABLE_OPS, LOOP_OPS
from irc.dialects.loop_analysis.index import fold_reinterpret_load, loads_of
from irc.options import CheckedOptions, option
from irc.passes.kernel_fuse.build import KernelNamer, build_host
from irc.passes.kernel_fuse.plan import FusionOptions, FusionPlanner


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
        if isinstance(op, FUSABLE_OPS) and op.parent_op() is not func and not isinstance(op.parent_op(), LOOP_OPS):
            raise PassFailedException(
                f"kernel-fuse: {op.name} inside {op.parent_op().name} is not at the top level of @{func.sym_name.data}"
            )


def host_funcs(module: ModuleOp) -> list[FuncOp]:
    return [op for op in module.body.block.ops if isinstance(op, FuncOp) and op.body.blocks]


@dataclass(frozen=True)
class KernelFusePass(CheckedOptions, ModulePass):
    """Makes fusion groups (kernel.kernel) and the host program (kernel.alloc, kernel.launch) of loop ops."""

    name = "kernel-fuse"

    vertical: bool = True
    horizontal: bool = True
    epilogue: bool = True
    prologue: bool = True
    """the loop.pointwise computing a template's operand (a cast or scale of one buffer) into the template"""
    report: str = option("", path=True)
    """a path prefix: write the fusion report to report.txt, report.dot and report.svg"""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        options = FusionOptions(self.vertical, self.horizontal, self.epilogue, self.prologue)
        namer = KernelNamer(op.body.block)
        reports = [fuse_function(func, options, namer, bool(self.report)) for func in host_funcs(op)]
        if self.report:
            from irc.passes.kernel_fuse.report import write_report

            try:
                write_report(self.report, reports)
            except OSError as exc:
                raise PassFailedException(f"kernel-fuse: cannot write the fusion report {self.report}: {exc}")


def fuse_function(func: FuncOp, options: FusionOptions, namer: KernelNamer, with_report: bool):
    """Plans and builds the kernels of one host function; returns its fusion report when asked for."""
    check_loop_ops_at_top_level(func)
    fold_view_loads(func.body.block)
    planner = FusionPlanner(func.body.block, options)
    items = planner.plan()
    labels = None
    if with_report:  # before building: a lone kernel.matmul is replaced by an extern there
        from irc.passes.kernel_fuse.report import describe

        labels = [describe(op, k) for k, op in enumerate(planner.ops)]
    kernel_names = build_host(func, items, namer)
    if not with_report:
        return None
    from irc.kernel_bytes import host_launch_bytes
    from irc.passes.kernel_fuse.report import function_report

    bytes_by_kernel = {b.kernel: (str(b.read), str(b.written)) for b in host_launch_bytes(func)}
    return function_report(func.sym_name.data, planner, kernel_names, bytes_by_kernel, labels, func)
