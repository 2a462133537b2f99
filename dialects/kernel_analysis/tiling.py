"""What tiling decisions read off a kernel: static sizes and which dim its reduction loads are contiguous in.

A reduction is *inner* when some load walks memory contiguously along r (a row sum: index `4096*i0 + r0`),
*outer* when no load does but one walks contiguously along x (a column sum: index `i0 + 4096*r0`); loads that
do not depend on x (a per-row vector, `r0`) count for neither. Outer
reductions want wide x blocks and short r blocks so that each warp reads whole rows of consecutive columns.
"""

import sympy
from xdsl.dialects.builtin import IntAttr, StringAttr

from irc.dialects import kernel, loop
from irc.dialects.element_types import element_bytes

# x positions one program of an outer reduction handles (its XBLOCK)
OUTER_XBLOCK = 64
# outer reductions with rows up to this long run persistent, one program holding whole rows with their consumers
OUTER_PERSISTENT_MAX = 32
# longest row a persistent reduction holds by default (kernel-tile's persistent_max)
PERSISTENT_MAX = 4096


def next_power_of_two(n: int) -> int:
    """The smallest power of two >= n (1 for n <= 1)."""
    return 1 if n <= 1 else 1 << (n - 1).bit_length()


def is_power_of_two(n: int) -> bool:
    return n > 0 and n & (n - 1) == 0


def static_int(attr: IntAttr | StringAttr) -> int | None:
    return attr.data if isinstance(attr, IntAttr) else None


def stride_of(expr: sympy.Expr, var: str) -> sympy.Expr:
    """The coefficient of `var` in the linear part of an index (0 when it only appears nonlinearly)."""
    return sympy.expand(expr).as_coefficients_dict().get(sympy.Symbol(var), sympy.Integer(0))


def reduction_load_strides(k: kernel.KernelOp) -> list[tuple[sympy.Expr, sympy.Expr]]:
    """(stride along the innermost x var, stride along the innermost r var) of every load in a reduction."""
    strides = []
    for reduction in [o for o in k.body.block.ops if isinstance(o, loop.ReductionOp)]:
        x_var, r_var = f"i{len(reduction.ranges.data) - 1}", f"r{len(reduction.reduce.data) - 1}"
        for o in reduction.walk():
            if isinstance(o, loop.LoadOp):
                index = o.index.value()
                strides.append((stride_of(index, x_var), stride_of(index, r_var)))
    return strides


def is_outer_reduction(k: kernel.KernelOp) -> bool:
    """No load walks r contiguously but one walks x so. Loads the same for every x (a per-row vector such
    as the mean and rstd a layer norm's weight gradient reads beside its [rows, columns] inputs) are one
    element per row whichever way the block is laid out, so they do not count."""
    strides = [(x, r) for x, r in reduction_load_strides(k) if r != 0 and x != 0]
    return bool(strides) and all(r != 1 for _, r in strides) and any(x == 1 for x, _ in strides)


def widest_load_bytes(k: kernel.KernelOp) -> int:
    """The element size in bytes of the widest buffer the kernel loads from (0 when it loads nothing)."""
    return max((element_bytes(o.buffer.type.element_type) for o in k.walk() if isinstance(o, loop.LoadOp)), default=0)


def stores_rows_only(k: kernel.KernelOp) -> bool:
    """Every result of the kernel has one element per x position (a row sum's, a mean's): nothing of the
    rows' length is written."""
    numel, terminator = static_int(k.numel), k.body.block.last_op
    if numel is None or terminator is None or not terminator.operands:
        return False
    return all(v.type.numel() == numel for v in terminator.operands)
