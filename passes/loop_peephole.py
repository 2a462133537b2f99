"""loop-peephole: exact algebraic rewrites of scalar code in loop bodies that make it cheaper (loop -> loop).

One row of PEEPHOLES per rewrite. `1 + tanh(y)` is `2 * sigmoid(2y)` (tanh(y) = 2 sigmoid(2y) - 1), and
libdevice's tanh is slow where the math is the bottleneck (the tanh GELU fused after a matmul: a fifth of
the GEMM's time); sigmoid is one exp and one division, and free of the cancellation of 1 + tanh(y) at
large negative y:

    %t = math.tanh %y : f32                 %c2 = arith.constant 2.000000e+00 : f32
    %c1 = arith.constant 1.0 : f32     ->   %y2 = arith.mulf %c2, %y : f32
    %s = arith.addf %c1, %t : f32           %g = loop.sigmoid %y2 : f32
                                            %s = arith.mulf %c2, %g : f32

(`tanh(y) + 1` likewise). The tanh stays for its other users; dce removes it otherwise.
"""

from collections.abc import Callable
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, math
from xdsl.dialects.builtin import FloatAttr, ModuleOp
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from irc.dialects.loop_scalar import SigmoidOp, constant_op
from irc.options import CheckedOptions


def constant_value(value: SSAValue) -> float | None:
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, FloatAttr):
        return owner.value.value.data
    return None


def one_plus_tanh(op: Operation) -> list[Operation] | None:
    """`1 + tanh(y)` -> `2 * sigmoid(2 * y)`."""
    if not isinstance(op, arith.AddfOp):
        return None
    for one, other in ((op.lhs, op.rhs), (op.rhs, op.lhs)):
        if constant_value(one) == 1.0 and isinstance(other.owner, math.TanhOp):
            two = constant_op(2.0, op.result.type)
            doubled = arith.MulfOp(two, other.owner.operand)
            sigmoid = SigmoidOp(doubled)
            return [two, doubled, sigmoid, arith.MulfOp(two, sigmoid)]
    return None


PEEPHOLES: tuple[Callable[[Operation], list[Operation] | None], ...] = (one_plus_tanh,)


def rewrite(op: Operation) -> None:
    for peephole in PEEPHOLES:
        replacement = peephole(op)
        if replacement is not None:
            Rewriter.insert_op(replacement, InsertPoint.before(op))
            op.results[0].replace_all_uses_with(replacement[-1].results[0])
            Rewriter.erase_op(op)
            return


@dataclass(frozen=True)
class LoopPeepholePass(CheckedOptions, ModulePass):
    """Exact algebraic rewrites of loop-body scalar code (PEEPHOLES)."""

    name = "loop-peephole"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for candidate in list(op.walk()):
            rewrite(candidate)
