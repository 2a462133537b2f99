"""convert-kernel-to-triton: each kernel.kernel becomes a triton.func named after its kind (kernel -> triton).

Before (a pointwise kernel, after kernel-tile):

    kernel.kernel @fused_add_0(%arg0: !loop.buffer<[8], f32, strides [1]>)
        -> (!loop.buffer<[8], f32, strides [1]>) pointwise numel 8 rnumel 1 {xblock = 8, num_warps = 1} {
      %0 = loop.pointwise ranges [8] {
        %1 = loop.load %arg0[#loop.index<"i0">] : !loop.buffer<[8], f32, strides [1]>
        %2 = arith.addf %1, %1 : f32
        loop.yield %2 : f32
      } : !loop.buffer<[8], f32, strides [1]>
      kernel.yield %0 : !loop.buffer<[8], f32, strides [1]>
    }

After:

    triton.func @triton_poi_fused_add_0(%in_ptr0: !triton.ptr<f32>, %out_ptr0: !triton.ptr<f32>)
        constexprs [XBLOCK] attributes {launch = {XBLOCK = 8 : i64}, num_warps = 1 : i64,
                                        grid = [#loop.index<"1">]} {
      %xoffset, %xindex = xoffset + arange(0, XBLOCK), %xmask (all true: 8 is a multiple of XBLOCK)
      %3 = triton.load (in_ptr0 + xindex) mask %xmask ...
      %4 = triton.add %3, %3 ...
      triton.store (out_ptr0 + xindex), %4 mask %xmask ...
      triton.return
    }

Arguments: `in_ptr<k>` / `scalar<k>` for the kernel's inputs, `out_ptr<k>` for its outputs, one index argument
per size symbol, then `xnumel` / `rnumel` when symbolic; the discardable attribute `arg_values` gives the
launcher the value of each of those last ones (`{s0 = #loop.index<"s0">, xnumel = #loop.index<"3*s0">}`),
`launch` the constexpr values, `grid` the number of programs. A 2-D tiled kernel (`ynumel`) gets YBLOCK and
XBLOCK, `ynumel` / `xnumel`, and [YBLOCK, XBLOCK] blocks (tiles.py). Index math is int32 where every offset
fits; under symbolic sizes only where the host function is marked `irc.index_bits = 32`, and the kernel's
`index_limits` (`[#loop.index<"768*s0*s1">]`) list the extents the host checks. The host function (kernel.alloc /
kernel.launch / kernel.extern / loop.reinterpret / func.return) stays; the `triton` target prints it.
"""

from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, SymbolRefAttr
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.utils.exceptions import PassFailedException

from irc.dialects.aten import INDEX_BITS
from irc.dialects.kernel import KernelOp, LaunchOp, triton_name
from irc.options import CheckedOptions, option


@dataclass
class KernelToTritonFunc(RewritePattern):
    """Replaces one kernel.kernel by its triton.func."""

    index_bits: int = 0
    online_softmax: bool = True
    read_again: dict[str, frozenset[int]] = field(default_factory=dict)
    reread_eviction: str = "evict_last"
    symbolic_bits: int = 64

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: KernelOp, rewriter: PatternRewriter) -> None:
        from irc.passes.convert_kernel_to_triton.cache_hints import Reread
        from irc.passes.convert_kernel_to_triton.kernel import KernelLowering
        from irc.passes.convert_kernel_to_triton.template import TemplateLowering

        if op.kind.data == "template":
            rewriter.replace(op, TemplateLowering(op, self.index_bits, self.online_softmax).lower())
            return
        reread = Reread(self.read_again.get(op.sym_name.data, frozenset()), self.reread_eviction)
        lowering = KernelLowering(op, self.index_bits, self.online_softmax, reread, self.symbolic_bits)
        rewriter.replace(op, lowering.lower())


def convert_kernels(module: ModuleOp, index_bits: int = 0, online_softmax: bool = True,
                    reread_eviction: str = "evict_last") -> None:
    """Lowers every kernel.kernel of `module` in place."""
    from irc.dialects.kernel_analysis.reread import inputs_read_again

    if index_bits not in (0, 32, 64):
        raise PassFailedException(
            f"convert-kernel-to-triton: index-bits must be 0, 32 or 64, got {index_bits}"
        )
    names = {k.sym_name.data: triton_name(k.kind.data, k.sym_name.data) for k in module.walk() if isinstance(k, KernelOp)}
    pattern = KernelToTritonFunc(index_bits, online_softmax, inputs_read_again(module), reread_eviction,
                                 symbolic_index_bits(module))
    walker = PatternRewriteWalker(pattern, apply_recursively=False)
    walker.rewrite_module(module)
    for launch in module.walk():
        if isinstance(launch, LaunchOp) and launch.callee.string_value() in names:
            launch.callee = SymbolRefAttr(names[launch.callee.string_value()])


def symbolic_index_bits(module: ModuleOp) -> int:
    """32 where the module's host functions say their symbolic sizes fit int32 (aten.INDEX_BITS), else 64."""
    marks = [op.attributes.get(INDEX_BITS) for op in module.ops if isinstance(op, func.FuncOp)]
    fits = marks and all(isinstance(m, IntegerAttr) and m.value.data == 32 for m in marks)
    return 32 if fits else 64


@dataclass(frozen=True)
class ConvertKernelToTritonPass(CheckedOptions, ModulePass):
    """kernel.kernel -> triton.func. Option `index_bits`: 32 or 64 forces the index arithmetic width;
    0 (default) picks 32 unless an offset may exceed int32 or a size is symbolic in a module whose host
    function is not marked `irc.index_bits = 32` (then the kernel's `index_limits` name the extents the host
    program checks). Option `online_softmax`
    (default true): a looped max and the sum of exp(x - max) over it share one r loop
    (online.py). Option `reread_eviction` (evict_last, none or evict_first; default evict_last): the cache
    hint of a reduction's streamed loads of a buffer a later kernel reads again (cache_hints.py)."""

    name = "convert-kernel-to-triton"

    index_bits: int = option(0, choices=(0, 32, 64))
    online_softmax: bool = True
    reread_eviction: str = option("evict_last", choices=("evict_last", "none", "evict_first"))

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        convert_kernels(op, self.index_bits, self.online_softmax, self.reread_eviction)
