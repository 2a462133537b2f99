"""Custom assembly directives of the loop dialect: dims lists, bare keywords, and buffer types that type a
second value too."""

from xdsl.dialects.builtin import StringAttr
from xdsl.irdl import IRDLOperation
from xdsl.irdl.declarative_assembly_format import (
    AttributeVariable,
    CustomDirective,
    ParsingState,
    PrintingState,
    TypeDirective,
    irdl_custom_directive,
)
from xdsl.parser import Parser
from xdsl.printer import Printer

from irc.dialects.loop_kinds import STORE_COMBINES
from irc.dialects.types import BufferType, parse_dims, print_dims


@irdl_custom_directive
class Dims(CustomDirective):
    """A dims property written as `[3, s0, "2*s1"]`."""

    PLAIN_DIRECTIVE = True  # parses from its text, prints from the op's fields (irc/xdsl_print.py)

    dims: AttributeVariable

    def parse(self, parser: Parser, state: ParsingState) -> None:
        self.dims.set(state, parse_dims(parser))

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        print_dims(printer, self.dims.get(op))


@irdl_custom_directive
class Keyword(CustomDirective):
    """A string property written as a bare identifier: `sum`."""

    PLAIN_DIRECTIVE = True  # parses from its text, prints from the op's fields (irc/xdsl_print.py)

    word: AttributeVariable

    def parse(self, parser: Parser, state: ParsingState) -> None:
        self.word.set(state, StringAttr(parser.parse_identifier()))

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        printer.print_string(self.word.get(op).data)


@irdl_custom_directive
class Combine(CustomDirective):
    """An optional store combine (STORE_COMBINES) written as a bare keyword, or nothing: `add`, `max`."""

    PLAIN_DIRECTIVE = True  # parses from its text, prints from the op's fields (irc/xdsl_print.py)

    word: AttributeVariable

    def parse(self, parser: Parser, state: ParsingState) -> None:
        self.parse_optional(parser, state)

    def parse_optional(self, parser: Parser, state: ParsingState) -> None:
        for word in STORE_COMBINES:
            if parser.parse_optional_keyword(word) is not None:
                self.word.set(state, StringAttr(word))
                return

    def set_empty(self, state: ParsingState) -> None:
        self.word.set_empty(state)

    def is_present(self, op: IRDLOperation) -> bool:
        return self.word.get(op) is not None

    def is_anchorable(self) -> bool:
        return True

    def is_optional_like(self) -> bool:
        return True

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        if self.is_present(op):
            state.print_whitespace(printer)
            printer.print_string(self.word.get(op).data)


@irdl_custom_directive
class BufferElement(CustomDirective):
    """A buffer type that also gives a second value its element type: `!loop.buffer<...>` types both."""

    PLAIN_DIRECTIVE = True  # parses from its text, prints from the op's fields (irc/xdsl_print.py)

    buffer: TypeDirective
    element: TypeDirective

    def parse(self, parser: Parser, state: ParsingState) -> None:
        pos = parser.pos
        t = parser.parse_type()
        if not isinstance(t, BufferType):
            parser.raise_error(f"expected a !loop.buffer type, got {t}", pos, parser.pos)
        self.buffer.set(state, (t,))
        self.element.set(state, (t.element_type,))

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        printer.print_attribute(self.buffer.get(op)[0])
