"""Tiles of template kernels (a Triton GEMM with its epilogue): BLOCK_M = yblock, BLOCK_N = xblock, BLOCK_K =
rblock, group_m, num_warps and num_stages, from Inductor's mm configs scaled down to the problem.

The heuristic config is 128 x 128 x 64 with 3 stages and 8 warps (f16/bf16 GEMMs of transformer MLPs on Hopper),
64 x 64 x 32 for f32 (whose tiles take twice the shared memory); each block is cut to the next power of two at
or above its dim (at least 16, what tl.dot needs) and the warps to one per 256 elements of the output tile.
A persistent template (matmul marked `persistent` or `tma`) gets `programs = SMS`, one program per SM walking
tiles, and in f16/bf16 the persistent tutorial's H100 configs (PERSISTENT_CONFIGS) as candidates.
Autotune candidates are the rows of MM_CONFIGS cut the same way, distinct, the heuristic one first, without
those whose pipelined A and B tiles (num_stages of them) exceed SHARED_MEMORY_BYTES (an operand a prologue
computes counts the bytes of the buffer it loads: an f32 source of an f16 operand takes twice its tile).
A dual matmul (kernel.dual_matmul: two B tiles, two accumulators) takes the rows with BLOCK_N halved: a
BLOCK_M x BLOCK_N/2 tile of each product loads as many bytes per K step and keeps as many accumulator
registers as the single GEMM's BLOCK_M x BLOCK_N tile; its heuristic is DUAL_HEURISTIC.
"""

from irc.dialects.kernel_analysis.tiling import next_power_of_two
from irc.dialects.kernel_analysis.prologue import tile_bytes
from irc.dialects.kernel_template import PERSISTENT, TEMPLATE_OPS, TMA

# (BLOCK_M, BLOCK_N, BLOCK_K, num_stages, num_warps): Inductor's mm_configs (template_heuristics)
MM_CONFIGS = (
    (64, 64, 32, 2, 4), (64, 128, 32, 3, 4), (128, 64, 32, 3, 4), (128, 128, 32, 3, 4), (128, 128, 64, 3, 8),
    (64, 128, 64, 3, 4), (128, 64, 64, 4, 8), (128, 256, 64, 3, 8), (256, 128, 64, 3, 8), (64, 64, 64, 3, 8),
    (32, 64, 32, 5, 8), (64, 32, 128, 5, 4),
)  # fmt: skip
HEURISTIC = {"f16": (128, 128, 64, 3, 8), "bf16": (128, 128, 64, 3, 8), "f32": (64, 64, 32, 2, 4)}
# a dual matmul's: 128 x 64 tiles of both products, the persistent tutorial's 4 stages (the same shared memory)
DUAL_HEURISTIC = {"f16": (128, 64, 64, 4, 8), "bf16": (128, 64, 64, 4, 8), "f32": (64, 32, 32, 2, 4)}
# the candidates of a persistent (or TMA) f16/bf16 template: Triton's persistent matmul tutorial's H100 configs
PERSISTENT_CONFIGS = ((128, 128, 64, 3, 8), (128, 256, 64, 3, 8), (128, 128, 64, 4, 8), (64, 128, 64, 4, 4))
PERSISTENT_CONFIG_TYPES = ("f16", "bf16")
GROUP_M = 8
MIN_BLOCK = 16
MAX_CANDIDATES = 8
ELEMENTS_PER_WARP = 256
# programs of a persistent template: an H100 SXM's SMs (a GPU with fewer runs the rest in a second wave)
SMS = 132
# shared memory a candidate's pipelined tiles may take (an H100 has 227 KiB per block)
SHARED_MEMORY_BYTES = 192 * 1024


def template_matmul(kernel):
    """The kernel.matmul or kernel.dual_matmul of a template kernel."""
    return next(op for op in kernel.body.block.ops if isinstance(op, TEMPLATE_OPS))


def halved(row: tuple[int, int, int, int, int]) -> tuple[int, int, int, int, int]:
    """A single GEMM's config row for a dual matmul: BLOCK_N halved."""
    block_m, block_n, *rest = row
    return (block_m, max(MIN_BLOCK, block_n // 2), *rest)


def scaled(row: tuple[int, int, int, int, int], m: int, n: int, k: int, products: int = 1) -> dict[str, int]:
    """One config row cut to the problem: blocks no longer than their dims need, warps to the tile (the tiles
    of all `products`)."""
    block_m, block_n, block_k, stages, warps = row
    block_m, block_n, block_k = (
        max(MIN_BLOCK, min(block, next_power_of_two(size))) for block, size in ((block_m, m), (block_n, n), (block_k, k))
    )
    warps = max(1, min(warps, products * block_m * block_n // ELEMENTS_PER_WARP))
    return {
        "yblock": block_m, "xblock": block_n, "rblock": block_k, "group_m": GROUP_M,
        "num_warps": warps, "num_stages": stages,
    }  # fmt: skip


def template_tiles(kernel, autotune: bool, sms: int = SMS) -> tuple[dict[str, int], list[dict[str, int]]]:
    """(config, autotune candidates) of a template kernel with static sizes; a persistent one (its matmul
    marked `persistent`) launches `sms` programs."""
    from irc.dialects.types import element_type_name

    from xdsl.utils.exceptions import PassFailedException

    matmul = template_matmul(kernel)
    if not all(isinstance(s, int) for s in matmul.sizes()):
        raise PassFailedException(f"kernel-tile: template @{kernel.sym_name.data} needs static sizes")
    _, m, n, k = matmul.sizes()
    name = element_type_name(matmul.lhs.type.element_type)
    products = len(matmul.products)
    dual = products > 1
    config = scaled((DUAL_HEURISTIC if dual else HEURISTIC)[name], m, n, k, products)
    persistent = PERSISTENT in matmul.attributes or TMA in matmul.attributes
    rows = PERSISTENT_CONFIGS if persistent and name in PERSISTENT_CONFIG_TYPES else MM_CONFIGS
    found = [config]
    elements = (tile_bytes(matmul, matmul.lhs), max(tile_bytes(matmul, b) for b in matmul.rhs_operands))
    for row in rows if autotune else ():
        candidate = scaled(halved(row) if dual else row, m, n, k, products)
        if candidate not in found and shared_bytes(candidate, elements, products) <= SHARED_MEMORY_BYTES:
            found.append(candidate)
    if persistent:
        config = {**config, "programs": sms}
    return config, found[:MAX_CANDIDATES] if autotune else []


def shared_bytes(config: dict[str, int], elements: tuple[int, int], products: int = 1) -> int:
    """Shared memory of the A and B tiles (one B per product) a software-pipelined K loop keeps in flight, of
    `elements` bytes each (A's, B's: a prologue's source may be wider than its operand)."""
    a = config["yblock"] * config["rblock"] * elements[0]
    b = products * config["rblock"] * config["xblock"] * elements[1]
    return (a + b) * config["num_stages"]
