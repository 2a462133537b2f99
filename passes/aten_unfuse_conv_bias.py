"""aten-unfuse-conv-bias: a convolution's bias becomes an elementwise add after it (aten -> aten), as Inductor's
convolution lowering does ("peel off the bias, cudnn is slower with it").

cuDNN adds a bias in a kernel of its own (a depthwise 7x7 convolution of ConvNeXt: the convolution, then an
ATen elementwise kernel over the whole output). As an aten.add the bias fuses into whatever pointwise or
reduction kernel reads the convolution's result (ConvNeXt's LayerNorm), which saves a full pass over the
activation:

    %c = aten.fallback "aten::convolution.default"(%x, %w, %b) {args = [#aten.operand<0>, #aten.operand<1>,
         #aten.operand<2>, ...]} : (...) -> !aten.tensor<[8, 96, 56, 56], bf16>
becomes
    %n = aten.fallback "aten::convolution.default"(%x, %w) {args = [#aten.operand<0>, #aten.operand<1>, unit,
         ...]} : (...) -> !aten.tensor<[8, 96, 56, 56], bf16>
    %v = aten.view %b : (!aten.tensor<[96], bf16>) -> !aten.tensor<[96, 1, 1], bf16>
    %c = aten.add %n, %v : (...) -> !aten.tensor<[8, 96, 56, 56], bf16>

The convolution without bias and the add both keep the original result's type (its layout included).
"""

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, UnitAttr
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from irc.dialects import aten
from irc.dialects.aten_views import ViewOp
from irc.dialects.types import TensorType
from irc.dialects.model_source import copy_sources
from irc.options import CheckedOptions

CONVOLUTION = "aten::convolution.default"
BIAS_ARG = 2


def bias_operand(op: aten.FallbackOp) -> int | None:
    """The operand position of the convolution's bias tensor, or None when it has none we can move."""
    args = op.args.data
    if len(args) <= BIAS_ARG or not isinstance(args[BIAS_ARG], aten.OperandRefAttr) or op.kwargs.data:
        return None
    position = args[BIAS_ARG].index.data
    bias, out = op.inputs[position].type, op.outputs[0].type
    if len(op.outputs) != 1 or not isinstance(bias, TensorType) or not isinstance(out, TensorType):
        return None
    if len(bias.sizes()) != 1 or len(out.sizes()) < 3 or bias.element_type != out.element_type:
        return None
    return position


def renumbered(args, removed: int) -> list:
    """The fallback's args with operand `removed` gone: the bias slot None, later operand refs one lower."""
    result = []
    for arg in args:
        if isinstance(arg, aten.OperandRefAttr):
            index = arg.index.data
            arg = UnitAttr() if index == removed else aten.OperandRefAttr(index - (index > removed))
        result.append(arg)
    return result


def unfuse(op: aten.FallbackOp, position: int) -> None:
    out = op.outputs[0].type
    bias = op.inputs[position]
    inputs = [v for i, v in enumerate(op.inputs) if i != position]
    convolution = aten.FallbackOp(op.overload.data, inputs, [out], renumbered(op.args.data, position))
    channels = bias.type.sizes()[0]
    view = ViewOp(bias, TensorType([channels] + [1] * (len(out.sizes()) - 2), bias.type.element_type))
    add = aten.AddOp(convolution.outputs[0], view.result, out)
    copy_sources(op, [convolution, view, add])
    Rewriter.insert_op([convolution, view, add], InsertPoint.before(op))
    op.outputs[0].replace_all_uses_with(add.result)
    Rewriter.erase_op(op)


@dataclass(frozen=True)
class AtenUnfuseConvBiasPass(CheckedOptions, ModulePass):
    """Convolutions with a bias: the convolution without it, then an aten.add of the bias."""

    name = "aten-unfuse-conv-bias"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for convolution in [o for o in op.walk() if isinstance(o, aten.FallbackOp) and o.overload.data == CONVOLUTION]:
            position = bias_operand(convolution)
            if position is not None:
                unfuse(convolution, position)
