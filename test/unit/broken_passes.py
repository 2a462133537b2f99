"""Deliberately broken passes, registered only by tests (the `broken_pipeline` fixture), never by the product."""

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.rewriter import Rewriter


@dataclass(frozen=True)
class BreakAddPass(ModulePass):
    """Turns the first `arith.addf` of the module into `arith.subf`: a miscompile the check must catch.

        %c = arith.addf %a, %b : f32     ->     %c = arith.subf %a, %b : f32
    """

    name = "test-break-add"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for inner in op.walk():
            if isinstance(inner, arith.AddfOp):
                Rewriter.replace_op(inner, arith.SubfOp(inner.lhs, inner.rhs))
                return


@dataclass(frozen=True)
class BreakTritonAddPass(ModulePass):
    """Turns the last floating-point `triton.add` into `triton.sub` (a miscompile at the triton level)."""

    name = "test-break-triton-add"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from irc.dialects.triton_compute import ELEMENTWISE_OP_CLASSES

        adds = [inner for inner in op.walk() if inner.name == "triton.add" and "f32" in str(inner.result.type)]
        if adds:
            add = adds[-1]
            Rewriter.replace_op(add, ELEMENTWISE_OP_CLASSES["sub"](add.lhs, add.rhs, add.result.type))


@dataclass(frozen=True)
class BreakTritonShapePass(ModulePass):
    """Gives the last block-shaped `triton.add` a scalar result: a kernel Triton would reject (invalid IR)."""

    name = "test-break-triton-shape"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from irc.dialects.triton import BlockType, element_of
        from irc.dialects.triton_compute import ELEMENTWISE_OP_CLASSES

        adds = [inner for inner in op.walk() if inner.name == "triton.add"]
        adds = [add for add in adds if isinstance(add.result.type, BlockType)]
        if adds:
            add = adds[-1]
            scalar = element_of(add.result.type)
            Rewriter.replace_op(add, ELEMENTWISE_OP_CLASSES["add"](add.lhs, add.rhs, scalar))


@dataclass(frozen=True)
class CrashOnSubPass(ModulePass):
    """Raises when the module holds an `aten.sub`: a compiler crash for irc-reduce to shrink."""

    name = "test-crash-on-sub"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if any(inner.name == "aten.sub" for inner in op.walk()):
            raise RuntimeError("test-crash-on-sub: found aten.sub")


BROKEN_PASSES = {
    "test-break-add": "broken_passes:BreakAddPass",
    "test-crash-on-sub": "broken_passes:CrashOnSubPass",
    "test-break-triton-add": "broken_passes:BreakTritonAddPass",
    "test-break-triton-shape": "broken_passes:BreakTritonShapePass",
}
