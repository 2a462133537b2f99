"""addmm's bias epilogue: the loop.pointwise computing round(alpha * P + beta * bias) of a 2-D kernel.matmul's
product P, the bias broadcast along rows (kernel-mm-template makes it from aten::addmm). Recognised from its
body, so that a template choice's cuBLAS alternative runs aten::addmm, as irc does without templates, rather
than aten::mm and a kernel adding the bias:

    %p = kernel.matmul %a, %w : (...) -> !loop.buffer<[64, 32], f32, strides [32, 1]>
    %y = loop.pointwise ranges [64, 32] {
      %0 = loop.load %p[#loop.index<"32*i0 + i1">] : ...   // the product, at each position
      %1 = loop.load %b[#loop.index<"i1">] : ...           // the bias, broadcast along rows
      %2 = loop.cast %1 : f16 to f32                        // optional: mulf by alpha or beta on either side
      %3 = arith.addf %0, %2 : f32
      %4 = loop.cast %3 : f32 to f16                        // rounded once, to the operands' type
      loop.yield %4 : f16
    } : !loop.buffer<[64, 32], f16, strides [32, 1]>
"""

from dataclasses import dataclass

from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, f32
from xdsl.ir import Operation, SSAValue

from irc.dialects import loop
from irc.dialects.kernel_analysis.prologue import affine, operand_dims


@dataclass(frozen=True)
class AddmmBias:
    """The epilogue pointwise, its bias buffer and addmm's scalars."""

    pointwise: loop.PointwiseOp
    bias: SSAValue
    alpha: float
    beta: float


def addmm_bias(matmul: Operation) -> AddmmBias | None:
    """The bias epilogue reading a 2-D matmul's f32 product, its only reader, or None."""
    product = matmul.result
    if matmul.batched or len(matmul.products) != 1 or product.type.element_type != f32:
        return None  # a narrower product is rounded before the add: aten::mm and the add compute that
    readers = [use.operation for use in product.uses]
    if len(readers) != 1 or not isinstance(readers[0], loop.LoadOp):
        return None
    pointwise = loop.enclosing_loop(readers[0])
    element = matmul.lhs.type.element_type
    if not isinstance(pointwise, loop.PointwiseOp) or pointwise.result.type.element_type != element:
        return None
    if pointwise.result.type.sizes() != product.type.sizes() or not _all_reach_the_yield(pointwise):
        return None
    return _match_body(pointwise, product, element)


def _all_reach_the_yield(pointwise: loop.PointwiseOp) -> bool:
    """Whether every op of the body computes the yielded value (no stores, nothing else)."""
    ops = list(pointwise.body.walk())
    reached, frontier = set(), [pointwise.body.block.last_op]
    while frontier:
        op = frontier.pop()
        if op in reached or op.parent_block() is not pointwise.body.block:
            continue
        reached.add(op)
        frontier += [v.owner for v in op.operands if isinstance(v.owner, Operation)]
    return len(reached) == len(ops)


def _match_body(pointwise: loop.PointwiseOp, product: SSAValue, element) -> AddmmBias | None:
    yielded = pointwise.body.block.last_op.operands
    if len(yielded) != 1:
        return None
    total = yielded[0] if element == f32 else _cast_input(yielded[0], f32, element)
    if total is None or not isinstance(total.owner, arith.AddfOp):
        return None
    for first, second in ((total.owner.lhs, total.owner.rhs), (total.owner.rhs, total.owner.lhs)):
        acc, bias = _scaled_load(first, element), _scaled_load(second, element)
        if acc is None or bias is None or acc[0].buffer is not product or bias[0].buffer is product:
            continue
        if bias[0].buffer.type.element_type != element:  # addmm's input has its operands' type
            continue
        if _reads_each(acc[0], pointwise) and _broadcast_rows(bias[0], pointwise):
            return AddmmBias(pointwise, bias[0].buffer, acc[1], bias[1])
    return None


def _cast_input(value: SSAValue, source, target) -> SSAValue | None:
    """The input of `value` when it is a loop.cast from `source` to `target`."""
    op = value.owner
    if not isinstance(op, Operation) or op.name != "loop.cast":
        return None
    if op.operands[0].type != source or value.type != target:
        return None
    return op.operands[0]


def _scaled_load(value: SSAValue, element) -> tuple[loop.LoadOp, float] | None:
    """(load, scale) of `value` = scale * widen(load), the scale a constant."""
    scale = 1.0
    if isinstance(value.owner, arith.MulfOp):
        for factor, other in ((value.owner.lhs, value.owner.rhs), (value.owner.rhs, value.owner.lhs)):
            if isinstance(factor.owner, arith.ConstantOp) and isinstance(factor.owner.value, FloatAttr):
                scale, value = float(factor.owner.value.value.data), other
                break
        else:
            return None
    if value.type != f32:
        return None
    if element != f32 and not isinstance(value.owner, loop.LoadOp):
        value = _cast_input(value, element, f32)
    load = value.owner if value is not None else None
    if not isinstance(load, loop.LoadOp) or load.indirect:
        return None
    return load, scale


def _strides(load: loop.LoadOp, pointwise: loop.PointwiseOp) -> tuple[int, list[int]] | None:
    return affine(load.index.value(), operand_dims(pointwise))


def _reads_each(load: loop.LoadOp, pointwise: loop.PointwiseOp) -> bool:
    """Whether the load reads its buffer's element at each position of the pointwise (index: the element's
    offset from the buffer's data pointer, by the buffer's strides)."""
    return _strides(load, pointwise) == (0, list(load.buffer.type.stride_values()))


def _broadcast_rows(load: loop.LoadOp, pointwise: loop.PointwiseOp) -> bool:
    """Whether the load reads a bias broadcast to the output as addmm broadcasts its input: its dims aligned
    with the output's last, size-1 dims and missing leading dims read at stride 0."""
    found = _strides(load, pointwise)
    buffer = load.buffer.type
    sizes, out = buffer.sizes(), pointwise.result.type.sizes()
    if found is None or len(sizes) > len(out) or found[0] != 0:
        return False
    lead = len(out) - len(sizes)
    expected = [0] * lead + [0 if s == 1 else stride for s, stride in zip(sizes, buffer.stride_values())]
    return all(size in (1, o) for size, o in zip(sizes, out[lead:])) and found[1] == expected
