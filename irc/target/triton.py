"""The `triton` target: prints a module at the triton level as one Python module of Triton kernels."""

from dataclasses import dataclass
from typing import IO

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.utils.target import Target

from irc.options import CheckedOptions


@dataclass(frozen=True)
class TritonTarget(CheckedOptions, Target):
    """`-t triton`: kernels, then call/get_args/benchmark; `-t 'triton{wrapper=false}'`: kernels only."""

    name = "triton"
    wrapper: bool = True

    def emit(self, ctx: Context, module: ModuleOp, output: IO[str]) -> None:
        from irc.target.emit_triton import emit_module

        output.write(emit_module(module, wrapper=self.wrapper))
