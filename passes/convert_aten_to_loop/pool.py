"""Pooling fallbacks that convert-aten-to-loop lowers (POOL_LOWERINGS): windows as unrolled pointwise bodies.

Each output element of a pooling reads a small window of the input, so (as Inductor does for windows of
up to 25 elements) the window is unrolled in the body: one masked load per window position (cat.py's
`masked_load`: a position in the padding reads nothing), combined with max / add. The input may have any
layout (its strides are in the loads); the spatial dims are the last n (2 or 3), before them any leading dims.

    max_pool2d_with_indices(x [N, C, H, W], [3, 3], [2, 2], [1, 1])  ->  values, indices [N, C, OH, OW]
      values:  max over (kh, kw) of x[n, c, 2*oh - 1 + kh, 2*ow - 1 + kw]  (positions outside x skipped;
               NaN wins; integers too)
      indices: h * W + w of the first maximum (a second pointwise over the same window; dead in inference)
    avg_pool2d, avg_pool3d: the window's sum / the divisor eager uses (count_include_pad, divisor_override,
      ceil_mode); integer sums divide as C++ does (truncating)

The backwards are pointwise over the input's positions, each summing the few outputs whose window can hold
it (Inductor's lowerings of the same ops), so nothing is scattered and no atomics are needed:

    max_pool2d_with_indices_backward: grad_in[h, w] = sum of grad_out[oh, ow] with indices[oh, ow] == h*W + w
        over oh in ((h + pad) // stride - a for a < (kernel - 1) * dilation // stride + 1), and the same for w
    avg_pool2d_backward, avg_pool3d_backward: sum of grad_out[o] / divisor over the windows holding x

A window of more than MAX_WINDOW elements is a reduction over its positions (r0.. over the kernel) instead: a
sum and a pointwise dividing it for the average; for the maximum, pool_window.max_by_reduction. Adaptive
poolings are in pool_adaptive.py.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from xdsl.dialects import arith
from xdsl.dialects.builtin import i64
from xdsl.ir import SSAValue

from irc.dialects import aten
from irc.dialects.element_types import is_float, is_integer as is_int

from .body import Body, Lowered, index_symbol
from .cat import _arg, finish, int_list, number_or_default
from .dtypes import compute_type
from .pool_adaptive import ADAPTIVE_POOL_LOWERINGS
from .pool_window import (
    MAX_WINDOW,
    Maximum,
    Window,
    all_of,
    as_float,
    buffer_of,
    flag,
    flat_index,
    max_by_reduction,
    product,
    results,
    select,
    spread,
    window_checked,
)


def _sym():
    from irc.dialects import sym

    return sym


# -- max pooling -------------------------------------------------------------------------------------------


def _max_pool_params(op: aten.FallbackOp, first: int, n: int):
    """kernel, stride, padding, dilation from argument `first` on."""
    kernel = spread(int_list(_arg(op, first, "kernel_size")), n)
    stride = spread(int_list(_arg(op, first + 1, "stride")), n, kernel)
    padding = spread(int_list(_arg(op, first + 2, "padding")), n, [0])
    dilation = spread(int_list(_arg(op, first + 3, "dilation")), n, [1])
    return None if None in (kernel, stride, padding, dilation) else (kernel, stride, padding, dilation)


def lower_max_pool2d(op: aten.FallbackOp) -> Lowered | None:
    source, params, types = buffer_of(op, 0, "self"), _max_pool_params(op, 1, 2), results(op)
    if source is None or params is None or types is None or len(types) != 2:
        return None
    kernel, stride, padding, dilation = params
    out_sizes, element = types[0].sizes(), types[0].element_type
    if len(out_sizes) not in (3, 4) or not (is_float(element) or is_int(element)):
        return None
    in_sizes = source.type.sizes()[-2:]
    checked = window_checked(in_sizes, out_sizes[-2:], kernel, stride, padding, dilation)
    if product(kernel) > MAX_WINDOW:

        def points_of(window: Window, rs):
            outs = window.spatial()
            points = [o * s - p + r * d for o, s, p, r, d in zip(outs, stride, padding, rs, dilation)]
            return points, window.inside(source, points) if checked else None, checked

        return max_by_reduction(source, types, 2, kernel, points_of)
    built = []
    for want_index in (False, True):
        body = Body(out_sizes)
        window = Window(body, len(out_sizes), 2)
        outs = window.spatial()
        best = Maximum(body, None if want_index else source.type.element_type)
        for offsets in itertools.product(*(range(k) for k in kernel)):
            points = [o * s - p + k * d for o, s, p, k, d in zip(outs, stride, padding, offsets, dilation)]
            value = window.load(source, points, checked)
            at = window.value(flat_index(points, in_sizes)) if want_index else None
            best.add(value, at, window.inside(source, points) if checked else None)
        result = best.at if want_index else best.best
        built.append(finish(body, result, types[1 if want_index else 0]).ops[0])
    return Lowered(built, [p.result for p in built])


def lower_max_pool2d_backward(op: aten.FallbackOp) -> Lowered | None:
    grad, source, indices = (
        buffer_of(op, 0, "grad_output"),
        buffer_of(op, 1, "self"),
        buffer_of(op, 7, "indices"),
    )
    params, types = _max_pool_params(op, 2, 2), results(op)
    if None in (grad, source, indices, params, types):
        return None
    kernel, stride, padding, dilation = params
    in_sizes, element = types[0].sizes(), types[0].element_type
    candidates = [(k - 1) * d // s + 1 for k, d, s in zip(kernel, dilation, stride)]
    if len(in_sizes) not in (3, 4) or product(candidates) > MAX_WINDOW:
        return None
    sym = _sym()
    body = Body(in_sizes)
    window = Window(body, len(in_sizes), 2)
    xs = window.spatial()
    here = window.value(flat_index(xs, in_sizes[-2:]))
    acc_type = compute_type(element)
    total = body.constant(0, element)
    for offsets in itertools.product(*(range(c) for c in candidates)):
        outs = [sym.FloorDiv(x + p, s) - a for x, p, s, a in zip(xs, padding, stride, offsets)]
        g = window.load(grad, outs, True)  # outside grad_out: reads 0, adds nothing
        hit = body.add(arith.CmpiOp(window.load(indices, outs, True), here, "eq"))
        total = body.add(arith.AddfOp(total, select(body, hit, g, body.constant(0, acc_type))))
    return finish(body, total, types[0])


# -- average pooling ---------------------------------------------------------------------------------------


def _avg_params(op: aten.FallbackOp, first: int, n: int):
    """kernel, stride, padding, count_include_pad, divisor_override from argument `first` on."""
    kernel = spread(int_list(_arg(op, first, "kernel_size")), n)
    stride = spread(int_list(_arg(op, first + 1, "stride")), n, kernel)
    padding = spread(int_list(_arg(op, first + 2, "padding")), n, [0])
    include_pad = _arg(op, first + 4, "count_include_pad")
    include_pad = True if include_pad is None else flag(include_pad)
    override = number_or_default(_arg(op, first + 5, "divisor_override"), 0)
    if None in (kernel, stride, padding, override):
        return None
    return kernel, stride, padding, include_pad, override


def _avg_divisor(window: Window, outs, in_sizes, kernel, stride, padding, include_pad, override) -> SSAValue:
    """The divisor of output `outs` as eager computes it, as an i64 value."""
    body = window.body
    if override:
        return body.constant(override, i64)
    total = None
    for o, size, k, s, p in zip(outs, in_sizes, kernel, stride, padding):
        start = window.value(o * s - p)
        end = body.add(arith.MinSIOp(window.value(o * s - p + k), body.index_value(size + p, i64)))
        if not include_pad:
            start = body.add(arith.MaxSIOp(start, body.constant(0, i64)))
            end = body.add(arith.MinSIOp(end, body.index_value(size, i64)))
        extent = body.add(arith.SubiOp(end, start))
        total = extent if total is None else body.add(arith.MuliOp(total, extent))
    return total


def _divide(body: Body, total: SSAValue, divisor: SSAValue | int) -> SSAValue:
    """total / divisor (an i64 value or a number) as eager's average pooling divides: in floats, else
    truncating in i64."""
    if is_float(total.type):
        if isinstance(divisor, int):
            return body.add(arith.DivfOp(total, body.constant(float(divisor), total.type)))
        return body.add(arith.DivfOp(total, as_float(body, divisor, total.type)))
    divisor = body.constant(divisor, i64) if isinstance(divisor, int) else divisor
    return body.add(arith.DivSIOp(body.cast(total, i64), divisor))


def _averaged(element) -> bool:
    """Whether eager averages that element type: floats and int64 (summed in int64)."""
    return is_float(element) or element == i64


def lower_avg_pool(op: aten.FallbackOp, n: int) -> Lowered | None:
    source, params, types = buffer_of(op, 0, "self"), _avg_params(op, 1, n), results(op)
    if source is None or params is None or types is None:
        return None
    kernel, stride, padding, include_pad, override = params
    out_sizes, element = types[0].sizes(), types[0].element_type
    if len(out_sizes) not in (n + 1, n + 2) or not _averaged(element):
        return None
    in_sizes = source.type.sizes()[-n:]
    checked = window_checked(in_sizes, out_sizes[-n:], kernel, stride, padding, [1] * n)
    if product(kernel) > MAX_WINDOW:
        return _avg_pool_reduction(source, types[0], n, params, checked)
    body = Body(out_sizes)
    window = Window(body, len(out_sizes), n)
    outs, total = window.spatial(), None
    for offsets in itertools.product(*(range(k) for k in kernel)):
        points = [o * s - p + k for o, s, p, k in zip(outs, stride, padding, offsets)]
        value = window.load(source, points, checked)
        total = value if total is None else body.add(_add(total, value))
    return finish(body, _divide(body, total, _divisor(window, in_sizes, params, checked)), types[0])


def _add(a: SSAValue, b: SSAValue):
    return (arith.AddfOp if is_float(a.type) else arith.AddiOp)(a, b)


def _divisor(window: Window, in_sizes, params, checked: bool) -> SSAValue | int:
    kernel, stride, padding, include_pad, override = params
    if checked:
        outs = window.spatial()
        return _avg_divisor(window, outs, in_sizes, kernel, stride, padding, include_pad, override)
    return override or product(kernel)


def _avg_pool_reduction(source: SSAValue, out, n: int, params, checked: bool) -> Lowered:
    """A window too long to unroll: a sum reduction over the window's positions (r0.. over the kernel), then a
    pointwise dividing each sum."""
    kernel, stride, padding = params[:3]
    out_sizes = out.sizes()
    body = Body(out_sizes, kernel)
    window = Window(body, len(out_sizes), n)
    rs = [index_symbol(f"r{d}") for d in range(n)]
    points = [o * s - p + r for o, s, p, r in zip(window.spatial(), stride, padding, rs)]
    sums = body.reduction("sum", window.load(source, points, checked))
    body = Body(out_sizes)
    window = Window(body, len(out_sizes), n)
    total = body.load(sums.results[0], window.coords)
    divisor = _divisor(window, source.type.sizes()[-n:], params, checked)
    divided = finish(body, _divide(body, total, divisor), out)
    return Lowered([sums, *divided.ops], divided.values)


def lower_avg_pool_backward(op: aten.FallbackOp, n: int) -> Lowered | None:
    grad, source, params, types = (
        buffer_of(op, 0, "grad_output"),
        buffer_of(op, 1, "self"),
        _avg_params(op, 2, n),
        results(op),
    )
    if None in (grad, source, params, types):
        return None
    kernel, stride, padding, include_pad, override = params
    in_sizes, element = types[0].sizes(), types[0].element_type
    candidates = [(k - 1) // s + 1 for k, s in zip(kernel, stride)]
    if len(in_sizes) not in (n + 1, n + 2) or product(candidates) > MAX_WINDOW or not is_float(element):
        return None
    sym = _sym()
    out_sizes = grad.type.sizes()[-n:]
    whole = not window_checked(in_sizes[-n:], out_sizes, kernel, stride, padding, [1] * n)  # windows inside x
    acc_type = compute_type(element)
    body = Body(in_sizes)
    window = Window(body, len(in_sizes), n)
    xs = window.spatial()
    total = body.constant(0, element)
    for offsets in itertools.product(*(range(c) for c in candidates)):
        outs = [sym.FloorDiv(x + p, s) - a for x, p, s, a in zip(xs, padding, stride, offsets)]
        g, conditions = window.load(grad, outs, True), [window.inside(grad, outs)]
        # the window of o starts at o * stride - padding <= x; it must also reach x (it does when the first
        # candidate is the only one and the window is at least a stride long)
        for d, (o, x) in enumerate(zip(outs, xs)):
            if candidates[d] > 1 or kernel[d] < stride[d]:
                conditions.append(window.positive(o * stride[d] - padding[d] + kernel[d] - x))
        if whole:
            divisor = override or product(kernel)
        else:
            divisor = _avg_divisor(window, outs, in_sizes[-n:], *params)
        share = _divide(body, g, divisor)
        share = select(body, all_of(body, conditions), share, body.constant(0, acc_type))
        total = body.add(arith.AddfOp(total, share))
    return finish(body, total, types[0])


def _with_n(lower: Callable[[aten.FallbackOp, int], Lowered | None], n: int):
    return lambda op: lower(op, n)


POOL_LOWERINGS: dict[str, Callable[[aten.FallbackOp], Lowered | None]] = {
    "aten::max_pool2d_with_indices.default": lower_max_pool2d,
    "aten::max_pool2d_with_indices_backward.default": lower_max_pool2d_backward,
    "aten::avg_pool2d.default": _with_n(lower_avg_pool, 2),
    "aten::avg_pool3d.default": _with_n(lower_avg_pool, 3),
    "aten::avg_pool2d_backward.default": _with_n(lower_avg_pool_backward, 2),
    "aten::avg_pool3d_backward.default": _with_n(lower_avg_pool_backward, 3),
    **ADAPTIVE_POOL_LOWERINGS,
}
