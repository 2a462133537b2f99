"""aten-layout's second rule: row-major intermediates where the operands of an elementwise op disagree.

ATen's TensorIterator lays an elementwise result out like its first operand, so `x.permute(0, 2, 1) + pos`
(Whisper's encoder after its convolutions) is transposed, and so is everything computed from it: the residual
stream of every layer, whose LayerNorms then reduce across the strided dimension. Inductor lays intermediates
out row-major unless a consumer asks otherwise; this rule does so where an operand that spans at least two
dims of the result (a broadcast one too) is row-major and the result is only read by ops that do not depend on
its strides (elementwise ops, reductions, matmul externs, and permutes or transposes of it read by such ops).
Convolution networks' channels_last values (the first rule) stay as they are:

    %p = aten.permute %g dims = [0, 2, 1] : (...)
        -> !aten.tensor<[4, 1500, 512], bf16, strides [768000, 1, 1500]>
    %a = aten.add %p, %pos : (..., !aten.tensor<[1500, 512], bf16>)
        -> !aten.tensor<[4, 1500, 512], bf16, strides [768000, 1, 1500]>
becomes
    %a = aten.add %p, %pos : (..., !aten.tensor<[1500, 512], bf16>) -> !aten.tensor<[4, 1500, 512], bf16>
"""

from xdsl.dialects import func
from xdsl.ir import Operation, SSAValue
from xdsl.rewriter import Rewriter

from irc.dialects import aten
from irc.dialects.aten_reductions import ReductionOp
from irc.dialects.aten_views import PermuteOp, TransposeOp, returned_values
from irc.dialects.types import TensorType, contiguous_strides
from irc.passes.aten_layout.strides import declared_strides, is_channels_last, is_relayable

# externs whose result layout does not follow their operands' strides
LAYOUT_FREE_EXTERNS = {
    "aten::mm.default",
    "aten::addmm.default",
    "aten::bmm.default",
    "aten::baddbmm.default",
}


def static(t) -> bool:
    return isinstance(t, TensorType) and all(isinstance(d, int) for d in t.sizes())


class RowMajor:
    """Row-major layouts chosen in program order; `strides` holds every value whose strides changed."""

    def __init__(self, function: func.FuncOp):
        self.returned = returned_values(function)
        self.strides: dict[SSAValue, list[int]] = {}

    def of(self, value: SSAValue) -> list[int] | None:
        if value in self.strides:
            return self.strides[value]
        return declared_strides(value.type) if static(value.type) else None

    def visit(self, op: Operation) -> None:
        if isinstance(op, PermuteOp | TransposeOp) and op.input in self.strides:
            self.follow_view(op)
        elif is_relayable(op):
            for result in op.results:
                if self.wants_row_major(op, result):
                    self.set(result, contiguous_strides(result.type.sizes()))

    def follow_view(self, op: PermuteOp | TransposeOp) -> None:
        source = self.strides[op.input]
        self.set(op.result, [source[d] for d in op.source_dims(len(source))])

    def set(self, value: SSAValue, strides: list[int]) -> None:
        sizes, element = value.type.sizes(), value.type.element_type
        declared = None if strides == contiguous_strides(sizes) else strides
        new_type = TensorType(sizes, element, declared)
        self.strides[Rewriter.replace_value_with_new_type(value, new_type)] = strides

    def wants_row_major(self, op: Operation, result: SSAValue) -> bool:
        if not static(result.type) or len(result.type.sizes()) < 2 or result in self.returned:
            return False
        strides, sizes = self.of(result), result.type.sizes()
        if strides == contiguous_strides(sizes):
            return False
        if len(sizes) == 4 and is_channels_last(sizes, strides):
            return False
        return any(self.orders_row_major(v, len(sizes)) for v in op.operands) and layout_free_users(result)

    def orders_row_major(self, value: SSAValue, rank: int) -> bool:
        """`value` spans two or more dims of a rank-`rank` result, its strides falling from outer to inner."""
        strides = self.of(value)
        if strides is None or len(strides) > rank:
            return False
        spanned = [s for s, n in zip(strides, value.type.sizes()) if n > 1 and s != 0]
        return len(spanned) >= 2 and all(a > b for a, b in zip(spanned, spanned[1:]))


def layout_free_users(value: SSAValue) -> bool:
    """Whether every op reading `value` (or a permute or transpose of it) writes the same thing whatever its
    strides: ops convert-aten-to-loop writes in their declared layout, reductions, matmul externs."""
    for use in value.uses:
        user = use.operation
        if isinstance(user, PermuteOp | TransposeOp):
            if not layout_free_users(user.result):
                return False
        elif not (
            is_relayable(user)
            or isinstance(user, ReductionOp)
            or (isinstance(user, aten.FallbackOp) and user.overload.data in LAYOUT_FREE_EXTERNS)
        ):
            return False
    return True


def row_major_intermediates(function: func.FuncOp) -> None:
    layouts = RowMajor(function)
    for op in list(function.walk()):
        layouts.visit(op)
