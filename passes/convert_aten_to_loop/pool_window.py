"""What pool.py and pool_adaptive.py share: a pooling's arguments, and a body's window over the last n dims.

A pooling over n spatial dims (n = 2 or 3; 1-d poolings reach irc as 2-d ones over an unsqueezed dim) reads,
for each output element, a small window of its input; the body unrolls it, one load per window position.
`Window` names the body's coordinates (leading dims i0.. first, the spatial ones last) and loads a source at
window positions; `Maximum` keeps the running maximum of a window as eager's loops do.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import arith
from xdsl.dialects.builtin import i1, i64
from xdsl.ir import Attribute, SSAValue

from irc.dialects import aten
from irc.dialects.element_types import element_type_name, is_float
from irc.dialects.types import BufferType, DimLike, TensorType

from .body import Body, Lowered, index_symbol
from .cat import _arg, coordinate_value, finish, in_range, masked_load, number
from .dtypes import compute_type
from .gather import operand_of

MAX_WINDOW = 64  # window elements unrolled into one body (a 7x7 average pool is 49, 4x4x4 is 64)


def spread(values: list[int] | None, n: int, default: list[int] | None = None) -> list[int] | None:
    """A pooling parameter over n dims: [k] means [k] * n; [] takes the default (stride defaults to the
    kernel)."""
    if not values:
        values = default
    if values is None:
        return None
    return list(values) * n if len(values) == 1 else list(values) if len(values) == n else None


def flag(attr: Attribute | None) -> bool:
    return bool(number(attr))


def buffer_of(op: aten.FallbackOp, position: int, name: str) -> SSAValue | None:
    value = operand_of(op, _arg(op, position, name))
    return value if value is not None and isinstance(value.type, BufferType) else None


def results(op: aten.FallbackOp) -> list[TensorType] | None:
    types = list(op.result_types)
    return types if all(isinstance(t, TensorType) for t in types) else None


def static(*sizes: DimLike) -> bool:
    return all(isinstance(s, int) for s in sizes)


def product(values: Sequence[int]) -> int:
    total = 1
    for v in values:
        total *= v
    return total


def flat_index(points: Sequence[object], sizes: Sequence[DimLike]):
    """The row-major offset of `points` in a volume of `sizes` (eager's pooling indices: h * W + w, ...)."""
    total = 0
    for point, size in zip(points, sizes):
        total = total * size + point
    return total


def window_checked(in_sizes, out_sizes, kernel, stride, padding, dilation) -> bool:
    """Whether some window position may fall outside the input (padding, ceil_mode, symbolic sizes)."""
    for d in range(len(kernel)):
        size, out = in_sizes[d], out_sizes[d]
        if padding[d] or not static(size, out):
            return True
        if (out - 1) * stride[d] + (kernel[d] - 1) * dilation[d] >= size:
            return True
    return False


def select(body: Body, cond: SSAValue | None, value: SSAValue, other: SSAValue) -> SSAValue:
    return value if cond is None else body.add(arith.SelectOp(cond, value, other))


def as_float(body: Body, value: SSAValue, t: Attribute) -> SSAValue:
    return body.add(arith.SIToFPOp(value, t))


def all_of(body: Body, conditions: Sequence[SSAValue | None]) -> SSAValue | None:
    """The conjunction of the conditions that are not None (None: no condition, always true)."""
    total = None
    for c in conditions:
        if c is not None:
            total = c if total is None else body.add(arith.AndIOp(total, c))
    return total


class Window:
    """The coordinates of a pooling body: leading coordinates i0.. and the n spatial dims after them."""

    def __init__(self, body: Body, rank: int, n: int):
        self.body, self.n, self.lead = body, n, rank - n
        self.coords = [index_symbol(f"i{d}") for d in range(rank)]
        self.values: dict[object, SSAValue] = {}  # one loop.index per coordinate expression
        self.ranges: dict[tuple[object, DimLike], SSAValue] = {}  # one range check per coordinate and size

    def spatial(self) -> list[object]:
        return self.coords[self.lead :]

    def load(self, source: SSAValue, points: Sequence[object], checked: bool) -> SSAValue:
        """source[..., *points] (index expressions) in its compute type; with `checked`, a masked load (0
        where a point is outside source)."""
        coords = [*self.coords[: self.lead], *points]
        if checked:
            dims = {self.lead + d: self.value(p) for d, p in enumerate(points)}
            value = masked_load(self.body, source, coords, dims)
        else:
            value = self.body.load(source, coords)
        return self.body.cast(value, compute_type(value.type))

    def inside(self, source: SSAValue, points: Sequence[object]) -> SSAValue:
        """Whether `points` is a position of source's spatial dims."""
        sizes = source.type.sizes()[-self.n :]
        return all_of(self.body, [self.in_range(p, s) for p, s in zip(points, sizes)])

    def in_range(self, expr, size: DimLike) -> SSAValue:
        if (expr, size) not in self.ranges:
            self.ranges[expr, size] = in_range(self.body, self.value(expr), size)
        return self.ranges[expr, size]

    def positive(self, expr, strict: bool = True) -> SSAValue:
        """expr > 0 (expr >= 0 unless `strict`), as an i1."""
        zero = self.body.constant(0, i64)
        return self.body.add(arith.CmpiOp(self.value(expr), zero, "sgt" if strict else "sge"))

    def value(self, expr) -> SSAValue:
        if expr not in self.values:
            self.values[expr] = coordinate_value(self.body, expr)
        return self.values[expr]


def lowest(element: Attribute) -> float | int:
    """The least value of an element type: what a position outside the input holds in a maximum."""
    name = element_type_name(element)
    if is_float(element):
        return float("-inf")
    return 0 if name.startswith("ui") else -(2 ** (int(name[1:]) - 1))


class Maximum:
    """The running maximum of a window (and where it is), as eager's loops keep it: a later value replaces
    the kept one when greater or NaN; positions outside the input never count, and the first one inside is
    kept whatever its value (an all -inf window's index is its first position inside the input).

    Without `element` the positions outside are skipped by a flag (the index needs it); with it, only the
    maximum is wanted and they hold `lowest(element)`, which changes no maximum."""

    def __init__(self, body: Body, element: Attribute | None = None):
        self.body = body
        self.fill = None if element is None else body.constant(lowest(element), element)
        self.best: SSAValue | None = None
        self.at: SSAValue | None = None
        self.have: SSAValue | None = None  # whether a position inside was seen (None: surely)

    def add(self, value: SSAValue, at: SSAValue | None, inside: SSAValue | None) -> None:
        body = self.body
        if self.fill is not None and inside is not None:
            value, inside = body.add(arith.SelectOp(inside, value, self.fill)), None
        if self.best is None:
            self.best, self.at, self.have = value, at, inside
            return
        if is_float(value.type):
            greater = body.add(arith.CmpfOp(value, self.best, "ogt"))
            nan = body.add(arith.CmpfOp(value, value, "uno"))
            take = body.add(arith.OrIOp(greater, nan))
        else:
            take = body.add(arith.CmpiOp(value, self.best, "sgt"))
        if self.have is not None:
            missing = body.add(arith.XOrIOp(self.have, body.constant(True, i1)))
            take = body.add(arith.OrIOp(take, missing))
            self.have = None if inside is None else body.add(arith.OrIOp(self.have, inside))
        take = all_of(body, [take, inside])
        self.best = body.add(arith.SelectOp(take, value, self.best))
        if at is not None:
            self.at = body.add(arith.SelectOp(take, at, self.at))


NO_POSITION = 2**62  # a key above every flat position (and above BIG - position for a NaN's)


def max_by_reduction(
    source: SSAValue, types: list[TensorType], n: int, reduce: list[int], points_of
) -> Lowered:
    """The values and indices of a max pooling whose window is too long to unroll, as reductions over the
    window's positions r0.. (`reduce`): the maximum (a max reduction, NaN-propagating like eager; positions
    outside hold the lowest value), then the min over the positions of a key that names eager's choice: the
    first position holding the maximum, or when it is NaN, the last NaN (key NO_POSITION - position).

    `points_of(window, rs)` gives the input coordinates of window position rs and whether it counts (None:
    always), and whether the loads need masks."""
    out_sizes, element = types[0].sizes(), source.type.element_type
    in_sizes = source.type.sizes()[-n:]
    rs = [index_symbol(f"r{d}") for d in range(n)]

    def window_value(body: Body):
        window = Window(body, len(out_sizes), n)
        points, valid, checked = points_of(window, rs)
        return window, points, valid, window.load(source, points, checked)

    body = Body(out_sizes, reduce)
    _, _, valid, value = window_value(body)
    if valid is not None:
        value = body.add(arith.SelectOp(valid, value, body.constant(lowest(element), element)))
    best = body.reduction("max", value)
    body = Body(out_sizes, reduce)
    window, points, valid, value = window_value(body)
    kept = body.cast(body.load(best.results[0], window.coords), value.type)
    position, none = window.value(flat_index(points, in_sizes)), body.constant(NO_POSITION, i64)
    if is_float(value.type):
        last_nan = body.add(arith.SubiOp(none, position))
        nan = body.add(arith.CmpfOp(value, value, "uno"))
        key = body.add(arith.SelectOp(nan, last_nan, none))
        equal = body.add(arith.CmpfOp(value, kept, "oeq"))
        first = body.add(arith.SelectOp(equal, position, none))
        kept_nan = body.add(arith.CmpfOp(kept, kept, "uno"))
        key = body.add(arith.SelectOp(kept_nan, key, first))
    else:
        key = body.add(arith.SelectOp(body.add(arith.CmpiOp(value, kept, "eq")), position, none))
    keys = body.reduction("min", select(body, valid, key, none))
    values = _copy(best, types[0], n)
    body = Body(out_sizes)
    coords = Window(body, len(out_sizes), n).coords
    key = body.load(keys.results[0], coords)
    if is_float(element):
        kept = body.load(best.results[0], coords)
        kept_nan = body.add(arith.CmpfOp(kept, kept, "uno"))
        last = body.add(arith.SubiOp(body.constant(NO_POSITION, i64), key))
        key = body.add(arith.SelectOp(kept_nan, last, key))
    indices = finish(body, key, types[1])
    return Lowered([best, keys, *values.ops, *indices.ops], [values.values[0], indices.values[0]])


def _copy(reduced, out: TensorType, n: int) -> Lowered:
    body = Body(out.sizes())
    coords = Window(body, len(out.sizes()), n).coords
    return finish(body, body.load(reduced.results[0], coords), out)
