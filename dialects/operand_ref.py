"""`#<dialect>.operand<N>`: in an op's args or kwargs, the tensor passed as its operand N.

One definition for the two dialects that pass tensors to ATen through attribute lists: `aten.fallback`
(`#aten.operand<N>`) and `kernel.extern` (`#kernel.operand<N>`, N counting `ins` then `outs`); each dialect
subclasses it with its own attribute name.
"""

from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, IntAttr, StringAttr
from xdsl.ir import Attribute, ParametrizedAttribute
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from irc.dialects.python_names import encoded_object_error, identifier_error, overload_error


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


def verify_call(op_name: str, overload: str, args: ArrayAttr, kwargs: DictionaryAttr) -> None:
    """What an extern call prints into Python and resolves: an overload of an allowed namespace, keyword
    arguments named by identifiers, encoded torch objects ("layout:...") from their fixed table."""
    error = overload_error(overload)
    for key in kwargs.data:
        error = error or identifier_error(key, "keyword argument")
    for attr in [*args.data, *kwargs.data.values()]:
        error = error or _string_error(attr)
    if error is not None:
        raise VerifyException(f"{op_name} {error}")


def _string_error(attr: Attribute) -> str | None:
    if isinstance(attr, StringAttr):
        return encoded_object_error(attr.data)
    if isinstance(attr, ArrayAttr | DictionaryAttr):
        items = attr.data.values() if isinstance(attr, DictionaryAttr) else attr.data
        for item in items:
            error = _string_error(item)
            if error is not None:
                return error
    return None
