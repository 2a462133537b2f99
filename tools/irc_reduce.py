"""irc-reduce: shrink an IR file while a failure still happens (delta debugging over ops, results and sizes).

    irc-reduce graph.mlir --pipeline 'convert-aten-to-loop,kernel-fuse'          # a pass crashes
    irc-reduce graph.mlir --pipeline "$PIPELINE" --check-passes                   # a pass diverges
    irc-reduce graph.mlir --command '! irc-opt {} -p kernel-fuse' -o small.mlir   # a user command

With --pipeline the failure must stay the same (the same pass failing with the same kind of error, or
diverging), unless --match gives a regular expression the error message must match instead. A --command is
interesting when it exits with status 0 (as in C-Reduce and llvm-reduce); `{}` stands for the candidate file.
Prints the reduced IR (or writes it to -o) and, on stderr, the command that reproduces the failure with it.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence


def argument_parser() -> argparse.ArgumentParser:
    from irc.tools.diagnostics import add_traceback_argument
    from irc.tools.irc_run import parse_binding

    parser = argparse.ArgumentParser(prog="irc-reduce", description=__doc__.splitlines()[0])
    parser.add_argument("file", help="the IR file that fails")
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--pipeline", help="a pass pipeline (irc-opt -p syntax) that fails on the file")
    what.add_argument("--command", help="a shell command that exits 0 while the failure holds ({} = the file)")
    parser.add_argument("--check-passes", action="store_true", help="with --pipeline: a divergence is the failure")
    parser.add_argument("--target", choices=("triton",), help="with --pipeline: also emit the module")
    parser.add_argument("--match", help="with --pipeline: the error message must match this regular expression")
    parser.add_argument("--check-bind", type=parse_binding, action="append", default=[], metavar="SYM=N")
    parser.add_argument("--check-seed", type=int, default=0)
    parser.add_argument("-o", "--output", help="write the reduced IR here (default: stdout)")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")
    add_traceback_argument(parser)
    return parser  # fmt: skip


class PipelineFailure:
    """What goes wrong when the pipeline runs on a module: a short signature, or None when nothing does."""

    def __init__(self, ctx, spec: str, check: bool, target: str | None, symbols: dict, seed: int):
        self.ctx, self.spec, self.check, self.target = ctx, spec, check, target
        self.symbols, self.seed = symbols, seed
        self.folder = tempfile.mkdtemp(prefix="irc-reduce-")
        self.message = ""

    def __call__(self, module) -> str | None:
        from irc.interp.differential import PassChecker, PassDivergence
        from irc.pipeline import run_pipeline

        current = ["input"]
        checker = PassChecker(None, self.symbols, self.seed, dump_folder=lambda: self.folder) if self.check else None

        def track(previous, mod, following) -> None:
            current[0] = following.name if following is not None else "target"
            if checker is not None:
                checker(previous, mod, following)

        try:
            run_pipeline(module, self.ctx, self.spec, callback=track)
            if self.target:
                from irc.target.emit_triton import emit_module

                emit_module(module)
        except PassDivergence as exc:
            self.message = str(exc)
            return f"pass '{exc.pass_name}' diverges"
        except Exception as exc:
            self.message = f"{type(exc).__name__}: {exc}"
            return f"{type(exc).__name__} in '{current[0]}'"
        return None


def pipeline_predicate(args, ctx, original) -> tuple[Callable, str]:
    failure = PipelineFailure(ctx, args.pipeline, args.check_passes, args.target, dict(args.check_bind), args.check_seed)
    expected = failure(original.clone())
    if expected is None:
        raise ValueError("the pipeline does not fail on the input: nothing to reduce")
    if args.match:
        pattern = re.compile(args.match)
        return (lambda m: failure(m) is not None and pattern.search(failure.message) is not None), expected
    return (lambda m: failure(m) == expected), expected


def command_predicate(command: str) -> Callable:
    folder = tempfile.mkdtemp(prefix="irc-reduce-")

    def interesting(module) -> bool:
        path = os.path.join(folder, "candidate.mlir")
        with open(path, "w") as f:
            f.write(str(module) + "\n")
        line = command.replace("{}", shlex.quote(path)) if "{}" in command else f"{command} {shlex.quote(path)}"
        return subprocess.run(line, shell=True, capture_output=True).returncode == 0

    return interesting


def reproducer(args, path: str) -> str:
    if args.command:
        return args.command.replace("{}", path) if "{}" in args.command else f"{args.command} {path}"
    parts = ["irc-opt", path, "-p", shlex.quote(args.pipeline)]
    if args.check_passes:
        parts.append("--check-passes")
        parts += [f"--check-bind {k}={v}" for k, v in args.check_bind]
        parts += [f"--check-seed {args.check_seed}"] if args.check_seed else []
    parts += ["-t", args.target] if args.target else []
    return " ".join(parts)


def run(args: argparse.Namespace) -> int:
    from irc.pipeline import make_context
    from irc.reduce import Reducer, count_ops
    from irc.source_locations import LocatedParser

    ctx = make_context()
    with open(args.file) as f:
        module = LocatedParser(ctx, f.read(), args.file).parse_module()
    log = (lambda _: None) if args.quiet else (lambda text: print(f"// irc-reduce: {text}", file=sys.stderr))
    if args.pipeline:
        predicate, failure = pipeline_predicate(args, ctx, module)
        log(f"failure: {failure}")
    else:
        predicate = command_predicate(args.command)
    reducer = Reducer(ctx, predicate, log)
    before = count_ops(module)
    reduced = reducer.reduce(module)
    log(f"{before} ops -> {count_ops(reduced)} ops in {reducer.tests} tests")
    text = str(reduced) + "\n"
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    print(f"// reproduce with: {reproducer(args, args.output or 'reduced.mlir')}", file=sys.stderr)
    return 0


def main(argv: Sequence[str] | None = None) -> None:
    from irc.tools.diagnostics import run_tool

    sys.exit(run_tool("irc-reduce", lambda args: run(argument_parser().parse_args(args)), argv))


if __name__ == "__main__":
    main()
