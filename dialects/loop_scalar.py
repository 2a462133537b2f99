"""Scalar ops of loop bodies that xDSL's arith and math lack, made from one table (SCALAR_OPS).

Each row names an operand count and a type rule; the rule is a base class holding the operands, the
assembly format and the verifier, so adding an op costs one row. The rows of elementwise ops are those of
dialects/elementwise.py with a `scalar` rule; the others (floordiv, pow, cast) are here:

    %s = loop.sigmoid %v : f32          %b = loop.isnan %v : f32          %q = loop.floordiv %a, %b : i32
    %p = loop.pow %v, %n : f32, i32     %c = loop.cast %v : f32 to f16
"""

from dataclasses import dataclass
from typing import ClassVar

from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, IndexType, IntegerAttr, i1
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    VarConstraint,
    base,
    irdl_op_definition,
    operand_def,
    result_def,
    traits_def,
)
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from irc.dialects.elementwise import ELEMENTWISE
from irc.dialects.types import element_type_name, is_float, is_integer


def require(op: Operation, ok: bool, what: str, t: Attribute) -> None:
    """Raises `<op> <what>, got <t>` unless `ok`."""
    if not ok:
        raise VerifyException(f"{op.name} {what}, got {t}")


def is_scalar(t: Attribute) -> bool:
    """A supported element type or `index`."""
    return element_type_name(t) is not None or isinstance(t, IndexType)


def is_numeric(t: Attribute) -> bool:
    """An integer (index included) or a float; not a bool."""
    return is_float(t) or is_integer(t) or isinstance(t, IndexType)


FLOAT_OPERAND = "operand must be a float (f16, bf16, f32, f64)"


class UnaryFloatOp(IRDLOperation):
    """`%y = loop.<op> %x : f32`: float -> the same float type."""

    ARITY: ClassVar[int] = 1
    T: ClassVar = VarConstraint("T", base(Attribute))
    input = operand_def(T)
    result = result_def(T)
    traits = traits_def(Pure())
    assembly_format = "$input attr-dict `:` type($result)"

    def __init__(self, input: SSAValue | Operation):
        super().__init__(operands=[input], result_types=[SSAValue.get(input).type])

    def verify_(self) -> None:
        require(self, is_float(self.input.type), FLOAT_OPERAND, self.input.type)


class FloatPredicateOp(IRDLOperation):
    """`%b = loop.<op> %x : f32`: float -> i1."""

    ARITY: ClassVar[int] = 1
    input = operand_def()
    result = result_def(i1)
    traits = traits_def(Pure())
    assembly_format = "$input attr-dict `:` type($input)"

    def __init__(self, input: SSAValue | Operation):
        super().__init__(operands=[input], result_types=[i1])

    def verify_(self) -> None:
        require(self, is_float(self.input.type), FLOAT_OPERAND, self.input.type)


class BinaryFloatOp(IRDLOperation):
    """`%z = loop.<op> %x, %y : f32`: two floats of one type -> that type."""

    ARITY: ClassVar[int] = 2
    T: ClassVar = VarConstraint("T", base(Attribute))
    lhs = operand_def(T)
    rhs = operand_def(T)
    result = result_def(T)
    traits = traits_def(Pure())
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)"

    def __init__(self, lhs: SSAValue | Operation, rhs: SSAValue | Operation):
        super().__init__(operands=[lhs, rhs], result_types=[SSAValue.get(lhs).type])

    def verify_(self) -> None:
        require(self, is_float(self.lhs.type), "operands must be floats (f16, bf16, f32, f64)", self.lhs.type)


class BinaryNumericOp(IRDLOperation):
    """`%z = loop.<op> %x, %y : i32`: two integers or two floats of one type -> that type."""

    ARITY: ClassVar[int] = 2
    T: ClassVar = VarConstraint("T", base(Attribute))
    lhs = operand_def(T)
    rhs = operand_def(T)
    result = result_def(T)
    traits = traits_def(Pure())
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)"

    def __init__(self, lhs: SSAValue | Operation, rhs: SSAValue | Operation):
        super().__init__(operands=[lhs, rhs], result_types=[SSAValue.get(lhs).type])

    def verify_(self) -> None:
        require(self, is_numeric(self.lhs.type), "operands must be integers or floats", self.lhs.type)


class PowerOp(IRDLOperation):
    """`%z = loop.pow %x, %n : f32, i32`: float base, exponent of the base's type or any integer."""

    ARITY: ClassVar[int] = 2
    T: ClassVar = VarConstraint("T", base(Attribute))
    base = operand_def(T)
    exponent = operand_def()
    result = result_def(T)
    traits = traits_def(Pure())
    assembly_format = "$base `,` $exponent attr-dict `:` type($base) `,` type($exponent)"

    def __init__(self, base: SSAValue | Operation, exponent: SSAValue | Operation):
        super().__init__(operands=[base, exponent], result_types=[SSAValue.get(base).type])

    def verify_(self) -> None:
        b, e = self.base.type, self.exponent.type
        require(self, is_float(b), "base must be a float (f16, bf16, f32, f64)", b)
        require(self, e == b or is_integer(e), f"exponent must be an integer or the base's type {b}", e)


class ConvertOp(IRDLOperation):
    """`%y = loop.<op> %x : f32 to f16`, PyTorch conversion (float->int truncates, nonzero->true)."""

    ARITY: ClassVar[int] = 1
    input = operand_def()
    result = result_def()
    traits = traits_def(Pure())
    assembly_format = "$input attr-dict `:` type($input) `to` type($result)"

    def __init__(self, input: SSAValue | Operation, result_type: Attribute):
        super().__init__(operands=[input], result_types=[result_type])

    def verify_(self) -> None:
        for what, t in (("operand", self.input.type), ("result", self.result.type)):
            require(self, is_scalar(t), f"{what} must be a supported scalar type", t)


SCALAR_OP_RULES: dict[str, type[IRDLOperation]] = {
    "float": UnaryFloatOp,
    "float2": BinaryFloatOp,
    "float_to_bool": FloatPredicateOp,
    "numeric": BinaryNumericOp,
    "power": PowerOp,
    "convert": ConvertOp,
}


@dataclass(frozen=True)
class ScalarOpSpec:
    """One row of the scalar op table."""

    operands: int
    rule: str
    doc: str


SCALAR_OPS: dict[str, ScalarOpSpec] = {
    **{
        name: ScalarOpSpec(row.arity, row.scalar, row.doc)
        for name, row in ELEMENTWISE.items()
        if row.scalar is not None
    },
    "floordiv": ScalarOpSpec(2, "numeric", "Python's x // y (rounds toward -inf)"),
    "pow": ScalarOpSpec(2, "power", "x ** y for a float base, float or integer exponent"),
    "cast": ScalarOpSpec(1, "convert", "converts a scalar to another scalar type"),
}


def _make_scalar_op(op_name: str, spec: ScalarOpSpec) -> type[IRDLOperation]:
    rule_base = SCALAR_OP_RULES[spec.rule]
    assert rule_base.ARITY == spec.operands, f"loop.{op_name}: {spec.rule} takes {rule_base.ARITY} operands"
    body = {"name": f"loop.{op_name}", "__doc__": f"{spec.doc}. {rule_base.__doc__}", "__module__": __name__}
    return irdl_op_definition(type(op_name.capitalize() + "Op", (rule_base,), body))


SCALAR_OP_CLASSES: dict[str, type[IRDLOperation]] = {n: _make_scalar_op(n, s) for n, s in SCALAR_OPS.items()}
globals().update({cls.__name__: cls for cls in SCALAR_OP_CLASSES.values()})  # SigmoidOp, CastOp, ...


def constant_op(value: int | float | bool, t: Attribute) -> arith.ConstantOp:
    """`arith.constant` of `value` (already representable) in type `t`."""
    if is_float(t):
        return arith.ConstantOp(FloatAttr(float(value), t))
    return arith.ConstantOp(IntegerAttr(int(value), t))
