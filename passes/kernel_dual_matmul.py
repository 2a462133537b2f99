"""kernel-dual-matmul: two kernel.matmul of one A whose products only one pointwise reads become one
`kernel.dual_matmul`, whose template keeps two accumulators and reads each tile of A once (a gated MLP:
silu(h @ wg) * (h @ wu)).

    %g = kernel.matmul %h, %wg : (...) -> !loop.buffer<[4096, 5632], f16, ...>
    %u = kernel.matmul %h, %wu : (...) -> !loop.buffer<[4096, 5632], f16, ...>
    %p = loop.pointwise ranges [4096, 5632] { ... silu of loop.load %g ... times loop.load %u ... }
becomes
    %g, %u = kernel.dual_matmul %h, %wg, %wu : (...) -> (!loop.buffer<[4096, 5632], f16, ...>, ...)
    %p = loop.pointwise ranges [4096, 5632] { ... }

kernel-fuse then makes one template kernel of the dual matmul and the pointwise (its epilogue): neither
product goes through memory, and the pointwise is no kernel of its own. The two matmuls pair when they read the
same A value, their Bs have one shape, their results one type and their attributes agree (a `choice` keeps the
variants both offer), and every use of both results (through views too) is a load in one loop.pointwise. A
product with any other reader (returned, read by a second kernel) stays a kernel.matmul of its own.
"""

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, ModuleOp
from xdsl.ir import Block
from xdsl.passes import ModulePass

from irc.dialects.kernel_analysis.dual_matmul import pair_up
from irc.dialects.kernel_template import CHOICE, DualMatmulOp, MatmulOp
from irc.dialects.model_source import SOURCE_ATTR, sources_of, set_sources
from irc.options import CheckedOptions


def merged_attributes(first: MatmulOp, second: MatmulOp) -> dict | None:
    """The dual matmul's attributes: the pair's, which must agree but for `choice` (the variants both offer)
    and `irc.source` (the model lines, of both)."""
    a, b = dict(first.attributes), dict(second.attributes)
    a.pop(SOURCE_ATTR, None)
    b.pop(SOURCE_ATTR, None)
    choices = [a.pop(CHOICE, None), b.pop(CHOICE, None)]
    if a != b or (choices[0] is None) != (choices[1] is None):
        return None
    if choices[0] is not None:
        offered = [c for c in choices[0].data if c in choices[1].data]
        if not offered:
            return None
        a[CHOICE] = ArrayAttr(offered)
    return a


def pairs(block: Block) -> list[tuple[MatmulOp, MatmulOp]]:
    """Matmuls of one A paired in block order, each in one pair at most."""
    matmuls = [op for op in block.ops if isinstance(op, MatmulOp)]
    operands = lambda m: (m.lhs, m.rhs, m.result)  # noqa: E731
    return pair_up(matmuls, operands, lambda a, b: merged_attributes(a, b) is not None)


def fuse_pair(first: MatmulOp, second: MatmulOp) -> DualMatmulOp:
    """The dual matmul replacing both, where the later of them was (both Bs are defined there)."""
    dual = DualMatmulOp(first.lhs, first.rhs, second.rhs, first.result.type)
    dual.attributes.update(merged_attributes(first, second))
    set_sources(dual, sources_of(first) + sources_of(second))
    second.parent_block().insert_op_before(dual, second)
    for old, new in ((first, dual.result), (second, dual.result2)):
        new.name_hint = old.result.name_hint
        old.result.replace_all_uses_with(new)
        old.detach()
        old.erase()
    return dual


@dataclass(frozen=True)
class KernelDualMatmulPass(CheckedOptions, ModulePass):
    """Pairs of kernel.matmul of one A read by one pointwise -> kernel.dual_matmul."""

    name = "kernel-dual-matmul"

    enabled: bool = True

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if not self.enabled:
            return
        blocks = dict.fromkeys(m.parent_block() for m in op.walk() if isinstance(m, MatmulOp))
        for block in blocks:
            for first, second in pairs(block):
                fuse_pair(first, second)
