"""Compile time of a long pointwise chain through irc's default pipeline: every pass must be linear in the
size of its input, so a chain of 10,000 elementwise ops goes through in seconds.

    python3 bench/long_chain.py                      # 1,000, 2,000, 4,000 and 10,000 ops: seconds per pass
    python3 bench/long_chain.py --ops 4000 --profile # plus a cProfile of that chain's pipeline

The chain is aten IR written directly (no Dynamo): x -> sin -> add y -> mul y -> cos -> ... on one [64, 33]
tensor, every op reading the one before, y a second input. The pipeline is pipeline_spec.configured_pipeline()
for CPU inputs (optionally with the verification after each pass that IRC_VERIFY=1 runs), then the triton
target's emission, Python's garbage collector paused as irc.compile pauses it.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import time

TENSOR = "!aten.tensor<[64, 33], f32>"
STEPS = [  # one op of the chain from the previous value %p and the input %y
    "aten.sin %p : ({t}) -> {t}",
    "aten.add %p, %y : ({t}, {t}) -> {t}",
    "aten.mul %p, %y : ({t}, {t}) -> {t}",
    "aten.cos %p : ({t}) -> {t}",
]


def chain_text(ops: int) -> str:
    lines = [f"func.func @forward(%x: {TENSOR}, %y: {TENSOR}) -> {TENSOR} {{"]
    previous = "%x"
    for k in range(ops):
        step = STEPS[k % len(STEPS)].format(t=TENSOR).replace("%p", previous)
        lines.append(f"  %v{k} = {step}")
        previous = f"%v{k}"
    lines += [f"  func.return {previous} : {TENSOR}", "}"]
    return "\n".join(lines)


def compile_chain(ops: int, verify: bool) -> dict[str, float]:
    """Seconds per phase (parse, each pass, emission) of one chain."""
    from xdsl.parser import Parser

    from irc.compile import paused_gc
    from irc.pipeline import make_context, run_pipeline
    from irc.pipeline_spec import configured_pipeline
    from irc.target.emit_triton import emit_module

    times: dict[str, float] = {}
    ctx, text = make_context(), chain_text(ops)
    start = time.perf_counter()
    module = Parser(ctx, text).parse_module()
    times["parse"] = time.perf_counter() - start
    last = [time.perf_counter()]

    def record(previous, _module, _following) -> None:
        now = time.perf_counter()
        if previous is not None:
            name = previous.name
            times[name] = times.get(name, 0.0) + now - last[0]
        last[0] = now

    with paused_gc():  # as torch.compile's path runs the pipeline
        run_pipeline(module, ctx, configured_pipeline(), callback=record, verify=verify)
        start = time.perf_counter()
        emit_module(module)
    times["emit"] = time.perf_counter() - start
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", type=int, nargs="*", default=[1000, 2000, 4000, 10000])
    parser.add_argument("--profile", action="store_true", help="cProfile the last chain's compile")
    parser.add_argument("--verify", action="store_true", help="verify after every pass (IRC_VERIFY=1)")
    options = parser.parse_args()
    compile_chain(10, options.verify)  # lazy imports outside the timings
    for ops in options.ops:
        profiler = cProfile.Profile() if options.profile and ops == options.ops[-1] else None
        if profiler:
            profiler.enable()
        times = compile_chain(ops, options.verify)
        if profiler:
            profiler.disable()
        slowest = sorted(times.items(), key=lambda kv: -kv[1])[:4]
        phases = ", ".join(f"{n} {t:.2f}" for n, t in slowest)
        print(f"{ops:6d} ops: {sum(times.values()):7.2f} s   {phases}")
        if profiler:
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(30)
            print(out.getvalue())


if __name__ == "__main__":
    main()
