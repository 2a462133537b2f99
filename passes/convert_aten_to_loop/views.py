"""View lowerings of convert-aten-to-loop: layouts as `loop.reinterpret` of the same storage.

Every view becomes a `loop.reinterpret` of the root buffer (views of views fold: a reinterpret's type holds
absolute strides and offset, so it can always reinterpret the storage it came from):

    %t = aten.transpose %x dims = 0, 1 : (!aten.tensor<[3, 9], f32, strides [9, 1]>)
                                          -> !aten.tensor<[9, 3], f32>
  becomes
    %t = loop.reinterpret %x : !loop.buffer<[3, 9], f32, strides [9, 1]>
                            to !loop.buffer<[9, 3], f32, strides [1, 9]>

A reshape (aten.view) whose strides cannot be computed from the source layout (torch's computeStride) and
aten.clone become a pointwise copy into a contiguous buffer; aten.alias is the same buffer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.ir import Operation, SSAValue

from irc.dialects import aten, loop
from irc.dialects.aten_shapes import canonical_dim, normalize_dim, normalize_dims
from irc.dialects.types import BufferType, DimLike, contiguous_strides

from .body import Lowered, broadcast_coords, buffer_operand, copy_to_contiguous
from .elementwise import result_sizes

# ---------------------------------------------------------------------------
# Size arithmetic (ints stay ints; symbolic sizes are sympy expressions)
# ---------------------------------------------------------------------------


def _sympy(value: DimLike):
    from irc.dialects.sym import as_expr

    return as_expr(value)


def dim_add(a: DimLike, b: DimLike) -> DimLike:
    return a + b if isinstance(a, int) and isinstance(b, int) else _sympy(a) + _sympy(b)


def dim_mul(a: DimLike, b: DimLike) -> DimLike:
    return a * b if isinstance(a, int) and isinstance(b, int) else _sympy(a) * _sympy(b)


def same_dim(a: DimLike, b: DimLike) -> bool:
    """Equal sizes (symbolic ones where sym_equal proves them equal for every size value)."""
    from irc.dialects.sym_equal import equal_sizes

    return equal_sizes(a, b)


def product(sizes: Sequence[DimLike]) -> DimLike:
    total: DimLike = 1
    for size in sizes:
        total = dim_mul(total, size)
    return total


# ---------------------------------------------------------------------------
# torch's computeStride: strides of a reshape that stays a view, or None
# ---------------------------------------------------------------------------


def view_strides(
    sizes: Sequence[DimLike], strides: Sequence[DimLike], new_sizes: Sequence[DimLike]
) -> list[DimLike] | None:
    """Strides for viewing a (sizes, strides) layout as `new_sizes`, or None when it needs a copy."""
    if not sizes:
        return [1] * len(new_sizes)
    numel = product(sizes)
    if isinstance(numel, int) and numel == 0:
        return list(contiguous_strides([max(s, 1) if isinstance(s, int) else s for s in new_sizes]))
    new_strides: list[DimLike] = [0] * len(new_sizes)
    view_d = len(new_sizes) - 1
    chunk_base_stride = strides[-1]
    tensor_numel: DimLike = 1
    view_numel: DimLike = 1
    for tensor_d in range(len(sizes) - 1, -1, -1):
        tensor_numel = dim_mul(tensor_numel, sizes[tensor_d])
        if tensor_d == 0 or (
            sizes[tensor_d - 1] != 1
            and not same_dim(strides[tensor_d - 1], dim_mul(tensor_numel, chunk_base_stride))
        ):
            while view_d >= 0 and (not same_dim(view_numel, tensor_numel) or new_sizes[view_d] == 1):
                new_strides[view_d] = dim_mul(view_numel, chunk_base_stride)
                view_numel = dim_mul(view_numel, new_sizes[view_d])
                view_d -= 1
            if not same_dim(view_numel, tensor_numel):
                return None
            if tensor_d > 0:
                chunk_base_stride = strides[tensor_d - 1]
                tensor_numel, view_numel = 1, 1
    return new_strides if view_d == -1 else None


# ---------------------------------------------------------------------------
# Lowerings
# ---------------------------------------------------------------------------


def root_storage(value: SSAValue) -> SSAValue:
    """The buffer a view reads: through loop.reinterpret to the buffer it reinterprets."""
    owner = value.owner
    return owner.source if isinstance(owner, loop.ReinterpretOp) else value


def reinterpret(
    source: SSAValue, sizes: Sequence[DimLike], strides: Sequence[DimLike], offset: DimLike
) -> Lowered:
    """`source`'s storage seen with (sizes, strides, offset); no op when nothing changes."""
    root = root_storage(source)
    view_type = BufferType(sizes, source.type.element_type, strides, offset)
    if view_type == root.type:
        return Lowered([], [root])
    view = loop.ReinterpretOp(root, view_type)
    return Lowered([view], [view.result])


def layout(op: Operation) -> tuple[list[DimLike], list[DimLike], DimLike]:
    """The (sizes, strides, offset) of the buffer an aten view op reads."""
    t = buffer_operand(op, op.input)
    return list(t.sizes()), list(t.stride_values()), t.offset_value()


def lower_permute(op: aten.PermuteOp) -> Lowered:
    sizes, strides, offset = layout(op)
    dims = op.source_dims(len(sizes))
    return reinterpret(op.input, [sizes[d] for d in dims], [strides[d] for d in dims], offset)


def lower_transpose(op: aten.TransposeOp) -> Lowered:
    sizes, strides, offset = layout(op)
    order = op.source_dims(len(sizes))
    return reinterpret(op.input, [sizes[d] for d in order], [strides[d] for d in order], offset)


def lower_expand(op: aten.ExpandOp) -> Lowered:
    """New leading dims and expanded size-1 dims get stride 0."""
    sizes, strides, offset = layout(op)
    target = list(result_sizes(op))
    lead = len(target) - len(sizes)
    new_strides: list[DimLike] = [0] * lead
    for d, (size, stride) in enumerate(zip(sizes, strides)):
        new_strides.append(stride if canonical_dim(size) == canonical_dim(target[d + lead]) else 0)
    return reinterpret(op.input, target, new_strides, offset)


def lower_squeeze(op: aten.SqueezeOp) -> Lowered:
    sizes, strides, offset = layout(op)
    dims = list(op.dims.get_values())
    drop = set(normalize_dims(dims, len(sizes))) if dims else {d for d, s in enumerate(sizes) if s == 1}
    keep = [d for d in range(len(sizes)) if d not in drop]
    return reinterpret(op.input, [sizes[d] for d in keep], [strides[d] for d in keep], offset)


def lower_unsqueeze(op: aten.UnsqueezeOp) -> Lowered:
    """The new size-1 dim gets stride sizes[d] * strides[d] (1 at the end), as PyTorch."""
    sizes, strides, offset = layout(op)
    dim = normalize_dim(op.dim.value.data, len(sizes) + 1)
    stride = 1 if dim >= len(sizes) else dim_mul(sizes[dim], strides[dim])
    return reinterpret(
        op.input, [*sizes[:dim], 1, *sizes[dim:]], [*strides[:dim], stride, *strides[dim:]], offset
    )


def clamped_start(start: int, size: DimLike) -> DimLike:
    """A slice start wrapped (negative counts from the end) and clamped to [0, size] like ATen."""
    if start < 0:
        start = dim_add(size, start) if not isinstance(size, int) else start + size
    if isinstance(size, int) and isinstance(start, int):
        return min(max(start, 0), size)
    return start


def lower_slice(op: aten.SliceOp) -> Lowered:
    """offset += start * stride; stride *= step; the size comes from the result type."""
    sizes, strides, offset = layout(op)
    dim = normalize_dim(op.dim.value.data, len(sizes))
    start = clamped_start(op.start.value.data, sizes[dim])
    new_sizes = list(result_sizes(op))
    new_strides = [*strides[:dim], dim_mul(strides[dim], op.step.value.data), *strides[dim + 1 :]]
    return reinterpret(op.input, new_sizes, new_strides, dim_add(offset, dim_mul(start, strides[dim])))


def lower_select(op: aten.SelectOp) -> Lowered:
    """offset += index * stride (a negative index counts from the end); the dim disappears."""
    sizes, strides, offset = layout(op)
    dim = normalize_dim(op.dim.value.data, len(sizes))
    index: DimLike = op.index.value.data
    if index < 0:
        index = dim_add(sizes[dim], index)
    keep = [d for d in range(len(sizes)) if d != dim]
    new_offset = dim_add(offset, dim_mul(index, strides[dim]))
    return reinterpret(op.input, [sizes[d] for d in keep], [strides[d] for d in keep], new_offset)


def lower_as_strided(op: aten.AsStridedOp) -> Lowered:
    """Explicit sizes (the result type), strides and storage offset."""
    from irc.dialects.types import dim_value

    buffer_operand(op, op.input)
    strides = [dim_value(s) for s in op.strides.data]
    return reinterpret(op.input, list(result_sizes(op)), strides, dim_value(op.offset))


def lower_view(op: aten.ViewOp) -> Lowered:
    """A reinterpret when the layout allows it, else a copy reading the source in row-major order."""
    sizes, strides, offset = layout(op)
    new_sizes = list(result_sizes(op))
    new_strides = view_strides(sizes, strides, new_sizes)
    if new_strides is not None:
        return reinterpret(op.input, new_sizes, new_strides, offset)
    return copy_reshaped(op.input, sizes, new_sizes)


def copy_reshaped(source: SSAValue, sizes: Sequence[DimLike], new_sizes: Sequence[DimLike]) -> Lowered:
    """A contiguous copy of `source` (of `sizes`) as `new_sizes`, elements matched in row-major order."""
    from irc.dialects.sym import decompose, linearize

    flat = linearize(broadcast_coords(new_sizes, len(new_sizes)), contiguous_strides(new_sizes))
    copy = copy_to_contiguous(source, decompose(flat, list(sizes)), new_sizes)
    return Lowered([copy], [copy.result])


def lower_clone(op: aten.CloneOp) -> Lowered:
    sizes = list(buffer_operand(op, op.input).sizes())
    copy = copy_to_contiguous(op.input, broadcast_coords(sizes, len(sizes)), sizes)
    return Lowered([copy], [copy.result])


def lower_alias(op: aten.AliasOp) -> Lowered:
    buffer_operand(op, op.input)
    return Lowered([], [op.input])


VIEW_LOWERINGS: dict[type[Operation], Callable[[Operation], Lowered]] = {
    aten.PermuteOp: lower_permute,
    aten.TransposeOp: lower_transpose,
    aten.ExpandOp: lower_expand,
    aten.SqueezeOp: lower_squeeze,
    aten.UnsqueezeOp: lower_unsqueeze,
    aten.SliceOp: lower_slice,
    aten.SelectOp: lower_select,
    aten.AsStridedOp: lower_as_strided,
    aten.ViewOp: lower_view,
    aten.CloneOp: lower_clone,
    aten.AliasOp: lower_alias,
}
