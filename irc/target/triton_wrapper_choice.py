"""A `kernel.choice` in the emitted `call(args)`: one local function per alternative, and the module's choice
object (irc/runtime/choice.py) runs the one it picks:

    _choice_0 = _Choice('fused_gelu_mm_0', ('template', 'extern'), 1, (triton_tem_fused_gelu_mm_0, ...))
    ...
        def _choice_0_template():
            (_launch_0.get(...) or _launch_0.first(...))([arg0_1, arg1_1, buf0])
        def _choice_0_extern():
            buf1 = torch.mm(arg0_1, arg1_1)
            (_launch_1.get(...) or _launch_1.first(...))([buf1, buf0])
        _choice_0((_choice_0_template, _choice_0_extern), (arg0_1, arg1_1), (buf0,))

The object is given the buffers the alternatives read and write (defined before the choice), which key its
measurement; its kernels' sources key it too.
"""

from __future__ import annotations

from xdsl.ir import Operation, SSAValue

from irc.dialects import kernel
from irc.dialects.kernel_template import ALIGNED_VARIANTS
from irc.dialects.types import BufferType
from irc.target.python_text import checked_name, python_tuple

IMPORT = "from irc.runtime.choice import Choice as _Choice"


def reads_and_writes(op: kernel.ChoiceOp) -> tuple[list[SSAValue], list[SSAValue]]:
    """The buffers defined outside `op` that its regions read, and those they write."""
    inside = {o for o in op.walk()}
    reads: dict[SSAValue, None] = {}
    writes: dict[SSAValue, None] = {}
    for o in op.walk():
        written = set(o.outs) if isinstance(o, kernel.LaunchOp | kernel.ExternOp) else set()
        for value in o.operands:
            if isinstance(value.type, BufferType) and not _defined_in(value, inside):
                (writes if value in written else reads)[value] = None
    return [v for v in reads if v not in writes], list(writes)


def _defined_in(value: SSAValue, ops: set[Operation]) -> bool:
    owner = value.owner
    return owner in ops if isinstance(owner, Operation) else owner.parent_op() in ops


def print_choice(printer, op: kernel.ChoiceOp, print_op) -> None:
    """The alternatives as local functions of call(), then the call that runs the chosen one."""
    site = f"_choice_{len(printer.choices)}"
    kernels = [
        checked_name(printer.kernel_of(o).sym_name.data, "kernel name", top_level=True)
        for o in op.walk()
        if isinstance(o, kernel.LaunchOp)
    ]
    externs = [o.overload.data for o in op.walk() if isinstance(o, kernel.ExternOp)]
    aligned = tuple(name in ALIGNED_VARIANTS for name in op.names)
    printer.choices.append(
        f"{site} = _Choice({op.site.data!r}, {tuple(op.names)!r}, {op.default.data}, "
        f"{python_tuple(list(dict.fromkeys(kernels)))}, {tuple(externs)!r}, {aligned!r})"
    )
    functions = []
    for name, region in zip(op.names, op.bodies):
        function = f"{site}_{checked_name(name, 'kernel.choice alternative name')}"
        functions.append(function)
        printer.emit(f"def {function}():")
        printer.indent += 1
        body = [o for o in region.block.ops if not isinstance(o, kernel.YieldOp)]
        for inner in body:
            print_op(printer, inner)
        if not body:
            printer.emit("pass")
        printer.indent -= 1
    reads, writes = reads_and_writes(op)
    names = [python_tuple([printer.ref(v) for v in values]) for values in (reads, writes)]
    printer.emit(f"{site}({python_tuple(functions)}, {names[0]}, {names[1]})")
