"""Regionless ops whose line repeats but for the names of their operands (imported by irc/xdsl_patches.py, after
irc/xdsl_parse_ops.py).

An op in a declarative format without regions or successors, written on one line from its name to the line's
end, parses to the same operand types, result types, properties and attributes as every op of its class whose
line is the same text but for the names of its operands: the parse reads the text alone, and the names only
resolve. The first such op is parsed as before and its outcome recorded, in the parser's own table, under its line
with the names cut out (where every `%` of the line is one of its operands), with the token after it. A later op of that line, followed
by a token that the recorded parse also stopped at (the same kind and spelling; any `%name`), takes the recorded
outcome: its own operands are resolved (the same checks and errors) and its op built from them. Every other op,
and every other line, is parsed as before.
"""

import re

from xdsl.irdl.declarative_assembly_format import FormatProgram
from xdsl.parser import UnresolvedOperand
from xdsl.utils.lexer import Span
from xdsl.utils.mlir_lexer import MLIRTokenKind

from irc import xdsl_parse
from irc.xdsl_build import build_parsed

_NAME = re.compile(r"%(?:[0-9]+|[a-zA-Z$._-][a-zA-Z0-9$._-]*)")  # the lexer's `%` identifier
_GAP = re.compile(r"(?:[ \t\n\r\f\v]|//[^\n]*)*+")  # the lexer's whitespace and comments
_PERCENT = MLIRTokenKind.PERCENT_IDENT


class _Line:
    """What the parse of one line gave: per operand definition, the places (which `%` of the line, its `#index`)
    of its operands, one (sequence None) or a list or tuple; the types, properties and attributes; the tokens
    it stopped at."""

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
        if table.sizes[2] or table.sizes[3] or type(content) is not str or not _on_its_line(content, start):
            return parse_program(self, parser, op_type)
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
    start, source = first.span.start, first.span.input
    names = [match.span() for match in _NAME.finditer(text)]
    unresolved = []
    for sequence, places in line.groups:
        operands = [UnresolvedOperand(Span(start + names[k][0], start + names[k][1], source), index)
                    for k, index in places]  # fmt: skip
        unresolved.append(operands[0] if sequence is None else sequence(operands))
    operands = xdsl_parse._resolve_operands(parser, unresolved, line.operand_types)
    if op_def is not None:
        op = build_parsed(op_type, op_def, operands, line.result_types, line)
        if op is not None:
            return op
    return op_type.build(result_types=tuple(line.result_types), operands=operands,
                         attributes=dict(line.attributes), properties=dict(line.properties), regions=[],
                         successors=[])  # fmt: skip


def _record(lines: dict, parser, op_type, key: tuple, line: _Line | None, text: str, start: int, end: int) -> None:
    """Notes what the parse of the op on `text` gave, where that was the whole line and each `%` an operand."""
    after = parser._parser_state.current_token
    if _GAP.match(after.span.input.content, end).end() != after.span.start:
        return  # the op did not take the whole line, or took more
    if line is not None:
        line.stops.add(_stop(after))
        return
    state, operand_types, result_types = xdsl_parse.LAST[0]
    if state.op_type is not op_type or len(lines) >= _MAX_LINES:
        return
    where = {match.start() + start: k for k, match in enumerate(_NAME.finditer(text))}
    groups, used = [], []
    for operand in state.operands:
        sequence = type(operand) if type(operand) in (list, tuple) else None
        group = operand if sequence else (operand,)
        if not all(type(o) is UnresolvedOperand for o in group):
            return
        places = [(where.get(o.span.start), o.index) for o in group]
        used += [k for k, _ in places]
        groups.append((sequence, places))
    if None in used or sorted(used) != list(range(len(where))):
        return  # a `%` that is not an operand, or an operand written twice
    line = lines[key] = _Line(groups, operand_types, result_types, dict(state.properties), dict(state.attributes))
    line.stops.add(_stop(after))


FormatProgram.parse = _lines_once(FormatProgram.parse)
