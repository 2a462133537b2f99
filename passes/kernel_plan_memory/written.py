"""Overwritten arguments computed in place, for kernel-plan-memory.

A graph that mutates an input (batch norm's running statistics and step counter in training) returns the new
value last and names the argument in `irc.written_args`; the wrapper copies the value over the argument after
the last launch (`torch._foreach_copy_`, one device copy each). Like Inductor's stores into a mutated input,
the launch that writes the value writes the argument itself when
- the value is a buffer of the argument's exact type (so the argument is a buffer), allocated for that one
  launch, returned once;
- nothing reads the argument (or a view of it) after that launch, and the launch reads it, if at all, only at
  the elements it writes (inplace.py's rule for an output over a dying input).
The value is then the argument: no buffer, no copy (the wrapper copies only values that are not the argument).

    %n = kernel.alloc : !b
    kernel.launch @add_one(%count) outs(%n) : ...    ->    kernel.launch @add_one(%count) outs(%count) : ...
    func.return %out, %n : ...                             func.return %out, %count : ...
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.ir import Block, Operation, SSAValue

from irc.dialects import kernel
from irc.dialects.aten import written_args
from irc.dialects.kernel_analysis.memory_plan import AliasGroups, top_level
from irc.passes.kernel_plan_memory.inplace import inplace_input


def write_arguments_in_place(block: Block) -> None:
    function, terminator = block.parent_op(), block.last_op
    if not isinstance(function, func.FuncOp) or not isinstance(terminator, func.ReturnOp):
        return
    written = written_args(function)
    if not written:
        return
    position = {op: index for index, op in enumerate(block.ops)}
    aliases = AliasGroups(block)
    groups = aliases.groups()
    values = list(terminator.operands)
    for argument_position, value in zip(written, values[-len(written):]):
        argument = block.args[argument_position]
        launch = sole_writer(value, position)
        if launch is None or values.count(value) != 1 or argument.type != value.type:
            continue
        members = groups[aliases.find(argument)].members
        if overwritable(argument, value, launch, members, block, position):
            alloc = value.owner
            value.replace_all_uses_with(argument)
            alloc.detach()
            alloc.erase()


def sole_writer(value: SSAValue, position: dict[Operation, int]) -> kernel.LaunchOp | None:
    """The top-level launch writing the freshly allocated `value`, when one launch alone writes it."""
    if not isinstance(value.owner, kernel.AllocOp):
        return None
    writers = [use.operation for use in value.uses if value in getattr(use.operation, "outs", ())]
    if len(writers) != 1 or not isinstance(writers[0], kernel.LaunchOp) or writers[0] not in position:
        return None
    return writers[0] if list(writers[0].outs).count(value) == 1 else None


def overwritable(argument: SSAValue, value: SSAValue, launch: kernel.LaunchOp, members: list[SSAValue],
                 block: Block, position: dict[Operation, int]) -> bool:
    """No read of the argument (or of what may alias it: `members`) after `launch`; the launch's own reads are
    of the elements it writes."""
    at = position[launch]
    for member in members:
        for use in member.uses:
            op = top_level(block, use.operation)
            if op is None or position[op] > at or (op is launch and member is not argument):
                return False
    if argument in launch.outs:
        return False
    if argument not in launch.ins:
        return True
    found = inplace_input(launch, value, lambda candidate: candidate is argument)
    return found is not None and launch.ins[found] is argument
