"""Pooling fallbacks that convert-aten-to-loop lowers (POOL_LOWERINGS): windows as unrolled pointwise bodies.

Each output element of a 2-d pooling reads a small window of the input, so (as Inductor does for windows of
up to 25 elements) the window is unrolled in the body: one masked load per window position (cat.py's
`masked_load`: a position in the padding reads nothing), combined with max / add. The input may have any
layout (its strides are in the loads); the spatial dims are the last two, before them any leading dims.

    max_pool2d_with_indices(x [N, C, H, W], [3, 3], [2, 2], [1, 1])  ->  values, indices [N, C, OH, OW]
      values:  max over (kh, kw) of x[n, c, 2*oh - 1 + kh, 2*ow - 1 + kw]  (-inf outside x; NaN wins)
      indices: h * W + w of the first maximum (a second pointwise over the same window; dead in inference)
    avg_pool2d: the window's sum / the divisor eager uses (count_include_pad, divisor_override, ceil_mode)
    _adaptive_avg_pool2d: windows [floor(o*H/OH), ceil((o+1)*H/OH)), of varying length (static sizes)

The backwards are pointwise over the input's positions, each summing the few outputs whose window can hold
it (Inductor's lowerings of the same ops), so nothing is scattered and no atomics are needed:

    max_pool2d_with_indices_backward: grad_in[h, w] = sum of grad_out[oh, ow] with indices[oh, ow] == h*W + w
        over oh in ((h + pad) // stride - a for a < (kernel - 1) * dilation // stride + 1), and the same for w
    avg_pool2d_backward, _adaptive_avg_pool2d_backward: sum of grad_out[oh, ow] / divisor over the windows
        holding (h, w)

Windows of more than MAX_WINDOW elements, or symbolic spatial sizes where a window's extent needs them, stay
externs.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

from xdsl.dialects import arith
from xdsl.dialects.builtin import f64, i1, i64
from xdsl.ir import Attribute, SSAValue

from irc.dialects import aten, loop
from irc.dialects.types import BufferType, DimLike, TensorType, is_float

from .body import Body, Lowered, index_symbol
from .cat import _arg, coordinate_value, finish, in_range, int_list, masked_load, number
from .gather import operand_of
from .dtypes import compute_type

MAX_WINDOW = 64  # window elements unrolled into one body (a 7x7 average pool is 49)


def _sym():
    from irc.dialects import sym

    return sym


def pair(values: list[int] | None, default: list[int] | None = None) -> list[int] | None:
    """A 2-d pooling parameter: [k] means [k, k]; [] takes the default (stride defaults to the kernel)."""
    if not values:
        values = default
    if values is None:
        return None
    return list(values) * 2 if len(values) == 1 else list(values) if len(values) == 2 else None


def flag(attr: Attribute | None) -> bool:
    value = number(attr)
    return bool(value)


def buffer_of(op: aten.FallbackOp, position: int, name: str) -> SSAValue | None:
    value = operand_of(op, _arg(op, position, name))
    return value if value is not None and isinstance(value.type, BufferType) else None


def results(op: aten.FallbackOp) -> list[TensorType] | None:
    types = list(op.result_types)
    return types if all(isinstance(t, TensorType) for t in types) else None


def static(*sizes: DimLike) -> bool:
    return all(isinstance(s, int) for s in sizes)


class Window:
    """The spatial part of a pooling body: leading coordinates i0.. and the two spatial dims after them."""

    def __init__(self, body: Body, rank: int):
        self.body = body
        self.lead = rank - 2
        self.coords = [index_symbol(f"i{d}") for d in range(rank)]
        self.values: dict[object, SSAValue] = {}  # one loop.index per coordinate expression

    def spatial(self) -> tuple[object, object]:
        return self.coords[self.lead], self.coords[self.lead + 1]

    def load(self, source: SSAValue, h, w, checked: bool) -> SSAValue:
        """source[..., h, w] (index expressions) in its compute type; with `checked`, a masked load (0 where
        (h, w) is outside source)."""
        coords = [*self.coords[: self.lead], h, w]
        if checked:
            value = masked_load(
                self.body, source, coords, {self.lead: self.value(h), self.lead + 1: self.value(w)}
            )
        else:
            value = self.body.load(source, coords)
        return self.body.cast(value, compute_type(value.type))

    def inside(self, source: SSAValue, h, w) -> SSAValue:
        """Whether (h, w) is a position of source's spatial dims."""
        sizes = source.type.sizes()
        rows, cols = (
            in_range(self.body, self.value(h), sizes[-2]),
            in_range(self.body, self.value(w), sizes[-1]),
        )
        return self.body.add(arith.AndIOp(rows, cols))

    def value(self, expr) -> SSAValue:
        if expr not in self.values:
            self.values[expr] = coordinate_value(self.body, expr)
        return self.values[expr]


def _select(body: Body, cond: SSAValue | None, value: SSAValue, other: SSAValue) -> SSAValue:
    return value if cond is None else body.add(arith.SelectOp(cond, value, other))


def _as_float(body: Body, value: SSAValue, t: Attribute) -> SSAValue:
    return body.add(arith.SIToFPOp(value, t))


# -- max pooling -------------------------------------------------------------------------------------------


def _max_pool_params(op: aten.FallbackOp):
    source = buffer_of(op, 0, "self")
    kernel = pair(int_list(_arg(op, 1, "kernel_size")))
    stride = pair(int_list(_arg(op, 2, "stride")), kernel)
    padding = pair(int_list(_arg(op, 3, "padding")), [0])
    dilation = pair(int_list(_arg(op, 4, "dilation")), [1])
    if source is None or None in (kernel, stride, padding, dilation):
        return None
    if len(source.type.sizes()) not in (3, 4) or kernel[0] * kernel[1] > MAX_WINDOW:
        return None
    return source, kernel, stride, padding, dilation


def _window_checked(in_sizes, out_sizes, kernel, stride, padding, dilation) -> bool:
    """Whether some window position may fall outside the input (padding, ceil_mode, symbolic sizes)."""
    for d in range(2):
        size, out = in_sizes[d], out_sizes[d]
        if padding[d] or not static(size, out):
            return True
        if (out - 1) * stride[d] + (kernel[d] - 1) * dilation[d] >= size:
            return True
    return False


def lower_max_pool2d(op: aten.FallbackOp) -> Lowered | None:
    params, types = _max_pool_params(op), results(op)
    if params is None or types is None or len(types) != 2:
        return None
    source, kernel, stride, padding, dilation = params
    out_sizes, element = types[0].sizes(), types[0].element_type
    if not is_float(element):
        return None
    in_w = source.type.sizes()[-1]
    checked = _window_checked(source.type.sizes()[-2:], out_sizes[-2:], kernel, stride, padding, dilation)
    built = []
    for want_index in (False, True):
        body = Body(out_sizes)
        window = Window(body, len(out_sizes))
        oh, ow = window.spatial()
        best = best_at = None
        for kh, kw in itertools.product(range(kernel[0]), range(kernel[1])):
            h = oh * stride[0] - padding[0] + kh * dilation[0]
            w = ow * stride[1] - padding[1] + kw * dilation[1]
            value = window.load(source, h, w, checked)
            if checked:
                value = _select(
                    body, window.inside(source, h, w), value, body.constant(float("-inf"), value.type)
                )
            at = window.value(h * in_w + w) if want_index else None
            if best is None:
                best, best_at = value, at
                continue
            greater = body.add(arith.CmpfOp(value, best, "ogt"))
            nan = body.add(arith.CmpfOp(value, value, "uno"))
            take = body.add(arith.OrIOp(greater, nan))
            best = body.add(arith.SelectOp(take, value, best))
            if want_index:
                best_at = body.add(arith.SelectOp(take, at, best_at))
        built.append(finish(body, best_at if want_index else best, types[1 if want_index else 0]).ops[0])
    return Lowered(built, [p.result for p in built])


def lower_max_pool2d_backward(op: aten.FallbackOp) -> Lowered | None:
    grad, source, indices = (
        buffer_of(op, 0, "grad_output"),
        buffer_of(op, 1, "self"),
        buffer_of(op, 7, "indices"),
    )
    kernel = pair(int_list(_arg(op, 2, "kernel_size")))
    stride = pair(int_list(_arg(op, 3, "stride")), kernel)
    padding = pair(int_list(_arg(op, 4, "padding")), [0])
    dilation = pair(int_list(_arg(op, 5, "dilation")), [1])
    types = results(op)
    if None in (grad, source, indices, kernel, stride, padding, dilation) or types is None:
        return None
    in_sizes, element = types[0].sizes(), types[0].element_type
    if len(in_sizes) not in (3, 4):
        return None
    candidates = [(kernel[d] - 1) * dilation[d] // stride[d] + 1 for d in range(2)]
    if candidates[0] * candidates[1] > MAX_WINDOW:
        return None
    sym = _sym()
    body = Body(in_sizes)
    window = Window(body, len(in_sizes))
    h, w = window.spatial()
    here = window.value(h * in_sizes[-1] + w)
    acc_type = compute_type(element)
    total = body.constant(0, element)
    for a, b in itertools.product(range(candidates[0]), range(candidates[1])):
        oh = sym.FloorDiv(h + padding[0], stride[0]) - a
        ow = sym.FloorDiv(w + padding[1], stride[1]) - b
        g = window.load(grad, oh, ow, True)  # outside grad_out: reads 0, adds nothing
        at = window.load(indices, oh, ow, True)
        hit = body.add(arith.CmpiOp(at, here, "eq"))
        total = body.add(arith.AddfOp(total, _select(body, hit, g, body.constant(0, acc_type))))
    return finish(body, total, types[0])


# -- average pooling ---------------------------------------------------------------------------------------


def _avg_params(op: aten.FallbackOp, first: int):
    """kernel, stride, padding, ceil_mode, count_include_pad, divisor_override from argument `first` on."""
    kernel = pair(int_list(_arg(op, first, "kernel_size")))
    stride = pair(int_list(_arg(op, first + 1, "stride")), kernel)
    padding = pair(int_list(_arg(op, first + 2, "padding")), [0])
    include_pad = _arg(op, first + 4, "count_include_pad")
    include_pad = True if include_pad is None else flag(include_pad)
    override = number(_arg(op, first + 5, "divisor_override"))
    if None in (kernel, stride, padding):
        return None
    return kernel, stride, padding, include_pad, override


def _avg_divisor(window: Window, oh, ow, in_sizes, kernel, stride, padding, include_pad, override, t):
    """The divisor of output (oh, ow) as eager computes it, as a value of float type `t`."""
    body = window.body
    if override:
        return body.constant(override, t)
    extents = []
    for d, o in enumerate((oh, ow)):
        start = window.value(o * stride[d] - padding[d])
        end = body.add(
            arith.MinSIOp(
                window.value(o * stride[d] - padding[d] + kernel[d]),
                body.index_value(in_sizes[d] + padding[d], i64),
            )
        )
        if not include_pad:
            start = body.add(arith.MaxSIOp(start, body.constant(0, i64)))
            end = body.add(arith.MinSIOp(end, body.index_value(in_sizes[d], i64)))
        extents.append(body.add(arith.SubiOp(end, start)))
    return _as_float(body, body.add(arith.MuliOp(*extents)), t)


def lower_avg_pool2d(op: aten.FallbackOp) -> Lowered | None:
    source, params, types = buffer_of(op, 0, "self"), _avg_params(op, 1), results(op)
    if source is None or params is None or types is None or len(source.type.sizes()) not in (3, 4):
        return None
    kernel, stride, padding, include_pad, override = params
    if kernel[0] * kernel[1] > MAX_WINDOW:
        return None
    out_sizes, element = types[0].sizes(), types[0].element_type
    if not is_float(element):
        return None  # eager divides integer sums its own way: an extern
    in_sizes = source.type.sizes()[-2:]
    checked = _window_checked(in_sizes, out_sizes[-2:], kernel, stride, padding, [1, 1])
    body = Body(out_sizes)
    window = Window(body, len(out_sizes))
    oh, ow = window.spatial()
    acc_type = compute_type(element)
    total = None
    for kh, kw in itertools.product(range(kernel[0]), range(kernel[1])):
        h, w = oh * stride[0] - padding[0] + kh, ow * stride[1] - padding[1] + kw
        value = window.load(source, h, w, checked)
        total = value if total is None else body.add(arith.AddfOp(total, value))
    if checked:
        divisor = _avg_divisor(
            window, oh, ow, in_sizes, kernel, stride, padding, include_pad, override, acc_type
        )
    else:
        divisor = body.constant(override or kernel[0] * kernel[1], acc_type)
    return finish(body, body.add(arith.DivfOp(total, divisor)), types[0])


def lower_avg_pool2d_backward(op: aten.FallbackOp) -> Lowered | None:
    grad, source, params, types = (
        buffer_of(op, 0, "grad_output"),
        buffer_of(op, 1, "self"),
        _avg_params(op, 2),
        results(op),
    )
    if None in (grad, source, params, types) or len(source.type.sizes()) not in (3, 4):
        return None
    kernel, stride, padding, include_pad, override = params
    candidates = [(kernel[d] - 1) // stride[d] + 1 for d in range(2)]
    if candidates[0] * candidates[1] > MAX_WINDOW:
        return None
    sym = _sym()
    in_sizes, element = types[0].sizes(), types[0].element_type
    out_sizes = grad.type.sizes()[-2:]
    whole = not _window_checked(in_sizes[-2:], out_sizes, kernel, stride, padding, [1, 1])  # windows inside x
    acc_type = compute_type(element)
    body = Body(in_sizes)
    window = Window(body, len(in_sizes))
    h, w = window.spatial()
    total = body.constant(0, element)
    for a, b in itertools.product(range(candidates[0]), range(candidates[1])):
        oh = sym.FloorDiv(h + padding[0], stride[0]) - a
        ow = sym.FloorDiv(w + padding[1], stride[1]) - b
        g, valid = window.load(grad, oh, ow, True), window.inside(grad, oh, ow)
        # the window of (oh, ow) starts at oh * stride - padding <= h; it must also reach h (it does when
        # the first candidate is the only one and the window is at least a stride long)
        for d, (o, x) in enumerate(((oh, h), (ow, w))):
            if candidates[d] > 1 or kernel[d] < stride[d]:
                reach = window.value(o * stride[d] - padding[d] + kernel[d] - x)
                reaches = body.add(arith.CmpiOp(reach, body.constant(0, i64), "sgt"))
                valid = body.add(arith.AndIOp(valid, reaches))
        if whole:
            divisor = body.constant(override or kernel[0] * kernel[1], acc_type)
        else:
            divisor = _avg_divisor(
                window, oh, ow, in_sizes[-2:], kernel, stride, padding, include_pad, override, acc_type
            )
        share = body.add(arith.DivfOp(g, divisor))
        total = body.add(arith.AddfOp(total, _select(body, valid, share, body.constant(0, acc_type))))
    return finish(body, total, types[0])


# -- adaptive average pooling ------------------------------------------------------------------------------


def _start(o, size: int, out: int):
    return _sym().FloorDiv(o * size, out)


def _end(o, size: int, out: int):
    return _sym().FloorDiv((o + 1) * size + out - 1, out)


def _adaptive_length(size: int, out: int) -> int:
    return max(-(-(o + 1) * size // out) - o * size // out for o in range(out))


def lower_adaptive_avg_pool2d(op: aten.FallbackOp) -> Lowered | None:
    source, types = buffer_of(op, 0, "self"), results(op)
    if source is None or types is None or len(source.type.sizes()) not in (3, 4):
        return None
    out_sizes, element = types[0].sizes(), types[0].element_type
    (in_h, in_w), (out_h, out_w) = source.type.sizes()[-2:], out_sizes[-2:]
    if not static(in_h, in_w, out_h, out_w):
        return None
    lengths = [_adaptive_length(in_h, out_h), _adaptive_length(in_w, out_w)]
    if lengths[0] * lengths[1] > MAX_WINDOW:
        return None
    acc_type = compute_type(element)
    body = Body(out_sizes)
    window = Window(body, len(out_sizes))
    oh, ow = window.spatial()
    starts = [_start(oh, in_h, out_h), _start(ow, in_w, out_w)]
    ends = [_end(oh, in_h, out_h), _end(ow, in_w, out_w)]
    total = body.constant(0, element)
    for a, b in itertools.product(range(lengths[0]), range(lengths[1])):
        value = window.load(source, starts[0] + a, starts[1] + b, True)
        valid_h = body.add(arith.CmpiOp(window.value(ends[0] - starts[0] - a), body.constant(0, i64), "sgt"))
        valid_w = body.add(arith.CmpiOp(window.value(ends[1] - starts[1] - b), body.constant(0, i64), "sgt"))
        valid = body.add(arith.AndIOp(valid_h, valid_w))
        total = body.add(arith.AddfOp(total, _select(body, valid, value, body.constant(0, acc_type))))
    count = window.value((ends[0] - starts[0]) * (ends[1] - starts[1]))
    return finish(body, body.add(arith.DivfOp(total, _as_float(body, count, acc_type))), types[0])


def lower_adaptive_avg_pool2d_backward(op: aten.FallbackOp) -> Lowered | None:
    grad, source, types = buffer_of(op, 0, "grad_output"), buffer_of(op, 1, "self"), results(op)
    if None in (grad, source, types) or len(source.type.sizes()) not in (3, 4):
        return None
    in_sizes, element = types[0].sizes(), types[0].element_type
    (in_h, in_w), (out_h, out_w) = in_sizes[-2:], grad.type.sizes()[-2:]
    if not static(in_h, in_w, out_h, out_w):
        return None
    spans = [_holding(in_h, out_h), _holding(in_w, out_w)]
    if None in spans or spans[0] * spans[1] > MAX_WINDOW:
        return None
    acc_type = compute_type(element)
    body = Body(in_sizes)
    window = Window(body, len(in_sizes))
    h, w = window.spatial()
    sym = _sym()
    total = body.constant(0, element)
    for a, b in itertools.product(range(spans[0]), range(spans[1])):
        oh, ow = sym.FloorDiv(h * out_h, in_h) + a, sym.FloorDiv(w * out_w, in_w) + b
        g, inside = window.load(grad, oh, ow, True), window.inside(grad, oh, ow)
        conditions = [inside]
        for o, x, size, out in ((oh, h, in_h, out_h), (ow, w, in_w, out_w)):
            start_ok = window.value(x - _start(o, size, out))
            end_ok = window.value(_end(o, size, out) - x)
            conditions.append(body.add(arith.CmpiOp(start_ok, body.constant(0, i64), "sge")))
            conditions.append(body.add(arith.CmpiOp(end_ok, body.constant(0, i64), "sgt")))
        valid = conditions[0]
        for c in conditions[1:]:
            valid = body.add(arith.AndIOp(valid, c))
        count = window.value(
            (_end(oh, in_h, out_h) - _start(oh, in_h, out_h))
            * (_end(ow, in_w, out_w) - _start(ow, in_w, out_w))
        )
        share = body.add(arith.DivfOp(g, _as_float(body, count, acc_type)))
        total = body.add(arith.AddfOp(total, _select(body, valid, share, body.constant(0, acc_type))))
    return finish(body, total, types[0])


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


POOL_LOWERINGS: dict[str, Callable[[aten.FallbackOp], Lowered | None]] = {
    "aten::max_pool2d_with_indices.default": lower_max_pool2d,
    "aten::max_pool2d_with_indices_backward.default": lower_max_pool2d_backward,
    "aten::avg_pool2d.default": lower_avg_pool2d,
    "aten::avg_pool2d_backward.default": lower_avg_pool2d_backward,
    "aten::_adaptive_avg_pool2d.default": lower_adaptive_avg_pool2d,
    "aten::_adaptive_avg_pool2d_backward.default": lower_adaptive_avg_pool2d_backward,
}
