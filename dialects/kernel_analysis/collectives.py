"""Collectives in the host program: asynchronous operations, started by one extern and finished by another.

A functional collective (`_c10d_functional::all_reduce.default`, all_gather_into_tensor,
reduce_scatter_tensor, ...) run as a `kernel.extern` starts the communication and returns the tensor it will
fill; the `_c10d_functional::wait_tensor.default` extern of that tensor waits for it. Between the two the
collective is pending: it still reads its operands (and, for the in-place ones, writes them) and writes its
results, so nothing may write those buffers, read its results or take their memory until the last wait.

    %r = kernel.extern "_c10d_functional::all_reduce.default"(%y) {args = [#kernel.operand<0>, "sum", "0"]}
    ...                                                             <- %y and %r pending here
    %w = kernel.extern "_c10d_functional::wait_tensor.default"(%r) {args = [#kernel.operand<0>]} ...

Everything here reads IR only (the overload names of externs).
"""

from __future__ import annotations

from xdsl.ir import Block, Operation, SSAValue

from irc.dialects import kernel

WAIT_OVERLOADS = frozenset({
    "_c10d_functional::wait_tensor.default", "c10d_functional::wait_tensor.default",
})  # fmt: skip

# collective overload -> whether it writes its tensor operands in place (then pending like its results)
COLLECTIVE_WRITES_OPERANDS = {
    "_c10d_functional::all_reduce.default": False,
    "_c10d_functional::all_reduce_.default": True,
    "_c10d_functional::all_reduce_coalesced.default": False,
    "_c10d_functional::all_reduce_coalesced_.default": True,
    "_c10d_functional::all_gather_into_tensor.default": False,
    "_c10d_functional::all_gather_into_tensor_out.default": True,
    "_c10d_functional::all_gather_into_tensor_coalesced.default": False,
    "_c10d_functional::reduce_scatter_tensor.default": False,
    "_c10d_functional::reduce_scatter_tensor_coalesced.default": False,
    "_c10d_functional::all_to_all_single.default": False,
    "_c10d_functional::broadcast.default": False,
    "_c10d_functional::broadcast_.default": True,
    "_c10d_functional_autograd::all_gather_into_tensor.default": False,
    "_c10d_functional_autograd::reduce_scatter_tensor.default": False,
    "_c10d_functional_autograd::all_to_all_single.default": False,
    "c10d_functional::all_reduce.default": False,
    "c10d_functional::all_gather_into_tensor.default": False,
    "c10d_functional::reduce_scatter_tensor.default": False,
    "c10d_functional::all_to_all_single.default": False,
}


def is_wait(op: Operation) -> bool:
    return isinstance(op, kernel.ExternOp) and op.overload.data in WAIT_OVERLOADS


def is_collective(op: Operation) -> bool:
    """A collective's start: an extern of a functional collective."""
    return isinstance(op, kernel.ExternOp) and op.overload.data in COLLECTIVE_WRITES_OPERANDS


def waits_of(start: Operation) -> list[Operation]:
    """The waits of a collective's results, in no particular order."""
    return [use.operation for result in start.results for use in result.uses if is_wait(use.operation)]


def pending_end(start: Operation, block: Block) -> Operation | None:
    """The op of `block` after which the collective started by `start` is no longer pending: its last wait, or
    None (pending to the end of the block) when a result is used by anything but a wait or has no wait."""
    users = [use.operation for result in start.results for use in result.uses]
    if not users or not all(is_wait(user) and user.parent is block for user in users):
        return None
    last = users[0]
    for user in users[1:]:
        if last.is_before_in_block(user):
            last = user
    return last


def pending_buffers(start: Operation) -> tuple[list[SSAValue], list[SSAValue]]:
    """(buffers the pending collective writes, buffers it only reads): its results (and in-place operands),
    and its other operands."""
    written_in_place = COLLECTIVE_WRITES_OPERANDS.get(start.overload.data, True)
    operands = list(start.operands)
    written = list(start.results) + (operands if written_in_place else list(start.outs))
    read = [] if written_in_place else list(start.ins)
    return written, read
