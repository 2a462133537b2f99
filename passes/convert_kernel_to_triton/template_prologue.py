"""Operand tiles of a template GEMM's K loop, for template.py: read from memory, or computed by a prologue.

A plain operand's tile is one strided load. An operand computed by a prologue (a loop.pointwise inside the
template over the operand's positions: a cast or scale of one buffer, dialects/kernel_analysis/prologue.py)
is never stored: each of the prologue's loads reads its own tile of its buffer (its index is affine in the
operand's dims: a stride per dim), and the prologue's body runs on those tiles in registers:

    for k0 in range(0, K, BLOCK_K):
        x = tl.load(in_ptr0 + (ram * 48 + (k0 + rk)[None, :]), mask=kmask, other=0)   # the f32 source
        a = x.to(tl.float16)                                                          # the prologue's body
        acc = tl.dot(a, b, acc)

A masked-off K lane reads 0; a body that may not keep it 0 (a division, a product with a loaded scale) is
followed by `a = tl.where(kmask, a, 0)`: those lanes add nothing to the dot.

Rows and columns wrap (rm % M, rn % N) as for plain operands, so only K lanes are masked. A load that does
not move along K (a scale) is loaded once, before the K loop.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.ir import Operation, SSAValue

from irc.dialects import loop, triton
from irc.dialects.element_types import is_float
from irc.dialects.kernel_analysis.prologue import affine, operand_dims
from irc.passes.convert_kernel_to_triton.body import lower_body
from irc.passes.convert_kernel_to_triton.builder import TritonBuilder
from irc.passes.convert_kernel_to_triton.schedule import fail, resolve


def scaled(b: TritonBuilder, value: SSAValue, stride: int, it) -> SSAValue:
    return value if stride == 1 else b.binary("mul", value, b.const(stride, it))


def load_tile(b: TritonBuilder, pointer, offset, mask) -> SSAValue:
    """A masked-off K lane reads 0 (it adds nothing to the dot); no mask where every BLOCK_K divides K."""
    address = b.insert(triton.AddPtrOp(pointer, offset))
    if mask is None:
        return b.insert(triton.LoadOp(address))
    pointee = triton.element_of(address.type).pointee
    other = b.const(0.0 if is_float(pointee) else 0, pointee)
    return b.insert(triton.LoadOp(address, mask, other))


@dataclass
class Read:
    """One load of a prologue: its buffer's tile at `base + (k0 + rk) * k_stride` (base: the tile's rows or
    columns and its batch, computed once before the K loop; None where 0)."""

    pointer: SSAValue
    base: SSAValue | None
    k_stride: int

    def load(self, b: TritonBuilder, rk: SSAValue, mask, it) -> SSAValue:
        offset = self.base
        if self.k_stride:
            k_part = scaled(b, rk, self.k_stride, it)
            offset = k_part if offset is None else b.binary("add", offset, k_part)
        if offset is None:
            offset = b.const(0, it)
        return load_tile(b, self.pointer, offset, mask if self.k_stride else None)


@dataclass
class PrologueTile:
    """The tile of an operand a prologue computes: its loads' tiles, then its body on them."""

    lowering: object
    prologue: Operation
    shape: tuple
    reads: dict[Operation, Read] = field(default_factory=dict)
    hoisted: dict[Operation, SSAValue] = field(default_factory=dict)
    """The tiles of loads that do not move along K (scales), loaded once before the K loop."""

    def load(self, b: TritonBuilder, rk: SSAValue, mask, it) -> SSAValue:
        lowering = self.lowering
        tiles = dict(self.hoisted)
        tiles.update({op: read.load(b, rk, mask, it) for op, read in self.reads.items() if op not in tiles})
        context = PrologueBody(b, tiles)
        (value,) = lower_body(context, list(self.prologue.body.block.ops), dict(lowering.arg_values))
        value = b.broadcast_to(value, self.shape)
        if mask is None or keeps_zero(self.prologue):
            return value
        lanes = b.broadcast_to(mask, self.shape)
        return b.where(lanes, value, b.const(0.0, triton.element_of(value.type)))


def keeps_zero(prologue: Operation) -> bool:
    """Whether the body maps the 0 a masked-off lane reads to 0 (casts, negations, products with finite
    constants, quotients by finite non-zero ones): then no `where` is needed before the dot."""
    for op in prologue.body.walk():
        if op.name == "arith.mulf" and not any(_finite_constant(v) for v in op.operands):
            return False
        if op.name == "arith.divf" and not _finite_constant(op.operands[1], nonzero=True):
            return False
    return True


def _finite_constant(value: SSAValue, nonzero: bool = False) -> bool:
    import math

    owner = value.owner
    if getattr(owner, "name", "") != "arith.constant":
        return False
    number = owner.value.value.data
    return math.isfinite(number) and (number != 0 or not nonzero)


@dataclass
class PrologueBody:
    """The BodyContext of a prologue's body on one tile: its loads are the tiles read before."""

    builder: TritonBuilder
    tiles: dict[Operation, SSAValue]

    def load(self, op: Operation, gather: list[SSAValue]) -> SSAValue:
        return self.tiles[op]

    def store(self, op: Operation, value: SSAValue, scatter: list[SSAValue]) -> None:
        raise fail("a prologue stores nothing")

    def index_value(self, op: Operation) -> SSAValue:
        raise fail("a prologue reads no loop.index")

    def lane_masks(self) -> list[SSAValue]:
        return []


def prologue_tile(lowering, b: TritonBuilder, it, operand: SSAValue, coords: dict[int, SSAValue], k_dim: int,
                  shape) -> PrologueTile:
    """The reads of the prologue computing `operand`, set up before the K loop: `coords` maps the operand's
    dims other than K (0: the batch; -2: A's rows, or -1: B's columns) to their index blocks."""
    prologue = lowering.info.prologues[operand]
    rank = len(operand.type.sizes())
    tile = PrologueTile(lowering, prologue, shape)
    for load in loop.loads(prologue):
        root, delta = resolve(load.buffer)
        offset, strides = affine(load.index.value(), operand_dims(prologue))
        if not delta.is_Integer:
            raise fail(f"@{lowering.info.name}: a prologue reads a buffer at a symbolic offset")
        base = _base(b, it, dict(enumerate(strides)), int(delta) + offset, coords, rank)
        read = tile.reads[load] = Read(lowering.ctx.pointer(root), base, strides[k_dim])
        if read.k_stride == 0:
            tile.hoisted[load] = read.load(b, None, None, it)
    return tile


def _base(b: TritonBuilder, it, strides: dict[int, int], offset: int, coords: dict[int, SSAValue], rank: int):
    """offset + sum(coordinate * stride) over the dims in `coords` (None when that is 0 everywhere)."""
    base = None
    for dim, coord in coords.items():
        stride = strides[dim % rank]
        if stride == 0:
            continue
        term = scaled(b, coord, stride, it)
        base = term if base is None else b.binary("add", base, term)
    if offset:
        shift = b.const(offset, it)
        base = shift if base is None else b.binary("add", base, shift)
    return base
