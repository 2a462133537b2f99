"""fx-to-mlir: write the aten-level IR of the graphs torch.compile captures, for `irc-opt` to take.

From Python: `export(fn, inputs, "out.mlir")`. From the shell:
`irc-fx-to-mlir mypkg.models:make -o out.mlir` where `make()` returns `(callable, example_inputs)`.
Forward graphs are written first; with `--backward` a loss `.sum()` is differentiated too.
"""

import argparse
import importlib
import sys


def capture(fn, inputs, dynamic: bool = False, backward: bool = False) -> list[str]:
    """The aten IR text of every graph irc would compile for `fn(*inputs)`."""
    import torch
    from torch._dynamo.backends.common import aot_autograd
    from torch._functorch.aot_autograd import make_boxed_func

    from irc.backend import decompositions
    from irc.fx_import import import_graph

    texts: list[str] = []

    def record(gm, example_inputs, inference=False):
        texts.append(str(import_graph(gm, example_inputs, inference=inference)))
        return make_boxed_func(gm.forward)

    from torch._functorch.partitioners import min_cut_rematerialization_partition

    backend = aot_autograd(
        fw_compiler=record,
        bw_compiler=record,
        inference_compiler=lambda gm, example_inputs: record(gm, example_inputs, inference=True),
        decompositions=decompositions(),
        partition_fn=min_cut_rematerialization_partition,  # as irc's backend
    )
    torch._dynamo.reset()
    out = torch.compile(fn, backend=backend, dynamic=dynamic)(*inputs)
    if backward:
        outs = out if isinstance(out, (tuple, list)) else [out]
        sum(o.float().sum() for o in outs if o.requires_grad).backward()
    return texts


def export(fn, inputs, path: str, **kwargs) -> None:
    with open(path, "w") as f:
        f.write("\n// -----\n".join(capture(fn, inputs, **kwargs)))


def load_factory(spec: str):
    """`fn, inputs` from a `module:function` spec; ValueError (a diagnostic) when it cannot."""
    module_name, sep, attr = spec.partition(":")
    if not sep or not module_name or not attr.isidentifier():
        raise ValueError(f"expected MODULE:FUNCTION, got '{spec}'")
    sys.path.insert(0, ".")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ValueError(f"cannot import '{module_name}': {exc}") from exc
    factory = getattr(module, attr, None)
    if not callable(factory):
        raise ValueError(f"'{module_name}' has no function '{attr}'")
    made = factory()
    if not (isinstance(made, tuple | list) and len(made) == 2 and callable(made[0])):
        raise ValueError(f"{spec}() must return (callable, example_inputs)")
    return made


def main(argv=None) -> None:
    from irc.tools.diagnostics import run_tool

    code = run_tool("irc-fx-to-mlir", run, argv)
    if code:
        sys.exit(code)


def run(argv) -> int:
    from irc.tools.diagnostics import add_traceback_argument

    parser = argparse.ArgumentParser(prog="irc-fx-to-mlir", description=__doc__.splitlines()[0])
    parser.add_argument("factory", help="module:function returning (callable, example_inputs)")
    parser.add_argument("-o", "--output", default="-", help="output .mlir file (default: stdout)")
    parser.add_argument("--dynamic", action="store_true", help="symbolic sizes")
    parser.add_argument("--backward", action="store_true", help="also capture the backward graph")
    add_traceback_argument(parser)
    args = parser.parse_args(argv)
    fn, inputs = load_factory(args.factory)
    texts = capture(fn, inputs, dynamic=args.dynamic, backward=args.backward)
    text = "\n// -----\n".join(texts)
    if args.output == "-":
        print(text)
    else:
        with open(args.output, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    main()
