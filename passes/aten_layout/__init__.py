"""aten-layout: channels_last activations for convolution networks (aten -> aten), as Inductor's layout
optimization does, and row-major intermediates where elementwise operands disagree.

cuDNN runs a convolution of a channels_last input in NHWC, much faster than NCHW for depthwise and 1x1
convolutions; a network traced with NCHW inputs keeps every activation NCHW. Where the graph's convolutions are
worth it (Inductor's rule: enough convolutions for the graph's size, static shapes, and a flop-weighted estimate
of the gain by kind of convolution), this pass makes the convolutions read and write channels_last (an input that is
still NCHW, a graph argument say, is copied once) and declares channels_last strides on the results of
elementwise ops that read a channels_last operand of their size, as ATen's TensorIterator lays them out
(convert-aten-to-loop writes them so). Permutes and transposes carry layouts through: ConvNeXt's NHWC view of
a channels_last activation is row-major, and so are the LayerNorm and Linear layers that work on it.

    %y = aten.relu %x : (!aten.tensor<[8, 32, 56, 56], bf16>) -> !aten.tensor<[8, 32, 56, 56], bf16>
    %c = aten.fallback "aten::convolution.default"(%y, %w) ...
becomes
    %y = aten.relu %x : (...) -> !aten.tensor<[8, 32, 56, 56], bf16, strides [100352, 1, 1792, 32]>
    %c = aten.fallback "aten::convolution.default"(%y, %w) ...

Second (row_major.py), in every inference function: where an elementwise op's operands disagree, a permuted one
and a row-major one, its result is row-major rather than laid out like its first operand (TensorIterator), as
Inductor lays intermediates out, and so is what is computed from it:

    %a = aten.add %p, %pos : (!aten.tensor<[4, 1500, 512], bf16, strides [768000, 1, 1500]>, ...)
        -> !aten.tensor<[4, 1500, 512], bf16, strides [768000, 1, 1500]>
becomes
    %a = aten.add %p, %pos : (...) -> !aten.tensor<[4, 1500, 512], bf16>

Values the function returns (through views or not) keep the layout they were traced with, but for the
activations a training forward saves for its backward (results marked aten.SAVED_RESULT): their layout is
the compiler's choice, which the emitted module reports to aot_autograd (OUTPUT_STRIDES) and the backward graph
is compiled for, as Inductor's layout optimization does. Inference functions (aten.INFERENCE) and training
forwards with saved activations change; backward functions keep the layouts of their inputs.
"""

from dataclasses import dataclass
from math import prod

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from irc.dialects import aten
from irc.dialects.aten_views import CloneOp, PermuteOp, TransposeOp, returned_types_follow, returned_values
from irc.dialects.types import TensorType, attr_number, contiguous_strides
from irc.dialects.model_source import copy_sources
from irc.options import CheckedOptions
from irc.passes.aten_layout.row_major import row_major_intermediates
from irc.passes.aten_layout.strides import (
    RELAYABLE_FALLBACKS,
    channels_last_strides,
    declared_strides,
    is_channels_last,
    is_relayable,
)

CONVOLUTION = "aten::convolution.default"
CONVOLUTION_BACKWARD = "aten::convolution_backward.default"
GROUPS_ARG = 8
# Inductor's measured channels_last time / NCHW time by kind of convolution (graph.py, decide_layout_opt)
MULTIPLIERS = {"grouped": 1.358, "small": 0.783, "in_out": 0.725, "default": 0.823}
OPS_PER_CONVOLUTION = 300


def static_4d(t) -> bool:
    return isinstance(t, TensorType) and len(t.sizes()) == 4 and all(isinstance(d, int) for d in t.sizes())


def convolutions(function: func.FuncOp) -> list[aten.FallbackOp]:
    return [
        op
        for op in function.walk()
        if isinstance(op, aten.FallbackOp) and op.overload.data == CONVOLUTION and len(op.inputs) >= 2
    ]


def convolution_kind(op: aten.FallbackOp) -> str:
    """Inductor's classes: grouped (not depthwise), small channel counts, few outputs per input, other."""
    out_channels, in_per_group, kh, _ = op.inputs[1].type.sizes()
    groups = attr_number(op.args.data[GROUPS_ARG]) if len(op.args.data) > GROUPS_ARG else 1
    if groups > 1 and in_per_group > 1:
        return "grouped"
    if out_channels <= 64 and in_per_group <= 64:
        return "small"
    if out_channels * 2 <= in_per_group and kh > 1:
        return "in_out"
    return "default"


def worth_it(function: func.FuncOp, convs: list[aten.FallbackOp]) -> bool:
    """Inductor's decision: convolutions, not too few for the graph, static, and a flop-weighted gain."""
    if not convs or not all(static_4d(op.inputs[0].type) and static_4d(op.inputs[1].type) for op in convs):
        return False
    if not all(static_4d(op.outputs[0].type) for op in convs):
        return False
    if sum(1 for _ in function.walk()) >= OPS_PER_CONVOLUTION * len(convs):
        return False
    flops = {kind: 0 for kind in MULTIPLIERS}
    for op in convs:
        weight = op.inputs[1].type.sizes()
        flops[convolution_kind(op)] += 2 * prod(op.outputs[0].type.sizes()) * prod(weight[1:])
    weighted = sum(MULTIPLIERS[kind] * n for kind, n in flops.items())
    return weighted <= sum(flops.values())


def is_row_major(t: TensorType) -> bool:
    strides = t.stride_values()
    return strides is None or list(strides) == contiguous_strides(t.sizes())


def channels_last_type(t: TensorType) -> TensorType:
    return TensorType(t.sizes(), t.element_type, channels_last_strides(t.sizes()))


def relayout(value: SSAValue) -> SSAValue:
    return Rewriter.replace_value_with_new_type(value, channels_last_type(value.type))


def copy_channels_last(op: aten.FallbackOp, operand: int = 0) -> SSAValue:
    """The convolution (or its backward) reads a channels_last copy of its input."""
    source = op.operands[operand]
    copy = CloneOp(source, channels_last_type(source.type))
    copy_sources(op, [copy])
    Rewriter.insert_op(copy, InsertPoint.before(op))
    op.operands[operand] = copy.result
    return copy.result


def input_gradient_of(op: aten.FallbackOp) -> SSAValue | None:
    """A convolution backward's input gradient: its first result, unless that is None (not asked for)."""
    nones = op.attributes.get(aten.NONE_RESULTS)
    if not op.outputs or (nones is not None and 0 in nones.get_values()):
        return None
    return op.outputs[0]


class Layouts:
    """The strides each 4-D value will have, followed through the function in program order: convolutions
    read and write channels_last; elementwise ops (and pads, cats) are channels_last where an operand of their
    size is, as ATen's TensorIterator lays them out; permutes and transposes permute their input's strides;
    anything else has the strides its type declares."""

    def __init__(self, returned: set[SSAValue]):
        self.strides: dict[SSAValue, list] = {}
        self.returned = returned

    def of(self, value: SSAValue) -> list | None:
        if value in self.strides:
            return self.strides[value]
        return declared_strides(value.type) if static_4d(value.type) else None

    def channels_last(self, value: SSAValue) -> bool:
        strides = self.of(value)
        return strides is not None and is_channels_last(value.type.sizes(), strides)

    def visit(self, op: Operation) -> None:
        if isinstance(op, aten.FallbackOp) and op.overload.data == CONVOLUTION:
            self.convolution(op)
        elif isinstance(op, aten.FallbackOp) and op.overload.data == CONVOLUTION_BACKWARD:
            self.convolution_backward(op)
        elif is_relayable(op):
            self.follow_operands(op)
        elif isinstance(op, PermuteOp | TransposeOp) and self.of(op.input) is not None:
            source = self.of(op.input)
            self.strides[op.result] = [source[d] for d in op.source_dims(4)]

    def convolution(self, op: aten.FallbackOp) -> None:
        if not self.channels_last(op.inputs[0]):
            self.strides[copy_channels_last(op)] = channels_last_strides(op.inputs[0].type.sizes())
        self.set_channels_last(op.outputs[0])

    def convolution_backward(self, op: aten.FallbackOp) -> None:
        """cuDNN computes in the layout of the input (a saved activation), and the input gradient too. An NCHW
        input beside a channels_last output gradient (a network's NCHW images, saved as the stem's input) is
        copied channels_last, as the forward's convolution read it: else ATen copies the output gradient, the
        stem's largest activation, to NCHW and cuDNN converts it back."""
        if len(op.inputs) < 2:
            return
        grad_output, input = op.inputs[0], op.inputs[1]
        if static_4d(input.type) and self.channels_last(grad_output) and not self.channels_last(input):
            self.strides[copy_channels_last(op, operand=1)] = channels_last_strides(input.type.sizes())
        input_gradient = input_gradient_of(op)
        if input_gradient is not None and static_4d(input_gradient.type) and self.channels_last(op.inputs[1]):
            self.set_channels_last(input_gradient)

    def follow_operands(self, op: Operation) -> None:
        """Each 4-D result is channels_last where an operand is that is of its size, or of any size for a
        pooling, a pad (TF-style same padding before a convolution) or a concatenation (Inception's branches
        joined along the channels)."""
        spreads = isinstance(op, aten.FallbackOp) and op.overload.data in RELAYABLE_FALLBACKS
        for result in [r for r in op.results if static_4d(r.type)]:
            sizes = result.type.sizes()
            operands = [v for v in op.operands if static_4d(v.type) and (spreads or v.type.sizes() == sizes)]
            if any(self.channels_last(v) for v in operands):
                self.set_channels_last(result)

    def set_channels_last(self, value: SSAValue) -> None:
        if value in self.returned or not is_row_major(value.type):
            return
        self.strides[relayout(value)] = channels_last_strides(value.type.sizes())


def optimize_layout(function: func.FuncOp) -> None:
    inference, saved = aten.INFERENCE in function.attributes, aten.saved_results(function)
    if not inference and not saved:
        follow_saved_layouts(function)
        return
    if worth_it(function, convolutions(function)):
        layouts = Layouts(returned_values(function, skipped=saved))
        for op in list(function.walk()):
            layouts.visit(op)
        if saved:
            returned_types_follow(function)
    if inference:
        row_major_intermediates(function)


def follow_saved_layouts(function: func.FuncOp) -> None:
    """A backward graph given channels_last activations (the forward chose their layout): its elementwise ops
    and convolutions' input gradients follow them as in the forward; the gradients it returns keep their
    traced layouts."""
    backward_convolutions = [
        op for op in function.walk()
        if isinstance(op, aten.FallbackOp) and op.overload.data == CONVOLUTION_BACKWARD
    ]  # fmt: skip
    layouts = Layouts(returned_values(function))
    if not backward_convolutions or not any(layouts.channels_last(a) for a in function.body.block.args):
        return
    for op in list(function.walk()):
        layouts.visit(op)




@dataclass(frozen=True)
class AtenLayoutPass(CheckedOptions, ModulePass):
    """channels_last activations for graphs whose convolutions gain by it (Inductor's layout optimization),
    row-major intermediates where elementwise operands disagree."""

    name = "aten-layout"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for function in [f for f in op.walk() if isinstance(f, func.FuncOp)]:
            optimize_layout(function)
