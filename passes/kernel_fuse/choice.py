"""Template kernels with cuBLAS kept beside them: a `kernel.choice` the runtime resolves by measuring them.

For a fusion group holding a kernel.matmul marked `choice = [...]` (kernel-mm-template{choice=true}), each
named template variant (a copy of the group, its matmul marked with the variant's attribute: `persistent`) and
cuBLAS with the epilogue as a kernel of its own go into the host program (shown with one variant):

    %out = kernel.alloc : ...
    kernel.choice "fused_gelu_mm_0" ["template", "extern"] default 1 {
      kernel.launch @fused_gelu_mm_0(%x, %w) outs(%out)           // the GEMM with its epilogue
      kernel.yield
    }, {
      %p = kernel.extern "aten::mm.default"(%x, %w) ...           // cuBLAS
      kernel.launch @gelu_1(%p) outs(%out)                        // the epilogue alone, reading the product
      kernel.yield
    }

A template with prologues (an operand computed per tile: a cast or scale) keeps its TMA variant where a
descriptor can read each prologue's source (tma_readable); its prologues become kernels of their own in the
extern alternative, writing the operand cuBLAS reads; a template without an epilogue has no epilogue kernel
there. addmm's bias epilogue (dialects/kernel_analysis/addmm.py) is aten::addmm there, as where no template is
offered: cuBLAS adds the bias, rounding once, and the rest of the epilogue reads its result. Otherwise the
extern alternative computes the product in the operands' type (an f32 product of narrower operands is read
back from that type and widened). A product that is itself an output goes to its buffer
through `aten::mm.out` / `aten::bmm.out`. A kernel.dual_matmul's extern alternative computes each product with
an extern of its own. The extern alternative runs where nothing is measured.
"""

from collections.abc import Callable, Sequence

from xdsl.dialects.builtin import FloatAttr, UnitAttr, f32, f64
from xdsl.ir import Block, Operation, SSAValue

from irc.dialects import kernel, loop
from irc.dialects.kernel_analysis.addmm import AddmmBias, addmm_bias
from irc.dialects.kernel_analysis.prologue import prologues, tma_readable
from irc.dialects.kernel_template import CHOICE, EXTERN, TEMPLATE_OPS, TEMPLATE_VARIANTS, TMA, ChoiceOp
from irc.dialects.types import BufferType

BuildKernel = Callable[..., tuple[kernel.KernelOp, list[Operation]]]


def offers_choice(item: Sequence[Operation]) -> bool:
    return any(isinstance(op, TEMPLATE_OPS) and CHOICE in op.attributes for op in item)


def build_choice(item: Sequence[Operation], namer, build_kernel: BuildKernel, used_outside):
    """(kernels, host ops) of a template group, its other template variants and its cuBLAS alternative; None
    where the product is an output of another type than cuBLAS gives."""
    members = set(item)
    matmul = next(op for op in item if isinstance(op, TEMPLATE_OPS))
    variants = [a.data for a in matmul.attributes[CHOICE].data]
    if not all(tma_readable(p) for p in prologues(item)):  # a descriptor cannot read a prologue's source
        variants = [v for v in variants if TEMPLATE_VARIANTS[v] != TMA] or ["template"]
    outputs = [r for m in item for r in m.results if used_outside(r, members)]
    same_type = matmul.result.type.element_type == matmul.lhs.type.element_type
    if any(p in outputs for p in matmul.products) and not same_type:
        return None
    copies = [copy_group(item) for _ in variants]  # the other variants' and the extern's; the first uses item
    first, first_ops = build_kernel(item, namer)
    *allocs, launch = first_ops
    destination = dict(zip(outputs, launch.outs))
    kernels, alternatives = [first], {variants[0]: Block([launch, kernel.YieldOp()])}
    mark(matmul, variants[0])
    for name, (clones, mapping) in zip(variants[1:], copies):
        mark(mapping[matmul.result].owner, name)
        built, ops = build_kernel(clones, namer, [mapping[o] for o in outputs], list(launch.outs))
        kernels.append(built)
        alternatives[name] = Block([*ops, kernel.YieldOp()])
    clones, mapping = copies[-1]
    twin = mapping[matmul.result].owner
    operand_kernels = list(prologues(clones))
    bias = addmm_bias(twin)
    if bias is not None and bias.bias.owner not in clones:  # cuBLAS adds the bias, as without templates
        original = next(o for o, c in mapping.items() if c is bias.pointwise.result)
        extern_ops = cublas_addmm(twin, bias, destination.get(original))
        clones.remove(bias.pointwise)
        bias.pointwise.detach()
        bias.pointwise.erase()
        outputs = [o for o in outputs if o is not original]
    else:
        extern_ops = []
        for rhs, value, original in zip(twin.rhs_operands, twin.products, matmul.products):
            ops, product = cublas(twin, rhs, value, destination.get(original))
            extern_ops += ops
            read_product(value, product)
    twin.detach()
    twin.erase()
    prologue_ops = []
    for prologue in operand_kernels:  # the operand computed into a buffer of its own, which cuBLAS reads
        built, ops = build_kernel([prologue], namer)
        kernels.append(built)
        prologue_ops += ops
    rest = [c for c in clones if c is not twin and c not in operand_kernels]
    kept = [o for o in outputs if o not in matmul.products]
    epilogue_ops = []
    if rest:
        kept_outputs = [mapping[o] for o in kept]
        epilogue, epilogue_ops = build_kernel(rest, namer, kept_outputs, [destination[o] for o in kept])
        kernels.append(epilogue)
    alternatives[EXTERN] = Block([*prologue_ops, *extern_ops, *epilogue_ops, kernel.YieldOp()])
    choice = ChoiceOp(first.sym_name.data, alternatives, default=len(variants))
    return kernels, [*allocs, choice]


def copy_group(item: Sequence[Operation]) -> tuple[list[Operation], dict[SSAValue, SSAValue]]:
    """Clones of the group's ops (reading what they read outside it) at the end of its host block."""
    mapping: dict[SSAValue, SSAValue] = {}
    clones = [op.clone(value_mapper=mapping) for op in item]
    host = item[0].parent_block()
    host.insert_ops_before(clones, host.last_op)
    return clones, mapping


def mark(matmul: Operation, variant: str) -> None:
    """The matmul of one template variant: its choice made, its variant's attribute set."""
    del matmul.attributes[CHOICE]
    attribute = TEMPLATE_VARIANTS[variant]
    if attribute is not None:
        matmul.attributes[attribute] = UnitAttr()


def cublas(
    matmul: Operation, rhs: SSAValue, value: SSAValue, destination: SSAValue | None
) -> tuple[list[Operation], SSAValue]:
    """The extern computing `value`, the product of a kernel.matmul (or dual) with `rhs`, in its operands' type
    (into `destination` when given)."""
    name = "aten::bmm" if matmul.batched else "aten::mm"
    result = value.type
    if result.element_type != matmul.lhs.type.element_type:
        result = BufferType(result.sizes(), matmul.lhs.type.element_type)
    return extern_into(name, [matmul.lhs, rhs], result, value.name_hint, destination)


def cublas_addmm(matmul: Operation, bias: AddmmBias, destination: SSAValue | None) -> list[Operation]:
    """The aten::addmm computing a matmul's bias epilogue (into `destination` when given), whose readers read
    the extern's result instead."""
    operands = [bias.bias, matmul.lhs, matmul.rhs]
    scalars = {k: FloatAttr(v, f64) for k, v in (("beta", bias.beta), ("alpha", bias.alpha)) if v != 1.0}
    result = bias.pointwise.result
    ops, value = extern_into("aten::addmm", operands, result.type, result.name_hint, destination, scalars)
    result.replace_all_uses_with(value)
    return ops


def extern_into(
    name: str, operands: list[SSAValue], result_type, hint: str | None, destination: SSAValue | None,
    kwargs=None,
) -> tuple[list[Operation], SSAValue]:
    """`name`'s extern of `operands` (args in order, `kwargs` beside) and the value it computes: `destination`
    through its out= overload when given, else its `.default` result of `result_type`, named `hint`."""
    refs = [kernel.OperandRefAttr(k) for k in range(len(operands))]
    kwargs = dict(kwargs or {})
    if destination is not None:
        kwargs["out"] = kernel.OperandRefAttr(len(operands))
        extern = kernel.ExternOp(f"{name}.out", operands, [], args=refs, kwargs=kwargs, outs=[destination])
        return [extern], destination
    extern = kernel.ExternOp(f"{name}.default", operands, [result_type], args=refs, kwargs=kwargs)
    extern.res[0].name_hint = hint
    return [extern], extern.res[0]


def read_product(value: SSAValue, product: SSAValue) -> None:
    """The epilogue's loads of `value` read `product` instead (and widen it where `value` was f32)."""
    if value.type.element_type == product.type.element_type:
        value.replace_all_uses_with(product)
        return
    for use in list(value.uses):
        load = use.operation
        assert isinstance(load, loop.LoadOp), f"an epilogue reads the product through {load.name}"
        narrow = loop.LoadOp(product, load.index)
        wide = loop.CastOp(narrow.result, f32)
        load.parent_block().insert_ops_before([narrow, wide], load)
        load.result.replace_all_uses_with(wide.result)
        load.detach()
        load.erase()
