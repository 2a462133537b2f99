"""Gather loads and scatter stores for convert-kernel-to-triton: `tl.load(ptr + offset)`, `tl.store` or
`tl.atomic_add` / `tl.atomic_max` / `tl.atomic_min` (WRITES) at offsets made of loaded index values.

A loop.load with gather values (`t0, t1, ...` in its index) splits its flat index into the part over the
program indices (lowered, memoized and hoisted like any load's) and the terms of the `t` symbols, computed
where the values are. An index value outside [0, bound) is masked (the load reads 0); a `checked` access also
asserts it is inside (unless value_range proves it), where the block's mask holds:

    loop.load %x[#loop.index<"5000*i0 + t0">] gather(%k : i64) bounds [5000]
      ->  tmp1 = tmp0.to(tl.int32); tmp2 = (tmp1 >= 0) & (tmp1 < 5000)
          tl.load(in_ptr0 + (5000*x0 + tmp1), xmask & tmp2, other=0.0)
    ... bounds [5000] checked
      ->  tl.device_assert(tmp2 | (xmask == 0), "index out of range")
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
import sympy
from xdsl.ir import Operation, SSAValue

from irc.dialects import triton
from irc.dialects.loop_analysis.value_range import provably_within
from irc.dialects.sym import as_expr
from irc.passes.convert_kernel_to_triton.builder import convert_scalar
from irc.passes.convert_kernel_to_triton.context import LoweringContext, Scope
from irc.passes.convert_kernel_to_triton.index import flat_index
from irc.passes.convert_kernel_to_triton.index_lowering import IndexLowering
from irc.passes.convert_kernel_to_triton.schedule import resolve

# a loop.store's combine -> the triton op that writes it
WRITES = {None: triton.StoreOp, "add": triton.AtomicAddOp, "max": triton.AtomicMaxOp, "min": triton.AtomicMinOp}

# shape class names by the axes they span ("y", "x", "yx" in 2-D tiled kernels; "x", "r", "xr" otherwise)
_CLASS_OF_AXES = {frozenset(name): name for name in ("x", "r", "xr", "y", "yx")}


def shape_class_of(value: SSAValue, scope: Scope) -> str:
    """The shape class ("x", "r", "xr"; "y", "yx" when tiled) whose block shape a value has (a scalar counts
    as "x")."""
    shape = triton.shape_of(value.type)
    for name, class_shape in scope.shapes.items():
        if tuple(shape) == tuple(class_shape):
            return name
    return "x"


def joined(classes: Sequence[str]) -> str:
    """The shape class that blocks of all `classes` broadcast to."""
    return _CLASS_OF_AXES[frozenset("".join(classes))]


def split_terms(expr: sympy.Expr, names: set[str]) -> tuple[sympy.Expr, sympy.Expr]:
    """(terms without any of `names`, terms with them)."""
    base, gathered = sympy.Integer(0), sympy.Integer(0)
    for term in sympy.Add.make_args(sympy.expand(expr)):
        if {s.name for s in term.free_symbols} & names:
            gathered += term
        else:
            base += term
    return base, gathered


def gather_load(
    ctx: LoweringContext, consumer: Operation, op: Operation, scope: Scope, values: list[SSAValue]
) -> SSAValue:
    """The masked load of a kernel input at an index that uses loaded values (`values`, one per t symbol)."""
    pointer, offset, mask, _ = indirect_address(ctx, consumer, op, scope, values)
    b = scope.builder
    element = triton.element_of(pointer.type).pointee
    zero = b.const(convert_scalar(0, element), element)
    return b.insert(triton.LoadOp(b.insert(triton.AddPtrOp(pointer, offset)), mask, zero))


def scatter_store(
    ctx: LoweringContext, consumer: Operation, op: Operation, scope: Scope, values: list[SSAValue], value: SSAValue
) -> None:
    """The masked store (an atomic one for a store with a combine) of `value` at an index that uses loaded
    values."""
    pointer, offset, mask, shape = indirect_address(ctx, consumer, op, scope, values)
    b = scope.builder
    address = b.insert(triton.AddPtrOp(pointer, offset))
    written = b.broadcast_to(value, shape)
    combine = op.combine.data if op.combine is not None else None
    b.insert(WRITES[combine](address, written, mask))


def indirect_address(
    ctx: LoweringContext, consumer: Operation, op: Operation, scope: Scope, values: list[SSAValue]
) -> tuple[SSAValue, SSAValue, SSAValue, tuple]:
    """(pointer, offset block, mask, block shape) of a gather load or scatter store: the offsets of its index
    with the t symbols bound to `values`, masked where a value is outside [0, bound)."""
    root, delta = resolve(op.buffer)
    b, it = scope.builder, ctx.index_type
    names = {f"t{k}": b.cast(v, it) for k, v in enumerate(values)}
    flat = flat_index(op.index.value() + delta, ctx.info.parts(consumer))
    base, gathered = split_terms(flat, set(names))
    # the gathered terms can read index variables too (a token gathered per row, offset by the reduced channel)
    parts = [ctx.shape_class(base), ctx.shape_class(gathered)]
    shape_class = joined([*parts, *(shape_class_of(v, scope) for v in names.values())])
    shape = scope.shapes[shape_class]
    local = replace(scope, index={**scope.index, **names}, exprs={}, loads={}, values={}, hoisted=None)
    offset = b.binary(
        "add",
        b.broadcast_to(IndexLowering(ctx, scope).lower(base), shape),
        b.broadcast_to(IndexLowering(ctx, local).lower(gathered), shape),
    )
    tile_mask = mask = scope.masks[shape_class]
    for value, bound, source in zip(values, op.bound_values(), op.indirect):  # before narrowing to index type
        limit = IndexLowering(ctx, scope).lower(as_expr(bound))
        above, below = b.binary("ge", value, b.const(0, it)), b.binary("lt", value, limit)
        inside = b.broadcast_to(b.binary("logical_and", above, below), shape)
        mask = b.binary("logical_and", mask, inside)
        if op.checked is not None and not provably_within(source, bound):
            passes = b.binary("logical_or", inside, b.unary("not", tile_mask))
            b.insert(triton.DeviceAssertOp(passes, "index"))
    return ctx.pointer(root), offset, mask, shape
