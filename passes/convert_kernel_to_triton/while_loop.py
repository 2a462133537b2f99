"""Lowering of `loop.while` (a loop inside one element's computation) to an scf.while over blocks.

Each element of the block runs until its own condition fails: the block loops while any element goes on
(`tl.reduce_or` of the condition over every axis), and an element whose condition failed keeps its values
(`tl.where(going, new, old)`). Lanes past the end of the block's elements do not go on. The values are
carried at the shape of everything the loop reads, so their types stay fixed through the loop:

    p = tl.full([XBLOCK, 1], 1.0, tl.float32); q = x
    going = k <= n
    tmp3 = tl.reduce_or(tl.reduce_or(going, 0), 0)
    while tmp3:
        ...
        p = tl.where(going, q, p); q = tl.where(going, r, q)
        going = k <= n
        tmp3 = tl.reduce_or(tl.reduce_or(going, 0), 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects import scf
from xdsl.dialects.builtin import i1
from xdsl.ir import Block, Operation, Region, SSAValue

from irc.dialects import triton
from irc.dialects.loop_analysis.graph import defined_inside
from irc.dialects.triton import BlockType, Dims, shape_of, with_shape
from irc.dialects.triton_types import broadcast_dims, broadcast_types
from irc.passes.convert_kernel_to_triton.builder import TritonBuilder

# lowers the ops of a region with `values` (loop-level value -> triton value); its terminator's operands
LowerRegion = Callable[[Block, dict[SSAValue, SSAValue]], list[SSAValue]]


def lower_while(
    ctx, op: Operation, inits: list[SSAValue], values: dict[SSAValue, SSAValue], lower_region: LowerRegion
) -> list[SSAValue]:
    """The triton values of the results of loop.while `op`, whose operands lowered to `inits`."""
    b = ctx.builder
    shape = _loop_shape(op, inits, values)
    carried = [b.broadcast_to(v, shape) for v in inits]
    types = [v.type for v in carried]
    going_type = with_shape(shape, i1)
    before, after = Block(arg_types=types), Block(arg_types=[*types, going_type])
    loop = scf.WhileOp(carried, [*types, going_type], Region(before), Region(after))
    b.insert(loop)
    outer_builder = ctx.builder
    try:
        ctx.builder = TritonBuilder(before)
        (going,) = lower_region(op.condition.block, values | dict(zip(op.condition.block.args, before.args)))
        going = ctx.builder.broadcast_to(_in_lanes(ctx, going, shape), shape)
        ctx.builder.insert(scf.ConditionOp(_any(ctx.builder, going), *before.args, going))
        ctx.builder = TritonBuilder(after)
        old, going = list(after.args[:-1]), after.args[-1]
        stepped = lower_region(op.body.block, values | dict(zip(op.body.block.args, old)))
        stepped = [ctx.builder.broadcast_to(new, shape) for new in stepped]
        kept = [ctx.builder.where(going, new, o) for new, o in zip(stepped, old)]
        ctx.builder.insert(scf.YieldOp(*kept))
    finally:
        ctx.builder = outer_builder
    return list(loop.results[:-1])


def _loop_shape(op: Operation, inits: Sequence[SSAValue], values: dict[SSAValue, SSAValue]) -> Dims:
    """The broadcast shape of the loop's operands and of the outer values its regions read."""
    inner = {o for region in op.regions for o in region.walk()}
    outer = [v for o in inner for v in o.operands if v in values and not defined_inside(v, inner)]
    return broadcast_types([v.type for v in inits] + [values[v].type for v in outer])


def _in_lanes(ctx, going: SSAValue, shape: Dims) -> SSAValue:
    """`going` and the masks of the lanes the loop's shape covers: a lane past the end reads no element, so
    its values (and its degree, say) are no reason to go on."""
    for mask in ctx.lane_masks():
        if broadcast_dims(shape, shape_of(mask.type)) == shape:
            going = ctx.builder.binary("logical_and", going, mask)
    return going


def _any(b: TritonBuilder, going: SSAValue) -> SSAValue:
    """Whether any element of `going` is true, as a scalar."""
    while isinstance(going.type, BlockType):
        going = b.insert(triton.ReduceOp("any", going, 0))
    return going

