"""Adaptive poolings (ADAPTIVE_POOL_LOWERINGS of pool.py): windows of varying length, unrolled in the body.

Output o of a dim of input size I and output size O pools [floor(o*I/O), ceil((o+1)*I/O)), as eager does; the
body unrolls the longest such window (static sizes) and masks the positions past a shorter window's end.

    _adaptive_avg_pool2d/3d: the window's sum / its element count
    adaptive_max_pool2d/3d: values and the flat index (h * W + w, d * H * W + ...) of the first maximum, eager's
        rule (a later value wins when greater or NaN), each result a pointwise of its own; windows longer than
        MAX_WINDOW (global pooling of a large plane) are reductions (pool_window.max_by_reduction)

The backwards are pointwise over the input's positions, each summing the few outputs whose window can hold
it (floor(x*O/I) + a for a < the span, `_holding`); grad / count for the average, grad where the output's
index names x for the maximum.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from xdsl.dialects import arith
from xdsl.dialects.builtin import i64

from irc.dialects import aten
from irc.dialects.element_types import is_float

from .body import Body, Lowered
from .cat import finish
from .dtypes import compute_type
from .pool_window import (
    MAX_WINDOW,
    Maximum,
    Window,
    all_of,
    as_float,
    buffer_of,
    flat_index,
    max_by_reduction,
    product,
    results,
    select,
    static,
)


def _sym():
    from irc.dialects import sym

    return sym


def _start(o, size: int, out: int):
    return _sym().FloorDiv(o * size, out)


def _end(o, size: int, out: int):
    return _sym().FloorDiv((o + 1) * size + out - 1, out)


def _end_of(o: int, size: int, out: int) -> int:
    return -(-(o + 1) * size // out)


def _length(size: int, out: int) -> int:
    return max(_end_of(o, size, out) - o * size // out for o in range(out))


def _holding(size: int, out: int) -> int | None:
    """How many outputs starting at floor(x * out / size) can hold input position x (None: some window that
    holds x starts before that first candidate)."""
    span = 0
    for x in range(size):
        first = x * out // size
        holding = [o for o in range(out) if o * size // out <= x < -(-(o + 1) * size // out)]
        if not holding or min(holding) < first:
            return None
        span = max(span, max(holding) - first + 1)
    return span


def _sizes(source, out_sizes, n: int):
    """The spatial sizes (input, output) when static, the operand ranks eager accepts and windows short enough
    to unroll, else None."""
    if source is None or len(out_sizes) not in (n + 1, n + 2):
        return None
    in_sizes, outs = source.type.sizes()[-n:], out_sizes[-n:]
    if not static(*in_sizes, *outs) or 0 in outs:
        return None
    return list(in_sizes), list(outs)


class _Windows:
    """The windows of an adaptive pooling's body: for each unrolled position, its input coordinates and whether
    it lies inside its output's window."""

    def __init__(self, body: Body, rank: int, in_sizes: list[int], out_sizes: list[int]):
        self.window = Window(body, rank, len(in_sizes))
        self.in_sizes, self.out_sizes = in_sizes, out_sizes
        outs = self.window.spatial()
        self.starts = [_start(o, i, k) for o, i, k in zip(outs, in_sizes, out_sizes)]
        self.ends = [_end(o, i, k) for o, i, k in zip(outs, in_sizes, out_sizes)]

    def positions(self):
        lengths = [_length(i, k) for i, k in zip(self.in_sizes, self.out_sizes)]
        for offsets in itertools.product(*(range(n) for n in lengths)):
            points = [s + a for s, a in zip(self.starts, offsets)]
            valid = [self.window.positive(e - s - a) for s, e, a in zip(self.starts, self.ends, offsets) if a]
            yield points, all_of(self.window.body, valid)

    def count(self):
        return self.window.value(product([e - s for s, e in zip(self.starts, self.ends)]))


def _window_elements(in_sizes, out_sizes) -> int:
    return product([_length(i, k) for i, k in zip(in_sizes, out_sizes)])


def lower_adaptive_avg_pool(op: aten.FallbackOp, n: int) -> Lowered | None:
    source, types = buffer_of(op, 0, "self"), results(op)
    sizes = None if types is None else _sizes(source, types[0].sizes(), n)
    if sizes is None or _window_elements(*sizes) > MAX_WINDOW or not is_float(types[0].element_type):
        return None
    out_sizes, element = types[0].sizes(), types[0].element_type
    acc_type = compute_type(element)
    body = Body(out_sizes)
    windows = _Windows(body, len(out_sizes), *sizes)
    total = body.constant(0, element)
    for points, valid in windows.positions():
        value = windows.window.load(source, points, True)
        total = body.add(arith.AddfOp(total, select(body, valid, value, body.constant(0, acc_type))))
    return finish(body, body.add(arith.DivfOp(total, as_float(body, windows.count(), acc_type))), types[0])


def lower_adaptive_max_pool(op: aten.FallbackOp, n: int) -> Lowered | None:
    source, types = buffer_of(op, 0, "self"), results(op)
    sizes = None if types is None or len(types) != 2 else _sizes(source, types[0].sizes(), n)
    if sizes is None or not is_float(types[0].element_type):
        return None
    if _window_elements(*sizes) > MAX_WINDOW:
        return _adaptive_max_by_reduction(source, types, n, *sizes)
    out_sizes = types[0].sizes()
    built = []
    for want_index in (False, True):
        body = Body(out_sizes)
        windows = _Windows(body, len(out_sizes), *sizes)
        best = Maximum(body, None if want_index else source.type.element_type)
        for points, valid in windows.positions():
            value = windows.window.load(source, points, True)
            at = windows.window.value(flat_index(points, sizes[0])) if want_index else None
            best.add(value, at, valid)
        result = best.at if want_index else best.best
        built.append(finish(body, result, types[1 if want_index else 0]).ops[0])
    return Lowered(built, [p.result for p in built])


def _adaptive_max_by_reduction(source, types, n: int, in_sizes: list[int], out_sizes: list[int]) -> Lowered:
    lengths = [_length(i, k) for i, k in zip(in_sizes, out_sizes)]

    def points_of(window: Window, rs):
        outs = window.spatial()
        starts = [_start(o, i, k) for o, i, k in zip(outs, in_sizes, out_sizes)]
        ends = [_end(o, i, k) for o, i, k in zip(outs, in_sizes, out_sizes)]
        valid = [  # only where some window is shorter than the longest
            window.positive(e - s - r)
            for s, e, r, i, k in zip(starts, ends, rs, in_sizes, out_sizes)
            if min(_end_of(o, i, k) - o * i // k for o in range(k)) < _length(i, k)
        ]
        return [s + r for s, r in zip(starts, rs)], all_of(window.body, valid), True

    return max_by_reduction(source, types, n, lengths, points_of)


def lower_adaptive_pool_backward(op: aten.FallbackOp, n: int, maximum: bool) -> Lowered | None:
    """The backward of the adaptive average (`maximum` false) or maximum pooling."""
    grad, source, types = buffer_of(op, 0, "grad_output"), buffer_of(op, 1, "self"), results(op)
    indices = buffer_of(op, 2, "indices") if maximum else None
    if None in (grad, source, types) or (maximum and indices is None):
        return None
    in_sizes, element = types[0].sizes(), types[0].element_type
    if len(in_sizes) not in (n + 1, n + 2) or not is_float(element):
        return None
    sizes = (list(in_sizes[-n:]), list(grad.type.sizes()[-n:]))  # the input's spatial sizes, the output's
    if not static(*sizes[0], *sizes[1]) or 0 in sizes[1]:
        return None
    spans = [_holding(i, k) for i, k in zip(*sizes)]
    if None in spans or product(spans) > MAX_WINDOW:
        return None
    acc_type = compute_type(element)
    body = Body(in_sizes)
    window = Window(body, len(in_sizes), n)
    xs = window.spatial()
    here = window.value(flat_index(xs, sizes[0])) if maximum else None
    sym = _sym()
    total = body.constant(0, element)
    for offsets in itertools.product(*(range(s) for s in spans)):
        outs = [sym.FloorDiv(x * k, i) + a for x, i, k, a in zip(xs, *sizes, offsets)]
        g, conditions = window.load(grad, outs, True), [window.inside(grad, outs)]
        if maximum:
            conditions.append(body.add(arith.CmpiOp(window.load(indices, outs, True), here, "eq")))
            share = g
        else:
            for o, x, i, k in zip(outs, xs, *sizes):
                conditions.append(window.positive(x - _start(o, i, k), strict=False))
                conditions.append(window.positive(_end(o, i, k) - x))
            count = window.value(product([_end(o, i, k) - _start(o, i, k) for o, i, k in zip(outs, *sizes)]))
            share = body.add(arith.DivfOp(g, as_float(body, count, acc_type)))
        valid = all_of(body, conditions)
        total = body.add(arith.AddfOp(total, select(body, valid, share, body.constant(0, acc_type))))
    return finish(body, total, types[0])


def _bind(lower, *args) -> Callable[[aten.FallbackOp], Lowered | None]:
    return lambda op: lower(op, *args)


ADAPTIVE_POOL_LOWERINGS: dict[str, Callable[[aten.FallbackOp], Lowered | None]] = {
    "aten::_adaptive_avg_pool2d.default": _bind(lower_adaptive_avg_pool, 2),
    "aten::_adaptive_avg_pool3d.default": _bind(lower_adaptive_avg_pool, 3),
    "aten::_adaptive_avg_pool2d_backward.default": _bind(lower_adaptive_pool_backward, 2, False),
    "aten::_adaptive_avg_pool3d_backward.default": _bind(lower_adaptive_pool_backward, 3, False),
    "aten::adaptive_max_pool2d.default": _bind(lower_adaptive_max_pool, 2),
    "aten::adaptive_max_pool3d.default": _bind(lower_adaptive_max_pool, 3),
    "aten::adaptive_max_pool2d_backward.default": _bind(lower_adaptive_pool_backward, 2, True),
    "aten::adaptive_max_pool3d_backward.default": _bind(lower_adaptive_pool_backward, 3, True),
}
