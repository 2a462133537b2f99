"""Scatters of several values per row (the general case of scatter.py's): a copy of `self`, then a pointwise over
the index's shape that stores each value at its row's (wrapped) index along `dim`, as index_put.py does:

    scatter.src(self, dim, index, src)     stores src[p]          (points naming one element: one of them wins)
    scatter.value(self, dim, index, v)     stores v
    scatter_add(self, dim, index, src)     adds src[p] atomically (tl.atomic_add); so do scatter with
                                           reduce="add" and scatter_reduce.two with reduce="sum" (without
                                           include_self the scattered elements are zeroed first)

put (flat positions of a contiguous result) and as_strided_scatter (the positions of an as_strided view of a
contiguous copy, a plain store) are such stores too. The index has self's rank and sizes no larger than self's (and src's); an index out of range writes nothing.
Adds in types without an atomic add go through a wider copy (index_put.py's scatter_target). amax, amin and mean
are scatter_reduce.py's; prod is a product reduction before this pass (irc/decompositions_scatter.py), multiply
stays an extern.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from xdsl.dialects.builtin import IntegerAttr, StringAttr, UnitAttr, i64
from xdsl.ir import Attribute, SSAValue

from irc.dialects import aten, loop
from irc.dialects.types import BufferType, IndexAttr, attr_number, contiguous_strides

from .body import Body, Lowered, declared_layout, index_symbol, linear_index
from .cat import int_list, result_tensor
from .gather import is_index_buffer, operand_of, wrapped_index
from .index_put import scatter_target
from .views import dim_mul


def _fits(inner: SSAValue, outer: SSAValue, dim: int | None = None) -> bool:
    """Same rank, each static size of `inner` at most `outer`'s (all of them when a size is symbolic: equal),
    but along `dim`, where any size fits."""
    a, b = inner.type.sizes(), outer.type.sizes()
    if len(a) != len(b):
        return False
    fits = lambda x, y: x == y or (isinstance(x, int) and isinstance(y, int) and x <= y)  # noqa: E731
    return all(d == dim or fits(x, y) for d, (x, y) in enumerate(zip(a, b)))


def _parts(op: aten.FallbackOp) -> tuple[SSAValue, int, SSAValue] | None:
    args = op.args.data
    source, index = operand_of(op, args[0]), operand_of(op, args[2]) if len(args) > 2 else None
    if source is None or not isinstance(source.type, BufferType) or not is_index_buffer(index):
        return None
    if not isinstance(args[1], IntegerAttr):
        return None
    rank, dim = len(source.type.sizes()), args[1].value.data
    dim += max(rank, 1) if dim < 0 else 0
    if not 0 <= dim < max(rank, 1) or 0 in index.type.sizes() or not _fits(index, source, dim):
        return None
    return source, dim, index


def scatter_store(
    op: aten.FallbackOp, value: Callable[[Body, Attribute], SSAValue], accumulate: bool, clear: bool = False
) -> Lowered | None:
    """self, with value(body, element type) stored (or added) at each index position's scattered element; with
    `clear`, the scattered elements are zeroed first (a sum without self)."""
    parts, out = _parts(op), result_tensor(op)
    if parts is None or out is None:
        return None
    source, dim, index = parts
    copy = scatter_target(source, out, accumulate)
    if copy is None:
        return None
    target = copy.buffer
    zeroed = [_store(target, dim, index, lambda body, t: body.constant(0, t), False)] if clear else []
    semantic = out.element_type  # values are rounded to the result's type before a wider copy adds them
    rounded = lambda body, t: body.cast(body.cast(value(body, semantic), semantic), t)  # noqa: E731
    return copy.result([*zeroed, _store(target, dim, index, rounded, accumulate)])


def _store(target: SSAValue, dim: int, index: SSAValue, value, accumulate: bool) -> loop.PointwiseOp:
    """A pointwise over the index's shape storing value(body, element type) at the scattered elements of target
    (a 0-d target is one element along its only position)."""
    sizes, strides = list(target.type.sizes()) or [1], list(target.type.stride_values()) or [1]
    element = target.type.element_type
    body = Body(index.type.sizes())
    coords = [index_symbol(f"i{d}") for d in range(len(index.type.sizes()))]
    position = body.cast(body.load(index, coords), i64)  # scatters do not wrap negative indices, as eager
    written = body.cast(value(body, element), element)
    coords = (coords or [0])[: len(sizes)]
    coords[dim] = index_symbol("t0")
    flat = IndexAttr(linear_index(coords, strides))
    combine = "add" if accumulate else None
    body.add(loop.StoreOp(written, target, flat, [position], [sizes[dim]], combine=combine, checked=True))
    body.add(loop.YieldOp())
    return loop.PointwiseOp(index.type.sizes(), body.ops)


def _src_value(op: aten.FallbackOp) -> Callable[[Body, Attribute], SSAValue] | None:
    args = op.args.data
    src, index = operand_of(op, args[3]) if len(args) > 3 else None, operand_of(op, args[2])
    if src is None or not isinstance(src.type, BufferType) or not _fits(index, src):
        return None
    return lambda body, element: body.cast(body.load(src, [index_symbol(f"i{d}") for d in range(len(src.type.sizes()))]), element)


def lower_scatter_src(op: aten.FallbackOp) -> Lowered | None:
    value = _src_value(op) if len(op.args.data) == 4 and not op.kwargs.data else None
    return None if value is None else scatter_store(op, value, accumulate=False)


def lower_scatter_value(op: aten.FallbackOp) -> Lowered | None:
    args = op.args.data
    number = attr_number(args[3]) if len(args) == 4 and not op.kwargs.data and not isinstance(args[3], StringAttr) else None
    if not isinstance(number, int | float):
        return None
    return scatter_store(op, lambda body, element: body.constant(number, element), accumulate=False)


def lower_scatter_add(op: aten.FallbackOp) -> Lowered | None:
    value = _src_value(op) if len(op.args.data) == 4 and not op.kwargs.data else None
    return None if value is None else scatter_store(op, value, accumulate=True)


def _adds(op: aten.FallbackOp) -> bool:
    """scatter's deprecated reduce argument is "add"."""
    args = op.args.data
    reduce = op.kwargs.data.get("reduce", args[4] if len(args) > 4 else None)
    return isinstance(reduce, StringAttr) and reduce.data == "add" and set(op.kwargs.data) <= {"reduce"}


def lower_scatter_reduce_add(op: aten.FallbackOp) -> Lowered | None:
    value = _src_value(op) if _adds(op) else None
    return None if value is None else scatter_store(op, value, accumulate=True)


def lower_scatter_value_add(op: aten.FallbackOp) -> Lowered | None:
    number = attr_number(op.args.data[3]) if _adds(op) and len(op.args.data) > 3 else None
    if not isinstance(number, int | float) or isinstance(op.args.data[3], StringAttr):
        return None
    return scatter_store(op, lambda body, element: body.constant(number, element), accumulate=True)


def lower_scatter_reduce(op: aten.FallbackOp) -> Lowered | None:
    args, kwargs = op.args.data, op.kwargs.data
    reduce = kwargs.get("reduce", args[4] if len(args) > 4 else None)
    include = kwargs.get("include_self", args[5] if len(args) > 5 else None)
    if not isinstance(reduce, StringAttr) or reduce.data != "sum" or set(kwargs) - {"include_self", "reduce"}:
        return None
    without_self = isinstance(include, IntegerAttr) and not include.value.data
    value = _src_value(op)
    return None if value is None else scatter_store(op, value, accumulate=True, clear=without_self)


def lower_put(op: aten.FallbackOp) -> Lowered | None:
    """put(self, index, source, accumulate): self with source stored (added) at the flat positions index names,
    for a contiguous result and a source of the index's shape (or one element)."""
    args, out = op.args.data, result_tensor(op)
    source, index = (operand_of(op, a) for a in args[:2]) if len(args) >= 3 else (None, None)
    src = operand_of(op, args[2]) if len(args) >= 3 else None
    flag = args[3] if len(args) > 3 else op.kwargs.data.get("accumulate", IntegerAttr(0, 1))
    accumulate = bool(flag.value.data) if isinstance(flag, IntegerAttr) else None
    if out is None or source is None or src is None or not is_index_buffer(index) or accumulate is None:
        return None
    if not isinstance(source.type, BufferType) or not isinstance(src.type, BufferType):
        return None
    single = all(n == 1 for n in src.type.sizes())
    if src.type.sizes() != index.type.sizes() and not single:
        return None
    if declared_layout(out) not in (None, contiguous_strides(out.sizes())):
        return None
    copy = scatter_target(source, out, accumulate)
    if copy is None or 0 in index.type.sizes():  # no positions: self's copy
        return copy.result([]) if copy is not None else None
    target = copy.buffer
    body = Body(index.type.sizes())
    coords = [index_symbol(f"i{d}") for d in range(len(index.type.sizes()))]
    numel = functools.reduce(dim_mul, out.sizes(), 1)
    position = wrapped_index(body, body.cast(body.load(index, coords), i64), numel)
    value = body.load(src, [0] * len(src.type.sizes()) if single else coords)
    written = body.cast(body.cast(value, out.element_type), target.type.element_type)
    add = "add" if accumulate else None
    flat = IndexAttr(index_symbol("t0"))
    body.add(loop.StoreOp(written, target, flat, [position], [numel], combine=add, checked=True))
    body.add(loop.YieldOp())
    return copy.result([loop.PointwiseOp(index.type.sizes(), body.ops)])


def lower_as_strided_scatter(op: aten.FallbackOp) -> Lowered | None:
    """as_strided_scatter(self, src, size, stride, storage_offset): a contiguous copy of self with src stored at
    the positions of its as_strided view (points of overlapping views write one of their values)."""
    args, out = op.args.data, result_tensor(op)
    source, src = (operand_of(op, a) for a in args[:2]) if len(args) >= 4 else (None, None)
    strides = int_list(args[3]) if len(args) >= 4 else None
    offset = args[4] if len(args) > 4 else op.kwargs.data.get("storage_offset")
    offset = 0 if offset is None or isinstance(offset, UnitAttr) else attr_number(offset)
    if out is None or source is None or src is None or strides is None or not isinstance(offset, int):
        return None
    if not isinstance(src.type, BufferType) or declared_layout(out) not in (None, contiguous_strides(out.sizes())):
        return None
    copy = scatter_target(source, out, accumulate=False)
    body = Body(src.type.sizes())
    coords = [index_symbol(f"i{d}") for d in range(len(src.type.sizes()))]
    value = body.cast(body.load(src, coords), out.element_type)
    body.add(loop.StoreOp(value, copy.buffer, IndexAttr(offset + linear_index(coords, strides))))
    body.add(loop.YieldOp())
    return copy.result([loop.PointwiseOp(src.type.sizes(), body.ops)])


GENERAL_SCATTERS: dict[str, Callable[[aten.FallbackOp], Lowered | None]] = {
    "aten::scatter.value": lower_scatter_value,
    "aten::scatter.src": lower_scatter_src,
    "aten::scatter_add.default": lower_scatter_add,
    "aten::scatter_reduce.two": lower_scatter_reduce,
    "aten::scatter.reduce": lower_scatter_reduce_add,
    "aten::scatter.value_reduce": lower_scatter_value_add,
    "aten::put.default": lower_put,
    "aten::as_strided_scatter.default": lower_as_strided_scatter,
}
