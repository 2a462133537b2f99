"""Parsing operations with fewer generic steps (imported by irc/xdsl_patches.py); each keeps xDSL's result and
its errors (test/unit/test_xdsl_fast_paths.py compares them with xDSL's own steps).

- Declarative formats: the constraint checks of a parse (operand and result types, properties, attributes) come
  from a per-definition table, the same constraints in the same order in one context; a definition of exactly
  one entry checks that entry's type against its element constraint directly. Operands whose counts match
  their types are resolved without rebuilding lists, and the op is built from what was parsed, entry by entry
  as its definition counts them, without the builder's normalisation of arguments; anything else goes to the
  original step. An attribute dictionary that is absent (no `{`, or no `attributes` keyword where the format
  has one) is not parsed for an empty result.
- Token tests (a kind, a keyword, a spelling, the position) read the current token's fields directly instead
  of going through two properties and a copy of its text per test; a span's text is one slice.
- An operand (`%name`, `%name#k`) is read with one look at the token after it.
- A builtin type written as one word (`f32`, `i64`, `index`) is parsed once per word: a repeat consumes the word
  and gives the same (immutable) type.
- An op's results written `%name =` (one name, no `:count`) are read directly; any other result list is read
  again from the same position by the original.
- Region scopes: the parser copied its whole table of SSA names on entering each region (quadratic in a flat
  function of region-holding ops). Names are now kept in one table and those that a region defined are taken
  out when it ends (they are the most recent entries: a name is never defined twice), so a lookup is one
  dictionary lookup at any depth.
- A declarative-format parse finds its tables by op class and sets up its state's fields directly; it infers only
  the types the format left unknown, looks operands already defined with their type up directly, and checks a
  property or attribute against a pure constraint once per attribute object (irc/xdsl_verify.py).
- An optional group that is not taken sets empty only the elements whose set_empty does something.
- The constraint checks of a declarative-format parse, and the types it infers from them, are the same for
  every op of a format with the same operand counts, given types, properties and attributes (the same
  objects): they run once per such key, and a like op takes the types found then.

Whole ops, blocks and repeated attribute texts: irc/xdsl_parse_ops.py.
"""

import re
from collections.abc import Sequence

from xdsl.ir import Attribute
from xdsl.irdl.constraints import AnyAttr, EqIntConstraint, RangeLengthConstraint, RangeOf
from xdsl.irdl.declarative_assembly_format import (
    AttrDictDirective,
    FormatDirective,
    FormatProgram,
    OptionalGroupDirective,
    ParsingState,
)
from xdsl.irdl.operations import IRDLOperation, OpDef, OptionalDef
from xdsl.parser import AttrParser, Parser, UnresolvedOperand
from xdsl.parser.base_parser import BaseParser
from xdsl.parser.generic_parser import GenericParser
from xdsl.utils.lexer import Span
from xdsl.utils.mlir_lexer import MLIRLexer, MLIRTokenKind

from irc.xdsl_build import build_parsed
from irc.xdsl_changes import replace, wrap
from irc.xdsl_verify import new_context, verify_once

# ---------------------------------------------------------------------------
# Declarative formats
# ---------------------------------------------------------------------------


class _Table:
    __slots__ = ("op_def", "operands", "results", "singles", "properties", "attributes", "sizes")

    def __init__(self, op_def: OpDef):
        self.op_def = op_def
        self.operands = tuple(d.constr for _, d in op_def.operands)
        self.results = tuple(d.constr for _, d in op_def.results)
        self.singles = tuple(tuple(_single_form(c) for c in defs) for defs in (self.operands, self.results))
        self.properties = _checked(op_def.properties)
        self.attributes = _checked(op_def.attributes)
        self.sizes = tuple(len(defs) for defs in (op_def.operands, op_def.results, op_def.regions, op_def.successors))


def _checked(defs: dict) -> tuple:
    """(name, constraint, default) of the entries a parse checks: all but optional ones without a default."""
    return tuple((name, d.constr, d.default_value) for name, d in defs.items()
                 if not (isinstance(d, OptionalDef) and d.default_value is None))  # fmt: skip


_TABLES: dict[int, _Table] = {}


def _table(op_def: OpDef) -> _Table:
    known = _TABLES.get(id(op_def))
    if known is None or known.op_def is not op_def:
        known = _TABLES[id(op_def)] = _Table(op_def)
    return known


def _as_types(types) -> Sequence[Attribute]:
    return (types,) if isinstance(types, Attribute) else types


def _length(operand) -> int:
    return len(operand) if type(operand) in (tuple, list) or isinstance(operand, Sequence) else 1


_NO_TYPE = object()


def _single_form(constraint):
    """c where `constraint` is xDSL's "exactly one entry, satisfying c" (None for any type), else False."""
    if (isinstance(constraint, RangeLengthConstraint) and constraint.length == EqIntConstraint(1)
            and isinstance(constraint.constraint, RangeOf)):  # fmt: skip
        inner = constraint.constraint.constr
        return None if isinstance(inner, AnyAttr) else inner
    return False


def _one_type(types):
    if type(types) in (tuple, list):
        return types[0] if len(types) == 1 else _NO_TYPE
    return types if isinstance(types, Attribute) else _NO_TYPE


def _check_entries(groups, types_per_def, constraints: tuple, singles: tuple, context, lengths: bool) -> None:
    """The original's checks of operands (`lengths`: their counts too) or results, where a definition of one
    entry whose single type is known checks that type against its element constraint alone."""
    for group, types, constraint, single in zip(groups, types_per_def, constraints, singles, strict=True):
        if single is not False and (not lengths or (len(group) if type(group) is list else _length(group)) == 1):
            if types is None:
                continue
            one = (types[0] if len(types) == 1 else _NO_TYPE) if type(types) is list else _one_type(types)
            if one is not _NO_TYPE:
                if single is not None:
                    single.verify(one, context)
                continue
        if lengths:
            constraint.verify_length(_length(group), context)
        if types is not None:
            constraint.verify(_as_types(types), context)


def _resolve_constraint_variables(state: ParsingState, table: _Table) -> None:
    context = state.context
    _check_entries(state.operands, state.operand_types, table.operands, table.singles[0], context, True)
    _check_entries(state.result_types, state.result_types, table.results, table.singles[1], context, False)
    for given, checked in ((state.properties, table.properties), (state.attributes, table.attributes)):
        for name, constraint, default in checked:
            attr = given.get(name, default)
            if attr is not None:
                verify_once(constraint, attr, context)


def _resolve_operands(parser: Parser, unresolved: list, operand_types: tuple) -> tuple:
    pos = parser.pos
    resolve = parser.resolve_operand
    resolved = []
    defined = parser.ssa_values
    for names, types in zip(unresolved, operand_types, strict=True):
        if type(types) not in (tuple, list) or len(names) != len(types):
            resolved.append(parser.resolve_operands(names, types, pos))
            continue
        group = []
        for name, t in zip(names, types):
            values = defined.get(name.span.text[1:])
            value = values[name.index] if values is not None and name.index < len(values) else None
            group.append(value if value is not None and value.type is t else resolve(name, t))
        resolved.append(group)
    return tuple(resolved)


def _group_key(groups) -> tuple:
    """The identities of each definition's types (None where not given)."""
    return tuple([None if g is None else (*map(id, g),) if type(g) in (list, tuple) else id(g) for g in groups])


_CHECKED: dict[tuple, tuple] = {}
_MAX_CHECKED = 1 << 16


def _checked_types(state: ParsingState, table: _Table) -> tuple[list, list]:
    """The original's constraint checks and the operand and result types, given or inferred from the variables
    that the checks bound; once per table, operand counts, given types, properties and attributes (the same
    objects: the same verdict and the same inferred types)."""
    properties, attributes = state.properties, state.attributes
    key = (id(table), tuple([None if group is None else _length(group) for group in state.operands]),
           _group_key(state.operand_types), _group_key(state.result_types),
           (*properties, *map(id, properties.values())) if properties else (),
           (*attributes, *map(id, attributes.values())) if attributes else ())  # fmt: skip
    known = _CHECKED.get(key)
    if known is not None:
        return known[1], known[2]
    given = (table, state.operand_types, state.result_types, properties.copy(), attributes.copy())
    _resolve_constraint_variables(state, table)
    assert None not in state.operands
    context = state.context
    operand_types = state.operand_types  # the types each definition's operands were given, else inferred
    if None in operand_types:
        operand_types = [
            constraint.infer(context, length=len(operand)) if types is None else types
            for types, operand, constraint in zip(operand_types, state.operands, table.operands, strict=True)
        ]
    result_types = state.result_types
    if None in result_types:
        result_types = [constraint.infer(context, length=None) if types is None else types
                        for types, constraint in zip(result_types, table.results, strict=True)]  # fmt: skip
    if len(_CHECKED) < _MAX_CHECKED:
        _CHECKED[key] = (given, operand_types, result_types)
    return operand_types, result_types


def _parse_with_tables(self: FormatProgram, parser: Parser, op_type):
    table, build_directly = _TABLES_BY_TYPE.get(op_type) or _type_table(op_type)
    state = _parsing_state(op_type, table.sizes)
    for stmt in self.stmts:
        stmt.parse(parser, state)
    operand_types, result_types = _checked_types(state, table)
    LAST[0] = (state, operand_types, result_types)
    operands = _resolve_operands(parser, state.operands, operand_types)
    if build_directly:
        op = build_parsed(op_type, table.op_def, operands, result_types, state)
        if op is not None:
            return op
    return op_type.build(
        result_types=tuple(result_types),
        operands=operands,
        attributes=state.attributes,
        properties=state.properties,
        regions=state.regions,
        successors=state.successors,
    )


LAST: list = [None]  # the state and types of the latest format parse (irc/xdsl_parse_lines.py records them)
_TABLES_BY_TYPE: dict[type, tuple[_Table, bool]] = {}


def tables_of(op_type) -> tuple[_Table, bool]:
    """The op class's parse table, and whether its ops are built from a parse directly."""
    return _TABLES_BY_TYPE.get(op_type) or _type_table(op_type)


def _type_table(op_type) -> tuple[_Table, bool]:
    op_def = op_type.get_irdl_definition()
    known = _TABLES_BY_TYPE[op_type] = (_table(op_def), op_type.build.__func__ is _IRDL_BUILD and not op_def.options)
    return known


def _parsing_state(op_type, sizes: tuple[int, int, int, int]) -> ParsingState:
    """ParsingState(op_type), its fields set directly."""
    operands, results, regions, successors = sizes
    context = new_context()
    state = _new(ParsingState)
    _set_attr(state, "__dict__", {"op_type": op_type, "operands": [None] * operands,
                                  "operand_types": [None] * operands, "result_types": [None] * results,
                                  "regions": [None] * regions, "successors": [None] * successors,
                                  "attributes": {}, "properties": {}, "context": context})  # fmt: skip
    return state


_new = object.__new__
_set_attr = object.__setattr__


_IRDL_BUILD = IRDLOperation.build.__func__


_parse_with_tables.__wrapped__ = FormatProgram.parse
replace(FormatProgram, "parse", _parse_with_tables)


def _absent_first(parse_attr_dict):
    def parse(self: AttrDictDirective, parser: Parser, state: ParsingState) -> None:
        token = parser._parser_state.current_token
        if self.with_keyword:
            absent = token.kind != MLIRTokenKind.BARE_IDENT or not _is_text(token, "attributes")
        else:
            absent = token.kind != MLIRTokenKind.L_BRACE
        if not absent:
            parse_attr_dict(self, parser, state)

    parse.__wrapped__ = parse_attr_dict
    return parse


wrap(AttrDictDirective, "parse", _absent_first)


# ---------------------------------------------------------------------------
# Token tests
# ---------------------------------------------------------------------------


def _parse_optional_token(self, expected_kind):
    state = self._parser_state
    token = state.current_token
    if token.kind != expected_kind:
        return None
    state.current_token = state.lexer.lex()
    return token


def _is_text(token, text: str) -> bool:
    span = token.span
    content = span.input.content
    if type(content) is str:
        return span.end - span.start == len(text) and content.startswith(text, span.start)
    return span.text == text


def _parse_optional_characters(self, text: str):
    state = self._parser_state
    if not _is_text(state.current_token, text):
        return None
    state.current_token = state.lexer.lex()
    return text


def _parse_optional_keyword(self, keyword: str):
    state = self._parser_state
    token = state.current_token
    if token.kind != MLIRTokenKind.BARE_IDENT or not _is_text(token, keyword):
        return None
    state.current_token = state.lexer.lex()
    return keyword


def _span_text(self: Span) -> str:
    content = self.input.content[self.start : self.end]
    return content if type(content) is str else content.decode("utf-8") if isinstance(content, bytes) else content


def _position(self) -> int:
    return self._parser_state.current_token.span.start


# (owner, name, replacement); each replacement's __wrapped__ is what it replaces
TOKEN_TESTS = [
    (Span, "text", property(_span_text)),
    (GenericParser, "_parse_optional_token", _parse_optional_token),
    (GenericParser, "parse_optional_characters", _parse_optional_characters),
    (GenericParser, "pos", property(_position)),
    (BaseParser, "parse_optional_keyword", _parse_optional_keyword),
]
for owner, name, replacement in TOKEN_TESTS:
    (replacement.fget if isinstance(replacement, property) else replacement).__wrapped__ = owner.__dict__[name]
    replace(owner, name, replacement)


# ---------------------------------------------------------------------------
# Operands
# ---------------------------------------------------------------------------


def _operand_directly(parse_unresolved_operand):
    def parse_operand(self, msg: str = "operand expected"):
        state = self._parser_state
        name = state.current_token
        if name.kind != MLIRTokenKind.PERCENT_IDENT:
            return parse_unresolved_operand(self, msg)
        after = state.current_token = state.lexer.lex()
        if after.kind != MLIRTokenKind.HASH_IDENT:
            return UnresolvedOperand(name.span, 0)
        state.current_token = state.lexer.lex()
        digits = after.span.text[1:]
        if re.fullmatch(Parser._decimal_integer_regex, digits) is None:
            self.raise_error("Expected integer as SSA value tuple index", after.span)
        return UnresolvedOperand(name.span, int(digits, 10))

    parse_operand.__wrapped__ = parse_unresolved_operand
    return parse_operand


wrap(Parser, "parse_unresolved_operand", _operand_directly)


# ---------------------------------------------------------------------------
# One-word builtin types
# ---------------------------------------------------------------------------

_WORD_TYPES: dict[str, Attribute] = {}


def _word_types_once(parse_builtin_type):
    def parse_optional_builtin_type(self):
        state = self._parser_state
        token = state.current_token
        if token.kind != MLIRTokenKind.BARE_IDENT:
            return parse_builtin_type(self)
        word = token.span.text
        known = _WORD_TYPES.get(word)
        if known is not None:
            state.current_token = state.lexer.lex()
            return known
        parsed = parse_builtin_type(self)
        if parsed is not None and _next_token_start(token) == state.current_token.span.start:
            _WORD_TYPES[word] = parsed  # the word alone made the type
        return parsed

    parse_optional_builtin_type.__wrapped__ = parse_builtin_type
    return parse_optional_builtin_type


def _next_token_start(token) -> int:
    """Where the token after `token` starts."""
    lexer = MLIRLexer(token.span.input)
    lexer.pos = token.span.end
    return lexer.lex().span.start


wrap(AttrParser, "_parse_optional_builtin_type", _word_types_once)


# ---------------------------------------------------------------------------
# Result lists
# ---------------------------------------------------------------------------


def _one_result_first(parse_op_result_list):
    def parse_results(self):
        state = self._parser_state
        first = state.current_token
        if first.kind != MLIRTokenKind.PERCENT_IDENT:
            return []
        lexer = state.lexer
        after = lexer.pos
        second = lexer.lex()
        if second.kind == MLIRTokenKind.EQUAL:
            state.current_token = lexer.lex()
            return [(first.span, 1)]
        lexer.pos = after
        return parse_op_result_list(self)

    parse_results.__wrapped__ = parse_op_result_list
    return parse_results


wrap(Parser, "_parse_op_result_list", _one_result_first)


# ---------------------------------------------------------------------------
# Region scopes
# ---------------------------------------------------------------------------


class _ScopedNames(dict):
    """The parser's SSA names: one table for every scope. `copy()`, which the parser calls to open a region's
    scope (and whose result it puts back at the region's end), returns the table itself; the region wrapper
    below removes the region's names."""

    def copy(self):
        return self


def _scoped_region(parse_region):
    def parse_optional_region(self, arguments=None):
        names = self.ssa_values
        if type(names) is not _ScopedNames:
            names = self.ssa_values = _ScopedNames(names)
        outer = len(names)
        try:
            return parse_region(self, arguments)
        finally:
            while len(names) > outer:
                names.popitem()
            self.ssa_values = names

    parse_optional_region.__wrapped__ = parse_region
    return parse_optional_region


wrap(Parser, "parse_optional_region", _scoped_region)


# ---------------------------------------------------------------------------
# Optional groups
# ---------------------------------------------------------------------------

_EMPTIED: dict[int, tuple[tuple, tuple]] = {}


def _emptied(elements: tuple) -> tuple:
    """The elements whose set_empty does something (FormatDirective's own does nothing)."""
    known = _EMPTIED.get(id(elements))
    if known is None or known[0] is not elements:
        known = _EMPTIED[id(elements)] = (elements, tuple(e for e in elements
                                                         if type(e).set_empty is not FormatDirective.set_empty))
    return known[1]


def _empties_that_matter(parse_group):
    """OptionalGroupDirective.parse: the elements of the branch not taken are set empty, skipping those whose
    set_empty does nothing."""

    def parse(self: OptionalGroupDirective, parser: Parser, state: ParsingState) -> None:
        start = parser.pos
        self.then_first.parse_optional(parser, state)
        if start != parser.pos:
            for element in self.then_elements:
                element.parse(parser, state)
            for element in _emptied(self.else_elements):
                element.set_empty(state)
        else:
            for element in _emptied(self.then_elements):
                element.set_empty(state)
            for element in self.else_elements:
                element.parse(parser, state)

    parse.__wrapped__ = parse_group
    return parse


wrap(OptionalGroupDirective, "parse", _empties_that_matter)
