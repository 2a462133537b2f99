"""IRC_DEBUG=1: the IR after every pass, the fusion report (fusion.txt/.dot/.svg) and the output code, written
to a debug folder whose path is logged: one root per process (IRC_DEBUG_DIR, or
./irc-debug/<timestamp>-<pid>), in it one folder per graph named by its role and number (forward_0,
backward_0, inference_0, ...), numbers taken in the root skipped: a later graph or run overwrites nothing.
TORCH_COMPILE_DEBUG=1 turns it on too, the root then in torch's debug folder of the process, beside Inductor's
(torch_compile_debug/run_<time>-pid_<pid>/irc)."""

from __future__ import annotations

import functools
import logging
import os
import sys
import time
from typing import TYPE_CHECKING

from irc import config

if TYPE_CHECKING:
    from xdsl.dialects.builtin import ModuleOp
    from xdsl.passes import ModulePass

log = logging.getLogger("irc")


@functools.cache
def process_root() -> str:
    """This process's debug root when IRC_DEBUG_DIR is not set, made once."""
    return os.path.join(os.getcwd(), "irc-debug", f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}")


def new_folder(root: str, role: str) -> str:
    """Makes and returns `root/<role>_<n>` for the smallest n not taken (by this or another process)."""
    os.makedirs(root, exist_ok=True)
    number = 0
    while True:
        folder = os.path.join(root, f"{role}_{number}")
        try:
            os.mkdir(folder)
            return folder
        except FileExistsError:
            number += 1


class DebugDump:
    """Writes `NN-<pass>.mlir` files into one folder per compiled graph."""

    def __init__(self, graph_name: str):
        self.folder = new_folder(config.debug_dir or torch_compile_debug_root() or process_root(), graph_name)
        self.step = 0
        self.last_ir = ""  # the file of the last IR written
        log.warning("irc: debug output for %s in %s", graph_name, self.folder)

    def path(self, name: str) -> str:
        return os.path.join(self.folder, name)

    def write(self, name: str, text: str) -> str:
        path = os.path.join(self.folder, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def after_pass(self, previous: ModulePass | None, module: ModuleOp, _following: ModulePass | None) -> None:
        self.step += 1
        label = previous.name if previous is not None else "input"
        self.last_ir = self.write(f"{self.step:02d}-{label}.mlir", str(module) + "\n")

    def record_failure(self, aten_text: str, pipeline: str, exc: BaseException) -> str:
        """Writes the failing graph and `reproduce.sh` (the irc-opt commands that fail the same way, then the
        irc-reduce command that shrinks the graph to reduced.mlir)."""
        from xdsl.utils.arg_spec import parse_pipeline

        from irc.reproducer import tool_command, write_script

        graph = self.write("failing-graph.mlir", aten_text)
        try:
            remaining = [str(spec) for spec in parse_pipeline(pipeline)][max(self.step - 1, 0) :]
        except Exception:  # noqa: BLE001 - a pipeline that does not parse fails before any pass
            remaining = []
        message = (str(exc).strip().splitlines() or [""])[0][:300]
        commands = [tool_command("irc-opt", graph, "-p", pipeline, "-t", "triton")]
        if self.step > 1:  # from the IR before the failing pass
            passes = ["-p", ",".join(remaining)] if remaining else []
            commands.append(tool_command("irc-opt", self.last_ir, *passes, "-t", "triton"))
        reduced = os.path.join(self.folder, "reduced.mlir")
        reduce = ["--pipeline", pipeline, "--target", "triton", "-o", reduced]
        commands.append(tool_command("irc-reduce", graph, *reduce))
        comments = [
            f"compiling {os.path.basename(self.folder)} failed: {type(exc).__name__}: {message}",
            "the irc-opt commands fail the same way; irc-reduce shrinks the graph to reduced.mlir",
        ]
        path = write_script(self.path("reproduce.sh"), comments, commands)
        log.warning("irc: the failing graph and a reproducer are in %s", self.folder)
        return path


def enabled() -> bool:
    return config.debug or torch_compile_debug_root() is not None


def torch_compile_debug_root() -> str | None:
    """irc's folder in torch's debug folder of this process where TORCH_COMPILE_DEBUG=1 (as torch reads it:
    torch._inductor.config.trace.enabled) and torch.compile runs; else None."""
    if "torch._dynamo" not in sys.modules:
        return None
    import torch._inductor.config

    if not torch._inductor.config.trace.enabled:
        return None
    from torch._dynamo.utils import get_debug_dir

    return os.path.join(get_debug_dir(), "irc")
