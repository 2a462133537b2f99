"""sort (SORT_LOWERINGS): the values and the indices of a sort along one dim as two `loop.scan` rows, `sort` and
`argsort` (`_descending` for descending=True), which kernel-fuse puts in one persistent kernel:

    %v = loop.scan sort ranges [3, 5] { %a = loop.load %x[...] : ...  loop.yield %a : f32 } : !loop.buffer<[3, 5], f32, ...>
    %i = loop.scan argsort ranges [3, 5] { ... } : !loop.buffer<[3, 5], i64, ...>

As for the scans of scan.py, the sorted dim moves last and a `loop.reinterpret` gives each result its own dim
order. The order is torch.sort's: NaN above everything, equal values in index order (a stable sort, which is
also a valid result of stable=False). Rows are sorted in one block (a bitonic network, as Inductor does), so
the sorted dim must be static and at most SORT_MAX long (Inductor's limit, 512); longer or symbolic rows stay
externs. Bools sort as i8 and are converted back.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects.builtin import FloatAttr, IntegerAttr, i8, i64
from xdsl.ir import Attribute

from irc.dialects import aten, loop
from irc.dialects.aten_shapes import normalize_dim
from irc.dialects.loop_kinds import SORT_MAX
from irc.dialects.types import BufferType, TensorType, attr_number, contiguous_strides, is_bool

from .body import Body, Lowered, declared_layout, index_symbol
from .cat import finish
from .gather import operand_of
from .views import reinterpret

# overload -> the positions of dim and descending in its positional arguments (sort.stable takes them by name)
POSITIONS = {"aten::sort.default": (1, 2), "aten::sort.stable": (None, None)}


def _argument(op: aten.FallbackOp, name: str, position: int | None, default):
    args = op.args.data
    attr: Attribute | None = op.kwargs.data.get(name)
    if attr is None and position is not None and len(args) > position:
        attr = args[position]
    if attr is None:
        return default
    return attr_number(attr) if isinstance(attr, IntegerAttr | FloatAttr) else None


def lower_sort(overload: str) -> Callable[[aten.FallbackOp], Lowered | None]:
    return lambda op: _lower_sort(op, *POSITIONS[overload])


def _lower_sort(op: aten.FallbackOp, dim_at: int | None, descending_at: int | None) -> Lowered | None:
    types = op.result_types
    source = operand_of(op, op.args.data[0]) if op.args.data else None
    dim = _argument(op, "dim", dim_at, -1)
    descending = _argument(op, "descending", descending_at, False)
    if len(types) != 2 or not all(isinstance(t, TensorType) for t in types) or source is None:
        return None
    if not isinstance(source.type, BufferType) or not isinstance(dim, int) or not isinstance(descending, bool | int):
        return None
    values_t, indices_t = types
    sizes, rank = list(values_t.sizes()), len(values_t.sizes())
    if not -max(rank, 1) <= dim < max(rank, 1):
        return None
    if rank == 0 or 0 in sizes or sizes[normalize_dim(dim, rank)] == 1:  # rows of one (or none): as they are
        body, zeros = Body(sizes), Body(sizes)
        value = finish(body, body.load(source, [index_symbol(f"i{d}") for d in range(rank)]), values_t)
        index = finish(zeros, zeros.constant(0, i64), indices_t)
        return Lowered([*value.ops, *index.ops], [*value.values, *index.values])
    dim = normalize_dim(dim, rank)
    if not isinstance(sizes[dim], int) or sizes[dim] > SORT_MAX:
        return None
    order = [d for d in range(rank) if d != dim] + [dim]  # ranges dim k is the result's dim order[k]
    coords = [index_symbol(f"i{order.index(d)}") for d in range(rank)]
    ranges = [sizes[d] for d in order]
    suffix = "_descending" if descending else ""
    scans = []
    for kind, out in ((f"sort{suffix}", values_t), (f"argsort{suffix}", indices_t)):
        body = Body(ranges)
        value = body.load(source, coords)
        body.add(loop.YieldOp(body.cast(value, i8) if is_bool(value.type) else value))
        element = i64 if kind.startswith("argsort") else body.ops[-1].values[0].type
        strides = declared_layout(out) or contiguous_strides(sizes)
        scan = loop.ScanOp(kind, ranges, body.ops, BufferType(ranges, element, [strides[d] for d in order]))
        scans.append((scan, reinterpret(scan.result, sizes, strides, 0)))
    ops = [op for scan, view in scans for op in (scan, *view.ops)]
    (_, values), (_, indices) = scans
    if values.values[0].type.element_type == values_t.element_type:
        return Lowered(ops, [*values.values, *indices.values])
    converting = Body(sizes)
    converted = finish(converting, converting.load(values.values[0], [index_symbol(f"i{d}") for d in range(rank)]),
                       values_t)  # fmt: skip
    return Lowered([*ops, *converted.ops], [*converted.values, *indices.values])


SORT_LOWERINGS: dict[str, Callable[[aten.FallbackOp], Lowered | None]] = {
    overload: lower_sort(overload) for overload in POSITIONS
}
