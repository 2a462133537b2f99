"""In-place launches for kernel-plan-memory: a kernel may write its output over an input that dies there.

Like Inductor's in_out_ptr, for pointwise kernels and persistent reductions (`triton_per_*`, each program owns
whole rows, in registers). Legal for an output made by a `loop.pointwise` of a kernel without stores when
every read of that input is a load (the two buffers have the same bytes and dtype), by that pointwise or a
loop op it reads (computed before it writes), of an element the program writes:
- in a pointwise over the output's ranges, of exactly the element it writes (same element offset);
- in a reduction whose ranges and reduce dims are the output's ranges, of element (row, r) of the row the
  program writes: the output's offset with reduce index r0, r1, ... in place of the trailing i's. The
  stores depend on that reduction, so the whole row is read before any of it is written.

    kernel.kernel @softmax(%arg0: !v) -> (!v) persistent_reduction numel 8 rnumel 16 {
      %m = loop.reduction max ranges [8] reduce [16] { loop.load %arg0[#loop.index<"16*i0 + r0">] ... }
      %e = loop.pointwise ranges [8, 16] { loop.load %arg0[#loop.index<"16*i0 + i1">] ... } : !v
      kernel.yield %e : !v
    }
Other outputs may be computed from the pointwise's values (a layer norm's input gradient in f32 and its bf16
copy: the f32 one takes the dying residual gradient's memory) but not from that input. A broadcast read
(`16*i0`), a read of another row (`r0`), another element order (`16*i0 + 15 - r0`, legal but not proven
here), a read by an op the output does not wait for, or an output of a looped reduction stored in an r loop
(before later loads) keeps its own output; one computed once per row, after the r loops, that alone reads
the input may take it.
"""

from __future__ import annotations

import sympy
from xdsl.ir import Operation, SSAValue

from irc.dialects import kernel, loop
from irc.dialects.sym import as_expr
from irc.dialects.types import BufferType, dim_value
from irc.dialects.kernel_analysis.memory_plan import reuse_key

INPLACE_KINDS = ("pointwise", "persistent_reduction")


def output_offset(op: loop.PointwiseOp) -> sympy.Expr:
    """The element offset a pointwise writes at point (i0, i1, ...) of its ranges."""
    strides = op.result.type.stride_values()
    return sympy.expand(sum((sympy.Symbol(f"i{d}") * as_expr(s) for d, s in enumerate(strides)), sympy.Integer(0)))


def pointwise_output(k: kernel.KernelOp, position: int) -> loop.PointwiseOp | None:
    """The `loop.pointwise` whose result the kernel yields as output `position`, if it is one (in a looped
    reduction, one computed once per row after the r loops it needs: its ranges multiply to numel)."""
    terminator = k.body.block.last_op
    if k.kind.data not in (*INPLACE_KINDS, "reduction") or not isinstance(terminator, kernel.YieldOp):
        return None
    producer = terminator.arguments[position].owner
    if not isinstance(producer, loop.PointwiseOp):
        return None
    if k.kind.data == "reduction":
        rows = sympy.Mul(*[as_expr(dim_value(d)) for d in producer.ranges.data])
        return producer if sympy.expand(rows - as_expr(dim_value(k.numel))) == 0 else None
    return producer


def loop_op_under(buffer: SSAValue) -> Operation | None:
    """The loop op whose result a kernel-level buffer is (through views), if any."""
    while isinstance(buffer.owner, loop.ReinterpretOp):
        buffer = buffer.owner.source
    return buffer.owner if isinstance(buffer.owner, loop.PointwiseOp | loop.ReductionOp) else None


def ops_feeding(producer: loop.PointwiseOp) -> set[Operation] | None:
    """The producer and the loop ops of its kernel it reads, transitively (computed before it writes);
    None when the kernel stores (a scatter writes memory other than its outputs)."""
    needed: set[Operation] = set()
    pending = [producer]
    while pending:
        op = pending.pop()
        if op in needed:
            continue
        needed.add(op)
        for inner in op.walk():
            if isinstance(inner, loop.LoadOp) and (source := loop_op_under(inner.buffer)) is not None:
                pending.append(source)
    k = producer.parent_op()
    if any(isinstance(inner, loop.StoreOp) for inner in k.walk()):
        return None
    return needed


def output_point(op: Operation, producer: loop.PointwiseOp) -> dict | None:
    """The output's index variables as expressions of `op`'s, when `op` computes per element or per row
    written: its ranges (and reduce dims, inner) walk the output's elements in order, the output's dims being
    merges of consecutive ones of `op` (loop-simplify merges the output's dims, not always the reductions')."""
    if not isinstance(op, loop.PointwiseOp | loop.ReductionOp):
        return None
    dims = [(sympy.Symbol(f"i{k}"), dim_value(d)) for k, d in enumerate(op.ranges.data)]
    if isinstance(op, loop.ReductionOp):
        dims += [(sympy.Symbol(f"r{k}"), dim_value(d)) for k, d in enumerate(op.reduce.data)]
    point, rest = {}, list(dims)
    for j, target in enumerate(dim_value(d) for d in producer.ranges.data):
        group, size = [], sympy.Integer(1)
        while rest and sympy.expand(size - target) != 0:
            group.append(rest.pop(0))
            size *= group[-1][1]
        if sympy.expand(size - target) != 0:
            return None
        point[sympy.Symbol(f"i{j}")] = merged_index(group)
    return None if rest else point


def merged_index(group: list) -> sympy.Expr:
    """Row-major index of the merged dims `group` ([(variable, size)]), the last one fastest."""
    index, scale = sympy.Integer(0), sympy.Integer(1)
    for variable, size in reversed(group):
        index += variable * scale
        scale *= size
    return index


def reads_only_written_elements(arg: SSAValue, producer: loop.PointwiseOp, needed: set[Operation],
                                persistent: bool) -> bool:
    """Every read of `arg` is a load, by an op computed before the producer writes, of an element (or in a
    persistent reduction, of the row) the program writes."""
    offset = output_offset(producer)
    for use in arg.uses:
        load = use.operation
        site = load.parent_op()
        if not isinstance(load, loop.LoadOp) or site not in needed or (site is not producer and not persistent):
            return False
        point = output_point(site, producer)
        if point is None or sympy.expand(load.index.value() - offset.xreplace(point)) != 0:
            return False
    return True


def same_memory(value: SSAValue, output: SSAValue) -> bool:
    """Equal byte size and dtype, both starting at their storage's start: equal element offsets, same bytes."""
    if not isinstance(value.type, BufferType):  # a scalar argument (a size, a 0-d CPU tensor's value)
        return False
    starts = value.type.offset_value() == 0 and output.type.offset_value() == 0
    return starts and reuse_key(value)[:2] == reuse_key(output)[:2]


def inplace_input(launch: kernel.LaunchOp, output: SSAValue, dies_here) -> int | None:
    """The position among `launch.ins` of an input the launch may overwrite with `output`, if any."""
    outs = list(launch.outs)
    if outs.count(output) != 1:
        return None
    k = launch.lookup_kernel()
    producer = pointwise_output(k, outs.index(output)) if k is not None else None
    needed = ops_feeding(producer) if producer is not None else None
    if needed is None:
        return None
    persistent = k.kind.data == "persistent_reduction"
    ins = list(launch.ins)
    for position, value in enumerate(ins):
        if not same_memory(value, output) or ins.count(value) != 1 or not dies_here(value):
            continue
        if reads_only_written_elements(k.body.block.args[position], producer, needed, persistent):
            return position
    return None
