"""Launch order for kernel-plan-memory: a launch that frees more than it allocates runs as early as it can.

A kernel launch that is the last use of intermediate buffers bigger than its outputs moves up, over launches
and externs that touch none of its inputs' alias groups, to just after what it depends on: its inputs die
earlier and only its smaller outputs live longer (Inductor's reorder for peak memory does this and more).
GPT-2 attention: the copy of v from the qkv projection runs before the scores bmm, so the projection is
freed before the scores are allocated:

    %q = ... clone(qkv) ; %k = ... clone(qkv)          %q = ... clone(qkv) ; %k = ... clone(qkv)
    %s = bmm(%q, %k)                            ->     %v = kernel.alloc ; kernel.launch @clone(qkv) outs(%v)
    %p = softmax(%s)                                   %s = bmm(%q, %k)
    %v = kernel.alloc ; kernel.launch @clone(qkv) ...  %p = softmax(%s)
"""

from __future__ import annotations

import sympy
from xdsl.ir import Block, Operation, SSAValue

from irc.dialects import kernel
from irc.dialects.sym import never_below
from irc.dialects.kernel_analysis.memory_plan import AliasGroup, analyze, fresh_root, storage_bytes_expr


def group_bytes(group: AliasGroup) -> sympy.Expr:
    """The bytes a group owns: its fresh roots (allocations, fresh extern results); views own nothing."""
    return sum((storage_bytes_expr(v.type) for v in group.members if fresh_root(v)), sympy.Integer(0))


def frees_more_than_it_allocates(launch: kernel.LaunchOp, groups: dict[SSAValue, AliasGroup], position) -> bool:
    here = position[launch]
    dying = {id(g): g for v in launch.ins if (g := groups.get(v)) is not None}.values()
    freed = sum(
        (group_bytes(g) for g in dying if g.last_use == here and not (g.is_input or g.is_output)), sympy.Integer(0)
    )
    allocated = sum((storage_bytes_expr(v.type) for v in launch.outs), sympy.Integer(0))
    return never_below(freed, allocated + 1)


def movable_outputs(launch: kernel.LaunchOp, position: dict[Operation, int]) -> list[kernel.AllocOp] | None:
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


def hoist_target(launch: kernel.LaunchOp, allocs: list[Operation], groups) -> Operation | None:
    """The first op of the run just above the launch that it may move over (None when it cannot move)."""
    touched = {id(groups[v]) for v in launch.ins if v in groups}
    operands = set(launch.ins)
    target = None
    op = launch.prev_op
    while op is not None:
        if op in allocs:
            op = op.prev_op
            continue
        uses_group = any(v in groups and id(groups[v]) in touched for v in (*op.operands, *op.results))
        if uses_group or any(r in operands for r in op.results) or not op.results and not op.operands:
            break
        target = op
        op = op.prev_op
    return target


def hoist_freeing_launches(block: Block) -> None:
    analysis = None  # the block's alias groups and positions, until an op moves
    for launch in [op for op in block.ops if isinstance(op, kernel.LaunchOp)]:
        if analysis is None:
            groups, position = analyze(block)
            analysis = {value: group for group in groups.values() for value in group.members}, position
        group_of, position = analysis
        allocs = movable_outputs(launch, position)
        if allocs is None or not frees_more_than_it_allocates(launch, group_of, position):
            continue
        target = hoist_target(launch, allocs, group_of)
        if target is None:
            continue
        for op in [*allocs, launch]:
            op.detach()
            block.insert_op_before(op, target)
        analysis = None
