"""Element-type rules of convert-aten-to-loop: PyTorch type promotion and the dtype math is done in.

Types are handled by their short names (`f32`, `i64`, `ui8`, ... from dialects/types.py) inside this module.

- `promote_types(a, b)`: torch.promote_types over irc's element types;
- `result_type(operands)`: torch.result_type, where dimensioned tensors beat 0-d tensors, which beat Python
  scalars, within a category (bool < integer < floating point);
- `compute_type(t)`: the type arithmetic runs in (f16/bf16 in f32, ui8 in i32: arith has no unsigned types);
- `number_in(value, t)`: a Python number converted to element type `t` as PyTorch would store it.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Sequence

from xdsl.dialects.builtin import IndexType, i64
from xdsl.ir import Attribute

from irc.dialects.types import BufferType, element_type, element_type_name, is_bool, is_float

FLOAT_BITS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}
INT_BITS = {"i8": 8, "i16": 16, "i32": 32, "i64": 64}

# types that arithmetic does not run in, and the type it runs in instead
COMPUTE_TYPES = {"f16": "f32", "bf16": "f32", "ui8": "i32"}

# the dtype PyTorch gives a Python scalar of each builtin scalar type (the default float dtype is f32)
WRAPPED_SCALAR_TYPES = {"f64": "f32", "i64": "i64", "i1": "i1"}


def _name(t: Attribute) -> str:
    name = element_type_name(t)
    if name is None:
        raise ValueError(f"unsupported element type {t}")
    return name


def _promote_names(a: str | None, b: str | None) -> str | None:
    if a is None or a == b:
        return b
    if b is None:
        return a
    if a == "i1" or b == "i1":
        return b if a == "i1" else a
    if (a in FLOAT_BITS) != (b in FLOAT_BITS):
        return a if a in FLOAT_BITS else b
    if a in FLOAT_BITS:
        if {a, b} == {"f16", "bf16"}:
            return "f32"
        return a if FLOAT_BITS[a] > FLOAT_BITS[b] else b
    if "ui8" in (a, b):
        other = b if a == "ui8" else a
        return "i16" if other == "i8" else other
    return a if INT_BITS[a] > INT_BITS[b] else b


def promote_types(a: Attribute, b: Attribute) -> Attribute:
    """torch.promote_types for irc's element types (f16 with bf16 gives f32, ui8 with i8 gives i16)."""
    return element_type(_promote_names(_name(a), _name(b)))


def _combine_categories(higher: str | None, lower: str | None) -> str | None:
    """PyTorch's combine_categories: a lower priority class wins only with a higher category."""
    if higher is None:
        return lower
    if higher in FLOAT_BITS:
        return higher
    if higher == "i1" or (lower is not None and lower in FLOAT_BITS):
        return _promote_names(higher, lower)
    return higher


def result_type(operand_types: Sequence[Attribute]) -> Attribute:
    """torch.result_type of operands given by type: buffers (dimensioned or 0-d) and builtin scalars."""
    dimensioned: str | None = None
    zero_dim: str | None = None
    wrapped: str | None = None
    for t in operand_types:
        if isinstance(t, BufferType) and t.rank > 0:
            dimensioned = _promote_names(dimensioned, _name(t.element_type))
        elif isinstance(t, BufferType):
            zero_dim = _promote_names(zero_dim, _name(t.element_type))
        else:
            wrapped = _promote_names(wrapped, WRAPPED_SCALAR_TYPES[_name(t)])
    name = _combine_categories(dimensioned, _combine_categories(zero_dim, wrapped))
    assert name is not None, "result_type needs at least one operand"
    return element_type(name)


def element_of(t: Attribute) -> Attribute:
    """The element type of a buffer, or a scalar type itself."""
    return t.element_type if isinstance(t, BufferType) else t


def compute_type(t: Attribute) -> Attribute:
    """The type arithmetic on values of element type `t` runs in."""
    if isinstance(t, IndexType):
        return i64
    name = _name(t)
    return element_type(COMPUTE_TYPES.get(name, name))


def category(t: Attribute) -> str:
    """`float`, `bool` or `int`: which family of scalar ops computes in type `t`."""
    if is_float(t):
        return "float"
    return "bool" if is_bool(t) else "int"


# ---------------------------------------------------------------------------
# Constants
# ---------------------------------------------------------------------------


STRUCT_CODES = {"f16": "e", "f32": "f"}


def _round_float(value: float, name: str) -> float:
    """`value` rounded to the float type `name` (as a Python float)."""
    if name == "f64" or math.isnan(value) or math.isinf(value):
        return value
    if name == "bf16":
        bits = struct.unpack("<I", struct.pack("<f", _round_float(value, "f32")))[0]
        bits = (bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000
        return struct.unpack("<f", struct.pack("<I", bits))[0]
    code = "<" + STRUCT_CODES[name]
    try:
        return struct.unpack(code, struct.pack(code, value))[0]
    except OverflowError:
        return math.copysign(math.inf, value)


def _wrap_int(value: int, name: str) -> int:
    """`value` wrapped to the integer type `name` (two's complement; ui8 modulo 256)."""
    if name == "ui8":
        return value % 256
    bits = INT_BITS[name]
    value %= 1 << bits
    return value - (1 << bits) if value >= 1 << (bits - 1) else value


def number_in(value: int | float | bool, t: Attribute) -> int | float | bool:
    """A number converted to element type `t`: floats round, ints truncate and wrap, bools test != 0."""
    name = _name(t)
    if name == "i1":
        return bool(value)
    if name in FLOAT_BITS:
        return _round_float(float(value), name)
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"cannot convert {value} to {name}")
    return _wrap_int(int(value), name)
