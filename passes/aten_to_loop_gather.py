"""Fallback ops that convert-aten-to-loop lowers after all, by overload (FALLBACK_LOWERINGS).

`aten::gather.default(x, dim, index)` along a short static dim (at most GATHER_MAX_DIM elements) becomes a
one-hot reduction over that dim: out[i] = sum over k of (k == index[i] ? x[i with k at dim] : 0). The loop
dialect has no data-dependent loads, and this form runs over the same rows as the reductions around it (the
log-softmax of a cross-entropy), so kernel-fuse puts it in their kernel, where the row is read anyway:

    %g = aten.fallback "aten::gather.default"(%x, %t) {args = [#aten.operand<0>, 1 : i64, #aten.operand<1>]}
        : (!aten.tensor<[4, 10], f32>, !aten.tensor<[4, 1], i64>) -> !aten.tensor<[4, 1], f32>
  becomes
    %g = loop.reduction sum ranges [4, 1] reduce [10] {
      %i = loop.load %t[#loop.index<"i0 + i1">] : ...     %k = loop.index #loop.index<"r0"> : i64
      %e = arith.cmpi eq, %i, %k : i64                     %v = loop.load %x[#loop.index<"10*i0 + r0">] : ...
      %z = arith.constant 0.0 : f32                        %s = arith.select %e, %v, %z : f32
      loop.yield %s : f32
    } : !loop.buffer<[4, 1], f32, strides [1, 1]>

Anything else (a long or symbolic dim, bool values, sparse_grad) stays an extern.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr, UnitAttr, i64
from xdsl.ir import Attribute

from irc.dialects import aten
from irc.dialects.types import BufferType, IndexAttr, TensorType, is_bool

from .aten_to_loop_body import Body, Lowered, index_symbol
from .aten_to_loop_types import compute_type

GATHER_MAX_DIM = 4096


def _int_arg(attr: Attribute) -> int | None:
    return attr.value.data if isinstance(attr, IntegerAttr) else None


def _operand(op: aten.FallbackOp, attr: Attribute):
    return op.inputs[attr.index.data] if isinstance(attr, aten.OperandRefAttr) else None


def gather_parts(op: aten.FallbackOp):
    """(source, dim, index) of a gather the one-hot form handles, else None."""
    args = op.args.data
    sparse = op.kwargs.data.get("sparse_grad", args[3] if len(args) > 3 else None)
    if len(args) < 3 or not (sparse is None or isinstance(sparse, UnitAttr) or _int_arg(sparse) == 0):
        return None
    source, dim, index = _operand(op, args[0]), _int_arg(args[1]), _operand(op, args[2])
    if source is None or index is None or dim is None or not isinstance(source.type, BufferType):
        return None
    rank = len(source.type.sizes())
    dim = dim + rank if dim < 0 else dim
    size = source.type.sizes()[dim] if 0 <= dim < rank else None
    if not isinstance(size, int) or size > GATHER_MAX_DIM or is_bool(source.type.element_type):
        return None
    if len(index.type.sizes()) != rank:
        return None
    return source, dim, index


def lower_gather(op: aten.FallbackOp) -> Lowered | None:
    parts = gather_parts(op)
    if parts is None:
        return None
    source, dim, index = parts
    out_type = op.outputs[0].type
    assert isinstance(out_type, TensorType)
    element = source.type.element_type
    body = Body(index.type.sizes(), [source.type.sizes()[dim]])
    coords = [index_symbol(f"i{d}") for d in range(len(index.type.sizes()))]
    wanted = body.cast(body.load(index, coords), i64)
    position = body.index_value(index_symbol("r0"), i64)
    hit = body.add(arith.CmpiOp(wanted, position, "eq"))
    coords[dim] = index_symbol("r0")
    value = body.cast(body.load(source, coords), compute_type(element))
    picked = body.add(arith.SelectOp(hit, value, body.constant(0, element)))
    reduction = body.reduction("sum", picked)
    if reduction.results[0].type.element_type == element:
        return Lowered([reduction], [reduction.results[0]])
    down = Body(index.type.sizes())
    cast = down.pointwise(down.load_broadcast(reduction.results[0]), element)
    return Lowered([reduction, cast], [cast.result])


FALLBACK_LOWERINGS: dict[str, Callable[[aten.FallbackOp], Lowered | None]] = {
    "aten::gather.default": lower_gather,
}
