"""Cold and warm compile seconds of Inductor and irc on the model zoo (bench/zoo.py), side by side.

    python3 bench/compile_cold_warm.py                        # all nine models at full size on the GPU
    python3 bench/compile_cold_warm.py --models gpt2,bert     # some of them (rows merge into the JSON)
    python3 bench/compile_cold_warm.py --models qwen3 --json OUT/q.json --results ''   # a bench/families.py model
    python3 bench/compile_cold_warm.py --small --device cpu   # tiny configs, the interpreter: a smoke test
    python3 bench/compile_cold_warm.py --models vit,resnet --json OUT/b.json --results ''   # one part ...
    python3 bench/compile_cold_warm.py --report OUT/a.json OUT/b.json   # ... then all parts into RESULTS.md

What is timed is the first call of `torch.compile(model, backend=...)` (Dynamo, aot_autograd, the backend's
compile, kernel compilation, autotuning, the call itself), each measurement in a process of its own. Cold: a
fresh folder for TORCHINDUCTOR_CACHE_DIR, TRITON_CACHE_DIR and IRC_CACHE_DIR; warm: a second process on the
same folders (Inductor's FX graph cache and Triton's cache warm; irc's emitted modules, kernels and tuning
results). Both backends run with their defaults (irc: autotuning where kernel-tile leaves candidates, kernels
compiled in its worker pool). Rows are kept in bench/compile_cold_warm.json by model (a later run of some
models replaces their rows) and the table of all rows goes to the compile-time section of bench/RESULTS.md
(on CUDA at full size). bf16 inference on CUDA, fp32 on CPU.
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

PHASES = ("import", "passes", "emission", "kernel compile", "tuning")


def first_call(name: str, backend: str, small: bool, device: str) -> dict:
    """In this process: build the model, compile it with `backend`, time the first call."""
    import torch

    from families import FAMILIES
    from irc import metrics
    from zoo import ZOO

    dtype = torch.bfloat16 if device == "cuda" else torch.float32
    if name in ZOO:
        model, inputs = ZOO[name].build(small=small, device=device, dtype=dtype)
    else:  # a dashboard family (bench/families.py), at its own size
        model, inputs = FAMILIES[name].build(device=device, dtype=dtype)
    compiled = torch.compile(model, backend=backend)
    metrics.reset()
    start = time.perf_counter()
    with torch.no_grad():
        compiled(*inputs)
    if device == "cuda":
        torch.cuda.synchronize()
    row = {"seconds": time.perf_counter() - start}
    if backend == "irc":
        row["phases"] = {p: metrics.phase_seconds.get(p, 0.0) for p in PHASES}
        row["cache_hits"], row["graph_fallbacks"] = metrics.cache_hits, metrics.graph_fallbacks
        row["kernels"] = metrics.generated_kernel_count
        row["launch_compiles"] = dict(metrics.launch_compiles)
    return row


def measure(name: str, backend: str, folder: str, args) -> dict:
    """One first call in a fresh process with its caches in `folder`."""
    env = dict(os.environ)
    env.update(
        IRC_CACHE_DIR=os.path.join(folder, "irc"),
        TORCHINDUCTOR_CACHE_DIR=os.path.join(folder, "inductor"),
        TRITON_CACHE_DIR=os.path.join(folder, "triton"),
    )
    command = [sys.executable, os.path.abspath(__file__), "--child", name, "--backend", backend]
    command += ["--device", args.device] + ["--small"] * args.small
    try:
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return {"error": f"over {args.timeout} s"}
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        return {"error": f"exit {done.returncode}: {done.stderr[-600:]}"}
    return json.loads(lines[-1])


def run_model(name: str, args) -> dict:
    row: dict = {"model": name, "device": gpu_name(args.device)}
    for backend in args.backends:
        with tempfile.TemporaryDirectory(prefix=f"compile-{name}-{backend}-") as folder:
            row[backend] = {run: measure(name, backend, folder, args) for run in args.runs.split(",")}
        runs = ", ".join(f"{run} {_seconds(result)}" for run, result in row[backend].items())
        print(f"{name} {backend}: {runs}", flush=True)
    return row


def _seconds(result: dict) -> str:
    return f"{result['seconds']:.1f} s" if "seconds" in result else result.get("error", "?")[:200]


def table(rows: list[dict]) -> list[str]:
    lines = [
        "| model | Inductor cold s | irc cold s | Inductor warm s | irc warm s "
        "| irc cold: passes / kernel compile / tuning s | irc kernels | irc cold launches: cached / compiled |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        inductor, irc = row.get("inductor", {}), row.get("irc", {})
        cells = [_cell(b.get(run)) for run in ("cold", "warm") for b in (inductor, irc)]
        phases = (irc.get("cold") or {}).get("phases")
        shown = ("passes", "kernel compile", "tuning")
        split = " / ".join(f"{phases[p]:.1f}" for p in shown) if phases else ""
        kernels = (irc.get("cold") or {}).get("kernels", "")
        loads = (irc.get("cold") or {}).get("launch_compiles")
        loads = f"{loads.get('cached', 0)} / {loads.get('compiled', 0)}" if loads is not None else ""
        lines.append(f"| {row['model']} | " + " | ".join(cells) + f" | {split} | {kernels} | {loads} |")
    return lines


def _cell(result: dict | None) -> str:
    if not result:
        return ""
    return f"{result['seconds']:.1f}" if "seconds" in result else "error"


def merged_rows(path: str, new: list[dict]) -> list[dict]:
    """The rows saved at `path` with the models of `new` replaced, in zoo order (saved back to `path`)."""
    from zoo import ZOO

    rows = {row["model"]: row for row in read_rows(path)}
    rows.update({row["model"]: row for row in new})
    ordered = [rows[name] for name in ZOO if name in rows] + [row for name, row in rows.items() if name not in ZOO]
    with open(path, "w") as f:
        json.dump(ordered, f, indent=1)
    return ordered


def read_rows(path: str) -> list[dict]:
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return json.load(f)


def write_results(path: str, rows: list[dict]) -> None:
    from report import COMPILE_MARK, write_section

    devices = ", ".join(sorted({row.get("device", "?") for row in rows}))
    intro = (
        f"Compile seconds on {devices} (`python3 bench/compile_cold_warm.py`): the first call of "
        "torch.compile(model) in bf16 at the zoo's full sizes, each in a fresh process; cold = empty "
        "Inductor, Triton and irc caches, warm = a second process on the same caches. Both backends with "
        "their defaults (irc autotunes where kernel-tile leaves candidates and compiles kernels in its "
        "worker pool)."
    )
    write_section(path, COMPILE_MARK, ["", intro, "", *table(rows)])


def gpu_name(device: str) -> str:
    import torch

    return torch.cuda.get_device_name() if device == "cuda" else "CPU"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--models", default="", help="comma-separated zoo names (default: all)")
    parser.add_argument("--backends", default="inductor,irc")
    parser.add_argument("--runs", default="cold,warm", help="'cold' for the cold compile alone")
    parser.add_argument("--device", default="")
    parser.add_argument("--small", action="store_true", help="tiny configs (2 layers)")
    parser.add_argument("--timeout", type=int, default=600, help="seconds per process")
    parser.add_argument("--json", default=os.path.join(HERE, "compile_cold_warm.json"))
    parser.add_argument("--results", default=os.path.join(HERE, "RESULTS.md"), help="'' for none")
    parser.add_argument("--report", nargs="+", default=[], help="JSON files of earlier runs: merge, write")
    parser.add_argument("--child", default="", help=argparse.SUPPRESS)
    parser.add_argument("--backend", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.report:
        rows = merged_rows(args.json, [row for path in args.report for row in read_rows(path)])
        print("\n".join(table(rows)))
        if args.results:
            write_results(args.results, rows)
        return
    if not args.device:
        import torch

        args.device = "cuda" if torch.cuda.is_available() else "cpu"
    if args.child:
        print(json.dumps(first_call(args.child, args.backend, args.small, args.device)))
        return
    from zoo import ZOO

    args.backends = args.backends.split(",")
    names = args.models.split(",") if args.models else list(ZOO)
    start = time.perf_counter()
    rows = [run_model(name, args) for name in names]
    print(f"\n{time.perf_counter() - start:.0f} s in all\n")
    full_gpu = args.device == "cuda" and not args.small
    shown = merged_rows(args.json, rows) if full_gpu else rows
    print("\n".join(table(shown)))
    if full_gpu and args.results:
        write_results(args.results, shown)


if __name__ == "__main__":
    main()
