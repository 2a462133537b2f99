"""Python spellings used by the triton target: sympy size expressions, literals and dtypes.

    python_expr(FloorDiv(9*s0 + 127, 128))  ->  "(9*s0 + 127) // 128"
    literal(float("-inf"))                  ->  'float("-inf")'
"""

from __future__ import annotations

import math

from xdsl.ir import Attribute
from xdsl.utils.exceptions import DiagnosticException

from irc.dialects.python_names import global_name_error, identifier_error
from irc.dialects.types import element_type_name, storage_type_name

TORCH_DTYPES = {
    "f16": "torch.float16",
    "bf16": "torch.bfloat16",
    "f32": "torch.float32",
    "f64": "torch.float64",
    "i1": "torch.bool",
    "i8": "torch.int8",
    "i16": "torch.int16",
    "i32": "torch.int32",
    "i64": "torch.int64",
    "ui8": "torch.uint8",
    "c32": "torch.complex32",
    "c64": "torch.complex64",
    "c128": "torch.complex128",
    "ui16": "torch.uint16",
    "ui32": "torch.uint32",
    "ui64": "torch.uint64",
}

TRITON_DTYPES = {
    "f16": "tl.float16",
    "bf16": "tl.bfloat16",
    "f32": "tl.float32",
    "f64": "tl.float64",
    "i1": "tl.int1",
    "i8": "tl.int8",
    "i16": "tl.int16",
    "i32": "tl.int32",
    "i64": "tl.int64",
    "ui8": "tl.uint8",
}


def torch_dtype(t: Attribute) -> str:
    """The torch dtype of a kernel or extern-only element type (externs compute on complex tensors)."""
    return TORCH_DTYPES[storage_type_name(t)]


def triton_dtype(t: Attribute) -> str:
    return TRITON_DTYPES[element_type_name(t)]


def checked_name(name: str, what: str, top_level: bool = False) -> str:
    """`name` if it may be printed as a Python name (a top-level one: not one the module already has); the
    verifiers check it first, and the target refuses again whatever reaches it."""
    error = global_name_error(name, what) if top_level else identifier_error(name, what)
    if error is not None:
        raise DiagnosticException(f"triton target: {error}")
    return name


def literal(value: int | float | bool) -> str:
    """A Python literal; inf and nan as float("...")."""
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, float):
        if math.isnan(value):
            return 'float("nan")'
        if math.isinf(value):
            return 'float("inf")' if value > 0 else 'float("-inf")'
        return repr(value)
    return str(value)


def python_expr(expr) -> str:
    """Python source for a sympy size expression (integers, symbols, +, *, **, sym_functions' functions)."""
    import sympy

    from irc.dialects.sym import as_expr

    from irc.dialects.sym_functions import COMPARISONS, CeilDiv, FloorDiv, Max, Min, ModularIndexing, Where

    expr = as_expr(expr)
    if expr.is_Integer or expr.is_Symbol:
        return str(expr)
    if expr.is_Add:
        text = " + ".join(python_expr(a) for a in sorted(expr.args, key=lambda a: a.is_number))
        return text.replace("+ -", "- ")
    if expr.is_Mul:
        return _product(expr)
    if isinstance(expr, FloorDiv):
        return f"{_atom(expr.args[0])} // {_atom(expr.args[1])}"
    if isinstance(expr, ModularIndexing):
        base, divisor, modulus = expr.args
        return f"({_atom(base)} // {_atom(divisor)}) % {_atom(modulus)}"
    if isinstance(expr, CeilDiv):
        return f"-(-{_atom(expr.args[0])} // {_atom(expr.args[1])})"
    if isinstance(expr, COMPARISONS):
        return f"int({_atom(expr.args[0])} {_COMPARISONS[type(expr).__name__]} {_atom(expr.args[1])})"
    if isinstance(expr, Where):
        condition, if_true, if_false = (_atom(a) for a in expr.args)
        return f"({if_true} if {condition} else {if_false})"
    if expr.is_Pow and expr.exp.is_Integer and expr.exp > 0:
        return f"{_atom(expr.base)}**{expr.exp}"
    if isinstance(expr, Max | Min):
        return f"{type(expr).__name__.lower()}({', '.join(python_expr(a) for a in expr.args)})"
    raise ValueError(f"cannot print size expression {expr} as Python")


_COMPARISONS = {"Lt": "<", "Le": "<=", "Eq": "==", "Ne": "!="}  # sym_functions' 0/1 comparisons


def _product(expr) -> str:
    coefficient, factors = expr.as_coeff_mul()
    text = "*".join(_atom(f) for f in factors)
    if coefficient == 1:
        return text
    if coefficient == -1:
        return f"-{text}"
    return f"{coefficient}*{text}"


def _atom(expr) -> str:
    text = python_expr(expr)
    simple = expr.is_Symbol or (expr.is_Integer and expr >= 0) or expr.is_Pow
    return text if simple else f"({text})"


def python_tuple(items: list[str]) -> str:
    if len(items) == 1:
        return f"({items[0]},)"
    return "(" + ", ".join(items) + ")"
