"""The online-softmax reduction of convert-kernel-to-triton: one r loop for a max and the sum of exp(v - g(max)).

The pattern (which max/sum pairs qualify) is dialects/loop_analysis/online_softmax.py.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.ir import Attribute, SSAValue

from irc.dialects.triton import ONE, element_of
from irc.passes.convert_kernel_to_triton.body import apply_row
from irc.passes.convert_kernel_to_triton.builder import TritonBuilder
from irc.passes.convert_kernel_to_triton.reduce import Lanes, Reduction

Shift = Callable[[TritonBuilder, SSAValue], SSAValue]


class OnlineSoftmax(Reduction):
    """A running max per row and a running sum of exp(v - shift(max)) per lane in one loop; results
    [max, sum], each [XBLOCK, 1]. Only the max is reduced across lanes every step, the sum once at the end."""

    def __init__(self, shift: Shift):
        super().__init__("online_softmax")
        self.shift = shift

    def init(self, b: TritonBuilder, element: Attribute, lanes: Lanes) -> list[SSAValue]:
        return [
            b.const(float("-inf"), element, (lanes.shape[0], ONE), name="_max"),
            b.const(0.0, element, lanes.shape, name="_sum"),
        ]

    def step(self, b, accs, v, lanes):
        running_max, running_sum = accs
        element = element_of(v.type)
        zero, minus_inf = b.const(0.0, element), b.const(float("-inf"), element)
        new_max = b.binary("maximum", running_max, b.reduce("maximum", b.where(lanes.mask, v, minus_inf)))
        new_shift = self.shift(b, new_max)
        rescale = apply_row(b, "exp", [b.binary("sub", self.shift(b, running_max), new_shift)])
        kept = b.where(_is_minus_inf(b, running_max), zero, b.binary("mul", running_sum, rescale))
        terms = b.where(lanes.mask, apply_row(b, "exp", [b.binary("sub", v, new_shift)]), zero)
        return [new_max, b.binary("add", kept, terms)]

    def finish(self, b, accs, lanes):
        return [accs[0], b.reduce("sum", accs[1])]


def _is_minus_inf(b: TritonBuilder, value: SSAValue) -> SSAValue:
    return b.binary("eq", value, b.const(float("-inf"), element_of(value.type)))
