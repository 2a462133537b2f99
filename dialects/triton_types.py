"""Types, enum attributes and shape helpers of the triton dialect (see triton.py).

`!triton.ptr<f32>` is a pointer; `!triton.block<[XBLOCK, 1], f32>` a tl tensor whose dims are positive
powers of two or constexpr names and whose elements are scalars or pointers. Scalars are builtin types.
A value's *shape* is its block dims, or () for a scalar or pointer; shapes broadcast numpy-style.
"""

from __future__ import annotations

import keyword
from collections.abc import Iterable, Sequence

from xdsl.dialects.builtin import AnyFloat, ArrayAttr, IntAttr, IntegerType, StringAttr
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Attribute, ParametrizedAttribute, SpacedOpaqueSyntaxAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from irc.dialects.triton_ops_table import REDUCE_KINDS
from irc.dialects.types import (
    DimAttr,
    dim_attr,
    element_type_name,
    parse_dims,
    print_dims,
    verify_element_type,
)

Dims = tuple[DimAttr, ...]
ONE = IntAttr(1)

# ---------------------------------------------------------------------------
# Types
# ---------------------------------------------------------------------------


@irdl_attr_definition
class PointerType(ParametrizedAttribute, TypeAttribute):
    """A pointer to global memory holding elements of one scalar type: `!triton.ptr<f32>`."""

    name = "triton.ptr"
    pointee: Attribute

    def __init__(self, pointee: Attribute):
        super().__init__(pointee)

    def verify(self) -> None:
        verify_element_type(self.pointee)


def _verify_block_dim(dim: DimAttr) -> None:
    if isinstance(dim, IntAttr):
        if dim.data < 1 or dim.data & (dim.data - 1):
            raise VerifyException(f"block dims must be positive powers of two, got {dim.data}")
    elif not is_identifier(dim.data):
        raise VerifyException(f"block dim '{dim.data}' must be an integer or a constexpr name")


def parse_shape_and_element(parser: AttrParser) -> list[Attribute]:
    """`<[dims], element>`: the parameters of a block type (and a tensor descriptor's)."""
    with parser.in_angle_brackets():
        shape = parse_dims(parser)
        parser.parse_punctuation(",")
        element = parser.parse_type()
    return [shape, element]


def print_shape_and_element(printer: Printer, shape, element_type: Attribute) -> None:
    with printer.in_angle_brackets():
        print_dims(printer, shape)
        printer.print_string(", ")
        printer.print_attribute(element_type)


@irdl_attr_definition
class BlockType(ParametrizedAttribute, TypeAttribute):
    """A Triton block (tl tensor): `!triton.block<[XBLOCK, 1], f32>`; elements are scalars or pointers."""

    name = "triton.block"
    shape: ArrayAttr[DimAttr]
    element_type: Attribute

    def __init__(self, shape: Sequence[int | str | DimAttr], element_type: Attribute):
        dims = [d if isinstance(d, IntAttr | StringAttr) else dim_attr(d) for d in shape]
        super().__init__(ArrayAttr(dims), element_type)

    @property
    def dims(self) -> Dims:
        return tuple(self.shape.data)

    @property
    def rank(self) -> int:
        return len(self.shape.data)

    def constexpr_names(self) -> set[str]:
        return {d.data for d in self.shape.data if isinstance(d, StringAttr)}

    def verify(self) -> None:
        if not self.shape.data:
            raise VerifyException("a block needs at least one dim; use a scalar type instead")
        for dim in self.shape.data:
            _verify_block_dim(dim)
        if not isinstance(self.element_type, PointerType):
            verify_element_type(self.element_type)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        return parse_shape_and_element(parser)

    def print_parameters(self, printer: Printer) -> None:
        print_shape_and_element(printer, self.shape, self.element_type)


# ---------------------------------------------------------------------------
# Enum attributes (printed as bare keywords in the ops' custom forms)
# ---------------------------------------------------------------------------


class ProgramAxis(StrEnum):
    """The launch grid axes."""

    X = "x"
    Y = "y"
    Z = "z"


# one member per row of REDUCE_KINDS (sum, prod, max, min, argmax, ...)
ReduceKind = StrEnum("ReduceKind", {kind.upper(): kind for kind in REDUCE_KINDS})


class EvictionPolicy(StrEnum):
    """tl.load's cache eviction hints."""

    EVICT_FIRST = "evict_first"
    EVICT_LAST = "evict_last"


@irdl_attr_definition
class ProgramAxisAttr(EnumAttribute[ProgramAxis], SpacedOpaqueSyntaxAttribute):
    """A launch grid axis: x, y or z (tl.program_id(0/1/2))."""

    name = "triton.axis"


@irdl_attr_definition
class ReduceKindAttr(EnumAttribute[ReduceKind], SpacedOpaqueSyntaxAttribute):
    """A reduction kind; one per row of REDUCE_KINDS."""

    name = "triton.reduce_kind"


@irdl_attr_definition
class EvictionPolicyAttr(EnumAttribute[EvictionPolicy], SpacedOpaqueSyntaxAttribute):
    """tl.load's eviction_policy."""

    name = "triton.eviction_policy"


# ---------------------------------------------------------------------------
# Shape and type helpers
# ---------------------------------------------------------------------------


def is_identifier(name: str) -> bool:
    return name.isidentifier() and not keyword.iskeyword(name)


def shape_of(t: Attribute) -> Dims:
    """A block's dims; () for a scalar or a pointer."""
    return t.dims if isinstance(t, BlockType) else ()


def element_of(t: Attribute) -> Attribute:
    return t.element_type if isinstance(t, BlockType) else t


def with_shape(dims: Dims, element: Attribute) -> Attribute:
    """A block of `element` with `dims`, or `element` itself when there are no dims."""
    return BlockType(dims, element) if dims else element


def dims_text(dims: Dims) -> str:
    return "[" + ", ".join(str(d.data) for d in dims) + "]" if dims else "scalar"


def broadcast_dims(a: Dims, b: Dims) -> Dims | None:
    """Numpy-style broadcasting (the lower rank is padded with leading 1s); None if they conflict."""
    rank = max(len(a), len(b))
    a = (ONE,) * (rank - len(a)) + a
    b = (ONE,) * (rank - len(b)) + b
    out: list[DimAttr] = []
    for x, y in zip(a, b):
        if x != y and ONE not in (x, y):
            return None
        out.append(y if x == ONE else x)
    return tuple(out)


def broadcast_types(types: Iterable[Attribute]) -> Dims:
    shape: Dims = ()
    for t in types:
        merged = broadcast_dims(shape, shape_of(t))
        if merged is None:
            raise VerifyException(
                f"operand shapes {dims_text(shape)} and {dims_text(shape_of(t))} do not broadcast"
            )
        shape = merged
    return shape


def is_scalar(t: Attribute) -> bool:
    return element_type_name(t) is not None


def bit_width(t: Attribute) -> int:
    if isinstance(t, IntegerType):
        return t.width.data
    assert isinstance(t, AnyFloat)
    return t.bitwidth


def verify_element(what: str, actual: Attribute, expected: Attribute) -> None:
    if actual != expected:
        raise VerifyException(f"{what} element type must be {expected}, got {actual}")


def verify_result_type(op_name: str, actual: Attribute, expected: Attribute) -> None:
    if actual != expected:
        raise VerifyException(f"{op_name} result must be {expected}, got {actual}")


def verify_broadcasts_to(what: str, t: Attribute, target: Dims) -> None:
    if broadcast_dims(shape_of(t), target) != target:
        raise VerifyException(
            f"{what} shape {dims_text(shape_of(t))} does not broadcast to {dims_text(target)}"
        )


def verify_pointer_operand(op_name: str, t: Attribute) -> PointerType:
    element = element_of(t)
    if not isinstance(element, PointerType):
        raise VerifyException(f"{op_name} needs a pointer or a block of pointers, got {t}")
    return element
