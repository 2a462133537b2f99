"""Template prologues: a cheap loop.pointwise computing an operand of a kernel.matmul (or dual) that the
template recomputes on each operand tile in registers, so the operand never goes through memory (Inductor's
prologue fusion). kernel-mm-template makes them, kernel-fuse fuses them, the kernel verifier checks them and
convert-kernel-to-triton lowers them. A prologue of operand X:

    %a = loop.pointwise ranges [64, 32] {                  // X's shape and type: positions are X's (i0, i1)
      %x = loop.load %src[#loop.index<"i0 + 64*i1">] : ...   // affine: an integer stride per dim (tile loads)
      %h = loop.cast %x : f32 to f16                       // casts, constants, mul / div / neg: PROLOGUE_OPS
      loop.yield %h : f16
    } : !loop.buffer<[64, 32], f16, strides [32, 1]>
    %c = kernel.matmul %a, %w : ...

Exactly one load (the source) reads a distinct element at each position (a stride for every dim longer than
1); any other load reads a broadcast (a scale: a zero stride along some dim longer than 1). No stores, no
gathers, no reductions: each source element is read once per tile load.
"""

from collections.abc import Iterable, Sequence

from xdsl.ir import Operation, SSAValue

from irc.dialects import loop
from irc.dialects.element_types import element_bytes
from irc.dialects.kernel_template import TEMPLATE_OPS
from irc.dialects.types import BufferType

# body ops a prologue may hold: casts, constants, scaling and negation
PROLOGUE_OPS = frozenset({
    "loop.load", "loop.yield", "loop.cast", "arith.constant", "arith.extf", "arith.truncf", "arith.sitofp",
    "arith.uitofp", "arith.mulf", "arith.divf", "arith.negf",
})  # fmt: skip
# the template's BLOCK_M / BLOCK_N assumed when counting how often each operand tile is loaded (the largest of
# kernel-tile's configs: the fewest reloads)
BLOCK_HINT = 128


def operand_dims(pointwise: loop.PointwiseOp) -> list[str]:
    return [f"i{d}" for d in range(len(pointwise.ranges.data))]


def affine(index, names: Sequence[str]) -> tuple[int, list[int]] | None:
    """(offset, stride per name) of an index expression that is an integer-affine function of `names`."""
    import sympy

    from irc.dialects.sym import as_expr

    expr = sympy.expand(as_expr(index))
    symbols = [sympy.Symbol(n) for n in names]
    strides = [expr.coeff(s) for s in symbols]
    offset = sympy.expand(expr - sum(c * s for c, s in zip(strides, symbols)))
    if not all(isinstance(v, sympy.Integer) for v in (*strides, offset)):
        return None
    return int(offset), [int(c) for c in strides]


def full_loads(pointwise: loop.PointwiseOp) -> list[loop.LoadOp]:
    """The loads that read a distinct element at each position: a stride for every dim longer than 1."""
    sizes, names = pointwise.result.type.sizes(), operand_dims(pointwise)
    found = []
    for load in loop.loads(pointwise):
        strides = affine(load.index.value(), names)
        if strides is not None and all(s != 0 for s, n in zip(strides[1], sizes) if n != 1):
            found.append(load)
    return found


def source_load(pointwise: loop.PointwiseOp) -> loop.LoadOp | None:
    """The load of a prologue that reads a distinct element at each position (its source)."""
    full = full_loads(pointwise)
    return full[0] if len(full) == 1 else None


def prologue_problem(pointwise: Operation, operand: SSAValue) -> str | None:
    """Why `pointwise` is not a well-formed prologue computing `operand`, or None."""
    if not isinstance(pointwise, loop.PointwiseOp) or pointwise.result is not operand:
        return "a prologue is the loop.pointwise whose result is the operand"
    if pointwise.result.type.shape != operand.type.shape or pointwise.ranges != operand.type.shape:
        return "a prologue's ranges are its operand's shape"
    if any(not isinstance(d, int) for d in operand.type.sizes()):
        return "a prologue needs static sizes"
    names = operand_dims(pointwise)
    for op in pointwise.body.walk():
        if op.name not in PROLOGUE_OPS:
            return f"{op.name} is not a prologue op (casts, constants, mulf, divf, negf)"
        if isinstance(op, loop.LoadOp):
            if op.indirect:
                return "a prologue does not gather"
            if affine(op.index.value(), names) is None:
                return f"loop.load index {op.index.expr.data} is not affine in {', '.join(names)}"
    full = full_loads(pointwise)
    if len(full) != 1:
        return f"a prologue reads one buffer at every position (and broadcast scales), not {len(full)}"
    return None


def template_operands(template: Operation) -> list[SSAValue]:
    return [template.lhs, *template.rhs_operands]


def prologues(ops: Iterable[Operation]) -> dict[Operation, Operation]:
    """Prologue candidates among `ops`: each loop.pointwise whose result is an operand of a template op among
    them -> that template op."""
    ops = list(ops)
    found = {}
    for template in (op for op in ops if isinstance(op, TEMPLATE_OPS)):
        for operand in template_operands(template):
            owner = operand.owner
            if isinstance(owner, loop.PointwiseOp) and owner in ops:
                found[owner] = template
    return found


def only_read_by(value: SSAValue, template: Operation) -> bool:
    """Whether the template's operands are every use of `value`."""
    return all(use.operation is template for use in value.uses)


def tile_loads(template: Operation, operand: SSAValue) -> int:
    """How often the template loads each element of an operand: once per tile along the other output dim."""
    _, m, n, _ = template.sizes()
    other = n if operand is template.lhs else m
    return -(-other // BLOCK_HINT)


def pays(template: Operation, operand: SSAValue, source: BufferType, materialized: bool) -> bool:
    """Whether recomputing the operand from `source` on each tile load moves no more bytes than reading the
    operand (and, unless it is `materialized` for other readers anyway, writing it once and reading the
    source once): upcasts and casts of one size always; a downcast (f32 -> f16) only where the operand's
    tiles are loaded few times."""
    src, op = element_bytes(source.element_type), element_bytes(operand.type.element_type)
    loads = tile_loads(template, operand)
    unfused = op * loads + (0 if materialized else src + op)
    return src * loads <= unfused


def fusion_problem(pointwise: Operation, template: Operation) -> str | None:
    """Why `pointwise` cannot be fused into `template` as the prologue of an operand, or None: a well-formed
    prologue that only the template reads and whose recomputation pays."""
    operand = next((v for v in template_operands(template) if v.owner is pointwise), None)
    if operand is None:
        return "computes no operand of the template"
    problem = prologue_problem(pointwise, operand)
    if problem is not None:
        return problem
    if not only_read_by(operand, template):
        return "the prologue's result is read outside the template"
    if not pays(template, operand, source_load(pointwise).buffer.type, materialized=False):
        return "recomputing the operand on each tile load reads more bytes than it saves"
    return None


def tile_bytes(template: Operation, operand: SSAValue) -> int:
    """Bytes per element of the operand's tiles a pipelined K loop holds: its own, or for an operand a
    prologue inside the template computes, those of the widest buffer the prologue loads."""
    owner = operand.owner
    if isinstance(owner, loop.PointwiseOp) and owner.parent_op() is template.parent_op():
        return max(element_bytes(load.buffer.type.element_type) for load in loop.loads(owner))
    return element_bytes(operand.type.element_type)


def tma_readable(pointwise: loop.PointwiseOp) -> bool:
    """Whether a TMA template can read this prologue's source through a tensor descriptor: a matrix with a
    unit stride, the other stride and the offset multiples of 16 bytes of its elements (TMA's rules), and
    every other load one element (a scalar scale)."""
    if len(pointwise.ranges.data) != 2:
        return False
    source = source_load(pointwise)
    for load in loop.loads(pointwise):
        offset, strides = affine(load.index.value(), operand_dims(pointwise))
        offset += view_root(load.buffer)[1]
        if load is not source:
            if any(strides):
                return False
            continue
        size = element_bytes(load.buffer.type.element_type)
        other = strides[0] if strides[1] == 1 else strides[1]
        if 1 not in strides or other <= 0 or offset * size % 16 or other * size % 16:
            return False
    return True


def view_root(value: SSAValue) -> tuple[SSAValue, int]:
    """The buffer a chain of views (of static offsets) starts from, and the elements from its first element to
    the view's."""
    offset = 0
    while isinstance(value.owner, loop.ReinterpretOp):
        view = value.owner
        offset += view.result.type.offset_value() - view.source.type.offset_value()
        value = view.source
    return value, offset
