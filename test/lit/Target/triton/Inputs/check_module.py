"""Runs an emitted module under TRITON_INTERPRET=1 on CPU tensors and compares it with a torch reference.

    check_module.py MODULE.py REFERENCE [--sizes s0=5,s1=3] [--prepare CODE] [--tol 1e-5] [--native]
                    [--raises] [--written K=EXPR ...]

The inputs are the module's own get_args(**sizes); REFERENCE is a Python expression over them (a0, a1, ...)
giving the expected outputs, a tuple in the order of call()'s results. --prepare runs first (e.g. to put
NaNs into a0). Prints one `ok` line per matching output, then `all outputs match`. With --native (first
argument), the kernels run compiled on the GPU that get_args() puts the inputs on. With --raises, the call
runs as the runtime runs it (irc's interpreter shims) and must raise: prints `raised <type>: <message>`.
With --written K=EXPR, argument K must hold EXPR (over the inputs before the call) after it: an argument the
module overwrites (irc.written_args).
"""

import argparse
import importlib.util
import os
import sys

os.environ["TRITON_INTERPRET"] = "0" if "--native" in sys.argv else "1"

import warnings  # noqa: E402

import torch  # noqa: E402

warnings.filterwarnings("ignore", category=RuntimeWarning)  # masked-off lanes may divide by zero


def load(path):
    spec = importlib.util.spec_from_file_location("emitted", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("module")
    parser.add_argument("reference")
    parser.add_argument("--sizes", default="")
    parser.add_argument("--prepare", default="")
    parser.add_argument("--tol", type=float, default=1e-5)
    parser.add_argument("--native", action="store_true")
    parser.add_argument("--raises", action="store_true")
    parser.add_argument("--written", action="append", default=[])
    options = parser.parse_args()
    sizes = {k: int(v) for k, v in (item.split("=") for item in options.sizes.split(",") if item)}

    torch.manual_seed(0)
    if not options.native:
        from irc.runtime.interpreter_shims import squeeze_one_element_loop_bounds

        squeeze_one_element_loop_bounds()  # Triton 3.6's interpreter with a newer numpy
    module = load(options.module)
    args = module.get_args(**sizes)
    scope = {"torch": torch, **{f"a{k}": a for k, a in enumerate(args)}}
    exec(options.prepare, scope)
    inputs = [a.clone() if isinstance(a, torch.Tensor) else a for a in args]
    if options.raises:
        return expect_error(module, args)
    got = module.call(list(args))
    scope.update({f"a{k}": a for k, a in enumerate(inputs)})
    expected = eval(options.reference, scope)
    expected = expected if isinstance(expected, tuple) else (expected,)
    if len(got) != len(expected):
        print(f"FAIL: {len(got)} outputs, expected {len(expected)}")
        return 1
    pairs = [(f"output {k}", g, e) for k, (g, e) in enumerate(zip(got, expected))]
    for item in options.written:
        position, text = item.split("=", 1)
        pairs.append((f"argument {position}", args[int(position)], eval(text, scope)))
    for what, g, e in pairs:
        e = torch.as_tensor(e).to(g.device)
        try:
            torch.testing.assert_close(g, e, rtol=options.tol, atol=options.tol, equal_nan=True)
        except AssertionError as error:
            print(f"FAIL: {what}: {error}")
            return 1
        print(f"ok {what.removeprefix('output ')}: {tuple(g.shape)} {g.dtype}")
    print("all outputs match")
    return 0


def expect_error(module, args) -> int:
    from irc.runtime.interpreter_shims import interpreted_stdlib

    try:
        with interpreted_stdlib():
            module.call(list(args))
    except Exception as error:  # noqa: BLE001 - what it raises is the test's output
        print(f"raised {type(error).__name__}: {error}")
        return 0
    print("FAIL: nothing raised")
    return 1


if __name__ == "__main__":
    sys.exit(main())
