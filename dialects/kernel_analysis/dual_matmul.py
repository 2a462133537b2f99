"""Which matmuls pair into a dual matmul (kernel.dual_matmul): two products of one A value whose results only
one loop.pointwise reads. kernel-dual-matmul pairs kernel.matmul ops; kernel-mm-template{dual_only=true} makes
templates only of the mm / bmm externs that would pair, with the same rule."""

from collections.abc import Callable, Iterable
from typing import TypeVar

from xdsl.ir import Operation, SSAValue

from irc.dialects import loop

Op = TypeVar("Op", bound=Operation)


def sole_reader(value: SSAValue) -> Operation | None:
    """The one loop.pointwise whose loads are every use of `value` (through views), or None."""
    readers: set[Operation] = set()
    for use in value.uses:
        user = use.operation
        if isinstance(user, loop.ReinterpretOp):
            reader = sole_reader(user.result)
        elif isinstance(user, loop.LoadOp) and isinstance(loop.enclosing_loop(user), loop.PointwiseOp):
            reader = loop.enclosing_loop(user)
        else:
            return None
        if reader is None:
            return None
        readers.add(reader)
    return readers.pop() if len(readers) == 1 else None


def pair_up(
    ops: Iterable[Op],
    operands: Callable[[Op], tuple[SSAValue, SSAValue, SSAValue]],
    compatible: Callable[[Op, Op], bool],
) -> list[tuple[Op, Op]]:
    """Pairs of `ops` (in order, each in one pair at most) reading one A whose results one pointwise alone
    reads, with Bs of one shape and results of one type; `operands` gives an op's (A, B, result),
    `compatible` whatever else the caller requires of a pair."""
    by_lhs: dict[SSAValue, list[Op]] = {}
    for op in ops:
        by_lhs.setdefault(operands(op)[0], []).append(op)
    found = []
    for group in by_lhs.values():
        taken: set[Op] = set()
        for k, first in enumerate(group):
            for second in group[k + 1 :]:
                if first in taken or second in taken:
                    continue
                if _pairs_well(operands(first), operands(second)) and compatible(first, second):
                    found.append((first, second))
                    taken |= {first, second}
    return found


Operands = tuple[SSAValue, SSAValue, SSAValue]


def _pairs_well(first: Operands, second: Operands) -> bool:
    (_, rhs, result), (_, rhs2, result2) = first, second
    if rhs.type.shape != rhs2.type.shape or result.type != result2.type:
        return False
    reader = sole_reader(result)
    return reader is not None and reader is sole_reader(result2)
