"""Moving a reduction kernel's full-shape (x and r) pointwise ops into a pointwise kernel of their own.

Used by kernel-split-reduction before it splits a softmax-like kernel: the statistics (reductions and the
x-shaped values computed from them) stay in the reduction kernel and become outputs, written to small
buffers the host allocates; the epilogue kernel reads them with the kernel's inputs:

    kernel @k(%x) -> (!loop.buffer<[4, 8192], ...>) reduction numel 4 rnumel 8192 {
      %m = loop.reduction max ranges [4] reduce [8192] {...}
      %y = loop.pointwise ranges [4, 8192] { ... loop.load %m[#loop.index<"i0">] ... }
      kernel.yield %y
    }
becomes
    kernel @k(%x) -> (!loop.buffer<[4], ...>) reduction numel 4 rnumel 8192 { %m = ...; kernel.yield %m }
    kernel @k_epilogue(%x, %m) -> (!loop.buffer<[4, 8192], ...>) pointwise numel 32768 rnumel 1 {
      %y = loop.pointwise ranges [4, 8192] {...}
      kernel.yield %y
    }

A kernel whose later reductions read its own full-shape ops (a batch norm's backward, then a sum over the
input gradient it wrote: the bias gradient of the convolution before it) is cut before the first such op
(`later_stage`): the statistics stay, the rest becomes a reduction kernel of its own reading them, which the
pass then splits like any other (its full-shape ops moving to a prologue kernel when it is an outer
reduction).
"""

from collections.abc import Sequence
from math import prod

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, BlockArgument, Operation, OpResult, Region, SSAValue

from irc.dialects import kernel, loop
from irc.dialects.model_source import copy_sources
from irc.dialects.types import dim_value
from irc.dialects.loop_analysis.graph import defined_inside
from irc.dialects.kernel_analysis.tiling import static_int


def launches_of(module: ModuleOp, k: kernel.KernelOp) -> list[kernel.LaunchOp]:
    name = k.sym_name.data
    return [o for o in module.walk() if isinstance(o, kernel.LaunchOp) and o.callee.string_value() == name]


def drop_unused_args(k: kernel.KernelOp) -> list[int]:
    """Erases the kernel's unused arguments; returns their old positions."""
    unused = [a.index for a in k.body.block.args if not a.uses]
    for position in reversed(unused):
        k.body.block.erase_arg(k.body.block.args[position])
    set_signature(k)
    return unused


def set_signature(k: kernel.KernelOp) -> None:
    """The kernel's function type from its block arguments and its yield."""
    k.function_type = type(k.function_type).from_lists(
        [a.type for a in k.body.block.args], [v.type for v in k.body.block.last_op.operands]
    )


def outside_operands(ops: Sequence[Operation]) -> list[SSAValue]:
    """Values the ops (and their bodies) use but do not define: kernel arguments, then results in op order."""
    inside = {o for op in ops for o in op.walk()}
    found = {v: None for o in inside for v in o.operands if not defined_inside(v, inside)}
    return sorted(found, key=_position)


def _position(value: SSAValue) -> tuple[int, int, int]:
    """Arguments first, then results by op and result number (a welford reduction's three results)."""
    if isinstance(value, BlockArgument):
        return (0, value.index, 0)
    block = value.owner.parent_block()
    return (1, list(block.ops).index(value.owner), value.index)


def suffixed_name(name: str, suffix: str) -> str:
    """`sum_0` -> `sum_{suffix}_0` (the number stays last)."""
    stem, _, index = name.rpartition("_")
    return f"{stem}_{suffix}_{index}" if index.isdigit() else f"{name}_{suffix}"


def later_stage(k: kernel.KernelOp) -> list[Operation]:
    """The ops of `k` from its first full-shape pointwise op that a later reduction reads, when reductions
    come before it; [] otherwise."""
    ops = [o for o in k.body.block.ops if not isinstance(o, kernel.YieldOp)]
    reductions = [o for o in ops if isinstance(o, loop.ReductionOp)]
    if not reductions:
        return []
    full = {o for o in ops if isinstance(o, loop.PointwiseOp)
            and [dim_value(d) for d in o.ranges.data] != [dim_value(d) for d in reductions[0].ranges.data]}
    read_by_reductions = {v.owner for r in reductions for v in outside_operands([r])}
    cut = next((n for n, o in enumerate(ops) if o in full and o in read_by_reductions), 0)
    return ops[cut:] if any(isinstance(o, loop.ReductionOp) for o in ops[:cut]) else []


def split_off_epilogue(module: ModuleOp, k: kernel.KernelOp, epilogue: Sequence[Operation],
                       kind: str = "pointwise") -> kernel.KernelOp:
    """Moves `epilogue` (full-shape pointwise ops of `k`, or with `kind` "reduction" the later ops of a
    reduction kernel) into a new kernel after `k`."""
    yielded = list(k.body.block.last_op.operands)
    moved = set(epilogue)
    reads = outside_operands(epilogue)
    read_args = [v.index if isinstance(v, BlockArgument) else None for v in reads]
    stats = [v for v in reads if isinstance(v, OpResult)]
    outputs = [v for v in yielded if v.owner in moved]
    suffix = "epilogue" if kind == "pointwise" else "stage"
    epilogue_kernel = build_epilogue_kernel(k, epilogue, reads, outputs, suffix, kind)
    module.body.block.insert_op_after(epilogue_kernel, k)
    kept = [v for v in yielded if v.owner not in moved]
    new_outputs = kept + [v for v in stats if v not in kept]
    old_yield = k.body.block.last_op
    old_yield.detach()
    old_yield.erase()
    k.body.block.add_op(kernel.YieldOp(*new_outputs))
    for op in reversed(list(epilogue)):
        op.detach()
        op.erase()
    unused = drop_unused_args(k)
    for launch in launches_of(module, k):
        launch_epilogue_after(launch, epilogue_kernel, yielded, new_outputs, reads, read_args, unused)
    return epilogue_kernel


def build_epilogue_kernel(k: kernel.KernelOp, epilogue: Sequence[Operation], reads: Sequence[SSAValue],
                          outputs: Sequence[SSAValue], suffix: str = "epilogue",
                          kind: str = "pointwise") -> kernel.KernelOp:
    block = Block(arg_types=[v.type for v in reads])
    mapper = {v: block.args[n] for n, v in enumerate(reads)}
    for op in epilogue:
        block.add_op(op.clone(value_mapper=mapper))
    block.add_op(kernel.YieldOp(*[mapper[v] for v in outputs]))
    ranges = [dim_value(d) for d in epilogue[0].ranges.data]
    sizes = (prod(ranges), 1) if kind == "pointwise" else (static_int(k.numel), static_int(k.rnumel))
    built = kernel.KernelOp(
        suffixed_name(k.sym_name.data, suffix),
        [a.type for a in block.args],
        [v.type for v in outputs],
        kind,
        *sizes,
        Region(block),
    )
    copy_sources(k, [built])  # the kernel it was split from
    return built


def allocate_missing(values: Sequence[SSAValue], buffer_of: dict[SSAValue, SSAValue]) -> list[kernel.AllocOp]:
    """New buffers for the values `buffer_of` has none for (entered there); the host inserts the allocs."""
    allocs = []
    for v in [v for v in values if v not in buffer_of]:
        allocs.append(kernel.AllocOp(v.type))
        buffer_of[v] = allocs[-1].result
    return allocs


def launch_epilogue_after(launch: kernel.LaunchOp, epilogue_kernel: kernel.KernelOp,
                          old_outputs: list[SSAValue], new_outputs: list[SSAValue], reads: Sequence[SSAValue],
                          read_args: list[int | None], unused: list[int]) -> None:
    """The reduction kernel writes its kept outputs and the statistics, then the epilogue kernel runs."""
    ins = list(launch.ins)
    buffer_of: dict[SSAValue, SSAValue] = dict(zip(old_outputs, launch.outs))
    allocs = allocate_missing(new_outputs, buffer_of)
    first = kernel.LaunchOp(
        launch.callee, [v for n, v in enumerate(ins) if n not in unused], [buffer_of[v] for v in new_outputs]
    )
    epilogue_ins = [buffer_of[v] if n is None else ins[n] for v, n in zip(reads, read_args)]
    epilogue_outs = [buffer_of[v] for v in old_outputs if v not in new_outputs]
    second = kernel.LaunchOp(epilogue_kernel.sym_name.data, epilogue_ins, epilogue_outs)
    launch.parent_block().insert_ops_before([*allocs, first, second], launch)
    launch.detach()
    launch.erase()
