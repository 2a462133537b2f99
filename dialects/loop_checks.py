"""Run-time checks in loop bodies that stop the program as eager raises: `loop.nonzero` passes an integer
divisor through and stops the program with ZeroDivisionError where it is 0 (ATen's CPU kernels of integer
div, floor_divide, remainder and fmod raise so; its CUDA kernels do not, so CUDA compiles drop it).

    %d = loop.nonzero %b : i64
    %q = loop.floordiv %a, %d : i64
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
