"""Reduction ops of the aten dialect, generated from REDUCTION_ROWS, plus `aten.max_dim` / `aten.min_dim`.

`dims` lists the reduced dims (negative dims wrap; empty means all dims); `keepdim` keeps them as size 1:
`%1 = aten.sum %0 dims = [1] keepdim = true : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 1], f32>`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from xdsl.dialects.builtin import I64, BoolAttr, DenseArrayBase, Float64Type, FloatAttr, IntegerAttr, f64, i64
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import IRDLOperation, operand_def, prop_def, result_def, traits_def
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from irc.dialects.aten_elementwise import define_op, define_table, verify_result_rule
from irc.dialects.aten_shapes import (
    expect_kind,
    expect_same_element,
    expect_shape,
    reduced_shape,
    shape_of,
    verifying,
)
from irc.dialects.types import TensorType


@dataclass(frozen=True)
class ReductionRow:
    """Result rule (`same`, `any`, `float`, `bool`, `index`, `ui64`), the most dims allowed, and the base class."""

    result: str
    max_dims: int | None = None
    base: type | None = None


def dims_array(dims: Sequence[int]) -> DenseArrayBase:
    return DenseArrayBase.from_list(i64, list(dims))


class ReductionOp(IRDLOperation):
    """Base of the reductions: result shape = reduced_shape(operand, dims, keepdim); element type by ROW."""

    ROW: ClassVar[ReductionRow]
    input = operand_def(TensorType)
    result = result_def(TensorType)
    dims = prop_def(DenseArrayBase.constr(i64), default_value=dims_array([]))
    keepdim = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    assembly_format = (
        "$input (`dims` `=` $dims^)? (`keepdim` `=` $keepdim^)? attr-dict "
        "`:` functional-type($input, $result)"
    )
    traits = traits_def(Pure())

    def __init__(
        self,
        input: SSAValue,
        result_type: Attribute,
        dims: Sequence[int] = (),
        keepdim: bool = False,
        **properties: Attribute,
    ):
        properties = {"dims": dims_array(dims), "keepdim": BoolAttr.from_bool(keepdim), **properties}
        super().__init__(operands=[input], result_types=[result_type], properties=properties)

    def dim_list(self) -> list[int]:
        return list(self.dims.get_values())

    def keeps_dims(self) -> bool:
        return bool(self.keepdim.value.data)

    def verify_(self) -> None:
        dims = self.dim_list()
        if self.ROW.max_dims is not None and len(dims) > self.ROW.max_dims:
            raise VerifyException(f"{self.name} takes at most {self.ROW.max_dims} dim, got {len(dims)}")
        shape = verifying(reduced_shape, shape_of(self.input.type), dims, self.keeps_dims())
        expect_shape("result", self.result.type, shape, "reduced")
        verify_result_rule(self.ROW.result, self.result.type, [self.input.type])


class CorrectedReductionBase(ReductionOp):
    """Reduction base with `correction` (Bessel's correction, default 1.0), for var and std."""

    correction = prop_def(FloatAttr[Float64Type], default_value=FloatAttr(1.0, f64))
    assembly_format = (
        "$input (`dims` `=` $dims^)? (`keepdim` `=` $keepdim^)? (`correction` `=` $correction^)? attr-dict "
        "`:` functional-type($input, $result)"
    )

    def __init__(
        self,
        input: SSAValue,
        result_type: Attribute,
        dims: Sequence[int] = (),
        keepdim: bool = False,
        correction: float = 1.0,
    ):
        super().__init__(input, result_type, dims, keepdim, correction=FloatAttr(correction, f64))


REDUCTION_ROWS: dict[str, ReductionRow] = {
    "sum": ReductionRow("any"),
    "prod": ReductionRow("any"),
    "mean": ReductionRow("float"),
    "amax": ReductionRow("same"),
    "amin": ReductionRow("same"),
    "any": ReductionRow("bool"),
    "all": ReductionRow("bool"),
    "argmax": ReductionRow("index", max_dims=1),
    "argmin": ReductionRow("index", max_dims=1),
    "var": ReductionRow("float", base=CorrectedReductionBase),
    "std": ReductionRow("float", base=CorrectedReductionBase),
    # torch.hash_tensor (mode 0): the xor of the elements' 64 bits (floats as f64, integers as i64)
    "hash_tensor": ReductionRow("ui64"),
}

REDUCTION_OPS = define_table(REDUCTION_ROWS, ReductionOp, "reduction (see REDUCTION_ROWS)", __name__)


class ValuesAndIndicesOp(IRDLOperation):
    """Base of max_dim/min_dim: reduce one dim, giving the values and their i64 indices."""

    input = operand_def(TensorType)
    values = result_def(TensorType)
    indices = result_def(TensorType)
    dim = prop_def(IntegerAttr[I64])
    keepdim = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    assembly_format = (
        "$input `dim` `=` $dim (`keepdim` `=` $keepdim^)? attr-dict `:` functional-type($input, results)"
    )
    traits = traits_def(Pure())

    def __init__(self, input: SSAValue, values_type: Attribute, dim: int, keepdim: bool = False):
        properties = {"dim": IntegerAttr(dim, i64), "keepdim": BoolAttr.from_bool(keepdim)}
        indices_type = TensorType(shape_of(values_type), i64)
        super().__init__(operands=[input], result_types=[values_type, indices_type], properties=properties)

    def verify_(self) -> None:
        keepdim = bool(self.keepdim.value.data)
        shape = verifying(reduced_shape, shape_of(self.input.type), [self.dim.value.data], keepdim)
        expect_shape("values", self.values.type, shape, "reduced")
        expect_shape("indices", self.indices.type, shape, "reduced")
        expect_same_element("values", self.values.type, self.input.type)
        expect_kind("indices", self.indices.type, "index")


MaxDimOp = define_op("max_dim", ValuesAndIndicesOp, None, __name__, "the max of one dim and where it is")
MinDimOp = define_op("min_dim", ValuesAndIndicesOp, None, __name__, "the min of one dim and where it is")
