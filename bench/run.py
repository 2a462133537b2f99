"""Runs the workload suite: checks eager vs Inductor vs irc, times them with do_bench, writes RESULTS.md.

    python3 bench/run.py --out DIR              # GPU: full sizes, timing, bench/RESULTS.md + DIR/results.json
    python3 bench/run.py --small --device cpu   # correctness only, small odd sizes, through the interpreter
    python3 bench/run.py --only softmax,layer_norm
    python3 bench/run.py --only mlp --mm-template   # irc also with matmul templates forced (column irc_tem)

A workload irc cannot compile (a graph fallback to eager) or gets wrong is reported as such, never hidden.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import time
import traceback

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from report import irc_origin, write_results  # noqa: E402
from workloads import WORKLOADS, Workload, minimal_bytes  # noqa: E402

TOLERANCES = {
    torch.float16: dict(rtol=2e-2, atol=2e-2),
    torch.bfloat16: dict(rtol=6e-2, atol=6e-2),
    torch.float32: dict(rtol=1e-3, atol=1e-3),
}


def check_close(got, want) -> str | None:
    """None when equal within dtype tolerances, else the first mismatch as text."""
    got_list = got if isinstance(got, (tuple, list)) else (got,)
    want_list = want if isinstance(want, (tuple, list)) else (want,)
    if len(got_list) != len(want_list):
        return f"{len(got_list)} outputs, expected {len(want_list)}"
    for g, w in zip(got_list, want_list):
        try:
            torch.testing.assert_close(g, w, equal_nan=True, **TOLERANCES.get(w.dtype, {}))
        except AssertionError as error:
            return str(error).splitlines()[0] + " " + " ".join(str(error).splitlines()[1:4])
    return None


def synchronize(device: str) -> None:
    if device == "cuda":
        torch.cuda.synchronize()


def irc_with_mm_templates(gm, example_inputs, **kwargs):
    """irc with matmul templates forced, no choice against cuBLAS (IRC_MM_TEMPLATE=1), for the graphs it
    compiles now."""
    from irc import config
    from irc.backend import irc_backend

    saved, config.mm_template = config.mm_template, "1"
    try:
        return irc_backend(gm, example_inputs, **kwargs)
    finally:
        config.mm_template = saved


# backend name in the results -> what torch.compile is given (None: its default, Inductor)
BACKENDS = {"inductor": None, "irc": "irc", "irc_tem": irc_with_mm_templates}


def compile_and_check(fn, inputs, want, backend: str, device: str) -> dict:
    """Compiles fn with backend (first call timed as compile time) and checks it against eager."""
    from irc import metrics

    metrics.reset()
    compiled = torch.compile(fn, backend=BACKENDS[backend]) if BACKENDS[backend] else torch.compile(fn)
    start = time.perf_counter()
    try:
        got = compiled(*inputs)
        synchronize(device)
    except Exception as error:  # noqa: BLE001 - any failure is a result to report
        return {"status": "error", "detail": f"{type(error).__name__}: {error}"[:300], "fn": None}
    result = {"compile_s": time.perf_counter() - start, "fn": compiled}
    if backend != "inductor":
        result["kernels"] = metrics.generated_kernel_count
        result["externs"] = dict(metrics.fallbacks)
        result["choices"] = dict(metrics.choices)  # template/cuBLAS sites -> the alternative that runs
        if metrics.graph_fallbacks:
            result.update(status="fallback", detail="irc could not compile the graph (ran eagerly)")
            return result
    mismatch = check_close(got, want)
    result.update(status="ok" if mismatch is None else "wrong", detail=mismatch or "")
    return result


REPEATS = 1  # timing rounds (--repeat); the median of each callable's rounds is reported


def bench_ms(fn, inputs) -> float:
    from triton.testing import do_bench

    return do_bench(lambda: fn(*inputs), warmup=25, rep=200, return_mode="median")


SPIN_CYCLES = 2_000_000  # about 1 ms of GPU spin: longer than any call's host work
GPU_REPS = 50


def gpu_ms(fn, inputs, spin_cycles: int = SPIN_CYCLES, reps: int = GPU_REPS) -> float:
    """Median GPU time of one call with the host's work hidden: before each call the L2 is flushed and a spin
    kernel keeps the GPU busy while the host enqueues the call (spin_cycles must outlast the call's host
    work), so neither host prologue nor launch gaps count. do_bench (bench_ms) counts them whenever the host
    is slower than the GPU."""
    flush = torch.empty(256 << 20, dtype=torch.int8, device="cuda")
    times = []
    for _ in range(reps):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        flush.zero_()
        torch.cuda._sleep(spin_cycles)
        start.record()
        fn(*inputs)
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    return sorted(times)[len(times) // 2]


def timings(fns: dict, inputs, device: str) -> dict[str, dict]:
    """do_bench ms (and on CUDA the GPU time with host work hidden) of each callable, in rounds that take
    every callable in turn: a drift of the host's speed during the run hits all of them alike."""
    rounds: dict[str, dict[str, list]] = {name: {"ms": [], "gpu_ms": []} for name in fns}
    for _ in range(REPEATS):
        for name, fn in fns.items():
            rounds[name]["ms"].append(bench_ms(fn, inputs))
            if device == "cuda":
                rounds[name]["gpu_ms"].append(gpu_ms(fn, inputs))
    return {name: {key: median(v) for key, v in kinds.items() if v} for name, kinds in rounds.items()}


def median(values: list[float]) -> float:
    return sorted(values)[len(values) // 2]


def run_workload(w: Workload, device: str, small: bool, backends: list[str], timing: bool) -> dict:
    torch.manual_seed(0)
    torch._dynamo.reset()
    inputs = w.make_inputs(device, small)
    want = w.fn(*inputs)
    synchronize(device)
    row = {
        "name": w.name,
        "memory_bound": w.memory_bound,
        "bytes": minimal_bytes(inputs, want, w.input_reads),
        "input_reads": w.input_reads,
    }
    timed = {"eager": w.fn}
    for backend in backends:
        result = compile_and_check(w.fn, inputs, want, backend, device)
        compiled = result.pop("fn")
        if compiled is not None and result["status"] in ("ok", "fallback"):
            timed[backend] = compiled
        row[backend] = result
    if timing:
        measured = timings(timed, inputs, device)
        row.update({f"eager_{key}": value for key, value in measured.pop("eager").items()})
        for backend, values in measured.items():
            row[backend].update(values)
    torch._dynamo.reset()
    return row


def versions(device: str) -> dict:
    import triton

    info = {"date": time.strftime("%Y-%m-%d %H:%M"), "torch": torch.__version__, "triton": triton.__version__}
    info["gpu"] = torch.cuda.get_device_name() if device == "cuda" else "none (cpu)"
    info["irc"] = irc_origin()
    if device == "cuda":
        info["copy_gbs"] = copy_gbs()
    return info


def copy_gbs(nbytes: int = 1 << 30) -> float:
    """Achieved bandwidth of a device-to-device copy (read + write) of nbytes: the practical ceiling."""
    src = torch.empty(nbytes, dtype=torch.uint8, device="cuda")
    dst = torch.empty_like(src)
    return 2 * nbytes / (bench_ms(dst.copy_, (src,)) * 1e-3) / 1e9


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default="", help="folder for results.json and the plot")
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    parser.add_argument("--small", action="store_true", help="small odd sizes, correctness only")
    parser.add_argument("--only", default="", help="comma-separated substrings of workload names")
    parser.add_argument("--results", default=os.path.join(os.path.dirname(__file__), "RESULTS.md"))
    parser.add_argument("--tuning-log", action="store_true", help="log every autotune choice to stderr")
    parser.add_argument("--repeat", type=int, default=1, help="timing rounds; each callable's median counts")
    parser.add_argument(
        "--backends", default="", help="comma-separated backends to run instead of the default (inductor, irc)"
    )
    parser.add_argument(
        "--mm-template", action="store_true", help="also irc with matmul templates (irc_tem; not in RESULTS.md)"
    )
    args = parser.parse_args()
    global REPEATS
    REPEATS = max(1, args.repeat)
    if args.tuning_log:
        logging.basicConfig(format="%(message)s")
        logging.getLogger("irc").setLevel(logging.INFO)

    timing = args.device == "cuda" and not args.small
    backends = ["inductor", "irc"] if args.device == "cuda" else ["irc"]
    if args.backends:
        backends = [b for b in args.backends.split(",") if b]
    if args.mm_template:
        backends.append("irc_tem")
    chosen = [w for w in WORKLOADS if not args.only or any(s in w.name for s in args.only.split(","))]
    rows = []
    for w in chosen:
        try:
            row = run_workload(w, args.device, args.small, backends, timing)
        except Exception:  # noqa: BLE001 - keep going, report it
            row = {"name": w.name, "memory_bound": w.memory_bound, "error": traceback.format_exc()[-400:]}
        rows.append(row)
        print(json.dumps(row), flush=True)
    info = versions(args.device)
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        with open(os.path.join(args.out, "results.json"), "w") as f:
            json.dump({"info": info, "rows": rows}, f, indent=1)
    if timing and args.results:
        write_results(rows, info, args.results, args.out)
    if args.mm_template or args.backends:
        print_template_summary(rows)


def print_template_summary(rows: list[dict]) -> None:
    """Per workload: ms (do_bench) and GPU ms of each backend, and irc with templates against Inductor."""
    print(f"{'workload':28} {'backend':9} {'ms':>8} {'gpu_ms':>8} {'status':8} kernels externs choices")
    for row in rows:
        for backend in ("eager", "inductor", "irc", "irc_tem"):
            result = {"ms": row.get("eager_ms"), "gpu_ms": row.get("eager_gpu_ms")} if backend == "eager" else row.get(backend)
            if not result:
                continue
            ms, gpu = (f"{result[k]:.3f}" if result.get(k) else "-" for k in ("ms", "gpu_ms"))
            print(f"{row['name']:28} {backend:9} {ms:>8} {gpu:>8} {result.get('status', ''):8} "
                  f"{result.get('kernels', '')} {result.get('externs', '')} {result.get('choices', '')}")


if __name__ == "__main__":
    main()
