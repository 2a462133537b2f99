"""Elementwise ops of the aten dialect: unary and binary families, where, clamp, convert.

The unary and binary families are the rows of dialects/elementwise.py with an `aten` entry: the result
element-type rule and the operand element-type constraint:
- result rules: `same` (the operand's element type), `float` (floating point), `bool` (i1),
  `promote` (at least the category of every operand: bool < integer < floating point);
- operand constraints: the names of `aten_shapes.ELEMENT_KINDS` (`any`, `numeric`, `integer_or_bool`, ...).
Binary and ternary ops take tensors or scalars (f64/i64/i1 values, 0-d for broadcasting), at least one tensor.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, NamedTuple

from xdsl.dialects.builtin import StringAttr, f64, i1, i64
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    EqAttrConstraint,
    IRDLOperation,
    base,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from irc.dialects.aten_shapes import (
    broadcast_shapes,
    expect_a_tensor,
    expect_kind,
    expect_promoted,
    expect_same_element,
    expect_shape,
    shape_of,
    verifying,
)
from irc.dialects.elementwise import ELEMENTWISE, FLOAT, PROMOTE
from irc.dialects.types import TensorType

TensorOrScalar = base(TensorType) | EqAttrConstraint(f64) | EqAttrConstraint(i64) | EqAttrConstraint(i1)


class AtenRow(NamedTuple):
    """What an aten op takes from its elementwise row: result rule, operand constraint, and the base class
    (for ops with extra properties)."""

    result: str
    operand: str = "any"
    base: type | None = None


def aten_rows(arity: int, bases: Mapping[str, type]) -> dict[str, AtenRow]:
    """The aten view of the rows of dialects/elementwise.py with `arity` operands and an aten op."""
    return {
        name: AtenRow(*row.aten, bases.get(name))
        for name, row in ELEMENTWISE.items()
        if row.aten is not None and row.arity == arity
    }


class TableEntry(NamedTuple):
    op: type[IRDLOperation]
    row: object


def verify_result_rule(rule: str, result: Attribute, operands: Sequence[Attribute]) -> None:
    """Checks the result element type against a table rule (see module docstring)."""
    if rule == "same":
        expect_same_element("result", result, operands[0])
    elif rule == "promote":
        expect_promoted(result, operands)
    else:  # an element kind: any, float, bool, index
        expect_kind("result", result, rule)


def op_class_name(mnemonic: str) -> str:
    return "".join(part.capitalize() for part in mnemonic.split("_")) + "Op"


def define_op(mnemonic: str, base_class: type, row: object, module: str, doc: str) -> type[IRDLOperation]:
    """Makes and defines `aten.<mnemonic>` as a subclass of `base_class` carrying `row` as ROW."""
    namespace = {
        "name": f"aten.{mnemonic}",
        "ROW": row,
        "__annotations__": {"ROW": ClassVar[object]},
        "__doc__": f"`aten.{mnemonic}`: {doc}",
        "__module__": module,
        "__qualname__": op_class_name(mnemonic),
    }
    return irdl_op_definition(type(op_class_name(mnemonic), (base_class,), namespace))


def define_table(rows: Mapping[str, Any], default_base: type, doc: str, module: str) -> dict[str, TableEntry]:
    """One op per row, subclassing the row's `base` (or `default_base`)."""
    return {
        name: TableEntry(define_op(name, row.base or default_base, row, module, doc), row)
        for name, row in rows.items()
    }


# ---------------------------------------------------------------------------
# Unary
# ---------------------------------------------------------------------------


class UnaryElementwiseOp(IRDLOperation):
    """Base of the unary elementwise ops: result shape = operand shape; element types by the ROW."""

    ROW: ClassVar[AtenRow]
    input = operand_def(TensorType)
    result = result_def(TensorType)
    assembly_format = "$input attr-dict `:` functional-type($input, $result)"
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, result_type: Attribute | None = None, **properties: Attribute):
        super().__init__(operands=[input], result_types=[result_type or input.type], properties=properties)

    def verify_(self) -> None:
        expect_shape("result", self.result.type, shape_of(self.input.type), "operand")
        expect_kind("operand", self.input.type, self.ROW.operand)
        verify_result_rule(self.ROW.result, self.result.type, [self.input.type])


class ApproximateGeluBase(UnaryElementwiseOp):
    """Unary base with `approximate` ("none" or "tanh"), for gelu."""

    approximate = prop_def(StringAttr, default_value=StringAttr("none"))
    assembly_format = (
        "$input (`approximate` `=` $approximate^)? attr-dict `:` functional-type($input, $result)"
    )

    def __init__(self, input: SSAValue, result_type: Attribute | None = None, approximate: str = "none"):
        super().__init__(input, result_type, approximate=StringAttr(approximate))

    def verify_(self) -> None:
        super().verify_()
        if self.approximate.data not in ("none", "tanh"):
            raise VerifyException(f'approximate must be "none" or "tanh", got "{self.approximate.data}"')


UNARY_ROWS: dict[str, AtenRow] = aten_rows(1, {"gelu": ApproximateGeluBase})

UNARY_OPS = define_table(UNARY_ROWS, UnaryElementwiseOp, "unary elementwise op (UNARY_ROWS)", __name__)


# ---------------------------------------------------------------------------
# Binary
# ---------------------------------------------------------------------------


class BinaryElementwiseOp(IRDLOperation):
    """Base of the binary elementwise ops: result shape = broadcast of the operands; element types by ROW."""

    ROW: ClassVar[AtenRow]
    lhs = operand_def(TensorOrScalar)
    rhs = operand_def(TensorOrScalar)
    result = result_def(TensorType)
    assembly_format = "$lhs `,` $rhs attr-dict `:` functional-type(operands, results)"
    traits = traits_def(Pure())

    def __init__(self, lhs: SSAValue, rhs: SSAValue, result_type: Attribute, **properties: Attribute):
        super().__init__(operands=[lhs, rhs], result_types=[result_type], properties=properties)

    def result_rule(self) -> str:
        return self.ROW.result

    def verify_(self) -> None:
        operand_types = [self.lhs.type, self.rhs.type]
        expect_a_tensor(operand_types)
        shape = verifying(broadcast_shapes, *map(shape_of, operand_types))
        expect_shape("result", self.result.type, shape, "broadcast")
        for t in operand_types:
            expect_kind("operand", t, self.ROW.operand)
        verify_result_rule(self.result_rule(), self.result.type, operand_types)


class RoundingDivBase(BinaryElementwiseOp):
    """Binary base with an optional `rounding_mode` ("trunc" or "floor"), for div.

    True division (no rounding mode) gives a floating-point result; a rounding mode keeps the promoted type.
    """

    rounding_mode = opt_prop_def(StringAttr)
    assembly_format = (
        "$lhs `,` $rhs (`rounding_mode` `=` $rounding_mode^)? attr-dict "
        "`:` functional-type(operands, results)"
    )

    def __init__(
        self, lhs: SSAValue, rhs: SSAValue, result_type: Attribute, rounding_mode: str | None = None
    ):
        properties = {} if rounding_mode is None else {"rounding_mode": StringAttr(rounding_mode)}
        super().__init__(lhs, rhs, result_type, **properties)

    def result_rule(self) -> str:
        return PROMOTE if self.rounding_mode is not None else FLOAT

    def verify_(self) -> None:
        mode = self.rounding_mode
        if mode is not None and mode.data not in ("trunc", "floor"):
            raise VerifyException(f'rounding_mode must be "trunc" or "floor", got "{mode.data}"')
        super().verify_()


BINARY_ROWS: dict[str, AtenRow] = aten_rows(2, {"div": RoundingDivBase})

BINARY_OPS = define_table(BINARY_ROWS, BinaryElementwiseOp, "binary elementwise op (BINARY_ROWS)", __name__)


# ---------------------------------------------------------------------------
# where, clamp, convert
# ---------------------------------------------------------------------------


@irdl_op_definition
class WhereOp(IRDLOperation):
    """`aten.where %cond, %a, %b`: %a where %cond else %b; all three broadcast."""

    name = "aten.where"
    condition = operand_def(TensorType)
    if_true = operand_def(TensorOrScalar)
    if_false = operand_def(TensorOrScalar)
    result = result_def(TensorType)
    assembly_format = "$condition `,` $if_true `,` $if_false attr-dict `:` functional-type(operands, results)"
    traits = traits_def(Pure())

    def __init__(self, condition: SSAValue, if_true: SSAValue, if_false: SSAValue, result_type: Attribute):
        super().__init__(operands=[condition, if_true, if_false], result_types=[result_type])

    def verify_(self) -> None:
        expect_kind("condition", self.condition.type, "bool")
        shapes = [shape_of(v.type) for v in self.operands]
        expect_shape("result", self.result.type, verifying(broadcast_shapes, *shapes), "broadcast")
        expect_promoted(self.result.type, [self.if_true.type, self.if_false.type])


@irdl_op_definition
class ClampOp(IRDLOperation):
    """`aten.clamp %x, min %lo, max %hi`: min and max are optional (one at least), tensors or scalars.

    Hand-written parse/print: the declarative format cannot express two optional comma-led groups.
    """

    name = "aten.clamp"
    input = operand_def(TensorType)
    min = opt_operand_def(TensorOrScalar)
    max = opt_operand_def(TensorOrScalar)
    result = result_def(TensorType)
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(Pure())

    def __init__(
        self,
        input: SSAValue,
        result_type: Attribute,
        min: SSAValue | None = None,
        max: SSAValue | None = None,
    ):
        super().__init__(operands=[input, min, max], result_types=[result_type])

    def bounds(self) -> dict[str, SSAValue]:
        return {key: value for key, value in (("min", self.min), ("max", self.max)) if value is not None}

    def verify_(self) -> None:
        if not self.bounds():
            raise VerifyException("clamp needs at least one of min and max")
        shapes = [shape_of(v.type) for v in self.operands]
        expect_shape("result", self.result.type, verifying(broadcast_shapes, *shapes), "broadcast")
        expect_promoted(self.result.type, [v.type for v in self.operands])

    @classmethod
    def parse(cls, parser: Parser) -> ClampOp:
        unresolved = {"input": parser.parse_unresolved_operand()}
        while parser.parse_optional_punctuation(",") is not None:
            key = parser.parse_optional_keyword_in(("min", "max"))
            if key is None or key in unresolved:
                parser.raise_error("expected `min` or `max` (each at most once)")
            unresolved[key] = parser.parse_unresolved_operand()
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        position = parser.pos
        function_type = parser.parse_function_type()
        if len(function_type.outputs.data) != 1:
            parser.raise_error("clamp has exactly one result", position)
        values = parser.resolve_operands(list(unresolved.values()), function_type.inputs.data, position)
        bound = dict(zip(unresolved, values))
        op = cls(bound["input"], function_type.outputs.data[0], bound.get("min"), bound.get("max"))
        op.attributes |= attributes
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.input)
        for key, value in self.bounds().items():
            printer.print_string(f", {key} ")
            printer.print_operand(value)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_function_type([v.type for v in self.operands], [self.result.type])


@irdl_op_definition
class ConvertOp(IRDLOperation):
    """`aten.convert %x : T -> U`: element type conversion, shape kept (_to_copy, convert_element_type)."""

    name = "aten.convert"
    input = operand_def(TensorType)
    result = result_def(TensorType)
    assembly_format = "$input attr-dict `:` type($input) `->` type($result)"
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, result_type: Attribute):
        super().__init__(operands=[input], result_types=[result_type])

    def verify_(self) -> None:
        expect_shape("result", self.result.type, shape_of(self.input.type), "operand")
