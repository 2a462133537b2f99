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

import contextlib
from collections.abc import Callable, Mapping, Sequence

import numpy as np
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import DiagnosticException

from irc import metrics
from irc.dialects.aten import written_args
from irc.interp.compare import first_mismatch
from irc.interp.interpreter import find_function, is_triton_level, run_module
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
    """The pipeline callback. `inputs` None: seeded random inputs made for the first module's signature.

    Running an emitted module under Triton's interpreter costs far more than the other levels, so triton-level
    modules are kept and only the last one is run (or `final_outputs`, the outputs of the compiled module on
    the same inputs, are used): when it agrees with the last kernel-level results, every pass after that level
    is counted as checked; when it does not, the kept levels are run in order to name the first diverging pass.
    """

    def __init__(
        self,
        inputs: Sequence[object] | None = None,
        symbols: Mapping[str, int] = {},
        seed: int = 0,
        graph_name: str = "graph",
        dump_folder: Callable[[], str] | None = None,
        final_outputs: Sequence[np.ndarray] | None = None,
        on_finish: Callable[[int], None] | None = None,
    ):
        self.given_inputs = None if inputs is None else list(inputs)
        self.given_symbols = dict(symbols)
        self.on_finish = on_finish
        self.seed = seed
        self.graph_name = graph_name
        self.dump_folder = dump_folder or (lambda: new_debug_folder(graph_name))
        self.final_outputs = None if final_outputs is None else list(final_outputs)
        self.start()

    def start(self) -> None:
        """A new pipeline run (irc-opt runs one per chunk of a split input file)."""
        self.inputs, self.symbols = self.given_inputs, dict(self.given_symbols)
        self.step = 0
        self.checked = 0
        self.text = ""  # the last module run
        self.outputs: list[np.ndarray] | None = None  # its results: the reference for the next pass
        self.deferred: list[tuple[int, ModulePass, ModuleOp, str]] = []  # triton levels not run yet

    def __call__(self, previous: ModulePass | None, module: ModuleOp, following: ModulePass | None) -> None:
        if previous is None:
            self.start()
        self.step += 1
        text = str(module)
        if self.outputs is not None and text == (self.deferred[-1][3] if self.deferred else self.text):
            self.count(1)
        elif is_triton_level(module) and previous is not None:
            self.deferred.append((self.step, previous, module.clone(), text))
        else:
            self.check(previous, module, text, self.step)
        if following is None:
            if self.deferred:
                self.check_deferred()
            if self.on_finish is not None:
                self.on_finish(self.checked)

    def count(self, passes: int) -> None:
        self.checked += passes
        metrics.passes_checked += passes

    def check(self, previous: ModulePass | None, module: ModuleOp, text: str, step: int) -> None:
        if self.inputs is None:
            types = find_function(module).function_type.inputs.data
            self.inputs, self.symbols = make_inputs(types, self.symbols, self.seed)
        outputs = self.run(previous, module, text, step)
        self.compare(previous, module, text, step, outputs)
        self.text, self.outputs = text, outputs

    def compare(self, previous, module: ModuleOp, text: str, step: int, outputs: list[np.ndarray]) -> None:
        if self.outputs is None:
            return
        self.count(1)
        reason = first_mismatch(self.outputs, outputs, find_function(module).function_type.outputs.data)
        if reason is not None:
            self.fail(previous, text, step, reason)

    def check_deferred(self) -> None:
        """Compares the last triton level with the reference; locates the first diverging pass if it differs."""
        step, last_pass, module, text = self.deferred[-1]
        final = self.final_outputs if self.final_outputs is not None else self.run(last_pass, module, text, step)
        types = find_function(module).function_type.outputs.data
        if first_mismatch(self.outputs, final, types) is None:
            self.count(len(self.deferred))
            self.deferred.clear()
            return
        deferred, self.deferred = self.deferred, []
        for step, pass_, module, text in deferred:
            self.check(pass_, module, text, step)  # raises at the first diverging pass
        raise PassDivergence("triton target", "the compiled module's outputs differ from its run on the CPU", None)

    def run(self, previous: ModulePass | None, module: ModuleOp, text: str, step: int) -> list[np.ndarray]:
        try:
            with seeded_generator(self.seed):
                return run_module(module, self.inputs, symbols=self.symbols)
        except Exception as exc:
            if previous is None:
                raise
            self.fail(previous, text, step, f"running the IR after it failed: {type(exc).__name__}: {first_line(exc)}")

    def fail(self, previous: ModulePass, after: str, step: int, reason: str) -> None:
        folder = self.dump_folder()
        name = pass_label(previous)
        write_failure(folder, step, name, self.text, after, self.inputs, self.symbols)
        raise PassDivergence(name, reason, folder)


@contextlib.contextmanager
def seeded_generator(seed: int):
    """torch's CPU generator seeded with `seed` for one run, then as it was: every level draws the same random
    seeds (the extern of dialects/random_kinds.py), so its random numbers are comparable bit for bit."""
    import torch

    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(seed)
        yield


def draws_random(aten_text: str) -> bool:
    """Whether the graph draws random numbers from torch's generator (its seeds extern, or an extern such as
    rand_like under IRC_FALLBACK_RANDOM): the compiled call drew them from the caller's generator state."""
    import re

    import torch

    from irc.dialects.random_kinds import SEEDS_ATTR
    from irc.interp.extern_torch import torch_op

    def seeded(overload: str) -> bool:
        try:
            return torch.Tag.nondeterministic_seeded in torch_op(overload).tags
        except ValueError:  # an op torch does not know here (UnsafeOverload): it never ran in this process
            return False

    overloads = set(re.findall(r'aten\.fallback "([^"]+)"', aten_text))
    return SEEDS_ATTR in aten_text or any(seeded(o) for o in overloads)


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

    from irc.reproducer import tool_command, write_script

    before_path = os.path.join(folder, f"before-{step - 1:02d}.mlir")
    after_path = os.path.join(folder, f"after-{step:02d}-{pass_name.split('{')[0]}.mlir")
    inputs_path = os.path.join(folder, "inputs.pt")
    for path, text in ((before_path, before), (after_path, after)):
        with open(path, "w") as f:
            f.write(text + "\n")
    torch.save([torch.from_numpy(np.asarray(to_numpy(v), order="C")) for v in inputs], inputs_path)
    binds = [f"--check-bind={k}={v}" for k, v in sorted(symbols.items())]
    check = ["--check-passes", "--check-inputs", inputs_path, *binds]
    command = tool_command("irc-opt", before_path, "-p", pass_name, *check)
    comment = f"pass {pass_name} changes what the module computes"
    write_script(os.path.join(folder, "reproduce.sh"), [comment], [command])


# ---------------------------------------------------------------------------
# torch.compile
# ---------------------------------------------------------------------------


def check_pipeline(
    aten_text: str,
    inputs: Sequence[np.ndarray],
    graph_name: str = "graph",
    final_outputs: Sequence[np.ndarray] | None = None,
) -> None:
    """Runs torch.compile's pipeline on the aten graph with a PassChecker on these inputs. As the compile does
    (compile_module_text), a pipeline making matmul choices that fails (not a divergence: a pass raising)
    is checked again with cuBLAS only: the pipeline whose module the graph runs."""
    from irc.pipeline_spec import configured_pipeline, makes_mm_choices, with_mm_template

    pipeline = configured_pipeline()
    try:
        check_with(pipeline, aten_text, inputs, graph_name, final_outputs)
    except PassDivergence:
        raise
    except Exception:
        if not makes_mm_choices(pipeline):
            raise
        check_with(with_mm_template(pipeline, "off"), aten_text, inputs, graph_name, final_outputs)


def check_with(
    pipeline: str, aten_text: str, inputs: Sequence[np.ndarray], graph_name: str, final_outputs
) -> None:
    from xdsl.parser import Parser

    from irc.pipeline import make_context, run_pipeline

    ctx = make_context()
    module = Parser(ctx, aten_text).parse_module()
    if final_outputs is not None:
        final_outputs = with_written_args(find_function(module), final_outputs)
    checker = PassChecker(inputs, graph_name=graph_name, final_outputs=final_outputs)
    run_pipeline(module, ctx, pipeline, callback=checker)


def with_written_args(function, final_outputs: Sequence[np.ndarray]) -> list[np.ndarray]:
    """The compiled module's results, then the arguments it overwrote (`irc.written_args`), as the levels
    above return them; `final_outputs`: the results, then every argument after the call."""
    written = written_args(function)
    results = len(function.function_type.outputs.data) - len(written)
    arguments = final_outputs[results:]
    return [*final_outputs[:results], *(arguments[p] for p in written)]


def host_copy(value: object) -> np.ndarray:
    return np.array(to_numpy(value), copy=True)


def checked_runner(runner: Callable, aten_text: str, graph_name: str) -> Callable:
    """`runner`, whose first call also checks every pass of the pipeline on that call's inputs.

    On CPU inputs the compiled module's own outputs serve as the triton level's results; when the compiled
    module fails, the check runs before the error goes on, so a pass that broke it is named.
    """
    pending = [True]

    def run(args):
        if not pending:
            return runner(args)
        pending.clear()
        inputs, held = [host_copy(a) for a in args], list(args)
        on_cpu = all(getattr(a, "device", None) is None or a.device.type == "cpu" for a in args)
        try:
            outputs = runner(args)
        except Exception:
            check_pipeline(aten_text, inputs, graph_name)  # names the pass that broke it, if one did
            raise
        final = None
        if on_cpu and not draws_random(aten_text):  # the results, then the arguments it may have overwritten
            final = [*(host_copy(o) for o in outputs if o is not None), *(host_copy(a) for a in held)]
        check_pipeline(aten_text, inputs, graph_name, final)
        return outputs

    run._boxed_call = True
    run.path = getattr(runner, "path", None)
    return run
