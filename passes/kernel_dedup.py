"""kernel-dedup: kernels equal up to their name become one kernel, launched wherever any of them was.

The identical layers of a transformer give the same kernels once per layer. Two `kernel.kernel` (or two
`triton.func`) ops whose text is the same but for their symbol name compute the same thing with the same
launch configuration: the first one stays, the others are erased and their launches call the first one. The
emitted module then holds each kernel once, so it is compiled once and tuned once (and the kernels after it
are lowered once when the pass runs before convert-kernel-to-triton).

    kernel.kernel @fused_add_0(%a: !B) -> (!B) ... { BODY }
    kernel.kernel @fused_add_1(%a: !B) -> (!B) ... { BODY }
    func.func @forward(%x: !B) -> !B {
      kernel.launch @fused_add_0(%x) outs(%0) ...
      kernel.launch @fused_add_1(%0) outs(%1) ...
->
    kernel.kernel @fused_add_0(%a: !B) -> (!B) ... { BODY }
    func.func @forward(%x: !B) -> !B {
      kernel.launch @fused_add_0(%x) outs(%0) ...
      kernel.launch @fused_add_0(%0) outs(%1) ...

Kernels are compared by what their text shows, without printing them: every nested op's name, properties
(the kernel's symbol name left out), attributes (but `irc.source`, a comment: the kept kernel gets the
union of the model lines), result types and name hints (which name the emitted code's variables), its operands
as the positions where they were defined, and its blocks' arguments. Equal structures print equal (up to
irc.source), so they are equal kernels after any later pass and in the emitted module.
"""

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, SymbolRefAttr
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass

from irc.dialects import kernel, triton
from irc.dialects.model_source import merge_sources, without_sources

_KERNEL_OPS = (kernel.KernelOp, triton.FuncOp)


def structure(op: Operation) -> tuple:
    """What the op's text shows but its symbol name; SSA values as numbers in order of definition."""
    numbers: dict[SSAValue, int] = {}
    parts: list[tuple] = []
    for inner in op.walk():
        properties = [(k, v) for k, v in inner.properties.items() if inner is not op or k != "sym_name"]
        operands = tuple(numbers.get(v, v) for v in inner.operands)  # a value from outside: itself
        results = tuple((r.type, r.name_hint) for r in inner.results)
        attributes = without_sources(inner.attributes)
        parts.append((inner.name, operands, tuple(properties), attributes, results, tuple(inner.successors)))
        for value in inner.results:
            numbers[value] = len(numbers)
        for block in (b for region in inner.regions for b in region.blocks):
            parts.append(tuple((a.type, a.name_hint) for a in block.args))
            for value in block.args:
                numbers[value] = len(numbers)
        parts.append(tuple(len(region.blocks) for region in inner.regions))
    return tuple(parts)


def duplicates(module: ModuleOp) -> dict[str, str]:
    """Name of each kernel equal to an earlier one -> name of the first one, which gets its irc.source."""
    first: dict[tuple, Operation] = {}
    renamed: dict[str, str] = {}
    for op in module.ops:
        if isinstance(op, _KERNEL_OPS):
            kept = first.setdefault(structure(op), op)
            if kept is not op:
                renamed[op.sym_name.data] = kept.sym_name.data
                merge_sources(kept, op)
    return renamed


def dedup_kernels(module: ModuleOp) -> None:
    renamed = duplicates(module)
    if not renamed:
        return
    for op in list(module.ops):
        if isinstance(op, _KERNEL_OPS) and op.sym_name.data in renamed:
            module.body.block.erase_op(op)
    for op in module.walk():
        if isinstance(op, kernel.LaunchOp) and op.callee.string_value() in renamed:
            op.callee = SymbolRefAttr(renamed[op.callee.string_value()])


@dataclass(frozen=True)
class KernelDedupPass(ModulePass):
    """Erases kernels (kernel.kernel or triton.func) equal to an earlier one up to their name; their launches
    call the earlier one."""

    name = "kernel-dedup"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        dedup_kernels(op)
