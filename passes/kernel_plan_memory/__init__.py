"""kernel-plan-memory: allocation, reuse and freeing of buffers in the host program (kernel -> kernel).

Inductor's wrapper plans memory with allocate / free-if-not-reused / reuse lines; this pass does the same on the
host `func.func`:

    %a = kernel.alloc : !loop.buffer<[64], f32, strides [1]>          %a = kernel.alloc : !loop.buffer<[64], f32, ...>
    kernel.launch @k0(%x) outs(%a) : ...                               kernel.launch @k0(%x) outs(%a) : ...
    %b = kernel.alloc : !loop.buffer<[64], f32, strides [1]>   ->     %b = kernel.alloc : !loop.buffer<[64], f32, ...>
    kernel.launch @k1(%a) outs(%b) : ...                               kernel.launch @k1(%a) outs(%b) : ...
    %c = kernel.alloc : !loop.buffer<[8, 8], f32, strides [8, 1]>     %c = kernel.reuse %a : ... to !loop.buffer<[8, 8], ...>
    kernel.launch @k2(%b) outs(%c) : ...                               kernel.launch @k2(%b) outs(%c) : ...
    func.return %c : ...                                               kernel.free %b : ...
                                                                       func.return %c : ...

- A view of a view reads the first one's source; a view with its source's type is the source (`views.py`).
- Externs with a native out= variant (mm, bmm, addmm, baddbmm) write into a planner allocation.
- Buffers that may share memory (views, extern results that may alias their operands) form alias groups; a
  group dies after the last use of any member, and each member gets a `kernel.free` there.
- A group holding an output is never freed; one holding a function input is freed (the host drops its
  names; the caller may still hold the tensor) but its memory never reused, unless the input is donated
  (`irc.donated`: a backward's saved activation aot_autograd hands over, Inductor's DonatedBuffer) and has
  no views: its memory then serves as a dead allocation's does, in place or for a later allocation.
- A pointwise kernel or persistent reduction writes its one output over an input with the same bytes that dies
  at its launch when it reads that input only at the elements (pointwise) or rows (reductions feeding the
  output) it writes (Inductor's in_out_ptr; `inplace.py`): `kernel.reuse` of the input.
- A launch writing the new value of an argument the graph overwrites (`irc.written_args`: batch norm's
  running statistics) writes the argument itself when nothing reads its old value afterwards (`written.py`).
- Otherwise an allocation takes the memory of the most recently dead group of equal byte size (compared
  symbolically), dtype and device, owned by one alloc; that group's owner is then not freed but reused.
- First, a launch that frees more bytes than it allocates moves up to just after what it depends on
  (`order.py`), so its inputs die earlier.
Options: `reuse=false` keeps the frees only; `out_variants=false` leaves externs allocating for themselves;
`reorder=false` keeps the launch order.
A host that already has frees or reuses is left as it is.
"""

from collections import defaultdict
from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.traits import IsTerminator

from irc.dialects import kernel, loop
from irc.dialects.kernel_analysis.memory_plan import AliasGroup, analyze, has_plan, reuse_key, use_out_variant
from irc.options import CheckedOptions
from irc.passes.kernel_plan_memory.inplace import inplace_input
from irc.passes.kernel_plan_memory.order import hoist_freeing_launches
from irc.passes.kernel_plan_memory.views import fold_view_chains
from irc.passes.kernel_plan_memory.written import write_arguments_in_place


@dataclass
class Planner:
    """Walks the host ops in order: frees groups after their last use and hands dead memory to new allocations."""

    reuse: bool
    group_of: dict[SSAValue, AliasGroup]
    position: dict[Operation, int]
    pool: dict[tuple, list[tuple[SSAValue, kernel.FreeOp]]] = field(default_factory=lambda: defaultdict(list))

    def allocate(self, alloc: kernel.AllocOp) -> Operation:
        """The alloc, or the `kernel.reuse` of dead memory that replaced it."""
        if not self.reuse:
            return alloc
        inplace = self.inplace(alloc)
        if inplace is not None:
            return inplace
        candidates = self.pool.get(reuse_key(alloc.result))
        if not candidates:
            return alloc
        dead, free = candidates.pop()
        free.detach()
        free.erase()
        return self.replace(alloc, dead, alloc)

    def inplace(self, alloc: kernel.AllocOp) -> Operation | None:
        """A launch writing `alloc` over an input that dies there: the input's memory serves it."""
        launch = next((op for op in (u.operation for u in alloc.result.uses) if writes(op, alloc.result)), None)
        if launch is None or launch not in self.position:  # written inside a kernel.choice: not in place
            return None
        position = inplace_input(launch, alloc.result, lambda value: self.dies_at(value, launch))
        if position is None:
            return None
        dead = launch.ins[position]
        self.group_of[dead].given_away = True
        reuse = self.replace(alloc, dead, launch)
        read = reuse.result
        if dead.type != reuse.result.type:  # the kernel reads it with the input's layout
            read = self.view(reuse.result, dead.type, launch)
        launch.operands[position] = read
        return reuse

    def view(self, value: SSAValue, view_type: Attribute, before: Operation) -> SSAValue:
        """A new `loop.reinterpret` of `value`, standing in for later identical ones (one name, one free)."""
        view = loop.ReinterpretOp(value, view_type)
        before.parent_block().insert_op_before(view, before)
        group = self.group_of[value]
        for use in list(value.uses):
            same = use.operation
            if same is not view and isinstance(same, loop.ReinterpretOp) and same.result.type == view_type:
                same.result.replace_all_uses_with(view.result)
                group.members.remove(same.result)
                same.detach()
                same.erase()
        group.members.append(view.result)
        self.group_of[view.result] = group
        return view.result

    def dies_at(self, value: SSAValue, launch: kernel.LaunchOp) -> bool:
        group = self.group_of.get(value)
        return group is not None and group.members == [value] and group.root is value and (
            group.last_use == self.position[launch] and not group.given_away
        )

    def replace(self, alloc: kernel.AllocOp, dead: SSAValue, before: Operation) -> kernel.ReuseOp:
        reuse = kernel.ReuseOp(dead, alloc.result.type)
        group = self.group_of[alloc.result]
        group.members[group.members.index(alloc.result)] = reuse.result
        self.group_of[reuse.result] = group
        before.parent_block().insert_op_before(reuse, before)
        alloc.result.replace_all_uses_with(reuse.result)
        alloc.detach()
        alloc.erase()
        return reuse

    def free_after(self, op: Operation, group: AliasGroup) -> None:
        if group.given_away:
            return
        frees = [kernel.FreeOp(value) for value in reversed(group.members)]
        if op.has_trait(IsTerminator):  # never used (an input the graph ignores): freed before the return
            op.parent_block().insert_ops_before(frees, op)
        else:
            op.parent_block().insert_ops_after(frees, op)
        root = group.root
        if root is not None:
            self.pool[reuse_key(root)].append((root, frees[-1]))


def plan_host(host: func.FuncOp, reuse: bool = True, out_variants: bool = True, reorder: bool = True) -> None:
    block = host.body.block
    fold_view_chains(block)
    if out_variants:
        for op in [op for op in block.ops if isinstance(op, kernel.ExternOp)]:
            use_out_variant(op)
    if reorder:
        hoist_freeing_launches(block)
    if reuse:
        write_arguments_in_place(block)
    groups, position = analyze(block)
    deaths: dict[int, list[AliasGroup]] = defaultdict(list)
    for group in groups.values():
        if not group.is_output:
            deaths[max(group.last_use, 0)].append(group)
    planner = Planner(reuse, {value: group for group in groups.values() for value in group.members}, position)
    for op, index in position.items():
        if isinstance(op, kernel.AllocOp):
            op = planner.allocate(op)
        for group in deaths.get(index, ()):
            planner.free_after(op, group)


@dataclass(frozen=True)
class KernelPlanMemoryPass(CheckedOptions, ModulePass):
    name = "kernel-plan-memory"

    reuse: bool = True
    out_variants: bool = True
    reorder: bool = True

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for host in op.ops:
            if isinstance(host, func.FuncOp) and host.body.blocks and not has_plan(host.body.block):
                plan_host(host, self.reuse, self.out_variants, self.reorder)


def writes(op: Operation, buffer: SSAValue) -> bool:
    return isinstance(op, kernel.LaunchOp) and buffer in op.outs
