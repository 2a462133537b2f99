"""Autotune candidates of a tiled kernel: variations of its config that keep its grid (XBLOCK fixed).

The heuristic config comes first; the runtime (irc/runtime/autotune.py) benchmarks them on the first CUDA
call and keeps the fastest. Looped reductions also vary RBLOCK (the grid does not depend on it); persistent
reductions keep the whole row (RBLOCK fixed) and vary num_warps only. 2-D pointwise tiles vary their shape
(YBLOCK x XBLOCK) too; convert-kernel-to-triton gives each such candidate its own grid. Long rows one per
program (softmax of 256 x 131072: two programs per SM, too few loads in flight with 4 KiB blocks) also try
RBLOCK up to 8192 and 16 warps.
"""

WARPS = (4, 8)
PERSISTENT_WARPS = (4, 8, 16)
MAX_RBLOCK = 4096
MAX_CANDIDATES = 6
# 2-D tile shapes (yblock, xblock, num_warps) tried besides the heuristic one (Inductor's tiled configs)
TILE_SHAPES = ((32, 32, 4), (32, 128, 4), (128, 32, 4), (16, 256, 8))
LONG_ROW = 16384
LONG_ROW_MAX_RBLOCK = 8192
LONG_ROW_WARPS = (8, 16)


def candidates(
    kind: str, config: dict[str, int], rnumel: int | None, limits: dict[str, int] | None = None
) -> list[dict[str, int]]:
    """Distinct configs, the heuristic one first, at most MAX_CANDIDATES; none with a block size above its
    limit (a block longer than the dim it covers only adds masked lanes)."""
    found = [dict(config)]
    for variant in VARIANTS[kind](config, rnumel):
        within = all(variant.get(key, 0) <= limit for key, limit in (limits or {}).items())
        if variant not in found and within:
            found.append(variant)
    return found[:MAX_CANDIDATES]


def _pointwise(config: dict[str, int], rnumel: int | None) -> list[dict[str, int]]:
    if "yblock" in config:
        return _tiles(config)
    return [{**config, "num_warps": w} for w in WARPS]


def _tiles(config: dict[str, int]) -> list[dict[str, int]]:
    """2-D tiles also vary their shape (each launch computes its own grid)."""
    found = [{**config, "num_warps": w} for w in WARPS]
    found += [{**config, "yblock": y, "xblock": x, "num_warps": w} for y, x, w in TILE_SHAPES]
    return found


def _persistent(config: dict[str, int], rnumel: int | None) -> list[dict[str, int]]:
    elements = config["xblock"] * config["rblock"]
    return [{**config, "num_warps": w} for w in PERSISTENT_WARPS if w * 32 <= elements]


def _looped(config: dict[str, int], rnumel: int | None) -> list[dict[str, int]]:
    if rnumel is not None and rnumel >= LONG_ROW and config["xblock"] == 1:
        return _long_rows(config)
    limit = MAX_RBLOCK if rnumel is None else min(MAX_RBLOCK, max(1, 1 << (rnumel - 1).bit_length()))
    rblocks = [r for r in (config["rblock"], config["rblock"] // 2, config["rblock"] * 2) if 1 <= r <= limit]
    return [{**config, "rblock": r, "num_warps": w} for r in rblocks for w in WARPS]


def _long_rows(config: dict[str, int]) -> list[dict[str, int]]:
    rblocks = [config["rblock"] * k for k in (1, 2, 4) if config["rblock"] * k <= LONG_ROW_MAX_RBLOCK]
    return [{**config, "rblock": r, "num_warps": w} for r in rblocks for w in LONG_ROW_WARPS]


VARIANTS = {"pointwise": _pointwise, "persistent_reduction": _persistent, "reduction": _looped}
