"""Custom assembly-format directives of the aten dialect.

- `custom<Number>($p)`: a bare number for an IntegerAttr (i64, i1) or FloatAttr (f64) property: `3`, `true`,
  `-1.5`, `inf`, `-inf`, `nan` (floats always print with a `.` or as a keyword, so the kind round-trips);
- `custom<Dims>($p)` / `custom<Dim>($p)`: sizes or strides that may be symbolic, as in tensor types:
  `[9, s0, "2*s1"]`.
"""

from __future__ import annotations

import math

from xdsl.dialects.builtin import I1, I64, Float64Type, FloatAttr, IntegerAttr, f64, i1, i64
from xdsl.ir import Attribute
from xdsl.irdl import IRDLOperation, irdl_to_attr_constraint
from xdsl.irdl.declarative_assembly_format import (
    AttributeVariable,
    CustomDirective,
    ParsingState,
    PrintingState,
    irdl_custom_directive,
)
from xdsl.parser import Parser
from xdsl.printer import Printer

from irc.dialects.types import attr_number, parse_dim, parse_dims, print_dim, print_dims

NUMBER_KEYWORDS = {"inf": math.inf, "nan": math.nan}

# the attributes a bare number parses to: i64 and i1 integers, f64 floats
NUMBER = (
    irdl_to_attr_constraint(IntegerAttr[I64])
    | irdl_to_attr_constraint(IntegerAttr[I1])
    | irdl_to_attr_constraint(FloatAttr[Float64Type])
)


def number_attr(value: int | float | bool) -> IntegerAttr | FloatAttr:
    """i1 for a bool, i64 for an int, f64 for a float."""
    if isinstance(value, bool):
        return IntegerAttr(int(value), i1)
    if isinstance(value, int):
        return IntegerAttr(value, i64)
    return FloatAttr(float(value), f64)


def number_value(attr: Attribute) -> int | float:
    """The Python number held by an IntegerAttr or FloatAttr (an i1 as a bool)."""
    return attr_number(attr)


def parse_optional_number(parser: Parser) -> IntegerAttr | FloatAttr | None:
    """`3`, `-2.5`, `1.0e-05`, `inf`, `-inf`, `nan`, `true`, `false`; None (nothing read) if absent."""
    negative = parser.parse_optional_punctuation("-") is not None
    keyword = parser.parse_optional_keyword_in(NUMBER_KEYWORDS)
    if keyword is not None:
        return FloatAttr(-NUMBER_KEYWORDS[keyword] if negative else NUMBER_KEYWORDS[keyword], f64)
    if not negative and (flag := parser.parse_optional_boolean()) is not None:
        return number_attr(flag)
    value = parser.parse_optional_number()
    if value is None or (negative and value < 0):
        if negative:
            parser.raise_error("expected a number after '-'")
        return None
    return number_attr(-value if negative else value)


def parse_number(parser: Parser) -> IntegerAttr | FloatAttr:
    expected = "expected a number (or inf, nan, true, false)"
    return parser.expect(lambda: parse_optional_number(parser), expected)


def number_text(attr: Attribute) -> str:
    """The text `parse_number` reads back as the same attribute."""
    value = number_value(attr)
    if isinstance(attr, IntegerAttr):
        return ("true" if value else "false") if attr.type == i1 else str(value)
    if math.isnan(value) or math.isinf(value):
        return repr(value)
    text = repr(float(value))
    mantissa, _, exponent = text.partition("e")
    if "." not in mantissa:
        mantissa += ".0"
    return mantissa + ("e" + exponent if exponent else "")


@irdl_custom_directive
class Number(CustomDirective):
    """A bare int or float property (see module docstring); may anchor an optional group."""

    PLAIN_DIRECTIVE = True  # parses from its text, prints from the op's fields (irc/xdsl_print.py)

    value: AttributeVariable

    def parse(self, parser: Parser, state: ParsingState) -> None:
        self.value.set(state, parse_number(parser))

    def parse_optional(self, parser: Parser, state: ParsingState) -> None:
        if (attr := parse_optional_number(parser)) is not None:
            self.value.set(state, attr)

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        printer.print_string(number_text(self.value.get(op)))

    def is_present(self, op: IRDLOperation) -> bool:
        return self.value.get(op) is not None

    def is_anchorable(self) -> bool:
        return True

    def is_optional_like(self) -> bool:
        return True


@irdl_custom_directive
class Dims(CustomDirective):
    """A list of possibly symbolic sizes: `[9, s0, "2*s1"]`."""

    PLAIN_DIRECTIVE = True  # parses from its text, prints from the op's fields (irc/xdsl_print.py)

    value: AttributeVariable

    def parse(self, parser: Parser, state: ParsingState) -> None:
        self.value.set(state, parse_dims(parser))

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        print_dims(printer, self.value.get(op))


@irdl_custom_directive
class Dim(CustomDirective):
    """One possibly symbolic size: `3`, `s0`, `"2*s1"`."""

    PLAIN_DIRECTIVE = True  # parses from its text, prints from the op's fields (irc/xdsl_print.py)

    value: AttributeVariable

    def parse(self, parser: Parser, state: ParsingState) -> None:
        self.value.set(state, parse_dim(parser))

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        print_dim(printer, self.value.get(op))
