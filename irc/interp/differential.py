"""Differential checking: after every pass, run the module on the same inputs and compare with the run before.

`PassChecker` is a pipeline callback (`cb(previous_pass, module, next_pass)`). The input module's results are
the reference for the first pass; each pass's results become the reference for the next, so the first pass
whose results diverge (with dtype tolerances) is the one named. A module a pass left unchanged (same text) is
not run again. On divergence the IR before and after the pass, the inputs and the irc-opt command that
reproduces the failure are written to a debug folder, and `PassDivergence` is raised.

torch.compile (IRC_CHECK_PASSES=1): `checked_runner` wraps a compiled graph so that its first call re-runs the
pipeline on the aten graph with a checker, on CPU copies of the call's real inputs.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Mapping, Sequence

import numpy as np
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import DiagnosticException

from irc import metrics
from irc.interp.compare import first_mismatch
from irc.interp.interpreter import find_function, run_module
from irc.interp.values import make_inputs, to_numpy


class PassDivergence(DiagnosticException):
    """A pass changed what the module computes (or made it impossible to run)."""

    def __init__(self, pass_name: str, detail: str, folder: str | None):
        self.pass_name, self.detail, self.folder = pass_name, detail, folder
        where = f"; IR before and after, inputs and a reproducer in {folder}" if folder else ""
        super().__init__(f"pass '{pass_name}' diverged: {detail}{where}")


def pass_label(pass_: ModulePass | None) -> str:
    return "input" if pass_ is None else str(pass_.pipeline_pass_spec())


class PassChecker:
    """The pipeline callback. `inputs` None: seeded random inputs made for the first module's signature."""

    def __init__(
        self,
        inputs: Sequence[object] | None = None,
        symbols: Mapping[str, int] = {},
        seed: int = 0,
        graph_name: str = "graph",
        dump_folder: Callable[[], str] | None = None,
    ):
        self.inputs = None if inputs is None else list(inputs)
        self.symbols = dict(symbols)
        self.seed = seed
        self.graph_name = graph_name
        self.dump_folder = dump_folder or (lambda: new_debug_folder(graph_name))
        self.step = 0
        self.text = ""
        self.outputs: list[np.ndarray] | None = None

    def __call__(self, previous: ModulePass | None, module: ModuleOp, _following: ModulePass | None) -> None:
        self.step += 1
        text = str(module)
        if self.outputs is not None and text == self.text:
            metrics.passes_checked += 1
            return
        if self.inputs is None:
            self.inputs, self.symbols = make_inputs(find_function(module).function_type.inputs.data, self.symbols, self.seed)
        outputs = self.run(previous, module, text)
        if self.outputs is not None:
            metrics.passes_checked += 1
            types = find_function(module).function_type.outputs.data
            reason = first_mismatch(self.outputs, outputs, types)
            if reason is not None:
                self.fail(previous, text, reason)
        self.text, self.outputs = text, outputs

    def run(self, previous: ModulePass | None, module: ModuleOp, text: str) -> list[np.ndarray]:
        try:
            return run_module(module, self.inputs, symbols=self.symbols)
        except Exception as exc:
            if previous is None:
                raise
            self.fail(previous, text, f"running the IR after it failed: {type(exc).__name__}: {first_line(exc)}")

    def fail(self, previous: ModulePass, after: str, reason: str) -> None:
        folder = self.dump_folder()
        name = pass_label(previous)
        write_failure(folder, self.step, name, self.text, after, self.inputs, self.symbols)
        raise PassDivergence(name, reason, folder)


def first_line(exc: Exception) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else ""


def new_debug_folder(graph_name: str) -> str:
    from irc.debug import DebugDump

    return DebugDump(f"{graph_name}_check").folder


def write_failure(
    folder: str, step: int, pass_name: str, before: str, after: str, inputs: Sequence, symbols: Mapping[str, int]
) -> None:
    import os

    import torch

    before_path = os.path.join(folder, f"before-{step - 1:02d}.mlir")
    after_path = os.path.join(folder, f"after-{step:02d}-{pass_name.split('{')[0]}.mlir")
    inputs_path = os.path.join(folder, "inputs.pt")
    for path, text in ((before_path, before), (after_path, after)):
        with open(path, "w") as f:
            f.write(text + "\n")
    torch.save([torch.from_numpy(np.ascontiguousarray(to_numpy(v))) for v in inputs], inputs_path)
    binds = " ".join(f"--check-bind {k}={v}" for k, v in sorted(symbols.items()))
    command = (
        f"irc-opt {shlex.quote(before_path)} -p {shlex.quote(pass_name)} --check-passes "
        f"--check-inputs {shlex.quote(inputs_path)} {binds}".rstrip()
    )
    with open(os.path.join(folder, "reproduce.sh"), "w") as f:
        f.write(f"# pass '{pass_name}' changes what the module computes\n{command}\n")


# ---------------------------------------------------------------------------
# torch.compile
# ---------------------------------------------------------------------------


def check_pipeline(aten_text: str, args: Sequence[object], graph_name: str = "graph", spec: str | None = None) -> None:
    """Runs the pipeline on the aten graph with a PassChecker on these inputs (CPU copies)."""
    from xdsl.parser import Parser

    from irc.pipeline import configured_pipeline, make_context, run_pipeline

    ctx = make_context()
    module = Parser(ctx, aten_text).parse_module()
    inputs = [to_numpy(a) if hasattr(a, "detach") else np.asarray(a) for a in args]
    run_pipeline(module, ctx, spec or configured_pipeline(), callback=PassChecker(inputs, graph_name=graph_name))


def checked_runner(runner: Callable, aten_text: str, graph_name: str) -> Callable:
    """`runner`, whose first call first checks every pass of the pipeline on that call's inputs."""
    pending = [True]

    def run(args):
        if pending:
            pending.clear()
            check_pipeline(aten_text, list(args), graph_name)
        return runner(args)

    run._boxed_call = True
    run.path = getattr(runner, "path", None)
    return run
