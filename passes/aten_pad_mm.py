"""aten-pad-mm: matmuls whose output rows are misaligned compute into a padded buffer (aten -> aten), as
Inductor's pad_mm does.

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

In a training forward (a function without aten.INFERENCE) a matmul whose result the function returns stays as
it is: the backward graph was traced against that result's strides. Only matmuls with at least `min_rows` rows (default 128) are padded: with fewer, the matmul reads B about as
fast as the pad copies it, and the copy would cost as much as it saves. A symbolic row count (batch x
sequence under dynamic shapes) is padded: B and N are static, and the unpadded LM head is what made GPT-2's
dynamic compile twice as slow as its static one on the H200.
"""

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ArrayAttr, FloatAttr, IntegerAttr, ModuleOp, f64, i64
from xdsl.ir import SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from irc.dialects import aten
from irc.dialects.aten_views import SliceOp, returned_types_follow, returned_values
from irc.dialects.types import TensorType, element_bytes, element_type_name
from irc.dialects.model_source import copy_sources
from irc.options import CheckedOptions, option

ALIGNMENT_BYTES = 16
FLOAT_TYPES = ("f16", "bf16", "f32")
# overload -> (position of A, position of B, position of the bias or None)
MATMULS = {"aten::mm.default": (0, 1, None), "aten::addmm.default": (1, 2, 0)}


def matrix_with_static_columns(t) -> bool:
    """A 2-D tensor whose columns are a static count (its rows may be a symbolic size: batch x sequence)."""
    return isinstance(t, TensorType) and len(t.sizes()) == 2 and isinstance(t.sizes()[1], int)


def padding(op: aten.FallbackOp, min_rows: int) -> int:
    """How many columns to add to the output (0: leave the matmul as it is)."""
    a_at, b_at, _ = MATMULS[op.overload.data]
    if len(op.inputs) <= max(a_at, b_at) or len(op.outputs) != 1 or op.kwargs.data:
        return 0
    a, b, out = op.inputs[a_at].type, op.inputs[b_at].type, op.outputs[0].type
    if not all(matrix_with_static_columns(t) for t in (a, b, out)) or not isinstance(b.sizes()[0], int):
        return 0
    if element_type_name(out.element_type) not in FLOAT_TYPES:
        return 0
    rows, columns = out.sizes()
    align = ALIGNMENT_BYTES // element_bytes(out.element_type)
    if (isinstance(rows, int) and rows < min_rows) or columns % align == 0:
        return 0
    return -columns % align


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


def padded(source: SSAValue, dim: int, extra: int, before: aten.FallbackOp) -> SSAValue:
    """`source` with `extra` zeros after its elements along `dim` (of 1 or 2), as a constant_pad_nd."""
    t = source.type
    sizes = list(t.sizes())
    sizes[dim] += extra
    pads = [0, extra] if dim == len(sizes) - 1 else [0, 0, 0, extra]
    args = [aten.OperandRefAttr(0), ArrayAttr([IntegerAttr(p, i64) for p in pads]), FloatAttr(0.0, f64)]
    result = TensorType(sizes, t.element_type, dense_like(sizes, t.stride_values()))
    pad = aten.FallbackOp("aten::constant_pad_nd.default", [source], [result], args)
    Rewriter.insert_op(pad, InsertPoint.before(before))
    return pad.outputs[0]


def pad_matmul(op: aten.FallbackOp, extra: int) -> None:
    a_at, b_at, bias_at = MATMULS[op.overload.data]
    operands = list(op.inputs)
    operands[b_at] = padded(operands[b_at], 1, extra, op)
    if bias_at is not None:
        bias = operands[bias_at]
        if isinstance(bias.type, TensorType) and bias.type.sizes() and bias.type.sizes()[-1] != 1:
            operands[bias_at] = padded(bias, len(bias.type.sizes()) - 1, extra, op)
    out = op.outputs[0].type
    rows, columns = out.sizes()
    wide = TensorType([rows, columns + extra], out.element_type, [columns + extra, 1])
    matmul = aten.FallbackOp(op.overload.data, operands, [wide], op.args.data)
    narrow = SliceOp(matmul.outputs[0], TensorType([rows, columns], out.element_type), 1, 0, columns)
    copy_sources(op, [matmul, narrow])
    Rewriter.insert_op([matmul, narrow], InsertPoint.before(op))
    op.outputs[0].replace_all_uses_with(narrow.result)
    Rewriter.erase_op(op)


@dataclass(frozen=True)
class AtenPadMmPass(CheckedOptions, ModulePass):
    """mm / addmm with misaligned output rows compute into a padded buffer and return a slice of it."""

    name = "aten-pad-mm"

    min_rows: int = option(128, low=0)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for function in [f for f in op.walk() if isinstance(f, func.FuncOp)]:
            kept = set() if aten.INFERENCE in function.attributes else returned_values(function)
            for matmul in [o for o in function.walk() if isinstance(o, aten.FallbackOp) and o.overload.data in MATMULS]:
                extra = padding(matmul, self.min_rows)
                if extra and matmul.outputs[0] not in kept:
                    pad_matmul(matmul, extra)
            returned_types_follow(function)


