"""irc-run: run a function of an IR file at any level with the reference interpreters, print its outputs.

    irc-run graph.mlir                          # seeded random inputs, outputs printed
    irc-run graph.mlir --bind s0=37 --seed 3    # size symbols bound explicitly
    irc-run graph.mlir --fill arange            # inputs 0, 1, 2, ... (easy to check by hand)
    irc-run graph.mlir --input x.npy --input y.pt -o out.npz
    irc-opt graph.mlir -p convert-aten-to-loop | irc-run -

aten runs through PyTorch eager, loop and kernel on whole numpy buffers, triton through the emitted module
under Triton's interpreter. Inputs given as files are used in order; a `.pt` holding a list fills several.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

def parse_binding(text: str) -> tuple[str, int]:
    name, sep, value = text.partition("=")
    if not sep or not name.isidentifier() or not value.lstrip("-").isdigit():
        raise argparse.ArgumentTypeError(f"expected SYMBOL=INTEGER, got '{text}'")
    return name, int(value)


def argument_parser() -> argparse.ArgumentParser:
    from irc.tools.diagnostics import add_traceback_argument

    parser = argparse.ArgumentParser(prog="irc-run", description=__doc__.splitlines()[0])
    parser.add_argument("file", help="the IR file ('-' for stdin)")
    parser.add_argument("--function", help="the func.func to run (default: the first with a body)")
    parser.add_argument("--bind", type=parse_binding, action="append", default=[], metavar="SYM=N",
                        help="bind a size symbol (repeatable); unbound symbols take input shapes or 7")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random inputs")
    parser.add_argument("--fill", choices=("random", "arange"), default="random", help="how inputs are made")
    parser.add_argument("--input", action="append", default=[], metavar="FILE",
                        help="an input from a .npy or .pt file (repeatable, in argument order)")
    parser.add_argument("-o", "--output", help="save the outputs (.npz or .pt) instead of printing them")
    parser.add_argument("--print-inputs", action="store_true", help="print the inputs before the outputs")
    add_traceback_argument(parser)
    return parser  # fmt: skip


def load_inputs(paths: Sequence[str]) -> list:
    import numpy as np

    inputs: list = []
    for path in paths:
        if path.endswith(".npy"):
            inputs.append(np.load(path, allow_pickle=False))  # never unpickles objects
        elif path.endswith(".pt"):
            import torch

            value = torch.load(path, weights_only=True)  # tensors and containers, never arbitrary objects
            inputs.extend(value if isinstance(value, list | tuple) else [value])
        else:
            raise ValueError(f"cannot read inputs from '{path}': expected .npy or .pt")
    return inputs


def save_outputs(path: str, outputs: list) -> None:
    import numpy as np

    if path.endswith(".pt"):
        import torch

        torch.save([torch.from_numpy(np.ascontiguousarray(o)) for o in outputs], path)
    else:
        np.savez(path, *outputs)


def format_value(label: str, value, t) -> str:
    import numpy as np

    from irc.interp.compare import element_name

    array = np.asarray(value)
    text = np.array2string(
        array, precision=4, separator=", ", threshold=1 << 20, max_line_width=1 << 20, suppress_small=True
    )
    return f"// {label}: {element_name(t)} {list(array.shape)}\n{text}"


def read_module(path: str):
    from irc.pipeline import make_context
    from irc.source_locations import LocatedParser

    text = sys.stdin.read() if path == "-" else open(path).read()
    return LocatedParser(make_context(), text, path).parse_module()


def run(args: argparse.Namespace) -> int:
    from irc.interp.interpreter import find_function, run_module
    from irc.interp.values import bind_symbols, make_inputs

    module = read_module(args.file)
    module.verify()
    function = find_function(module, args.function)
    types = function.function_type.inputs.data
    given = load_inputs(args.input)
    symbols = dict(args.bind)
    if given:
        if len(given) != len(types):
            raise ValueError(f"@{function.sym_name.data} takes {len(types)} arguments, got {len(given)} inputs")
        inputs, symbols = given, bind_symbols(types, given, symbols)
    else:
        inputs, symbols = make_inputs(types, symbols, args.seed, args.fill)
    try:
        outputs = run_module(module, inputs, function.sym_name.data, symbols)
    except RecursionError:
        raise
    except Exception as exc:  # IR that fails at run time: a diagnostic naming the op
        raise RunError(describe(exc)) from exc
    if args.output:
        save_outputs(args.output, outputs)
        return 0
    if args.print_inputs:
        for k, (value, t) in enumerate(zip(inputs, types)):
            print(format_value(f"input {k}", value, t))
    for k, (value, t) in enumerate(zip(outputs, function.function_type.outputs.data)):
        print(format_value(f"output {k}", value, t))
    return 0


def failing_op(exc: Exception) -> str | None:
    """The op xDSL marked in the first note it added to an error raised while interpreting an op."""
    for note in getattr(exc, "__notes__", [])[:1]:
        lines = note.splitlines()
        for k, line in enumerate(lines[1:], 1):
            if line.strip().startswith("^"):
                return lines[k - 1].strip()
    return None


def describe(exc: Exception) -> str:
    op = failing_op(exc)
    return f"{type(exc).__name__}: {exc}" + (f"\n  while running: {op}" if op else "")


class RunError(ValueError):
    """A verified module that fails while it runs (an out-of-range access, a bad input): the input's fault."""


def main(argv: Sequence[str] | None = None) -> None:
    from irc.tools.diagnostics import run_tool

    sys.exit(run_tool("irc-run", lambda args: run(argument_parser().parse_args(args)), argv))


if __name__ == "__main__":
    main()
