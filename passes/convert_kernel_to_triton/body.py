"""Lowering of loop bodies (arith, math and loop scalar ops) to triton elementwise ops, driven by tables.

A body runs once per element; its triton form runs once per block of elements, so each scalar op becomes
the elementwise triton op of the same meaning. Most ops are one table row (op name -> triton row name);
the rest (comparisons, casts, Python-semantics division) have a small handler each.

    %c = arith.addf %a, %b : f32     ->   %c = triton.add %a, %b : (!triton.block<[XBLOCK], f32>, ...) -> ...
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from xdsl.dialects import arith
from xdsl.dialects.builtin import BFloat16Type, FloatAttr, Float32Type, IntegerAttr, i1
from xdsl.ir import Operation, SSAValue
from xdsl.utils.exceptions import PassFailedException

from irc.dialects.elementwise import ELEMENTWISE
from irc.dialects.loop_analysis.value_range import provably_within, value_range
from irc.dialects.triton import (
    ELEMENTWISE_OPS,
    BlockType,
    DeviceAssertOp,
    RandomOp,
    broadcast_types,
    element_of,
    shape_of,
)
from irc.dialects.types import BufferType, attr_number, element_type_name, is_bool, is_float
from irc.passes.convert_kernel_to_triton.builder import TritonBuilder, scalar_type
from irc.passes.convert_kernel_to_triton.while_loop import lower_while

# loop-level op name -> triton elementwise row (ELEMENTWISE_OPS), operands in order: the `lowers` column of
# dialects/elementwise.py (HANDLERS below take precedence)
ELEMENTWISE_BY_OP: dict[str, str] = {op: row.name for row in ELEMENTWISE.values() for op in row.lowers}

# arith.cmpf / arith.cmpi predicates with a direct triton comparison
ORDERED_COMPARISONS = {"oeq": "eq", "ogt": "gt", "oge": "ge", "olt": "lt", "ole": "le", "une": "ne"}
# unordered predicates: the negation of the ordered opposite (ult = not oge)
UNORDERED_COMPARISONS = {"ult": "ge", "ule": "gt", "ugt": "le", "uge": "lt"}
INTEGER_COMPARISONS = {"eq": "eq", "ne": "ne", "slt": "lt", "sle": "le", "sgt": "gt", "sge": "ge"}
UNSIGNED_COMPARISONS = {"ult": "lt", "ule": "le", "ugt": "gt", "uge": "ge"}

MEMORY_OPS = ("loop.load", "loop.store", "loop.index")
LOGICAL_OPS = ("arith.andi", "arith.ori", "arith.xori")

CAST_OPS = (
    "arith.extf",
    "arith.truncf",
    "arith.sitofp",
    "arith.uitofp",
    "arith.fptosi",
    "arith.fptoui",
    "arith.extsi",
    "arith.extui",
    "arith.trunci",
    "arith.index_cast",
    "arith.index_castui",
)


class BodyContext(Protocol):
    """What the body lowering needs from the kernel lowering: memory and index expressions."""

    builder: TritonBuilder

    def load(self, op: Operation, gather: list[SSAValue]) -> SSAValue: ...

    def store(self, op: Operation, value: SSAValue, scatter: list[SSAValue]) -> None: ...

    def index_value(self, op: Operation) -> SSAValue: ...

    def lane_masks(self) -> list[SSAValue]:
        """The masks of the block's lanes (x, r, ...): which lanes hold elements."""
        ...


Handler = Callable[[BodyContext, Operation, list[SSAValue]], SSAValue | None]


def lower_body(ctx: BodyContext, ops: Sequence[Operation], outer: dict[SSAValue, SSAValue]) -> list[SSAValue]:
    """Lowers a body's ops in order; returns the triton values of its loop.yield operands.

    `outer` maps the values the body uses from outside (kernel scalar arguments) to triton values.
    """
    returned = _lower_ops(ctx, ops, dict(outer))
    if returned is None:
        raise PassFailedException("convert-kernel-to-triton: loop body does not end with loop.yield")
    return returned


def lower_value(ctx: BodyContext, ops: Sequence[Operation], outer: dict[SSAValue, SSAValue], value: SSAValue):
    """Lowers some ops of a body (no loop.yield among them) and returns the triton value of `value`."""
    values: dict[SSAValue, SSAValue] = dict(outer)
    _lower_ops(ctx, ops, values)
    return lookup(values, value, ops[-1] if ops else value.owner)


def _lower_ops(ctx: BodyContext, ops: Sequence[Operation], values: dict[SSAValue, SSAValue]):
    """Lowers `ops` in order into `values`; the triton values of the terminator's operands (loop.yield,
    loop.condition), or None without one."""
    for op in ops:
        operands = [lookup(values, v, op) for v in op.operands if not _is_buffer_operand(v)]
        if op.name in ("loop.yield", "loop.condition"):
            return operands
        if op.name == "loop.while":
            region = lambda block, inner: _lower_ops(ctx, list(block.ops), inner)  # noqa: E731
            values.update(zip(op.results, lower_while(ctx, op, operands, values, region)))
            continue
        result = lower_op(ctx, op, _on_lanes(ctx, op, operands))
        if op.results:
            values[op.results[0]] = result
    return None


def _on_lanes(ctx: BodyContext, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    """Operands Triton's interpreter cannot take as they are, as blocks (a polynomial at a Python number x
    computes on literals: `x == 1.0`, `acos(x)`): a bool of compared literals beside a block of bools in a
    logical op (it holds the compared type), and a libdevice function of literals only (its stand-in
    computes on blocks)."""
    if op.name in MEMORY_OPS or not operands:
        return operands
    blocks = [v for v in operands if isinstance(v.type, BlockType)]
    if blocks and op.name in LOGICAL_OPS:
        shape = broadcast_types(v.type for v in blocks)
        return [ctx.builder.broadcast_to(v, shape) for v in operands]
    row = ELEMENTWISE_OPS.get(ELEMENTWISE_BY_OP.get(op.name, ""))
    masks = ctx.lane_masks()
    if blocks or row is None or not row.template.startswith("libdevice.") or not masks:
        return operands
    return [ctx.builder.broadcast_to(operands[0], shape_of(masks[0].type)), *operands[1:]]


def lookup(values: dict[SSAValue, SSAValue], value: SSAValue, op: Operation) -> SSAValue:
    if value not in values:
        raise PassFailedException(
            f"convert-kernel-to-triton: operand of {op.name} is defined outside its body"
        )
    return values[value]


def _is_buffer_operand(value: SSAValue) -> bool:
    return isinstance(value.type, BufferType)


def lower_op(ctx: BodyContext, op: Operation, operands: list[SSAValue]) -> SSAValue | None:
    handler = HANDLERS.get(op.name)
    if handler is not None:
        return handler(ctx, op, operands)
    if op.name in ELEMENTWISE_BY_OP:
        return apply_row(ctx.builder, ELEMENTWISE_BY_OP[op.name], operands)
    if op.name in CAST_OPS:
        return ctx.builder.cast(operands[0], scalar_type(op.results[0].type))
    raise PassFailedException(f"convert-kernel-to-triton: cannot lower {op.name} in a kernel body")


def apply_row(b: TritonBuilder, row_name: str, operands: list[SSAValue]) -> SSAValue:
    """One elementwise op; math rows (fp32/fp64 only) compute f16/bf16 operands in f32."""
    row = ELEMENTWISE_OPS[row_name]
    element = element_of(operands[0].type)
    if row.operands == "math" and element_type_name(element) in ("f16", "bf16"):
        result = apply_row(b, row_name, [b.cast(v, Float32Type()) for v in operands])
        return b.cast(result, element) if row.result == "same" else result
    if row.arity == 1:
        return b.unary(row_name, operands[0])
    return b.binary(row_name, operands[0], operands[1])


# ---------------------------------------------------------------------------
# Handlers
# ---------------------------------------------------------------------------


def _constant(ctx: BodyContext, op: Operation, operands: list[SSAValue]) -> SSAValue:
    attr = op.value
    element = scalar_type(op.results[0].type)
    value = attr_number(attr)
    return ctx.builder.const(bool(value) if is_bool(element) else value, element)


def _cmpf(ctx: BodyContext, op: Operation, operands: list[SSAValue]) -> SSAValue:
    from xdsl.dialects.arith import CMPF_COMPARISON_OPERATIONS

    b, (lhs, rhs) = ctx.builder, operands
    predicate = CMPF_COMPARISON_OPERATIONS[op.predicate.value.data]
    if predicate in ORDERED_COMPARISONS:
        return b.binary(ORDERED_COMPARISONS[predicate], lhs, rhs)
    if predicate in UNORDERED_COMPARISONS:
        return b.unary("not", b.binary(UNORDERED_COMPARISONS[predicate], lhs, rhs))
    ordered = b.binary("logical_and", b.binary("eq", lhs, lhs), b.binary("eq", rhs, rhs))
    special = {
        "ord": lambda: ordered,
        "uno": lambda: b.unary("not", ordered),
        "one": lambda: b.binary("logical_and", ordered, b.binary("ne", lhs, rhs)),
        "ueq": lambda: b.unary("not", b.binary("logical_and", ordered, b.binary("ne", lhs, rhs))),
        "false": lambda: b.const(False, i1),
        "true": lambda: b.const(True, i1),
    }
    return special[predicate]()


def _cmpi(ctx: BodyContext, op: Operation, operands: list[SSAValue]) -> SSAValue:
    from xdsl.dialects.arith import CMPI_COMPARISON_OPERATIONS

    predicate = CMPI_COMPARISON_OPERATIONS[op.predicate.value.data]
    if predicate in INTEGER_COMPARISONS:
        return ctx.builder.binary(INTEGER_COMPARISONS[predicate], *operands)
    element = element_of(operands[0].type)
    if element_type_name(element) in ("ui8", "i1"):
        return ctx.builder.binary(UNSIGNED_COMPARISONS[predicate], *operands)
    raise PassFailedException(
        f"convert-kernel-to-triton: unsigned comparison {predicate} of signed {element}"
    )


def _select(ctx: BodyContext, op: Operation, operands: list[SSAValue]) -> SSAValue:
    return ctx.builder.where(*operands)


def _bitcast(ctx: BodyContext, op: Operation, operands: list[SSAValue]) -> SSAValue:
    from irc.dialects import triton

    (value,) = operands
    target = triton.with_shape(triton.shape_of(value.type), op.results[0].type)
    return ctx.builder.insert(triton.CastOp(value, target, bitcast=True))


def _torch_cast(ctx: BodyContext, op: Operation, operands: list[SSAValue]) -> SSAValue:
    """PyTorch conversion: to bool is `!= 0`; float to int truncates (as `.to()` does); to bf16 goes
    through f32 (c10::BFloat16 is built from a float; Triton's interpreter bit-casts ints to bf16)."""
    (value,) = operands
    target = scalar_type(op.results[0].type)
    source = element_of(value.type)
    if is_bool(target) and not is_bool(source):
        return ctx.builder.binary("ne", value, ctx.builder.const(0, source))
    if isinstance(target, BFloat16Type) and not isinstance(source, Float32Type):
        value = ctx.builder.cast(value, Float32Type())
    return ctx.builder.cast(value, target)


def _floordiv(ctx: BodyContext, op: Operation, operands: list[SSAValue]) -> SSAValue:
    if is_float(element_of(operands[0].type)):
        return apply_row(ctx.builder, "floor", [apply_row(ctx.builder, "truediv", operands)])
    return apply_row(ctx.builder, "floordiv", operands)


def _remainder(ctx: BodyContext, op: Operation, operands: list[SSAValue]) -> SSAValue:
    """Python's `%` (the divisor's sign); floats as torch does: fmod, plus the divisor where signs differ."""
    b, (lhs, rhs) = ctx.builder, operands
    element = element_of(lhs.type)
    if not is_float(element):
        return apply_row(b, "mod", operands)
    mod = apply_row(b, "fmod", operands)
    zero = b.const(0.0, element)
    signs_differ = b.binary("ne", b.binary("lt", mod, zero), b.binary("lt", rhs, zero))
    fix = b.binary("logical_and", b.binary("ne", mod, zero), signs_differ)
    return b.where(fix, b.binary("add", mod, rhs), mod)


# constant exponents whose power is a product of the base with itself: exact, and far cheaper than powf
POWER_BY_PRODUCT = {1.0: 1, 2.0: 2, 3.0: 3, 4.0: 4}


def _constant_exponent(op: Operation) -> float | None:
    owner = op.operands[1].owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr | FloatAttr):
        return float(attr_number(owner.value))
    return None


def _pow(ctx: BodyContext, op: Operation, operands: list[SSAValue]) -> SSAValue:
    """x ** k: products for small whole k, sqrt for k = 0.5 (as ATen's pow kernels compute them: a 2-norm's
    sqrt read per element through libdevice.pow cost ConvNeXt-V2's GRN three times Inductor's time)."""
    base, exponent = operands
    constant = _constant_exponent(op) if is_float(element_of(base.type)) else None
    if constant == 0.5:
        return apply_row(ctx.builder, "sqrt", [base])
    times = POWER_BY_PRODUCT.get(constant)
    if times is not None:
        result = base
        for _ in range(times - 1):
            result = ctx.builder.binary("mul", result, base)
        return result
    exponent = ctx.builder.cast(exponent, element_of(base.type))
    return apply_row(ctx.builder, "pow", [base, exponent])


def _isnan(ctx: BodyContext, op: Operation, operands: list[SSAValue]) -> SSAValue:
    (value,) = operands
    return ctx.builder.binary("ne", value, value)


def _isinf(ctx: BodyContext, op: Operation, operands: list[SSAValue]) -> SSAValue:
    b, (value,) = ctx.builder, operands
    return b.binary("eq", b.unary("abs", value), b.const(float("inf"), element_of(value.type)))


def _log10(ctx: BodyContext, op: Operation, operands: list[SSAValue]) -> SSAValue:
    b = ctx.builder
    log = apply_row(b, "log", operands)
    return b.binary("mul", log, b.const(0.43429448190325176, element_of(log.type)))


def _absi(ctx: BodyContext, op: Operation, operands: list[SSAValue]) -> SSAValue:
    """|x| with C's wrap at the minimum: up to 32 bits wide not through tl.abs (see `wrapping_abs`)."""
    (value,) = operands
    wide = element_of(value.type).width.data >= 64
    return ctx.builder.unary("abs" if wide else "wrapping_abs", value)


def _fma(ctx: BodyContext, op: Operation, operands: list[SSAValue]) -> SSAValue:
    a, x, y = operands
    return ctx.builder.binary("add", ctx.builder.binary("mul", a, x), y)


def _random(ctx: BodyContext, op: Operation, operands: list[SSAValue]) -> SSAValue:
    """Triton's random functions take a block of offsets (one element's: a constant offset, made a block)."""
    seed, offset = operands
    masks = ctx.lane_masks()
    if not isinstance(offset.type, BlockType) and masks:
        offset = ctx.builder.broadcast_to(offset, shape_of(masks[0].type))
    return ctx.builder.insert(RandomOp(op.kind.data, seed, offset, *op.bounds()))


def _device_assert(ctx: BodyContext, passes: SSAValue, kind: str) -> None:
    """`tl.device_assert(passes | ~lanes, <kind's message>)`: lanes outside the block's masks pass. Only the
    masks over the axes of `passes` take part (an x-shaped check stays x-shaped: the value is the same
    along r); a scalar takes them all."""
    b, shape = ctx.builder, shape_of(passes.type)
    for mask in ctx.lane_masks():
        dims = shape_of(mask.type)
        if not shape or len(dims) == len(shape) and all(m in (1, v) for m, v in zip(dims, shape)):
            passes = b.binary("logical_or", passes, b.unary("not", mask))
    b.insert(DeviceAssertOp(passes, kind))


def _nonzero(ctx: BodyContext, op: Operation, operands: list[SSAValue]) -> SSAValue:
    """The divisor, after `tl.device_assert(divisor != 0 | ~lanes, "ZeroDivisionError")` (lanes outside the
    block's masks read 0 and pass)."""
    b, (divisor,) = ctx.builder, operands
    _device_assert(ctx, b.binary("ne", divisor, b.const(0, element_of(divisor.type))), "zero_division")
    return divisor


def _in_range(ctx: BodyContext, op: Operation, operands: list[SSAValue]) -> SSAValue:
    """The index, after `tl.device_assert((0 <= index < bound) | ~lanes, "index out of range")`; no check
    where value_range proves the index inside."""
    b, (index, bound) = ctx.builder, operands
    if provably_within(op.input, value_range(op.bound)[0]):
        return index
    above = b.binary("ge", index, b.const(0, element_of(index.type)))
    _device_assert(ctx, b.binary("logical_and", above, b.binary("lt", index, bound)), "index")
    return index


HANDLERS: dict[str, Handler] = {
    "arith.constant": _constant,
    "math.absi": _absi,
    "arith.cmpf": _cmpf,
    "arith.cmpi": _cmpi,
    "arith.select": _select,
    "arith.bitcast": _bitcast,
    "loop.cast": _torch_cast,
    "loop.floordiv": _floordiv,
    "loop.remainder": _remainder,
    "loop.pow": _pow,
    "math.fpowi": _pow,
    "math.powf": _pow,
    "loop.isnan": _isnan,
    "loop.isinf": _isinf,
    "math.log10": _log10,
    "math.fma": _fma,
    "loop.random": _random,
    "loop.nonzero": _nonzero,
    "loop.in_range": _in_range,
    "loop.load": lambda ctx, op, operands: ctx.load(op, operands),
    "loop.store": lambda ctx, op, operands: ctx.store(op, operands[0], operands[1:]),
    "loop.index": lambda ctx, op, operands: ctx.index_value(op),
}
