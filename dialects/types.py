"""Types and attributes shared by irc's dialects.

- sizes (`Dim`): an integer or a symbolic expression over size symbols (`s0`, `2*s1`);
- `TensorType` (`!aten.tensor<[3, s0], f32>`, optionally `strides [...]`): value-semantic tensors;
- `BufferType` (`!loop.buffer<[3, 9], f32, strides [9, 1]>`, optionally `offset N`): memory;
- `IndexAttr` (`#loop.index<"9*i0 + r0">`): a sympy-backed index expression in canonical form.

sympy is imported only when a symbolic expression is actually parsed or built.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from io import StringIO
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, Union

from xdsl.dialects.builtin import (
    ArrayAttr,
    IntAttr,
    NoneAttr,
    StringAttr,
)
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from irc.dialects.element_types import (  # noqa: F401  (re-exported: the element-type helpers' old home)
    ELEMENT_TYPE_NAMES,
    element_type_name,
    element_type,
    verify_element_type,
    EXTERN_ELEMENT_TYPES,
    same_integer_bits,
    storage_type_name,
    storage_type,
    verify_storage_type,
    is_float,
    is_bool,
    is_integer,
    attr_number,
    ELEMENT_BYTES,
    element_bytes,
)

if TYPE_CHECKING:
    import sympy

DimLike = Union[int, str, "sympy.Expr"]
DimAttr = IntAttr | StringAttr

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_INDEX_VARIABLE = re.compile(r"[irt][0-9]+")
SIZE_SYMBOL = re.compile(r"s[0-9]+")  # as in irc.dialects.sym (which imports sympy)
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")  # names index expressions may use (sym_parse)
# the function names of sym_parse
_FUNCTION_NAMES = ("FloorDiv", "CeilDiv", "ModularIndexing", "Min", "Max", "Where", "Lt", "Le", "Eq", "Ne")

# ---------------------------------------------------------------------------
# Symbolic expressions
# ---------------------------------------------------------------------------


def parse_sym(text: str) -> "sympy.Expr":
    """Parses an index or size expression by grammar (dialects/sym_parse.py, never eval); memoized there."""
    from irc.dialects.sym_parse import parse_sym as parse

    try:
        return parse(text)
    except ValueError as exc:
        raise VerifyException(f"invalid index expression '{shorten(text)}': {exc}") from None


def shorten(text: str, limit: int = 80) -> str:
    """`text` cut to `limit` characters for a diagnostic."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


@lru_cache(maxsize=1 << 16)
def canonical_text(text: str) -> str:
    """The canonical spelling of an expression: sympy's printing of its parsed form."""
    if _NAME.fullmatch(text) and text not in _FUNCTION_NAMES:
        return text  # a plain name needs no sympy
    return str(parse_sym(text))


def expr_text(value: DimLike) -> str:
    if isinstance(value, str):
        return canonical_text(value)
    return _printed_text(value)


@lru_cache(maxsize=1 << 16, typed=True)
def _printed_text(value: "int | sympy.Expr") -> str:
    """canonical_text of a sympy expression (or int): printing one costs more than looking it up."""
    return canonical_text(str(value))


# ---------------------------------------------------------------------------
# Dimensions
# ---------------------------------------------------------------------------


def dim_attr(value: DimLike) -> DimAttr:
    """An IntAttr for an integer size, a StringAttr (canonical text) for a symbolic one."""
    if isinstance(value, bool):
        raise TypeError("a size cannot be a bool")
    if isinstance(value, int):
        return IntAttr(value)
    text = expr_text(value)
    if text.lstrip("-").isdigit():
        return IntAttr(int(text))
    return StringAttr(text)


def dims_attr(values: Sequence[DimLike]) -> ArrayAttr[DimAttr]:
    return ArrayAttr([dim_attr(v) for v in values])


def dim_value(attr: DimAttr) -> int | "sympy.Expr":
    """An int, or a sympy expression for a symbolic size."""
    if isinstance(attr, IntAttr):
        return attr.data
    return parse_sym(attr.data)


def dim_text(attr: DimAttr) -> str:
    return str(attr.data)


INT64_MAX = (1 << 63) - 1


def verify_dims(dims: ArrayAttr, what: str, allow_negative: bool = False) -> None:
    """Integers within int64 (non-negative unless allowed) or expressions over size symbols."""
    for d in dims.data:
        if isinstance(d, IntAttr):
            if d.data < 0 and not allow_negative:
                raise VerifyException(f"{what} must be non-negative, got {d.data}")
            if abs(d.data) > INT64_MAX:
                raise VerifyException(f"{what} must fit in int64, got {d.data}")
        elif isinstance(d, StringAttr):
            verify_expr(parse_sym(d.data), d.data, what, _is_size_symbol, "size symbols are s0, s1, ...")
        else:
            raise VerifyException(f"{what} must be integers or symbolic expressions, got {d}")


def _is_size_symbol(name: str) -> bool:
    from irc.dialects.sym import SIZE_SYMBOL

    return SIZE_SYMBOL.fullmatch(name) is not None


def verify_expr(expr: "sympy.Expr", text: str, what: str, known, names: str) -> None:
    """An expression uses only names `known` accepts (`names` says which) and never divides by zero."""
    from irc.dialects.sym import unknown_names, zero_divisor

    unknown = unknown_names(expr, known)
    if unknown:
        raise VerifyException(f"{what} '{shorten(text)}' uses unknown name '{unknown[0]}' ({names})")
    zero = zero_divisor(expr)
    if zero is not None:
        raise VerifyException(f"{what} '{shorten(text)}' divides by zero in {shorten(str(zero))}")



@lru_cache(maxsize=1 << 14)
def index_scope_problem(index: IndexAttr, defined: tuple[str, ...], op_name: str, loop_name: str) -> str | None:
    """Why `index` cannot stand in `op_name` with index variables `defined` (of `loop_name`), or None.
    Memoized: a large module repeats a few indices in many ops."""
    text = index.expr.data
    for name in sorted(index.symbols()):
        if _INDEX_VARIABLE.fullmatch(name) and name not in defined:
            return (
                f"{op_name} index uses index variable '{name}', but the enclosing {loop_name} "
                f"defines only [{', '.join(defined)}]"
            )
    names = f"index variables here are {', '.join(defined) or 'none'}; size symbols are s0, s1, ..."
    if text.isidentifier():  # a single name: no sympy needed
        if text not in defined and not SIZE_SYMBOL.fullmatch(text):
            return f"{op_name} index '{text}' uses unknown name '{text}' ({names})"
        return None
    try:
        verify_expr(index.value(), text, f"{op_name} index", lambda n: n in defined or SIZE_SYMBOL.fullmatch(n), names)
    except VerifyException as exc:
        return str(exc)
    return None

def parse_dim(parser: AttrParser) -> DimAttr:
    value = parser.parse_optional_integer(allow_boolean=False, allow_negative=True)
    if value is not None:
        return IntAttr(value)
    start = parser.pos
    text = parser.parse_optional_identifier()
    if text is None:
        text = parser.parse_str_literal("expected an integer, a size symbol or a quoted expression")
    try:
        return dim_attr(text)
    except VerifyException as exc:
        parser.raise_error(str(exc), start, parser.pos)


_INTEGER_DIMS = re.compile(r"\[\s*-?[0-9]+\s*(?:,\s*-?[0-9]+\s*)*\]", re.ASCII)
_PARSED_DIMS: dict[str, ArrayAttr] = {}


def parse_dims(parser: AttrParser) -> ArrayAttr[DimAttr]:
    """`[3, s0, "2*s1"]`; a list of decimal integers alone (most of them) is read with one regex, each
    distinct text once."""
    content = parser.lexer.input.content
    match = _INTEGER_DIMS.match(content, parser.pos) if type(content) is str else None
    if match is None:
        return ArrayAttr(parser.parse_comma_separated_list(parser.Delimiter.SQUARE, lambda: parse_dim(parser)))
    text = match.group()
    dims = _PARSED_DIMS.get(text)
    if dims is None:
        dims = ArrayAttr([IntAttr(int(d)) for d in text[1:-1].split(",")])
        if len(_PARSED_DIMS) < _MAX_PARSED:
            _PARSED_DIMS[text] = dims
    parser.lexer.pos = match.end()
    parser._parser_state.current_token = parser.lexer.lex()
    return dims


def print_dim(printer: Printer, attr: DimAttr) -> None:
    if isinstance(attr, IntAttr):
        printer.print_string(str(attr.data))
    elif _IDENTIFIER.fullmatch(attr.data):
        printer.print_string(attr.data)
    else:
        printer.print_string_literal(attr.data)


def print_dims(printer: Printer, dims: ArrayAttr[DimAttr]) -> None:
    """`[3, s0, "2*s1"]`, each dims object's text made once (it depends on nothing else)."""
    printed = _PRINTED_DIMS.get(id(dims))
    if printed is not None and printed[0] is dims:
        printer.print_string(printed[1])
        return
    stream, printer.stream = printer.stream, StringIO()
    try:
        printer.print_string("[")
        printer.print_list(dims.data, lambda d: print_dim(printer, d))
        printer.print_string("]")
        text = printer.stream.getvalue()
    finally:
        printer.stream = stream
    print(text, end="", file=stream)
    if len(_PRINTED_DIMS) < _MAX_PARSED:
        _PRINTED_DIMS[id(dims)] = (dims, text)


_PRINTED_DIMS: dict[int, tuple[ArrayAttr, str]] = {}


def is_dense_permutation(sizes: Sequence[DimLike], strides: Sequence[DimLike]) -> bool:
    """Whether (sizes, strides) lays the elements out densely in some dim order (row-major, channels_last, a
    transpose): sorted by stride, each stride is the product of the sizes inside it (size-1 dims aside).
    Symbolic strides are matched to the product of the sizes inside them, innermost first."""
    if not all(isinstance(v, int) for v in (*sizes, *strides)):
        return _symbolic_dense_permutation(sizes, strides)
    expected = 1
    for d in sorted((d for d in range(len(sizes)) if sizes[d] != 1), key=lambda d: strides[d]):
        if strides[d] != expected:
            return False
        expected *= sizes[d]
    return True


def _symbolic_dense_permutation(sizes: Sequence[DimLike], strides: Sequence[DimLike]) -> bool:
    import sympy

    from irc.dialects.sym import as_expr

    left = [d for d in range(len(sizes)) if as_expr(sizes[d]) != 1]
    expected = sympy.Integer(1)
    while left:
        inner = next((d for d in left if sympy.expand(as_expr(strides[d]) - expected) == 0), None)
        if inner is None:
            return False
        left.remove(inner)
        expected = expected * as_expr(sizes[inner])
    return True


def contiguous_strides(sizes: Sequence[DimLike]) -> list[DimLike]:
    """Row-major strides for `sizes`, symbolic where the sizes are."""
    strides: list[DimLike] = []
    running: DimLike = 1
    for size in reversed(list(sizes)):
        strides.append(running)
        running = _mul(running, size)
    return list(reversed(strides))


def _mul(a: DimLike, b: DimLike) -> DimLike:
    if isinstance(a, int) and isinstance(b, int):
        return a * b
    from irc.dialects.sym import as_expr

    return as_expr(a) * as_expr(b)


def numel(sizes: Sequence[DimLike]) -> DimLike:
    total: DimLike = 1
    for size in sizes:
        total = _mul(total, size)
    return total


# ---------------------------------------------------------------------------
# Parsing each distinct `<...>` text once
# ---------------------------------------------------------------------------

_PARSED: dict[tuple[type, str], list[Attribute]] = {}
_BUILT: dict[tuple, Attribute] = {}
_PRINTED: dict[int, tuple[Attribute, str]] = {}
_PARSED_IDS: set[int] = set()  # the lists in _PARSED, which keeps them alive
_BUILT_FROM: dict[int, tuple[list, type, Attribute]] = {}
_MAX_PARSED = 1 << 16
_NAMES_OTHERS = re.compile(r"[!#%@^]")


def parse_parameters_once(cls: type, parser: AttrParser, parse) -> list[Attribute]:
    """`parse(parser)`, memoized by the text from the `<` up to the first `>`.

    A large module repeats the same few types and index expressions thousands of times. Where the first
    `>` closes the parameters, equal text parses to equal parameters whatever follows, so a repeat only
    moves the lexer past it. Text that names aliases, values or symbols (`!#%@^`) is always parsed.
    """
    content = parser.lexer.input.content
    start = parser.pos
    end = content.find(">", start)
    key = content[start : end + 1] if end > start and content[start] == "<" else None
    if key is not None and _NAMES_OTHERS.search(key) is None:
        params = _PARSED.get((cls, key))
        if params is not None:
            parser.lexer.pos = end + 1
            parser._parser_state.current_token = parser.lexer.lex()
            return params
    params = parse(parser)
    if key is not None and parser._parser_state.current_token.span.start > end and len(_PARSED) < _MAX_PARSED:
        previous = content[end + 1 : parser.pos]
        if not previous.strip():  # the parameters ended at that first '>'
            _PARSED[(cls, key)] = params
            _PARSED_IDS.add(id(params))
    return params


class ParsedOnce:
    """An immutable attribute whose text repeats: each distinct text is parsed once (`parse_parameters_once`),
    each distinct parameter list is built and verified once (`new`, which the parser calls), and each
    attribute object prints its parameters once (they print the same under every printer setting)."""

    PRINTS_CONSTANT_TEXT: ClassVar[bool] = True  # irc/xdsl_print.py prints each object's whole text once
    PARSES_CONSTANT_TEXT: ClassVar[bool] = True  # irc/xdsl_parse.py parses each distinct whole text once

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        return parse_parameters_once(cls, parser, cls._parse_parameters)

    @classmethod
    def new(cls, params: Sequence[Attribute]):
        same_list = _BUILT_FROM.get(id(params))  # the parameter list a repeated text parsed to, without hashing
        if same_list is not None and same_list[0] is params and same_list[1] is cls:
            return same_list[2]
        key = (cls, *params)
        built = _BUILT.get(key)
        if built is None:
            built = super().new(params)
            if len(_BUILT) < _MAX_PARSED:
                _BUILT[key] = built
        if id(params) in _PARSED_IDS:
            _BUILT_FROM[id(params)] = (params, cls, built)
        return built

    def print_parameters(self, printer: Printer) -> None:
        printed = _PRINTED.get(id(self))
        if printed is not None and printed[0] is self:
            printer.print_string(printed[1])
            return
        stream, printer.stream = printer.stream, StringIO()
        try:
            self._print_parameters(printer)
            text = printer.stream.getvalue()
        finally:
            printer.stream = stream
        print(text, end="", file=stream)
        if "\n" not in text and len(_PRINTED) < _MAX_PARSED:
            _PRINTED[id(self)] = (self, text)


# ---------------------------------------------------------------------------
# Shaped types
# ---------------------------------------------------------------------------


class ShapedMixin:
    """Accessors shared by tensor and buffer types."""

    shape: ArrayAttr[DimAttr]
    element_type: Attribute

    @property
    def rank(self) -> int:
        return len(self.shape.data)

    def sizes(self) -> tuple[int | "sympy.Expr", ...]:
        return tuple(dim_value(d) for d in self.shape.data)

    def numel(self) -> DimLike:
        return numel(self.sizes())

    def is_static(self) -> bool:
        return all(isinstance(d, IntAttr) for d in self.shape.data)


@irdl_attr_definition
class TensorType(ParsedOnce, ShapedMixin, ParametrizedAttribute, TypeAttribute):
    """A value-semantic tensor: `!aten.tensor<[3, s0], f32>`; graph inputs may carry `strides [...]`."""

    name = "aten.tensor"
    shape: ArrayAttr[DimAttr]
    element_type: Attribute
    strides: ArrayAttr[DimAttr] | NoneAttr

    def __init__(self, shape: Sequence[DimLike], element_type: Attribute, strides: Sequence[DimLike] | None = None):
        super().__init__(dims_attr(shape), element_type, NoneAttr() if strides is None else dims_attr(strides))

    def verify(self) -> None:
        verify_dims(self.shape, "tensor sizes")
        verify_storage_type(self.element_type)
        if isinstance(self.strides, ArrayAttr):
            verify_dims(self.strides, "tensor strides")
            if len(self.strides.data) != len(self.shape.data):
                raise VerifyException(
                    f"tensor has {len(self.shape.data)} sizes but {len(self.strides.data)} strides"
                )

    def stride_values(self) -> tuple[int | "sympy.Expr", ...] | None:
        if isinstance(self.strides, NoneAttr):
            return None
        return tuple(dim_value(d) for d in self.strides.data)

    def with_shape(self, shape: Sequence[DimLike], element_type: Attribute | None = None) -> TensorType:
        return TensorType(shape, element_type or self.element_type)

    @classmethod
    def _parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            shape = parse_dims(parser)
            parser.parse_punctuation(",")
            elt = parser.parse_type()
            strides: Attribute = NoneAttr()
            if parser.parse_optional_punctuation(",") is not None:
                parser.parse_keyword("strides")
                strides = parse_dims(parser)
        return [shape, elt, strides]

    def _print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            print_dims(printer, self.shape)
            printer.print_string(", ")
            printer.print_attribute(self.element_type)
            if isinstance(self.strides, ArrayAttr):
                printer.print_string(", strides ")
                print_dims(printer, self.strides)


@irdl_attr_definition
class BufferType(ParsedOnce, ShapedMixin, ParametrizedAttribute, TypeAttribute):
    """Memory with a layout: `!loop.buffer<[3, 9], f32, strides [9, 1]>`, `offset N` when nonzero."""

    name = "loop.buffer"
    shape: ArrayAttr[DimAttr]
    element_type: Attribute
    strides: ArrayAttr[DimAttr]
    offset: DimAttr

    def __init__(
        self,
        shape: Sequence[DimLike],
        element_type: Attribute,
        strides: Sequence[DimLike] | None = None,
        offset: DimLike = 0,
    ):
        if strides is None:
            strides = contiguous_strides(shape)
        super().__init__(dims_attr(shape), element_type, dims_attr(strides), dim_attr(offset))

    def verify(self) -> None:
        verify_dims(self.shape, "buffer sizes")
        verify_dims(self.strides, "buffer strides")
        verify_storage_type(self.element_type)
        if len(self.strides.data) != len(self.shape.data):
            raise VerifyException(f"buffer has {len(self.shape.data)} sizes but {len(self.strides.data)} strides")
        if isinstance(self.offset, IntAttr) and self.offset.data < 0:
            raise VerifyException(f"buffer offset must be non-negative, got {self.offset.data}")

    def stride_values(self) -> tuple[int | "sympy.Expr", ...]:
        return tuple(dim_value(d) for d in self.strides.data)

    def offset_value(self) -> int | "sympy.Expr":
        return dim_value(self.offset)

    def is_contiguous(self) -> bool:
        return self.strides == dims_attr(contiguous_strides(self.sizes())) and self.offset == IntAttr(0)

    @classmethod
    def _parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            shape = parse_dims(parser)
            parser.parse_punctuation(",")
            elt = parser.parse_type()
            parser.parse_punctuation(",")
            parser.parse_keyword("strides")
            strides = parse_dims(parser)
            offset: Attribute = IntAttr(0)
            if parser.parse_optional_punctuation(",") is not None:
                parser.parse_keyword("offset")
                offset = parse_dim(parser)
        return [shape, elt, strides, offset]

    def _print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            print_dims(printer, self.shape)
            printer.print_string(", ")
            printer.print_attribute(self.element_type)
            printer.print_string(", strides ")
            print_dims(printer, self.strides)
            if self.offset != IntAttr(0):
                printer.print_string(", offset ")
                print_dim(printer, self.offset)


@irdl_attr_definition
class IndexAttr(ParsedOnce, ParametrizedAttribute):
    """An index expression over index variables (`i0`, `r0`) and size symbols: `#loop.index<"9*i0 + r0">`.

    The text is kept in sympy's canonical spelling, so equal expressions print (and compare) equal.
    """

    name = "loop.index"
    expr: StringAttr

    def __init__(self, expr: DimLike):
        super().__init__(StringAttr(expr_text(expr)))

    def verify(self) -> None:
        text = self.expr.data
        if canonical_text(text) != text:
            raise VerifyException(f"index expression '{text}' is not canonical; expected '{canonical_text(text)}'")

    def value(self) -> "sympy.Expr":
        return parse_sym(self.expr.data)

    def symbols(self) -> set[str]:
        if _IDENTIFIER.fullmatch(self.expr.data):
            return {self.expr.data}
        return {s.name for s in self.value().free_symbols}

    @classmethod
    def _parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            start = parser.pos
            text = parser.parse_str_literal("expected a quoted index expression")
            try:
                return [StringAttr(canonical_text(text))]
            except VerifyException as exc:
                parser.raise_error(str(exc), start, parser.pos)

    def _print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string_literal(self.expr.data)
