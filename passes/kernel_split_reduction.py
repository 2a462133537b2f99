"""kernel-split-reduction: a reduction with few, long rows becomes two kernels (kernel -> kernel).

A full sum of 2^26 elements is one row: as one kernel it runs on one SM. Splitting r into `split` chunks
gives a first kernel of numel*split partial results and a second that combines them:

    kernel.kernel @triton_red_sum_0(%a: !loop.buffer<[65536], f32, ...>) -> (!loop.buffer<[], f32, ...>)
        reduction numel 1 rnumel 65536 {
      %s = loop.reduction sum ranges [] reduce [65536] { %v = loop.load %a[#loop.index<"r0">] ... }
      kernel.yield %s
    }
becomes (split = 64)
    kernel.kernel @triton_red_sum_split_0(%a) -> (!loop.buffer<[64], f32, ...>) reduction numel 64 rnumel 1024 {
      %p = loop.reduction sum ranges [64] reduce [1024] { %v = loop.load %a[#loop.index<"1024*i0 + r0">] ... }
      kernel.yield %p
    }
    kernel.kernel @triton_red_sum_0(%p) -> (...) reduction numel 1 rnumel 64 {
      %s = loop.reduction sum ranges [] reduce [64] { %v = loop.load %p[#loop.index<"r0">] ... }
      kernel.yield %s
    }
and the host allocates the partials and launches both. For an outer reduction (rows contiguous along x, such
as a column sum) the split index is the first dim of the partials, so both kernels stay coalesced along x.

Only kernels whose body is one sum/prod/max/min/any/all reduction (no stores in it) followed by x-shaped
pointwise ops are split, when numel and rnumel are static, the kernel would run fewer than `min_programs`
programs, and a power-of-two split divides rnumel leaving at least `min_chunk` elements per chunk.
"""

from dataclasses import dataclass

import sympy
from xdsl.context import Context
from xdsl.dialects.builtin import IntAttr, ModuleOp, StringAttr
from xdsl.ir import Block, Region, SSAValue
from xdsl.passes import ModulePass

from irc.dialects import kernel, loop
from irc.dialects.sym import decompose, linearize, simplify_index, substitute
from irc.dialects.types import BufferType, IndexAttr, contiguous_strides, dim_value, dims_attr
from irc.passes.tile_analysis import OUTER_XBLOCK, is_outer_reduction, static_int

# reduction kind -> the kind that combines its partial results
COMBINE_KIND = {"sum": "sum", "prod": "prod", "max": "max", "min": "min", "any": "any", "all": "all"}
INDEXED_OPS = (loop.LoadOp, loop.StoreOp, loop.IndexOp)


@dataclass(frozen=True)
class KernelSplitReductionPass(ModulePass):
    """Splits reductions with few long rows into a partial-reduction kernel and a combining kernel."""

    name = "kernel-split-reduction"

    min_programs: int = 1024
    max_split: int = 1024
    min_chunk: int = 1024

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for k in [k for k in op.walk() if isinstance(k, kernel.KernelOp)]:
            reduction = splittable_reduction(k)
            if reduction is not None:
                split = self.choose_split(k, reduction)
                if split > 1:
                    split_kernel(op, k, reduction, split)

    def choose_split(self, k: kernel.KernelOp, reduction: loop.ReductionOp) -> int:
        numel, rnumel = static_int(k.numel), static_int(k.rnumel)
        rows_per_program = OUTER_XBLOCK if is_outer_reduction(k) else 1
        programs = -(-numel // rows_per_program)
        split = 1
        while (
            programs * split < self.min_programs
            and split * 2 <= self.max_split
            and rnumel % (split * 2) == 0
            and rnumel // (split * 2) >= self.min_chunk
        ):
            split *= 2
        return split


def splittable_reduction(k: kernel.KernelOp) -> loop.ReductionOp | None:
    """The kernel's one reduction when the kernel has the form the split handles, else None."""
    if k.kind.data == "pointwise" or static_int(k.numel) is None or static_int(k.rnumel) is None:
        return None
    ops = [o for o in k.body.block.ops if not isinstance(o, kernel.YieldOp)]
    if not ops or not isinstance(ops[0], loop.ReductionOp) or ops[0].kind.data not in COMBINE_KIND:
        return None
    reduction = ops[0]
    if any(isinstance(o, loop.StoreOp) for o in reduction.walk()):
        return None
    for o in ops[1:]:
        if not isinstance(o, loop.PointwiseOp) or o.ranges != reduction.ranges:
            return None
    return reduction


def split_kernel(module: ModuleOp, k: kernel.KernelOp, reduction: loop.ReductionOp, split: int) -> None:
    outer = is_outer_reduction(k)
    used = partial_inputs(k, reduction)
    partial_kernel = build_partial_kernel(k, reduction, split, outer)
    module.body.block.insert_op_before(partial_kernel, k)
    partial_type = partial_kernel.function_type.outputs.data[0]
    partial_arg = k.body.block.insert_arg(partial_type, len(k.body.block.args))
    combine_in_place(k, reduction, partial_arg, split, outer)
    unused = [a.index for a in k.body.block.args if not a.uses]
    for position in reversed(unused):
        k.body.block.erase_arg(k.body.block.args[position])
    k.function_type = type(k.function_type).from_lists(
        [a.type for a in k.body.block.args], list(k.function_type.outputs.data)
    )
    for launch in [o for o in module.walk() if isinstance(o, kernel.LaunchOp)]:
        if launch.callee.string_value() == k.sym_name.data:
            launch_partial_first(launch, partial_kernel, partial_type, used, unused)


def partial_name(name: str) -> str:
    stem, _, index = name.rpartition("_")
    return f"{stem}_split_{index}" if index.isdigit() else f"{name}_split"


def partial_inputs(k: kernel.KernelOp, reduction: loop.ReductionOp) -> list[int]:
    """Positions of the kernel arguments the reduction body reads (the original arguments only)."""
    args = set()
    for o in reduction.walk():
        args |= {v.index for v in o.operands if isinstance(v, SSAValue) and v.owner is k.body.block}
    return sorted(args)


def build_partial_kernel(k: kernel.KernelOp, reduction: loop.ReductionOp, split: int, outer: bool) -> kernel.KernelOp:
    """The first kernel: the reduction over chunks of r, one result per (x, chunk)."""
    numel, rnumel = static_int(k.numel), static_int(k.rnumel)
    chunk = rnumel // split
    ranges = [dim_value(d) for d in reduction.ranges.data]
    new_ranges = [split, *ranges] if outer else [*ranges, split]
    inputs = partial_inputs(k, reduction)
    block = Block(arg_types=[k.body.block.args[i].type for i in inputs])
    mapper = {k.body.block.args[i]: block.args[n] for n, i in enumerate(inputs)}
    copy = reduction.clone(value_mapper=mapper)
    body = copy.detach_region(copy.body)
    copy.erase()
    reindex_partial_body(body, reduction, split, chunk, outer)
    partial_type = BufferType(new_ranges, reduction.buffers[0].type.element_type)
    partial = loop.ReductionOp(reduction.kind.data, new_ranges, [chunk], body, [partial_type])
    block.add_ops([partial, kernel.YieldOp(partial.buffers[0])])
    return kernel.KernelOp(
        partial_name(k.sym_name.data),
        [a.type for a in block.args],
        [partial_type],
        "reduction",
        numel * split,
        chunk,
        Region(block),
    )


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


def combine_in_place(k: kernel.KernelOp, reduction: loop.ReductionOp, partial: SSAValue, split: int,
                     outer: bool) -> None:
    """The original kernel's reduction now combines `split` partials per x position."""
    ranges = [dim_value(d) for d in reduction.ranges.data]
    x_flat = linearize([sympy.Symbol(f"i{n}") for n in range(len(ranges))], contiguous_strides(ranges))
    numel = static_int(k.numel)
    index = sympy.Symbol("r0") * numel + x_flat if outer else x_flat * split + sympy.Symbol("r0")
    load = loop.LoadOp(partial, IndexAttr(index))
    body = reduction.body.block
    for o in reversed(list(body.ops)):
        o.detach()
        o.erase(safe_erase=False)
    body.add_ops([load, loop.YieldOp(load.result)])
    reduction.kind = StringAttr(COMBINE_KIND[reduction.kind.data])
    reduction.reduce = dims_attr([split])
    k.rnumel = IntAttr(split)
    k.kind = StringAttr("reduction")


def launch_partial_first(launch: kernel.LaunchOp, partial_kernel: kernel.KernelOp, partial_type: BufferType,
                         used: list[int], unused: list[int]) -> None:
    """Allocates the partials and launches the first kernel, then the second without its unused inputs."""
    alloc = kernel.AllocOp(partial_type)
    ins = list(launch.ins)
    first = kernel.LaunchOp(partial_kernel.sym_name.data, [ins[i] for i in used], [alloc.result])
    parent = launch.parent_block()
    parent.insert_ops_before([alloc, first], launch)
    kept = [v for n, v in enumerate([*ins, alloc.result]) if n not in unused]
    second = kernel.LaunchOp(launch.callee, kept, list(launch.outs))
    parent.insert_op_before(second, launch)
    launch.detach()
    launch.erase()
