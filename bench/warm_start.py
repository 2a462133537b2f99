"""Where a warm start's first call goes, for Inductor and irc: Dynamo, aot_autograd, the backend's cache
lookup and load, the call itself.

    python3 bench/warm_start.py --models gpt2,bert,resnet            # full-size configs
    python3 bench/warm_start.py --models gpt2 --small --device cpu   # tiny configs
    python3 bench/warm_start.py --models gpt2 --profile 25           # and the warm run's top functions
    python3 bench/warm_start.py --backends irc_full,irc --runs cold,warm,warm   # without the Dynamo-level cache

Each model and backend runs twice in fresh processes on one set of fresh cache folders (cold, then warm), as
bench/compile_cold_warm.py does; the first call is split by torch's own compile timers
(torch._dynamo.utils.compilation_time_metrics) and a timer around irc's graph compiler:
  dynamo     Dynamo's tracing and guards (its compile less the backend's)
  aot        aot_autograd's tracing, functionalization and partitioning (less the graph compiler's time)
  aot cache  AOTAutogradCache's lookup and load (Inductor), irc's Dynamo-level lookup and load (irc)
  compile    the graph compiler: Inductor's compile_fx_inner (its FX graph cache), irc's compile_fx_graph
  backend    the rest of the backend call (imports, keys, decomposition tables, wrappers)
  call       the first call after compilation (guards, loading kernels, running)
`--inputs tiny` (the default on CPU) gives full-size models small inputs (1 x 32 tokens, 1 x 3 x 64 x 64
images), so the interpreter's call stays short; the compile work does not depend on input sizes.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

SPLIT = ("dynamo", "aot", "aot cache", "compile", "backend", "call")


def timed(owner, name: str, into: dict, key: str) -> None:
    """Wraps owner.name so that its inclusive seconds add up in into[key]."""
    original = getattr(owner, name)

    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            into[key] = into.get(key, 0.0) + time.perf_counter() - start

    setattr(owner, name, wrapper)


def tiny_inputs(name: str, model, device: str, dtype):
    import torch

    from zoo import ZOO

    kind = ZOO[name].kind
    if kind == "text":
        vocab = getattr(getattr(getattr(model, "model", model), "config", None), "vocab_size", 128)
        return (torch.randint(0, min(vocab, 1000), (1, 32), device=device),)
    if kind == "image":
        return (torch.randn(1, 3, 64, 64, device=device, dtype=dtype),)
    return ZOO[name].make_inputs(False, device, dtype)


def first_call(name: str, backend: str, args) -> dict:
    """In this process: build the model, compile it, time the first call and split it."""
    import torch
    from torch._dynamo.utils import compilation_time_metrics

    import irc.compile
    from zoo import ZOO

    mine: dict[str, float] = {}
    timed(irc.compile, "compile_fx_graph", mine, "irc compile")
    try:
        import irc.dynamo_cache
    except ImportError:  # an irc without the Dynamo-level cache (a baseline)
        pass
    else:
        timed(irc.dynamo_cache, "lookup", mine, "irc aot cache")
    dtype = torch.bfloat16 if args.device == "cuda" else torch.float32
    model, inputs = ZOO[name].build(small=args.small, device=args.device, dtype=dtype)
    if args.inputs == "tiny" and not args.small:
        inputs = tiny_inputs(name, model, args.device, dtype)
    compiled = torch.compile(model, backend=backend)
    profiler = None
    if args.profile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    start = time.perf_counter()
    with torch.no_grad():
        compiled(*inputs)
    if args.device == "cuda":
        torch.cuda.synchronize()
    total = time.perf_counter() - start
    if profiler is not None:
        profiler.disable()
        show_profile(profiler, args.profile)
    metric = {k: sum(v) for k, v in compilation_time_metrics.items()}
    return {"seconds": total, "split": split(total, metric, mine), "cache": cache_counts(backend)}


def split(total: float, metric: dict, mine: dict) -> dict:
    dynamo_all = metric.get("_compile.compile_inner", 0.0)
    backend_all = metric.get("OutputGraph.call_user_compiler", 0.0)
    compile_ = metric.get("compile_fx_inner", 0.0) + mine.get("irc compile", 0.0)
    aot_all = metric.get("create_aot_dispatcher_function", 0.0)
    aot_cache = metric.get("AOTAutogradCache.inductor_load", 0.0) + mine.get("irc aot cache", 0.0)
    return {
        "dynamo": dynamo_all - backend_all,
        "aot": max(aot_all - compile_, 0.0),
        "aot cache": aot_cache,
        "compile": compile_,
        "backend": backend_all - max(aot_all, compile_) - aot_cache,
        "call": total - dynamo_all,
    }


def cache_counts(backend: str) -> dict:
    from torch._dynamo.utils import counters

    if backend == "irc":
        from irc import metrics

        # launches: kernels Triton loaded ("cached") or compiled on the first call, or irc launched from its kept
        # binaries ("binary", irc/runtime/kernel_binary.py)
        return {"hits": metrics.cache_hits, "graphs": metrics.graphs_compiled, **dict(metrics.launch_compiles)}
    return {k: v for k, v in counters["aot_autograd"].items() if "autograd_cache" in k}


def show_profile(profiler, lines: int) -> None:
    import io
    import pstats

    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(lines)
    print(out.getvalue(), file=sys.stderr)


def measure(name: str, backend: str, folder: str, run: str, args) -> dict:
    env = dict(os.environ)
    env.update(
        IRC_CACHE_DIR=os.path.join(folder, "irc"),
        TORCHINDUCTOR_CACHE_DIR=os.path.join(folder, "inductor"),
        TRITON_CACHE_DIR=os.path.join(folder, "triton"),
    )
    if backend == "irc_full":  # irc with aot_autograd on every compile (no Dynamo-level cache)
        env["IRC_DYNAMO_CACHE"] = "0"
    child = "irc" if backend == "irc_full" else backend
    command = [sys.executable, os.path.abspath(__file__), "--child", name, "--backend", child]
    command += ["--device", args.device, "--inputs", args.inputs] + ["--small"] * args.small
    command += ["--profile", str(args.profile if run == "warm" else 0)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=args.timeout)
    if args.profile and run == "warm":
        print(done.stderr[-20000:], file=sys.stderr)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        return {"error": f"exit {done.returncode}: {done.stderr[-1500:]}"}
    return json.loads(lines[-1])


def row_text(name: str, backend: str, run: str, result: dict) -> str:
    if "seconds" not in result:
        return f"| {name} | {backend} | {run} | {result.get('error', '?')[:300]} |"
    cells = " | ".join(f"{result['split'][k]:.2f}" for k in SPLIT)
    return f"| {name} | {backend} | {run} | {result['seconds']:.2f} | {cells} | {result['cache']} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--models", default="gpt2,bert,resnet")
    parser.add_argument("--backends", default="inductor,irc", help="inductor, irc, irc_full (IRC_DYNAMO_CACHE=0)")
    parser.add_argument("--device", default="")
    parser.add_argument("--small", action="store_true", help="tiny configs (2 layers)")
    parser.add_argument("--inputs", default="", choices=("", "tiny", "zoo"), help="default: tiny on CPU")
    parser.add_argument("--runs", default="cold,warm", help="'warm' alone reuses --cache-dir")
    parser.add_argument("--cache-dir", default="", help="cache folders (default: a fresh temporary one)")
    parser.add_argument("--profile", type=int, default=0, help="print the warm run's top N functions")
    parser.add_argument("--timeout", type=int, default=1800)
    parser.add_argument("--child", default="", help=argparse.SUPPRESS)
    parser.add_argument("--backend", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if not args.device:
        import torch

        args.device = "cuda" if torch.cuda.is_available() else "cpu"
    args.inputs = args.inputs or ("tiny" if args.device == "cpu" else "zoo")
    if args.child:
        print(json.dumps(first_call(args.child, args.backend, args)))
        return
    print("| model | backend | run | first call s | " + " | ".join(SPLIT) + " | cache |")
    print("|---|---|---|---|" + "---|" * len(SPLIT) + "---|", flush=True)
    for name in args.models.split(","):
        for backend in args.backends.split(","):
            with tempfile.TemporaryDirectory(prefix=f"warm-{name}-{backend}-") as fresh:
                folder = os.path.join(args.cache_dir, f"{name}-{backend}") if args.cache_dir else fresh
                for run in args.runs.split(","):
                    result = measure(name, backend, folder, run, args)
                    print(row_text(name, backend, run, result), flush=True)


if __name__ == "__main__":
    main()
