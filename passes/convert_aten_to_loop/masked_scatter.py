"""`aten::masked_scatter.default(self, mask, source)` (MASKED_SCATTER_LOWERINGS): the k-th true position of the
mask (in row-major order) takes source's k-th element. A scan counts the true positions (a running sum of the
mask over the flattened result), then a pointwise reads source at count - 1 where the mask holds:

    %n = loop.scan sum ranges [1, 12] { mask at the flat position i1, as i64 }       counts, inclusive
    %r = loop.pointwise ranges [3, 4] { m ? source[%n[4*i0 + i1] - 1] (a gather) : self }

Static sizes only, at most scan.py's SCAN_MAX elements (one block); a source that is not contiguous is copied
first.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from xdsl.dialects import arith
from xdsl.dialects.builtin import i1, i64

from irc.dialects import aten, loop
from irc.dialects.types import BufferType, IndexAttr, contiguous_strides

from .body import Body, Lowered, broadcast_coords, copy_to_contiguous, index_symbol, linear_index
from .cat import finish, result_tensor
from .gather import operand_of
from .scan import SCAN_MAX


def lower_masked_scatter(op: aten.FallbackOp) -> Lowered | None:
    from irc.dialects.sym_functions import ModularIndexing

    args, out = op.args.data, result_tensor(op)
    source, mask, src = (operand_of(op, a) for a in args[:3]) if len(args) == 3 else (None, None, None)
    if out is None or not all(v is not None and isinstance(v.type, BufferType) for v in (source, mask, src)):
        return None
    sizes, src_sizes = list(out.sizes()), list(src.type.sizes())
    if not all(isinstance(n, int) for n in (*sizes, *src_sizes)):
        return None
    numel, src_numel = functools.reduce(int.__mul__, sizes, 1), functools.reduce(int.__mul__, src_sizes, 1)
    if not 0 < numel <= SCAN_MAX or src_numel == 0:
        return None
    strides = contiguous_strides(sizes)
    flat = index_symbol("i1")
    counting = Body([1, numel])
    unravelled = [ModularIndexing(flat, stride, size) for stride, size in zip(strides, sizes)]
    hit = counting.load(mask, _broadcast(mask, unravelled))
    counting.add(loop.YieldOp(counting.cast(counting.cast(hit, i1), i64)))
    counts = loop.ScanOp("sum", [1, numel], counting.ops, BufferType([1, numel], i64))
    ops: list = [counts]
    if list(src.type.stride_values()) != contiguous_strides(src_sizes):
        copy = copy_to_contiguous(src, [index_symbol(f"i{d}") for d in range(len(src_sizes))], src_sizes)
        ops.append(copy)
        src = copy.result
    body = Body(sizes)
    coords = [index_symbol(f"i{d}") for d in range(len(sizes))]
    taken = body.cast(body.load(mask, broadcast_coords(mask.type.sizes(), len(sizes))), i1)
    count = body.load(counts.result, [0, linear_index(coords, strides)])
    position = body.add(arith.SubiOp(count, body.constant(1, i64)))
    value = body.add(loop.LoadOp(src, IndexAttr(index_symbol("t0")), [position], [src_numel]))
    element = out.element_type
    chosen = body.add(arith.SelectOp(taken, body.operand(value, element), body.operand(source, element)))
    finished = finish(body, chosen, out)
    return Lowered([*ops, *finished.ops], finished.values)


def _broadcast(mask, coords: list) -> list:
    """The mask's coordinates (right-aligned, size-1 dims broadcast) at the result's `coords`."""
    mask_sizes = mask.type.sizes()
    lead = len(coords) - len(mask_sizes)
    return [0 if n == 1 else coords[lead + d] for d, n in enumerate(mask_sizes)]


MASKED_SCATTER_LOWERINGS: dict[str, Callable[[aten.FallbackOp], Lowered | None]] = {
    "aten::masked_scatter.default": lower_masked_scatter,
}
