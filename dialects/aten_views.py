"""View and layout ops of the aten dialect. The result type gives the sizes; verifiers check them.

All keep the element type. With value semantics these are plain functions of their operand; the lowering
turns them into index remappings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects import func
from xdsl.dialects.builtin import I64, ArrayAttr, DenseArrayBase, FunctionType, IntAttr, IntegerAttr, StringAttr, i64
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, prop_def, result_def, traits_def
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from irc.dialects.aten_format import Dim, Dims
from irc.dialects.aten_shapes import (
    Shape,
    expect_same_element,
    expect_shape,
    format_shape,
    normalize_dim,
    normalize_dims,
    same_numel,
    shape_of,
    verifying,
)
from irc.dialects.types import DimLike, TensorType, dim_attr, dims_attr, verify_dims


def int_prop(value: int) -> IntegerAttr:
    return IntegerAttr(value, i64)


class ViewLikeOp(IRDLOperation):
    """Base of the view ops: one tensor in, one out, same element type; `expected_shape` checks the sizes."""

    input = operand_def(TensorType)
    result = result_def(TensorType)
    assembly_format = "$input attr-dict `:` functional-type($input, $result)"
    traits = traits_def(Pure())
    SHAPE_NAME: ClassVar[str] = "operand"

    def __init__(self, input: SSAValue, result_type: Attribute, **properties: Attribute):
        super().__init__(operands=[input], result_types=[result_type], properties=properties)

    def input_shape(self) -> Shape:
        return shape_of(self.input.type)

    def expected_shape(self) -> Shape:
        return self.input_shape()

    def verify_(self) -> None:
        expect_same_element("result", self.result.type, self.input.type)
        expect_shape("result", self.result.type, self.expected_shape(), self.SHAPE_NAME)


@irdl_op_definition
class ViewOp(ViewLikeOp):
    """`aten.view`: the same elements in a new shape (also reshape, _unsafe_view)."""

    name = "aten.view"

    def verify_(self) -> None:
        expect_same_element("result", self.result.type, self.input.type)
        result_shape = shape_of(self.result.type)
        if not same_numel(self.input_shape(), result_shape):
            raise VerifyException(
                f"view must keep the number of elements: {format_shape(self.input_shape())} "
                f"-> {format_shape(result_shape)}"
            )


@irdl_op_definition
class PermuteOp(ViewLikeOp):
    """`aten.permute %x dims = [1, 0]`: result dim i is operand dim dims[i]."""

    name = "aten.permute"
    dims = prop_def(DenseArrayBase.constr(i64))
    assembly_format = "$input `dims` `=` $dims attr-dict `:` functional-type($input, $result)"
    SHAPE_NAME: ClassVar[str] = "permuted"

    def __init__(self, input: SSAValue, result_type: Attribute, dims: Sequence[int]):
        super().__init__(input, result_type, dims=DenseArrayBase.from_list(i64, list(dims)))

    def source_dims(self, rank: int) -> list[int]:
        """Result dim i is input dim source_dims(rank)[i] for an input of `rank` dims (ValueError if the dims
        are no permutation of them)."""
        dims = list(self.dims.get_values())
        wrapped = normalize_dims(dims, rank)
        if len(wrapped) != rank:
            raise ValueError(f"permute dims {dims} are not a permutation of {rank} dims")
        return wrapped

    def expected_shape(self) -> Shape:
        shape = self.input_shape()
        return tuple(shape[d] for d in verifying(self.source_dims, len(shape)))


@irdl_op_definition
class TransposeOp(ViewLikeOp):
    """`aten.transpose %x dims = 0, 1`: swaps two dims."""

    name = "aten.transpose"
    dim0 = prop_def(IntegerAttr[I64])
    dim1 = prop_def(IntegerAttr[I64])
    assembly_format = "$input `dims` `=` $dim0 `,` $dim1 attr-dict `:` functional-type($input, $result)"
    SHAPE_NAME: ClassVar[str] = "transposed"

    def __init__(self, input: SSAValue, result_type: Attribute, dim0: int, dim1: int):
        super().__init__(input, result_type, dim0=int_prop(dim0), dim1=int_prop(dim1))

    def source_dims(self, rank: int) -> list[int]:
        """Result dim i is input dim source_dims(rank)[i] for an input of `rank` dims (ValueError if a dim is
        out of range)."""
        order = list(range(rank))
        a, b = (normalize_dim(d.value.data, rank) for d in (self.dim0, self.dim1))
        if rank:
            order[a], order[b] = order[b], order[a]
        return order

    def expected_shape(self) -> Shape:
        shape = self.input_shape()
        return tuple(shape[d] for d in verifying(self.source_dims, len(shape)))


@irdl_op_definition
class ExpandOp(ViewLikeOp):
    """`aten.expand`: broadcasts size-1 dims (and adds leading dims) to the result sizes."""

    name = "aten.expand"

    def expected_shape(self) -> Shape:
        shape, target = self.input_shape(), shape_of(self.result.type)
        if len(target) < len(shape):
            raise VerifyException(f"expand cannot lower the rank from {len(shape)} to {len(target)}")
        for i, size in enumerate(shape, start=len(target) - len(shape)):
            if size not in (1, target[i]):
                raise VerifyException(f"cannot expand dim {i} of size {size} to size {target[i]}")
        return target


@irdl_op_definition
class SqueezeOp(ViewLikeOp):
    """`aten.squeeze %x dims = [0]`: removes size-1 dims (all of them when dims is empty).

    Unlike ATen's squeeze.dims, every listed dim must have size 1: the importer drops the others.
    """

    name = "aten.squeeze"
    dims = prop_def(DenseArrayBase.constr(i64), default_value=DenseArrayBase.from_list(i64, []))
    assembly_format = "$input (`dims` `=` $dims^)? attr-dict `:` functional-type($input, $result)"
    SHAPE_NAME: ClassVar[str] = "squeezed"

    def __init__(self, input: SSAValue, result_type: Attribute, dims: Sequence[int] = ()):
        super().__init__(input, result_type, dims=DenseArrayBase.from_list(i64, list(dims)))

    def expected_shape(self) -> Shape:
        shape, dims = self.input_shape(), list(self.dims.get_values())
        if not dims:
            return tuple(size for size in shape if size != 1)
        wrapped = verifying(normalize_dims, dims, len(shape))
        for d in wrapped:
            if d < len(shape) and shape[d] != 1:
                raise VerifyException(f"cannot squeeze dim {d} of size {shape[d]}")
        return tuple(size for i, size in enumerate(shape) if i not in wrapped)


@irdl_op_definition
class UnsqueezeOp(ViewLikeOp):
    """`aten.unsqueeze %x dim = 0`: inserts a size-1 dim."""

    name = "aten.unsqueeze"
    dim = prop_def(IntegerAttr[I64])
    assembly_format = "$input `dim` `=` $dim attr-dict `:` functional-type($input, $result)"
    SHAPE_NAME: ClassVar[str] = "unsqueezed"

    def __init__(self, input: SSAValue, result_type: Attribute, dim: int):
        super().__init__(input, result_type, dim=int_prop(dim))

    def expected_shape(self) -> Shape:
        shape = list(self.input_shape())
        shape.insert(verifying(normalize_dim, self.dim.value.data, len(shape) + 1), 1)
        return tuple(shape)


def expect_not_0d(op: IRDLOperation, shape: Sequence[object]) -> None:
    if not shape:
        raise VerifyException(f"{op.name} needs an operand of rank at least 1")


def slice_length(size: int, start: int, end: int, step: int) -> int:
    """Elements in `range(size)[start:end:step]`, with ATen's clamping of start and end."""
    start = min(max(start + size if start < 0 else start, 0), size)
    end = min(max(end + size if end < 0 else end, start), size)
    return (end - start + step - 1) // step


@irdl_op_definition
class SliceOp(ViewLikeOp):
    """`aten.slice %x dim = 1 start = 0 end = 8 step = 2`: ATen's slice.Tensor (start and end are clamped)."""

    name = "aten.slice"
    dim = prop_def(IntegerAttr[I64])
    start = prop_def(IntegerAttr[I64])
    end = prop_def(IntegerAttr[I64])
    step = prop_def(IntegerAttr[I64], default_value=IntegerAttr(1, i64))
    assembly_format = (
        "$input `dim` `=` $dim `start` `=` $start `end` `=` $end (`step` `=` $step^)? attr-dict "
        "`:` functional-type($input, $result)"
    )
    SHAPE_NAME: ClassVar[str] = "sliced"

    def __init__(
        self, input: SSAValue, result_type: Attribute, dim: int, start: int, end: int, step: int = 1
    ):
        props = {"dim": int_prop(dim), "start": int_prop(start), "end": int_prop(end), "step": int_prop(step)}
        super().__init__(input, result_type, **props)

    def expected_shape(self) -> Shape:
        shape = list(self.input_shape())
        expect_not_0d(self, shape)
        dim = verifying(normalize_dim, self.dim.value.data, len(shape))
        step = self.step.value.data
        if step <= 0:
            raise VerifyException(f"slice step must be positive, got {step}")
        result_shape = shape_of(self.result.type)
        if isinstance(shape[dim], int):
            shape[dim] = slice_length(shape[dim], self.start.value.data, self.end.value.data, step)
        elif len(result_shape) == len(shape):  # a symbolic size: the sliced size is taken as given
            shape[dim] = result_shape[dim]
        return tuple(shape)


@irdl_op_definition
class SelectOp(ViewLikeOp):
    """`aten.select %x dim = 0 index = 2`: one index of a dim, which disappears."""

    name = "aten.select"
    dim = prop_def(IntegerAttr[I64])
    index = prop_def(IntegerAttr[I64])
    assembly_format = (
        "$input `dim` `=` $dim `index` `=` $index attr-dict `:` functional-type($input, $result)"
    )
    SHAPE_NAME: ClassVar[str] = "selected"

    def __init__(self, input: SSAValue, result_type: Attribute, dim: int, index: int):
        super().__init__(input, result_type, dim=int_prop(dim), index=int_prop(index))

    def expected_shape(self) -> Shape:
        shape = list(self.input_shape())
        expect_not_0d(self, shape)
        dim, index = verifying(normalize_dim, self.dim.value.data, len(shape)), self.index.value.data
        size = shape.pop(dim)
        if isinstance(size, int) and not -size <= index < size:
            raise VerifyException(f"select index {index} is out of range for dim {dim} of size {size}")
        return tuple(shape)


@irdl_op_definition
class AsStridedOp(ViewLikeOp):
    """`aten.as_strided %x strides = [9, 1] offset = 0`: sizes from the result type; may be symbolic."""

    name = "aten.as_strided"
    strides = prop_def(ArrayAttr[IntAttr | StringAttr])
    offset = prop_def(IntAttr | StringAttr)
    assembly_format = (
        "$input `strides` `=` custom<Dims>($strides) `offset` `=` custom<Dim>($offset) attr-dict "
        "`:` functional-type($input, $result)"
    )
    custom_directives = (Dims, Dim)

    def __init__(
        self, input: SSAValue, result_type: Attribute, strides: Sequence[DimLike], offset: DimLike = 0
    ):
        super().__init__(input, result_type, strides=dims_attr(strides), offset=dim_attr(offset))

    def verify_(self) -> None:
        expect_same_element("result", self.result.type, self.input.type)
        verify_dims(self.strides, "as_strided strides")
        verify_dims(ArrayAttr([self.offset]), "as_strided offset")
        rank = len(shape_of(self.result.type))
        if len(self.strides.data) != rank:
            count = len(self.strides.data)
            raise VerifyException(f"as_strided has {count} strides for a result of rank {rank}")


@irdl_op_definition
class CloneOp(ViewLikeOp):
    """`aten.clone`: a copy (with value semantics, the same value)."""

    name = "aten.clone"


@irdl_op_definition
class AliasOp(ViewLikeOp):
    """`aten.alias`: the same tensor under another name."""

    name = "aten.alias"


def returned_values(function: func.FuncOp, skipped: frozenset[int] | set[int] = frozenset()) -> set[SSAValue]:
    """What the function returns (but at the `skipped` result positions), and what those values are views
    of."""
    found: set[SSAValue] = set()
    pending = [
        v for o in function.walk() if isinstance(o, func.ReturnOp)
        for k, v in enumerate(o.arguments) if k not in skipped
    ]  # fmt: skip
    while pending:
        value = pending.pop()
        if value not in found:
            found.add(value)
            if isinstance(value.owner, ViewLikeOp):
                pending.append(value.owner.input)
    return found


def returned_types_follow(function: func.FuncOp) -> None:
    """The function type names what its func.return returns now (values a pass retyped or replaced)."""
    returns = [o for o in function.walk() if isinstance(o, func.ReturnOp)]
    if returns:
        outputs = [v.type for v in returns[0].arguments]
        function.function_type = FunctionType.from_lists(function.function_type.inputs.data, outputs)
