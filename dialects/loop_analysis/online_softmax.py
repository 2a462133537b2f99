"""Online softmax for looped reductions (convert-kernel-to-triton{online_softmax=true}, the default).

A max reduction M whose result feeds a sum reduction S over the same rows as `sum(exp(v - g(M)))`, where v is
the very value M reduces and g is the identity or logsumexp's `where(|M| == inf, 0, M)`, is computed in ONE
r loop (Milakov & Gimelshein 2018) instead of two: a running row max m and, per lane, a running sum s of
exp(v - g(m)), rescaled by exp(g(m_old) - g(m_new)) when the max grows. Softmax, log_softmax, logsumexp and
cross-entropy then read their row twice (statistics, output) instead of three times.

    for roffset: m = max(m_old, max(v)); s = s * exp(g(m_old) - g(m)) + exp(v - g(m))   (masked lanes add 0)
    s_row = sum(s)

Only the max is reduced across lanes in the loop; the sum once after it. While the row's max is still -inf the
rescaled sum is dropped (its terms were exp(-inf - g(-inf))): an all -inf row ends with NaN for softmax (as
eager) and 0 for logsumexp (-inf, as eager).
The decision is a function of the kernel IR alone (no attribute is needed): `pairs` finds the candidates,
the schedule puts S in M's phase when nothing else S reads needs a later one. This module is the pattern,
shared by convert-kernel-to-triton and kernel-split-reduction; the Triton loop is
passes/convert_kernel_to_triton/online.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import Float32Type, Float64Type
from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue

from irc.dialects import loop

# ops allowed in the shift g(M) between the load of M and the subtraction
SHIFT_OPS = ("loop.load", "math.absf", "arith.cmpf", "arith.select", "arith.constant")
ACCUMULATOR_TYPES = (Float32Type, Float64Type)


@dataclass(frozen=True)
class OnlinePair:
    """A max reduction and the sum of exp(v - shift(max)) that can share its r loop."""

    max_op: loop.ReductionOp
    sum_op: loop.ReductionOp
    max_load: Operation
    """The loop.load of the max's result in the sum's body."""
    shift: SSAValue
    """g(M): the value the sum's body subtracts from v."""
    shift_ops: tuple[Operation, ...]
    """The ops of the sum's body computing `shift` from `max_load`, in order."""


def pairs(loop_ops: list[Operation]) -> dict[Operation, OnlinePair]:
    """Sum reduction -> its OnlinePair, for every sum that has the online form."""
    maxima = {op.results[0]: op for op in loop_ops if _is_reduction(op, "max")}
    found = {}
    for op in loop_ops:
        if _is_reduction(op, "sum"):
            pair = _match(op, maxima)
            if pair is not None and all(p.max_op is not pair.max_op for p in found.values()):
                found[op] = pair
    return found


def _is_reduction(op: Operation, kind: str) -> bool:
    return (
        isinstance(op, loop.ReductionOp)
        and op.kind.data == kind
        and isinstance(_yielded(op).type, ACCUMULATOR_TYPES)
    )


def _yielded(op: Operation) -> SSAValue:
    return op.body.block.last_op.operands[0]


def _match(sum_op: loop.ReductionOp, maxima: dict[SSAValue, Operation]) -> OnlinePair | None:
    exp = _owner(_yielded(sum_op), "math.exp")
    sub = exp and _owner(exp.operands[0], "arith.subf")
    if sub is None:
        return None
    value, shift = sub.operands
    max_loads = [o for o in sum_op.body.block.ops if isinstance(o, loop.LoadOp) and _root(o.buffer) in maxima]
    if len(max_loads) != 1 or max_loads[0].buffer not in maxima:
        return None
    max_op = maxima[max_loads[0].buffer]
    if (max_op.ranges, max_op.reduce) != (sum_op.ranges, sum_op.reduce):
        return None
    if _yielded(max_op).type != _yielded(sum_op).type:
        return None
    if not same_value(_yielded(max_op), value, max_op.body.block, sum_op.body.block):
        return None
    shift_ops = _shift_ops(shift, max_loads[0])
    if shift_ops is None:
        return None
    return OnlinePair(max_op, sum_op, max_loads[0], shift, tuple(shift_ops))


def _root(buffer: SSAValue) -> SSAValue:
    while isinstance(buffer.owner, loop.ReinterpretOp):
        buffer = buffer.owner.source
    return buffer


def _owner(value: SSAValue, name: str) -> Operation | None:
    return value.owner if isinstance(value, OpResult) and value.owner.name == name else None


def _shift_ops(shift: SSAValue, max_load: Operation) -> list[Operation] | None:
    """The ops computing `shift` from the max's load and constants only (None if it needs anything else)."""
    needed: set[Operation] = set()
    pending = [shift]
    while pending:
        value = pending.pop()
        if not isinstance(value, OpResult) or value.owner.name not in SHIFT_OPS:
            return None
        op = value.owner
        if op.name == "loop.load" and op is not max_load:
            return None
        if op not in needed:
            needed.add(op)
            if op is not max_load:
                pending += list(op.operands)
    block = max_load.parent_block()
    return [op for op in block.ops if op in needed and op is not max_load]


def same_value(a: SSAValue, b: SSAValue, block_a, block_b) -> bool:
    """Whether a (in block_a) and b (in block_b) compute the same thing: same ops, properties, attributes
    and types over the same outer values and the same block arguments."""
    if a is b:
        return a.owner not in (block_a, block_b) if isinstance(a, BlockArgument) else True
    if a.type != b.type:
        return False
    if isinstance(a, BlockArgument) and isinstance(b, BlockArgument):
        return a.owner is block_a and b.owner is block_b and a.index == b.index
    if not (isinstance(a, OpResult) and isinstance(b, OpResult)):
        return False
    op_a, op_b = a.owner, b.owner
    if op_a.parent_block() is not block_a or op_b.parent_block() is not block_b:
        return False
    signature_a = (op_a.name, a.index, op_a.properties, op_a.attributes)
    if signature_a != (op_b.name, b.index, op_b.properties, op_b.attributes):
        return False
    if op_a.regions or op_b.regions or len(op_a.operands) != len(op_b.operands):
        return False
    return all(same_value(x, y, block_a, block_b) for x, y in zip(op_a.operands, op_b.operands))
