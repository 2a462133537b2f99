"""irc-opt: xdsl-opt with irc's dialects, irc's passes and a safe subset of xDSL's, and the `mlir` and
`triton` targets (irc/registry.py: no pass that runs a program or interprets IR as one; `--help` lists each
pass).

Keeps every xdsl-opt flag (`--time-passes` writes to stderr) and adds `--print-ir-after-all`,
`--fusion-report=PATH` and `--check-passes` (run the reference interpreters after every pass and fail naming
the first pass that changes the results; irc/interp/differential.py). Bad input (syntax errors, unknown ops,
failing verifiers, failing passes, bad options, unreadable files) ends in a diagnostic on stderr and exit code
1 (a parse or verifier error names the file, line and column: irc/source_locations.py), a bug in irc in one
line saying so (exit code 2), never a Python traceback unless `--traceback` asks for it (tools/diagnostics.py).
"""

import argparse
import dataclasses
import sys
import time
from collections.abc import Sequence

from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.printer import Printer
from xdsl.xdsl_opt_main import xDSLOptMain

import irc
from irc.registry import PASS_HELP, get_offered_passes, get_offered_targets, load_all_dialects
from irc.tools.diagnostics import add_traceback_argument, run_tool



class IrcOptMain(xDSLOptMain):
    version_format = f"irc-opt {irc.__version__} (xDSL {{xdsl_version}})"

    def register_all_dialects(self):
        super().register_all_dialects()
        load_all_dialects(self.ctx)

    def register_all_passes(self):
        for name, factory in get_offered_passes().items():
            self.register_pass(name, factory)

    def register_all_targets(self):
        self.available_targets.update(get_offered_targets())

    def register_all_frontends(self):
        """Ops parsed from text carry their source locations, which diagnostics name."""
        from irc.source_locations import LocatedParser

        def parse_mlir(io):
            parser = LocatedParser(self.ctx, io.read(), self.get_input_name(), self._line_offset)
            return parser.parse_module(not self.args.no_implicit_module)

        self._line_offset = 0
        self.available_frontends["mlir"] = parse_mlir

    def parse_chunk(self, chunk, file_extension: str, start_offset: int = 0):
        self._line_offset = start_offset  # lines of a --split-input-file chunk count from the file's start
        return super().parse_chunk(chunk, file_extension, start_offset)

    def register_all_arguments(self, arg_parser: argparse.ArgumentParser):
        super().register_all_arguments(arg_parser)
        describe_passes_and_targets(arg_parser, self.available_passes, self.available_targets)
        arg_parser.add_argument(
            "--print-ir-after-all",
            action="store_true",
            help="print the IR to stderr after every pass",
        )
        arg_parser.add_argument(
            "--fusion-report",
            metavar="PATH",
            default="",
            help="kernel-fuse writes its decisions to PATH.txt and the op graph to PATH.dot and PATH.svg "
            "(the same as its option report=PATH)",
        )
        add_check_arguments(arg_parser)
        add_traceback_argument(arg_parser)

    def setup_pipeline(self):
        time_passes, self.args.time_passes = self.args.time_passes, False  # xDSL's timings go to stdout
        super().setup_pipeline()
        callback = _naming_the_pass(self.pipeline.callback)
        if time_passes:
            callback = _timed(callback)
        self.pipeline = dataclasses.replace(self.pipeline, callback=callback)
        if self.args.fusion_report:
            passes = tuple(_with_report(p, self.args.fusion_report) for p in self.pipeline.passes)
            self.pipeline = dataclasses.replace(self.pipeline, passes=passes)
        if self.args.print_ir_after_all:
            self.pipeline = dataclasses.replace(self.pipeline, callback=_print_after(self.pipeline.callback))
        if self.args.check_passes:
            self.pipeline = dataclasses.replace(self.pipeline, callback=_checked(self.pipeline.callback, self.args))


def describe_passes_and_targets(arg_parser: argparse.ArgumentParser, passes, targets) -> None:
    """`-p` and `-t` point to a listing of the passes at the end of --help, one line each."""
    helps = {"passes": "comma-separated passes, options in braces: 'cse,kernel-tile{xblock=256}' (see below)",
             "target": f"output: {' or '.join(targets)} (default mlir: the IR)"}  # fmt: skip
    for action in arg_parser._actions:
        action.help = helps.get(action.dest, action.help)
    width = max(map(len, passes))
    lines = [f"  {name:<{width}}  {PASS_HELP.get(name, '')}".rstrip() for name in sorted(passes)]
    arg_parser.formatter_class = argparse.RawDescriptionHelpFormatter
    arg_parser.epilog = "passes:\n" + "\n".join(lines)


def _with_report(pass_: ModulePass, path: str) -> ModulePass:
    if pass_.name == "kernel-fuse" and not getattr(pass_, "report", ""):
        return dataclasses.replace(pass_, report=path)
    return pass_


def _naming_the_pass(inner):
    """A verifier error after a pass names the pass (tools/diagnostics.py shows it)."""
    from xdsl.utils.exceptions import VerifyException

    from irc.tools.diagnostics import AFTER_PASS

    def callback(previous: ModulePass | None, module: ModuleOp, following: ModulePass | None) -> None:
        try:
            inner(previous, module, following)
        except VerifyException as exc:
            if previous is not None:
                setattr(exc, AFTER_PASS, f"pass {previous.name}")
            raise

    return callback


def _timed(inner):
    """--time-passes: each pass's time on stderr (stdout holds the IR)."""
    started = [time.perf_counter()]

    def callback(previous: ModulePass | None, module: ModuleOp, following: ModulePass | None) -> None:
        if previous is not None:
            took = time.perf_counter() - started[0]
            print(f"// irc-opt: pass {previous.name} took {took:.6f} s", file=sys.stderr)
        inner(previous, module, following)
        started[0] = time.perf_counter()

    return callback


def _print_after(inner):
    def callback(previous: ModulePass | None, module: ModuleOp, following: ModulePass | None) -> None:
        inner(previous, module, following)
        if previous is not None:
            print(f"// -----// IR Dump After {previous.name} //----- //", file=sys.stderr)
            Printer(stream=sys.stderr).print_op(module)
            print("\n", file=sys.stderr)

    return callback


def add_check_arguments(arg_parser: argparse.ArgumentParser) -> None:
    from irc.tools.irc_run import parse_binding

    group = arg_parser.add_argument_group("differential checking")
    group.add_argument("--check-passes", action="store_true",
                       help="after every pass, interpret the module and compare with the results before it")
    group.add_argument("--check-inputs", action="append", default=[], metavar="FILE",
                       help="inputs for --check-passes (.npy, or .pt holding a list); default: seeded random")
    group.add_argument("--check-bind", type=parse_binding, action="append", default=[], metavar="SYM=N",
                       help="bind a size symbol for --check-passes inputs")
    group.add_argument("--check-seed", type=int, default=0, help="seed of the --check-passes inputs")  # fmt: skip


def _checked(inner, args):
    from irc.interp.differential import PassChecker
    from irc.tools.irc_run import load_inputs

    def report(checked: int) -> None:
        print(f"// irc-opt: {checked} passes checked, no divergence", file=sys.stderr)

    checker = PassChecker(
        load_inputs(args.check_inputs) or None, dict(args.check_bind), args.check_seed, on_finish=report
    )

    def callback(previous: ModulePass | None, module: ModuleOp, following: ModulePass | None) -> None:
        inner(previous, module, following)
        checker(previous, module, following)

    return callback


def main(args: Sequence[str] | None = None) -> None:
    code = run_tool("irc-opt", lambda argv: IrcOptMain(description="irc modular optimizer driver", args=argv).run(), args)
    if code:
        sys.exit(code)


if __name__ == "__main__":
    main()
