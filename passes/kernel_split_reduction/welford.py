"""Combining chunk-wise Welford statistics (kernel-split-reduction on a welford reduction).

Chunk c of a row holds its mean m_c, sum of squared deviations M_c and count n_c. The row's statistics
(Chan et al.'s parallel formula) are n = sum(n_c), mean = m_0 + sum(n_c * (m_c - m_0)) / n and
M = sum(M_c + n_c * (m_c - mean)^2): two sums, a pointwise op and a third sum that reads the mean, all over
the `split` partials of each row, built here as loop ops of the combining kernel. Summing deviations from the
first chunk's mean rather than n_c * m_c keeps the mean of rows near 100 within an ulp of eager's.
"""

import sympy
from xdsl.dialects import arith
from xdsl.ir import Operation, SSAValue

from irc.dialects import loop
from irc.dialects.types import BufferType, IndexAttr, dim_value


def welford_combine_ops(
    welford: loop.ReductionOp, partials: list[SSAValue], split: int, partial_index: IndexAttr,
    row_index: IndexAttr,
) -> tuple[list[Operation], list[SSAValue]]:
    """Ops computing the row's (mean, m2, count) from the chunks' partial (mean, m2, count) buffers, and
    those three results."""
    mean_p, m2_p, count_p = partials
    ranges = [dim_value(d) for d in welford.ranges.data]
    row = BufferType(ranges, welford.buffers[0].type.element_type)

    def chunk_sum(body: list[Operation]) -> loop.ReductionOp:
        return loop.ReductionOp("sum", ranges, [split], [*body, loop.YieldOp(body[-1].results[0])], [row])

    first_chunk = IndexAttr(partial_index.value().subs(sympy.Symbol("r0"), 0))
    count = chunk_sum([loop.LoadOp(count_p, partial_index)])
    chunk_count, chunk_mean = loop.LoadOp(count_p, partial_index), loop.LoadOp(mean_p, partial_index)
    shift = loop.LoadOp(mean_p, first_chunk)
    deviation = arith.SubfOp(chunk_mean, shift)
    weighted = chunk_sum([chunk_count, chunk_mean, shift, deviation, arith.MulfOp(chunk_count, deviation)])
    total, n = loop.LoadOp(weighted.results[0], row_index), loop.LoadOp(count.results[0], row_index)
    row_shift = loop.LoadOp(mean_p, first_chunk)
    quotient = arith.DivfOp(total, n)
    shifted = arith.AddfOp(row_shift, quotient)
    mean = loop.PointwiseOp(ranges, [total, n, row_shift, quotient, shifted, loop.YieldOp(shifted)], row)
    m2 = chunk_sum(deviation_body(m2_p, count_p, mean_p, mean.result, partial_index, row_index))
    return [count, weighted, mean, m2], [mean.result, m2.results[0], count.results[0]]


def deviation_body(m2_p: SSAValue, count_p: SSAValue, mean_p: SSAValue, mean: SSAValue,
                   partial_index: IndexAttr, row_index: IndexAttr) -> list[Operation]:
    """Ops of M_c + n_c * (m_c - mean)^2, the last giving the value."""
    chunk_m2, chunk_count = loop.LoadOp(m2_p, partial_index), loop.LoadOp(count_p, partial_index)
    chunk_mean, row_mean = loop.LoadOp(mean_p, partial_index), loop.LoadOp(mean, row_index)
    delta = arith.SubfOp(chunk_mean, row_mean)
    square = arith.MulfOp(delta, delta)
    weighted = arith.MulfOp(chunk_count, square)
    total = arith.AddfOp(chunk_m2, weighted)
    return [chunk_m2, chunk_count, chunk_mean, row_mean, delta, square, weighted, total]
