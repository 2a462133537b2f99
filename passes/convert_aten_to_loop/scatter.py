"""Scatters of one value per row that convert-aten-to-loop lowers (SCATTER_LOWERINGS), and full_like.

`aten::scatter.value(self, dim, index, value)` with one index per row (index of size 1 along `dim`, the other
sizes those of `self`) is a pointwise compare of each position along `dim` with the row's index, which
`loop.in_range` checks (outside [0, size) the program stops, as eager raises; check_indices=false drops it):

    %s = aten.fallback "aten::scatter.value"(%z, %t)
        {args = [#aten.operand<0>, 1 : i64, #aten.operand<1>, -1.0 : f64]}
        : (!aten.tensor<[4, 10], f32>, !aten.tensor<[4, 1], i64>) -> !aten.tensor<[4, 10], f32>
  becomes
    %s = loop.pointwise ranges [4, 10] {
      %k = loop.load %t[#loop.index<"i0">] : ...          %n = arith.constant 10 : i64
      %kc = loop.in_range %k, %n : i64                    %p = loop.index #loop.index<"i1"> : i64
      %hit = arith.cmpi eq, %kc, %p : i64
      %v = arith.constant -1.0 : f32                      %z0 = loop.load %z[#loop.index<"10*i0 + i1">] : ...
      %r = arith.select %hit, %v, %z0 : f32
      loop.yield %r : f32
    } : !loop.buffer<[4, 10], f32, strides [10, 1]>

`aten::scatter.src` writes src[row, 0] there instead; `aten::scatter_reduce.two` writes reduce(self, src[row, 0])
(sum, prod, amax, amin; mean of floats: their average; src alone without include_self), `aten::scatter_add`
their sum. With one write per output element the result needs no atomics and no order.
`aten::full_like.default(x, fill)` is a constant pointwise (in the result's dtype and dense layout) that does
not read x.
A cross-entropy backward's one-hot then fuses with the rest of the backward instead of running eagerly over a
materialized [N, C] buffer. Scatters of several values per row (several writes to one element, in eager's
order) stay externs.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, IntegerAttr, StringAttr, i64
from xdsl.ir import Attribute, SSAValue

from irc.dialects import aten, loop
from irc.dialects.types import BufferType, TensorType, attr_number, contiguous_strides, element_type_name, is_float

from .body import Body, Lowered, declared_layout, index_symbol
from .dtypes import compute_type
from .gather import is_index_buffer, operand_of


def _number(attr: Attribute | None) -> int | float | None:
    return attr_number(attr) if isinstance(attr, IntegerAttr | FloatAttr) else None


def one_per_row(op: aten.FallbackOp, dim_attr: Attribute) -> tuple[SSAValue, int, SSAValue] | None:
    """(self, dim, index) of a scatter with one index per row: the index has size 1 along `dim` and the sizes
    of `self` elsewhere; None otherwise."""
    args = op.args.data
    source, index = operand_of(op, args[0]), operand_of(op, args[2])
    if source is None or not isinstance(source.type, BufferType) or not is_index_buffer(index):
        return None
    if not isinstance(dim_attr, IntegerAttr):
        return None
    sizes, rank = source.type.sizes(), len(source.type.sizes())
    dim = dim_attr.value.data + (rank if dim_attr.value.data < 0 else 0)
    expected = [1 if d == dim else s for d, s in enumerate(sizes)]
    if not 0 <= dim < rank or list(index.type.sizes()) != expected:
        return None
    return source, dim, index


def scatter_pointwise(
    source: SSAValue, dim: int, index: SSAValue, written: Callable[[Body, SSAValue], SSAValue]
) -> Lowered:
    """`self` with the element at each row's index replaced by `written(body, self's element)`; an index
    outside [0, size) stops the program (loop.in_range), as eager raises (it wraps no negative index)."""
    sizes, rank, element = source.type.sizes(), len(source.type.sizes()), source.type.element_type
    body = Body(sizes)
    coords = [0 if d == dim else index_symbol(f"i{d}") for d in range(rank)]
    value = body.cast(body.load(index, coords), i64)
    wanted = body.add(loop.InRangeOp(value, body.index_value(sizes[dim], i64)))
    hit = body.add(arith.CmpiOp(wanted, body.index_value(index_symbol(f"i{dim}"), i64), "eq"))
    current = body.operand(source, element)
    picked = body.add(arith.SelectOp(hit, written(body, current), current))
    pointwise = body.pointwise(picked, element)
    return Lowered([pointwise], [pointwise.result])


def lower_scatter_value(op: aten.FallbackOp) -> Lowered | None:
    args = op.args.data
    if len(args) != 4 or op.kwargs.data:
        return None
    found, value = one_per_row(op, args[1]), _number(args[3])
    if found is None or value is None:
        return None
    source, dim, index = found
    return scatter_pointwise(source, dim, index, lambda body, _: body.constant(value, source.type.element_type))


def row_value(body: Body, src: SSAValue, dim: int, element: Attribute) -> SSAValue:
    """`src` at the current row, position 0 along `dim` (src may be larger than the index)."""
    coords = [0 if d == dim else index_symbol(f"i{d}") for d in range(len(src.type.sizes()))]
    return body.cast(body.cast(body.load(src, coords), element), compute_type(element))


def _src(op: aten.FallbackOp, source: SSAValue, dim: int) -> SSAValue | None:
    src = operand_of(op, op.args.data[3])
    if src is None or not isinstance(src.type, BufferType) or src.type.element_type != source.type.element_type:
        return None
    sizes, src_sizes = source.type.sizes(), src.type.sizes()
    if len(src_sizes) != len(sizes) or any(s != t for d, (s, t) in enumerate(zip(sizes, src_sizes)) if d != dim):
        return None
    return src


def lower_scatter_src(op: aten.FallbackOp) -> Lowered | None:
    args = op.args.data
    if len(args) != 4 or op.kwargs.data:
        return None
    found = one_per_row(op, args[1])
    src = _src(op, found[0], found[1]) if found is not None else None
    if src is None:
        return None
    source, dim, index = found
    return scatter_pointwise(source, dim, index, lambda body, _: row_value(body, src, dim, source.type.element_type))


def _combine(reduce: str, element: Attribute) -> Callable[[Body, SSAValue, SSAValue], SSAValue] | None:
    """How scatter_reduce combines the element of `self` with the scattered one (include_self)."""
    floating = is_float(element)
    if element_type_name(element) == "i1":
        return None
    ops = {
        "sum": arith.AddfOp if floating else arith.AddiOp,
        "prod": arith.MulfOp if floating else arith.MuliOp,
        "amax": arith.MaximumfOp if floating else arith.MaxSIOp,
        "amin": arith.MinimumfOp if floating else arith.MinSIOp,
    }
    if reduce == "mean" and floating:
        return lambda body, a, b: body.add(arith.DivfOp(body.add(arith.AddfOp(a, b)), body.constant(2.0, element)))
    if reduce not in ops or element_type_name(element) in ("ui8", "i1") and reduce in ("amax", "amin"):
        return None
    return lambda body, a, b: body.add(ops[reduce](a, b))


def lower_scatter_reduce(op: aten.FallbackOp) -> Lowered | None:
    """scatter_reduce.two(self, dim, index, src, reduce, include_self) with one index per row: the hit element
    is reduce(self, src) (mean: their average), or src alone without include_self."""
    args, kwargs = op.args.data, op.kwargs.data
    include = kwargs.get("include_self", args[5] if len(args) > 5 else None)
    reduce = kwargs.get("reduce", args[4] if len(args) > 4 else None)
    if not isinstance(reduce, StringAttr) or len(args) < 4 or set(kwargs) - {"include_self", "reduce"}:
        return None
    found = one_per_row(op, args[1])
    src = _src(op, found[0], found[1]) if found is not None else None
    combine = _combine(reduce.data, found[0].type.element_type) if found is not None else None
    if src is None or combine is None:
        return None
    source, dim, index = found
    element = source.type.element_type
    if include is not None and _number(include) == 0:
        return scatter_pointwise(source, dim, index, lambda body, _: row_value(body, src, dim, element))
    return scatter_pointwise(source, dim, index, lambda body, cur: combine(body, cur, row_value(body, src, dim, element)))


def lower_scatter_add(op: aten.FallbackOp) -> Lowered | None:
    found = one_per_row(op, op.args.data[1]) if len(op.args.data) == 4 and not op.kwargs.data else None
    src = _src(op, found[0], found[1]) if found is not None else None
    combine = _combine("sum", found[0].type.element_type) if found is not None else None
    if src is None or combine is None:
        return None
    source, dim, index = found
    element = source.type.element_type
    return scatter_pointwise(source, dim, index, lambda body, cur: combine(body, cur, row_value(body, src, dim, element)))


def lower_full_like(op: aten.FallbackOp) -> Lowered | None:
    """A constant pointwise of the result's dtype, in the dense layout the result type declares."""
    args, out = op.args.data, op.outputs[0].type
    fill = _number(args[1]) if len(args) == 2 else None
    source = operand_of(op, args[0]) if args else None
    if fill is None or source is None or not isinstance(source.type, BufferType) or not isinstance(out, TensorType):
        return None
    if set(op.kwargs.data) - {"dtype", "layout", "device", "pin_memory", "memory_format"}:
        return None
    strides = out.stride_values()
    layout = declared_layout(out)
    if strides is not None and layout is None and tuple(strides) != tuple(contiguous_strides(out.sizes())):
        return None
    body = Body(out.sizes())
    value = body.constant(fill, out.element_type)
    body.add(loop.YieldOp(body.cast(value, out.element_type)))
    pointwise = loop.PointwiseOp(out.sizes(), body.ops, BufferType(out.sizes(), out.element_type, layout))
    return Lowered([pointwise], [pointwise.result])


SCATTER_LOWERINGS: dict[str, Callable[[aten.FallbackOp], Lowered | None]] = {
    "aten::scatter.value": lower_scatter_value,
    "aten::scatter.src": lower_scatter_src,
    "aten::scatter_reduce.two": lower_scatter_reduce,
    "aten::scatter_add.default": lower_scatter_add,
    "aten::full_like.default": lower_full_like,
}
