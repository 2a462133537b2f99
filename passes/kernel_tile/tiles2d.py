"""Whether a pointwise kernel wants 2-D (YBLOCK x XBLOCK) tiles, and where its dims divide into y and x.

A 1-D block of consecutive flat positions walks the innermost dim, so an access contiguous along another dim
(the transposed read of `x.t() + y`: index `i0 + 8192*i1` over ranges [8192, 8192]) touches one element
per row: every lane reads its own 32-byte sector. Dividing the dims at the strided access's stride-1 dim
(`y` = ranges[:k+1], `x` = ranges[k+1:]) gives tiles with a contiguous run along y for that access and along
x for the others (Inductor's candidate_tilings). It pays where the strided accesses move a real part of the
bytes (at least STRIDED_SHARE) and both runs are long enough (MIN_RUN) to fill a sector; also where every
access is contiguous along the same outer dim (an elementwise op over a transposed view whose result keeps
that layout: the attention probabilities' dropout gradient of `P^T @ dO`, 2.8 ms 1-D on an H200 at
[192, 512, 512]; a batch norm's normalization over [C, N*H*W] of a channels_last activation, up to 4 ms).
Reads broadcast along x (per-channel statistics) do not count: each is one element per row.

A kernel whose loads are all contiguous along the innermost dim gets wide 2-D tiles (`broadcast_tiles`) when
some input is broadcast along the leading dims or along the trailing ones: the bias of `gelu(x + bias)`
(index `i1` over [16384, 4096]) or the row statistics of a normalization (`i0`). Divided there, such a load
is one [1, XBLOCK] (or [YBLOCK, 1]) block that YBLOCK (XBLOCK) rows reuse, without the `xindex % 4096` a
1-D block needs: bias+GELU fp16 on the H200 went from 96.5 to 89.9 us (YBLOCK 4 x XBLOCK 1024).
"""

from __future__ import annotations

from collections.abc import Iterator

import sympy
from xdsl.ir import SSAValue

from irc.dialects import kernel, loop
from irc.dialects.sym import as_expr
from irc.dialects.types import BufferType, dim_value, element_bytes

# share of a kernel's bytes each of the x-contiguous and y-contiguous accesses must move
STRIDED_SHARE = sympy.Rational(1, 4)
# shortest static contiguous run (elements) along y and along x that a 2-D tile is worth
MIN_RUN = 8
# smallest static numel worth 2-D tiles (below it the launch dominates)
MIN_NUMEL = 1024
# shortest static x extent (product of the x dims) worth a wide tile of a broadcast input
MIN_BROADCAST_RUN = 256


def ranges_of(op: loop.PointwiseOp) -> list[sympy.Expr]:
    return [as_expr(dim_value(d)) for d in op.ranges.data]


def kernel_input(k: kernel.KernelOp, buffer: SSAValue) -> bool:
    """Whether a loaded buffer is (a view of) a kernel input, i.e. memory rather than a fused value."""
    while isinstance(buffer.owner, loop.ReinterpretOp):
        buffer = buffer.owner.source
    return buffer in k.body.block.args


def accesses(k: kernel.KernelOp, ops: list[loop.PointwiseOp]) -> Iterator[tuple[sympy.Expr, int]]:
    """(index expression over i0.., bytes per element) of every memory access of the kernel's loop ops."""
    yielded = set(k.body.block.last_op.operands)
    for op in ops:
        for load in loop.loads(op):
            if kernel_input(k, load.buffer):
                yield load.index.value(), element_bytes(load.buffer.type.element_type)
        for store in loop.stores(op):
            yield store.index.value(), element_bytes(store.buffer.type.element_type)
        for result in op.results:
            if result in yielded:
                yield result_offset(result.type), element_bytes(result.type.element_type)


def result_offset(t: BufferType) -> sympy.Expr:
    terms = [sympy.Symbol(f"i{d}") * as_expr(s) for d, s in enumerate(t.stride_values())]
    return sympy.Add(*terms)


def stride_of(index: sympy.Expr, var: str) -> sympy.Expr | None:
    """The coefficient of `var` in `index` (symbolic coefficients too); None where `var` is not linear."""
    symbol, stride = sympy.Symbol(var), sympy.Integer(0)
    for term in sympy.Add.make_args(sympy.expand(index)):
        if symbol not in term.free_symbols:
            continue
        coefficient, dependent = term.as_independent(symbol, as_Add=False)
        if dependent != symbol:
            return None
        stride += coefficient
    return stride


def contiguous_dim(index: sympy.Expr, rank: int) -> int | None:
    """The innermost dim along which `index` has stride 1; None for a broadcast along the innermost dim or an
    index not linear in it."""
    strides = [stride_of(index, f"i{d}") for d in range(rank)]
    if strides[-1] is None or strides[-1] == 0:
        return None
    return next((d for d in reversed(range(rank)) if strides[d] == 1), None)


def static_at_least(size: sympy.Expr, minimum: int) -> bool:
    """False only where a static size is below `minimum` (symbolic sizes may be large)."""
    return not size.is_Integer or int(size) >= minimum


def tiled_ops(k: kernel.KernelOp) -> tuple[list[loop.PointwiseOp], list[sympy.Expr]] | None:
    """The loop ops and their common ranges of a pointwise kernel of rank >= 2, else None."""
    ops = [op for op in k.body.block.ops if isinstance(op, loop.PointwiseOp | loop.ReductionOp)]
    if k.kind.data != "pointwise" or not ops or any(isinstance(op, loop.ReductionOp) for op in ops):
        return None
    ranges = ranges_of(ops[0])
    if len(ranges) < 2 or any(ranges_of(op) != ranges for op in ops):
        return None
    return ops, ranges


def strided_tiles(k: kernel.KernelOp) -> sympy.Expr | None:
    """ynumel (the product of the y dims) of a pointwise kernel that wants 2-D tiles, else None."""
    found = tiled_ops(k)
    if found is None:
        return None
    ops, ranges = found
    rank = len(ranges)
    by_dim: dict[int | None, int] = {}
    for index, nbytes in accesses(k, ops):
        if stride_of(index, f"i{rank - 1}") == 0:
            continue  # the same element along x (a batch norm's per-channel statistics): cached, not streamed
        dim = contiguous_dim(index, rank)
        by_dim[dim] = by_dim.get(dim, 0) + nbytes
    total = sum(by_dim.values())
    strided = {d: n for d, n in by_dim.items() if d is not None and d < rank - 1}
    if not strided or total == 0:
        return None
    last_y = max(strided, key=lambda d: (strided[d], d))
    ynumel, numel = sympy.Mul(*ranges[: last_y + 1]), sympy.Mul(*ranges)
    pays = strided[last_y] >= STRIDED_SHARE * total and static_at_least(numel, MIN_NUMEL)
    long_runs = static_at_least(ranges[last_y], MIN_RUN) and static_at_least(ranges[-1], MIN_RUN)
    return ynumel if pays and long_runs else None


def broadcast_tiles(k: kernel.KernelOp) -> tuple[sympy.Expr, int] | None:
    """(ynumel, static xnumel) of a pointwise kernel that wants wide 2-D tiles because an input is broadcast
    along its leading (or trailing) dims, else None. Every access must be contiguous along the innermost dim
    or broadcast along it; the x extent must be static and at least MIN_BROADCAST_RUN."""
    found = tiled_ops(k)
    if found is None:
        return None
    ops, ranges = found
    rank = len(ranges)
    if any(contiguous_dim(index, rank) not in (None, rank - 1) for index, _ in accesses(k, ops)):
        return None
    loads = [load.index.value() for op in ops for load in loop.loads(op) if kernel_input(k, load.buffer)]
    boundaries = [s for s in (broadcast_dims(index, rank) for index in loads) if s is not None]
    if not boundaries:
        return None
    last_y = max(boundaries)
    xnumel, numel = sympy.Mul(*ranges[last_y + 1 :]), sympy.Mul(*ranges)
    if not xnumel.is_Integer or int(xnumel) < MIN_BROADCAST_RUN or not static_at_least(numel, MIN_NUMEL):
        return None
    return sympy.Mul(*ranges[: last_y + 1]), int(xnumel)


def broadcast_dims(index: sympy.Expr, rank: int) -> int | None:
    """k where `index` is constant along dims 0..k and depends on dim k+1 (a row broadcast over leading dims),
    or depends on dim k and is constant along dims k+1.. (a column broadcast over trailing dims); None when
    it is neither or not linear."""
    strides = [stride_of(index, f"i{d}") for d in range(rank)]
    if any(s is None for s in strides):
        return None
    leading = next(d for d in range(rank + 1) if d == rank or strides[d] != 0)
    if 0 < leading < rank:
        return leading - 1
    trailing = next(d for d in reversed(range(-1, rank)) if d < 0 or strides[d] != 0)
    return trailing if 0 <= trailing < rank - 1 else None
