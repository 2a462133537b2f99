"""Integer division by zero stops the program as ATen's CPU kernels raise ("ZeroDivisionError"): the integer
divisions that div (floor, trunc), floor_divide, remainder and fmod lower to divide by `loop.nonzero` of their
divisor, unless its value range excludes 0 (a nonzero constant):

    %q = loop.floordiv %a, %b : i64   ->   %d = loop.nonzero %b : i64
                                           %q = loop.floordiv %a, %d : i64

CUDA's kernels do not raise, so compiles for CUDA inputs drop the checks (convert-aten-to-loop's
check_division=false); `drop_checks` drops a scatter's index checks (loop.in_range) as well, for
check_indices=false.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.ir import Operation

from irc.dialects.loop import InRangeOp, NonzeroOp
from irc.dialects.loop_analysis.value_range import value_range
from irc.dialects.types import is_integer

# aten ops whose integer divisions ATen's CPU kernels check for a zero divisor
DIVIDING = {"aten.div", "aten.remainder", "aten.fmod"}
# body ops dividing their first operand by their second
DIVISIONS = {"loop.floordiv", "loop.remainder", "arith.divsi", "arith.divui", "arith.remsi", "arith.remui",
             "arith.floordivsi"}  # fmt: skip


def check_divisors(ops: Sequence[Operation]) -> None:
    """Each integer division inside `ops` divides by loop.nonzero of its divisor (unless provably nonzero)."""
    for op in ops:
        for inner in list(op.walk()):
            if inner.name not in DIVISIONS or not is_integer(inner.operands[1].type):
                continue
            low, high = value_range(inner.operands[1])
            if (low is not None and low > 0) or (high is not None and high < 0):
                continue
            check = NonzeroOp(inner.operands[1])
            inner.parent_block().insert_op_before(check, inner)
            inner.operands[1] = check.result


def drop_checks(module: Operation, check: type[NonzeroOp | InRangeOp]) -> None:
    """Every `check` op (loop.nonzero: CUDA compiles, where eager does not raise; loop.in_range: unchecked
    indices) replaced by the value it checks."""
    for op in list(module.walk()):
        if isinstance(op, check):
            op.result.replace_all_uses_with(op.input)
            op.detach()
            op.erase()
