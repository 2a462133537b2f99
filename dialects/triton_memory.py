"""The triton dialect's memory ops: addptr (pointer arithmetic), load and store, with masks; device_assert."""

from __future__ import annotations

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.traits import MemoryReadEffect, MemoryWriteEffect, Pure
from xdsl.utils.exceptions import VerifyException

from irc.dialects.triton_types import (
    Dims,
    EvictionPolicy,
    EvictionPolicyAttr,
    broadcast_dims,
    broadcast_types,
    element_of,
    shape_of,
    verify_broadcasts_to,
    verify_element,
    verify_pointer_operand,
    verify_result_type,
    with_shape,
)
from irc.dialects.types import element_type_name, is_bool


@irdl_op_definition
class AddPtrOp(IRDLOperation):
    """`ptr + offsets`: pointers advanced by integer offsets (broadcast together)."""

    name = "triton.addptr"
    ptr = operand_def()
    offset = operand_def()
    result = result_def()
    assembly_format = "$ptr `,` $offset attr-dict `:` functional-type(operands, results)"
    traits = traits_def(Pure())

    def __init__(self, ptr: SSAValue | Operation, offset: SSAValue | Operation):
        ptr_t, off_t = SSAValue.get(ptr).type, SSAValue.get(offset).type
        shape = broadcast_dims(shape_of(ptr_t), shape_of(off_t)) or ()
        super().__init__(operands=[ptr, offset], result_types=[with_shape(shape, element_of(ptr_t))])

    def verify_(self) -> None:
        pointer = verify_pointer_operand(self.name, self.ptr.type)
        offset = element_of(self.offset.type)
        if element_type_name(offset) not in ("i8", "i16", "i32", "i64"):
            raise VerifyException(f"triton.addptr offset must have an integer element type, got {offset}")
        shape = broadcast_types([self.ptr.type, self.offset.type])
        verify_result_type(self.name, self.result.type, with_shape(shape, pointer))


def _verify_mask(op_name: str, mask: Attribute, target: Dims) -> None:
    if not is_bool(element_of(mask)):
        raise VerifyException(f"{op_name} mask must have element type i1, got {mask}")
    verify_broadcasts_to(f"{op_name} mask", mask, target)


@irdl_op_definition
class LoadOp(IRDLOperation):
    """`tl.load(ptrs, mask, other, eviction_policy=...)`: masked-off lanes read `other` (needs a mask)."""

    name = "triton.load"
    ptr = operand_def()
    mask = opt_operand_def()
    other = opt_operand_def()
    eviction_policy = opt_prop_def(EvictionPolicyAttr)
    result = result_def()
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    assembly_format = (
        "$ptr (`mask` $mask^)? (`other` $other^)? (`eviction_policy` $eviction_policy^)? "
        "attr-dict `:` type($ptr) (`,` type($mask)^)? (`,` type($other)^)? `->` type($result)"
    )
    traits = traits_def(MemoryReadEffect())

    def __init__(
        self,
        ptr: SSAValue | Operation,
        mask: SSAValue | Operation | None = None,
        other: SSAValue | Operation | None = None,
        eviction_policy: str | None = None,
    ):
        ptr_t = SSAValue.get(ptr).type
        props = (
            {}
            if eviction_policy is None
            else {"eviction_policy": EvictionPolicyAttr(EvictionPolicy(eviction_policy))}
        )
        result_type = with_shape(shape_of(ptr_t), element_of(ptr_t).pointee)
        super().__init__(
            operands=[ptr, [] if mask is None else [mask], [] if other is None else [other]],
            result_types=[result_type],
            properties=props,
        )

    def verify_(self) -> None:
        pointer = verify_pointer_operand(self.name, self.ptr.type)
        shape = shape_of(self.ptr.type)
        if self.mask is not None:
            _verify_mask(self.name, self.mask.type, shape)
        if self.other is not None:
            if self.mask is None:
                raise VerifyException("triton.load other needs a mask")
            verify_element("triton.load other", element_of(self.other.type), pointer.pointee)
            verify_broadcasts_to("triton.load other", self.other.type, shape)
        verify_result_type(self.name, self.result.type, with_shape(shape, pointer.pointee))


class _MaskedWriteOp(IRDLOperation):
    """A write of value (broadcast to the pointers' shape) through ptr where mask holds."""

    ptr = operand_def()
    value = operand_def()
    mask = opt_operand_def()
    assembly_format = "$ptr `,` $value (`mask` $mask^)? attr-dict `:` type(operands)"
    traits = traits_def(MemoryWriteEffect())

    def __init__(
        self, ptr: SSAValue | Operation, value: SSAValue | Operation, mask: SSAValue | Operation | None = None
    ):
        super().__init__(operands=[ptr, value, [] if mask is None else [mask]])

    def verify_(self) -> None:
        pointer = verify_pointer_operand(self.name, self.ptr.type)
        shape = shape_of(self.ptr.type)
        verify_element(f"{self.name} value", element_of(self.value.type), pointer.pointee)
        verify_broadcasts_to(f"{self.name} value", self.value.type, shape)
        self.verify_pointee(pointer.pointee)
        if self.mask is not None:
            _verify_mask(self.name, self.mask.type, shape)

    def verify_pointee(self, pointee: Attribute) -> None:
        """What the op asks of the pointers' element type beyond holding the value's."""


@irdl_op_definition
class StoreOp(_MaskedWriteOp):
    """`tl.store(ptrs, value, mask)`: writes value (broadcast to the pointers' shape) where mask holds."""

    name = "triton.store"


@irdl_op_definition
class AtomicAddOp(_MaskedWriteOp):
    """`tl.atomic_add(ptrs, value, mask)`: adds value (broadcast to the pointers' shape) to the elements where
    mask holds, atomically (its old values, which Triton returns, are not used)."""

    name = "triton.atomic_add"

    def verify_pointee(self, pointee: Attribute) -> None:
        if is_bool(pointee):
            raise VerifyException("triton.atomic_add needs numbers, not i1")


class _AtomicExtremeOp(_MaskedWriteOp):
    """What tl.atomic_max and tl.atomic_min accept: 32- and 64-bit integers and floats (floats compare their
    bit patterns: a NaN's sign decides whether it wins, so irc's lowerings never give them one)."""

    def verify_pointee(self, pointee: Attribute) -> None:
        if element_type_name(pointee) not in ("i32", "i64", "f32", "f64"):
            raise VerifyException(f"{self.name} needs i32, i64, f32 or f64, got {pointee}")


@irdl_op_definition
class AtomicMaxOp(_AtomicExtremeOp):
    """`tl.atomic_max(ptrs, value, mask)`: each element where mask holds becomes the larger of itself and the
    value, atomically (its old values, which Triton returns, are not used)."""

    name = "triton.atomic_max"


@irdl_op_definition
class AtomicMinOp(_AtomicExtremeOp):
    """`tl.atomic_min(ptrs, value, mask)`: each element where mask holds becomes the smaller of itself and the
    value, atomically."""

    name = "triton.atomic_min"



# a device_assert's kind -> the message the kernel stops with (the printed code spells only these)
ASSERT_MESSAGES = {"index": "index out of range", "zero_division": "ZeroDivisionError"}


@irdl_op_definition
class DeviceAssertOp(IRDLOperation):
    """`tl.device_assert(cond, "index out of range")`: the program stops where cond is false (a lane outside
    the block's mask passes: cond is `ok | ~mask`). The kind picks the message (ASSERT_MESSAGES)."""

    name = "triton.device_assert"
    cond = operand_def()
    kind = prop_def(StringAttr)
    assembly_format = "$cond $kind attr-dict `:` type($cond)"

    def __init__(self, cond: SSAValue | Operation, kind: str):
        super().__init__(operands=[cond], properties={"kind": StringAttr(kind)})

    def verify_(self) -> None:
        if not is_bool(element_of(self.cond.type)):
            raise VerifyException(
                f"triton.device_assert condition must have element type i1, got {self.cond.type}"
            )
        if self.kind.data not in ASSERT_MESSAGES:
            raise VerifyException(f"triton.device_assert kind must be one of {', '.join(ASSERT_MESSAGES)}")


def assert_launch_options(func: Operation) -> dict[str, bool]:
    """The compile options a kernel with device_asserts launches with: Triton keeps them only in debug mode,
    and its overflow checks (which debug mode would also turn on) stay off, as Inductor does."""
    if not any(isinstance(op, DeviceAssertOp) for op in func.walk()):
        return {}
    return {"debug": True, "sanitize_overflow": False}
