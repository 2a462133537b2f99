"""Index analysis shared by loop-inline and kernel-fuse: layouts, positions, substitution and equality proofs.

Index expressions are sympy expressions over index variables (`i0.., r0..`) and size symbols; see
irc.dialects.sym. sympy is imported here at module level: passes are imported lazily.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache, reduce

import sympy
from xdsl.ir import Operation

from irc.dialects.loop import LoadOp, PointwiseOp, ReductionOp, ReinterpretOp, ScanOp, index_vars
from irc.dialects.sym import (
    FloorDiv,
    ModularIndexing,
    as_expr,
    decompose,
    evaluate_index,
    linearize,
    simplify_index,
    substitute,
)
from irc.dialects.sym_equal import equal_sizes
from irc.dialects.types import BufferType, IndexAttr, contiguous_strides, dim_value

# static iteration spaces up to this many points are checked point by point when sympy cannot decide
EXHAUSTIVE_CHECK_POINTS = 1 << 16

LoopLike = PointwiseOp | ReductionOp | ScanOp


def product(sizes: Sequence) -> sympy.Expr:
    return sympy.expand(reduce(lambda a, b: a * b, [as_expr(s) for s in sizes], sympy.Integer(1)))


def same_size(a, b) -> bool:
    """Whether two sizes are equal for all values of the size symbols."""
    return equal_sizes(a, b)


def range_sizes(op: LoopLike) -> list[sympy.Expr]:
    return [as_expr(dim_value(d)) for d in op.ranges.data]


def reduce_sizes(op: LoopLike) -> list[sympy.Expr]:
    """The reduce sizes of a reduction; none for a pointwise."""
    return [as_expr(dim_value(d)) for d in op.reduce.data] if isinstance(op, ReductionOp) else []


def loop_ranges(op: LoopLike) -> dict[str, sympy.Expr]:
    """Index variable name -> size, for every index variable of a pointwise/reduction."""
    return dict(zip(index_vars(op), range_sizes(op) + reduce_sizes(op)))


def flat_position(names: Sequence[str], sizes: Sequence) -> sympy.Expr:
    """The row-major flat index of the variables `names` over `sizes`."""
    return linearize([sympy.Symbol(n) for n in names], contiguous_strides(list(sizes)))


# ---------------------------------------------------------------------------
# Layouts: which element sits at a storage offset
# ---------------------------------------------------------------------------


def layout_coords(flat: sympy.Expr, buffer: BufferType) -> list[sympy.Expr] | None:
    """The coordinates of the element at element offset `flat` (from the first element) of `buffer`.

    Contiguous layouts decompose row-major; dense permuted layouts by stride order. None otherwise.
    """
    coords = _layout_coords(flat, buffer)
    return None if coords is None else list(coords)


@lru_cache(maxsize=1 << 14)
def _layout_coords(flat: sympy.Expr, buffer: BufferType) -> tuple[sympy.Expr, ...] | None:
    """layout_coords, asked again for each load a pass considers: made once per expression and layout."""
    coords = _coords(flat, buffer)
    return None if coords is None else tuple(coords)


def _coords(flat: sympy.Expr, buffer: BufferType) -> list[sympy.Expr] | None:
    sizes = [as_expr(s) for s in buffer.sizes()]
    strides = [as_expr(s) for s in buffer.stride_values()]
    if all(same_size(a, b) for a, b in zip(strides, contiguous_strides(sizes))):
        return decompose(flat, sizes)
    return _dense_permuted_coords(flat, sizes, strides)


def _dense_permuted_coords(flat: sympy.Expr, sizes: list, strides: list) -> list[sympy.Expr] | None:
    """Coordinates under a dense layout whose dims are stored in some order (a transpose's, channels_last):
    the innermost dim has stride 1 and each next one the product of the sizes inside it, with size symbols
    too (strides [1, s0] over sizes [s0, s1])."""
    coords: list[sympy.Expr | None] = [sympy.Integer(0) if s == 1 else None for s in sizes]
    left = [d for d in range(len(sizes)) if sizes[d] != 1]
    order, expected = [], sympy.Integer(1)
    while left:
        innermost = [d for d in left if same_size(strides[d], expected)]
        if len(innermost) != 1:
            return None
        order.append(innermost[0])
        left.remove(innermost[0])
        expected = sympy.expand(expected * sizes[innermost[0]])
    for k, d in enumerate(order):
        outermost = k == len(order) - 1
        coords[d] = FloorDiv(flat, strides[d]) if outermost else ModularIndexing(flat, strides[d], sizes[d])
    return coords


# ---------------------------------------------------------------------------
# Reading through views and substituting index variables
# ---------------------------------------------------------------------------


def fold_reinterpret_load(load: LoadOp) -> bool:
    """Makes a load through a loop.reinterpret load its source (index + view offset - base offset)."""
    view = load.buffer.owner
    if not isinstance(view, ReinterpretOp):
        return False
    delta = as_expr(view.result.type.offset_value()) - as_expr(view.source.type.offset_value())
    load.operands = [view.source, *load.indirect]
    load.index = IndexAttr(sympy.expand(load.index.value() + delta))
    return True


def substitute_index(index: IndexAttr, mapping: Mapping[str, sympy.Expr], ranges: Mapping) -> IndexAttr:
    """The index with variables replaced (simultaneously) by expressions, simplified over `ranges`."""
    return IndexAttr(simplify_index(substitute(index.value(), dict(mapping)), ranges))


# ---------------------------------------------------------------------------
# Equality proofs
# ---------------------------------------------------------------------------


def equal_on_ranges(a: sympy.Expr, b: sympy.Expr, ranges: Mapping[str, sympy.Expr]) -> bool:
    """Whether a == b at every point of `ranges`: simplified, else point by point in small static spaces."""
    difference = simplify_index(a - b, ranges)
    if difference == 0:
        return True
    return _equal_everywhere(difference, ranges)


def _equal_everywhere(difference: sympy.Expr, ranges: Mapping[str, sympy.Expr]) -> bool:
    names = sorted(str(s) for s in difference.free_symbols)
    if any(n not in ranges or not as_expr(ranges[n]).is_Integer for n in names):
        return False
    sizes = [int(ranges[n]) for n in names]
    if int(product(sizes)) > EXHAUSTIVE_CHECK_POINTS:
        return False
    import numpy

    grids = numpy.meshgrid(*[numpy.arange(s, dtype=numpy.int64) for s in sizes], indexing="ij")
    values = evaluate_index(difference, dict(zip(names, grids)))
    return bool(numpy.all(numpy.asarray(values) == 0))


def loads_of(op: Operation) -> list[LoadOp]:
    return [o for o in op.walk() if isinstance(o, LoadOp)]


# ---------------------------------------------------------------------------
# Kernel iteration spaces and positions (contract: "kernel level")
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Space:
    """A kernel's iteration space: `numel` x positions times `rnumel` r positions (1 for pointwise)."""

    numel: sympy.Expr
    rnumel: sympy.Expr
    reduction: bool

    def key(self) -> tuple[str, str, bool]:
        return str(self.numel), str(self.rnumel), self.reduction


@dataclass(frozen=True)
class Role:
    """How a loop op runs in a space: `reduction`, `x` (x-shaped) or `xr` (split after `split` dims)."""

    shape: str
    split: int = 0


def role_in(op: LoopLike, space: Space) -> Role | None:
    """The op's role in `space`, or None when its ranges do not fit the space."""
    ranges = range_sizes(op)
    if isinstance(op, ReductionOp):
        fits = same_size(product(ranges), space.numel) and same_size(product(reduce_sizes(op)), space.rnumel)
        return Role("reduction") if space.reduction and fits else None
    if isinstance(op, ScanOp):  # the scanned dim is the whole r range
        fits = same_size(product(ranges[:-1]), space.numel) and same_size(ranges[-1], space.rnumel)
        return Role("xr", len(ranges) - 1) if space.reduction and fits else None
    if same_size(product(ranges), space.numel):
        return Role("x")
    if not space.reduction:
        return None
    for split in range(len(ranges) + 1):
        if same_size(product(ranges[:split]), space.numel) and same_size(
            product(ranges[split:]), space.rnumel
        ):
            return Role("xr", split)
    return None


def space_of(ops: Sequence[LoopLike]) -> Space | None:
    """The space all `ops` fit in one kernel: the reductions' (all equal), a scan's (its scanned dim is the r
    dim), else the pointwise numel."""
    reductions = [op for op in ops if isinstance(op, ReductionOp)]
    scans = [op for op in ops if isinstance(op, ScanOp)]
    if scans and not reductions:
        ranges = range_sizes(scans[0])
        space = Space(product(ranges[:-1]), ranges[-1], True)
    elif reductions:
        first = reductions[0]
        space = Space(product(range_sizes(first)), product(reduce_sizes(first)), True)
    else:
        space = Space(product(range_sizes(ops[0])), sympy.Integer(1), False)
    return space if all(role_in(op, space) is not None for op in ops) else None


def positions(op: LoopLike, role: Role) -> tuple[sympy.Expr, sympy.Expr | None]:
    """(x position, r position or None) of the element an op computes, over its own index variables."""
    ranges = range_sizes(op)
    names = index_vars(op)
    if role.shape == "reduction":
        reduce = reduce_sizes(op)
        return flat_position(names[: len(ranges)], ranges), flat_position(names[len(ranges) :], reduce)
    if role.shape == "x":
        return flat_position(names, ranges), None
    split = role.split
    return flat_position(names[:split], ranges[:split]), flat_position(names[split:], ranges[split:])


def written_positions(op: LoopLike, role: Role) -> tuple[sympy.Expr, sympy.Expr | None]:
    """Where an op writes its results: a reduction once per x position, a pointwise at its positions."""
    x, r = positions(op, role)
    return (x, None) if role.shape == "reduction" else (x, r)


def reads_same_position(load: LoadOp, consumer: LoopLike, producer: LoopLike, space: Space) -> bool:
    """Whether `load` (in consumer) reads, at each consumer position, the element producer wrote there."""
    consumer_role, producer_role = role_in(consumer, space), role_in(producer, space)
    coords = layout_coords(load.index.value(), load.buffer.type)
    if consumer_role is None or producer_role is None or coords is None:
        return False
    mapping = {f"i{d}": c for d, c in enumerate(coords)}
    written_x, written_r = written_positions(producer, producer_role)
    read_x, read_r = positions(consumer, consumer_role)
    ranges = loop_ranges(consumer)
    if not equal_on_ranges(substitute(written_x, mapping), read_x, ranges):
        return False
    if written_r is None:
        return True
    return read_r is not None and equal_on_ranges(substitute(written_r, mapping), read_r, ranges)


def read_at_position(load: LoadOp, op: LoopLike, role: Role) -> sympy.Expr:
    """The element `load` reads (relative to its buffer) at the space position (`xpos`, `rpos`)."""
    names, sizes = index_vars(op), range_sizes(op) + reduce_sizes(op)
    split = {"x": len(names), "reduction": len(range_sizes(op))}.get(role.shape, role.split)
    mapping = {}
    for symbol, dims in (("xpos", range(split)), ("rpos", range(split, len(names)))):
        coords = decompose(sympy.Symbol(symbol), [sizes[d] for d in dims])
        mapping.update({names[d]: c for d, c in zip(dims, coords)})
    return substitute(load.index.value(), mapping)


def read_together(
    a: tuple[LoadOp, LoopLike, sympy.Expr], b: tuple[LoadOp, LoopLike, sympy.Expr], space: Space
) -> bool:
    """Whether two loads (each with its op and its buffer's offset in their common storage) read the same
    element at every position of `space`: fused, the element is read once for both. A gather (an indirect
    load) reads elements no index says; it counts as reading what the other load reads."""
    if a[0].indirect or b[0].indirect:
        return True
    reads = []
    for load, op, offset in (a, b):
        role = role_in(op, space)
        if role is None:
            return False
        reads.append(read_at_position(load, op, role) + offset)
    return equal_on_ranges(reads[0], reads[1], {"xpos": space.numel, "rpos": space.rnumel})
