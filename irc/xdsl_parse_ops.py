"""Parsing operations and repeated attribute texts with fewer generic steps (imported by irc/xdsl_patches.py, after
irc/xdsl_parse.py); each keeps xDSL's result and its errors (test/unit/test_xdsl_fast_paths.py compares them with
xDSL's own steps).

- A dialect attribute or type whose class says that equal `<...>` text up to the first `>` parses to an equal
  attribute (`PARSES_CONSTANT_TEXT`: irc's types and index attributes) is parsed once per distinct text: a repeat
  is looked up at its first token (`!loop.buffer`, `#loop.index`) and its text consumed, without the generic
  chain of type, dialect-name and parameter parsing. Texts that name aliases, values or symbols are always parsed.
- An op in custom format with no result or one `%name =` is parsed with the original's steps inline: the op looked
  up by its full name first, its dialect's name computed once per class, the result's name registered (and its
  name hint set) directly unless the name was used before its definition; any other op goes to the original from
  its first token.
- A block's ops are parsed while the current token can start one, each by parse_operation directly, and
  appended with Block.add_op's steps inline where the block is not inside anything yet (as while it is parsed).
"""

import re

from xdsl.ir import Attribute
from xdsl.ir.core import _VALUE_NAME_PATTERN as _VALUE_NAME
from xdsl.ir.core import _VALUE_NAME_SUFFIX_PATTERN as _VALUE_NAME_SUFFIX
from xdsl.parser import AttrParser, Parser
from xdsl.utils.lexer import Span
from xdsl.utils.mlir_lexer import MLIRTokenKind

from irc.xdsl_changes import wrap
from irc.xdsl_parse import _is_text

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


wrap(AttrParser, "_parse_extended_type_or_attribute", _whole_text_once)
_TYPE_START, _ATTRIBUTE_START = MLIRTokenKind.EXCLAMATION_IDENT, MLIRTokenKind.HASH_IDENT
wrap(AttrParser, "parse_optional_type", lambda parse: _known_first(parse, _TYPE_START, True))
wrap(AttrParser, "parse_optional_attribute", lambda parse: _known_first(parse, _ATTRIBUTE_START, False))


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
wrap(Parser, "parse_operation", _custom_op_directly)


def _ops_directly(parse_block_body):
    """A block's ops are parsed while the current token can start one (as parse_optional_operation tests), each
    by parse_operation directly."""

    def parse_ops(self, block) -> None:
        if type(self).parse_optional_operation is not _PARSE_OPTIONAL_OPERATION:
            return parse_block_body(self, block)
        state = self._parser_state
        while state.current_token.kind in _OP_START:
            op = self.parse_operation()
            last = block._last_op
            at_end = last is None or last._next_op is None
            if op.parent is not None or block.parent is not None or not at_end:
                block.add_op(op)
                continue
            op.parent = block  # Block.add_op's steps: an op without a parent, a block without ancestors
            if last is None:
                block._first_op = op
            else:
                op._prev_op, op._next_op, last._next_op = last, None, op
            block._last_op = op

    parse_ops.__wrapped__ = parse_block_body
    return parse_ops


_OP_START = frozenset((_PERCENT, _BARE, MLIRTokenKind.STRING_LIT))
_PARSE_OPTIONAL_OPERATION = Parser.parse_optional_operation
wrap(Parser, "_parse_block_body", _ops_directly)
