"""The K loop of a template whose matmul is marked `tma`: operand tiles loaded through tensor descriptors
(Hopper's TMA; Triton's persistent matmul tutorial), made once per program before its tile loop:

    a_desc = tl.make_tensor_descriptor(in_ptr0, shape=[M, K], strides=[sam, 1], block_shape=[BLOCK_M, BLOCK_K])
    ...
        for k0 in range(0, K, BLOCK_K):
            a = a_desc.load([pid_m * BLOCK_M, k0])          (zeros outside the operand: no masks, no wrapping)
            b = tl.trans(b_desc.load([pid_n * BLOCK_N, k0]))  (a weight contiguous along K: its [N, K] view)
            acc = tl.dot(a, b, acc)

An operand contiguous along its other dim is described transposed and its tile transposed back. An operand a
prologue computes (a cast or scale, template_prologue.py) is never stored: the descriptor describes the buffer
the prologue loads, in that buffer's element type, and the prologue's body runs on each tile (its scalar loads
once, before the tile loop; lanes past K, which the descriptor reads as 0, zeroed again after a body that may
not keep 0). Which operands qualify (a unit stride, the other stride and the offset multiples of 16 bytes,
rank 2) is kernel-mm-template's rule (`tma_operands`; for prologues `tma_readable`); the base pointers'
alignment is the runtime's to check.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects import scf
from xdsl.ir import Operation, SSAValue

from irc.dialects import loop, triton
from irc.dialects.kernel_analysis.prologue import affine, operand_dims, source_load
from irc.dialects.types import dim_attr
from irc.passes.convert_kernel_to_triton.body import lower_body
from irc.passes.convert_kernel_to_triton.builder import TritonBuilder
from irc.passes.convert_kernel_to_triton.schedule import fail, resolve
from irc.passes.convert_kernel_to_triton.template_prologue import PrologueBody, keeps_zero


@dataclass
class Operand:
    """A descriptor of one operand (or of the buffer its prologue loads) and how to read a tile: `swapped`
    when the descriptor holds the transpose; for a prologue, its op, the load the descriptor serves and the
    values of its other loads (scalars, loaded once)."""

    desc: SSAValue
    swapped: bool
    prologue: Operation | None = None
    source: Operation | None = None
    scalars: dict = field(default_factory=dict)


def descriptors(lowering, b: TritonBuilder, it) -> list[Operand]:
    """The operands' descriptors (A, then each B), built at the function's top level."""
    matmul = lowering.info.matmul
    _, m, n, k = lowering.sizes()
    a = _operand(lowering, b, it, matmul.lhs, (m, k), ("BLOCK_M", "BLOCK_K"))
    return [a, *(_operand(lowering, b, it, r, (k, n), ("BLOCK_K", "BLOCK_N")) for r in matmul.rhs_operands)]


def _operand(lowering, b: TritonBuilder, it, value: SSAValue, sizes, blocks) -> Operand:
    prologue = lowering.info.prologues.get(value)
    if prologue is None:
        pointer, strides, delta = lowering._operand(value)  # noqa: SLF001 (the template lowering's helper)
        return _describe(lowering, b, it, pointer, strides, delta, sizes, blocks)
    source = source_load(prologue)
    described = None
    scalars = {}
    for load in loop.loads(prologue):
        root, delta = resolve(load.buffer)
        offset, strides = affine(load.index.value(), operand_dims(prologue))
        pointer = lowering.ctx.pointer(root)
        if load is source:
            described = _describe(lowering, b, it, pointer, strides, int(delta) + offset, sizes, blocks)
        else:  # a scalar (tma_readable): one element
            scalars[load] = b.load(pointer, b.const(int(delta) + offset, it), None)
    return Operand(described.desc, described.swapped, prologue, source, scalars)


def _describe(lowering, b: TritonBuilder, it, pointer, strides, delta, sizes, blocks) -> Operand:
    if delta:
        pointer = b.insert(triton.AddPtrOp(pointer, b.const(delta, it)))
    const = lambda v: b.const(v, it)  # noqa: E731
    if strides[-1] == 1:
        desc = triton.MakeTensorDescriptorOp(pointer, [const(sizes[0]), const(sizes[1])], [const(strides[-2]), const(1)], blocks)
        return Operand(b.insert(desc), False)
    if strides[-2] == 1:
        swapped = (blocks[1], blocks[0])
        desc = triton.MakeTensorDescriptorOp(pointer, [const(sizes[1]), const(sizes[0])], [const(strides[-1]), const(1)], swapped)
        return Operand(b.insert(desc), True)
    raise fail(f"@{lowering.info.name}: a TMA operand needs a unit stride, got strides {strides}")


def accumulate(lowering, b: TritonBuilder, it, pid_m, pid_n, operands: list[Operand]) -> list[SSAValue]:
    """The f32 accumulators of the tile (pid_m, pid_n), one per B, over the K loop, tiles read through the
    descriptors (each A tile once)."""
    from xdsl.dialects.builtin import f32

    _, _, _, k = lowering.sizes()
    off_m = b.binary("mul", pid_m, b.constexpr("BLOCK_M", it), name="off_m")
    off_n = b.binary("mul", pid_n, b.constexpr("BLOCK_N", it), name="off_n")
    a_operand, *b_operands = operands
    zeros = [b.const(0.0, f32, (dim_attr("BLOCK_M"), dim_attr("BLOCK_N")), name="acc") for _ in b_operands]
    loop, body = b.for_loop(b.const(0, it), b.const(k, it), b.constexpr("BLOCK_K", it), zeros, "k0")
    inner = TritonBuilder(body)
    k0 = body.args[0]
    k_lanes = lambda dim: _k_mask(lowering, inner, it, k0, k, dim)  # noqa: E731
    a_tile = _computed(lowering, inner, a_operand, _tile(inner, a_operand, (off_m, k0)), k_lanes, 1)
    precision = "ieee" if a_tile.type.element_type == f32 else None
    updated = []
    for operand, acc in zip(b_operands, body.args[1:]):
        b_tile = _computed(lowering, inner, operand, _tile(inner, operand, (k0, off_n)), k_lanes, 0)
        updated.append(inner.insert(triton.DotOp(a_tile, b_tile, acc, precision), name="acc"))
    inner.insert(scf.YieldOp(*updated))
    return list(loop.results)


def _computed(lowering, b: TritonBuilder, operand: Operand, tile: SSAValue, k_lanes, k_dim: int) -> SSAValue:
    """The operand's tile: the loaded one, or its prologue's body on the loaded source tile (lanes past K,
    which the descriptor reads as 0, zeroed again where the body may not keep 0)."""
    if operand.prologue is None:
        return tile
    tiles = {**operand.scalars, operand.source: tile}
    body = list(operand.prologue.body.block.ops)
    (value,) = lower_body(PrologueBody(b, tiles), body, dict(lowering.arg_values))
    shape = triton.shape_of(tile.type)
    value = b.broadcast_to(value, shape)
    mask = None if keeps_zero(operand.prologue) else k_lanes(k_dim)
    if mask is None:
        return value
    return b.where(b.broadcast_to(mask, shape), value, b.const(0.0, triton.element_of(value.type)))


def _k_mask(lowering, b: TritonBuilder, it, k0, k: int, dim: int) -> SSAValue | None:
    """`k0 + arange(BLOCK_K) < K` along a tile's `dim`; None where every BLOCK_K divides K."""
    rk = b.binary("add", k0, b.cast(b.insert(triton.ArangeOp(0, "BLOCK_K")), it), name="rk")
    mask = lowering.ctx.mask(b, rk, b.const(k, it), ("rblock", k), triton.shape_of(rk.type), "kmask")
    return None if isinstance(mask.owner, triton.ConstantOp) else b.expand_dims(mask, 1 - dim)


def _tile(b: TritonBuilder, operand: Operand, offsets) -> SSAValue:
    if not operand.swapped:
        return b.insert(triton.DescriptorLoadOp(operand.desc, list(offsets)))
    loaded = b.insert(triton.DescriptorLoadOp(operand.desc, list(reversed(offsets))))
    return b.insert(triton.TransOp(loaded))
