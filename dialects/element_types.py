"""Element types of irc's tensors and buffers: the names kernels compute on, the storage-only ones externs pass
(complex, wide unsigned), their bytes, and constants' numbers."""

from __future__ import annotations

from xdsl.dialects.builtin import (
    BFloat16Type,
    ComplexType,
    Float16Type,
    Float32Type,
    Float64Type,
    IntegerType,
    Signedness,
)
from xdsl.ir import Attribute
from xdsl.utils.exceptions import VerifyException


ELEMENT_TYPE_NAMES = ("f16", "bf16", "f32", "f64", "i1", "i8", "i16", "i32", "i64", "ui8")


def element_type_name(t: Attribute) -> str | None:
    """The short name of a supported element type, or None."""
    if isinstance(t, Float16Type):
        return "f16"
    if isinstance(t, BFloat16Type):
        return "bf16"
    if isinstance(t, Float32Type):
        return "f32"
    if isinstance(t, Float64Type):
        return "f64"
    if isinstance(t, IntegerType):
        width, signedness = t.width.data, t.signedness.data
        if signedness == Signedness.SIGNLESS and width in (1, 8, 16, 32, 64):
            return f"i{width}"
        if signedness == Signedness.UNSIGNED and width == 8:
            return "ui8"
    return None


def element_type(name: str) -> Attribute:
    """The builtin type for a short element type name (`f32`, `ui8`, ...)."""
    floats = {"f16": Float16Type, "bf16": BFloat16Type, "f32": Float32Type, "f64": Float64Type}
    if name in floats:
        return floats[name]()
    if name == "ui8":
        return IntegerType(8, Signedness.UNSIGNED)
    if name in ELEMENT_TYPE_NAMES:
        return IntegerType(int(name[1:]))
    raise ValueError(f"unsupported element type '{name}'")


def verify_element_type(t: Attribute) -> None:
    if element_type_name(t) is None:
        raise VerifyException(f"unsupported element type {t}; expected one of {', '.join(ELEMENT_TYPE_NAMES)}")


# Element types of values that only externs (ATen ops run eagerly) compute on: tensors and buffers may hold
# them, so a graph with complex numbers or wide unsigned integers compiles with those ops as externs, but no
# kernel, scalar or arithmetic op takes them (element_type_name is None for them).
EXTERN_ELEMENT_TYPES = {"c32": "complex<f16>", "c64": "complex<f32>", "c128": "complex<f64>", "ui16": "ui16",
                        "ui32": "ui32", "ui64": "ui64"}  # fmt: skip


def storage_type_name(t: Attribute) -> str | None:
    """The short name of an element type a tensor or buffer may hold: a kernel type's, or an extern-only one."""
    name = element_type_name(t)
    if name is not None:
        return name
    if isinstance(t, ComplexType):
        widths = {"f16": "c32", "f32": "c64", "f64": "c128"}
        return widths.get(element_type_name(t.element_type) or "")
    if isinstance(t, IntegerType) and t.signedness.data == Signedness.UNSIGNED and t.width.data in (16, 32, 64):
        return f"ui{t.width.data}"
    return None


def same_integer_bits(source: Attribute, view: Attribute) -> bool:
    """Whether `source` elements seen as `view` elements are the same bits read as another integer type."""
    return element_type_name(source) == "i64" and storage_type_name(view) == "ui64"


def storage_type(name: str) -> Attribute:
    """The builtin type for the short name of a kernel or extern-only element type."""
    if name in ("c32", "c64", "c128"):
        return ComplexType(element_type({"c32": "f16", "c64": "f32", "c128": "f64"}[name]))
    if name in ("ui16", "ui32", "ui64"):
        return IntegerType(int(name[2:]), Signedness.UNSIGNED)
    return element_type(name)


def verify_storage_type(t: Attribute) -> None:
    if storage_type_name(t) is None:
        names = ", ".join([*ELEMENT_TYPE_NAMES, *EXTERN_ELEMENT_TYPES.values()])
        raise VerifyException(f"unsupported element type {t}; expected one of {names}")


def is_float(t: Attribute) -> bool:
    return element_type_name(t) in ("f16", "bf16", "f32", "f64")


def is_bool(t: Attribute) -> bool:
    return element_type_name(t) == "i1"


def is_integer(t: Attribute) -> bool:
    return element_type_name(t) in ("i8", "i16", "i32", "i64", "ui8")


def attr_number(attr: Attribute) -> int | float | bool:
    """The Python number of an IntegerAttr or FloatAttr as PyTorch reads it: an i1 is a bool.

    xDSL keeps signless integers in their signed range, so `true : i1` holds -1; reading `.value.data`
    directly sign-extends a true into -1 (and -1.0 once converted to a float). Every read of a constant's
    number goes through here.
    """
    from xdsl.dialects.builtin import FloatAttr, IntegerAttr

    if not isinstance(attr, IntegerAttr | FloatAttr):
        raise TypeError(f"{attr} is not a number attribute")
    if isinstance(attr, IntegerAttr) and is_bool(attr.type):
        return attr.value.data != 0
    return attr.value.data


ELEMENT_BYTES = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8, "i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8, "ui8": 1,
                 "c32": 4, "c64": 8, "c128": 16, "ui16": 2, "ui32": 4, "ui64": 8}  # fmt: skip


def element_bytes(t: Attribute) -> int:
    """The size in bytes of one element of a kernel or extern-only element type."""
    name = storage_type_name(t)
    if name is None:
        raise ValueError(f"unsupported element type {t}")
    return ELEMENT_BYTES[name]
