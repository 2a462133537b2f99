"""Printing without a `print()` call per token (imported by irc/xdsl_patches.py).

xDSL's printer writes every token through `print(text, end="", file=stream)`, which also writes the empty
`end` and looks the stream up again: a third of the printing of a large module. A token without a newline is
now written to the stream directly (the same text, the same column count); text with newlines and the line
breaks themselves keep xDSL's path (indentation and the callbacks run after a new line).

Attributes whose text depends on nothing but themselves (builtin integer, index and float types, and attribute
classes that say so with `PRINTS_CONSTANT_TEXT = True`, such as irc's types) are printed once per object; a repeat
writes the same text.

A value already named is printed with one lookup of its name, and an op's single result without a list.

An op's attribute dictionary in a declarative format prints nothing when the op has no attributes and none of
the properties the dictionary would show: that case no longer builds the merged dictionaries to find out.

An op in custom format (no diagnostics, no debug info) prints with `print_op`'s steps inline, whether it opens a
name scope known per class; a format's state is made directly; a line break and its indentation are one write
when no callback waits for the new line; a punctuation and the space before it are one text.

An op without regions or successors prints the same text around its values as every op of its format with the
same operand and result types, properties and attributes (the same objects), where the format is plain (its
directives are xDSL's own, or custom ones that say with `PLAIN_DIRECTIVE = True` that they parse from their own
text alone and print from the op's operands, results, types, properties and attributes alone): that text is
recorded at the first such op and written again for the others, with their values printed in between.
"""

import dataclasses
import sys

from io import StringIO

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
    UnregisteredOp,
)
from xdsl.ir import Operation
from xdsl.irdl.declarative_assembly_format import (
    AttrDictDirective,
    CustomDirective,
    FormatProgram,
    OptionalGroupDirective,
    PrintingState,
    PunctuationDirective,
)
from xdsl.printer import Printer
from xdsl.traits import IsolatedFromAbove
from xdsl.utils.base_printer import BasePrinter

from irc.xdsl_changes import wrap
from irc.xdsl_verify import TYPE, has_trait


def _written_directly(print_string):
    def print_text(self, text, *, indent=None):
        if type(text) is not str or "\n" in text:
            return print_string(self, text, indent=indent)
        self._current_column += len(text)
        stream = self.stream
        (sys.stdout if stream is None else stream).write(text)

    print_text.__wrapped__ = print_string
    return print_text


wrap(BasePrinter, "print_string", _written_directly)


def _empty_first(print_attr_dict):
    def print_attributes(self: AttrDictDirective, printer, state, op) -> None:
        if op.attributes or not op.properties.keys().isdisjoint(self.expected_properties):
            print_attr_dict(self, printer, state, op)

    print_attributes.__wrapped__ = print_attr_dict
    return print_attributes


wrap(AttrDictDirective, "print", _empty_first)


_CONSTANT_TEXT = {BFloat16Type: True, Float16Type: True, Float32Type: True, Float64Type: True, IndexType: True,
                  IntegerType: True}  # fmt: skip
_PRINTED: dict[int, tuple[object, str]] = {}
_MAX_PRINTED = 1 << 16


def _constant_text(cls: type) -> bool:
    known = _CONSTANT_TEXT.get(cls)
    if known is None:
        known = _CONSTANT_TEXT[cls] = getattr(cls, "PRINTS_CONSTANT_TEXT", False) is True
    return known


def _printed_once(print_attribute):
    def print_attr(self, attribute) -> None:
        printed = _PRINTED.get(id(attribute))
        if printed is not None and printed[0] is attribute:
            return self.print_string(printed[1])
        if not _constant_text(type(attribute)) or len(_PRINTED) >= _MAX_PRINTED:
            return print_attribute(self, attribute)
        stream, self.stream = self.stream, StringIO()
        try:
            print_attribute(self, attribute)
            text = self.stream.getvalue()
        finally:
            self.stream = stream
        (sys.stdout if stream is None else stream).write(text)
        if "\n" not in text:
            _PRINTED[id(attribute)] = (attribute, text)

    print_attr.__wrapped__ = print_attribute
    return print_attr


wrap(Printer, "print_attribute", _printed_once)


def _named_first(print_ssa_value):
    def print_value(self, value) -> str:
        names = self._ssa_values
        name = names.get(value)
        if name is None:
            hint = value.name_hint
            if not hint:
                return print_ssa_value(self, value)
            counts = self._ssa_names[-1]
            count = counts.get(hint, 0)
            name = names[value] = f"{hint}_{count}" if count else hint
            counts[hint] = count + 1
        self.print_string("%" + name)
        return name

    print_value.__wrapped__ = print_ssa_value
    return print_value


def _single_result_first(print_results):
    def print_result_list(self, op) -> None:
        results = op.results
        if len(results) != 1:
            return print_results(self, op)
        self.print_ssa_value(results[0])
        self.print_string(" = ")

    print_result_list.__wrapped__ = print_results
    return print_result_list


wrap(Printer, "print_ssa_value", _named_first)
wrap(Printer, "_print_results", _single_result_first)


_CUSTOM: dict[type, bool] = {}


def _custom_format(cls: type) -> bool:
    """An op of `cls` prints in its own format (registered, with a print of its own)."""
    known = _CUSTOM.get(cls)
    if known is None:
        known = _CUSTOM[cls] = not issubclass(cls, UnregisteredOp) and cls.print is not Operation.print
    return known


def _custom_directly(print_op):
    """An op in its custom format, without diagnostics or debug info, prints with the original's steps inline
    (whether it opens a name scope known per class); any other op goes to the original."""

    def print_operation(self, op) -> None:
        cls = type(op)
        if (self.print_generic_format or self.print_debuginfo or self.diagnostic.op_messages
                or not _custom_format(cls)):  # fmt: skip
            return print_op(self, op)
        scope = has_trait(cls, IsolatedFromAbove)
        self._print_results(op)
        if scope:
            self.enter_scope()
        self.print_string(op.name)
        op.print(self)
        if scope:
            self.exit_scope()

    print_operation.__wrapped__ = print_op
    return print_operation


wrap(Printer, "print_op", _custom_directly)


_STATE_FIELDS = {f.name: f.default for f in dataclasses.fields(PrintingState)}


def _state_directly(print_program):
    """FormatProgram.print: its PrintingState made with its fields' defaults set directly."""

    def print_format(self: FormatProgram, printer, op) -> None:
        state = object.__new__(PrintingState)
        object.__setattr__(state, "__dict__", dict(_STATE_FIELDS))
        for stmt in self.stmts:
            stmt.print(printer, state, op)

    print_format.__wrapped__ = print_program
    return print_format


if all(type(d) is bool for d in _STATE_FIELDS.values()):
    wrap(FormatProgram, "print", _state_directly)


def _new_line_written_directly(print_new_line):
    """A line break and the next line's indentation are one write when no callback waits for the new line."""

    def new_line(self, indent=None, print_message: bool = True) -> None:
        if print_message and self._next_line_callback:
            return print_new_line(self, indent, print_message)
        spaces = (self._indent if indent is None else indent) * self.indent_num_spaces
        stream = self.stream
        (sys.stdout if stream is None else stream).write("\n" + " " * spaces)
        self._current_line += 1
        if print_message:
            self._next_line_callback = []
        self._current_column = spaces

    new_line.__wrapped__ = print_new_line
    return new_line


wrap(BasePrinter, "_print_new_line", _new_line_written_directly)


def _punctuation_with_its_space(print_punctuation):
    """A punctuation and the space before it are printed as one text (the same decisions as the original)."""

    def print_with_space(self: PunctuationDirective, printer, state, op) -> None:
        p = self.punctuation
        space = state.should_emit_space and p not in (_AFTER_PUNCTUATION if state.last_was_punctuation else _AFTER_OTHER)
        printer.print_string(" " + p if space else p)
        state.should_emit_space = p not in ("<", "(", "{", "[")
        state.last_was_punctuation = True

    print_with_space.__wrapped__ = print_punctuation
    return print_with_space


_AFTER_PUNCTUATION = (">", ")", "}", "]", ",")  # no space before these after a punctuation
_AFTER_OTHER = ("<", ">", "(", ")", "{", "}", "[", "]", ",")  # nor before these after anything else
wrap(PunctuationDirective, "print", _punctuation_with_its_space)


# ---------------------------------------------------------------------------
# Ops whose format text repeats
# ---------------------------------------------------------------------------

_XDSL_DIRECTIVES = FormatProgram.__module__
_PLAIN: dict[int, tuple[FormatProgram, bool]] = {}


def _plain_directive(directive) -> bool:
    """The directive parses from its own text alone and prints from the op's fields alone."""
    if isinstance(directive, OptionalGroupDirective):
        return all(_plain_directive(d) for d in (directive.anchor, directive.then_first, *directive.then_elements,
                                                 *directive.else_elements, *directive.then_whitespace))  # fmt: skip
    if isinstance(directive, CustomDirective):
        return getattr(type(directive), "PLAIN_DIRECTIVE", False) is True
    return type(directive).__module__ == _XDSL_DIRECTIVES


def plain_format(program: FormatProgram) -> bool:
    """Every directive of the format is plain: xDSL's own, or a custom one with `PLAIN_DIRECTIVE = True`."""
    known = _PLAIN.get(id(program))
    if known is None or known[0] is not program:
        known = _PLAIN[id(program)] = (program, all(_plain_directive(d) for d in program.stmts))
    return known[1]


_TEXTS: dict[tuple, tuple[tuple, tuple, str]] = {}
_MAX_TEXTS = 1 << 16


def _key(program: FormatProgram, op) -> tuple:
    """What the text around the values of a regionless op of `program` depends on (objects by identity), and
    which of its operands are the same value."""
    properties, attributes, operands = op.properties, op.attributes, op._operands
    same, count = None, len(operands)
    if count == 2:
        same = (0, 0) if _AT(operands, 0) is _AT(operands, 1) else None
    elif count > 2:
        ids = [*map(id, operands)]
        if len(set(ids)) < count:
            same = tuple([ids.index(i) for i in ids])
    return (id(program), type(op), same, *map(id, map(TYPE, operands)), None, *map(id, map(TYPE, op.results)),
            None, *properties, *map(id, properties.values()), None, *attributes, *map(id, attributes.values()))


def _objects(program: FormatProgram, op) -> tuple:
    """The objects whose identities `_key` takes (kept alive with the text, so that no other takes their id)."""
    return (program, type(op), *(v.type for v in op._operands), *(r.type for r in op.results),
            *op.properties.values(), *op.attributes.values())  # fmt: skip


def _text_repeated(print_program):
    """FormatProgram.print: a regionless op's text around its values is written again where it repeats."""

    def print_format(self: FormatProgram, printer, op) -> None:
        if op.regions or op._successors or type(printer) is not Printer or printer.print_properties_as_attributes:
            return print_program(self, printer, op)
        key = _key(self, op)
        known = _TEXTS.get(key)  # only a plain format's texts are recorded
        if known is None:
            if len(_TEXTS) >= _MAX_TEXTS or not plain_format(self):
                return print_program(self, printer, op)
            return _record(print_program, self, printer, op, key)
        parts, tail, values = known[1], known[2], (op._operands, op.results)
        names, pieces = printer._ssa_values, []
        for text, kind, index in parts:
            name = names.get(_AT(values[kind], index))
            if name is None:
                return _print_naming(printer, parts, tail, values)
            pieces += (text, "%", name)
        pieces.append(tail)
        printer.print_string("".join(pieces))  # the values' names as print_ssa_value writes them

    print_format.__wrapped__ = print_program
    return print_format


def _print_naming(printer, parts: tuple, tail: str, values: tuple) -> None:
    """The recorded text, where a value gets its name as it is printed."""
    for text, kind, index in parts:
        if text:
            printer.print_string(text)
        printer.print_ssa_value(_AT(values[kind], index))
    if tail:
        printer.print_string(tail)


_AT = tuple.__getitem__  # SSAValues' own __getitem__ is Python


def _record(print_program, program: FormatProgram, printer, op, key: tuple) -> None:
    """Prints `op` as the original does, noting where each value's name went."""
    stream, capture, spans = printer.stream, StringIO(), []
    print_value = printer.print_ssa_value

    def print_noted(value):
        start = capture.tell()
        name = print_value(value)
        spans.append((start, capture.tell(), value))
        return name

    printer.stream, printer.print_ssa_value = capture, print_noted
    try:
        print_program(program, printer, op)
    finally:
        del printer.print_ssa_value
        printer.stream = stream
        text = capture.getvalue()
        (sys.stdout if stream is None else stream).write(text)
    parts, end = [], 0
    for start, stop, value in spans:
        operands = [k for k, v in enumerate(op._operands) if v is value]  # the first of equal ones (in the key)
        results = [k for k, v in enumerate(op.results) if v is value]
        if len(operands) + len(results) == 0 or (operands and results):
            return  # a value not the op's own, or both operand and result: its text is not recorded
        parts.append((text[end:start], 0, operands[0]) if operands else (text[end:start], 1, results[0]))
        end = stop
    if "\n" not in text:
        _TEXTS[key] = (_objects(program, op), tuple(parts), text[end:])


wrap(FormatProgram, "print", _text_repeated)
