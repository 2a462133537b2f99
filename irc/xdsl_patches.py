"""Fixes to xDSL 0.74 that hostile input and large modules need (each one keeps what xDSL accepts, rejects and
prints), recorded on import and applied by irc/xdsl_install.py's `install()`, which irc's entry points call
before anything is parsed (never on import or plugin load). Speed-ups by concern live beside it and are
imported at the end: op construction (irc/xdsl_build.py), parsing (irc/xdsl_parse.py), verification
(irc/xdsl_verify.py) and printing (irc/xdsl_print.py).

- The lexer's string-literal pattern `"(?:[^"\\...]+|\\...)*"` nests a `+` inside a `*`, so a string that is
  never closed makes `re` try every split of the line: a quote left open in a 60-character line takes
  minutes (found by tools/fuzz_ir.py). The same language with one character per repetition matches or
  fails in linear time.
"""

import functools
import gc
import re
import struct

from xdsl.dialects.builtin import ModuleOp, StructPackableType
from xdsl.ir import Block, Operation, OpResult
from xdsl.irdl import operations
from xdsl.parser import Parser
from xdsl.parser.base_parser import BaseParser
from xdsl.parser.generic_parser import GenericParser
from xdsl.transforms.common_subexpression_elimination import CSEDriver, OperationInfo
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.lexer import Span, Token
from xdsl.utils.mlir_lexer import KIND_BY_PUNCTUATION_SPELLING, MLIRLexer, MLIRTokenKind, StringLiteral

from irc.dialects.model_source import SOURCE_ATTR, merge_sources
from irc.source_locations import FAILING_OP
from irc.xdsl_changes import replace, wrap

_STRING_LITERAL = re.compile(r'"(?:[^"\\\n\v\f]|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*"')
replace(MLIRLexer, "_unescaped_characters_regex", _STRING_LITERAL)

# - Packing a dense array (`dims = [9223372036854775808]`) raised struct.error, which is neither a parse
#   error nor a ValueError: a value out of its element type's range is now a ValueError, which the tools
#   report as a diagnostic.


def _checked_pack(pack):
    def checked(self, values):
        try:
            return pack(self, values)
        except struct.error as exc:
            raise ValueError(f"value out of range for {self}: {exc}") from None

    return checked


wrap(StructPackableType, "pack", _checked_pack)


# - cse's key of an op hashes its name, attributes, operands and result types but not its regions: every
#   loop.pointwise / loop.reduction without operands (their bodies load outer buffers) shares one hash, so
#   each one is compared region by region with all those before it, quadratic in the graph (1 ms per aten op
#   on 48-layer BERT). The key now also hashes the names of the ops in its regions and the values from outside
#   that they use: structurally equivalent regions have the same of both, so equal keys still hash equal.


def _region_key(op: Operation) -> tuple:
    inner = [o for region in op.regions for o in region.walk()]
    defined = {v for o in inner for v in o.results}
    defined.update(a for region in op.regions for block in region.blocks for a in block.args)
    outside = tuple(v for o in inner for v in o.operands if v not in defined)
    return tuple(o.name for o in inner), outside


# - irc.source (dialects/model_source.py) is a comment naming the model lines of an op: cse merges ops equal
#   but for it (the kept op gets the union), as kernel-dedup does, so carrying it changes no kernel count.


def _attribute_key(op: Operation) -> tuple:
    return tuple((name, value) for name, value in op.attributes.items() if name != SOURCE_ATTR)


def _hash_with_regions(_op_hash):
    def hashed(self):
        op = self.op
        attributes = sum(hash(item) for item in _attribute_key(op))
        properties = sum(hash(item) for item in op.properties.items())
        key = (self.name, attributes, properties, hash(op.result_types), hash(op.operands))
        return hash(key if not op.regions else (key, _region_key(op)))

    return hashed


def _equal_but_sources(op_equal):
    def equal(self, other):
        if not isinstance(other, OperationInfo):
            return op_equal(self, other)
        if SOURCE_ATTR not in self.op.attributes and SOURCE_ATTR not in other.op.attributes:
            return op_equal(self, other)
        return (
            dict(_attribute_key(self.op)) == dict(_attribute_key(other.op))
            and hash(self) == hash(other)
            and self.name == other.name
            and self.op.properties == other.op.properties
            and self.op.operands == other.op.operands
            and self.op.result_types == other.op.result_types
            and all(s.is_structurally_equivalent(o) for s, o in zip(self.op.regions, other.op.regions))
        )

    return equal


def _merging_sources(replace_and_delete):
    def replaced(self, op, existing):
        merge_sources(existing, op)
        return replace_and_delete(self, op, existing)

    return replaced


wrap(OperationInfo, "__hash__", _hash_with_regions)
wrap(OperationInfo, "__eq__", _equal_but_sources)
wrap(CSEDriver, "_replace_and_delete", _merging_sources)


# - The lexer finds each token through a chain of Python calls (whitespace, first character, a regex per kind,
#   bounds-checked slices): a third of the parse time of a large module. One regex now matches the common
#   tokens (bare, `%` `#` `!` `^` identifiers, punctuation, `->`, decimal integers, strings without escapes)
#   with the whitespace and comments before them, and yields the token the original would; anything else (end of input,
#   numbers with a fraction or in hex, `@` names, escapes, `{-#` and `#-}`, errors, byte input, subclasses
#   such as xDSL's assembly-format lexer) is lexed by the original from the same position.

_COMMON_TOKEN = re.compile(
    r"(?:[ \t\n\r\f\v]|//[^\n]*)*+"  # the original's whitespace and comments, never given back
    r"(?:([A-Za-z_][A-Za-z0-9_$.]*)"  # 1: bare identifier
    r"|(%(?:[0-9]+|[a-zA-Z$._-][a-zA-Z0-9$._-]*))"  # 2-5: `%` `#` `!` `^` identifiers
    r"|(?!#-\})(#(?:[0-9]+|[a-zA-Z$._-][a-zA-Z0-9$._-]*))"
    r"|(!(?:[0-9]+|[a-zA-Z$._-][a-zA-Z0-9$._-]*))"
    r"|(\^(?:[0-9]+|[a-zA-Z$._-][a-zA-Z0-9$._-]*))"
    r"|(->|[-:,()}\[\]<>=+/*?|]|\{(?!-#))"  # 6: punctuation
    r"|((?!0x[0-9a-fA-F])[0-9]+(?![0-9.]))"  # 7: decimal integer
    r'|("[^"\\\n\v\f]*"))'  # 8: string without escapes
)
# the token kind of each group above (None: punctuation, by its spelling)
_GROUP_KINDS = (None, MLIRTokenKind.BARE_IDENT, MLIRTokenKind.PERCENT_IDENT, MLIRTokenKind.HASH_IDENT,
                MLIRTokenKind.EXCLAMATION_IDENT, MLIRTokenKind.CARET_IDENT, None, MLIRTokenKind.INTEGER_LIT,
                MLIRTokenKind.STRING_LIT)  # fmt: skip
_STRING = MLIRTokenKind.STRING_LIT
_new = object.__new__
_set_attr = object.__setattr__


def _common_tokens_first(lex):
    @functools.wraps(lex)
    def lex_common_first(self):
        content = self.input.content
        if type(content) is not str or type(self) is not MLIRLexer:
            return lex(self)
        match = _COMMON_TOKEN.match(content, self.pos)
        if match is None:
            self.pos = self._whitespace_regex.match(content, self.pos).end()
            return lex(self)
        group = match.lastindex
        start, end = match.span(group)  # the group ends the match
        self.pos = end
        kind = _GROUP_KINDS[group]
        if kind is None:
            kind = KIND_BY_PUNCTUATION_SPELLING[content[start:end]]
        elif kind is _STRING:
            return Token(_STRING, StringLiteral(start, end, self.input))
        # Span(start, end, self.input) and Token(kind, span), with their fields set directly
        span = _new(Span)
        _set_attr(span, "__dict__", {"start": start, "end": end, "input": self.input, "line_offset": 0})
        token = _new(Token)
        _set_attr(token, "__dict__", {"kind": kind, "span": span})
        return token

    return lex_common_first


wrap(MLIRLexer, "lex", _common_tokens_first)


# - Parsing allocates millions of objects that all live on (the IR), and the cyclic collector, triggered by
#   allocation counts, walks the growing heap again and again: an eighth of a large module's parse time.
#   The collector pauses while a module is parsed or verified and resumes afterwards (whatever the parse
#   raised). Resumed as it was, its first collections would walk every object of the new IR three times (once
#   per generation that they pass through, a second of a 5 MB module's run); the objects that exist then are
#   counted as old instead (`freeze` and `unfreeze` move them all to the oldest generation), so only a full
#   collection, which the collector makes as the heap grows by a quarter, walks them again and frees what
#   became garbage.


def _collector_paused(parse_module):
    def parse_module_paused(self, *args, **kwargs):
        was_enabled = gc.isenabled()
        gc.disable()
        try:
            return parse_module(self, *args, **kwargs)
        finally:
            if was_enabled:
                if not gc.get_freeze_count():  # leaves alone what the program froze itself
                    gc.freeze()
                    gc.unfreeze()
                gc.enable()

    return parse_module_paused


wrap(Parser, "parse_module", _collector_paused)
# the same for a module's verification
wrap(ModuleOp, "verify", lambda _: _collector_paused(Operation.verify))


# - Verifying an op counts its operands, results, regions and successors against its definition, rebuilding
#   from the definition each time which of them are variadic (a fifth of the verification of a large
#   module). Where a definition has no variadic and no attribute-sized entry of that kind, the count must
#   equal the number of entries: that case is now answered from a per-definition table, and every other
#   case (and every wrong count, for its message) goes to the original.

_FIXED_COUNTS: dict[tuple[int, operations.VarIRConstruct], tuple[operations.OpDef, int | None]] = {}


def _fixed_count(op_def: operations.OpDef, construct: operations.VarIRConstruct) -> int | None:
    known = _FIXED_COUNTS.get((id(op_def), construct))
    if known is not None and known[0] is op_def:
        return known[1]
    defs = operations.get_construct_defs(op_def, construct)
    sized = operations.get_attr_size_option(construct)
    variadic = any(isinstance(d, operations.VariadicDef) for _, d in defs)
    count = None if variadic or any(isinstance(o, sized) for o in op_def.options) else len(defs)
    _FIXED_COUNTS[(id(op_def), construct)] = (op_def, count)
    return count


def _counted_from_table(verify_variadic_size):
    @functools.wraps(verify_variadic_size)
    def verify_size(op, op_def, construct):
        count = _fixed_count(op_def, construct)
        if count is None or len(operations.get_op_constructs(op, construct)) != count:
            verify_variadic_size(op, op_def, construct)

    return verify_size


wrap(operations, "verify_variadic_size", _counted_from_table)


# - Every punctuation the parser expects is first checked to be a punctuation and mapped to its token kind
#   by two calls, and every token is consumed through two property lookups: a tenth of a parse. The same
#   steps (the same checks, errors and messages) now take one dictionary lookup and direct field reads.


def _consume_token(self, expected_kind=None):
    state = self._parser_state
    consumed = state.current_token
    assert expected_kind is None or consumed.kind == expected_kind, (
        f"Unexpected token {consumed}, expected {expected_kind}"
    )
    state.current_token = state.lexer.lex()
    return consumed


def _parse_optional_punctuation(self, punctuation):
    kind = KIND_BY_PUNCTUATION_SPELLING.get(punctuation)
    assert kind is not None, "'parse_optional_punctuation' must be called with a valid punctuation"
    state = self._parser_state
    if state.current_token.kind != kind:
        return None
    state.current_token = state.lexer.lex()
    return punctuation


def _parse_punctuation(self, punctuation, context_msg=""):
    kind = KIND_BY_PUNCTUATION_SPELLING.get(punctuation)
    assert kind is not None, "'parse_punctuation' must be called with a valid punctuation"
    state = self._parser_state
    if state.current_token.kind != kind:
        self.raise_error(f"Expected '{punctuation}'" + context_msg, state.current_token.span)
    state.current_token = state.lexer.lex()
    return punctuation


replace(GenericParser, "_consume_token", _consume_token)
replace(BaseParser, "parse_optional_punctuation", _parse_optional_punctuation)
replace(BaseParser, "parse_punctuation", _parse_punctuation)


# - xDSL does not check dominance: an op may use a value that an op later in the same block defines (the
#   parser resolves the name forward), which passes then assume cannot happen (found by tools/fuzz_ir.py:
#   kernel-fuse built a dependence cycle). A block now checks that every use inside each of its ops (nested
#   ones included) comes after the definition when that is in the block. A module's body is a graph region,
#   where order carries no meaning, and is not checked; uses across blocks are left alone.


def _verify_use_after_definition(block: Block) -> None:
    parent = block.parent_op()
    if parent is None or isinstance(parent, ModuleOp):
        return
    earlier: set[int] = set()  # the block's ops before the current one
    op = block._first_op
    while op is not None:
        for user in _nested_ops(op) if op.regions else (op,):
            for operand in user._operands:
                owner = operand.op if type(operand) is OpResult else operand.owner
                if owner.parent is block and id(owner) not in earlier:
                    return _report_use_before_definition(block)
        earlier.add(id(op))
        op = op._next_op


def _nested_ops(op: Operation) -> list[Operation]:
    """`op` and every op inside it (in no particular order)."""
    ops = [op]
    for nested in ops:
        for region in nested.regions:
            block = region._first_block
            while block is not None:
                inner = block._first_op
                while inner is not None:
                    ops.append(inner)
                    inner = inner._next_op
                block = block._next_block
    return ops


def _report_use_before_definition(block: Block) -> None:
    """The first use before its definition, in walk order (the error names the using op)."""
    position = {id(op): k for k, op in enumerate(block.ops)}
    for k, op in enumerate(block.ops):
        for user in op.walk():
            for number, operand in enumerate(user.operands):
                owner = operand.owner
                if isinstance(owner, Operation) and owner.parent is block and position[id(owner)] >= k:
                    error = VerifyException(
                        f"{user.name} uses as operand {number} a value that {owner.name} defines after it"
                    )
                    setattr(error, FAILING_OP, user)
                    raise error


def _dominance_checked(verify):
    def verify_block(self):
        verify(self)
        _verify_use_after_definition(self)

    verify_block.__wrapped__ = verify
    return verify_block


import irc.xdsl_build  # noqa: E402, F401 (op construction from per-definition tables)
import irc.xdsl_verify  # noqa: E402, F401 (op verification from per-definition tables)
import irc.xdsl_print  # noqa: E402, F401 (tokens written to the stream directly)
import irc.xdsl_parse  # noqa: E402, F401 (op parsing: format tables, token tests, result lists, region scopes)
import irc.xdsl_parse_ops  # noqa: E402, F401 (ops and repeated attribute texts parsed with fewer steps)
import irc.xdsl_parse_lines  # noqa: E402, F401 (regionless ops whose line repeats, parsed once)

wrap(Block, "verify", _dominance_checked)  # around irc/xdsl_verify.py's Block.verify
