"""aten.random -> a loop.pointwise computing each element with loop.random: the seed loaded from the seeds
buffer, the offset the element's row-major index in the result (so the values do not depend on how later
passes split, fuse or reorder the loop), then converted to the result type; a rand rounded up to 1 in a 16-bit
float becomes 0, keeping [0, 1) (as ATen's CUDA uniform does with its upper bound)."""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.builtin import Float32Type, i64

from irc.dialects import aten, loop
from irc.dialects.types import contiguous_strides, element_type_name

from .body import Body, Lowered, buffer_operand, index_symbol, linear_index
from .dtypes import compute_type


def lower_random(op: aten.RandomOp) -> Lowered:
    sizes = list(op.result.type.sizes())
    element = op.result.type.element_type
    buffer_operand(op, op.seeds)
    body = Body(sizes)
    seed = body.load(op.seeds, [op.seed.value.data])
    coords = [index_symbol(f"i{d}") for d in range(len(sizes))]
    offset = body.index_value(linear_index(coords, contiguous_strides(sizes)), i64)
    value = body.add(loop.RandomOp(op.kind.data, seed, offset, *op.bounds()))
    if op.kind.data == "rand" and element_type_name(element) in ("f16", "bf16"):
        value = _below_one(body, body.cast(body.cast(value, element), compute_type(element)))
    pointwise = body.pointwise(value, element)
    return Lowered([pointwise], [pointwise.result])


def _below_one(body: Body, value):
    f32 = Float32Type()
    is_one = body.add(arith.CmpfOp(value, body.constant(1.0, f32), "oeq"))
    return body.add(arith.SelectOp(is_one, body.constant(0.0, f32), value))


RANDOM_LOWERINGS = {aten.RandomOp: lower_random}
