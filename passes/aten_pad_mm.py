"""aten-pad-mm: matmuls with a misaligned leading dimension compute on padded operands into a padded buffer
(aten -> aten), as Inductor's pad_mm does.

cuBLAS picks slow kernels (cutlass `align1`, several times slower on an H100) when a leading dimension is not
a multiple of 16 bytes. GPT-2's LM head, x [2048, 768] @ W.t() with N = 50257 columns, is such a matmul: the
output's rows (and a row-major B's) start at misaligned addresses. Padding N to a multiple of the alignment
(B gets zero columns, the bias zero entries) makes every leading dimension aligned; the result is a slice of
the padded output, a view, so nothing is copied back:

    %c = aten.fallback "aten::mm.default"(%a, %b) ... -> !aten.tensor<[2048, 50257], bf16, strides [50257, 1]>
becomes
    %p = aten.fallback "aten::constant_pad_nd.default"(%b) {args = [#aten.operand<0>, [0, 7], 0.0]} ...
         -> !aten.tensor<[768, 50264], bf16>
    %m = aten.fallback "aten::mm.default"(%a, %p) ... -> !aten.tensor<[2048, 50264], bf16, strides [50264, 1]>
    %c = aten.slice %m dim = 1 start = 0 end = 50257 : ... -> !aten.tensor<[2048, 50257], bf16>

A misaligned K (the rows of a row-major A, as the logits' gradient `g @ W` in a language model's backward)
pads A's columns and B's rows with zeros, the product unchanged; a misaligned M of a column-major A
(`g^T @ x`, the head's weight gradient) pads A's rows and returns the result's first M rows. A transposed
view is padded at its source, so both products read one padded copy of g. K and M are padded only where the
other two dims are at least `min_rows` (the copies then cost far less than the slow kernel).

In a training function (without aten.INFERENCE) a matmul whose result the function returns keeps its strides:
the backward graph (and the caller) was traced against them. Its M and K are padded as above (a row slice
keeps them); a padded N is copied back into the row-major result (`aten.clone`), where K is at least
`min_rows`: the training forward of GPT-2's LM head (K = 768) otherwise ran a cutlass align1 kernel, 1.7 ms of
a 10-ms step on the H200, where the copy of its bf16 logits costs about 0.2 ms. Only matmuls with at
least `min_rows` rows (default 128) are padded: with fewer, the matmul reads B about as fast as the pad copies
it, and the copy would cost as much as it saves. A symbolic row count (batch x sequence under dynamic shapes)
is padded: B and N are static, and the unpadded LM head is what made GPT-2's dynamic compile twice as slow as
its static one on the H200.
"""

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ArrayAttr, FloatAttr, IntegerAttr, ModuleOp, f64, i64
from xdsl.ir import SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from irc.dialects import aten
from irc.dialects.aten_views import (
    CloneOp,
    PermuteOp,
    SliceOp,
    TransposeOp,
    returned_types_follow,
    returned_values,
)
from irc.dialects.types import TensorType, contiguous_strides, element_bytes, element_type_name
from irc.dialects.model_source import copy_sources
from irc.options import CheckedOptions, option

ALIGNMENT_BYTES = 16
FLOAT_TYPES = ("f16", "bf16", "f32")
# overload -> (position of A, position of B, position of the bias or None)
MATMULS = {"aten::mm.default": (0, 1, None), "aten::addmm.default": (1, 2, 0)}


def matrix_with_static_columns(t) -> bool:
    """A 2-D tensor whose columns are a static count (its rows may be a symbolic size: batch x sequence)."""
    return isinstance(t, TensorType) and len(t.sizes()) == 2 and isinstance(t.sizes()[1], int)


@dataclass(frozen=True)
class Padding:
    """Rows (M), inner (K) and columns (N) to add to a matmul's problem."""

    m: int = 0
    k: int = 0
    n: int = 0

    def __bool__(self) -> bool:
        return bool(self.m or self.k or self.n)


def dense_order(t: TensorType) -> str | None:
    """"row" for a dense row-major matrix, "column" for a dense column-major one (a transposed view)."""
    rows, columns = t.sizes()
    strides = t.stride_values() or (columns, 1)
    if tuple(strides) == (columns, 1):
        return "row"
    return "column" if tuple(strides) == (1, rows) else None


def padding(op: aten.FallbackOp, min_rows: int) -> Padding:
    """What to add to the matmul's dims so that every leading dimension cuBLAS sees is aligned: N where the
    output's (or a row-major B's) rows are misaligned, K where a row-major A's or a column-major B's are, M
    where a column-major A's are. K and M only when the other two dims are at least `min_rows` (the pads copy
    A and B: worth it for a large product, as the LM head's gradients are)."""
    a_at, b_at, bias_at = MATMULS[op.overload.data]
    if len(op.inputs) <= max(a_at, b_at) or len(op.outputs) != 1 or op.kwargs.data:
        return Padding()
    a, b, out = op.inputs[a_at].type, op.inputs[b_at].type, op.outputs[0].type
    if not all(matrix_with_static_columns(t) for t in (a, b, out)) or not isinstance(b.sizes()[0], int):
        return Padding()
    if element_type_name(out.element_type) not in FLOAT_TYPES:
        return Padding()
    (m, k), n = a.sizes(), out.sizes()[1]
    align = ALIGNMENT_BYTES // element_bytes(out.element_type)
    many_rows = not isinstance(m, int) or m >= min_rows  # a symbolic row count: batch x sequence
    pad_n = many_rows and n % align != 0
    k_leads = dense_order(a) == "row" or dense_order(b) == "column"
    pad_k = many_rows and n >= min_rows and k % align != 0 and k_leads
    pad_m = (isinstance(m, int) and min(n, k) >= min_rows and m % align != 0 and dense_order(a) == "column"
             and not has_matrix_bias(op))
    return Padding(-m % align if pad_m else 0, -k % align if pad_k else 0, -n % align if pad_n else 0)


def has_matrix_bias(op: aten.FallbackOp) -> bool:
    bias_at = MATMULS[op.overload.data][2]
    if bias_at is None:
        return False
    bias = op.inputs[bias_at].type
    return isinstance(bias, TensorType) and len(bias.sizes()) == 2 and bias.sizes()[0] != 1


def dense_like(sizes: list[int], strides) -> list[int] | None:
    """Dense strides for `sizes` in the order of `strides` (a transposed weight stays transposed: padding it
    copies without a transpose, and cuBLAS reads it as it would have read the original)."""
    if strides is None or not all(isinstance(s, int) for s in strides):
        return None
    dense, running = [0] * len(sizes), 1
    for d in sorted(range(len(sizes)), key=lambda d: (strides[d], -d)):
        dense[d] = running
        running *= sizes[d]
    return dense


def padded(source: SSAValue, extras: list[int], before: aten.FallbackOp, made: dict) -> SSAValue:
    """`source` with `extras[d]` zeros after its elements along each dim d, as a constant_pad_nd. A transposed
    view is padded at its source and transposed again, so that a matrix read both ways (the logits' gradient,
    A of `g @ W` and of `g^T @ x`) is copied once; `made` holds the pads already inserted."""
    if not any(extras):
        return source
    view = source.owner
    if isinstance(view, PermuteOp | TransposeOp) and len(source.type.sizes()) == 2:
        base = padded(view.input, extras[::-1], before, made)
        t = base.type
        sizes, strides = list(t.sizes())[::-1], list(t.stride_values() or contiguous_strides(t.sizes()))[::-1]
        transposed = PermuteOp(base, TensorType(sizes, t.element_type, strides), [1, 0])
        Rewriter.insert_op(transposed, InsertPoint.before(before))
        return transposed.result
    key = (source, tuple(extras))
    if key not in made:
        made[key] = constant_pad(source, extras, before)
    return made[key]


def constant_pad(source: SSAValue, extras: list[int], before: aten.FallbackOp) -> SSAValue:
    t = source.type
    sizes = [size + extra for size, extra in zip(t.sizes(), extras)]
    pads = [p for extra in reversed(extras) for p in (0, extra)]
    while len(pads) > 2 and pads[-1] == 0:  # the last dim first (torch's order); untouched leading dims go
        pads = pads[:-2]
    args = [aten.OperandRefAttr(0), ArrayAttr([IntegerAttr(p, i64) for p in pads]), FloatAttr(0.0, f64)]
    result = TensorType(sizes, t.element_type, dense_like(sizes, t.stride_values()))
    pad = aten.FallbackOp("aten::constant_pad_nd.default", [source], [result], args)
    Rewriter.insert_op(pad, InsertPoint.before(before))
    return pad.outputs[0]


def copy_worth_it(op: aten.FallbackOp, min_rows: int) -> bool:
    """Whether a returned matmul with padded columns is worth its copy back into the traced row-major layout:
    an inner dim of at least `min_rows` (the slow kernel's extra time grows with K, the copy's does not), and
    a dense row-major result to copy into."""
    a_at, _, _ = MATMULS[op.overload.data]
    k, out = op.inputs[a_at].type.sizes()[1], op.outputs[0].type
    return k >= min_rows and dense_order(out) == "row"


def pad_matmul(op: aten.FallbackOp, pad: Padding, made: dict, dense: bool = False) -> None:
    """`op` on padded operands into a padded result, sliced back to its sizes; `dense`: the slice copied into
    the result's own row-major layout (a returned value whose strides the caller was traced against)."""
    a_at, b_at, bias_at = MATMULS[op.overload.data]
    operands = list(op.inputs)
    operands[a_at] = padded(operands[a_at], [pad.m, pad.k], op, made)
    operands[b_at] = padded(operands[b_at], [pad.k, pad.n], op, made)
    if bias_at is not None:
        bias = operands[bias_at]
        if isinstance(bias.type, TensorType) and bias.type.sizes() and bias.type.sizes()[-1] != 1:
            operands[bias_at] = padded(bias, [0] * (len(bias.type.sizes()) - 1) + [pad.n], op, made)
    out = op.outputs[0].type
    rows, columns = out.sizes()
    wide = TensorType([rows + pad.m, columns + pad.n], out.element_type, [columns + pad.n, 1])
    matmul = aten.FallbackOp(op.overload.data, operands, [wide], op.args.data)
    result, new_ops = matmul.outputs[0], [matmul]
    for dim, extra, size in ((1, pad.n, columns), (0, pad.m, rows)):
        if extra:
            sliced = TensorType([rows + pad.m, columns], out.element_type) if dim == 1 else (
                TensorType([rows, columns], out.element_type, [columns + pad.n, 1]))
            new_ops.append(SliceOp(result, sliced, dim, 0, size))
            result = new_ops[-1].result
    if dense:
        new_ops.append(CloneOp(result, TensorType([rows, columns], out.element_type, [columns, 1])))
        result = new_ops[-1].result
    copy_sources(op, new_ops)
    Rewriter.insert_op(new_ops, InsertPoint.before(op))
    op.outputs[0].replace_all_uses_with(result)
    Rewriter.erase_op(op)


@dataclass(frozen=True)
class AtenPadMmPass(CheckedOptions, ModulePass):
    """mm / addmm with misaligned output rows compute into a padded buffer and return a slice of it."""

    name = "aten-pad-mm"

    min_rows: int = option(128, low=0)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for function in [f for f in op.walk() if isinstance(f, func.FuncOp)]:
            kept = set() if aten.INFERENCE in function.attributes else returned_values(function)
            made: dict = {}
            for matmul in [o for o in function.walk() if isinstance(o, aten.FallbackOp) and o.overload.data in MATMULS]:
                pad = padding(matmul, self.min_rows)
                returned = matmul.outputs[0] in kept
                if pad.n and returned and not copy_worth_it(matmul, self.min_rows):
                    pad = Padding(pad.m, pad.k, 0)
                if pad:
                    pad_matmul(matmul, pad, made, dense=returned and bool(pad.n))
            returned_types_follow(function)


