"""kernel-tile: choose persistent vs looped reductions and the block sizes of every kernel (kernel -> kernel).

    kernel.kernel @fused_add_sum_0(...) -> (...) reduction numel 3 rnumel 9 { ... }
becomes
    kernel.kernel @fused_add_sum_0(...) -> (...) persistent_reduction numel 3 rnumel 9
        {xblock = 4, rblock = 16, num_warps = 2} { ... }

A reduction is persistent (the whole r range in one block) when rnumel is static and at most
`persistent_max` (4096 by default) and at most `rblock` when that is given, looped otherwise (the printed name follows
the kind: `triton_red_...` <-> `triton_per_...`). A looped reduction over a symbolic rnumel takes its
blocks for the size the graph was traced at (the host function's `irc.size_hints`, as Inductor's
size_hint), 2048 wide without one. Outer reductions (loads contiguous along x, not r:
a column sum) get wide x blocks and short r blocks, persistent when rnumel is at most 32. A persistent reduction
that loads 4-byte elements and writes one value per row (a row sum of f32) gets one warp per 128 elements, up
to 16; others one per 512, up to 8. 1-D pointwise kernels of 2^20 elements or more that load 4-byte elements
take XBLOCK 512 with 8 warps. Options `xblock`,
`rblock`, `num_warps` (0: heuristic) override the heuristics; they must be powers of two. With `autotune=true`
every kernel also gets `configs`, the autotune candidates (candidates.py) the runtime benchmarks on the
first CUDA call; `max_autotune=false` keeps them only on kernels whose config the heuristic cannot decide
(torch.compile's default; candidates.UNDECIDED).

Pointwise kernels whose accesses are contiguous along different dims (transposes, permutes; tiles2d.py)
get 2-D tiles: `ynumel` (the product of the leading, y dims) and `yblock`; `tile2d=false` keeps them 1-D:
    kernel.kernel @add_0(...) pointwise numel 67108864 rnumel 1 ynumel 8192
        {xblock = 64, yblock = 64, num_warps = 8} { ... }
Pointwise kernels with an input broadcast along their leading or trailing dims (a bias, row statistics;
tiles2d.broadcast_tiles) get wide 2-D tiles: XBLOCK up to 1024 along the contiguous x dims and YBLOCK
rows that reuse the broadcast block, WIDE_TILE_ELEMENTS elements in all; 1-D blocks stay where every such
XBLOCK would leave more than 1/8 of its lanes masked (x extent 257).

Template kernels (a GEMM and its epilogue, kernel-mm-template) get BLOCK_M/N/K as yblock/xblock/rblock,
group_m, num_warps and num_stages from Inductor's mm configs cut to the problem (template.py):
    kernel.kernel @fused_add_mm_0(...) template numel 1320 rnumel 1
        {xblock = 64, yblock = 64, rblock = 32, group_m = 8, num_warps = 4, num_stages = 2} { ... }
"""

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ArrayAttr, IntAttr, IntegerAttr, ModuleOp, StringAttr
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import PassFailedException

from irc.dialects.aten import size_hints
from irc.dialects.kernel import KernelOp
from irc.dialects.kernel_config import candidate_attr
from irc.dialects.loop import ScanOp
from irc.dialects.types import DimLike, dim_attr
from irc.dialects.kernel_analysis.tiling import (
    OUTER_PERSISTENT_MAX,
    OUTER_XBLOCK,
    PERSISTENT_MAX,
    is_outer_reduction,
    next_power_of_two,
    stores_rows_only,
    widest_load_bytes,
)
from irc.options import CheckedOptions, option
from irc.passes.kernel_tile.candidates import candidates
from irc.passes.kernel_tile.template import SMS, template_tiles
from irc.passes.kernel_tile.tiles2d import broadcast_tiles, strided_tiles

# pointwise kernels: XBLOCK is the next power of two >= numel, clamped to [16, 1024]
POINTWISE_XBLOCK = (16, 1024)
# 1-D pointwise kernels of at least this many elements that load 4-byte elements: XBLOCK 512 with 8 warps, two
# elements per thread (Inductor's second pointwise config; on the H100 a 64M-element f32 chain took 266 us so
# and 270 with 1024 and 4 warps, an Adam step over 16M 161 and 162; on the H200 the chain took 227 us so
# against Inductor's 189: which of its two configs wins depends on the GPU, so both are candidates)
LARGE_POINTWISE = (1 << 20, 512, 8)
# 2-D pointwise tiles: YBLOCK and XBLOCK are the next power of two >= their numel, clamped to [16, 64]
TILE_2D_BLOCK = (16, 64)
# wide 2-D tiles (broadcast inputs): XBLOCK the largest of these wasting at most 1/8 of its lanes on the
# x extent (none: 1-D blocks), YBLOCK = WIDE_TILE_ELEMENTS // XBLOCK (at most the y extent rounded up)
WIDE_XBLOCKS = (1024, 512, 256, 128)
WIDE_TILE_ELEMENTS = 4096
WIDE_TILE_WARPS = ((4096, 4), (None, 8))
# persistent reductions: XBLOCK * RBLOCK at most this many elements
PERSISTENT_BLOCK_ELEMENTS = 4096
# looped reductions: RBLOCK at most 2048; XBLOCK = 2048 // RBLOCK clamped to [1, 8]
LOOPED_RBLOCK = 2048
LOOPED_BLOCK_ELEMENTS = 2048
LOOPED_XBLOCK = (1, 8)
# outer reductions (loads contiguous along x): XBLOCK = OUTER_XBLOCK, short r blocks; persistent up to 32
OUTER_RBLOCK = 8
# ... but an outer reduction over few columns runs at least this many programs of at least 8 columns each
OUTER_MIN_PROGRAMS = 32
OUTER_MIN_XBLOCK = 8
# elements in a block -> num_warps: the first row whose bound is >= the block's elements (None: no bound)
POINTWISE_WARPS = ((1024, 4), (None, 8))
REDUCTION_WARPS = ((256, 2), (512, 4), (None, 8))
# persistent reductions loading 4-byte elements and writing one value per row (a row sum, var_mean): Inductor's
# one warp per 128 elements, up to 16 (on the H100 a row sum of 16384 x 4096 f32 took 94.3 us with 16 warps and
# 97.2 with 8; f16 rows and kernels writing whole rows, as softmax and layer norm, were 2-5% faster with 8)
ROW_RESULT_WARPS = ((256, 2), (512, 4), (1024, 8), (None, 16))
# options that must be 0 (heuristic) or a power of two


def clamp(value: int, bounds: tuple[int, int]) -> int:
    return max(bounds[0], min(bounds[1], value))


def static_size(attr: IntAttr | StringAttr) -> int | None:
    return attr.data if isinstance(attr, IntAttr) else None


def hinted_size(attr: IntAttr | StringAttr, hints: dict[str, int]) -> int | None:
    """An extent: its value, or a symbolic one at the size hints (the sizes the graph was traced at); None
    where a symbol has no hint."""
    from irc.dialects.sym import evaluate_index
    from irc.dialects.types import parse_sym

    if isinstance(attr, IntAttr):
        return attr.data
    expr = parse_sym(attr.data)
    if not {s.name for s in expr.free_symbols} <= hints.keys():
        return None
    return max(1, int(evaluate_index(expr, hints)))


def module_size_hints(module: ModuleOp) -> dict[str, int]:
    """The size hints (`irc.size_hints`) of the module's host functions."""
    hints: dict[str, int] = {}
    for function in module.ops:
        if isinstance(function, func.FuncOp):
            hints |= size_hints(function)
    return hints


def tile_side(size: int | None) -> int:
    return TILE_2D_BLOCK[1] if size is None else clamp(next_power_of_two(size), TILE_2D_BLOCK)


def wide_xblock(xsize: int) -> int | None:
    """The widest of WIDE_XBLOCKS whose masked lanes are at most 1/8 of the tiles covering `xsize`."""
    for xblock in WIDE_XBLOCKS:
        covered = -(-xsize // xblock) * xblock
        if 8 * (covered - xsize) <= covered:
            return xblock
    return None


def block_limits(config: dict[str, int], sizes: dict[str, int | None]) -> dict[str, int]:
    """Candidates' block sizes at most the extent they cover rounded up (or the config's own, if larger): a
    longer block only adds masked lanes. `sizes` maps a config entry to its static extent (None: symbolic)."""
    return {key: max(config[key], next_power_of_two(n)) for key, n in sizes.items() if n is not None}


def warps_for(elements: int, table: tuple) -> int:
    return next(warps for bound, warps in table if bound is None or elements <= bound)


@dataclass(frozen=True)
class TileChoice:
    """A kernel kind and its launch config."""

    kind: str
    config: dict[str, int]
    ynumel: DimLike | None = None
    limits: dict[str, int] | None = None
    """The largest block size worth trying per config entry (autotune candidates)."""
    family: str | None = None
    """Which autotune candidates vary the config (candidates.VARIANTS); None: those of `kind`."""


@dataclass(frozen=True)
class KernelTilePass(CheckedOptions, ModulePass):
    """Sets kind (pointwise / persistent_reduction / reduction), xblock, yblock, rblock and num_warps of
    kernels, and ynumel of 2-D tiled ones."""

    name = "kernel-tile"

    xblock: int = option(0, power_of_two=True, zero=True)
    yblock: int = option(0, power_of_two=True, zero=True)
    rblock: int = option(0, power_of_two=True, zero=True)
    persistent_max: int = option(PERSISTENT_MAX, low=0)
    num_warps: int = option(0, power_of_two=True, zero=True, high=32)
    autotune: bool = False
    max_autotune: bool = True
    tile2d: bool = True
    sms: int = option(SMS, low=1)
    """programs of a persistent template (an H100 SXM's SMs)"""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        kernels = [k for k in op.walk() if isinstance(k, KernelOp)]
        hints = module_size_hints(op)
        for kernel in [k for k in kernels if k.kind.data == "template"]:
            config, found = template_tiles(kernel, self.autotune, self.sms)
            apply_choice(kernel, TileChoice("template", config))
            kernel.properties.pop("configs", None)
            if found:
                kernel.properties["configs"] = ArrayAttr([candidate_attr(c) for c in found])
        for kernel in [k for k in kernels if k.kind.data != "template"]:
            choice = self.choose(kernel, hints)
            apply_choice(kernel, choice)
            kernel.properties.pop("configs", None)
            if self.autotune:
                family, rnumel = choice.family or choice.kind, static_size(kernel.rnumel)
                found = candidates(family, choice.config, rnumel, choice.limits, self.max_autotune)
                kernel.properties["configs"] = ArrayAttr([candidate_attr(c) for c in found])

    def choose(self, kernel: KernelOp, hints: dict[str, int] | None = None) -> TileChoice:
        numel, rnumel = static_size(kernel.numel), static_size(kernel.rnumel)
        if kernel.kind.data == "pointwise":
            return self.choose_pointwise(kernel, numel)
        if any(isinstance(op, ScanOp) for op in kernel.body.block.ops):
            return self.scan(kernel, numel, rnumel)
        if not (self.xblock or self.rblock) and is_outer_reduction(kernel):
            return self.outer(numel, rnumel)
        if (
            rnumel is not None
            and rnumel <= self.persistent_max
            and (self.rblock == 0 or self.rblock >= rnumel)
        ):
            warps = ROW_RESULT_WARPS if stores_rows_only(kernel) and widest_load_bytes(kernel) >= 4 else None
            return self.persistent(numel, rnumel, warps or REDUCTION_WARPS)
        return self.looped(numel, hinted_size(kernel.rnumel, hints or {}))

    def choose_pointwise(self, kernel: KernelOp, numel: int | None) -> TileChoice:
        if not self.tile2d:
            return self.pointwise(numel, widest_load_bytes(kernel))
        if (ynumel := strided_tiles(kernel)) is not None:
            return self.tiled(numel, ynumel)
        wide = broadcast_tiles(kernel)
        xblock = (self.xblock or wide_xblock(wide[1])) if wide else None
        if xblock:
            return self.wide(*wide, xblock)
        return self.pointwise(numel, widest_load_bytes(kernel))

    def pointwise(self, numel: int | None, load_bytes: int = 0) -> TileChoice:
        least, large_xblock, large_warps = LARGE_POINTWISE
        large = numel is not None and numel >= least and load_bytes >= 4 and not (self.xblock or self.num_warps)
        if large:
            config = {"xblock": large_xblock, "num_warps": large_warps}
        else:
            xblock = self.xblock or (
                POINTWISE_XBLOCK[1] if numel is None else clamp(next_power_of_two(numel), POINTWISE_XBLOCK)
            )
            config = self.config(xblock, None, POINTWISE_WARPS)
        limits = block_limits(config, {"xblock": numel})
        return TileChoice("pointwise", config, limits=limits, family="large_pointwise" if large else None)

    def tiled(self, numel: int | None, ynumel) -> TileChoice:
        """2-D tiles of a pointwise kernel: yblock x xblock elements."""
        ysize = static_size(dim_attr(ynumel))
        xsize = None if numel is None or ysize is None else numel // ysize
        yblock = self.yblock or tile_side(ysize)
        xblock = self.xblock or tile_side(xsize)
        return self.tile_choice(ynumel, (ysize, xsize), (yblock, xblock), POINTWISE_WARPS)

    def wide(self, ynumel, xsize: int, xblock: int) -> TileChoice:
        """Wide 2-D tiles of a pointwise kernel with a broadcast input: long x rows, few y rows."""
        ysize = static_size(dim_attr(ynumel))
        yblock = self.yblock or max(1, WIDE_TILE_ELEMENTS // xblock)
        if not self.yblock and ysize is not None:
            yblock = min(yblock, next_power_of_two(ysize))
        return self.tile_choice(ynumel, (ysize, xsize), (yblock, xblock), WIDE_TILE_WARPS, "wide_tile")

    def tile_choice(self, ynumel, extents: tuple, blocks: tuple[int, int], warps: tuple,
                    family: str | None = None) -> TileChoice:
        """A 2-D tiled pointwise choice: `blocks` (yblock, xblock) over static `extents` (None: symbolic)."""
        (ysize, xsize), (yblock, xblock) = extents, blocks
        config = {"xblock": xblock, "yblock": yblock}
        config["num_warps"] = self.num_warps or warps_for(xblock * yblock, warps)
        limits = block_limits(config, {"yblock": ysize, "xblock": xsize})
        return TileChoice("pointwise", config, ynumel, limits, family)

    def persistent(self, numel: int | None, rnumel: int, warps: tuple = REDUCTION_WARPS) -> TileChoice:
        rblock = self.rblock or next_power_of_two(rnumel)
        xblock = self.xblock or max(1, PERSISTENT_BLOCK_ELEMENTS // rblock)
        if not self.xblock and numel is not None:
            xblock = min(xblock, next_power_of_two(numel))
        config = self.config(xblock, rblock, warps)
        return TileChoice("persistent_reduction", config, limits=block_limits(config, {"xblock": numel}))

    def scan(self, kernel: KernelOp, numel: int | None, rnumel: int | None) -> TileChoice:
        """A scan runs persistent (tl.associative_scan scans one block), whatever the options say."""
        if rnumel is None:
            raise PassFailedException(f"kernel-tile: @{kernel.sym_name.data}: a scan needs a static length")
        rblock = next_power_of_two(rnumel)
        xblock = max(1, PERSISTENT_BLOCK_ELEMENTS // rblock)
        if numel is not None:
            xblock = min(xblock, next_power_of_two(numel))
        config = self.config(xblock, rblock, REDUCTION_WARPS)
        return TileChoice("persistent_reduction", config, limits=block_limits(config, {"xblock": numel}))

    def looped(self, numel: int | None, rnumel: int | None) -> TileChoice:
        rblock = self.rblock or (
            LOOPED_RBLOCK if rnumel is None else min(LOOPED_RBLOCK, next_power_of_two(rnumel))
        )
        xblock = self.xblock or clamp(LOOPED_BLOCK_ELEMENTS // rblock, LOOPED_XBLOCK)
        if not self.xblock and numel is not None:
            xblock = min(xblock, next_power_of_two(numel))
        return TileChoice("reduction", self.config(xblock, rblock, REDUCTION_WARPS))

    def outer(self, numel: int | None, rnumel: int | None) -> TileChoice:
        xblock = OUTER_XBLOCK if numel is None else min(OUTER_XBLOCK, next_power_of_two(numel))
        if rnumel is not None and rnumel <= min(OUTER_PERSISTENT_MAX, self.persistent_max):
            config = self.config(xblock, next_power_of_two(rnumel), REDUCTION_WARPS)
            return TileChoice("persistent_reduction", config)
        rblock = OUTER_RBLOCK
        if numel is not None and rnumel is not None:
            xblock, rblock = outer_block_for_few_columns(numel, rnumel, xblock)
        config = self.config(xblock, rblock, REDUCTION_WARPS)
        limits = block_limits(config, {"xblock": numel, "rblock": rnumel})
        return TileChoice("reduction", config, limits=limits, family="outer_reduction")

    def config(self, xblock: int, rblock: int | None, warps: tuple) -> dict[str, int]:
        elements = xblock * (rblock or 1)
        config = {"xblock": xblock, "num_warps": self.num_warps or warps_for(elements, warps)}
        if rblock is not None:
            config["rblock"] = rblock
        return config


def outer_block_for_few_columns(numel: int, rnumel: int, xblock: int) -> tuple[int, int]:
    """An outer reduction of few columns (the combining kernel of a split batch norm's statistics: 64 channels
    of 1024 partial sums, once one program walking 128 blocks of [64, 8] twice, 61 us on an H200) takes
    narrower x blocks, at least OUTER_MIN_PROGRAMS programs where whole 32-byte sectors allow, and r blocks
    as much longer."""
    narrow = max(OUTER_MIN_XBLOCK, min(xblock, next_power_of_two(-(-numel // OUTER_MIN_PROGRAMS))))
    if narrow >= xblock:
        return xblock, OUTER_RBLOCK
    return narrow, min(OUTER_RBLOCK * xblock // narrow, next_power_of_two(rnumel))


def apply_choice(kernel: KernelOp, choice: TileChoice) -> None:
    """Sets the kernel's kind and config properties."""
    kernel.kind = StringAttr(choice.kind)
    for key in ("ynumel", "yblock"):
        kernel.properties.pop(key, None)
    if choice.ynumel is not None:
        kernel.properties["ynumel"] = dim_attr(choice.ynumel)
    for key, value in choice.config.items():
        kernel.properties[key] = IntegerAttr(value, 64)
