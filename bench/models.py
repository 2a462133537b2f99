"""The model zoo (bench/zoo.py) timed on the GPU: eager, Inductor and irc, bf16 inference at realistic sizes.

    python3 bench/models.py --out DIR               # every model, one process each: DIR/models.md, .json,
                                                    # and the model-zoo section of bench/RESULTS.md
    python3 bench/models.py --only gpt2,resnet --repeat 5
    python3 bench/models.py --dtype fp32 --out DIR  # correctness at full size (TF32 off), timed as well
    python3 bench/models.py --small --device cpu    # tiny configs through the interpreter: correctness
    python3 bench/models.py --small --device cpu --backends inductor,irc --time    # the whole path on CPU
    python3 bench/models.py --lowering-only         # full configs lowered on CPU: what would run eagerly
    python3 bench/models.py --lowering-only --whole-pipeline    # ... compiled to Triton source, not run

Each model runs in a process of its own (a fresh Dynamo, a fresh irc and Inductor cache, so compile times are
cold): eager, Inductor and irc are each compiled once (the first call's wall time is the compile time, checked
against eager), then timed in interleaved rounds (every round times each backend in turn, each one's median of
rounds counts; do_bench's median per round). Sizes: batch 8 x 3 x 224 x 224 images, batch 4 x 512 tokens,
4 x 30 s of audio (Whisper's 80 x 3000 mel frames).

The table gives, per model, eager / Inductor / irc ms, Inductor ms / irc ms (> 1: irc is faster), both
compile times, irc's kernel count and what irc still runs eagerly besides extern compute (the matmul family,
convolution, attention: zoo.EXTERN_COMPUTE), with whole-graph fallbacks and graph counts.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

DTYPES = {"bf16": "bfloat16", "fp16": "float16", "fp32": "float32"}
# max |compiled - eager| / max |eager| accepted; bf16 models of 12+ layers drift a few ulps per layer
TOLERANCE = {"bfloat16": 0.1, "float16": 0.05, "float32": 1e-3}


def relative_error(got, want) -> float:
    import torch

    want = want.float()
    scale = want.abs().max().item() or 1.0
    return (got.float() - want).abs().max().item() / scale


MODEL_SPIN_CYCLES = 40_000_000  # about 20 ms of GPU spin: longer than a zoo model's host work per call


def bench_ms(fn, inputs, device: str) -> float:
    if device != "cuda":  # a look at the numbers only: the median of a few calls
        times = []
        for _ in range(3):
            start = time.perf_counter()
            fn(*inputs)
            times.append((time.perf_counter() - start) * 1e3)
        return median(times)
    from triton.testing import do_bench

    return do_bench(lambda: fn(*inputs), warmup=25, rep=200, return_mode="median")


def compile_backend(model, inputs, want, backend: str, device: str) -> dict:
    """Compiles `model` with `backend` (the first call, timed, is the compile) and checks it against eager."""
    import torch

    from irc import metrics
    from zoo import not_extern_compute

    # no torch._dynamo.reset() here: it would drop the other backend's compiled code, which the timing calls
    torch._dynamo.utils.counters.clear()
    metrics.reset()
    compiled = torch.compile(model, backend=backend) if backend == "irc" else torch.compile(model)
    start = time.perf_counter()
    try:
        with torch.no_grad():
            got = compiled(*inputs)
        if device == "cuda":
            torch.cuda.synchronize()
    except Exception as error:  # noqa: BLE001 - a failure is a result to report
        return {"status": "error", "detail": f"{type(error).__name__}: {error}"[:400], "fn": None}
    result = {"compile_s": time.perf_counter() - start, "fn": compiled}
    result["graphs"] = sum(torch._dynamo.utils.counters["stats"].get(k, 0) for k in ("unique_graphs",))
    result["graph_breaks"] = sum(torch._dynamo.utils.counters["graph_break"].values())
    if backend == "irc":
        result["kernels"] = metrics.generated_kernel_count
        result["externs"] = dict(metrics.fallbacks)
        result["eager_ops"] = not_extern_compute(metrics.fallbacks)
        result["graph_fallbacks"] = metrics.graph_fallbacks
    result["error"] = relative_error(got, want)
    result["status"] = (
        "ok" if result["error"] <= TOLERANCE[str(want.dtype).removeprefix("torch.")] else "wrong"
    )
    if backend == "irc" and metrics.graph_fallbacks:
        result["status"] = "fallback"
    return result


def run_model(
    name: str, small: bool, device: str, dtype_name: str, backends: list[str], repeat: int, timing: bool
) -> dict:
    """One model: build, compile with each backend, check, time in interleaved rounds."""
    import torch

    from zoo import ZOO

    if dtype_name == "fp32":
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False
    dtype = getattr(torch, DTYPES[dtype_name])
    torch._dynamo.reset()
    torch._dynamo.config.cache_size_limit = max(torch._dynamo.config.cache_size_limit, 16)  # two backends
    entry = ZOO[name]
    model, inputs = entry.build(small=small, device=device, dtype=dtype)
    with torch.no_grad():
        want = model(*inputs)
    row = {"model": name, "small": small, "dtype": dtype_name, "inputs": [list(x.shape) for x in inputs]}
    row["params_m"] = sum(p.numel() for p in model.parameters()) / 1e6
    timed = {"eager": model}
    for backend in backends:
        result = compile_backend(model, inputs, want, backend, device)
        compiled = result.pop("fn")
        if compiled is not None and result["status"] in ("ok", "fallback"):
            timed[backend] = compiled
        row[backend] = result
    if timing:
        for key, times in timings(timed, inputs, device, repeat).items():
            row["eager_" + key] = median(times.pop("eager"))
            for backend, values in times.items():
                row[backend][key] = median(values)
    return row


def timings(timed: dict, inputs, device: str, repeat: int) -> dict[str, dict[str, list[float]]]:
    """do_bench ms ("ms") and, on CUDA, GPU time with the host's work hidden ("gpu_ms") of each callable, in
    interleaved rounds."""
    import torch
    from run import gpu_ms

    keys = ("ms", "gpu_ms") if device == "cuda" else ("ms",)
    times = {key: {b: [] for b in timed} for key in keys}
    with torch.no_grad():
        for _ in range(repeat):
            for backend, fn in timed.items():
                times["ms"][backend].append(bench_ms(fn, inputs, device))
                if device == "cuda":
                    times["gpu_ms"][backend].append(gpu_ms(fn, inputs, MODEL_SPIN_CYCLES, reps=20))
    return times


def median(values: list[float]) -> float:
    return sorted(values)[len(values) // 2]


def lowering_check(name: str, small: bool, whole_pipeline: bool = False) -> dict:
    """What irc would run eagerly for a model, from its graphs lowered on CPU without running a kernel: to the
    loop level (the extern ops by overload, and those that are not extern compute), or through the whole
    pipeline to Triton source (`whole_pipeline`: irc's compile time at these sizes, and any compiler error).
    Full configs use their bench sizes; the graphs then run eagerly."""
    import torch
    from torch._dynamo.backends.common import aot_autograd
    from xdsl.dialects.builtin import ModuleOp

    from irc.backend import decompositions
    from irc.compile import compile_module_text
    from irc.dialects import kernel
    from irc.fx_import import import_graph
    from irc.pipeline import make_context, run_pipeline
    from zoo import ZOO, not_extern_compute

    externs: dict[str, int] = {}
    seconds = [0.0]

    def lower(gm, example_inputs):
        module: ModuleOp = import_graph(gm)
        start = time.perf_counter()
        if whole_pipeline:
            compile_module_text(str(module))
        run_pipeline(module, make_context(), "convert-aten-to-loop")
        seconds[0] += time.perf_counter() - start
        for op in module.walk():
            if isinstance(op, kernel.ExternOp):
                externs[op.overload.data] = externs.get(op.overload.data, 0) + 1
        return gm.forward

    model, inputs = ZOO[name].build(small=small)
    torch._dynamo.reset()
    backend = aot_autograd(fw_compiler=lower, decompositions=decompositions())
    with torch.no_grad():
        torch.compile(model, backend=backend)(*inputs)
    row = {"model": name, "externs": externs, "eager_ops": not_extern_compute(externs)}
    if whole_pipeline:
        row["irc_compile_s"] = round(seconds[0], 1)
    return row


# -- the table ---------------------------------------------------------------------------------------------


def fmt(value, pattern: str) -> str:
    return "-" if value is None else pattern.format(value)


def ratio(row: dict) -> float | None:
    inductor, irc = (row.get(b) or {} for b in ("inductor", "irc"))
    if inductor.get("ms") and irc.get("ms") and irc.get("status") == "ok":
        return inductor["ms"] / irc["ms"]
    return None


def gpu_ratio(row: dict) -> float | None:
    inductor, irc = (row.get(b) or {} for b in ("inductor", "irc"))
    if inductor.get("gpu_ms") and irc.get("gpu_ms") and irc.get("status") == "ok":
        return inductor["gpu_ms"] / irc["gpu_ms"]
    return None


def gpu_text(row: dict) -> str:
    """GPU ms with the host's work hidden, eager / Inductor / irc, and Inductor's over irc's."""
    values = [row.get("eager_gpu_ms"), *((row.get(b) or {}).get("gpu_ms") for b in ("inductor", "irc"))]
    if None in values:
        return "-"
    return " / ".join(f"{v:.3f}" for v in values) + f" ({fmt(gpu_ratio(row), '{:.2f}x')})"


def gpu_geomean(rows: list[dict]) -> str:
    ratios = [r for r in map(gpu_ratio, rows) if r]
    return f"**{math.exp(sum(map(math.log, ratios)) / len(ratios)):.2f}x**" if ratios else ""


def eager_text(result: dict) -> str:
    """What irc ran eagerly besides extern compute, and how the graphs came out."""
    parts = []
    if result.get("status") in ("error", "wrong"):
        parts.append(
            f"**{result['status']}**: {result.get('detail') or 'error %.3g' % result.get('error', 0)}"
        )
    if result.get("graph_fallbacks"):
        parts.append(f"**{result['graph_fallbacks']} graph(s) ran eagerly**")
    eager_ops = result.get("eager_ops") or {}
    parts.extend(f"{op.removeprefix('aten::')} x{n}" for op, n in sorted(eager_ops.items()))
    if result.get("graph_breaks"):
        parts.append(f"{result['graph_breaks']} graph break(s)")
    return ", ".join(parts) or "nothing"


def table(rows: list[dict]) -> list[str]:
    lines = [
        "| model | eager ms | inductor ms | irc ms | inductor / irc | GPU ms eager / Inductor / irc "
        "| inductor compile s | irc compile s | irc kernels | irc runs eagerly |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for row in rows:
        if "error" in row and "irc" not in row:
            lines.append(
                f"| {row['model']} | - | - | - | - | - | - | - | - | **failed**: {row['error'][-200:]} |"
            )
            continue
        inductor, irc = row.get("inductor") or {}, row.get("irc") or {}
        lines.append(
            f"| {row['model']} | {fmt(row.get('eager_ms'), '{:.3f}')} | {fmt(inductor.get('ms'), '{:.3f}')} "
            f"| {fmt(irc.get('ms'), '{:.3f}')} | {fmt(ratio(row), '{:.2f}x')} | {gpu_text(row)} "
            f"| {fmt(inductor.get('compile_s'), '{:.1f}')} | {fmt(irc.get('compile_s'), '{:.1f}')} "
            f"| {fmt(irc.get('kernels'), '{}')} | {eager_text(irc)} |"
        )
    ratios = [r for r in map(ratio, rows) if r]
    if ratios:
        geomean = math.exp(sum(map(math.log, ratios)) / len(ratios))
        lines.append(
            f"| **geomean** | | | | **{geomean:.2f}x** ({len(ratios)} models, lowest {min(ratios):.2f}x) "
            f"| {gpu_geomean(rows)} | | | | |"
        )
    return lines


def versions(device: str) -> dict:
    import torch
    import transformers
    import triton
    from report import irc_origin

    info = {
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "torch": torch.__version__,
        "triton": triton.__version__,
        "transformers": transformers.__version__,
    }
    info["gpu"] = torch.cuda.get_device_name() if device == "cuda" else "none (cpu)"
    info["irc"] = irc_origin()
    return info


def report(rows: list[dict], info: dict, args) -> str:
    from report import origin

    configs = "tiny configs" if args.small else "full configs"
    timer = "do_bench median ms" if args.device == "cuda" else "CPU ms"
    head = (
        f"{info['date']}, {info['gpu']}, torch {info['torch']}, triton {info['triton']}{origin(info)}, "
        f"transformers {info['transformers']}; {args.dtype} inference, {configs}, "
        f"{args.repeat} interleaved round(s), {timer}"
    )
    return "\n".join([head, "", *table(rows)]) + "\n"


# -- processes ---------------------------------------------------------------------------------------------


def child(args) -> None:
    """Runs one model in this process and writes its row to args.row_json."""
    os.environ.setdefault("IRC_FALLBACK_ON_ERROR", "1")  # a failing graph is reported, not fatal
    try:
        row = run_model(
            args.one, args.small, args.device, args.dtype, args.backends.split(","), args.repeat, args.time
        )
    except Exception:  # noqa: BLE001 - the parent reports it
        row = {"model": args.one, "error": traceback.format_exc()[-1500:]}
    with open(args.row_json, "w") as f:
        json.dump(row, f)


def run_in_process(name: str, args, cache_root: str) -> dict:
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        row_json = f.name
    command = [
        sys.executable,
        os.path.abspath(__file__),
        "--one",
        name,
        "--row-json",
        row_json,
        "--device",
        args.device,
        "--dtype",
        args.dtype,
        "--repeat",
        str(args.repeat),
        "--backends",
        args.backends,
    ]
    command += ["--small"] * args.small + ["--time"] * args.time
    env = dict(os.environ)
    if not args.warm_cache:  # cold compiles: fresh irc and Inductor caches for every model
        env["IRC_CACHE_DIR"] = os.path.join(cache_root, name, "irc")
        env["TORCHINDUCTOR_CACHE_DIR"] = os.path.join(cache_root, name, "inductor")
        env["TRITON_CACHE_DIR"] = os.path.join(cache_root, name, "triton")
    start = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=args.timeout)
    try:
        with open(row_json) as f:
            row = json.load(f)
    except (OSError, ValueError):
        row = {"model": name, "error": f"exit {done.returncode}: {(done.stderr or '')[-1500:]}"}
    finally:
        if os.path.exists(row_json):
            os.unlink(row_json)
    row["process_s"] = time.perf_counter() - start
    return row


def main() -> None:
    import torch

    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--out", default="", help="folder for models.md and models.json")
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    parser.add_argument(
        "--dtype", default="", choices=["", *DTYPES], help="default: bf16 on CUDA, fp32 on CPU"
    )
    parser.add_argument("--small", action="store_true", help="tiny configs (2 layers): correctness only")
    parser.add_argument("--only", default="", help="comma-separated model names")
    parser.add_argument("--repeat", type=int, default=3, help="interleaved timing rounds")
    parser.add_argument(
        "--results",
        default=os.path.join(HERE, "RESULTS.md"),
        help="on CUDA at full size, the file whose model-zoo section gets the table ('' for none)",
    )
    parser.add_argument("--backends", default="", help="default: inductor,irc on CUDA, irc on CPU")
    parser.add_argument("--time", action="store_true", help="time on CPU or with --small too")
    parser.add_argument("--warm-cache", action="store_true", help="keep the usual compile caches")
    parser.add_argument("--timeout", type=int, default=1800, help="seconds per model process")
    parser.add_argument(
        "--lowering-only", action="store_true", help="only lower each model's graphs (CPU, no kernel runs)"
    )
    parser.add_argument(
        "--whole-pipeline", action="store_true", help="with --lowering-only: compile to Triton source"
    )
    parser.add_argument("--one", default="", help=argparse.SUPPRESS)
    parser.add_argument("--row-json", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.dtype = args.dtype or ("bf16" if args.device == "cuda" else "fp32")
    args.backends = args.backends or ("inductor,irc" if args.device == "cuda" else "irc")
    args.time = args.time or (args.device == "cuda" and not args.small)
    if args.one:
        child(args)
        return
    if args.lowering_only:
        from zoo import ZOO

        for name in [n for n in ZOO if not args.only or n in args.only.split(",")]:
            print(json.dumps(lowering_check(name, args.small, args.whole_pipeline)), flush=True)
        return
    from zoo import ZOO

    names = [n for n in ZOO if not args.only or n in args.only.split(",")]
    rows = []
    with tempfile.TemporaryDirectory(prefix="irc-models-") as cache_root:
        for name in names:
            row = run_in_process(name, args, cache_root)
            rows.append(row)
            print(json.dumps(row), file=sys.stderr, flush=True)
    info = versions(args.device)
    text = report(rows, info, args)
    print(text)
    if args.device == "cuda" and not args.small and args.results:
        from report import MODELS_MARK, write_section

        intro = (
            "## Model zoo\n\n`python3 bench/models.py` (bench/zoo.py's models from `transformers` configs, random "
            "weights; one process per model; inductor / irc > 1 means irc is faster; compile time is the first "
            "call's wall time with cold caches)."
        )
        write_section(args.results, MODELS_MARK, [intro, "", text])
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        with open(os.path.join(args.out, "models.md"), "w") as f:
            f.write(text)
        with open(os.path.join(args.out, "models.json"), "w") as f:
            json.dump({"info": info, "args": vars(args), "rows": rows}, f, indent=1)
    failed = [
        r["model"]
        for r in rows
        if "error" in r and "irc" not in r or (r.get("irc") or {}).get("status") != "ok"
    ]
    if failed:
        print(f"not ok: {', '.join(failed)}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
