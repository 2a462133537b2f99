"""The K loop of a template whose matmul is marked `tma`: operand tiles loaded through tensor descriptors
(Hopper's TMA; Triton's persistent matmul tutorial), made once per program before its tile loop:

    a_desc = tl.make_tensor_descriptor(in_ptr0, shape=[M, K], strides=[sam, 1], block_shape=[BLOCK_M, BLOCK_K])
    ...
        for k0 in range(0, K, BLOCK_K):
            a = a_desc.load([pid_m * BLOCK_M, k0])          (zeros outside the operand: no masks, no wrapping)
            b = tl.trans(b_desc.load([pid_n * BLOCK_N, k0]))  (a weight contiguous along K: its [N, K] view)
            acc = tl.dot(a, b, acc)

An operand contiguous along its other dim is described transposed and its tile transposed back. Which
operands qualify (a unit stride, the other stride and the offset multiples of 16 bytes, rank 2) is
kernel-mm-template's rule (`tma_operands`); the base pointers' alignment is the runtime's to check.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import scf
from xdsl.ir import SSAValue

from irc.dialects import triton
from irc.dialects.types import dim_attr
from irc.passes.convert_kernel_to_triton.builder import TritonBuilder
from irc.passes.convert_kernel_to_triton.schedule import fail


@dataclass
class Operand:
    """A descriptor of one operand and how to read a tile: `along` its own dims (rows, cols) in the GEMM's
    terms ("MK" / "KN"), `swapped` when the descriptor holds the transpose."""

    desc: SSAValue
    swapped: bool


def descriptors(lowering, b: TritonBuilder, it) -> list[Operand]:
    """The operands' descriptors (A, then each B), built at the function's top level."""
    matmul = lowering.info.matmul
    _, m, n, k = lowering.sizes()
    a = _describe(lowering, b, it, matmul.lhs, (m, k), ("BLOCK_M", "BLOCK_K"))
    return [a, *(_describe(lowering, b, it, r, (k, n), ("BLOCK_K", "BLOCK_N")) for r in matmul.rhs_operands)]


def _describe(lowering, b: TritonBuilder, it, value: SSAValue, sizes, blocks) -> Operand:
    pointer, strides, delta = lowering._operand(value)  # noqa: SLF001 (the template lowering's own helper)
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
    a_tile = _tile(inner, a_operand, (off_m, k0))
    precision = "ieee" if a_tile.type.element_type == f32 else None
    updated = [
        inner.insert(triton.DotOp(a_tile, _tile(inner, operand, (k0, off_n)), acc, precision), name="acc")
        for operand, acc in zip(b_operands, body.args[1:])
    ]
    inner.insert(scf.YieldOp(*updated))
    return list(loop.results)


def _tile(b: TritonBuilder, operand: Operand, offsets) -> SSAValue:
    if not operand.swapped:
        return b.insert(triton.DescriptorLoadOp(operand.desc, list(offsets)))
    loaded = b.insert(triton.DescriptorLoadOp(operand.desc, list(reversed(offsets))))
    return b.insert(triton.TransOp(loaded))
