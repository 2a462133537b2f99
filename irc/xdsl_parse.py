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
"""

import re
from collections.abc import Sequence

from xdsl.ir import Attribute
from xdsl.ir.core import _VALUE_NAME_PATTERN as _VALUE_NAME, _VALUE_NAME_SUFFIX_PATTERN as _VALUE_NAME_SUFFIX
from xdsl.irdl.constraints import AnyAttr, EqIntConstraint, RangeLengthConstraint, RangeOf
from xdsl.irdl.declarative_assembly_format import AttrDictDirective, FormatProgram, ParsingState
from xdsl.irdl.operations import IRDLOperation, OpDef, OptionalDef
from xdsl.parser import AttrParser, Parser, UnresolvedOperand
from xdsl.parser.base_parser import BaseParser
from xdsl.parser.generic_parser import GenericParser
from xdsl.utils.lexer import Span
from xdsl.utils.mlir_lexer import MLIRLexer, MLIRTokenKind

from irc.xdsl_build import build_parsed
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
        if single is not False and (not lengths or _length(group) == 1):
            if types is None:
                continue
            one = _one_type(types)
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


def _parse_with_tables(self: FormatProgram, parser: Parser, op_type):
    table, build_directly = _TABLES_BY_TYPE.get(op_type) or _type_table(op_type)
    state = _parsing_state(op_type, table.sizes)
    for stmt in self.stmts:
        stmt.parse(parser, state)
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


_TABLES_BY_TYPE: dict[type, tuple[_Table, bool]] = {}


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
FormatProgram.parse = _parse_with_tables


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


AttrDictDirective.parse = _absent_first(AttrDictDirective.parse)


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
    setattr(owner, name, replacement)


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


Parser.parse_unresolved_operand = _operand_directly(Parser.parse_unresolved_operand)


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


AttrParser._parse_optional_builtin_type = _word_types_once(AttrParser._parse_optional_builtin_type)


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


Parser._parse_op_result_list = _one_result_first(Parser._parse_op_result_list)


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


Parser.parse_optional_region = _scoped_region(Parser.parse_optional_region)


# ---------------------------------------------------------------------------
# Dialect attributes and types whose text repeats
# ---------------------------------------------------------------------------

_WHOLE: dict[tuple[type, str], Attribute] = {}
_MAX_WHOLE = 1 << 16
_NAMES_OTHERS = re.compile(r"[!#%@^]")
_CONSTANT_TEXT: dict[type, bool] = {}


def _constant_text(cls: type) -> bool:
    known = _CONSTANT_TEXT.get(cls)
    if known is None:
        known = _CONSTANT_TEXT[cls] = getattr(cls, "PARSES_CONSTANT_TEXT", False) is True
    return known


def _whole_text_once(parse_extended):
    """`!d.name<...>` and `#d.name<...>` of a class that says that equal `<...>` text up to the first `>` (where
    its parameters end there) parses to an equal attribute (`PARSES_CONSTANT_TEXT = True`, irc's types and index
    attributes): a repeat of a text parsed before consumes it and gives the same (immutable) attribute."""

    def parse_extended_type_or_attribute(self, name: str, is_type: bool):
        ctx = self.ctx
        cls = (ctx._loaded_types if is_type else ctx._loaded_attrs).get(name)
        if cls is None or "." not in name or not _constant_text(cls):
            return parse_extended(self, name, is_type)
        content = self.lexer.input.content
        start = self._parser_state.current_token.span.start
        end = content.find(">", start) if type(content) is str and content.startswith("<", start) else -1
        key = (cls, content[start : end + 1]) if end > 0 else None
        known = _WHOLE.get(key)
        if known is not None:
            return _skip_to(self, end + 1, known)
        attr = parse_extended(self, name, is_type)
        after = self._parser_state.current_token.span.start
        if (key is not None and after > end and not content[end + 1 : after].strip() and len(_WHOLE) < _MAX_WHOLE
                and _NAMES_OTHERS.search(key[1]) is None):  # fmt: skip
            _WHOLE[key] = attr
        return attr

    parse_extended_type_or_attribute.__wrapped__ = parse_extended
    return parse_extended_type_or_attribute


def _skip_to(self, pos: int, attr):
    """`attr`, its text (up to `pos`) consumed."""
    lexer = self.lexer
    lexer.pos = pos
    self._parser_state.current_token = lexer.lex()
    return attr


def _known_first(parse_optional, kind: MLIRTokenKind, is_type: bool):
    """parse_optional_type / parse_optional_attribute: a `!d.name<...>` / `#d.name<...>` text parsed before (see
    `_whole_text_once`) is looked up at the current token directly."""

    def parse_known_first(self):
        state = self._parser_state
        token = state.current_token
        if token.kind is kind:
            span = token.span
            content = span.input.content
            if type(content) is str and content.startswith("<", span.end):
                ctx = self.ctx
                name = content[span.start + 1 : span.end]
                cls = (ctx._loaded_types if is_type else ctx._loaded_attrs).get(name)
                if cls is not None and "." in name:
                    end = content.find(">", span.end)
                    known = _WHOLE.get((cls, content[span.end : end + 1]))
                    if known is not None:
                        return _skip_to(self, end + 1, known)
        return parse_optional(self)

    parse_known_first.__wrapped__ = parse_optional
    return parse_known_first


AttrParser._parse_extended_type_or_attribute = _whole_text_once(AttrParser._parse_extended_type_or_attribute)
AttrParser.parse_optional_type = _known_first(AttrParser.parse_optional_type, MLIRTokenKind.EXCLAMATION_IDENT, True)
AttrParser.parse_optional_attribute = _known_first(AttrParser.parse_optional_attribute, MLIRTokenKind.HASH_IDENT,
                                                   False)  # fmt: skip


# ---------------------------------------------------------------------------
# Operations
# ---------------------------------------------------------------------------

_DIALECT_NAMES: dict[type, str] = {}


def _custom_op_directly(parse_operation):
    """An op in custom format with no result or one `%name =` is parsed with the original's steps inline (the op
    looked up by its full name first, its dialect's name computed once per class); any other op goes to the
    original from its first token."""

    def parse_op(self):
        state = self._parser_state
        lexer = state.lexer
        first = state.current_token
        result = None
        if first.kind is _PERCENT:
            second = lexer.lex()
            if second.kind is not _EQUAL:
                return _again(self, parse_operation, first)
            result = first.span
            name = lexer.lex()
            if name.kind is not _BARE:
                return _again(self, parse_operation, first)
        elif first.kind is _BARE:
            name = first
        else:
            return parse_operation(self)
        state.current_token = lexer.lex()
        text = name.span.text
        op_type = self.ctx._loaded_ops.get(text) or self._get_op_by_name(text)
        dialect = _DIALECT_NAMES.get(op_type)
        if dialect is None:
            dialect = _DIALECT_NAMES[op_type] = op_type.dialect_name()
        stack = state.dialect_stack
        stack.append(dialect)
        op = op_type.parse(self)
        stack.pop()
        if state.current_token.kind is _BARE and _is_text(state.current_token, "loc"):
            location = self.parse_optional_location()
            if location is not None:
                op.location = location
        if result is not None:
            _register_one(self, op, result, first.span)
        return op

    parse_op.__wrapped__ = parse_operation
    return parse_op


def _again(self, parse_operation, first):
    """The original's parse from `first`, the token the op starts with."""
    self.lexer.pos = first.span.end
    self._parser_state.current_token = first
    return parse_operation(self)


def _register_one(self, op, result: Span, op_loc: Span) -> None:
    results = op.results
    if len(results) != 1:
        self.raise_error(f"Operation has {len(results)} results, but was given 1 to bind.", at_position=op_loc)
    name = result.text[1:]
    names = self.ssa_values
    if name in names or name in self.forward_ssa_references:
        return self._register_ssa_definition(name, results[0:1], result)
    value = results[0]
    names[name] = (value,)
    if _VALUE_NAME.fullmatch(name):  # SSAValue.is_valid_name, then its name_hint setter
        suffix = _VALUE_NAME_SUFFIX.search(name)
        value._name = name if suffix is None else name[: suffix.start()]


_PERCENT, _EQUAL, _BARE = MLIRTokenKind.PERCENT_IDENT, MLIRTokenKind.EQUAL, MLIRTokenKind.BARE_IDENT
Parser.parse_operation = _custom_op_directly(Parser.parse_operation)


def _ops_directly(parse_block_body):
    """A block's ops are parsed while the current token can start one (as parse_optional_operation tests), each
    by parse_operation directly."""

    def parse_ops(self, block) -> None:
        if type(self).parse_optional_operation is not _PARSE_OPTIONAL_OPERATION:
            return parse_block_body(self, block)
        state = self._parser_state
        while state.current_token.kind in _OP_START:
            block.add_op(self.parse_operation())

    parse_ops.__wrapped__ = parse_block_body
    return parse_ops


_OP_START = frozenset((_PERCENT, _BARE, MLIRTokenKind.STRING_LIT))
_PARSE_OPTIONAL_OPERATION = Parser.parse_optional_operation
Parser._parse_block_body = _ops_directly(Parser._parse_block_body)
