"""Tensor descriptors (Hopper's TMA): `tl.make_tensor_descriptor` and block loads through one, and `tl.trans`.

    %d = triton.make_tensor_descriptor %ptr [%m, %k] [%sm, %one] : !triton.ptr<f16>, (i32, i32), (i32, i32)
         -> !triton.tensordesc<[BLOCK_M, BLOCK_K], f16>
    %a = triton.descriptor_load %d [%off_m, %k0] : (!triton.tensordesc<[BLOCK_M, BLOCK_K], f16>, i32, i32)
         -> !triton.block<[BLOCK_M, BLOCK_K], f16>
    %t = triton.trans %a : !triton.block<[BLOCK_M, BLOCK_K], f16> -> !triton.block<[BLOCK_K, BLOCK_M], f16>

A descriptor describes a 2-D tensor in global memory (its sizes and strides, the last stride 1) and the block
its loads read; a load at an offset reads zeros outside the tensor. Triton creates it on the device, in global
scratch memory a `triton.set_allocator` allocator provides (irc/runtime/tma.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import ArrayAttr
from xdsl.ir import Attribute, ParametrizedAttribute, SSAValue, TypeAttribute
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.traits import MemoryReadEffect, Pure
from xdsl.utils.exceptions import VerifyException

from irc.dialects.triton_types import (
    BlockType,
    PointerType,
    _verify_block_dim,
    parse_shape_and_element,
    print_shape_and_element,
)
from irc.dialects.types import DimAttr, dim_attr, element_type_name, verify_element_type

INDEX_TYPES = ("i32", "i64")


@irdl_attr_definition
class TensorDescType(ParametrizedAttribute, TypeAttribute):
    """A tensor descriptor loading blocks of one shape: `!triton.tensordesc<[BLOCK_M, BLOCK_K], f16>`."""

    name = "triton.tensordesc"
    shape: ArrayAttr[DimAttr]
    element_type: Attribute

    def __init__(self, shape: Sequence, element_type: Attribute):
        super().__init__(ArrayAttr([d if isinstance(d, Attribute) else dim_attr(d) for d in shape]), element_type)

    def verify(self) -> None:
        if len(self.shape.data) != 2:
            raise VerifyException(f"a tensor descriptor's block is 2-D, got {len(self.shape.data)} dims")
        for dim in self.shape.data:
            _verify_block_dim(dim)
        verify_element_type(self.element_type)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        return parse_shape_and_element(parser)

    def print_parameters(self, printer: Printer) -> None:
        print_shape_and_element(printer, self.shape, self.element_type)


def _verify_indices(op_name: str, what: str, values: Sequence[SSAValue]) -> None:
    if len(values) != 2:
        raise VerifyException(f"{op_name} takes 2 {what}, got {len(values)}")
    for value in values:
        if element_type_name(value.type) not in INDEX_TYPES:
            raise VerifyException(f"{op_name} {what} must be i32 or i64 scalars, got {value.type}")


@irdl_op_definition
class MakeTensorDescriptorOp(IRDLOperation):
    """`tl.make_tensor_descriptor(ptr, shape=[...], strides=[...], block_shape=[...])` (block: the result's)."""

    name = "triton.make_tensor_descriptor"
    base = operand_def(PointerType)
    sizes = var_operand_def()
    strides = var_operand_def()
    result = result_def(TensorDescType)
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    assembly_format = (
        "$base `[` $sizes `]` `[` $strides `]` attr-dict `:` type($base) `,` `(` type($sizes) `)` `,` "
        "`(` type($strides) `)` `->` type($result)"
    )
    traits = traits_def(Pure())

    def __init__(self, base: SSAValue, sizes: Sequence[SSAValue], strides: Sequence[SSAValue], block: Sequence):
        result = TensorDescType(block, base.type.pointee)
        super().__init__(operands=[base, list(sizes), list(strides)], result_types=[result])

    def verify_(self) -> None:
        _verify_indices(self.name, "sizes", self.sizes)
        _verify_indices(self.name, "strides", self.strides)
        if self.result.type.element_type != self.base.type.pointee:
            raise VerifyException(
                f"{self.name} element type {self.result.type.element_type} differs from the pointer's "
                f"{self.base.type.pointee}"
            )


@irdl_op_definition
class DescriptorLoadOp(IRDLOperation):
    """`desc.load([o0, o1])`: the block at those offsets (zeros outside the tensor)."""

    name = "triton.descriptor_load"
    desc = operand_def(TensorDescType)
    offsets = var_operand_def()
    result = result_def(BlockType)
    assembly_format = "$desc `[` $offsets `]` attr-dict `:` functional-type(operands, results)"
    traits = traits_def(MemoryReadEffect())

    def __init__(self, desc: SSAValue, offsets: Sequence[SSAValue]):
        t = desc.type
        super().__init__(operands=[desc, list(offsets)], result_types=[BlockType(t.shape.data, t.element_type)])

    def verify_(self) -> None:
        _verify_indices(self.name, "offsets", self.offsets)
        t = self.desc.type
        if self.result.type != BlockType(t.shape.data, t.element_type):
            raise VerifyException(f"{self.name} of {t} gives {BlockType(t.shape.data, t.element_type)}, not {self.result.type}")


@irdl_op_definition
class TransOp(IRDLOperation):
    """`tl.trans(x)`: a 2-D block transposed."""

    name = "triton.trans"
    src = operand_def(BlockType)
    result = result_def(BlockType)
    assembly_format = "$src attr-dict `:` type($src) `->` type($result)"
    traits = traits_def(Pure())

    def __init__(self, src: SSAValue):
        t = src.type
        super().__init__(operands=[src], result_types=[BlockType(tuple(reversed(t.shape.data)), t.element_type)])

    def verify_(self) -> None:
        t = self.src.type
        if t.rank != 2 or self.result.type != BlockType(tuple(reversed(t.shape.data)), t.element_type):
            raise VerifyException(f"triton.trans takes a 2-D block to its transpose, got {t} -> {self.result.type}")


DESCRIPTOR_OPS = [MakeTensorDescriptorOp, DescriptorLoadOp, TransOp]
DESCRIPTOR_TYPES = [TensorDescType]
