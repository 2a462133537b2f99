"""Shape and element-type rules of the aten dialect, shared by its verifiers and by lowering passes.

Shapes are tuples of dims: an `int`, or the canonical text (`str`) of a symbolic size, so two symbolic
dims are equal exactly when their canonical spellings are. Scalars (builtin f64/i64/i1 values) are 0-d.
The public helpers raise `ValueError`; the `expect_*` helpers raise `VerifyException` for verifiers.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from xdsl.dialects.builtin import IntAttr, StringAttr, f64, i1, i32, i64
from xdsl.ir import Attribute
from xdsl.utils.exceptions import VerifyException

from irc.dialects.types import (
    TensorType,
    element_type_name,
    expr_text,
    is_bool,
    is_float,
    is_integer,
    storage_type_name,
)

Dim = int | str
Shape = tuple[Dim, ...]

SCALAR_TYPES = (f64, i64, i1)

# ---------------------------------------------------------------------------
# Shapes
# ---------------------------------------------------------------------------


def canonical_dim(dim: object) -> Dim:
    """An int, or the canonical text of a symbolic size (accepts ints, text, sympy, IntAttr, StringAttr)."""
    if isinstance(dim, IntAttr):
        return dim.data
    if isinstance(dim, StringAttr):
        dim = dim.data
    if isinstance(dim, bool):
        raise ValueError("a size cannot be a bool")
    if isinstance(dim, int):
        return dim
    text = expr_text(dim)  # type: ignore[arg-type]
    return int(text) if text.lstrip("-").isdigit() else text


def canonical_shape(shape: Iterable[object]) -> Shape:
    return tuple(canonical_dim(d) for d in shape)


def shape_of(t: Attribute) -> Shape:
    """The shape of a tensor type; () for a scalar type."""
    if isinstance(t, TensorType):
        return canonical_shape(t.shape.data)
    return ()


def format_shape(shape: Iterable[object]) -> str:
    return "[" + ", ".join(str(canonical_dim(d)) for d in shape) + "]"


def normalize_dim(dim: int, rank: int) -> int:
    """`dim` wrapped into [0, rank) as PyTorch does (a 0-d tensor accepts dims -1 and 0)."""
    bound = max(rank, 1)
    if not -bound <= dim < bound:
        raise ValueError(f"dim {dim} is out of range for rank {rank}")
    return dim % bound


def normalize_dims(dims: Sequence[int], rank: int) -> list[int]:
    """Each dim wrapped; raises if one is out of range or two name the same dim."""
    wrapped = [normalize_dim(d, rank) for d in dims]
    if len(set(wrapped)) != len(wrapped):
        raise ValueError(f"dims {list(dims)} name the same dim twice")
    return wrapped


def broadcast_shapes(*shapes: Sequence[object]) -> Shape:
    """The PyTorch broadcast of `shapes`: right-aligned; a dim of 1 takes the other size."""
    result: list[Dim] = []
    canon = [canonical_shape(s) for s in shapes]
    for position in range(1, max((len(s) for s in canon), default=0) + 1):
        sizes = {s[-position] for s in canon if len(s) >= position} - {1}
        if len(sizes) > 1:
            listed = ", ".join(format_shape(s) for s in canon)
            raise ValueError(f"shapes {listed} are not broadcast-compatible")
        result.append(sizes.pop() if sizes else 1)
    return tuple(reversed(result))


def reduced_shape(shape: Sequence[object], dims: Sequence[int], keepdim: bool) -> Shape:
    """The shape left by reducing `dims` (all dims when empty); reduced dims become 1 with `keepdim`."""
    canon = canonical_shape(shape)
    reduced = set(normalize_dims(dims, len(canon))) if dims else set(range(len(canon)))
    if keepdim:
        return tuple(1 if i in reduced else d for i, d in enumerate(canon))
    return tuple(d for i, d in enumerate(canon) if i not in reduced)


def same_numel(a: Sequence[object], b: Sequence[object]) -> bool:
    """Whether two shapes hold the same number of elements (symbolic products proven equal: sym_equal)."""
    from irc.dialects.types import numel

    left, right = numel(list(canonical_shape(a))), numel(list(canonical_shape(b)))
    if isinstance(left, int) and isinstance(right, int):
        return left == right
    from irc.dialects.sym_equal import equal_sizes

    return equal_sizes(left, right)


# ---------------------------------------------------------------------------
# Element types
# ---------------------------------------------------------------------------


def element_of(t: Attribute) -> Attribute:
    """The element type of a tensor type, or the scalar type itself."""
    return t.element_type if isinstance(t, TensorType) else t


def category(t: Attribute) -> int:
    """PyTorch's type-promotion category: 0 bool, 1 integer, 2 floating point."""
    return 2 if is_float(t) else 1 if is_integer(t) else 0


CATEGORY_NAMES = ("bool", "integer", "floating point")

# element-type constraints by name: (description for messages, predicate)
ELEMENT_KINDS = {
    "any": ("any element type", lambda t: element_type_name(t) is not None),
    "numeric": ("numeric (not i1)", lambda t: is_integer(t) or is_float(t)),
    "float": ("floating point", is_float),
    "integer": ("integer (not i1)", is_integer),
    "integer_or_bool": ("integer or i1", lambda t: is_integer(t) or is_bool(t)),
    "bool": ("i1", is_bool),
    "index": ("i64", lambda t: t == i64),
    "i32": ("i32", lambda t: t == i32),
    "ui64": ("ui64", lambda t: storage_type_name(t) == "ui64"),
}


# ---------------------------------------------------------------------------
# Verifier helpers (raise VerifyException)
# ---------------------------------------------------------------------------


def verifying(fn, *args):
    """Calls a shape helper, turning its ValueError into a VerifyException."""
    try:
        return fn(*args)
    except ValueError as exc:
        raise VerifyException(str(exc)) from exc


def expect_shape(name: str, t: Attribute, expected: Sequence[object], what: str) -> None:
    if shape_of(t) != canonical_shape(expected):
        actual, wanted = format_shape(shape_of(t)), format_shape(expected)
        raise VerifyException(f"{name} shape {actual} does not match the {what} shape {wanted}")


def expect_kind(name: str, t: Attribute, kind: str) -> None:
    """`t`'s element type satisfies ELEMENT_KINDS[kind]."""
    description, accepts = ELEMENT_KINDS[kind]
    elt = element_of(t)
    if not accepts(elt):
        raise VerifyException(f"{name} element type must be {description}, got {elt}")


def expect_same_element(name: str, t: Attribute, source: Attribute) -> None:
    if element_of(t) != element_of(source):
        raise VerifyException(
            f"{name} element type {element_of(t)} must match operand element type {element_of(source)}"
        )


def expect_promoted(result: Attribute, operands: Sequence[Attribute]) -> None:
    """The result's category (bool < integer < floating point) is at least every operand's."""
    for operand in operands:
        if category(element_of(result)) < category(element_of(operand)):
            raise VerifyException(
                f"result element type {element_of(result)} cannot hold operand element type "
                f"{element_of(operand)} (bool < integer < floating point)"
            )


def expect_a_tensor(operands: Sequence[Attribute]) -> None:
    if not any(isinstance(t, TensorType) for t in operands):
        raise VerifyException("at least one operand must be a tensor")
