"""kernel-split-reduction: a reduction with few, long rows becomes two kernels (kernel -> kernel).

A full sum of 2^26 elements is one row: as one kernel it runs on one SM. Splitting r into `split` chunks
gives a first kernel of numel*split partial results and a second that combines them:

    kernel.kernel @sum_0(%a: !loop.buffer<[65536], f32, ...>) -> (!loop.buffer<[], f32, ...>)
        reduction numel 1 rnumel 65536 {
      %s = loop.reduction sum ranges [] reduce [65536] { %v = loop.load %a[#loop.index<"r0">] ... }
      kernel.yield %s
    }
becomes (split = 64)
    kernel.kernel @sum_split_0(%a) -> (!loop.buffer<[64], f32, ...>)
        reduction numel 64 rnumel 1024 {
      %p = loop.reduction sum ranges [64] reduce [1024] { %v = loop.load %a[#loop.index<"1024*i0 + r0">] ... }
      kernel.yield %p
    }
    kernel.kernel @sum_0(%p) -> (...) reduction numel 1 rnumel 64 {
      %s = loop.reduction sum ranges [] reduce [64] { %v = loop.load %p[#loop.index<"r0">] ... }
      kernel.yield %s
    }
and the host allocates the partials and launches both. For an outer reduction (rows contiguous along x, such
as a column sum) the split index is the first dim of the partials, so both kernels stay coalesced along x.

Kernels are split when numel and rnumel are static, rows are longer than `persistent_max` (one program holds
a shorter row), the kernel would run fewer than `min_programs` programs, and a power-of-two split divides
rnumel leaving at least `min_chunk` elements per chunk. Their body must be sum/prod/max/min/any/all/welford
reductions over rows of one length (no stores; each reads only the kernel's inputs), x-shaped pointwise ops,
and full-shape pointwise ops when the rows are longer than `persistent_max` (one kernel reads them twice
anyway) and the kernel runs fewer than `epilogue_max_rows` programs. Welford partials (mean, m2, count)
combine by Chan's formula as sums (welford.py). A kernel whose later reductions read its own full-shape ops
is first cut in two (epilogue.later_stage). An outer reduction (rows contiguous along x: a spatial mean of a
channels_last activation, OUTER_XBLOCK rows per program) splits with chunks of at least `min_outer_chunk`, and
its full-shape ops that read only the kernel's arguments move to a pointwise kernel before it (prologue.py;
a batch norm whose output the kernel also stores: EfficientNet's squeeze-and-excitation mean over 4096 rows of 12544 ran as 64 programs
on an H200's 132 SMs, 1.8 ms). With more rows than a GPU has SMs, one program per row keeps every SM
busy: softmax over 256 rows of 131072 took 62 us of GPU time on an H200 split or not, and the split costs
two launches. A max and a sum of exp(v - max) over it (softmax, log_softmax, logsumexp) split as an online
pair: each chunk keeps its own max and the sum relative to it (online.py).

Softmax over 64 rows of 131072: the full-shape ops move to a pointwise kernel (epilogue.py), so the rows
are read by 64 * split programs for the statistics and by a pointwise kernel for the output. Before:

    kernel @..._0(%x) -> (![64, 131072]) reduction numel 64 rnumel 131072 {
      %m = max(x); %s = sum(exp(x - %m)); %y = loop.pointwise ranges [64, 131072] { exp(x - %m) / %s }
    }
after (split = 16):

    kernel @..._split_0(%x) -> (!loop.buffer<[64, 16], f32>, !loop.buffer<[64, 16], f32>)
        reduction numel 1024 rnumel 8192 { %m = max over the chunk; %s = sum(exp(v - %m[i0, i1])) }
    kernel @..._0(%pm, %ps) -> (![64], ![64]) reduction numel 64 rnumel 16 { %M = max(pm); %S = ... }
    kernel @..._epilogue_0(%x, %M, %S) -> (![64, 131072]) pointwise numel 8388608 { ... }

convert-kernel-to-triton sees from the host program that the epilogue reads %x again and hints the split
kernel's loads of it to stay in L2 (its option reread_eviction): softmax over 32 rows of 2^20 f16 took 78 us
of GPU time on an H100 so and 81 us with evict_first. `reverse_epilogue=true` marks the epilogue
`reverse_programs`, its programs walking the tiles last first so that they begin with the rows most recently
loaded into L2; on the H100 that moved neither the time nor the DRAM bytes (111 MB for the epilogue either way,
about 17 MB of its 128 hit L2), so it is off by default.
"""

from dataclasses import dataclass, field

import sympy
from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, IntAttr, ModuleOp, StringAttr, UnitAttr
from xdsl.ir import Block, BlockArgument, Operation, Region, SSAValue
from xdsl.passes import ModulePass

from irc.dialects import kernel, loop
from irc.dialects.model_source import copy_sources
from irc.dialects.sym import decompose, linearize, simplify_index, substitute
from irc.dialects.types import BufferType, IndexAttr, contiguous_strides, dim_value, dims_attr
from irc.options import CheckedOptions, option
from irc.dialects.loop_analysis.online_softmax import OnlinePair, pairs
from irc.passes.kernel_split_reduction.epilogue import (
    drop_unused_args,
    later_stage,
    launches_of,
    outside_operands,
    split_off_epilogue,
    suffixed_name,
)
from irc.passes.kernel_split_reduction.online import online_combine_body
from irc.passes.kernel_split_reduction.prologue import reads_only_arguments, split_off_prologue
from irc.passes.kernel_split_reduction.welford import welford_combine_ops
from irc.dialects.loop_analysis.index import product
from irc.dialects.kernel_analysis.tiling import OUTER_XBLOCK, PERSISTENT_MAX, is_outer_reduction, static_int

# reduction kind -> the kind that combines its partial results
COMBINE_KIND = {
    "sum": "sum", "prod": "prod", "max": "max", "min": "min", "any": "any", "all": "all", "xor_sum": "xor_sum",
}  # fmt: skip
# kinds whose partial results combine by more than one reduction (welford.py)
SPLIT_KINDS = (*COMBINE_KIND, "welford")
INDEXED_OPS = (loop.LoadOp, loop.StoreOp, loop.IndexOp)


@dataclass
class SplitPlan:
    """What a splittable kernel holds: its reductions (body order), online pairs, full-shape pointwise ops."""

    reductions: list[loop.ReductionOp]
    online: dict[Operation, OnlinePair] = field(default_factory=dict)
    """Sum reduction -> its online pair."""
    epilogue: list[loop.PointwiseOp] = field(default_factory=list)


@dataclass(frozen=True)
class KernelSplitReductionPass(CheckedOptions, ModulePass):
    """Splits reductions with few long rows into a partial-reduction kernel and a combining kernel."""

    name = "kernel-split-reduction"

    min_programs: int = option(1024, low=0)
    max_split: int = option(1024, low=1)
    min_chunk: int = option(1024, low=1)
    min_outer_chunk: int = option(128, low=1)
    persistent_max: int = option(PERSISTENT_MAX, low=0)
    epilogue_max_rows: int = option(128, low=0)
    reverse_epilogue: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for k in [k for k in op.walk() if isinstance(k, kernel.KernelOp)]:
            if k.kind.data != "pointwise" and static_int(k.numel) and static_int(k.rnumel):
                if self.choose_split(k) > 1 and (stage := later_stage(k)):
                    split_off_epilogue(op, k, stage, kind=k.kind.data)
        for k in [k for k in op.walk() if isinstance(k, kernel.KernelOp)]:
            prologue = outer_prologue(k)
            if prologue and self.choose_split(k) > 1:
                split_off_prologue(op, k, prologue)
            plan = split_plan(k)
            if plan is None or (plan.epilogue and not self.splits_epilogue(k)):
                continue
            split = self.choose_split(k)
            if split > 1:
                if plan.epilogue:
                    epilogue_kernel = split_off_epilogue(op, k, plan.epilogue)
                    if self.reverse_epilogue:
                        epilogue_kernel.reverse_programs = UnitAttr()
                split_kernel(op, k, plan, split)

    def splits_epilogue(self, k: kernel.KernelOp) -> bool:
        """Fewer programs than a large GPU has SMs (choose_split keeps rows one program holds whole)."""
        return programs(k) < self.epilogue_max_rows

    def choose_split(self, k: kernel.KernelOp) -> int:
        rnumel = static_int(k.rnumel)
        outer = is_outer_reduction(k)
        if rnumel <= self.persistent_max and not outer:
            return 1  # a row one program holds: a second launch costs more than the split gains
        min_chunk = min(self.min_chunk, self.min_outer_chunk) if outer else self.min_chunk
        unsplit = programs(k)
        split = 1
        while (
            unsplit * split < self.min_programs
            and split * 2 <= self.max_split
            and rnumel % (split * 2) == 0
            and rnumel // (split * 2) >= min_chunk
        ):
            split *= 2
        return split


def programs(k: kernel.KernelOp) -> int:
    """The programs the unsplit kernel runs: one per row, OUTER_XBLOCK rows each for an outer reduction."""
    rows_per_program = OUTER_XBLOCK if is_outer_reduction(k) else 1
    return -(-static_int(k.numel) // rows_per_program)


def outer_prologue(k: kernel.KernelOp) -> list[loop.PointwiseOp]:
    """The full-shape pointwise ops of an outer reduction's kernel that read only its arguments, when the rest
    are reductions and row-shaped ops (the reductions then read what these ops wrote)."""
    if k.kind.data == "pointwise" or not is_outer_reduction(k) or static_int(k.numel) is None:
        return []
    ops = [o for o in k.body.block.ops if not isinstance(o, kernel.YieldOp)]
    if any(not isinstance(o, loop.ReductionOp | loop.PointwiseOp) for o in ops) or any(
        isinstance(o, loop.StoreOp) for op in ops for o in op.walk()
    ):
        return []
    reductions = [o for o in ops if isinstance(o, loop.ReductionOp)]
    if not reductions:
        return []
    full = ArrayAttr([*reductions[0].ranges.data, *reductions[0].reduce.data])
    full_shape = [o for o in ops if isinstance(o, loop.PointwiseOp) and o.ranges == full]
    return [o for o in full_shape if reads_only_arguments([o], k)]


def split_plan(k: kernel.KernelOp) -> SplitPlan | None:
    """The kernel's reductions, online pairs and epilogue when the kernel has a form the split handles."""
    if k.kind.data == "pointwise" or static_int(k.numel) is None or static_int(k.rnumel) is None:
        return None
    ops = [o for o in k.body.block.ops if not isinstance(o, kernel.YieldOp)]
    if any(isinstance(o, loop.StoreOp) for op in ops for o in op.walk()):
        return None
    reductions = [o for o in ops if isinstance(o, loop.ReductionOp)]
    if not reductions or any(not isinstance(o, loop.ReductionOp | loop.PointwiseOp) for o in ops):
        return None
    ranges, rnumel = reductions[0].ranges, reduced_numel(reductions[0])
    row_shape = (ranges, rnumel)
    if any((r.ranges, reduced_numel(r)) != row_shape or r.kind.data not in SPLIT_KINDS for r in reductions):
        return None
    online = pairs(reductions)
    if not all(reads_only_inputs(r, k, online.get(r)) for r in reductions):
        return None
    full = ArrayAttr([*ranges.data, *reductions[0].reduce.data])
    epilogue = [o for o in ops if isinstance(o, loop.PointwiseOp) and o.ranges == full]
    rows = product([dim_value(d) for d in ranges.data])
    x_shaped = [
        o for o in ops
        if isinstance(o, loop.PointwiseOp) and product([dim_value(d) for d in o.ranges.data]) == rows
    ]
    if len(reductions) + len(epilogue) + len(x_shaped) != len(ops):
        return None
    epilogue_results = {r for o in epilogue for r in o.results}
    if any(v in epilogue_results for v in outside_operands(x_shaped)):
        return None
    return SplitPlan(reductions, online, epilogue)


def reduced_numel(r: loop.ReductionOp):
    """The number of elements a row reduces: reductions of one kernel over [100352] and over [32, 3136] walk
    the same flat r."""
    return product([dim_value(d) for d in r.reduce.data])


def reads_only_inputs(r: loop.ReductionOp, k: kernel.KernelOp, pair: OnlinePair | None) -> bool:
    """Whether the reduction's body reads only kernel inputs (and, for an online sum, its max at its row)."""
    for v in outside_operands([r]):
        if isinstance(v, BlockArgument) and v.owner is k.body.block:
            continue
        reads_own_row_max = pair is not None and v is pair.max_op.results[0]
        if not reads_own_row_max or pair.max_load.index.value() != row_index(r).value():
            return False
    return True


def row_index(r: loop.ReductionOp, ranges: list | None = None) -> IndexAttr:
    """The contiguous index of the x position over `ranges` (the reduction's own ranges by default)."""
    sizes = [dim_value(d) for d in r.ranges.data] if ranges is None else ranges
    return IndexAttr(linearize([sympy.Symbol(f"i{n}") for n in range(len(sizes))], contiguous_strides(sizes)))


def split_kernel(module: ModuleOp, k: kernel.KernelOp, plan: SplitPlan, split: int) -> None:
    outer = is_outer_reduction(k)
    used = partial_inputs(k, plan.reductions)
    partial_kernel = build_partial_kernel(k, plan.reductions, used, split, outer)
    module.body.block.insert_op_before(partial_kernel, k)
    partial_types = list(partial_kernel.function_type.outputs.data)
    block = k.body.block
    partials = iter([block.insert_arg(t, len(block.args)) for t in partial_types])
    by_reduction = {r: [next(partials) for _ in r.results] for r in plan.reductions}
    combine_in_place(k, plan, by_reduction, split, outer)
    unused = drop_unused_args(k)
    for launch in launches_of(module, k):
        launch_partial_first(launch, partial_kernel, partial_types, used, unused)


def partial_inputs(k: kernel.KernelOp, reductions: list[loop.ReductionOp]) -> list[int]:
    """Positions of the kernel arguments the reduction bodies read (the original arguments only)."""
    args = set()
    for o in [o for r in reductions for o in r.walk()]:
        args |= {v.index for v in o.operands if isinstance(v, SSAValue) and v.owner is k.body.block}
    return sorted(args)


def build_partial_kernel(k: kernel.KernelOp, reductions: list[loop.ReductionOp], inputs: list[int],
                         split: int, outer: bool) -> kernel.KernelOp:
    """The first kernel: the reductions over chunks of r, one result each per (x, chunk)."""
    numel, rnumel = static_int(k.numel), static_int(k.rnumel)
    chunk = rnumel // split
    ranges = [dim_value(d) for d in reductions[0].ranges.data]
    new_ranges = [split, *ranges] if outer else [*ranges, split]
    block = Block(arg_types=[k.body.block.args[i].type for i in inputs])
    mapper: dict[SSAValue, SSAValue] = {k.body.block.args[i]: block.args[n] for n, i in enumerate(inputs)}
    for reduction in reductions:
        partial = partial_reduction(reduction, mapper, block, new_ranges, split, chunk, outer)
        block.add_op(partial)
        mapper.update(zip(reduction.results, partial.results))
    outputs = [mapper[result] for r in reductions for result in r.results]
    block.add_op(kernel.YieldOp(*outputs))
    built = kernel.KernelOp(
        suffixed_name(k.sym_name.data, "split"),
        [a.type for a in block.args],
        [v.type for v in outputs],
        "reduction",
        numel * split,
        chunk,
        Region(block),
    )
    copy_sources(k, [built])  # the kernel it was split from
    return built


def partial_reduction(reduction: loop.ReductionOp, mapper: dict[SSAValue, SSAValue], block: Block,
                      new_ranges: list, split: int, chunk: int, outer: bool) -> loop.ReductionOp:
    """One reduction over a chunk; loads of an earlier partial result read it at their own (x, chunk)."""
    copy = reduction.clone(value_mapper=dict(mapper))
    body = copy.detach_region(copy.body)
    copy.erase()
    reindex_partial_body(body, reduction, split, chunk, outer)
    for o in body.walk():
        if isinstance(o, loop.LoadOp) and o.buffer.owner in block.ops:
            o.index = row_index(reduction, new_ranges)
    partial_types = [BufferType(new_ranges, b.type.element_type) for b in reduction.buffers]
    return loop.ReductionOp(reduction.kind.data, new_ranges, [chunk], body, partial_types)


def reindex_partial_body(body: Region, original: loop.ReductionOp, split: int, chunk: int,
                         outer: bool) -> None:
    """Old r vars become coordinates of `chunk_index * chunk + r0`; the chunk index is a new x var."""
    n_x = len(original.ranges.data)
    chunk_var = sympy.Symbol("i0" if outer else f"i{n_x}")
    flat_r = chunk_var * chunk + sympy.Symbol("r0")
    r_sizes = [dim_value(d) for d in original.reduce.data]
    mapping = {f"r{m}": coord for m, coord in enumerate(decompose(flat_r, r_sizes))}
    if outer:
        mapping.update({f"i{n}": sympy.Symbol(f"i{n + 1}") for n in range(n_x)})
    x_sizes = [dim_value(d) for d in original.ranges.data]
    new_sizes = [split, *x_sizes] if outer else [*x_sizes, split]
    sizes = {f"i{n}": size for n, size in enumerate(new_sizes)} | {"r0": chunk}
    for o in body.walk():
        if isinstance(o, INDEXED_OPS):
            o.index = IndexAttr(simplify_index(substitute(o.index.value(), mapping), sizes))


def combine_in_place(k: kernel.KernelOp, plan: SplitPlan, partials: dict[Operation, list[SSAValue]],
                     split: int, outer: bool) -> None:
    """The original kernel's reductions now combine `split` partials per x position."""
    numel = static_int(k.numel)
    x_flat = row_index(plan.reductions[0]).value()
    index = IndexAttr(sympy.Symbol("r0") * numel + x_flat if outer else x_flat * split + sympy.Symbol("r0"))
    for reduction in plan.reductions:
        pair = plan.online.get(reduction)
        if reduction.kind.data == "welford":
            replace_welford(reduction, partials[reduction], split, index, IndexAttr(x_flat))
            continue
        if pair is None:
            load = loop.LoadOp(partials[reduction][0], index)
            new_body = [load, loop.YieldOp(load.result)]
        else:
            new_body = online_combine_body(pair, partials[pair.max_op][0], partials[reduction][0],
                                           pair.max_op.results[0], index, IndexAttr(x_flat))
        body = reduction.body.block
        for o in reversed(list(body.ops)):
            o.detach()
            o.erase(safe_erase=False)
        body.add_ops(new_body)
        reduction.kind = StringAttr(COMBINE_KIND[reduction.kind.data])
        reduction.reduce = dims_attr([split])
    k.rnumel = IntAttr(split)
    k.kind = StringAttr("reduction")


def replace_welford(welford: loop.ReductionOp, partials: list[SSAValue], split: int, index: IndexAttr,
                    x_index: IndexAttr) -> None:
    """The welford reduction becomes sums over its partials and a divide (welford.py)."""
    ops, results = welford_combine_ops(welford, partials, split, index, x_index)
    welford.parent_block().insert_ops_before(ops, welford)
    for old, new in zip(welford.results, results):
        old.replace_all_uses_with(new)
    welford.detach()
    welford.erase()


def launch_partial_first(launch: kernel.LaunchOp, partial_kernel: kernel.KernelOp,
                         partial_types: list[BufferType], used: list[int], unused: list[int]) -> None:
    """Allocates the partials and launches the first kernel, then the second without its unused inputs."""
    allocs = [kernel.AllocOp(t) for t in partial_types]
    ins = list(launch.ins)
    first = kernel.LaunchOp(partial_kernel.sym_name.data, [ins[i] for i in used], [a.result for a in allocs])
    parent = launch.parent_block()
    parent.insert_ops_before([*allocs, first], launch)
    kept = [v for n, v in enumerate([*ins, *[a.result for a in allocs]]) if n not in unused]
    second = kernel.LaunchOp(launch.callee, kept, list(launch.outs))
    parent.insert_op_before(second, launch)
    launch.detach()
    launch.erase()
