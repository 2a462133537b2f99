"""Ops that pick elements of sorted rows (SELECT_LOWERINGS): kthvalue, median and nanmedian (with a dim, or of
all elements as one row), topk. The row is sorted as sort.py sorts it (a `sort` and an `argsort` scan row, rows
of a static length up to SORT_MAX), then a pointwise reads the values and indices at each result's position:

    kthvalue(x, k): ascending, position k - 1
    median: descending (NaN first), position n - 1 - (n - 1) // 2, or 0 where the row holds a NaN (its first)
    nanmedian: ascending (NaN last), position (m - 1) // 2 of the m numbers (a sum reduction counts them)
    topk(x, k, largest): descending (largest) or ascending, positions 0 .. k - 1 (sorted=True only)

Where several elements hold the value picked, ATen's selection algorithms return the index of any of them;
these return the first in the sorted order (equal values in index order).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, IntegerAttr, i64
from xdsl.ir import Attribute, Operation, SSAValue

from irc.dialects import aten, loop
from irc.dialects.aten_shapes import normalize_dim
from irc.dialects.loop_kinds import SORT_MAX
from irc.dialects.sym_functions import ModularIndexing
from irc.dialects.types import BufferType, TensorType, attr_number, is_bool, is_float

from .body import Body, Lowered, index_symbol, linear_index
from .cat import finish
from .gather import operand_of
from .views import product


def _argument(op: aten.FallbackOp, name: str, position: int, default):
    args = op.args.data
    attr: Attribute | None = op.kwargs.data.get(name, args[position] if len(args) > position else None)
    if attr is None:
        return default
    return attr_number(attr) if isinstance(attr, IntegerAttr | FloatAttr) else None


class Rows:
    """`source` sorted along `dim` (every element as one row when dim is None): sort and argsort scans over
    ranges [*other dims, n], contiguous."""

    def __init__(self, source: SSAValue, dim: int | None, descending: bool):
        sizes = list(source.type.sizes())
        if dim is None:
            self.others, self.n = [], product(sizes)
            inner = [product(sizes[d + 1 :]) for d in range(len(sizes))]
            coords = [ModularIndexing(index_symbol("i0"), inner[d], sizes[d]) for d in range(len(sizes))]
        else:
            self.others, self.n = sizes[:dim] + sizes[dim + 1 :], sizes[dim]
            rank = len(sizes)
            coords = [index_symbol(f"i{d if d < dim else d - 1}") for d in range(rank)]
            coords[dim] = index_symbol(f"i{rank - 1}")
        self.source, self.coords, self.ops = source, coords, []
        self.ranges = [*self.others, self.n]
        suffix = "_descending" if descending else ""
        self.values = self._scan(f"sort{suffix}", None)
        self.indices = self._scan(f"argsort{suffix}", i64)

    def _scan(self, kind: str, element: Attribute | None) -> SSAValue:
        body = Body(self.ranges)
        value = body.load(self.source, self.coords)
        body.add(loop.YieldOp(value))
        scan = loop.ScanOp(kind, self.ranges, body.ops, BufferType(self.ranges, element or value.type))
        self.ops.append(scan)
        return scan.result

    def at(self, body: Body, buffer: SSAValue, others: Sequence[object], position: object) -> SSAValue:
        """The element of a sorted buffer in row `others` at `position` (an index expression or an i64 value)."""
        strides = buffer.type.stride_values()
        if isinstance(position, SSAValue):
            flat = linear_index([*others, index_symbol("t0")], strides)
            return body.add(loop.LoadOp(buffer, flat, [position], [self.n]))
        return body.load(buffer, [*others, position])


def _pick(rows: Rows, out: Sequence[TensorType], dim: int | None, keepdim: bool, position) -> list[Lowered]:
    """Pointwises over the results reading values (and indices) at `position(body, others)` of each row."""
    lowered = []
    for buffer, t in zip((rows.values, rows.indices), out):
        sizes = list(t.sizes())
        body = Body(sizes)
        names = [index_symbol(f"i{d}") for d in range(len(sizes))]
        others = [] if dim is None else [v for d, v in enumerate(names) if not (keepdim and d == dim)]
        value = rows.at(body, buffer, others, position(body, others))
        lowered.append(finish(body, value, t))
    return lowered


def _select(op: aten.FallbackOp, dim: int | None, keepdim: bool, descending: bool, position) -> Lowered | None:
    """The results of `op` picked from its input sorted along `dim` at `position(rows, body, others)`."""
    types = op.result_types
    source = operand_of(op, op.args.data[0]) if op.args.data else None
    if source is None or not isinstance(source.type, BufferType) or not all(isinstance(t, TensorType) for t in types):
        return None
    sizes = list(source.type.sizes())
    if not sizes:  # a 0-d input is its own only element, at index 0
        return _scalar(source, types)
    if dim is not None:
        if not -len(sizes) <= dim < len(sizes):
            return None
        dim = normalize_dim(dim, len(sizes))
    n = product(sizes) if dim is None else sizes[dim]
    if is_bool(source.type.element_type) or not isinstance(n, int) or not 0 < n <= SORT_MAX:
        return None
    rows = Rows(source, dim, descending)
    picks = _pick(rows, types, dim, keepdim, lambda body, others: position(rows, body, others))
    return Lowered([*rows.ops, *[o for p in picks for o in p.ops]], [p.values[0] for p in picks])


def _scalar(source: SSAValue, types: Sequence[TensorType]) -> Lowered:
    values, indices = Body([]), Body([])
    picked = [finish(values, values.load(source, []), types[0])]
    if len(types) > 1:
        picked.append(finish(indices, indices.constant(0, i64), types[1]))
    return Lowered([o for p in picked for o in p.ops], [p.values[0] for p in picked])


def _first_nan_or(fixed: int) -> Callable:
    """Position 0 where the (descending) row starts with a NaN, else `fixed`."""

    def position(rows: Rows, body: Body, others: Sequence[object]):
        if not is_float(rows.values.type.element_type):
            return fixed
        first = rows.at(body, rows.values, others, 0)
        nan = body.add(arith.CmpfOp(first, first, "uno"))
        return body.add(arith.SelectOp(nan, body.constant(0, i64), body.constant(fixed, i64)))

    return position


def lower_median(op: aten.FallbackOp, with_dim: bool) -> Lowered | None:
    dim = _argument(op, "dim", 1, None) if with_dim else None
    if with_dim and not isinstance(dim, int):
        return None
    keepdim = bool(_argument(op, "keepdim", 2, False))
    n = _row_length(op, dim)
    return None if n is None else _select(op, dim, keepdim, True, _first_nan_or(n - 1 - (n - 1) // 2))


def lower_nanmedian(op: aten.FallbackOp, with_dim: bool) -> Lowered | None:
    dim = _argument(op, "dim", 1, None) if with_dim else None
    if with_dim and not isinstance(dim, int):
        return None
    keepdim = bool(_argument(op, "keepdim", 2, False))
    n = _row_length(op, dim)
    source = operand_of(op, op.args.data[0]) if op.args.data else None
    if n is None or source is None:
        return None
    if not is_float(source.type.element_type) or not source.type.sizes():
        return _select(op, dim, keepdim, False, lambda rows, body, others: (n - 1) // 2)
    count = _count_numbers(source, dim)

    def position(rows: Rows, body: Body, others: Sequence[object]):
        m = body.load(count.results[0], list(others))
        half = body.add(arith.FloorDivSIOp(body.add(arith.SubiOp(m, body.constant(1, i64))), body.constant(2, i64)))
        return body.add(arith.MaxSIOp(half, body.constant(0, i64)))

    lowered = _select(op, dim, keepdim, False, position)
    return None if lowered is None else Lowered([count, *lowered.ops], lowered.values)


def _count_numbers(source: SSAValue, dim: int | None) -> Operation:
    """A sum reduction of the non-NaN elements of each row (of all elements when dim is None), as i64."""
    sizes = list(source.type.sizes())
    rank = len(sizes)
    if dim is None:
        body = Body([], sizes)
        coords = [index_symbol(f"r{d}") for d in range(rank)]
    else:
        dim = normalize_dim(dim, rank)
        body = Body(sizes[:dim] + sizes[dim + 1 :], [sizes[dim]])
        coords = [index_symbol(f"i{d if d < dim else d - 1}") for d in range(rank)]
        coords[dim] = index_symbol("r0")
    x = body.load(source, coords)
    number = body.add(arith.CmpfOp(x, x, "ord"))
    return body.reduction("sum", body.cast(number, i64))


def _row_length(op: aten.FallbackOp, dim: int | None) -> int | None:
    source = operand_of(op, op.args.data[0]) if op.args.data else None
    if source is None or not isinstance(source.type, BufferType):
        return None
    sizes = list(source.type.sizes())
    if not sizes:
        return 1 if dim in (None, 0, -1) else None
    if dim is not None and not -len(sizes) <= dim < len(sizes):
        return None
    n = product(sizes) if dim is None else sizes[normalize_dim(dim, len(sizes))]
    return n if isinstance(n, int) and n > 0 else None


def lower_kthvalue(op: aten.FallbackOp) -> Lowered | None:
    k, dim = _argument(op, "k", 1, None), _argument(op, "dim", 2, -1)
    keepdim = bool(_argument(op, "keepdim", 3, False))
    n = _row_length(op, dim) if isinstance(dim, int) else None
    if n is None or not isinstance(k, int) or not 1 <= k <= n:
        return None
    return _select(op, dim, keepdim, False, lambda rows, body, others: k - 1)


def lower_topk(op: aten.FallbackOp) -> Lowered | None:
    k, dim = _argument(op, "k", 1, None), _argument(op, "dim", 2, -1)
    largest, ordered = _argument(op, "largest", 3, True), _argument(op, "sorted", 4, True)
    n = _row_length(op, dim) if isinstance(dim, int) else None
    if n is None or not isinstance(k, int) or not 0 < k <= n or not ordered:
        return None
    rank = len(op.result_types[0].sizes())
    dim = normalize_dim(dim, rank) if rank else dim
    return _select(op, dim, True, bool(largest), lambda rows, body, others: index_symbol(f"i{dim}"))


SELECT_LOWERINGS: dict[str, Callable[[aten.FallbackOp], Lowered | None]] = {
    "aten::kthvalue.default": lower_kthvalue,
    "aten::median.default": lambda op: lower_median(op, False),
    "aten::median.dim": lambda op: lower_median(op, True),
    "aten::nanmedian.default": lambda op: lower_nanmedian(op, False),
    "aten::nanmedian.dim": lambda op: lower_nanmedian(op, True),
    "aten::topk.default": lower_topk,
}
