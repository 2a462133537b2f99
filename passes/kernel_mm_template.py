"""kernel-mm-template: matmul externs become `kernel.matmul`, a Triton GEMM template kernel-fuse can fuse its
pointwise consumers into (the template's epilogue), where Inductor's rules say a Triton GEMM may serve.

    %c = kernel.extern "aten::addmm.default"(%bias, %x, %wt) {args = [#kernel.operand<0>, ...]}
         : (!loop.buffer<[40], f16, ...>, !loop.buffer<[33, 17], f16, ...>, !loop.buffer<[17, 40], f16, ...>)
         -> (!loop.buffer<[33, 40], f16, strides [40, 1]>)
    %g = loop.pointwise ranges [1320] { ... gelu of loop.load %c[#loop.index<"i0">] ... }
becomes
    %m = kernel.matmul %x, %wt : (...) -> !loop.buffer<[33, 40], f32, strides [40, 1]>   // the f32 product
    %c = loop.pointwise ranges [33, 40] {       // addmm's bias: beta * bias + alpha * (x @ wt), in f32
      %a = loop.load %m[#loop.index<"40*i0 + i1">] ...   %b = loop.load %bias[#loop.index<"i1">] ...
      ... arith.addf ... loop.yield ...
    } : !loop.buffer<[33, 40], f16, strides [40, 1]>
    %g = loop.pointwise ranges [1320] { ... }

and kernel-fuse then makes one `template` kernel of the matmul, the bias and the GELU. `aten::mm`, `aten::bmm`
and `aten::addmm` qualify (use_triton_template's rules): static sizes, one element type of f16, bf16 or f32 for
operands and result, positive M, N and K, at most MAX_BATCH batches, plain operands (no other arguments).
The choice against cuBLAS is a compile-time heuristic, not a measurement: with `require_epilogue` (default)
only a matmul whose result a loop.pointwise reads (directly or through views) becomes a template, since a
Triton GEMM is there to save the epilogue's round trip through memory, not to beat cuBLAS alone; one whose
reader kernel-fuse then cannot fuse goes back to an extern there. `enabled=false` (the default pipeline's
on CPU) leaves every extern as it is. With `choice=true` (torch.compile's pipeline for CUDA inputs) each
kernel.matmul carries `choice = ["template", "persistent"]` (`persistent=false`: the first only): kernel-fuse then
makes those templates and keeps cuBLAS as a further alternative (a `kernel.choice` the runtime resolves by
measuring them); IRC_MM_TEMPLATE=1 gives templates without a choice. With `dual_only=true` (torch.compile's
pipeline for CUDA inputs outside max-autotune when IRC_MM_DUAL=1) only mm / bmm externs that kernel-dual-matmul
will pair (two of one A whose results one pointwise alone reads: a gated MLP's gate and up projections) become
templates, every other matmul staying with cuBLAS.

An operand computed by a cast or scale of one buffer (a prologue: dialects/kernel_analysis/prologue.py says
which ops, and which pay: upcasts and casts of one size always, downcasts where the operand's tiles are loaded
few times) is recomputed over the operand's positions, which kernel-fuse then fuses into the template; such a
matmul is a template without an epilogue too (`prologue=false` turns this off):

    %h = loop.pointwise ranges [1584] { ... loop.cast (loop.load %x[#loop.index<"i0">]) : f32 to f16 ... }
    %a = loop.reinterpret %h : !loop.buffer<[1584], f16, strides [1]> to !loop.buffer<[33, 48], f16, ...>
    %c = kernel.extern "aten::mm.default"(%a, %w) ...
becomes
    %h = loop.pointwise ranges [33, 48] { ... loop.cast (loop.load %x[#loop.index<"48*i0 + i1">]) ... }
         : !loop.buffer<[33, 48], f16, strides [48, 1]>
    %c = kernel.matmul %h, %w : (...) -> !loop.buffer<[33, 20], f16, strides [20, 1]>

The original stays where something else reads it (the template then recomputes it only where that reads no
more bytes: not for downcasts); two matmuls of one operand share its prologue (a dual pair keeps one A). A
template reading a prologue keeps its TMA variant only where a descriptor can read the prologue's source (a
matrix by TMA's rules in its own element type, every other load a scalar: tma_readable).
"""

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, FloatAttr, IntAttr, IntegerAttr, ModuleOp, StringAttr, f32
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass

from irc.dialects import loop
from irc.dialects.kernel import ExternOp, OperandRefAttr
from irc.dialects.kernel_analysis.dual_matmul import pair_up
from irc.dialects.kernel_analysis.prologue import (
    PROLOGUE_OPS,
    fusion_problem,
    pays,
    prologue_problem,
    source_load,
    tma_readable,
    view_root,
)
from irc.dialects.kernel_template import CHOICE, MATMUL_ELEMENT_TYPES, TEMPLATE_VARIANTS, MatmulOp
from irc.dialects.types import BufferType, IndexAttr, element_type_name
from irc.dialects.model_source import copy_sources
from irc.options import CheckedOptions

# overload -> (operand position of A, of B, of the bias or None), as `args` names them
MATMULS = {"aten::mm.default": (0, 1, None), "aten::bmm.default": (0, 1, None), "aten::addmm.default": (1, 2, 0)}
# addmm's scalar keyword arguments and their defaults
ADDMM_SCALARS = {"beta": 1.0, "alpha": 1.0}
# batches of a batched matmul worth a template (the grid is batch * tiles programs)
MAX_BATCH = 65535


def plain_operands(op: ExternOp, count: int) -> bool:
    """The extern's args are its operands in order, nothing else."""
    args = op.args.data
    return len(args) == count == len(op.ins) and not op.outs and all(
        isinstance(a, OperandRefAttr) and a.index.data == k for k, a in enumerate(args)
    )


def addmm_scalars(kwargs: DictionaryAttr) -> dict[str, float] | None:
    """beta and alpha of an addmm (defaults 1), or None when a keyword is anything else."""
    found = dict(ADDMM_SCALARS)
    for key, value in kwargs.data.items():
        if key not in ADDMM_SCALARS or not isinstance(value, FloatAttr | IntegerAttr):
            return None
        found[key] = float(value.value.data)
    return found


def qualifies(op: ExternOp) -> bool:
    """Inductor's use_triton_template rules for one matmul extern."""
    positions = MATMULS.get(op.overload.data)
    if positions is None or len(op.res) != 1:
        return False
    count = 3 if positions[2] is not None else 2
    if not plain_operands(op, count) or (positions[2] is None and op.kwargs.data):
        return False
    if positions[2] is not None and addmm_scalars(op.kwargs) is None:
        return False
    types = [v.type for v in (*op.ins, op.res[0])]
    if not all(isinstance(t, BufferType) and _static(t) for t in types):
        return False
    result = op.res[0].type
    names = {element_type_name(t.element_type) for t in types}
    if len(names) != 1 or not names <= set(MATMUL_ELEMENT_TYPES):
        return False
    a, b = op.ins[positions[0]].type, op.ins[positions[1]].type
    if not (a.rank == b.rank == result.rank and result.rank in (2, 3)):
        return False
    if positions[2] is not None and not _broadcasts_to(op.ins[positions[2]].type.sizes(), result.sizes()):
        return False
    sizes = (*result.sizes(), a.sizes()[-1])
    return all(s > 0 for s in sizes) and (result.rank == 2 or sizes[0] <= MAX_BATCH)


def _static(t: BufferType) -> bool:
    dims = (*t.shape.data, *t.strides.data, t.offset)
    return all(isinstance(d, IntAttr) for d in dims)


def _broadcasts_to(sizes, target) -> bool:
    return len(sizes) <= len(target) and all(s in (1, t) for s, t in zip(reversed(sizes), reversed(target)))


def read_by_pointwise(value: SSAValue) -> bool:
    """Whether a loop.pointwise loads `value`, or a view of it."""
    for use in value.uses:
        user = use.operation
        if isinstance(user, loop.ReinterpretOp) and read_by_pointwise(user.result):
            return True
        if isinstance(user, loop.LoadOp) and isinstance(loop.enclosing_loop(user), loop.PointwiseOp):
            return True
    return False


def strided_index(t: BufferType, coords) -> IndexAttr:
    from irc.dialects.sym import linearize

    return IndexAttr(linearize(coords, t.stride_values()))


def bias_epilogue(product: SSAValue, bias: SSAValue, scalars: dict[str, float], result_type: BufferType):
    """`beta * bias + alpha * product` (bias broadcast; the product in f32), rounded once, as addmm does."""
    import sympy

    out_sizes = result_type.sizes()
    names = [sympy.Symbol(f"i{d}") for d in range(len(out_sizes))]
    bias_sizes = bias.type.sizes()
    lead = len(out_sizes) - len(bias_sizes)
    bias_coords = [0 if s == 1 else names[d + lead] for d, s in enumerate(bias_sizes)]
    element = result_type.element_type
    ops: list[Operation] = []

    def add(op: Operation) -> SSAValue:
        ops.append(op)
        return op.results[0] if op.results else None

    def widened(value: SSAValue, scale: float) -> SSAValue:
        value = value if value.type == f32 else add(loop.CastOp(value, f32))
        if scale != 1.0:
            value = add(arith.MulfOp(value, add(arith.ConstantOp(FloatAttr(scale, f32)))))
        return value

    acc = widened(add(loop.LoadOp(product, strided_index(product.type, names))), scalars["alpha"])
    term = widened(add(loop.LoadOp(bias, strided_index(bias.type, bias_coords))), scalars["beta"])
    total = add(arith.AddfOp(acc, term))
    add(loop.YieldOp(total if element == f32 else add(loop.CastOp(total, element))))
    return loop.PointwiseOp(list(out_sizes), ops, result_type)


def to_template(op: ExternOp) -> list[Operation]:
    """The kernel.matmul (and addmm's bias epilogue) that replace a qualifying extern."""
    a_at, b_at, bias_at = MATMULS[op.overload.data]
    result_type = op.res[0].type
    product_type = BufferType(result_type.sizes(), f32)  # the accumulator: the bias is added before rounding
    matmul = MatmulOp(op.ins[a_at], op.ins[b_at], product_type if bias_at is not None else result_type)
    if bias_at is None:
        return [matmul]
    scalars = addmm_scalars(op.kwargs)
    return [matmul, bias_epilogue(matmul.result, op.ins[bias_at], scalars, result_type)]


def dual_pairs(externs: list[ExternOp]) -> set[ExternOp]:
    """The mm / bmm externs among `externs` that pair into dual matmuls."""
    plain = [e for e in externs if MATMULS[e.overload.data][2] is None]
    operands = lambda e: (e.ins[0], e.ins[1], e.res[0])  # noqa: E731
    same = lambda a, b: a.overload == b.overload  # noqa: E731
    return {e for pair in pair_up(plain, operands, same) for e in pair}


def tma_operands(matmul: MatmulOp) -> bool:
    """Whether both operands can be read through tensor descriptors: f16 or bf16 matrices (rank 2) with a unit
    stride in one dim, the other stride and the offset multiples of 16 bytes (TMA's rules); for an operand a
    prologue computes, the buffer it loads (dialects/kernel_analysis/prologue.py: tma_readable)."""
    from irc.dialects.types import element_bytes

    if matmul.batched or element_type_name(matmul.lhs.type.element_type) not in ("f16", "bf16"):
        return False
    for operand in (matmul.lhs, matmul.rhs):
        if fusion_problem(operand.owner, matmul) is None:
            if not tma_readable(operand.owner):
                return False
            continue
        t = operand.type
        size = element_bytes(t.element_type)
        strides = t.stride_values()
        if 1 not in strides or t.offset_value() * size % 16:
            return False
        other = strides[0] if strides[1] == 1 else strides[1]
        if other * size % 16:
            return False
    return True


def reindexed(producer: loop.PointwiseOp, operand: SSAValue, delta: int) -> loop.PointwiseOp | None:
    """`producer` computing the elements `operand` (a view of its result, `delta` elements on) reads, over the
    operand's positions and in its shape (contiguous); None where its layout does not decompose."""
    import sympy

    from irc.dialects.loop_analysis.index import layout_coords, substitute_index
    from irc.dialects.sym import linearize

    sizes = operand.type.sizes()
    names = [f"i{d}" for d in range(len(sizes))]
    flat = sympy.Integer(delta) + linearize([sympy.Symbol(n) for n in names], operand.type.stride_values())
    coords = layout_coords(flat, producer.result.type)
    if coords is None:
        return None
    mapping, ranges = {f"i{d}": c for d, c in enumerate(coords)}, dict(zip(names, sizes))
    body = producer.body.clone()
    for load in [o for o in body.walk() if isinstance(o, loop.LoadOp)]:
        load.index = substitute_index(load.index, mapping, ranges)
    return loop.PointwiseOp(list(sizes), body, BufferType(sizes, operand.type.element_type))


def operand_producer(operand: SSAValue) -> tuple[loop.PointwiseOp, int] | None:
    """The loop.pointwise whose result (or a view of it, at an element offset) is the operand."""
    root, delta = view_root(operand)
    if not isinstance(root.owner, loop.PointwiseOp) or not _static(operand.type):
        return None
    return root.owner, delta


def only_matmul_operands(value: SSAValue, matmuls: set[Operation]) -> bool:
    """Whether every use of `value` (through views) is an operand of a kernel.matmul or of `matmuls`."""
    for use in value.uses:
        user = use.operation
        if isinstance(user, loop.ReinterpretOp):
            if not only_matmul_operands(user.result, matmuls):
                return False
        elif not isinstance(user, MatmulOp) and user not in matmuls:
            return False
    return True


def make_prologue(matmul: MatmulOp, operand: SSAValue, matmuls: set[Operation]) -> loop.PointwiseOp | None:
    """A prologue computing `operand` of `matmul` from the pointwise producing it (a copy in the operand's
    coordinates, dialects/kernel_analysis/prologue.py), where that is well formed and pays."""
    found = operand_producer(operand)
    if found is None or any(op.name not in PROLOGUE_OPS for op in found[0].body.walk()):
        return None
    producer, delta = found
    prologue = reindexed(producer, operand, delta)
    if prologue is None:
        return None
    prologue.result.name_hint = producer.result.name_hint
    materialized = not only_matmul_operands(producer.result, matmuls)
    if prologue_problem(prologue, prologue.result) is not None or not pays(
        matmul, operand, source_load(prologue).buffer.type, materialized
    ):
        prologue.erase()
        return None
    return prologue


def attach_prologues(
    matmul: MatmulOp, made: dict[SSAValue, SSAValue], matmuls: set[Operation]
) -> list[loop.PointwiseOp]:
    """Makes the matmul read its operands from prologues (one per operand value, shared by the matmuls
    reading it: a dual pair keeps one A); returns the new prologue ops. `matmuls`: the externs becoming
    matmuls (their reads of a producer need no materialized result)."""
    new = []
    for position, operand in enumerate(matmul.operands):
        if operand not in made:
            prologue = make_prologue(matmul, operand, matmuls)
            if prologue is None:
                continue
            made[operand] = prologue.result
            new.append(prologue)
        matmul.operands[position] = made[operand]
    return new


def erase_dead_producers(values: list[SSAValue]) -> None:
    """Views and pointwise ops (storing nothing) left without uses once their matmuls read prologues."""
    for value in dict.fromkeys(values):  # A and B may be one value
        while not value.uses and isinstance(value.owner, loop.ReinterpretOp | loop.PointwiseOp):
            owner = value.owner
            if loop.stores(owner) or owner.parent_block() is None:
                break
            source = owner.source if isinstance(owner, loop.ReinterpretOp) else None
            owner.detach()
            owner.erase()
            if source is None:
                break
            value = source


@dataclass(frozen=True)
class KernelMmTemplatePass(CheckedOptions, ModulePass):
    """mm / bmm / addmm externs -> kernel.matmul (+ the bias as a loop.pointwise), where a template pays."""

    name = "kernel-mm-template"

    enabled: bool = True
    require_epilogue: bool = True
    """only matmuls whose result a loop.pointwise reads (the epilogue a template fuses)"""
    choice: bool = False
    """mark each kernel.matmul `choice`: kernel-fuse keeps cuBLAS as a measured alternative"""
    grouped: bool = True
    """with `choice`, offer the grouped (one program per tile) template"""
    persistent: bool = True
    """with `choice`, offer a persistent template too"""
    tma: bool = False
    """with `choice`, offer a persistent template loading through tensor descriptors (Hopper's TMA) too, where
    the operands allow (tma_operands)"""
    prologue: bool = True
    """a matmul operand computed by a cast or scale of one buffer (a prologue) is recomputed by the template
    from that buffer; such a matmul is a template without an epilogue too"""
    dual_only: bool = False
    """only the mm / bmm pairs that kernel-dual-matmul makes one dual matmul of"""

    def variants(self, matmul: MatmulOp) -> list[str]:
        offered = {"template": self.grouped, "persistent": self.persistent, "tma": self.tma and tma_operands(matmul)}
        return [name for name in TEMPLATE_VARIANTS if offered[name]]

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if not self.enabled:
            return
        externs = [o for o in op.walk() if isinstance(o, ExternOp) and qualifies(o)]
        if self.dual_only:
            paired = dual_pairs(externs)
            externs = [e for e in externs if e in paired]
        made: dict[SSAValue, SSAValue] = {}
        for extern in externs:
            replacements = to_template(extern)
            matmul = replacements[0]
            operands = list(matmul.operands)
            prologues = attach_prologues(matmul, made, set(externs)) if self.prologue else []
            with_prologue = tuple(matmul.operands) != tuple(operands)
            if self.require_epilogue and not read_by_pointwise(extern.res[0]) and not with_prologue:
                for op in reversed(replacements):
                    op.erase()
                continue
            if self.choice:
                matmul.attributes[CHOICE] = ArrayAttr([StringAttr(n) for n in self.variants(matmul)])
            block = extern.parent_block()
            copy_sources(extern, replacements)
            block.insert_ops_before([*prologues, *replacements], extern)
            replacements[-1].results[0].name_hint = extern.res[0].name_hint
            extern.res[0].replace_all_uses_with(replacements[-1].results[0])
            extern.detach()
            extern.erase()
            erase_dead_producers(operands)
