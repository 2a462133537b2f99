"""In-place launches for kernel-plan-memory: a pointwise kernel may write its output over an input that dies there.

Like Inductor's in_out_ptr: legal when the kernel has one output, made by one `loop.pointwise`, and every read
of that input is a load, inside that pointwise, of exactly the element the pointwise writes (same element
offset; the two buffers have the same bytes and dtype), so each element is read before it is overwritten,
by the program that overwrites it.
"""

from __future__ import annotations

import sympy
from xdsl.ir import SSAValue

from irc.dialects import kernel, loop
from irc.passes.memory_plan import reuse_key


def output_offset(op: loop.PointwiseOp) -> sympy.Expr:
    """The element offset a pointwise writes at point (i0, i1, ...) of its ranges."""
    strides = op.result.type.stride_values()
    return sympy.expand(sum((sympy.Symbol(f"i{d}") * sympy.sympify(s) for d, s in enumerate(strides)), sympy.Integer(0)))


def single_pointwise_output(k: kernel.KernelOp) -> loop.PointwiseOp | None:
    terminator = k.body.block.last_op
    if k.kind.data != "pointwise" or not isinstance(terminator, kernel.YieldOp) or len(terminator.arguments) != 1:
        return None
    producer = terminator.arguments[0].owner
    return producer if isinstance(producer, loop.PointwiseOp) else None


def reads_only_written_elements(arg: SSAValue, producer: loop.PointwiseOp) -> bool:
    offset = output_offset(producer)
    for use in arg.uses:
        load = use.operation
        if not isinstance(load, loop.LoadOp) or load.parent_op() is not producer:
            return False
        if sympy.expand(load.index.value() - offset) != 0:
            return False
    return True


def same_memory(value: SSAValue, output: SSAValue) -> bool:
    """Equal byte size and dtype, both starting at their storage's start: equal element offsets, same bytes."""
    starts = value.type.offset_value() == 0 and output.type.offset_value() == 0
    return starts and reuse_key(value)[:2] == reuse_key(output)[:2]


def inplace_input(launch: kernel.LaunchOp, output: SSAValue, dies_here) -> int | None:
    """The position among `launch.ins` of an input the launch may overwrite with `output`, if any."""
    if list(launch.outs) != [output]:
        return None
    k = launch.lookup_kernel()
    producer = single_pointwise_output(k) if k is not None else None
    if producer is None:
        return None
    ins = list(launch.ins)
    for position, value in enumerate(ins):
        if not same_memory(value, output) or ins.count(value) != 1 or not dies_here(value):
            continue
        if reads_only_written_elements(k.body.block.args[position], producer):
            return position
    return None
