"""Moving a reduction kernel's full-shape pointwise ops that do not read its results into a pointwise kernel
launched before it; the reduction kernel then reads what they wrote.

Used by kernel-split-reduction before it splits an outer reduction whose kernel also writes the values it
reduces (a batch norm output, stored, whose spatial mean a squeeze-and-excitation block takes):

    kernel @k(%x) -> (!loop.buffer<[8, 32, 4096], ...>, !loop.buffer<[8, 32], ...>) reduction ... {
      %y = loop.pointwise ranges [8, 32, 4096] { ... loop.load %x ... }
      %m = loop.reduction sum ranges [8, 32] reduce [4096] { ... loop.load %y[...] ... }
      kernel.yield %y, %m
    }
becomes
    kernel @k_prologue(%x) -> (!loop.buffer<[8, 32, 4096], ...>) pointwise ... { %y = ...; kernel.yield %y }
    kernel @k(%y) -> (!loop.buffer<[8, 32], ...>) reduction ... { %m = ...; kernel.yield %m }
"""

from collections.abc import Sequence

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import BlockArgument, Operation, SSAValue

from irc.dialects import kernel
from irc.passes.kernel_split_reduction.epilogue import (
    allocate_missing,
    build_epilogue_kernel,
    drop_unused_args,
    launches_of,
    outside_operands,
    set_signature,
)


def reads_only_arguments(ops: Sequence[Operation], k: kernel.KernelOp) -> bool:
    return all(isinstance(v, BlockArgument) and v.owner is k.body.block for v in outside_operands(ops))


def split_off_prologue(module: ModuleOp, k: kernel.KernelOp, prologue: Sequence[Operation]) -> None:
    """Moves `prologue` (full-shape pointwise ops of `k` reading only its arguments) into a kernel launched
    before `k`."""
    yielded = list(k.body.block.last_op.operands)
    reads = outside_operands(prologue)
    read_args = [a.index for a in reads]  # before drop_unused_args renumbers the arguments
    results = [r for op in prologue for r in op.results]
    prologue_kernel = build_epilogue_kernel(k, prologue, reads, results, "prologue")
    module.body.block.insert_op_before(prologue_kernel, k)
    block = k.body.block
    n_args = len(block.args)
    for r in results:
        r.replace_all_uses_with(block.insert_arg(r.type, len(block.args)))
    kept = [v for v in yielded if v not in results]
    old_yield = block.last_op
    old_yield.detach()
    old_yield.erase()
    block.add_op(kernel.YieldOp(*kept))
    for op in reversed(list(prologue)):
        op.detach()
        op.erase()
    set_signature(k)
    unused = drop_unused_args(k)
    for launch in launches_of(module, k):
        launch_prologue_before(launch, prologue_kernel, yielded, results, read_args, n_args, unused)


def launch_prologue_before(
    launch: kernel.LaunchOp, prologue_kernel: kernel.KernelOp, yielded: list[SSAValue],
    results: list[SSAValue], read_args: list[int], n_args: int, unused: list[int],
) -> None:
    """The prologue kernel writes its values (into the reduction kernel's old outputs, or new buffers), then
    the reduction kernel reads them."""
    ins = list(launch.ins)
    buffer_of: dict[SSAValue, SSAValue] = dict(zip(yielded, launch.outs))
    allocs = allocate_missing(results, buffer_of)
    first = kernel.LaunchOp(
        prologue_kernel.sym_name.data, [ins[n] for n in read_args], [buffer_of[r] for r in results]
    )
    all_ins = ins[:n_args] + [buffer_of[r] for r in results]
    second = kernel.LaunchOp(
        launch.callee,
        [v for n, v in enumerate(all_ins) if n not in unused],
        [buffer_of[v] for v in yielded if v not in results],
    )
    launch.parent_block().insert_ops_before([*allocs, first, second], launch)
    launch.detach()
    launch.erase()
