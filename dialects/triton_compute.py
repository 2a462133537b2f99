"""The triton dialect's compute ops: elementwise ops (one class per row of ELEMENTWISE_OPS), where, cast,
constant, reduce and dot. Operands may be blocks or scalars; shapes broadcast to the result's shape.
"""

from __future__ import annotations

import math
from typing import ClassVar

from xdsl.dialects.builtin import I64, AnyFloat, Float32Type, FloatAttr, IntegerAttr, IntegerType, StringAttr, UnitAttr
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
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

from irc.dialects.triton_ops_table import (
    ELEMENTWISE_OPS,
    REDUCE_KINDS,
    SCAN_KINDS,
    ReduceRow,
    TritonRow,
    accepts,
    describe,
    expected_result_text,
    result_element_ok,
)
from irc.dialects.triton_types import (
    ONE,
    BlockType,
    Dims,
    ReduceKind,
    ReduceKindAttr,
    bit_width,
    broadcast_types,
    dims_text,
    element_of,
    is_scalar,
    shape_of,
    verify_element,
    with_shape,
)
from irc.dialects.types import attr_number, is_bool

# ---------------------------------------------------------------------------
# Elementwise ops (generated from ELEMENTWISE_OPS), where, cast, constant
# ---------------------------------------------------------------------------


def verify_elementwise(op: IRDLOperation, row: TritonRow) -> None:
    """Operand element types follow the row's class and agree; shapes broadcast to the result's."""
    elements = [element_of(o.type) for o in op.operands]
    for k, element in enumerate(elements):
        if not accepts(row.operands, element):
            raise VerifyException(
                f"{op.name} operand #{k} has element type {element}; expected {describe(row.operands)}"
            )
    if any(e != elements[0] for e in elements):
        raise VerifyException(
            f"{op.name} operands must have the same element type, got {', '.join(map(str, elements))}"
        )
    result = op.results[0].type
    if not result_element_ok(row.result, elements[0], element_of(result)):
        expected = expected_result_text(row.result, elements[0])
        raise VerifyException(f"{op.name} result element type must be {expected}, got {element_of(result)}")
    _verify_broadcast_result(op.name, [o.type for o in op.operands], result)


def infer_elementwise_type(row: TritonRow, operand_types: list[Attribute]) -> Attribute:
    """The result type `row` gives these operands: their broadcast shape, the rule's element type."""
    element = IntegerType(1) if row.result == "i1" else element_of(operand_types[0])
    return with_shape(broadcast_types(operand_types), element)


def _verify_broadcast_result(op_name: str, operand_types: list[Attribute], result: Attribute) -> None:
    shape, actual = broadcast_types(operand_types), shape_of(result)
    if actual != shape:
        raise VerifyException(
            f"{op_name} result shape {dims_text(actual)} does not match the broadcast {dims_text(shape)}"
        )


class UnaryElementwiseOp(IRDLOperation):
    """Base of the one-operand rows of ELEMENTWISE_OPS."""

    ROW: ClassVar[TritonRow]
    src = operand_def()
    result = result_def()
    assembly_format = "$src attr-dict `:` type($src) `->` type($result)"
    traits = traits_def(Pure())

    def __init__(self, src: SSAValue | Operation, result_type: Attribute | None = None):
        if result_type is None:
            result_type = infer_elementwise_type(self.ROW, [SSAValue.get(src).type])
        super().__init__(operands=[src], result_types=[result_type])

    def verify_(self) -> None:
        verify_elementwise(self, self.ROW)


class BinaryElementwiseOp(IRDLOperation):
    """Base of the two-operand rows of ELEMENTWISE_OPS."""

    ROW: ClassVar[TritonRow]
    lhs = operand_def()
    rhs = operand_def()
    result = result_def()
    assembly_format = "$lhs `,` $rhs attr-dict `:` functional-type(operands, results)"
    traits = traits_def(Pure())

    def __init__(
        self, lhs: SSAValue | Operation, rhs: SSAValue | Operation, result_type: Attribute | None = None
    ):
        if result_type is None:
            result_type = infer_elementwise_type(self.ROW, [SSAValue.get(v).type for v in (lhs, rhs)])
        super().__init__(operands=[lhs, rhs], result_types=[result_type])

    def verify_(self) -> None:
        verify_elementwise(self, self.ROW)


def _class_name(op_name: str) -> str:
    return "".join(part.capitalize() for part in op_name.split("_")) + "Op"


def _make_elementwise_op(op_name: str, row: TritonRow) -> type[IRDLOperation]:
    base_class = UnaryElementwiseOp if row.arity == 1 else BinaryElementwiseOp
    namespace = {
        "__module__": __name__,
        "__doc__": f"Elementwise `{row.template}`.",
        "__annotations__": {"ROW": ClassVar[TritonRow]},
        "name": f"triton.{op_name}",
        "ROW": row,
    }
    return irdl_op_definition(type(_class_name(op_name), (base_class,), namespace))


ELEMENTWISE_OP_CLASSES: dict[str, type[IRDLOperation]] = {
    op_name: _make_elementwise_op(op_name, row) for op_name, row in ELEMENTWISE_OPS.items()
}


@irdl_op_definition
class WhereOp(IRDLOperation):
    """`tl.where(condition, x, y)`: elementwise select, all three broadcast together."""

    name = "triton.where"
    TEMPLATE: ClassVar[str] = "tl.where({0}, {1}, {2})"
    condition = operand_def()
    true_value = operand_def()
    false_value = operand_def()
    result = result_def()
    assembly_format = (
        "$condition `,` $true_value `,` $false_value attr-dict `:` functional-type(operands, results)"
    )
    traits = traits_def(Pure())

    def __init__(
        self,
        condition: SSAValue | Operation,
        true_value: SSAValue | Operation,
        false_value: SSAValue | Operation,
        result_type: Attribute | None = None,
    ):
        operands = [condition, true_value, false_value]
        if result_type is None:
            shape = broadcast_types([SSAValue.get(v).type for v in operands])
            result_type = with_shape(shape, element_of(SSAValue.get(true_value).type))
        super().__init__(operands=operands, result_types=[result_type])

    def verify_(self) -> None:
        if not is_bool(element_of(self.condition.type)):
            raise VerifyException(
                f"triton.where condition must have element type i1, got {self.condition.type}"
            )
        chosen = element_of(self.true_value.type)
        verify_element("triton.where false value", element_of(self.false_value.type), chosen)
        verify_element("triton.where result", element_of(self.result.type), chosen)
        _verify_broadcast_result(self.name, [o.type for o in self.operands], self.result.type)


@irdl_op_definition
class CastOp(IRDLOperation):
    """`x.to(tl.float32)` (or `bitcast=True`): the same shape with another scalar element type."""

    name = "triton.cast"
    src = operand_def()
    bitcast = opt_prop_def(UnitAttr)
    result = result_def()
    assembly_format = "$src (`bitcast` $bitcast^)? attr-dict `:` type($src) `to` type($result)"
    traits = traits_def(Pure())

    def __init__(self, src: SSAValue | Operation, result_type: Attribute, bitcast: bool = False):
        super().__init__(
            operands=[src], result_types=[result_type], properties={"bitcast": UnitAttr()} if bitcast else {}
        )

    def verify_(self) -> None:
        src, result = self.src.type, self.result.type
        if shape_of(src) != shape_of(result):
            raise VerifyException(f"triton.cast must keep the shape, got {src} and {result}")
        a, b = element_of(src), element_of(result)
        if not (is_scalar(a) and is_scalar(b)):
            raise VerifyException(f"triton.cast element types must be scalars, got {a} and {b}")
        if a == b:
            raise VerifyException(f"triton.cast must change the element type, got {a} to {b}")
        if self.bitcast is not None and bit_width(a) != bit_width(b):
            raise VerifyException(f"triton.cast bitcast needs equal bit widths, got {a} and {b}")


def _float_text(value: float, element: Attribute) -> str:
    """The shortest literal that reads back as `value` in `element`'s precision, with the '.' the MLIR
    lexer needs; inf and nan as keywords."""
    if math.isnan(value):
        return "nan"
    if math.isinf(value):
        return "inf" if value > 0 else "-inf"
    candidates = (f"{value:.{digits}g}" for digits in range(1, 17))
    text = next((t for t in candidates if _reads_back(t, value, element)), repr(value))
    if "." not in text:
        text = text.replace("e", ".0e") if "e" in text else text + ".0"
    return text


def _reads_back(text: str, value: float, element: Attribute) -> bool:
    try:
        return FloatAttr(float(text), element).value.data == value
    except OverflowError:
        return False


def constant_attr(value: int | float | bool, element: Attribute) -> IntegerAttr | FloatAttr:
    """The property value of a constant of `element` type."""
    if isinstance(element, AnyFloat):
        return FloatAttr(float(value), element)
    return IntegerAttr(int(value), element)


@irdl_op_definition
class ConstantOp(IRDLOperation):
    """A scalar literal, or `tl.full(shape, value, dtype)` when the result is a block.

    Custom syntax (`triton.constant 0.5 : f32`) because the literal's attribute type comes from the result.
    """

    name = "triton.constant"
    value = prop_def(base(IntegerAttr) | base(FloatAttr))
    result = result_def()
    traits = traits_def(Pure())

    def __init__(self, value: int | float | bool, result_type: Attribute):
        attr = constant_attr(value, element_of(result_type))
        super().__init__(properties={"value": attr}, result_types=[result_type])

    @property
    def python_value(self) -> int | float | bool:
        return attr_number(self.value)

    def verify_(self) -> None:
        element = element_of(self.result.type)
        if not is_scalar(element):
            raise VerifyException(f"triton.constant result must have a scalar element type, got {element}")
        if self.value.type != element:
            raise VerifyException(
                f"triton.constant value type {self.value.type} does not match element type {element}"
            )

    @classmethod
    def parse(cls, parser: Parser) -> ConstantOp:
        pos = parser.pos
        literal = _parse_literal(parser)
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        result_type = parser.parse_type()
        element = element_of(result_type)
        if not is_scalar(element):
            parser.raise_error(f"triton.constant needs a scalar element type, got {element}", pos, parser.pos)
        if isinstance(literal, float) and not isinstance(element, AnyFloat):
            parser.raise_error(
                f"expected an integer literal for element type {element}, got {literal}", pos, parser.pos
            )
        try:
            attr = constant_attr(literal, element)
        except (VerifyException, ValueError, TypeError, OverflowError) as exc:
            parser.raise_error(f"invalid constant for {result_type}: {exc}", pos, parser.pos)
        return cls.create(properties={"value": attr}, attributes=attributes, result_types=[result_type])

    def print(self, printer: Printer) -> None:
        value = self.python_value
        if isinstance(value, bool):
            printer.print_string(" true" if value else " false")
        elif isinstance(value, float):
            printer.print_string(" " + _float_text(value, self.value.type))
        else:
            printer.print_string(f" {value}")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)


def _parse_literal(parser: Parser) -> int | float | bool:
    boolean = parser.parse_optional_boolean()
    if boolean is not None:
        return boolean
    negative = parser.parse_optional_punctuation("-") is not None
    special = parser.parse_optional_keyword_in(("inf", "nan"))
    if special is not None:
        value: int | float = float(special)
    else:
        value = parser.parse_number()
    return -value if negative else value


# ---------------------------------------------------------------------------
# Reduction
# ---------------------------------------------------------------------------


@irdl_op_definition
class ReduceOp(IRDLOperation):
    """`tl.sum(x, axis, keep_dims=...)` and the other REDUCE_KINDS; a 1-D block reduces to a scalar."""

    name = "triton.reduce"
    kind = prop_def(ReduceKindAttr)
    src = operand_def(BlockType)
    axis = prop_def(IntegerAttr[I64])
    keep_dims = opt_prop_def(UnitAttr)
    result = result_def()
    assembly_format = (
        "$kind $src `axis` $axis (`keep_dims` $keep_dims^)? attr-dict `:` type($src) `->` type($result)"
    )
    traits = traits_def(Pure())

    def __init__(
        self,
        kind: str,
        src: SSAValue | Operation,
        axis: int,
        keep_dims: bool = False,
        result_type: Attribute | None = None,
    ):
        t = SSAValue.get(src).type
        if result_type is None:
            element = IntegerType(32) if REDUCE_KINDS[kind].result == "index" else t.element_type
            result_type = with_shape(reduced_dims(t.dims, axis, keep_dims), element)
        properties: dict[str, Attribute] = {
            "kind": ReduceKindAttr(ReduceKind(kind)),
            "axis": IntegerAttr(axis, 64),
        }
        if keep_dims:
            properties["keep_dims"] = UnitAttr()
        super().__init__(operands=[src], result_types=[result_type], properties=properties)

    @property
    def row(self) -> ReduceRow:
        return REDUCE_KINDS[self.kind.data.value]

    def verify_(self) -> None:
        src, kind = self.src.type, self.kind.data.value
        axis = self.axis.value.data
        if not 0 <= axis < src.rank:
            raise VerifyException(f"triton.reduce axis {axis} is out of range for rank {src.rank}")
        if not accepts(self.row.operands, src.element_type):
            expected_text = describe(self.row.operands)
            raise VerifyException(
                f"triton.reduce {kind} input has element type {src.element_type}; expected {expected_text}"
            )
        expected = reduced_dims(src.dims, axis, self.keep_dims is not None)
        actual = shape_of(self.result.type)
        if actual != expected:
            raise VerifyException(
                f"triton.reduce result shape must be {dims_text(expected)}, got {dims_text(actual)}"
            )
        element = element_of(self.result.type)
        if not result_element_ok(self.row.result, src.element_type, element):
            expected_text = expected_result_text(self.row.result, src.element_type)
            raise VerifyException(
                f"triton.reduce {kind} result element type must be {expected_text}, got {element}"
            )


@irdl_op_definition
class ScanOp(IRDLOperation):
    """`tl.cumsum(x, axis)` and the other SCAN_KINDS: the running value along `axis`, of the input's type; the
    sort rows: the block sorted along its last axis, or (result `index`) the positions of the sorted values, i64."""

    name = "triton.scan"
    kind = prop_def(StringAttr)
    src = operand_def(BlockType)
    length = opt_operand_def()
    """A sort's number of real lanes along its axis (the rest sort last)."""
    axis = prop_def(IntegerAttr[I64])
    result = result_def()
    assembly_format = (
        "$kind $src (`length` $length^ `:` type($length))? `axis` $axis attr-dict `:` type($src) `->` type($result)"
    )
    traits = traits_def(Pure())

    def __init__(self, kind: str, src: SSAValue | Operation, axis: int, length: SSAValue | None = None):
        t = SSAValue.get(src).type
        if SCAN_KINDS[kind].result == "index":
            t = BlockType(t.dims, IntegerType(64))
        properties = {"kind": StringAttr(kind), "axis": IntegerAttr(axis, 64)}
        operands = [src, [length] if length is not None else []]
        super().__init__(operands=operands, result_types=[t], properties=properties)

    @property
    def row(self) -> ReduceRow:
        return SCAN_KINDS[self.kind.data]

    def verify_(self) -> None:
        src, kind, axis = self.src.type, self.kind.data, self.axis.value.data
        if kind not in SCAN_KINDS:
            raise VerifyException(f"unknown triton.scan kind '{kind}'; expected one of {', '.join(SCAN_KINDS)}")
        if not 0 <= axis < src.rank:
            raise VerifyException(f"triton.scan axis {axis} is out of range for rank {src.rank}")
        if not accepts(self.row.operands, src.element_type):
            raise VerifyException(
                f"triton.scan {kind} input has element type {src.element_type}; expected {describe(self.row.operands)}"
            )
        want = BlockType(src.dims, IntegerType(64)) if self.row.result == "index" else src
        sorts = self.row.operands == "sortable"
        if sorts and axis != src.rank - 1:
            raise VerifyException(f"triton.scan {kind} sorts along the last axis ({src.rank - 1}), not {axis}")
        if sorts != (self.length is not None):
            raise VerifyException(f"triton.scan {kind} {'needs' if sorts else 'takes no'} length")
        if self.result.type != want:
            raise VerifyException(f"triton.scan {kind} result type must be {want}, got {self.result.type}")


def reduced_dims(dims: Dims, axis: int, keep_dims: bool) -> Dims:
    return dims[:axis] + ((ONE,) if keep_dims else ()) + dims[axis + 1 :]


# ---------------------------------------------------------------------------
# dot
# ---------------------------------------------------------------------------

# input_precision of tl.dot for f32 operands (None: Triton's default, tf32 on GPUs that have it)
DOT_PRECISIONS = ("ieee", "tf32", "tf32x3")


@irdl_op_definition
class DotOp(IRDLOperation):
    """`tl.dot(a, b, acc)`: [M, K] x [K, N] + acc [M, N] (f32 accumulator) of equal operand element types."""

    name = "triton.dot"
    lhs = operand_def(BlockType)
    rhs = operand_def(BlockType)
    acc = operand_def(BlockType)
    input_precision = opt_prop_def(StringAttr)
    result = result_def(BlockType)
    assembly_format = (
        "$lhs `,` $rhs `,` $acc (`precision` $input_precision^)? attr-dict `:` functional-type(operands, results)"
    )
    traits = traits_def(Pure())

    def __init__(self, lhs: SSAValue, rhs: SSAValue, acc: SSAValue, input_precision: str | None = None):
        properties = {} if input_precision is None else {"input_precision": StringAttr(input_precision)}
        super().__init__(operands=[lhs, rhs, acc], result_types=[acc.type], properties=properties)

    def verify_(self) -> None:
        a, b, acc, result = self.lhs.type, self.rhs.type, self.acc.type, self.result.type
        if not (a.rank == b.rank == acc.rank == 2):
            raise VerifyException(f"triton.dot takes 2-D blocks, got {a}, {b} and {acc}")
        (m, k), (k2, n) = a.dims, b.dims
        if k != k2 or acc.dims != (m, n) or result != acc:
            raise VerifyException(f"triton.dot shapes do not agree: {a} x {b} + {acc} -> {result}")
        if a.element_type != b.element_type:
            raise VerifyException(f"triton.dot operands differ in element type: {a.element_type}, {b.element_type}")
        if not isinstance(acc.element_type, Float32Type):
            raise VerifyException(f"triton.dot accumulates in f32, got {acc.element_type}")
        precision = self.input_precision
        if precision is not None and precision.data not in DOT_PRECISIONS:
            raise VerifyException(
                f"triton.dot precision '{precision.data}' is not one of {', '.join(DOT_PRECISIONS)}"
            )
