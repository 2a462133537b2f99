"""Launch order for kernel-plan-memory: a launch that frees more than it allocates runs as early as it can.

A kernel launch, or a matmul extern written into its output (mm.out and its kind: pure, no RNG), that is the
last use of buffers bigger than its outputs moves up, over launches and externs that write none of its inputs'
alias groups (readers of them are passed), to just after what it depends on: its inputs die earlier and only
its smaller outputs live longer (Inductor's reorder for peak memory does this and more). What dies counts
intermediates and the inputs the function owns (`irc.owned`: a backward's saved activations). GPT-2
attention: the copy of v from the qkv projection runs before the scores bmm, so the projection is freed before
the scores are allocated:

    %q = ... clone(qkv) ; %k = ... clone(qkv)          %q = ... clone(qkv) ; %k = ... clone(qkv)
    %s = bmm(%q, %k)                            ->     %v = kernel.alloc ; kernel.launch @clone(qkv) outs(%v)
    %p = softmax(%s)                                   %s = bmm(%q, %k)
    %v = kernel.alloc ; kernel.launch @clone(qkv) ...  %p = softmax(%s)

A linear layer's backward: the weight gradient `mm.out(%g^T, %saved)` moves above the input gradient's
`mm.out(%g, %w)`, so the saved activation is freed before the input gradient is allocated.
"""

from __future__ import annotations

import sympy
from xdsl.ir import Block, Operation, SSAValue

from irc.dialects import kernel, loop
from irc.dialects.sym import never_below
from irc.dialects.kernel_analysis.memory_plan import (
    OUT_VARIANTS,
    AliasGroup,
    analyze,
    fresh_root,
    storage_bytes_expr,
    top_level,
)

MOVABLE_EXTERNS = frozenset(OUT_VARIANTS.values())


def movable(op: Operation) -> bool:
    """A launch or a matmul extern that writes its outputs only (a scatter may store into an input)."""
    is_candidate = isinstance(op, kernel.LaunchOp) or (
        isinstance(op, kernel.ExternOp) and op.overload.data in MOVABLE_EXTERNS
    )
    return is_candidate and writes(op) == tuple(op.outs)


def writes(op: Operation) -> tuple[SSAValue, ...]:
    """The values whose memory an op may write: a launch its outputs, and its inputs when its kernel stores
    (a scatter); a matmul extern its outputs; anything else, for all we know, every operand and result (an
    in-place extern, a collective)."""
    if isinstance(op, kernel.ExternOp) and op.overload.data in MOVABLE_EXTERNS:
        return tuple(op.outs)
    if isinstance(op, kernel.LaunchOp):
        k = op.lookup_kernel()
        stores = k is None or any(isinstance(inner, loop.StoreOp) for inner in k.walk())
        return (*op.outs, *op.ins) if stores else tuple(op.outs)
    return (*op.operands, *op.results)


def group_bytes(group: AliasGroup) -> sympy.Expr:
    """The bytes a group owns: its fresh roots (allocations, fresh extern results) or its owned inputs; views
    own nothing."""
    owned = group.owned_input
    owners = [v for v in group.members if fresh_root(v) or owned and not isinstance(v.owner, Operation)]
    return sum((storage_bytes_expr(v.type) for v in owners), sympy.Integer(0))


def freed_there(group: AliasGroup) -> bool:
    return not group.is_output and (not group.is_input or group.owned_input)


def frees_more_than_it_allocates(launch: Operation, groups: dict[SSAValue, AliasGroup], position) -> bool:
    here = position[launch]
    dying = {id(g): g for v in launch.ins if (g := groups.get(v)) is not None}.values()
    freed = sum((group_bytes(g) for g in dying if g.last_use == here and freed_there(g)), sympy.Integer(0))
    allocated = sum((storage_bytes_expr(v.type) for v in launch.outs), sympy.Integer(0))
    return never_below(freed, allocated + 1)


def movable_outputs(launch: Operation, position: dict[Operation, int]) -> list[kernel.AllocOp] | None:
    """The allocs of the launch's outputs, when each is used by nothing before the launch (`position`: the
    index of each op of the launch's block)."""
    allocs = []
    for out in launch.outs:
        alloc = out.owner
        if not isinstance(alloc, kernel.AllocOp):
            return None
        if any(position.get(use.operation, len(position)) < position[launch] for use in out.uses):
            return None
        allocs.append(alloc)
    return allocs


def hoist_target(launch: Operation, allocs: list[Operation], groups) -> tuple[Operation | None, list]:
    """The first op of the run just above the launch that it may move over (None when it cannot move), and
    the views of that run it reads, which move with it. Readers of the groups it reads are passed; writers
    are not."""
    read = {id(groups[v]) for v in launch.ins if v in groups}
    needed = set(launch.ins)
    target, views = None, []
    op = launch.prev_op
    while op is not None:
        if op in allocs:
            op = op.prev_op
            continue
        if isinstance(op, loop.ReinterpretOp) and op.result in needed:
            views.insert(0, op)
            needed.add(op.source)
            op = op.prev_op
            continue
        written = any(v in groups and id(groups[v]) in read for v in writes(op))
        if written or any(r in needed for r in op.results) or not op.results and not op.operands:
            break
        target = op
        op = op.prev_op
    return target, views


def hoist_freeing_launches(block: Block) -> None:
    groups, position = analyze(block)
    group_of = {value: group for group in groups.values() for value in group.members}
    touched = {id(g): touching(g, block) for g in groups.values()}
    extended = any(g.last_use != last_position(touched[id(g)], position) for g in groups.values())
    for launch in [op for op in block.ops if movable(op)]:
        allocs = movable_outputs(launch, position)
        if allocs is None or not frees_more_than_it_allocates(launch, group_of, position):
            continue
        target, views = hoist_target(launch, allocs, group_of)
        if target is None:
            continue
        for op in [*views, *allocs, launch]:
            op.detach()
            block.insert_op_before(op, target)
        if extended:  # a pending collective keeps some groups alive past their uses: analyze it all again
            groups, position = analyze(block)
            group_of = {value: group for group in groups.values() for value in group.members}
            touched = {id(g): touching(g, block) for g in groups.values()}
            continue
        position = {op: i for i, op in enumerate(block.ops)}
        for group in groups.values():  # moves change positions, not which ops define or use a group
            group.last_use = last_position(touched[id(group)], position)


def last_position(ops: list[Operation], position: dict[Operation, int]) -> int:
    return max((position[op] for op in ops), default=-1)


def touching(group: AliasGroup, block: Block) -> list[Operation]:
    """The ops of the block that define or use a member of the group (what its last use is the last of)."""
    ops = []
    for value in group.members:
        if isinstance(value.owner, Operation) and value.owner.parent is block:
            ops.append(value.owner)
        ops += [op for use in value.uses if (op := top_level(block, use.operation)) is not None]
    return ops
