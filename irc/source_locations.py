"""Source locations for parsed IR and diagnostics that name them.

`LocatedParser` gives every op it parses the `loc("file":line:col)` of its first token, as MLIR's parser does,
unless the op spells its own `loc(...)`; `--print-debuginfo` prints them. An attribute or type that fails its
verifier while an op is parsed is reported at that op. irc's tools parse with it, so a
verifier error names the file, line and column of the op (`describe_verify_error`) and a parse error its
position (`describe_parse_error`), as

    in.mlir:2:3: error: 'aten.neg' op result shape [9, 3] does not match the operand shape [3, 9]
      %0 = aten.neg %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[9, 3], f32>
      ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^

An op a pass made has no source location: its diagnostic names the op and shows it as printed.
"""

from __future__ import annotations

import bisect

from xdsl.dialects.builtin import FileLineColLoc, IntAttr, StringAttr, UnknownLoc
from xdsl.ir import Operation
from xdsl.parser import Parser
from xdsl.utils.exceptions import ParseError, VerifyException
from xdsl.utils.lexer import Span

_OP_TEXT_LIMIT = 300
FAILING_OP = "irc_failing_op"  # the attribute of a VerifyException naming the innermost op that raised it


def failing_op(exc: BaseException) -> Operation | None:
    """The innermost op whose verification raised `exc` (irc/xdsl_verify.py marks it), if an op's did."""
    return getattr(exc, FAILING_OP, None)


class AttributeVerifyError(VerifyException):
    """An attribute or type of an op that failed its verifier while the op was parsed; `span`: the op's line up
    to where the parser stopped. Its message is the verifier's (as --verify-diagnostics prints it)."""

    def __init__(self, message: str, span: Span):
        super().__init__(message)
        self.msg, self.span = message, span


class LocatedParser(Parser):
    """A Parser whose ops carry the location of their first token (lines counted from `line_offset` + 1)."""

    def __init__(self, ctx, input, name: str = "<unknown>", line_offset: int = 0):
        super().__init__(ctx, input, name)
        content = self.lexer.input.content
        newline = self.lexer.input.newline
        self._line_starts = [0] + [k + 1 for k in _find_all(content, newline)]
        self._line_offset = line_offset
        self._filename = StringAttr(name)
        self._ints: dict[int, IntAttr] = {}

    def parse_operation(self) -> Operation:
        start = self._current_token.span.start
        try:
            op = super().parse_operation()
        except AttributeVerifyError:  # located at an op inside this one
            raise
        except VerifyException as exc:  # an attribute or type of the op failed its verifier
            source = self.lexer.input
            end = max(min(self._current_token.span.start, source.get_end_of_line(start)), start + 1)
            raise AttributeVerifyError(str(exc), Span(start, end, source)) from exc
        if type(op.location) is UnknownLoc:
            op.location = self._location(start)
        return op

    def _location(self, position: int) -> FileLineColLoc:
        line = bisect.bisect_right(self._line_starts, position)
        column = position - self._line_starts[line - 1] + 1
        location = object.__new__(FileLineColLoc)  # the parameters are valid by construction: no verification
        object.__setattr__(location, "filename", self._filename)
        object.__setattr__(location, "line", self._int(line + self._line_offset))
        object.__setattr__(location, "column", self._int(column))
        return location

    def _int(self, value: int) -> IntAttr:
        attr = self._ints.get(value)
        if attr is None:
            attr = self._ints[value] = IntAttr(value)
        return attr


def _find_all(content, newline):
    position = content.find(newline)
    while position != -1:
        yield position
        position = content.find(newline, position + 1)


def describe_parse_error(exc: ParseError | AttributeVerifyError) -> str:
    """`file:line:col: error: message`, then the source line with the span underlined."""
    source = "\n".join(exc.span.print_with_context().split("\n")[1:3])  # the span's first line, underlined
    text = f"{exc.span.get_location()}: error: {exc.msg}"
    extra = str(exc)[len(exc.span.print_with_context(exc.msg)) :] if isinstance(exc, ParseError) else ""
    return "\n".join(part for part in (text, _indented(source.rstrip("\n")), extra.rstrip("\n")) if part)


def describe_verify_error(op: Operation, message: str, after: str = "", prog: str = "") -> str:
    """`file:line:col: error: 'name' op message` (`prog: error: ...` for an op without a source location),
    then the op as printed, underlined; `after` names the pass after which the op failed."""
    where = _position(op.location) or (f"{prog}: " if prog else "")
    when = f" (after {after})" if after else ""
    text = f"{where}error: '{op.name}' op {message}{when}"
    shown = _first_line(op)
    return f"{text}\n  {shown}\n  {'^' * max(len(shown), 1)}"


def _position(location) -> str:
    if isinstance(location, FileLineColLoc):
        return f"{location.filename.data}:{location.line.data}:{location.column.data}: "
    return ""


def _first_line(op: Operation) -> str:
    try:
        text = str(op)
    except Exception:  # an op bad enough that it cannot be printed is shown by name
        return op.name
    line = text.split("\n", 1)[0]
    return line if len(line) <= _OP_TEXT_LIMIT else line[:_OP_TEXT_LIMIT] + " ..."


def _indented(text: str) -> str:
    return "\n".join("  " + line for line in text.split("\n")) if text else ""
