"""Building kernel-level IR from a fusion plan: `kernel.kernel` symbols and the host's alloc/launch ops.

A kernel.matmul that fused nothing (no epilogue joined it; one with an f32 product of narrower operands stays)
goes back to cuBLAS: a `kernel.extern` of aten::mm / aten::bmm (a kernel.dual_matmul: one per product), since a
template pays by the epilogue it saves. Any other group of ops becomes a kernel whose arguments are the values
its ops use from outside (buffers and
scalars, in order of first use; constants are cloned in instead), whose results are the buffers used outside
the group, and a launch that writes them into fresh `kernel.alloc`s. A template whose matmul is marked `choice`
also gets its cuBLAS alternative, both in a `kernel.choice` (choice.py).
"""

from collections.abc import Sequence
from itertools import count

from xdsl.dialects.arith import CMPF_COMPARISON_OPERATIONS, CMPI_COMPARISON_OPERATIONS, CmpfOp, CmpiOp
from xdsl.dialects.builtin import IndexType
from xdsl.dialects.func import FuncOp
from xdsl.ir import Block, Operation, OpResult, Region, SSAValue
from xdsl.traits import is_side_effect_free
from xdsl.utils.exceptions import PassFailedException

from irc.dialects import kernel
from irc.dialects.loop import ReductionOp, ScanOp
from irc.dialects.model_source import copy_sources, set_sources, sources_of
from irc.dialects.types import BufferType, element_type_name
from irc.dialects.kernel_analysis.prologue import prologues
from irc.dialects.kernel_template import TEMPLATE_OPS, DualMatmulOp
from irc.dialects.loop_analysis.graph import FUSABLE_OPS, defined_inside
from irc.dialects.loop_analysis.index import space_of
from irc.passes.kernel_fuse.choice import build_choice, offers_choice

# scalar op -> the aten-ish name kernels are named after (Inductor names kernels after their aten ops)
OP_NAMES = {
    "arith.addf": "add", "arith.addi": "add", "arith.subf": "sub", "arith.subi": "sub",
    "arith.mulf": "mul", "arith.muli": "mul", "arith.divf": "div", "arith.divsi": "div", "arith.divui": "div",
    "arith.remf": "fmod", "arith.remsi": "fmod", "arith.remui": "fmod", "arith.negf": "neg",
    "arith.maximumf": "maximum", "arith.maxnumf": "maximum", "arith.maxsi": "maximum",
    "arith.maxui": "maximum", "arith.minimumf": "minimum", "arith.minnumf": "minimum",
    "arith.minsi": "minimum", "arith.minui": "minimum", "arith.select": "where",
    "arith.andi": "bitwise_and", "arith.ori": "bitwise_or", "arith.xori": "bitwise_xor",
    "arith.floordivsi": "floor_divide", "arith.shli": "bitwise_left_shift",
    "arith.shrsi": "bitwise_right_shift", "math.absf": "abs", "math.absi": "abs", "math.powf": "pow",
    "math.fpowi": "pow", "math.ipowi": "pow", "math.roundeven": "round", "loop.floordiv": "floor_divide",
}  # fmt: skip

# ops that do not name a kernel: memory access, index values and their checks, constants and conversions
UNNAMED_OPS = {
    "loop.load", "loop.store", "loop.index", "loop.in_range", "loop.yield", "loop.cast", "arith.constant",
    "arith.index_cast", "arith.extf", "arith.truncf", "arith.extsi", "arith.extui", "arith.trunci",
    "arith.sitofp", "arith.uitofp", "arith.fptosi", "arith.fptoui", "arith.bitcast",
}  # fmt: skip

# reduction kind -> the aten name of the reduction
REDUCTION_NAMES = {
    "sum": "sum", "prod": "prod", "max": "amax", "min": "amin", "argmax": "argmax", "argmin": "argmin",
    "any": "any", "all": "all", "welford": "var_mean", "xor_sum": "hash_tensor",
}  # fmt: skip

SCAN_NAMES = {
    "sum": "cumsum", "prod": "cumprod", "logsumexp": "logcumsumexp", "max": "cummax", "min": "cummin",
    "sort": "sort", "sort_descending": "sort", "argsort": "argsort", "argsort_descending": "argsort",
}  # fmt: skip

# comparisons are named after their predicate without its ordered/unordered/signed prefix
PREDICATE_NAMES = {"eq": "eq", "ne": "ne", "lt": "lt", "le": "le", "gt": "gt", "ge": "ge", "uno": "isnan"}

COPY_NAME = "clone"


def scalar_op_name(op: Operation) -> str | None:
    """The aten-ish name of one body op, or None for ops that do not name kernels."""
    if op.name in UNNAMED_OPS:
        return None
    if isinstance(op, CmpfOp | CmpiOp):
        mnemonics = CMPF_COMPARISON_OPERATIONS if isinstance(op, CmpfOp) else CMPI_COMPARISON_OPERATIONS
        mnemonic = mnemonics[op.predicate.value.data]
        return PREDICATE_NAMES.get(mnemonic) or PREDICATE_NAMES.get(mnemonic[1:])
    return OP_NAMES.get(op.name, op.name.split(".", 1)[-1])


def kernel_op_names(members: Sequence[Operation]) -> list[str]:
    """The names a kernel is named after: its scalar ops and reduction kinds ("clone" for pure copies)."""
    names = []
    for member in members:
        if isinstance(member, TEMPLATE_OPS):
            prefix = "dual_" if isinstance(member, DualMatmulOp) else ""
            names.append(prefix + ("bmm" if member.batched else "mm"))
        if isinstance(member, ReductionOp):
            names.append(REDUCTION_NAMES[member.kind.data])
        if isinstance(member, ScanOp):
            names.append(SCAN_NAMES[member.kind.data])
        names += [n for op in member.walk() if op is not member and (n := scalar_op_name(op)) is not None]
    return names or [COPY_NAME]


# ---------------------------------------------------------------------------
# Values crossing the kernel boundary
# ---------------------------------------------------------------------------


def is_clonable_constant(value: SSAValue) -> bool:
    """A value made by an op with no operands, regions or effects (arith.constant): cloned into kernels."""
    if not isinstance(value, OpResult):
        return False
    owner = value.owner
    return not owner.operands and not owner.regions and is_side_effect_free(owner)


def is_kernel_argument_type(value: SSAValue) -> bool:
    t = value.type
    return isinstance(t, BufferType | IndexType) or element_type_name(t) is not None


def outside_values(members: Sequence[Operation]) -> tuple[list[SSAValue], list[SSAValue]]:
    """(arguments, constants): the values the members use from outside, in order of first use."""
    inner = {op for member in members for op in member.walk()}
    arguments: dict[SSAValue, None] = {}
    constants: dict[SSAValue, None] = {}
    for member in members:
        for op in member.walk():
            for value in op.operands:
                if defined_inside(value, inner):
                    continue
                if is_clonable_constant(value):
                    constants[value] = None
                elif is_kernel_argument_type(value):
                    arguments[value] = None
                else:
                    raise PassFailedException(
                        f"kernel-fuse: {op.name} uses a {value.type} from outside its kernel"
                    )
    return list(arguments), list(constants)


def used_outside(value: SSAValue, members: set[Operation]) -> bool:
    for use in value.uses:
        op: Operation | None = use.operation
        while op is not None and op not in members:
            op = op.parent_op()
        if op is None:
            return True
    return False


# ---------------------------------------------------------------------------
# Building kernels and the host program
# ---------------------------------------------------------------------------


class KernelNamer:
    """Inductor-style kernel names, numbered in order of appearance, skipping names the module already has."""

    def __init__(self, module_block: Block):
        self.taken = {
            op.properties["sym_name"].data for op in module_block.ops if "sym_name" in op.properties
        }
        self.numbers = count()

    def __call__(self, op_names: Sequence[str]) -> str:
        while (name := kernel.kernel_name(op_names, next(self.numbers))) in self.taken:
            pass
        self.taken.add(name)
        return name


def build_kernel(
    members: Sequence[Operation],
    namer: KernelNamer,
    outputs: Sequence[SSAValue] | None = None,
    destinations: Sequence[SSAValue] | None = None,
) -> tuple[kernel.KernelOp, list[Operation]]:
    """Moves `members` into a new kernel.kernel; returns it and the host ops (allocs, launch) that run it.
    By default its outputs are the members' results used outside, written into new allocs; `outputs` and
    `destinations` name them and the buffers the launch writes them into instead."""
    arguments, constants = outside_values(members)
    if outputs is None:
        outputs = [r for m in members for r in m.results if used_outside(r, set(members))]
    found = prologues(members)  # run per operand tile: outside the kernel's space
    space = space_of([m for m in members if m not in found])
    kind = "reduction" if space.reduction else "pointwise"
    if any(isinstance(m, TEMPLATE_OPS) for m in members):
        kind = "template"
    name = namer(kernel_op_names(members))
    argument_types, output_types = [v.type for v in arguments], [r.type for r in outputs]
    kernel_op = kernel.KernelOp(
        name,
        argument_types,
        output_types,
        kind,
        space.numel,
        space.rnumel,
        Region(Block(arg_types=argument_types)),
    )
    move_into_kernel(kernel_op, members, arguments, constants)
    set_sources(kernel_op, [entry for m in members for entry in sources_of(m)])
    for member in members:
        set_sources(member, [])  # the kernel holds them now
    allocs = [kernel.AllocOp(r.type) for r in outputs] if destinations is None else []
    for result, alloc in zip(outputs, allocs):
        alloc.result.name_hint = result.name_hint
        result.replace_uses_with_if(alloc.result, lambda use: not kernel_op.is_ancestor(use.operation))
    kernel_op.body.block.add_op(kernel.YieldOp(*outputs))
    launch = kernel.LaunchOp(name, arguments, [a.result for a in allocs] if destinations is None else destinations)
    return kernel_op, [*allocs, launch]


def move_into_kernel(
    kernel_op: kernel.KernelOp,
    members: Sequence[Operation],
    arguments: list[SSAValue],
    constants: list[SSAValue],
) -> None:
    """Moves the members into the kernel body, cloning constants in and reading arguments from block args."""
    body = kernel_op.body.block
    for member in members:
        member.detach()
        body.add_op(member)
    replacements = list(zip(arguments, body.args))
    for value in reversed(constants):
        clone = value.owner.clone()
        body.insert_op_before(clone, body.first_op)
        replacements.append((value, clone.results[value.index]))
    for value, replacement in replacements:
        value.replace_uses_with_if(replacement, lambda use: kernel_op.is_ancestor(use.operation))


def build_host(func: FuncOp, items: Sequence[Sequence[Operation]], namer: KernelNamer) -> list[str | None]:
    """Rebuilds a host function in the planned order: kernels go before it in the module, launches inside.

    Returns the kernel name of each item (None for a host op).
    """
    block = func.body.block
    terminator = block.last_op
    names: list[str | None] = []
    for item in items:
        if len(item) == 1 and is_aten_matmul(item[0]):
            block.insert_ops_before(matmul_externs(item[0]), terminator)
            names.append(None)
        elif isinstance(item[0], FUSABLE_OPS):
            built = offers_choice(item) and build_choice(item, namer, build_kernel, used_outside)
            kernel_ops, host_ops = built or ((k := build_kernel(item, namer))[:1], k[1])
            func.parent_block().insert_ops_before(kernel_ops, func)
            block.insert_ops_before(host_ops, terminator)
            names.append(kernel_ops[0].sym_name.data)
        else:
            item[0].detach()
            block.insert_op_before(item[0], terminator)
            names.append(None)
    erase_unused_constants(block)
    return names


def is_aten_matmul(op: Operation) -> bool:
    """A kernel.matmul (or dual) aten::mm / aten::bmm computes: its results of its operands' element type."""
    return isinstance(op, TEMPLATE_OPS) and op.result.type.element_type == op.lhs.type.element_type


def matmul_externs(matmul: Operation) -> list[kernel.ExternOp]:
    """The aten::mm / aten::bmm externs computing a lone kernel.matmul's product (a dual's two), which they
    replace."""
    overload = "aten::bmm.default" if matmul.batched else "aten::mm.default"
    refs = [kernel.OperandRefAttr(k) for k in range(2)]
    externs = []
    for rhs, product in zip(matmul.rhs_operands, matmul.products):
        extern = kernel.ExternOp(overload, [matmul.lhs, rhs], [product.type], args=refs)
        extern.res[0].name_hint = product.name_hint
        copy_sources(matmul, [extern])
        product.replace_all_uses_with(extern.res[0])
        externs.append(extern)
    matmul.detach()
    matmul.erase()
    return externs


def erase_unused_constants(block: Block) -> None:
    """Host constants whose every use was cloned into kernels are dead now."""
    for op in reversed(list(block.ops)):
        if op.results and is_clonable_constant(op.results[0]) and all(not r.uses for r in op.results):
            op.detach()
            op.erase()
