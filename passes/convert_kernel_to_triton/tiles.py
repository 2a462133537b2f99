"""The prologue of a 2-D tiled pointwise kernel (kernel.kernel with ynumel), for convert-kernel-to-triton.

One flat grid of cdiv(ynumel, YBLOCK) * cdiv(xnumel, XBLOCK) programs (no 65535 limit on grid.y); program
`pid` takes y tile `pid // xtiles` and x tile `pid % xtiles`, so neighbouring programs share y rows
(`pid = tl.num_programs(0) - 1 - tl.program_id(0)` in a kernel marked `reverse_programs`, in 1-D grids too):

    pid = tl.program_id(0); xtiles = (xnumel + XBLOCK - 1) // XBLOCK
    yoffset = (pid // xtiles) * YBLOCK; yindex = yoffset + tl.arange(0, YBLOCK)[:, None]
    xoffset = (pid % xtiles) * XBLOCK;  xindex = xoffset + tl.arange(0, XBLOCK)[None, :]
    ymask = yindex < ynumel; xmask = xindex < xnumel
    yxmask = ymask & xmask

A loop op's y dims are the coordinates of yindex, its x dims those of xindex; index math, loads and stores
take the shape of what they depend on ([YBLOCK, 1], [1, XBLOCK] or [YBLOCK, XBLOCK]).
"""

from __future__ import annotations

import sympy
from xdsl.ir import SSAValue

from irc.dialects import triton
from irc.passes.convert_kernel_to_triton.builder import TritonBuilder
from irc.passes.convert_kernel_to_triton.context import LoweringContext, Scope


def tiled_grid(ynumel: sympy.Expr, xnumel: sympy.Expr, yblock: int, xblock: int) -> sympy.Expr:
    from irc.dialects.sym import FloorDiv

    return FloorDiv(ynumel + yblock - 1, yblock) * FloorDiv(xnumel + xblock - 1, xblock)


def tiled_prologue(ctx: LoweringContext, b: TritonBuilder) -> Scope:
    it, info = ctx.index_type, ctx.info
    ynumel = ctx.symbols.get("ynumel") or b.const(int(info.ynumel), it, name="ynumel")
    xnumel = ctx.symbols.get("xnumel") or b.const(int(info.xnumel), it, name="xnumel")
    ctx.symbols.update(ynumel=ynumel, xnumel=xnumel)
    pid = program_index(b, it, ctx.info.kernel.reverse_programs is not None)
    xblock, yblock = b.constexpr("XBLOCK", it), b.constexpr("YBLOCK", it)
    rounded_up = b.binary("add", xnumel, b.binary("sub", xblock, b.const(1, it)))
    xtiles = b.binary("trunc_div", rounded_up, xblock, name="xtiles")
    yoffset = b.binary("mul", b.binary("trunc_div", pid, xtiles), yblock, name="yoffset")
    xoffset = b.binary("mul", b.binary("trunc_rem", pid, xtiles), xblock, name="xoffset")
    yindex = _axis_index(b, it, yoffset, "YBLOCK", 1, "yindex")
    xindex = _axis_index(b, it, xoffset, "XBLOCK", 0, "xindex")
    y_shape, x_shape = triton.shape_of(yindex.type), triton.shape_of(xindex.type)
    ymask = ctx.mask(b, yindex, ynumel, ("yblock", info.ynumel), y_shape, "ymask")
    xmask = ctx.mask(b, xindex, xnumel, ("xblock", info.xnumel), x_shape, "xmask")
    yxmask = b.binary("logical_and", ymask, xmask, name="yxmask")
    full = (y_shape[0], x_shape[1])
    return Scope(
        b,
        {"yindex": yindex, "xindex": xindex},
        {"y": ymask, "x": xmask, "yx": yxmask},
        {"y": y_shape, "x": x_shape, "yx": full},
    )


def program_index(b: TritonBuilder, index_type, reverse: bool) -> SSAValue:
    """`tl.program_id(0)`, or `tl.num_programs(0) - 1 - tl.program_id(0)` when the programs walk the tiles
    last first (kernel.kernel's reverse_programs)."""
    pid = b.cast(b.insert(triton.ProgramIdOp("x")), index_type)
    if not reverse:
        return pid
    programs = b.cast(b.insert(triton.NumProgramsOp("x")), index_type)
    return b.binary("sub", b.binary("sub", programs, b.const(1, index_type)), pid, name="pid")


def _axis_index(b, index_type, offset, block: str, axis: int, name: str):
    """`offset + tl.arange(0, BLOCK)` expanded along `axis` (1: a column [BLOCK, 1], 0: a row [1, BLOCK])."""
    base = b.cast(b.expand_dims(b.insert(triton.ArangeOp(0, block)), axis), index_type)
    return b.binary("add", offset, base, name=name)
