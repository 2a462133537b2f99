"""Dependences between the top-level ops of a host block, and what each op reads and writes in memory.

Memory is tracked by storage root: the buffer value a chain of `loop.reinterpret` views starts from. An
op `a` before an op `b` must stay before it when `b` uses a value `a` defines (SSA), when they touch the
same root and at least one of them writes it, or when either has unknown side effects (a barrier).
"""

from collections.abc import Iterable

from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.traits import IsTerminator, is_side_effect_free

from irc.dialects.kernel import ExternOp
from irc.dialects.kernel_template import TEMPLATE_OPS
from irc.dialects.loop import PointwiseOp, ReductionOp, ReinterpretOp, ScanOp, loads, stores
from irc.dialects.types import BufferType

LOOP_OPS = (PointwiseOp, ReductionOp, ScanOp)
# ops kernel-fuse groups into kernels: loop ops and the matmul of a template (kernel-mm-template)
FUSABLE_OPS = (*LOOP_OPS, *TEMPLATE_OPS)


def storage_root(value: SSAValue) -> SSAValue:
    """The buffer a chain of views starts from."""
    while isinstance(value, OpResult) and isinstance(value.owner, ReinterpretOp):
        value = value.owner.source
    return value


def read_roots(op: Operation) -> set[SSAValue]:
    """The storage roots an op reads from."""
    if isinstance(op, LOOP_OPS):
        return {storage_root(load.buffer) for load in loads(op)}
    if isinstance(op, TEMPLATE_OPS):
        return {storage_root(v) for v in (op.lhs, *op.rhs_operands)}
    if isinstance(op, ExternOp):
        return {storage_root(v) for v in op.ins if isinstance(v.type, BufferType)}
    return set()


def written_roots(op: Operation) -> set[SSAValue]:
    """The storage roots an op writes into (new results excluded)."""
    if isinstance(op, LOOP_OPS):
        return {storage_root(store.buffer) for store in stores(op)}
    if isinstance(op, ExternOp):
        return {storage_root(v) for v in op.outs}
    return set()


def is_barrier(op: Operation) -> bool:
    """An op whose memory effects are unknown: nothing moves across it."""
    if isinstance(op, (*LOOP_OPS, ExternOp, ReinterpretOp)):
        return False
    return not is_side_effect_free(op)


def may_write_memory(op: Operation) -> bool:
    return bool(written_roots(op)) or is_barrier(op)


def top_level_ancestor(op: Operation, block: Block) -> Operation | None:
    """The op of `block` that holds `op` (at any depth), or None."""
    while op is not None and op.parent_block() is not block:
        op = op.parent_op()
    return op


def nested_operands(op: Operation) -> Iterable[SSAValue]:
    for inner in op.walk():
        yield from inner.operands


class DependenceGraph:
    """Ordering constraints between the top-level ops of a block (indices in block order)."""

    def __init__(self, block: Block):
        self.ops = [op for op in block.ops if not op.has_trait(IsTerminator)]
        self.index = {op: k for k, op in enumerate(self.ops)}
        self.succs: list[set[int]] = [set() for _ in self.ops]
        self._add_value_edges(block)
        self._add_memory_edges()

    def _add_edge(self, a: int, b: int) -> None:
        if a != b:
            self.succs[a].add(b)

    def _add_value_edges(self, block: Block) -> None:
        for k, op in enumerate(self.ops):
            for value in nested_operands(op):
                if isinstance(value, OpResult):
                    owner = top_level_ancestor(value.owner, block)
                    if owner in self.index:
                        self._add_edge(self.index[owner], k)

    def _add_memory_edges(self) -> None:
        reads = [read_roots(op) for op in self.ops]
        writes = [written_roots(op) for op in self.ops]
        barriers = [is_barrier(op) for op in self.ops]
        for b in range(len(self.ops)):
            for a in range(b):
                if barriers[a] or barriers[b] or writes[a] & (reads[b] | writes[b]) or reads[a] & writes[b]:
                    self._add_edge(a, b)


def defined_inside(value: SSAValue, inner: set[Operation]) -> bool:
    """Whether `value` is defined by one of the ops `inner` or is a block argument of one."""
    if isinstance(value, OpResult):
        return value.owner in inner
    assert isinstance(value, BlockArgument)
    return value.owner.parent_op() in inner
