"""Regionless ops whose line repeats but for the names of their operands (imported by irc/xdsl_patches.py, after
irc/xdsl_parse_ops.py).

An op in a plain declarative format (irc/xdsl_print.py's `plain_format`) without regions or successors, written
on one line from its name to the line's end, parses to the same operand types, result types, properties and
attributes as every op of its class whose line is the same text but for the names of its operands: the parse
reads the text alone, and the names only resolve. The first such op is parsed as before and its outcome
recorded, in the parser's own table, under its line with the names cut out (where every `%` of the line is one
of its operands), with the token after it. A later op of that line, followed by a token that the recorded parse
also stopped at (the same kind and spelling; any `%name`), takes the recorded outcome: its own operands are
resolved (the same checks and errors) and its op built from them. Every other op, and every other line, is
parsed as before.
"""

import re

from xdsl.irdl.declarative_assembly_format import FormatProgram
from xdsl.parser import UnresolvedOperand
from xdsl.utils.lexer import Span
from xdsl.utils.mlir_lexer import MLIRTokenKind

from irc import xdsl_parse
from irc.xdsl_build import build_parsed
from irc.xdsl_changes import wrap
from irc.xdsl_print import plain_format

_NAME = re.compile(r"%(?:[0-9]+|[a-zA-Z$._-][a-zA-Z0-9$._-]*)")  # the lexer's `%` identifier
_GAP = re.compile(r"(?:[ \t\n\r\f\v]|//[^\n]*)*+")  # the lexer's whitespace and comments
_PERCENT = MLIRTokenKind.PERCENT_IDENT


class _Line:
    """What the parse of one line gave: per operand definition, the places (which `%` of the line, its `#index`)
    of its operands, in a list or tuple as the parse gave them; the types, properties and attributes; the
    tokens it stopped at."""

    __slots__ = ("groups", "operand_types", "result_types", "properties", "attributes", "stops")
    regions = successors = ()  # as a parse state, for build_parsed

    def __init__(self, groups, operand_types, result_types, properties, attributes):
        self.groups, self.operand_types, self.result_types = groups, operand_types, result_types
        self.properties, self.attributes, self.stops = properties, attributes, set()


_MAX_LINES = 1 << 16


def _lines_of(parser) -> dict:
    """The parser's own table of lines (its context and aliases made them what they are)."""
    lines = parser.__dict__.get("_lines_parsed")
    if lines is None:
        lines = parser.__dict__["_lines_parsed"] = {}
    return lines


def _stop(token) -> tuple:
    return (_PERCENT,) if token.kind is _PERCENT else (token.kind, token.span.text)


def _on_its_line(content: str, start: int) -> bool:
    """The text at `start` continues its op's line (nothing but spaces since the op's name)."""
    before = start - 1
    while before >= 0 and content[before] in " \t":
        before -= 1
    return before >= 0 and content[before] not in "\n\r"


def _lines_once(parse_program):
    def parse(self: FormatProgram, parser, op_type):
        table, build_directly = xdsl_parse.tables_of(op_type)
        first = parser._parser_state.current_token
        start, content = first.span.start, first.span.input.content
        if (table.sizes[2] or table.sizes[3] or type(content) is not str or not _on_its_line(content, start)
                or not plain_format(self)):  # fmt: skip
            op = parse_program(self, parser, op_type)
            xdsl_parse.LAST[0] = None  # nothing of the parse is kept (its operands hold the whole input)
            return op
        end = content.find("\n", start)
        text = content[start:end] if end > 0 else ""
        key, lines = (op_type, _NAME.sub("%", text)), _lines_of(parser)
        line = lines.get(key) if end > 0 else None
        if line is not None:
            op = _replay(parser, op_type, line, text, first, end, table.op_def if build_directly else None)
            if op is not None:
                return op
        op = parse_program(self, parser, op_type)
        if end > 0 and "//" not in text:
            _record(lines, parser, op_type, key, line, text, start, end)
        xdsl_parse.LAST[0] = None
        return op

    parse.__wrapped__ = parse_program
    return parse


def _replay(parser, op_type, line: _Line, text: str, first, end: int, op_def):
    """The op of a recorded line, or None (nothing consumed) where the token after it was not seen there."""
    state = parser._parser_state
    lexer = state.lexer
    lexer.pos = end
    after = lexer.lex()
    if _stop(after) not in line.stops:
        lexer.pos = first.span.end
        return None
    state.current_token = after
    operands = _resolved(parser, line, [*_NAME.finditer(text)], first.span.start, first.span.input)
    if op_def is not None:
        op = build_parsed(op_type, op_def, operands, line.result_types, line)
        if op is not None:
            return op
    return op_type.build(result_types=tuple(line.result_types), operands=operands,
                         attributes=dict(line.attributes), properties=dict(line.properties), regions=[],
                         successors=[])  # fmt: skip


def _resolved(parser, line: _Line, names: list, start: int, source) -> list:
    """xdsl_parse._resolve_operands of the line's operands, whose names are `names` (the line's `%` matches):
    a name defined with its type is looked up directly, any other is resolved by the parser (its checks, its
    errors)."""
    resolved, defined = [], parser.ssa_values
    for (sequence, places), types in zip(line.groups, line.operand_types, strict=True):
        if type(types) not in (tuple, list) or len(places) != len(types):
            unresolved = sequence([_unresolved(names[k], index, start, source) for k, index in places])
            resolved.append(parser.resolve_operands(unresolved, types, parser.pos))
            continue
        group = []
        for (k, index), t in zip(places, types):
            values = defined.get(names[k].group()[1:])
            value = values[index] if values is not None and index < len(values) else None
            group.append(value if value is not None and value.type is t
                         else parser.resolve_operand(_unresolved(names[k], index, start, source), t))  # fmt: skip
        resolved.append(group)
    return tuple(resolved)


def _unresolved(name, index: int, start: int, source) -> UnresolvedOperand:
    return UnresolvedOperand(Span(start + name.start(), start + name.end(), source), index)


def _record(lines: dict, parser, op_type, key: tuple, line: _Line | None, text: str, start: int, end: int) -> None:
    """Notes what the parse of the op on `text` gave, where that was the whole line and each `%` an operand."""
    after = parser._parser_state.current_token
    if _GAP.match(after.span.input.content, end).end() != after.span.start:
        return  # the op did not take the whole line, or took more
    if line is not None:
        line.stops.add(_stop(after))
        return
    last = xdsl_parse.LAST[0]
    if last is None or last[0].op_type is not op_type or len(lines) >= _MAX_LINES:
        return
    state, operand_types, result_types = last
    where = {match.start() + start: k for k, match in enumerate(_NAME.finditer(text))}
    groups, used = [], []
    for operand in state.operands:
        sequence = type(operand)
        if sequence not in (list, tuple) or not all(type(o) is UnresolvedOperand for o in operand):
            return
        group = operand
        places = [(where.get(o.span.start), o.index) for o in group]
        used += [k for k, _ in places]
        groups.append((sequence, places))
    if None in used or sorted(used) != list(range(len(where))):
        return  # a `%` that is not an operand, or an operand written twice
    line = lines[key] = _Line(groups, operand_types, result_types, dict(state.properties), dict(state.attributes))
    line.stops.add(_stop(after))


wrap(FormatProgram, "parse", _lines_once)
