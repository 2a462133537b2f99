"""`#<dialect>.operand<N>`: in an op's args or kwargs, the tensor passed as its operand N.

One definition for the two dialects that pass tensors to ATen through attribute lists: `aten.fallback`
(`#aten.operand<N>`) and `kernel.extern` (`#kernel.operand<N>`, N counting `ins` then `outs`); each dialect
subclasses it with its own attribute name.
"""

from xdsl.dialects.builtin import IntAttr
from xdsl.ir import Attribute, ParametrizedAttribute
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException


class OperandRef(ParametrizedAttribute):
    """The operand index N of `#<dialect>.operand<N>` (non-negative)."""

    index: IntAttr

    def __init__(self, index: int):
        super().__init__(IntAttr(index))

    def verify(self) -> None:
        if self.index.data < 0:
            raise VerifyException(f"operand reference must be non-negative, got {self.index.data}")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            return [IntAttr(parser.parse_integer(allow_boolean=False))]

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(str(self.index.data))
