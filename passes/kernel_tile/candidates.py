"""Autotune candidates of a tiled kernel: variations of its config, the heuristic one first.

The runtime (irc/runtime/autotune.py) benchmarks them on the first CUDA call and keeps the fastest. A
candidate whose XBLOCK (or YBLOCK) differs from the config's launches another number of programs:
convert-kernel-to-triton gives it its own grid. 1-D pointwise kernels try wider blocks (more bytes in flight
per thread); persistent reductions keep the whole row (RBLOCK fixed) and vary the rows per program and
num_warps; looped reductions vary RBLOCK (the grid does not depend on it), outer ones (column sums) the shape
of their tile (OUTER_SHAPES); 2-D pointwise tiles vary their shape (YBLOCK x XBLOCK); wide tiles (an input
broadcast along y or x) vary theirs around 4096 elements. Long rows one per program (softmax of 256 x 131072:
two programs per SM, too few loads in flight with 4 KiB blocks) also try RBLOCK up to 16384 and up to 32
warps, 8 to 32 elements per thread.

Without max-autotune (`kernel-tile{max_autotune=false}`, torch.compile's default) only kernels whose best config
the heuristic cannot decide keep candidates (UNDECIDED, as Inductor's default mode tunes only where its hints
give no single config): 2-D tiles of transposes (which tile shape wins depends on both strides), long rows one
per program (RBLOCK and warps trade loads in flight against registers), persistent reductions of short rows
(how many rows a program takes) and outer reductions over many rows (loads in flight against programs). Large
1-D pointwise kernels try Inductor's two configs (which wins depends on the GPU). Other 1-D pointwise blocks,
wide tiles, looped reductions and persistent reductions of rows of SHORT_ROW or more keep the heuristic
config alone.
"""

WARPS = (4, 8)
PERSISTENT_WARPS = (4, 8, 16)
MAX_RBLOCK = 4096
MAX_CANDIDATES = 8
# 1-D pointwise blocks (xblock, num_warps) tried besides the heuristic one
POINTWISE_SHAPES = ((2048, 4), (2048, 8), (4096, 8), (512, 4))
# persistent reductions: at most this many elements per program (XBLOCK * RBLOCK) in a candidate
PERSISTENT_MAX_ELEMENTS = 8192
# 2-D tile shapes (yblock, xblock, num_warps) tried besides the heuristic one (Inductor's tiled configs)
TILE_SHAPES = ((32, 32, 4), (32, 128, 4), (128, 32, 4), (16, 256, 8))
# wide tile shapes (yblock, xblock, num_warps) tried besides the heuristic one (bias+GELU on the H200:
# 4 x 1024 with 4 warps 89.9 us, 4 x 2048 with 8 warps 90.2, 2 x 2048 92.5, 1 x 4096 93.0, 8 x 512 101)
WIDE_TILE_SHAPES = ((4, 2048, 8), (2, 2048, 8), (1, 4096, 8), (8, 512, 4), (16, 256, 4), (2, 1024, 4))
# outer reductions (column sums, loads contiguous along x) looping over at least OUTER_TUNED_ROWS rows:
# (xblock, rblock, num_warps) tried besides the heuristic [64, 8] tile; longer r blocks put more loads in
# flight per program, narrower x blocks run more programs (a ViT's layer norm weight gradient, 192 columns
# of 128 chunks of 197 rows, ran as 384 programs of [64, 8] at 1.3 TB/s on an H200)
OUTER_SHAPES = ((64, 32, 8), (64, 64, 8), (32, 64, 4), (128, 16, 8), (16, 64, 4), (32, 32, 4))
OUTER_TUNED_ROWS = 64
LONG_ROW = 16384
LONG_ROW_MAX_RBLOCK = 16384
LONG_ROW_WARPS = (8, 16, 32)
# elements per thread in one r block of a long-row candidate (softmax 256 x 131072 on the H200: RBLOCK 16384
# with 32 warps, 16 per thread, 56.3 us against 60.6 for 8192 with 16 warps)
LONG_ROW_PER_THREAD = (8, 32)
# persistent reductions of rows shorter than this are tuned without max-autotune (Inductor's rule for INNER rows)
SHORT_ROW = 256


def candidates(
    kind: str,
    config: dict[str, int],
    rnumel: int | None,
    limits: dict[str, int] | None = None,
    max_autotune: bool = True,
) -> list[dict[str, int]]:
    """Distinct configs, the heuristic one first, at most MAX_CANDIDATES; none with a block size above its
    limit (a block longer than the dim it covers only adds masked lanes). Without `max_autotune`, the
    heuristic config alone where UNDECIDED says the heuristic decides."""
    found = [dict(config)]
    if not max_autotune and not UNDECIDED[kind](config, rnumel):
        return found
    variants = VARIANTS if max_autotune else {**VARIANTS, **DEFAULT_MODE_VARIANTS}
    for variant in variants[kind](config, rnumel):
        within = all(variant.get(key, 0) <= limit for key, limit in (limits or {}).items())
        if variant not in found and within:
            found.append(variant)
    return found[:MAX_CANDIDATES]


def _pointwise(config: dict[str, int], rnumel: int | None) -> list[dict[str, int]]:
    if "yblock" in config:
        return _tiles(config, TILE_SHAPES)
    found = [{**config, "num_warps": w} for w in WARPS]
    return found + [{**config, "xblock": x, "num_warps": w} for x, w in POINTWISE_SHAPES]


def _inductor_pointwise(config: dict[str, int], rnumel: int | None) -> list[dict[str, int]]:
    """Inductor's two 1-D configs for large kernels: 512 with 8 warps (the heuristic's) and 1024 with 4."""
    return [{**config, "xblock": 1024, "num_warps": 4}]


def _large_pointwise(config: dict[str, int], rnumel: int | None) -> list[dict[str, int]]:
    return _inductor_pointwise(config, rnumel) + _pointwise(config, rnumel)


def _tiles(config: dict[str, int], shapes: tuple) -> list[dict[str, int]]:
    """2-D tiles also vary their shape (each launch computes its own grid)."""
    found = [{**config, "num_warps": w} for w in WARPS]
    return found + [{**config, "yblock": y, "xblock": x, "num_warps": w} for y, x, w in shapes]


def _wide_tiles(config: dict[str, int], rnumel: int | None) -> list[dict[str, int]]:
    return _tiles(config, WIDE_TILE_SHAPES)


def _persistent(config: dict[str, int], rnumel: int | None) -> list[dict[str, int]]:
    """num_warps for the heuristic rows per program, then half and twice as many rows."""
    xblock, rblock = config["xblock"], config["rblock"]
    others = (xblock // 2, xblock * 2)
    rows = [xblock] + [x for x in others if x >= 1 and x * rblock <= PERSISTENT_MAX_ELEMENTS]
    return [
        {**config, "xblock": x, "num_warps": w}
        for x in rows
        for w in PERSISTENT_WARPS
        if w * 32 <= x * rblock
    ]


def _looped(config: dict[str, int], rnumel: int | None) -> list[dict[str, int]]:
    if _is_long_row(config, rnumel):
        return _long_rows(config)
    limit = MAX_RBLOCK if rnumel is None else min(MAX_RBLOCK, max(1, 1 << (rnumel - 1).bit_length()))
    rblocks = [r for r in (config["rblock"], config["rblock"] // 2, config["rblock"] * 2) if 1 <= r <= limit]
    return [{**config, "rblock": r, "num_warps": w} for r in rblocks for w in WARPS]


def _outer(config: dict[str, int], rnumel: int | None) -> list[dict[str, int]]:
    return [{**config, "xblock": x, "rblock": r, "num_warps": w} for x, r, w in OUTER_SHAPES]


def _long_rows(config: dict[str, int]) -> list[dict[str, int]]:
    rblocks = [config["rblock"] * k for k in (1, 2, 4, 8) if config["rblock"] * k <= LONG_ROW_MAX_RBLOCK]
    low, high = LONG_ROW_PER_THREAD
    return [
        {**config, "rblock": r, "num_warps": w}
        for r in rblocks
        for w in LONG_ROW_WARPS
        if low <= r // (32 * w) <= high
    ]


VARIANTS = {
    "pointwise": _pointwise,
    "large_pointwise": _large_pointwise,
    "wide_tile": _wide_tiles,
    "persistent_reduction": _persistent,
    "reduction": _looped,
    "outer_reduction": _outer,
}


def _is_long_row(config: dict[str, int], rnumel: int | None) -> bool:
    return rnumel is not None and rnumel >= LONG_ROW and config["xblock"] == 1


# kind -> the variants tried without max-autotune where they are fewer than VARIANTS'
DEFAULT_MODE_VARIANTS = {"large_pointwise": _inductor_pointwise}


# kind -> whether the heuristic cannot decide among the kind's candidates (tuned without max-autotune)
UNDECIDED = {
    "pointwise": lambda config, rnumel: "yblock" in config,  # 2-D tiles of transposes
    "large_pointwise": lambda config, rnumel: True,
    "wide_tile": lambda config, rnumel: False,
    "persistent_reduction": lambda config, rnumel: rnumel is not None and rnumel < SHORT_ROW,
    "reduction": _is_long_row,
    "outer_reduction": lambda config, rnumel: rnumel is None or rnumel >= OUTER_TUNED_ROWS,
}
