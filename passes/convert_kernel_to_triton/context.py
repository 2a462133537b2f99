"""What the parts of one kernel's lowering share (convert-kernel-to-triton): a small context object.

KernelLowering (kernel.py) builds one LoweringContext per kernel and hands it, with the Scope values are
emitted in, to its parts: the 2-D tile prologue (tiles.py), gather loads (gather.py) and index arithmetic
(index_lowering.py). They read the kernel's analysis and launch config, the index type and the kernel's
pointers, and record size symbols and coordinate names; none of them sees KernelLowering itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import sympy
from xdsl.dialects.builtin import IntegerType
from xdsl.ir import SSAValue

from irc.dialects.triton import Dims
from irc.passes.convert_kernel_to_triton.builder import TritonBuilder
from irc.passes.convert_kernel_to_triton.index import bound
from irc.passes.convert_kernel_to_triton.schedule import KernelAnalysis, fail

# flat index symbol of a 2-D tile -> its shape class (a template's `tindex` is yindex * xnumel + xindex)
TILE_AXES = {"yindex": "y", "xindex": "x", "tindex": "yx"}


@dataclass
class Scope:
    """Where values are emitted and what they see: flat indices, masks and block shapes per shape class
    ("x": depends on x only, "xr": on x and r), and memo tables of index expressions, loads and xr values."""

    builder: TritonBuilder
    index: dict[str, SSAValue]
    masks: dict[str, SSAValue]
    shapes: dict[str, Dims]
    exprs: dict = field(default_factory=dict)
    loads: dict = field(default_factory=dict)
    values: dict = field(default_factory=dict)
    hoisted: Scope | None = None
    """Where x-only index math and loads go (before the r loop), if not here."""

    def for_expr(self, expr: sympy.Expr) -> Scope:
        """The scope computing `expr`: loop-invariant (x-only) expressions are hoisted out of r loops."""
        if self.hoisted is not None and sympy.Symbol("rindex") not in expr.free_symbols:
            return self.hoisted
        return self


@dataclass(frozen=True)
class Config:
    """Launch config of one kernel, as kernel-tile chose it."""

    xblock: int
    rblock: int
    num_warps: int
    yblock: int = 1


@dataclass
class LoweringContext:
    """One kernel's analysis, launch config (and autotune candidates) and index type, the values of its size
    symbols and flat-index sizes (`symbols`), Inductor-style names of index coordinates, and its pointers."""

    info: KernelAnalysis
    config: Config
    candidates: list[dict[str, int]]
    index_type: IntegerType
    symbols: dict[str, SSAValue] = field(default_factory=dict)
    coordinate_names: dict[sympy.Expr, str] = field(default_factory=dict)
    pointers: dict[SSAValue, SSAValue] = field(default_factory=dict)

    @property
    def tiled(self) -> bool:
        return self.info.ynumel is not None

    def mask(self, b: TritonBuilder, index: SSAValue, size: SSAValue, block, shape: Dims, name: str):
        """`index < size`; all-true (as Inductor writes it) when a static size is a multiple of every block
        size the kernel may be launched with (its config and its autotune candidates)."""
        key, numel = block
        static = bound(numel)
        sizes = [getattr(self.config, key)] + [c[key] for c in self.candidates if key in c]
        if static is not None and static > 0 and all(static % block_size == 0 for block_size in sizes):
            return b.const(True, IntegerType(1), shape, name=name)
        return b.binary("lt", index, size, name=name)

    def shape_class(self, expr: sympy.Expr) -> str:
        """What a flat index depends on: "x" (also for constants), "r" (a broadcast along x) or "xr"; in 2-D
        tiles "y", "x" or "yx"."""
        if self.tiled:
            uses = {axis for s in expr.free_symbols if s.name in TILE_AXES for axis in TILE_AXES[s.name]}
            return "yx" if len(uses) == 2 else "y" if uses == {"y"} else "x"
        uses = {s.name for s in expr.free_symbols} & {"xindex", "rindex"}
        return "xr" if len(uses) == 2 else "r" if uses == {"rindex"} else "x"

    def pointer(self, buffer: SSAValue) -> SSAValue:
        if buffer not in self.pointers:
            raise fail(
                f"@{self.info.name}: accesses a buffer that is neither a kernel input nor produced inside"
            )
        return self.pointers[buffer]
