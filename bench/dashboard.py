"""The dashboard: bench/families.py's models (timm and transformers) on the GPU, one process per model, spread
over the visible GPUs. Inference: fp32 correctness of irc against eager (TF32 off), then bf16 time of eager,
Inductor and irc in one process (interleaved rounds: do_bench wall ms and GPU ms with the host's work
hidden), cold compile seconds, peak memory per call, what irc ran eagerly. Training (`--train`): a
bf16-autocast step (forward, loss, backward, fused AdamW) of each backend, its time and peak memory.

    python3 bench/dashboard.py --out DIR [--only a,b] [--train] [--results bench/RESULTS.md]
"""

from __future__ import annotations

import argparse
import copy
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

TRAINING_MODELS = (
    "gpt2", "bert", "t5", "bart", "llama", "distilbert", "electra", "opt", "whisper_base",
    "resnet50", "tf_efficientnet_b0", "convnextv2_nano", "deit_tiny_patch16_224", "mobilevit_s",
)
ROUNDS = 3
TRAIN_ROUNDS = 5  # a host-bound training step varies more from round to round than an inference call
LOCK = "IRC_DASHBOARD_LOCK"  # the file the model processes of one run lock: compiles shared, timing alone


_held = []  # this process's handles on the run's lock and its gate, shared from its start (`hold_run_lock`)


def _flock(index: int, mode) -> None:
    import fcntl

    fcntl.flock(_held[index], mode)


def _share_run_lock() -> None:
    """Through the gate, so that a process waiting to time is not passed by processes starting later."""
    import fcntl

    _flock(1, fcntl.LOCK_EX)
    _flock(0, fcntl.LOCK_SH)
    _flock(1, fcntl.LOCK_UN)


def hold_run_lock() -> None:
    """A model process shares the run's lock from its start: building a model (random initialization on every
    core), importing and compiling may overlap each other but never another process's timing."""
    path = os.environ.get(LOCK)
    if path and not _held:
        _held.extend((open(path, "a"), open(path + ".gate", "a")))
        _share_run_lock()


def host_phase(timing: bool):
    """Timing holds the run's lock alone (a compile's threads slow a host-bound step by a third); everything
    else shares it. A process about to time gives up its share first, then waits at the gate, so two
    processes asking to time at once do not deadlock and a later start waits for both."""
    import contextlib
    import fcntl

    hold_run_lock()
    if not _held or not timing:
        return contextlib.nullcontext()

    @contextlib.contextmanager
    def alone():
        _flock(0, fcntl.LOCK_UN)
        _flock(1, fcntl.LOCK_EX)
        _flock(0, fcntl.LOCK_EX)
        _flock(1, fcntl.LOCK_UN)
        try:
            yield
        finally:
            _flock(0, fcntl.LOCK_UN)
            _share_run_lock()

    return alone()


def median(values):
    return sorted(values)[len(values) // 2]


def relative_error(got, want) -> float:
    got, want = got.float(), want.float()
    return ((got - want).abs().max() / want.abs().max().clamp_min(1e-12)).item()


def compiled(model, backend: str):
    import torch

    return torch.compile(model, backend="irc") if backend == "irc" else torch.compile(model)


def eager_ops(metrics) -> dict:
    from zoo import not_extern_compute

    return not_extern_compute(metrics.fallbacks)


def fp32_check(family) -> dict:
    """irc against eager in fp32 with TF32 off."""
    import torch

    from irc import metrics

    torch.backends.cuda.matmul.allow_tf32 = torch.backends.cudnn.allow_tf32 = False
    model, inputs = family.build(device="cuda", dtype=torch.float32)
    with torch.no_grad():
        want = model(*inputs)
        metrics.reset()
        got = compiled(model, "irc")(*inputs)
    torch.backends.cuda.matmul.allow_tf32 = torch.backends.cudnn.allow_tf32 = True
    result = {"fp32_error": relative_error(got, want), "graph_fallbacks": metrics.graph_fallbacks}
    del model
    torch._dynamo.reset()
    torch.cuda.empty_cache()
    return result


def peak_mb(fn) -> float:
    import torch

    torch.cuda.synchronize()
    base = torch.cuda.memory_allocated()
    torch.cuda.reset_peak_memory_stats()
    fn()
    torch.cuda.synchronize()
    return (torch.cuda.max_memory_allocated() - base) / 2**20


def infer_row(family) -> dict:
    import torch
    from models import timings

    from irc import metrics

    with host_phase(timing=False):
        row = {"model": family.name, "source": family.source, **fp32_check(family)}
        torch._dynamo.config.cache_size_limit = max(torch._dynamo.config.cache_size_limit, 16)
        model, inputs = family.build(device="cuda", dtype=torch.bfloat16)
        row["inputs"] = [list(x.shape) for x in inputs]
        fns = {"eager": model}
        with torch.no_grad():
            want = model(*inputs)
            for backend in ("inductor", "irc"):
                metrics.reset()
                fn = compiled(model, backend)
                start = time.perf_counter()
                got = fn(*inputs)
                torch.cuda.synchronize()
                row[f"{backend}_compile_s"] = time.perf_counter() - start
                row[f"{backend}_bf16_error"] = relative_error(got, want)
                fns[backend] = fn
                if backend == "irc":
                    row["eager_ops"], row["kernels"] = eager_ops(metrics), metrics.generated_kernel_count
    with host_phase(timing=True):
        with torch.no_grad():
            for backend, fn in fns.items():
                row[f"{backend}_peak_mb"] = peak_mb(lambda: fn(*inputs))
        for key, per_backend in timings(fns, inputs, "cuda", ROUNDS).items():
            for backend, values in per_backend.items():
                row[f"{backend}_{key}"] = median(values)
    return row


def train_step_fn(model, inputs, backend: str):
    import torch
    from families import loss_of

    opt = torch.optim.AdamW(model.parameters(), lr=1e-4, fused=True)
    fn = model if backend == "eager" else compiled(model, backend)

    def step():
        with torch.autocast("cuda", dtype=torch.bfloat16):
            loss = loss_of(fn(*inputs))
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        return loss.detach()

    return step


def step_ms(step, reps: int = 10) -> float:
    import torch

    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(reps):
        step()
    end.record()
    end.synchronize()
    return start.elapsed_time(end) / reps


def train_row(family) -> dict:
    import torch

    from irc import metrics

    torch._dynamo.config.cache_size_limit = max(torch._dynamo.config.cache_size_limit, 16)
    base, inputs = family.build(device="cuda", dtype=torch.float32)
    base.train()
    row = {"model": family.name, "source": family.source, "inputs": [list(x.shape) for x in inputs]}
    steps, losses = {}, {}
    with host_phase(timing=False):
        for backend in ("eager", "inductor", "irc"):
            metrics.reset()
            step = train_step_fn(copy.deepcopy(base), inputs, backend)
            start = time.perf_counter()
            losses[backend] = step().item()
            torch.cuda.synchronize()
            row[f"{backend}_compile_s"] = time.perf_counter() - start
            if backend == "irc":
                row["eager_ops"], row["graph_fallbacks"] = eager_ops(metrics), metrics.graph_fallbacks
            step()
            steps[backend] = step
    scale = max(abs(losses["eager"]), 1e-6)
    row["loss_error"] = {b: abs(losses[b] - losses["eager"]) / scale for b in losses}
    times = {b: [] for b in steps}
    with host_phase(timing=True):
        for _ in range(TRAIN_ROUNDS):
            for backend, step in steps.items():
                times[backend].append(step_ms(step))
        for backend, step in steps.items():
            row[f"{backend}_ms"] = median(times[backend])
            row[f"{backend}_peak_mb"] = peak_mb(step)
    return row


def child(args) -> None:
    os.environ.setdefault("IRC_FALLBACK_ON_ERROR", "1")
    hold_run_lock()
    from families import FAMILIES

    try:
        row = (train_row if args.train else infer_row)(FAMILIES[args.one])
    except Exception:  # noqa: BLE001 - the parent reports it
        row = {"model": args.one, "error": traceback.format_exc()[-2000:]}
    with open(args.row_json, "w") as f:
        json.dump(row, f)


def spawn(name: str, gpu: int, args, cache_root: str):
    row_json = os.path.join(cache_root, f"{name}.json")
    command = [sys.executable, os.path.abspath(__file__), "--one", name, "--row-json", row_json]
    command += ["--train"] * args.train
    visible = os.environ.get("CUDA_VISIBLE_DEVICES", "").split(",")
    device = visible[gpu] if len(visible) > gpu and visible[gpu] else str(gpu)
    env = dict(os.environ, CUDA_VISIBLE_DEVICES=device)
    for key, sub in (("IRC_CACHE_DIR", "irc"), ("TORCHINDUCTOR_CACHE_DIR", "inductor"),
                     ("TRITON_CACHE_DIR", "triton")):
        env[key] = os.path.join(cache_root, name, sub)  # cold compiles
    log = open(os.path.join(cache_root, f"{name}.log"), "w")
    return subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT), row_json


def collect(name: str, row_json: str, proc, started: float) -> dict:
    try:
        with open(row_json) as f:
            row = json.load(f)
    except (OSError, ValueError):
        row = {"model": name, "error": f"exit {proc.returncode}"}
    row["process_s"] = time.perf_counter() - started
    return row


def run_all(names: list[str], args) -> list[dict]:
    """Runs the models, one process per model, at most `per_gpu` per GPU at a time; their compiles overlap,
    each one's timing runs alone (`host_phase`; per_gpu 1 for numbers to keep: two on one GPU share its
    memory); writes each row as it ends."""
    import torch

    slots = [(gpu, k) for gpu in range(torch.cuda.device_count()) for k in range(args.per_gpu)]
    rows, pending, running = [], list(names), {}
    cache_root = tempfile.mkdtemp(prefix="irc-dashboard-")
    os.environ[LOCK] = os.path.join(cache_root, "host.lock")
    while pending or running:
        for slot in [s for s in slots if s not in running and pending]:
            name = pending.pop(0)
            running[slot] = (name, *spawn(name, slot[0], args, cache_root), time.perf_counter())
        time.sleep(1)
        for slot, (name, proc, row_json, started) in list(running.items()):
            if proc.poll() is None and time.perf_counter() - started < args.timeout:
                continue
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            rows.append(collect(name, row_json, proc, started))
            del running[slot]
            print(json.dumps(rows[-1]), flush=True)
            if args.out:
                with open(os.path.join(args.out, "rows.jsonl"), "a") as f:
                    f.write(json.dumps(rows[-1]) + "\n")
    return rows


def speedup(row: dict, key: str) -> float | None:
    ind, irc = row.get(f"inductor_{key}"), row.get(f"irc_{key}")
    return ind / irc if ind and irc else None


def geomean_line(rows: list[dict], key: str, what: str) -> str:
    ratios = [r for r in (speedup(row, key) for row in rows) if r]
    if not ratios:
        return f"{what} geomean **n/a** (0 models)"
    mean = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    low = min(ratios)
    return f"{what} geomean **{mean:.2f}** ({len(ratios)} models, lowest {low:.2f})"


def fmt(value, pattern: str = "{:.3f}") -> str:
    return "-" if value is None else pattern.format(value)


def table(header: str, rows: list[dict], cells) -> list[str]:
    """A markdown table: `header`'s columns, a row of `cells(row)` per model (or its error's last line)."""
    columns = header.count("|") - 1
    lines = [header, "|" + "---|" * columns]
    for r in rows:
        if "error" in r:
            error = r["error"].splitlines()[-1][:120]
            lines.append(f"| {r['model']} | error: {error} |" + " |" * (columns - 2))
        else:
            lines.append(f"| {r['model']} | {r['inputs'][0]} | " + " | ".join(cells(r)) + " |")
    return lines


def infer_table(rows: list[dict]) -> list[str]:
    header = ("| model | inputs | fp32 err | eager ms | inductor ms | irc ms | ind/irc wall | ind/irc GPU "
              "| compile s ind / irc | peak MB ind / irc | irc eager ops |")
    return table(header, rows, lambda r: [
        f"{r['fp32_error']:.1e}", fmt(r.get("eager_ms")), fmt(r.get("inductor_ms")), fmt(r.get("irc_ms")),
        fmt(speedup(r, "ms"), "{:.2f}x"), fmt(speedup(r, "gpu_ms"), "{:.2f}x"),
        f"{r['inductor_compile_s']:.0f} / {r['irc_compile_s']:.0f}",
        f"{r['inductor_peak_mb']:.0f} / {r['irc_peak_mb']:.0f}", str(r["eager_ops"] or "-"),
    ])


def train_table(rows: list[dict]) -> list[str]:
    header = ("| model | inputs | eager ms | inductor ms | irc ms | ind/irc | loss err irc | peak MB eager / "
              "ind / irc | compile s ind / irc | irc eager ops |")
    return table(header, rows, lambda r: [
        f"{r['eager_ms']:.2f}", f"{r['inductor_ms']:.2f}", f"{r['irc_ms']:.2f}",
        fmt(speedup(r, "ms"), "{:.2f}x"),
        f"{r['loss_error']['irc']:.1e}",
        f"{r['eager_peak_mb']:.0f} / {r['inductor_peak_mb']:.0f} / {r['irc_peak_mb']:.0f}",
        f"{r['inductor_compile_s']:.0f} / {r['irc_compile_s']:.0f}", str(r["eager_ops"] or "-"),
    ])


def report(rows: list[dict], train: bool) -> str:
    import torch
    import triton

    from report import irc_origin

    head = (f"{time.strftime('%Y-%m-%d')}, {torch.cuda.get_device_name()}, torch {torch.__version__}, "
            f"triton {triton.__version__}, {irc_origin()}; one process per model, cold caches, "
            f"{TRAIN_ROUNDS if train else ROUNDS} interleaved rounds")
    if train:
        return "\n".join([head, "", geomean_line(rows, "ms", "training"), "", *train_table(rows)]) + "\n"
    return "\n".join([head, "", geomean_line(rows, "ms", "wall-time"), "",
                      geomean_line(rows, "gpu_ms", "GPU-time"), "", *infer_table(rows)]) + "\n"


def main() -> None:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--out", default="")
    parser.add_argument("--only", default="")
    parser.add_argument("--train", action="store_true")
    parser.add_argument("--results", default="", help="RESULTS.md to write the section into")
    parser.add_argument("--timeout", type=int, default=900)
    parser.add_argument("--per-gpu", type=int, default=1, help="model processes per GPU at a time")
    parser.add_argument("--one", default="", help=argparse.SUPPRESS)
    parser.add_argument("--row-json", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        child(args)
        return
    from families import FAMILIES

    names = args.only.split(",") if args.only else list(TRAINING_MODELS if args.train else FAMILIES)
    if args.out:
        os.makedirs(args.out, exist_ok=True)
    text = report(run_all(names, args), args.train)
    print(text)
    if args.results:
        from report import DASHBOARD_MARK, TRAINING_MARK, write_section

        title = "## Training (H200)" if args.train else "## Dashboard (H200)"
        write_section(args.results, TRAINING_MARK if args.train else DASHBOARD_MARK, [title, "", text])


if __name__ == "__main__":
    main()
