"""Combining chunk-wise softmax statistics (kernel-split-reduction on an online-softmax pair).

Each chunk c of a row holds its max m_c and s_c = sum(exp(v - g(m_c))) over the chunk (g the pair's shift,
dialects/loop_analysis/online_softmax.py). With M = max(m_c) the row's sum is sum(s_c * exp(g(m_c) - g(M))). A chunk that
saw only -inf holds m_c = -inf and contributes 0 unless the whole row is -inf, where the terms keep eager's
result (NaN for softmax).
"""

from xdsl.dialects import arith, math
from xdsl.ir import Operation, SSAValue

from irc.dialects import loop
from irc.dialects.types import IndexAttr
from irc.dialects.loop_scalar import constant_op
from irc.dialects.loop_analysis.online_softmax import OnlinePair


def online_combine_body(pair: OnlinePair, partial_max: SSAValue, partial_sum: SSAValue,
                        combined_max: SSAValue, partial_index: IndexAttr,
                        row_index: IndexAttr) -> list[Operation]:
    """Body ops of the combining sum: where(m_c == -inf and M != -inf, 0, s_c * exp(g(m_c) - g(M)))."""
    chunk_max = loop.LoadOp(partial_max, partial_index)
    chunk_sum = loop.LoadOp(partial_sum, partial_index)
    row_max = loop.LoadOp(combined_max, row_index)
    ops: list[Operation] = [chunk_max, chunk_sum, row_max]
    chunk_shift = _shifted(pair, chunk_max.result, ops)
    row_shift = _shifted(pair, row_max.result, ops)
    element = chunk_sum.result.type
    difference = arith.SubfOp(chunk_shift, row_shift)
    rescale = math.ExpOp(difference)
    term = arith.MulfOp(chunk_sum, rescale)
    zero, minus_inf = constant_op(0.0, element), constant_op(float("-inf"), element)
    chunk_empty = arith.CmpfOp(chunk_max, minus_inf, "oeq")
    row_empty = arith.CmpfOp(row_max, minus_inf, "oeq")
    dropped = arith.SelectOp(chunk_empty, zero, term)
    kept = arith.SelectOp(row_empty, term, dropped)
    ops += [difference, rescale, term, zero, minus_inf, chunk_empty, row_empty, dropped, kept]
    ops.append(loop.YieldOp(kept))
    return ops


def _shifted(pair: OnlinePair, value: SSAValue, ops: list[Operation]) -> SSAValue:
    """g(value): the pair's shift ops cloned onto `value`, appended to `ops`."""
    mapper = {pair.max_load.results[0]: value}
    for op in pair.shift_ops:
        copy = op.clone(value_mapper=mapper)
        ops.append(copy)
    return mapper.get(pair.shift, value)
