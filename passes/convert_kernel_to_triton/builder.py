"""A small builder of triton-dialect ops for convert-kernel-to-triton: appends ops to a block and names them.

Every helper returns the new op's result, so lowering code reads like the Python it prints:

    b = TritonBuilder(block)
    xmask = b.binary("lt", xindex, xnumel, name="xmask")
    value = b.where(xmask, loaded, b.const(0.0, f32))
"""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.dialects.builtin import IndexType, IntegerType
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.traits import IsTerminator
from xdsl.utils.exceptions import PassFailedException

from irc.dialects import triton
from irc.dialects.triton import BlockType, Dims, element_of, shape_of, with_shape
from irc.dialects.types import element_type_name, is_bool, is_float


def scalar_type(t: Attribute) -> Attribute:
    """The triton element type of a loop-level scalar type (`index` computes in i64)."""
    return IntegerType(64) if isinstance(t, IndexType) else t


def identity_value(kind: str, element: Attribute) -> int | float | bool:
    """The value masked-off lanes take in a reduction of `kind` (the neutral element)."""
    if kind in ("sum", "any", "xor_sum"):
        return False if is_bool(element) else 0
    if kind in ("prod", "all"):
        return True if is_bool(element) else 1
    lowest = kind in ("max", "argmax")
    if is_float(element):
        return float("-inf") if lowest else float("inf")
    if is_bool(element):
        return not lowest
    return integer_limit(element, lowest)


def convert_scalar(value: int | float | bool, element: Attribute) -> int | float | bool:
    """A Python scalar converted as `.to(element)` would (float -> int truncates, nonzero -> True)."""
    if is_bool(element):
        return bool(value)
    if is_float(element):
        return float(value)
    return int(value)


def integer_limit(element: Attribute, lowest: bool) -> int:
    name = element_type_name(element)
    if name == "ui8":
        return 0 if lowest else 255
    bits = int(name[1:])
    return -(2 ** (bits - 1)) if lowest else 2 ** (bits - 1) - 1


class TritonBuilder:
    """Appends triton ops at the end of `block` (before its terminator, if any), or before `before`."""

    def __init__(self, block: Block, before: Operation | None = None):
        self.block = block
        self.before = before

    def insert(self, op: Operation, name: str | None = None) -> SSAValue:
        last = self.block.last_op
        if self.before is not None:
            self.block.insert_op_before(op, self.before)
        elif last is not None and last.has_trait(IsTerminator):
            self.block.insert_op_before(op, last)
        else:
            self.block.add_op(op)
        if name is not None and op.results:
            op.results[0].name_hint = name
        return op.results[0] if op.results else None

    # -- values -------------------------------------------------------------

    def const(self, value: int | float | bool, element: Attribute, shape: Dims = (), name: str | None = None):
        return self.insert(triton.ConstantOp(value, with_shape(shape, element)), name)

    def constexpr(self, name: str, element: Attribute) -> SSAValue:
        return self.insert(triton.ConstexprOp(name, element))

    def cast(self, value: SSAValue, element: Attribute, name: str | None = None) -> SSAValue:
        if element_of(value.type) == element:
            return value
        if isinstance(value.owner, triton.ConstantOp) and not isinstance(value.type, BlockType):
            return self.const(convert_scalar(value.owner.python_value, element), element, name=name)
        return self.insert(triton.CastOp(value, with_shape(shape_of(value.type), element)), name)

    def unary(self, op_name: str, value: SSAValue, name: str | None = None) -> SSAValue:
        return self.insert(triton.ELEMENTWISE_OP_CLASSES[op_name](value), name)

    def binary(self, op_name: str, lhs: SSAValue, rhs: SSAValue, name: str | None = None) -> SSAValue:
        lhs, rhs = self.agree(lhs, rhs)
        return self.insert(triton.ELEMENTWISE_OP_CLASSES[op_name](lhs, rhs), name)

    def where(self, condition: SSAValue, true_value: SSAValue, false_value: SSAValue, name=None) -> SSAValue:
        true_value, false_value = self.agree(true_value, false_value)
        return self.insert(triton.WhereOp(condition, true_value, false_value), name)

    def agree(self, lhs: SSAValue, rhs: SSAValue) -> tuple[SSAValue, SSAValue]:
        """Casts a constant or narrower integer operand so both have one element type (index math)."""
        a, b = element_of(lhs.type), element_of(rhs.type)
        if a == b:
            return lhs, rhs
        if _is_int(a) and _is_int(b):
            wide = a if a.width.data > b.width.data else b
            return self.cast(lhs, wide), self.cast(rhs, wide)
        raise PassFailedException(f"convert-kernel-to-triton: operands of types {a} and {b} do not agree")

    # -- shapes -------------------------------------------------------------

    def expand_dims(self, value: SSAValue, axis: int, name: str | None = None) -> SSAValue:
        return self.insert(triton.ExpandDimsOp(value, axis), name)

    def broadcast_to(self, value: SSAValue, shape: Dims, name: str | None = None) -> SSAValue:
        """`value` as a block of exactly `shape` (splat for scalars, broadcast for blocks)."""
        if shape_of(value.type) == shape:
            return value
        result = BlockType(shape, element_of(value.type))
        if not isinstance(value.type, BlockType):
            return self.insert(triton.SplatOp(value, result), name)
        return self.insert(triton.BroadcastOp(value, result), name)

    def reduce(self, kind: str, value: SSAValue, axis: int = 1, name: str | None = None) -> SSAValue:
        return self.insert(triton.ReduceOp(kind, value, axis, keep_dims=True), name)

    # -- memory -------------------------------------------------------------

    def load(self, pointer: SSAValue, offset: SSAValue, mask: SSAValue | None, name=None) -> SSAValue:
        address = self.insert(triton.AddPtrOp(pointer, offset))
        return self.insert(triton.LoadOp(address, mask), name)

    def store(self, pointer: SSAValue, offset: SSAValue, value: SSAValue, mask: SSAValue | None) -> None:
        address = self.insert(triton.AddPtrOp(pointer, offset))
        self.insert(triton.StoreOp(address, value, mask))

    # -- loops --------------------------------------------------------------

    def for_loop(self, lower, upper, step, inits: list[SSAValue], iv_name: str) -> tuple[scf.ForOp, Block]:
        """An scf.for with `inits` as iter_args; returns it and its body block (ending in scf.yield later)."""
        body = Block(arg_types=[lower.type, *(v.type for v in inits)])
        body.args[0].name_hint = iv_name
        for arg, init in zip(body.args[1:], inits):
            if init.name_hint:
                arg.name_hint = init.name_hint
        loop = scf.ForOp(lower, upper, step, inits, body)
        self.insert(loop)
        for result, init in zip(loop.results, inits):
            if init.name_hint:
                result.name_hint = init.name_hint
        return loop, body


def _is_int(t: Attribute) -> bool:
    return isinstance(t, IntegerType) and t.width.data > 1
