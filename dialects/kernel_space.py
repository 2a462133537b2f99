"""A kernel's iteration space against the loop ops it holds: `numel` and `rnumel` are what they iterate.

A kernel.kernel launches numel (x) by rnumel (r) points; each loop.reduction inside iterates numel rows of
rnumel elements, each loop.pointwise numel points (an epilogue) or numel * rnumel (a prologue read per r
step). A kernel whose numel disagrees with its ops would launch too few programs (results left unwritten)
or too many (out-of-bounds stores), so the verifier rejects it. Sizes are compared exactly where static
and as polynomials in the size symbols otherwise. A template kernel holds exactly one kernel.matmul, whose
result positions are its numel (rnumel 1), pointwise ops over those positions (its epilogue) and before it
the loop.pointwise computing an operand (a prologue, over the operand's positions, which only the matmul
reads: dialects/kernel_analysis/prologue.py); no other kind holds a kernel.matmul, and only a template has a
`group_m`.
"""

from __future__ import annotations

from functools import lru_cache

from xdsl.dialects.builtin import ArrayAttr, IntAttr
from xdsl.ir import Operation
from xdsl.utils.exceptions import VerifyException

from irc.dialects.types import DimAttr, dim_value


def verify_iteration_space(kernel) -> None:
    from irc.dialects.loop import PointwiseOp, ReductionOp

    prologue_ops = verify_template(kernel)
    numel, rnumel = kernel.numel, kernel.rnumel
    for op in kernel.body.block.ops:
        if op in prologue_ops:
            continue
        if isinstance(op, ReductionOp) and kernel.kind.data != "pointwise":  # there convert-kernel-to-triton says so
            if not _same(op.ranges.data, (numel,)) or not _same(op.reduce.data, (rnumel,)):
                raise VerifyException(
                    f"kernel numel {numel.data} rnumel {rnumel.data} disagrees with its loop.reduction over "
                    f"ranges {_text(op.ranges)} reduce {_text(op.reduce)}"
                )
        elif isinstance(op, PointwiseOp):
            if not (_same(op.ranges.data, (numel,)) or _same(op.ranges.data, (numel, rnumel))):
                raise VerifyException(
                    f"kernel numel {numel.data} rnumel {rnumel.data} disagrees with its loop.pointwise over "
                    f"ranges {_text(op.ranges)}"
                )


def verify_template(kernel) -> set:
    """Checks a template kernel's matmul and prologues; returns the prologue ops."""
    from irc.dialects.kernel_template import TEMPLATE_OPS
    from irc.dialects.loop import ReductionOp

    matmuls = [op for op in kernel.body.block.ops if isinstance(op, TEMPLATE_OPS)]
    if kernel.kind.data != "template":
        if matmuls:
            raise VerifyException(
                f"a {kernel.kind.data} kernel cannot hold a {matmuls[0].name} (only a template can)"
            )
        if kernel.group_m is not None or any("group_m" in c for c in kernel.candidates):
            raise VerifyException(f"group_m is only for template kernels, not {kernel.kind.data}")
        return set()
    if len(matmuls) != 1:
        raise VerifyException(
            f"a template kernel holds exactly one kernel.matmul or kernel.dual_matmul, got {len(matmuls)}"
        )
    if kernel.rnumel != IntAttr(1):
        raise VerifyException(f"a template kernel has rnumel 1, got {kernel.rnumel.data}")
    if not _same(tuple(matmuls[0].ranges.data), (kernel.numel,)):
        raise VerifyException(
            f"template kernel numel {kernel.numel.data} disagrees with its {matmuls[0].name} over "
            f"{_text(matmuls[0].ranges)}"
        )
    if any(isinstance(op, ReductionOp) for op in kernel.body.block.ops):
        raise VerifyException("a template kernel's epilogue cannot hold a loop.reduction")
    return verify_prologues(kernel, matmuls[0])


def verify_prologues(kernel, matmul) -> set:
    """Each operand of the template's matmul computed inside the kernel is a well-formed prologue that only
    the matmul reads (dialects/kernel_analysis/prologue.py); returns those prologue ops."""
    from irc.dialects.kernel_analysis.prologue import prologue_problem, template_operands, tma_readable
    from irc.dialects.kernel_template import TMA

    found = set()
    for position, operand in enumerate(template_operands(matmul)):
        owner = operand.owner
        if not isinstance(owner, Operation) or owner.parent_op() is not kernel:
            continue
        problem = prologue_problem(owner, operand)
        if problem is None and any(use.operation is not matmul for use in operand.uses):
            problem = "its result is read by more than the matmul"
        if problem is None and TMA in matmul.attributes and not tma_readable(owner):
            problem = "a TMA template cannot read its source through a descriptor"
        if problem is not None:
            what = f"{matmul.name} operand {position} is computed by a {owner.name}"
            raise VerifyException(f"{what} that is not a prologue: {problem}")
        found.add(owner)
    return found


def _text(dims: ArrayAttr) -> str:
    return "[" + ", ".join(str(d.data) for d in dims.data) + "]"


@lru_cache(maxsize=1 << 14)
def _same(left: tuple[DimAttr, ...], right: tuple[DimAttr, ...]) -> bool:
    """Whether the product of the dims `left` equals that of `right`."""
    if all(isinstance(d, IntAttr) for d in left + right):
        a = b = 1
        for d in left:
            a *= d.data
        for d in right:
            b *= d.data
        return a == b
    import sympy

    from irc.dialects.sym import as_expr
    from irc.dialects.sym_equal import equal_sizes

    a = sympy.Mul(*[as_expr(dim_value(d)) for d in left])
    b = sympy.Mul(*[as_expr(dim_value(d)) for d in right])
    return equal_sizes(a, b)
