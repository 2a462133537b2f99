"""kernel-overlap-comm: collectives overlap the host's independent kernels (kernel -> kernel).

A functional collective's extern starts the communication and `wait_tensor` waits for it
(`dialects/kernel_analysis/collectives.py`). The graph puts each wait right after its collective, so nothing
runs while the data moves. As Inductor's reorder_for_compute_comm_overlap (its raise_comms and sink_waits),
each collective moves up to just after what produces its operands, and each wait moves down to just before
the first op that needs it; the launches and externs they move over run while the collective is pending:

    %y = kernel.extern "aten::mm.default"(%x, %a)             %y = kernel.extern "aten::mm.default"(%x, %a)
    %r = kernel.extern "..::all_reduce.default"(%y)           %r = kernel.extern "..::all_reduce.default"(%y)
    %w = kernel.extern "..::wait_tensor.default"(%r)          %z = kernel.extern "aten::mm.default"(%b, %c)
    %z = kernel.extern "aten::mm.default"(%b, %c)       ->    kernel.launch @relu(%z) outs(%o)
    kernel.launch @relu(%z) outs(%o)                          %w = kernel.extern "..::wait_tensor.default"(%r)
    kernel.launch @add(%w) outs(%s)                           kernel.launch @add(%w) outs(%s)

An op is moved over only when it neither touches what the pending collective writes (its results and the
waits' results, its operands for in-place collectives, and every buffer that may alias them) nor writes what
it reads; collectives keep their order among themselves (every rank issues them alike). A wait whose
collective is not in the block stays where it is.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.traits import IsTerminator

from irc.dialects import kernel, loop
from irc.dialects.kernel_analysis.collectives import is_collective, pending_buffers, waits_of
from irc.dialects.kernel_analysis.memory_plan import AliasGroups, is_buffer

# host ops that write no buffer (a view names memory another op made)
_READ_ONLY = (loop.ReinterpretOp, kernel.SizeOp)


@functools.cache
def extern_writes_inputs(overload: str) -> bool:
    """Whether an ATen overload may write an argument (its schema marks one `(a!)`); True when unknown."""
    try:
        from irc.dialects.python_names import resolve_overload

        arguments = resolve_overload(overload)._schema.arguments
        return any(arg.alias_info is not None and arg.alias_info.is_write for arg in arguments)
    except (ImportError, AttributeError, RuntimeError, ValueError):  # ValueError: UnsafeOverload
        return True


def used_values(op: Operation) -> list[SSAValue]:
    """The op's operands, its nested ops' operands (a kernel.choice's regions) and its results."""
    return [value for inner in op.walk() for value in inner.operands] + list(op.results)


def written_values(op: Operation) -> list[SSAValue]:
    """What the op may write: the memory it makes, a launch's or extern's outs, an extern's inputs when its
    overload writes arguments, nothing for a view, everything it uses for an op of another kind."""
    if isinstance(op, kernel.LaunchOp):
        return [*op.outs, *op.results]
    if isinstance(op, kernel.ExternOp):
        inputs = list(op.ins) if extern_writes_inputs(op.overload.data) else []
        return [*inputs, *op.outs, *op.results]
    if isinstance(op, _READ_ONLY):
        return []
    if isinstance(op, kernel.AllocOp):
        return list(op.results)
    return used_values(op)


@dataclass
class Pending:
    """The alias groups a pending collective writes (so nothing else may touch them) and only reads (so
    nothing else may write them), and its start and waits."""

    start: Operation
    waits: list[Operation]
    written: set[SSAValue]
    read: set[SSAValue]

    def blocks(self, op: Operation, groups: AliasGroups) -> bool:
        """Whether the collective's start or waits may not move over `op`."""
        if op is self.start or op in self.waits:
            return False
        if op.has_trait(IsTerminator) or any(r in self.start.operands for r in op.results):
            return True
        touched = {groups.find(v) for v in used_values(op) if v in groups.parent}
        written = {groups.find(v) for v in written_values(op) if v in groups.parent}
        return bool(touched & self.written or written & self.read)


def pending_of(start: Operation, groups: AliasGroups) -> Pending:
    waits = waits_of(start)
    written, read = pending_buffers(start)
    written += [result for wait in waits for result in wait.results]
    return Pending(
        start,
        waits,
        {groups.find(v) for v in written if is_buffer(v)},
        {groups.find(v) for v in read if is_buffer(v)},
    )


def raise_start(pending: Pending, groups: AliasGroups) -> None:
    """The collective moves up over ops it does not depend on, never over another collective."""
    start, target = pending.start, None
    op = start.prev_op
    while op is not None and not is_collective(op) and not pending.blocks(op, groups):
        target, op = op, op.prev_op
    if target is not None:
        start.detach()
        target.parent_block().insert_op_before(start, target)


def sink_wait(wait: Operation, pending: Pending, groups: AliasGroups) -> None:
    """The wait moves down to just before the first op that needs the collective done."""
    target = None
    op = wait.next_op
    while op is not None and not pending.blocks(op, groups):
        target, op = op, op.next_op
    if target is not None:
        wait.detach()
        target.parent_block().insert_op_after(wait, target)


def schedule(block: Block) -> None:
    groups = AliasGroups(block)  # a wait's result is one with the tensor it waited for
    starts = [op for op in block.ops if is_collective(op)]
    pendings = [pending_of(start, groups) for start in starts]
    for pending in pendings:
        raise_start(pending, groups)
    for pending in reversed(pendings):
        for wait in sorted((w for w in pending.waits if w.parent is block), key=block.get_operation_index):
            sink_wait(wait, pending, groups)


@dataclass(frozen=True)
class KernelOverlapCommPass(ModulePass):
    name = "kernel-overlap-comm"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for host in op.ops:
            if isinstance(host, func.FuncOp) and host.body.blocks:
                if any(is_collective(inner) for inner in host.body.block.ops):
                    schedule(host.body.block)
