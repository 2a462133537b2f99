"""The prologue of a 2-D tiled pointwise kernel (kernel.kernel with ynumel), for convert-kernel-to-triton.

One flat grid of cdiv(ynumel, YBLOCK) * cdiv(xnumel, XBLOCK) programs (no 65535 limit on grid.y); program
`pid` takes y tile `pid // xtiles` and x tile `pid % xtiles`, so neighbouring programs share y rows:

    pid = tl.program_id(0); xtiles = (xnumel + XBLOCK - 1) // XBLOCK
    yoffset = (pid // xtiles) * YBLOCK; yindex = yoffset + tl.arange(0, YBLOCK)[:, None]
    xoffset = (pid % xtiles) * XBLOCK;  xindex = xoffset + tl.arange(0, XBLOCK)[None, :]
    ymask = yindex < ynumel; xmask = xindex < xnumel
    yxmask = ymask & xmask

A loop op's y dims are the coordinates of yindex, its x dims those of xindex; index math, loads and stores
take the shape of what they depend on ([YBLOCK, 1], [1, XBLOCK] or [YBLOCK, XBLOCK]).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import sympy

from irc.dialects import triton

if TYPE_CHECKING:
    from irc.passes.convert_kernel_to_triton.kernel import KernelLowering, Scope

# flat index symbol -> its shape class
TILE_AXES = {"yindex": "y", "xindex": "x"}


def tiled_grid(ynumel: sympy.Expr, xnumel: sympy.Expr, yblock: int, xblock: int) -> sympy.Expr:
    from irc.dialects.sym import FloorDiv

    return FloorDiv(ynumel + yblock - 1, yblock) * FloorDiv(xnumel + xblock - 1, xblock)


def tiled_shape_class(expr: sympy.Expr) -> str:
    """"yx" for an expression of both flat indices, "y" for yindex only, else "x" (constants too)."""
    uses = {TILE_AXES[s.name] for s in expr.free_symbols if s.name in TILE_AXES}
    return "yx" if len(uses) == 2 else "y" if uses == {"y"} else "x"


def tiled_prologue(lowering: KernelLowering) -> Scope:
    from irc.passes.convert_kernel_to_triton.kernel import Scope

    b, it, info = lowering.builder, lowering.index_type, lowering.info
    ynumel = lowering.symbols.get("ynumel") or b.const(int(info.ynumel), it, name="ynumel")
    xnumel = lowering.symbols.get("xnumel") or b.const(int(info.xnumel), it, name="xnumel")
    lowering.symbols.update(ynumel=ynumel, xnumel=xnumel)
    pid = b.cast(b.insert(triton.ProgramIdOp("x")), it)
    xblock, yblock = b.constexpr("XBLOCK", it), b.constexpr("YBLOCK", it)
    rounded_up = b.binary("add", xnumel, b.binary("sub", xblock, b.const(1, it)))
    xtiles = b.binary("trunc_div", rounded_up, xblock, name="xtiles")
    yoffset = b.binary("mul", b.binary("trunc_div", pid, xtiles), yblock, name="yoffset")
    xoffset = b.binary("mul", b.binary("trunc_rem", pid, xtiles), xblock, name="xoffset")
    yindex = _axis_index(b, it, yoffset, "YBLOCK", 1, "yindex")
    xindex = _axis_index(b, it, xoffset, "XBLOCK", 0, "xindex")
    y_shape, x_shape = triton.shape_of(yindex.type), triton.shape_of(xindex.type)
    ymask = lowering.mask(b, yindex, ynumel, ("yblock", info.ynumel), y_shape, "ymask")
    xmask = lowering.mask(b, xindex, xnumel, ("xblock", info.xnumel), x_shape, "xmask")
    yxmask = b.binary("logical_and", ymask, xmask, name="yxmask")
    full = (y_shape[0], x_shape[1])
    return Scope(
        b,
        {"yindex": yindex, "xindex": xindex},
        {"y": ymask, "x": xmask, "yx": yxmask},
        {"y": y_shape, "x": x_shape, "yx": full},
    )


def _axis_index(b, index_type, offset, block: str, axis: int, name: str):
    """`offset + tl.arange(0, BLOCK)` expanded along `axis` (1: a column [BLOCK, 1], 0: a row [1, BLOCK])."""
    base = b.cast(b.expand_dims(b.insert(triton.ArangeOp(0, block)), axis), index_type)
    return b.binary("add", offset, base, name=name)
