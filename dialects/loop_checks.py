"""Run-time checks in loop bodies that stop the program as eager raises: `loop.nonzero` passes an integer
divisor through and stops the program with ZeroDivisionError where it is 0 (ATen's CPU kernels of integer
div, floor_divide, remainder and fmod raise so; its CUDA kernels do not, so CUDA compiles drop it);
`loop.in_range` passes an index value through and stops the program with "index out of range" where it is
outside [0, bound) (a scatter's index compared with each position rather than addressing memory).

    %d = loop.nonzero %b : i64
    %q = loop.floordiv %a, %d : i64
    %j = loop.in_range %k, %n : i64
    %hit = arith.cmpi eq, %j, %p : i64
"""

from typing import ClassVar

from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import IRDLOperation, VarConstraint, base, irdl_op_definition, operand_def, result_def

from irc.dialects.loop_scalar import require
from irc.dialects.types import is_integer


@irdl_op_definition
class NonzeroOp(IRDLOperation):
    """`%d = loop.nonzero %b : i32`: the integer `%b`; the program stops with ZeroDivisionError where it is
    0. It has no traits: it is neither removed when unused nor merged with an equal one elsewhere."""

    name = "loop.nonzero"
    T: ClassVar = VarConstraint("T", base(Attribute))
    input = operand_def(T)
    result = result_def(T)
    assembly_format = "$input attr-dict `:` type($result)"

    def __init__(self, value: SSAValue | Operation):
        super().__init__(operands=[value], result_types=[SSAValue.get(value).type])

    def verify_(self) -> None:
        require(self, is_integer(self.input.type), "operand must be an integer", self.input.type)


@irdl_op_definition
class InRangeOp(IRDLOperation):
    """`%j = loop.in_range %k, %n : i64`: the integer index `%k`; the program stops with "index out of range"
    where it is outside [0, %n). No traits, as loop.nonzero."""

    name = "loop.in_range"
    T: ClassVar = VarConstraint("T", base(Attribute))
    input = operand_def(T)
    bound = operand_def(T)
    result = result_def(T)
    assembly_format = "$input `,` $bound attr-dict `:` type($result)"

    def __init__(self, value: SSAValue | Operation, bound: SSAValue | Operation):
        super().__init__(operands=[value, bound], result_types=[SSAValue.get(value).type])

    def verify_(self) -> None:
        require(self, is_integer(self.input.type), "operands must be integers", self.input.type)


# the body ops that check a value and pass it through (dropped where eager would not raise)
CHECK_OPS = (NonzeroOp, InRangeOp)
