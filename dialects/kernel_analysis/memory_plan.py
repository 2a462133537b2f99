"""Facts about the host program that memory planning needs: byte sizes, alias groups, liveness, out= variants.

Shared by `kernel-plan-memory` (which rewrites the host) and the triton target (which reports the planned
peak). Everything here reads IR only; torch is imported lazily, to read ATen schemas of extern overloads.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass, field

from xdsl.dialects import func
from xdsl.ir import Block, Operation, SSAValue

from irc.dialects import kernel, loop
from irc.dialects.aten import DONATED_ARG, NONE_RESULTS, OWNED_ARG
from irc.dialects.kernel_analysis.collectives import WAIT_OVERLOADS, is_collective, pending_end
from irc.dialects.model_source import copy_sources
from irc.dialects.types import BufferType, element_bytes

# extern overloads with an out= variant that ATen implements natively (no compute-then-copy autogen kernel)
OUT_VARIANTS = {
    "aten::mm.default": "aten::mm.out",
    "aten::bmm.default": "aten::bmm.out",
    "aten::addmm.default": "aten::addmm.out",
    "aten::baddbmm.default": "aten::baddbmm.out",
}


def storage_bytes_expr(t: BufferType):
    """The bytes a buffer's storage spans (offset included), as a sympy expression (an Integer when static)."""
    import sympy

    from irc.dialects.sym import as_expr

    extent = as_expr(t.offset_value()) + 1
    for size, stride in zip(t.sizes(), t.stride_values()):
        extent += (as_expr(size) - 1) * as_expr(stride)
    if any(size == 0 for size in t.sizes()):
        extent = sympy.Integer(0)
    positive = {s: sympy.Symbol(s.name, integer=True, positive=True) for s in extent.free_symbols}
    return sympy.expand(extent.subs(positive) * element_bytes(t.element_type))


def reuse_key(value: SSAValue) -> tuple[str, str, str]:
    """Buffers with equal keys can share memory: same byte size (compared symbolically), dtype and device."""
    owner = value.owner
    device = owner.device.data if isinstance(owner, kernel.AllocOp) and owner.device is not None else ""
    return str(storage_bytes_expr(value.type)), str(value.type.element_type), device


@functools.cache
def extern_result_is_fresh(overload: str, index: int) -> bool:
    """Whether result `index` of an ATen overload is new memory (its schema gives it no alias annotation)."""
    try:
        from irc.dialects.python_names import resolve_overload

        schema = resolve_overload(overload)._schema
        return schema.returns[index].alias_info is None
    except (ImportError, AttributeError, IndexError, RuntimeError, ValueError):  # ValueError: UnsafeOverload
        return False


def schema_position(op: kernel.ExternOp, index: int) -> int:
    """The position in the ATen schema's returns of result `index`, counting the None results it skips."""
    attr = op.attributes.get(NONE_RESULTS)
    for position in sorted(attr.get_values()) if attr is not None else ():
        if position <= index:
            index += 1
    return index


def is_buffer(value: SSAValue) -> bool:
    return isinstance(value.type, BufferType)


def fresh_root(value: SSAValue) -> bool:
    """Whether a host value owns new memory: an alloc, a reuse, or an extern result that aliases nothing."""
    owner = value.owner
    if isinstance(owner, kernel.AllocOp | kernel.ReuseOp):
        return True
    if isinstance(owner, kernel.ExternOp) and owner.overload.data in WAIT_OVERLOADS:
        return False  # the tensor it waited for, though its schema does not say so
    if isinstance(owner, kernel.ExternOp):
        return extern_result_is_fresh(owner.overload.data, schema_position(owner, value.index))
    return False


@dataclass
class AliasGroup:
    """Host buffers that may share memory: a root and its views (or anything an extern result may alias)."""

    members: list[SSAValue] = field(default_factory=list)
    is_output: bool = False  # an output may be in it: never freed, never reused
    is_input: bool = False  # a function input may be in it: its names are dropped, its memory never reused
    owned_input: bool = False  # its inputs are all owned (OWNED_ARG): dropping their names frees the memory
    donated_input: bool = False  # its inputs are all donated (DONATED_ARG): once dead, their memory may be reused
    last_use: int = -1
    given_away: bool = False  # its memory went to a launch's output in place: not freed

    @property
    def root(self) -> SSAValue | None:
        """The one value that owns the memory when the group can be reused, else None: an alloc or reuse, or
        a donated input with no views."""
        roots = [v for v in self.members if not isinstance(v.owner, loop.ReinterpretOp)]
        if self.is_output:
            return None
        if self.is_input:
            return self.members[0] if self.donated_input and len(self.members) == 1 else None
        if len(roots) == 1 and isinstance(roots[0].owner, kernel.AllocOp | kernel.ReuseOp):
            return roots[0]
        return None


class AliasGroups:
    """Union-find over the buffer values of a host block."""

    def __init__(self, block: Block):
        self.parent: dict[SSAValue, SSAValue] = {}
        for arg in block.args:
            self._add(arg)
        for op in block.ops:
            for result in op.results:
                self._add(result)
            for a, b in may_alias_pairs(op):
                self.union(a, b)

    def _add(self, value: SSAValue) -> None:
        if is_buffer(value):
            self.parent[value] = value

    def find(self, value: SSAValue) -> SSAValue:
        while self.parent[value] is not value:
            self.parent[value] = self.parent[self.parent[value]]
            value = self.parent[value]
        return value

    def union(self, a: SSAValue, b: SSAValue) -> None:
        self.parent[self.find(a)] = self.find(b)

    def groups(self) -> dict[SSAValue, AliasGroup]:
        """Representative -> group, members in definition order."""
        found: dict[SSAValue, AliasGroup] = {}
        for value in self.parent:
            found.setdefault(self.find(value), AliasGroup()).members.append(value)
        return found


def may_alias_pairs(op: Operation) -> Iterable[tuple[SSAValue, SSAValue]]:
    """Pairs of buffer values an op makes share memory."""
    if isinstance(op, loop.ReinterpretOp):
        yield op.source, op.result
    elif isinstance(op, kernel.ExternOp):
        buffers = [v for v in op.operands if is_buffer(v)]
        for result in op.results:
            if is_buffer(result) and not fresh_root(result):
                yield from ((result, operand) for operand in buffers)


def analyze(block: Block) -> tuple[dict[SSAValue, AliasGroup], dict[Operation, int]]:
    """The alias groups of a host block (last uses, inputs and outputs among them), and each op's position."""
    position = {op: i for i, op in enumerate(block.ops)}
    union_find = AliasGroups(block)
    groups = union_find.groups()
    owned, donated = marked_buffers(block, OWNED_ARG), marked_buffers(block, DONATED_ARG)
    for rep, group in groups.items():
        inputs = [value for value in group.members if not isinstance(value.owner, Operation)]
        group.is_input = bool(inputs)
        group.owned_input = bool(inputs) and all(value in owned for value in inputs)
        group.donated_input = group.owned_input and all(value in donated for value in inputs)
        for value in group.members:
            defined = position.get(value.owner, -1) if isinstance(value.owner, Operation) else -1
            uses = [position[op] for use in value.uses if (op := top_level(block, use.operation)) in position]
            group.last_use = max([group.last_use, defined, *uses])
            group.is_output |= any(isinstance(use.operation, func.ReturnOp) for use in value.uses)
    for arg in written_buffers(block):  # the wrapper copies into them after the last launch: never freed
        groups[union_find.find(arg)].is_output = True
    keep_pending_alive(block, groups, union_find, position)
    return groups, position


def written_buffers(block: Block) -> list[SSAValue]:
    """The host function's arguments that the call overwrites (`irc.written_args`)."""
    from irc.dialects.aten import written_args

    function = block.parent_op()
    if not isinstance(function, func.FuncOp):
        return []
    return [arg for arg in (block.args[p] for p in written_args(function)) if is_buffer(arg)]


def marked_buffers(block: Block, mark: str) -> set[SSAValue]:
    """The host function's buffer arguments marked `mark` (OWNED_ARG: memory it owns; DONATED_ARG: memory
    it may reuse)."""
    from irc.dialects.aten import marked_args

    function = block.parent_op()
    if not isinstance(function, func.FuncOp):
        return set()
    return {block.args[p] for p in marked_args(function, mark) if p < len(block.args) and is_buffer(block.args[p])}


def keep_pending_alive(
    block: Block, groups: dict[SSAValue, AliasGroup], union_find: AliasGroups, position: dict[Operation, int]
) -> None:
    """A collective's operands live until its last wait (to the block's end without one): it reads (or writes)
    them while pending, so their memory is neither freed nor reused before."""
    end_of_block = len(position)
    for op in block.ops:
        if not is_collective(op):
            continue
        end = pending_end(op, block)
        last = position[end] if end is not None else end_of_block
        for value in (*op.operands, *op.results):
            if is_buffer(value):
                group = groups[union_find.find(value)]
                group.last_use = max(group.last_use, last)


def top_level(block: Block, op: Operation) -> Operation | None:
    """The op of `block` that is or holds `op` (a use inside a kernel.choice's regions is a use by the choice)."""
    return op if op.parent is block else block.find_ancestor_op_in_block(op)


def use_out_variant(op: kernel.ExternOp) -> bool:
    """`%r = kernel.extern "aten::mm.default"(...)` -> an alloc and `kernel.extern "aten::mm.out"(...) outs(%r)`."""
    out_overload = OUT_VARIANTS.get(op.overload.data)
    if out_overload is None or op.outs or len(op.results) != 1 or not is_buffer(op.results[0]):
        return False
    alloc = kernel.AllocOp(op.results[0].type)
    kwargs = {**op.kwargs.data, "out": kernel.OperandRefAttr(len(op.ins))}
    call = kernel.ExternOp(out_overload, list(op.ins), [], list(op.args.data), kwargs, outs=[alloc.result])
    copy_sources(op, [call])
    block = op.parent_block()
    block.insert_ops_before([alloc, call], op)
    op.results[0].replace_all_uses_with(alloc.result)
    block.erase_op(op)
    return True


@dataclass
class MemoryUse:
    """The planned peak of live intermediate and output bytes, and the bytes of all buffers without reuse.
    With symbolic sizes the peak is the largest of `peaks` (sympy expressions no other of them is proven to
    bound) at the sizes of a call; static sizes give one integer."""

    peaks: tuple  # sympy expressions
    total: object


def memory_use(host: func.FuncOp) -> MemoryUse:
    """Walks the host program: allocations (and fresh extern results) add bytes, frees of owners remove them."""
    import sympy

    live = total = sympy.Integer(0)
    peaks = [live]
    for op in host.body.block.ops:
        before = live
        for result in op.results:
            if is_buffer(result) and fresh_root(result):
                size = storage_bytes_expr(result.type)
                total += size
                if not isinstance(op, kernel.ReuseOp) or not isinstance(op.source.owner, Operation):
                    live += size  # an input's memory (donated) was not counted before
        if isinstance(op, kernel.FreeOp) and fresh_root(op.buffer):
            live -= storage_bytes_expr(op.buffer.type)
        if live is not before:
            peaks = _with_candidate(peaks, live)
    return MemoryUse(tuple(peaks), total)


def _with_candidate(peaks: list, live) -> list:
    """The candidate peaks once `live` is reached: it joins them unless one bounds it, and drops those it
    bounds. Comparisons are by cheap proof (sym.never_below): sympy.Max's general search for an order
    between many symbolic sizes took minutes on a CNN's dozens of allocations."""
    from irc.dialects.sym import never_below

    if any(never_below(peak, live) for peak in peaks):
        return peaks
    return [peak for peak in peaks if not never_below(live, peak)] + [live]


def has_plan(block: Block) -> bool:
    return any(isinstance(op, kernel.FreeOp | kernel.ReuseOp) for op in block.ops)
