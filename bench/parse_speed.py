"""Parse, verify and print speed of a large loop-level module (issue 19: a 5 MB module in at most 5 s).

    python3 bench/parse_speed.py [--ops 22788] [--profile]

Writes a module of `--ops` loop.pointwise ops (about 220 bytes each, one index expression
repeated as in real IR, a quarter of them distinct), then times irc-opt's work on it in-process: parse, verify, print.
Also prints the process's CPU seconds for each of the three, steadier than wall time on a shared machine. Run it a few
times: each run is a fresh process, as irc-opt is (irc's memo tables start empty).
"""

import argparse
import cProfile
import io
import pstats
import time

BUFFER = "!loop.buffer<[3, 9], f32, strides [9, 1]>"


def make_module(ops: int) -> str:
    lines = [f"func.func @big(%x: {BUFFER}, %y: {BUFFER}) -> {BUFFER} {{"]
    last = "%x"
    for k in range(ops):
        index = "9*i0 + i1" if k % 4 else f"ModularIndexing(9*i0 + i1 + {k % 97}, 1, 27)"
        lines += [
            f"  %b{k} = loop.pointwise ranges [3, 9] {{",
            f'    %a = loop.load {last}[#loop.index<"{index}">] : {BUFFER}',
            "    %d = arith.addf %a, %a : f32",
            "    loop.yield %d : f32",
            f"  }} : {BUFFER}",
        ]
        last = f"%b{k}"
    lines += [f"  func.return {last} : {BUFFER}", "}"]
    return "\n".join(lines) + "\n"


def parse_verify_print(text: str) -> dict:
    from xdsl.parser import Parser
    from xdsl.printer import Printer

    from irc.pipeline import make_context

    times = {}
    out = io.StringIO()
    steps = {
        "parse": lambda _: Parser(make_context(), text).parse_module(),
        "verify": lambda module: module.verify() or module,
        "print": lambda module: Printer(stream=out).print_op(module),
    }
    value = None
    for name, step in steps.items():
        cpu, start = time.process_time(), time.perf_counter()
        value = step(value)
        times[name] = time.perf_counter() - start
        times[name + "_cpu"] = time.process_time() - cpu
    times["total"] = sum(times[name] for name in steps)
    times["cpu"] = sum(times[name + "_cpu"] for name in steps)
    times["round_trip"] = out.getvalue().count("loop.pointwise")
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", type=int, default=22788)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    text = make_module(args.ops)
    import irc.dialects.loop  # noqa: F401 (imports not timed)
    import irc.dialects.sym_parse  # noqa: F401

    if args.profile:
        profile = cProfile.Profile()
        profile.enable()
    times = parse_verify_print(text)
    if args.profile:
        profile.disable()
        pstats.Stats(profile).sort_stats("cumulative").print_stats(40)
    mb = len(text) / 1e6
    print(f"{args.ops} loop.pointwise, {mb:.1f} MB: parse {times['parse']:.2f} s, verify {times['verify']:.2f} s, "
          f"print {times['print']:.2f} s, total {times['total']:.2f} s ({mb / times['total']:.2f} MB/s), "
          f"CPU {times['cpu']:.2f} s (parse {times['parse_cpu']:.2f}, verify {times['verify_cpu']:.2f}, "
          f"print {times['print_cpu']:.2f})")


if __name__ == "__main__":
    main()
