"""Cumulative ops as `loop.scan` (SCAN_LOWERINGS): cumsum, cumprod, logcumsumexp, cummax and cummin along one dim
(cummax's indices: a second scan, see _lower_extreme).

The scan runs along the last dim of its ranges, so the scanned dim moves last: `cumsum(x, 0)` of x [5, 3] scans
ranges [3, 5] (i0 the column, i1 the row) into a buffer whose strides put it in the result's own layout, and a
`loop.reinterpret` gives it the result's dim order:

    %c = loop.scan sum ranges [3, 5] {
      %a = loop.load %x[#loop.index<"3*i1 + i0">] : !loop.buffer<[5, 3], f32, strides [3, 1]>
      loop.yield %a : f32
    } : !loop.buffer<[3, 5], f32, strides [1, 3]>
    %r = loop.reinterpret %c : ... to !loop.buffer<[5, 3], f32, strides [3, 1]>

The input is converted to the result's dtype first (ATen's: integers and bools sum and multiply in int64, or
`dtype=`), and the scan runs in that dtype's compute type (f32 for f16 and bf16, as ATen's CPU kernels
accumulate), then a pointwise rounds narrow floats. Scans need a static length up to SCAN_MAX (one block);
longer or symbolic ones stay externs.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import arith
from xdsl.dialects.builtin import i64

from irc.dialects import aten, loop
from irc.dialects.aten_shapes import normalize_dim
from irc.dialects.types import BufferType, IndexAttr, TensorType, contiguous_strides, is_bool, is_float

from .body import Body, Lowered, declared_layout, index_symbol
from .cat import finish, number, result_tensor
from .dtypes import compute_type
from .gather import operand_of
from .views import reinterpret

# the longest scan one persistent block holds
SCAN_MAX = 4096


def lower_scan(kind: str) -> Callable[[aten.FallbackOp], Lowered | None]:
    return lambda op: _lower_scan(op, kind)


def _lower_scan(op: aten.FallbackOp, kind: str) -> Lowered | None:
    args, out = op.args.data, result_tensor(op)
    source = operand_of(op, args[0]) if args else None
    dim = number(op.kwargs.data.get("dim", args[1] if len(args) > 1 else None))
    if out is None or source is None or not isinstance(source.type, BufferType) or not isinstance(dim, int):
        return None
    sizes = list(out.sizes())
    rank = len(sizes)
    if not -max(rank, 1) <= dim < max(rank, 1):
        return None
    if rank == 0 or sizes[normalize_dim(dim, rank)] == 1 or 0 in sizes:  # a row of one: the scan is the input
        body = Body(sizes)
        return finish(body, _converted(body, source, [index_symbol(f"i{d}") for d in range(rank)], out), out)
    dim = normalize_dim(dim, rank)
    length = sizes[dim]
    if not isinstance(length, int) or not 1 < length <= SCAN_MAX:
        return None
    order = [d for d in range(rank) if d != dim] + [dim]  # ranges dim k is the result's dim order[k]
    coords = [index_symbol(f"i{order.index(d)}") for d in range(rank)]
    body = Body([sizes[d] for d in order])
    value = _converted(body, source, coords, out)
    body.add(loop.YieldOp(value))
    strides = declared_layout(out) or contiguous_strides(sizes)
    element = value.type
    scanned_type = BufferType([sizes[d] for d in order], element, [strides[d] for d in order])
    scan = loop.ScanOp(kind, body.ranges, body.ops, scanned_type)
    view = reinterpret(scan.result, sizes, strides, 0)
    if element == out.element_type:
        return Lowered([scan, *view.ops], view.values)
    rounding = Body(sizes)
    rounded = finish(rounding, rounding.load(view.values[0], [index_symbol(f"i{d}") for d in range(rank)]), out)
    return Lowered([scan, *view.ops, *rounded.ops], rounded.values)


def lower_extreme(kind: str) -> Callable[[aten.FallbackOp], Lowered | None]:
    return lambda op: _lower_extreme(op, kind)


def _lower_extreme(op: aten.FallbackOp, kind: str) -> Lowered | None:
    """cummax / cummin: the running extreme (a scan), then the index of its last (re)attainment, a max scan of
    the positions where the element equals the running value or is NaN (ATen's ties and NaN rule)."""
    args, types = op.args.data, op.result_types
    source = operand_of(op, args[0]) if args else None
    dim = number(op.kwargs.data.get("dim", args[1] if len(args) > 1 else None))
    if len(types) != 2 or not all(isinstance(t, TensorType) for t in types) or not isinstance(dim, int):
        return None
    values_t, indices_t = types
    sizes, rank = list(values_t.sizes()), len(values_t.sizes())
    if source is None or not isinstance(source.type, BufferType) or is_bool(values_t.element_type) or 0 in sizes:
        return None
    if not -max(rank, 1) <= dim < max(rank, 1):
        return None
    if rank == 0 or sizes[normalize_dim(dim, rank)] == 1:  # a row of one: the element at index 0
        body, zeros = Body(sizes), Body(sizes)
        value = finish(body, _converted(body, source, [index_symbol(f"i{d}") for d in range(rank)], values_t), values_t)
        index = finish(zeros, zeros.constant(0, i64), indices_t)
        return Lowered([*value.ops, *index.ops], [*value.values, *index.values])
    dim = normalize_dim(dim, rank)
    if not isinstance(sizes[dim], int) or not sizes[dim] <= SCAN_MAX:
        return None
    order = [d for d in range(rank) if d != dim] + [dim]
    coords = [index_symbol(f"i{order.index(d)}") for d in range(rank)]
    ranges = [sizes[d] for d in order]
    body = Body(ranges)
    value = _converted(body, source, coords, values_t)
    body.add(loop.YieldOp(value))
    strides = declared_layout(values_t) or contiguous_strides(sizes)
    running = loop.ScanOp(kind, ranges, body.ops, BufferType(ranges, value.type, [strides[d] for d in order]))
    marks = Body(ranges)
    x = _converted(marks, source, coords, values_t)
    extreme = marks.load(running.result, [index_symbol(f"i{k}") for k in range(rank)])
    if is_float(x.type):
        same = marks.add(arith.CmpfOp(x, extreme, "oeq"))
        same = marks.add(arith.OrIOp(same, marks.add(arith.CmpfOp(x, x, "uno"))))
    else:
        same = marks.add(arith.CmpiOp(x, extreme, "eq"))
    position = marks.add(loop.IndexOp(IndexAttr(index_symbol(f"i{rank - 1}")), i64))
    marks.add(loop.YieldOp(marks.add(arith.SelectOp(same, position, marks.constant(0, i64)))))
    index_strides = declared_layout(indices_t) or contiguous_strides(sizes)
    last = loop.ScanOp("max", ranges, marks.ops, BufferType(ranges, i64, [index_strides[d] for d in order]))
    values = reinterpret(running.result, sizes, strides, 0)
    indices = reinterpret(last.result, sizes, index_strides, 0)
    ops = [running, last, *values.ops, *indices.ops]
    if value.type == values_t.element_type:
        return Lowered(ops, [*values.values, *indices.values])
    rounding = Body(sizes)
    rounded = finish(rounding, rounding.load(values.values[0], [index_symbol(f"i{d}") for d in range(rank)]), values_t)
    return Lowered([*ops, *rounded.ops], [*rounded.values, *indices.values])


def _converted(body: Body, source, coords: list, out) -> object:
    """The input element at `coords` in the result's dtype, carried in its compute type."""
    element = body.cast(body.load(source, coords), out.element_type)
    return body.cast(element, compute_type(out.element_type))


SCAN_LOWERINGS: dict[str, Callable[[aten.FallbackOp], Lowered | None]] = {
    "aten::cumsum.default": lower_scan("sum"),
    "aten::cumprod.default": lower_scan("prod"),
    "aten::logcumsumexp.default": lower_scan("logsumexp"),
    "aten::cummax.default": lower_extreme("max"),
    "aten::cummin.default": lower_extreme("min"),
}
