"""GPU time per kernel of a zoo model (bench/zoo.py, full size, bf16) or a dashboard family
(bench/families.py) for eager, Inductor and irc, to see where irc loses time; also counts the extern
results irc's wrapper had to copy into their declared layout.

    python3 bench/profile_model.py convnext mobilenet_v2 gpt2 [--rows 15] [--train] [--host] [--ops] [--dynamic]
                                   [--memory]

`--host`: also the host side of each backend's call (wall ms per call and cProfile's functions by own
time), for models whose wall time is far above their GPU time. `--ops`: the host's dispatched operators per
call (torch.profiler's CPU events by own time: aten ops, autograd nodes, launches), what C++ work below
Python costs each backend. `--memory` (with `--train`): where a training step's peak comes from, the
activations the forward keeps for the backward (by torch's saved-tensor hooks, each storage once), what
the backward allocates above them, and the whole step's peak with the places that allocated what is live
then (torch's allocation history). `--dynamic`: Inductor and irc compile with
`dynamic=True` (symbolic sizes), to see what a dynamic compile costs against a static one.
"""

import argparse
import os
import sys
from collections import Counter

import torch
from torch.profiler import ProfilerActivity, profile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from families import FAMILIES  # noqa: E402
from zoo import ZOO  # noqa: E402

CALLS = 10


def profiled_events(fn, inputs, activity, train: bool = False, warm_up: int = 0):
    """torch.profiler's events (averaged by name) of CALLS calls of fn, after `warm_up` calls."""
    with torch.enable_grad() if train else torch.no_grad():
        for _ in range(warm_up):
            fn(*inputs)
        torch.cuda.synchronize()
        with profile(activities=[activity]) as prof:
            for _ in range(CALLS):
                fn(*inputs)
            torch.cuda.synchronize()
    return prof.key_averages()


def kernel_table(fn, inputs, rows: int, train: bool = False) -> tuple[str, float]:
    events = profiled_events(fn, inputs, ProfilerActivity.CUDA, train, warm_up=3)
    total_us = sum(e.self_device_time_total for e in events) / CALLS
    return events.table(sort_by="self_cuda_time_total", row_limit=rows, max_name_column_width=90), total_us


def host_table(fn, inputs, rows: int, train: bool = False) -> tuple[str, float]:
    import cProfile
    import io
    import pstats
    import time

    with torch.enable_grad() if train else torch.no_grad():
        torch.cuda.synchronize()
        start = time.perf_counter()
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(CALLS):
            fn(*inputs)
        profiler.disable()
        torch.cuda.synchronize()
    text = io.StringIO()
    pstats.Stats(profiler, stream=text).sort_stats("tottime").print_stats(rows)
    return text.getvalue(), (time.perf_counter() - start) / CALLS * 1e3


def step_times(fn, inputs, train: bool = False) -> tuple[float, float]:
    """Per call, with no profiler: the wall ms of CALLS calls (to the GPU's end) and the host ms until the
    last call returned; a host time close to the wall time means the host bounds the call, not the GPU."""
    import time

    with torch.enable_grad() if train else torch.no_grad():
        torch.cuda.synchronize()
        start = time.perf_counter()
        for _ in range(CALLS):
            fn(*inputs)
        host = time.perf_counter() - start
        torch.cuda.synchronize()
        wall = time.perf_counter() - start
    return wall / CALLS * 1e3, host / CALLS * 1e3


def op_table(fn, inputs, rows: int, train: bool = False) -> tuple[str, float]:
    """torch.profiler's host events of CALLS calls by own CPU time, and the host ms per call they cover."""
    events = profiled_events(fn, inputs, ProfilerActivity.CPU, train)
    total_ms = sum(e.self_cpu_time_total for e in events) / CALLS / 1e3
    return events.table(sort_by="self_cpu_time_total", row_limit=rows, max_name_column_width=70), total_ms


RUNTIME_WAITS = (
    "Synchronize", "cudaMalloc", "cudaFree", "cudaMemcpy", "cudaHostAlloc", "cudaStreamWaitEvent",
)


def sync_report(fn, inputs, train: bool = False) -> str:
    """Per call: the CUDA runtime calls that can make the host wait (synchronizations, device allocations,
    copies; torch.profiler's host events) with their own CPU time, and the places torch's sync debug mode
    flags (a host sync inside an ATen op: `item`, a copy to the CPU, `nonzero`)."""
    import traceback
    import warnings

    events = profiled_events(fn, inputs, ProfilerActivity.CPU, train, warm_up=1)
    lines = [
        f"{e.key}: {e.count / CALLS:g} a call, {e.self_cpu_time_total / CALLS / 1e3:.2f} ms"
        for e in events
        if any(w in e.key for w in RUNTIME_WAITS)
    ]
    places = Counter()

    def record(message, *_):
        if "synchroniz" in str(message):
            places.update(["".join(traceback.format_stack(limit=7)[:-2])])

    torch.cuda.set_sync_debug_mode("warn")
    try:
        with warnings.catch_warnings(), torch.enable_grad() if train else torch.no_grad():
            warnings.simplefilter("always")
            warnings.showwarning = record
            fn(*inputs)
    finally:
        torch.cuda.set_sync_debug_mode(0)
    torch.cuda.synchronize()
    flagged = [f"{n}x {where}" for where, n in places.most_common(8)]
    flagged = ["sync debug mode flagged:", *flagged] if flagged else ["sync debug mode: none"]
    return "\n".join(lines + flagged)


def training_memory(model, inputs, backend: str) -> str:
    """MB of one bf16-autocast forward and backward (after a warm step): what the forward leaves allocated,
    the storages it saves for the backward, and the backward's peak above what was allocated before it."""
    from dashboard import compiled
    from families import loss_of

    fn = model if backend == "eager" else compiled(model, backend)
    saved: dict[int, tuple] = {}

    def pack(tensor):
        storage = tensor.untyped_storage()
        dtype = str(tensor.dtype).removeprefix("torch.")
        saved[storage.data_ptr()] = (storage.nbytes(), tuple(tensor.shape), dtype)
        return tensor

    def forward_backward():
        hooks = torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t)
        with torch.autocast("cuda", dtype=torch.bfloat16), hooks:
            loss = loss_of(fn(*inputs))
        kept = torch.cuda.memory_allocated()
        torch.cuda.reset_peak_memory_stats()
        loss.backward()
        model.zero_grad(set_to_none=True)
        return kept

    forward_backward()
    saved.clear()
    torch.cuda.synchronize()
    before = torch.cuda.memory_allocated()
    kept = forward_backward()
    backward_peak = torch.cuda.max_memory_allocated()
    mb = 2**-20
    groups = sorted(Counter(saved.values()).items(), key=lambda item: -item[0][0] * item[1])
    saved_mb = sum(n for n, *_ in saved.values()) * mb
    return (f"forward keeps {(kept - before) * mb:.0f} MB (saved storages {saved_mb:.0f} MB in {len(saved)}), "
            f"backward peak {(backward_peak - before) * mb:.0f} MB above the step's start\n"
            f"saved (bytes, shape, dtype) x count, largest first: {groups}")


def step_peak(step, rows: int) -> str:
    """Where a training step's peak lies (torch's allocation history over one step, after a warm one): MB
    above the step's start, the place that allocated the block reaching it, and the blocks live then that the
    step allocated, grouped by the innermost Python line that allocated them, largest first."""
    step()
    torch.cuda.synchronize()
    torch.cuda.memory._record_memory_history(stacks="python", max_entries=1_000_000)
    try:
        step()
        torch.cuda.synchronize()
        events = torch.cuda.memory._snapshot()["device_traces"][0]
    finally:
        torch.cuda.memory._record_memory_history(enabled=None)
    live, total, peak, peak_live, peak_at = {}, 0, 0, {}, ""
    for event in events:
        if event["action"] == "alloc":
            live[event["addr"]] = (event["size"], allocation_site(event))
            total += event["size"]
            if total > peak:
                peak, peak_at, peak_live = total, live[event["addr"]][1], dict(live)
        elif event["action"] == "free_completed" and event["addr"] in live:
            total -= live.pop(event["addr"])[0]
    sites = Counter()
    for size, site in peak_live.values():
        sites[site] += size
    mb = 2**-20
    lines = [f"{n * mb:8.1f} MB  {site}" for site, n in sites.most_common(rows)]
    return f"peak {peak * mb:.0f} MB above the step's start, reached at {peak_at}\n" + "\n".join(lines)


def allocation_site(event) -> str:
    """The innermost Python frame of an allocation outside torch's and the standard library's own files."""
    for frame in event.get("frames", ()):
        name = frame["filename"]
        standard_library = "/python3." in name and "site-packages" not in name
        if name.endswith(".py") and "/torch/" not in name and not standard_library:
            return f"{os.path.basename(name)}:{frame['line']} {frame['name']}"
    return "(no frame outside torch)"


def layout_copies(fn, inputs) -> list[tuple]:
    """(shape, declared stride) of each extern result the wrapper copied during one call."""
    import irc.runtime.layout as layout

    copies, copy = [], layout.copy_to_layout

    def counted(value, size=None, stride=None):
        copies.append((tuple(value.shape), tuple(value.stride()), stride and tuple(stride)))
        return copy(value, size, stride)

    layout.copy_to_layout = counted
    try:
        with torch.no_grad():
            fn(*inputs)
    finally:
        layout.copy_to_layout = copy
    return copies


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("models", nargs="+")
    parser.add_argument("--rows", type=int, default=15)
    parser.add_argument("--train", action="store_true", help="a bf16-autocast training step (bench/dashboard.py)")
    parser.add_argument("--host", action="store_true", help="and the host functions of each call (cProfile)")
    parser.add_argument("--ops", action="store_true", help="and the host's operators per call (torch.profiler)")
    parser.add_argument("--dynamic", action="store_true", help="compile with dynamic=True")
    parser.add_argument("--memory", action="store_true", help="with --train: saved activations, backward peak")
    parser.add_argument("--syncs", action="store_true", help="and what makes the host wait")
    args = parser.parse_args()
    torch._dynamo.config.cache_size_limit = max(torch._dynamo.config.cache_size_limit, 16)  # as the dashboard
    for name in args.models:
        if name in ZOO:
            model, inputs = ZOO[name].build(small=False, device="cuda", dtype=torch.bfloat16)
        else:  # a dashboard family (bench/families.py)
            model, inputs = FAMILIES[name].build(device="cuda", dtype=torch.bfloat16)
        for backend in ("eager", "inductor", "irc"):
            torch._dynamo.reset()
            options = {"backend": "irc"} if backend == "irc" else {}
            if args.dynamic:
                options["dynamic"] = True
            fn = model if backend == "eager" else torch.compile(model, **options)
            if args.train:
                from dashboard import train_step_fn

                fn = train_step_fn(model.float().train(), inputs, backend)
            table, kernels_us = kernel_table(fn, () if args.train else inputs, args.rows, args.train)
            wall, host = step_times(fn, () if args.train else inputs, args.train)
            timing = f"GPU time {kernels_us:.1f} us per call; wall {wall:.2f} ms, host {host:.2f} ms"
            print(f"===== {name} {backend}: {timing}")
            if backend == "irc" and not args.train:
                copies = layout_copies(fn, inputs)
                print(f"layout copies per call: {len(copies)} {copies[:8]}")
            print(table, flush=True)
            if args.host:
                table, wall_ms = host_table(fn, () if args.train else inputs, args.rows, args.train)
                heading = f"===== {name} {backend}: host, {wall_ms:.1f} ms per call under cProfile"
                print(f"{heading}\n{table}", flush=True)
            if args.memory and args.train:  # the step's compiled code again (the same model and backend)
                memory = training_memory(model.float().train(), inputs, backend)
                print(f"===== {name} {backend}: {memory}", flush=True)
                print(f"===== {name} {backend}: step {step_peak(fn, args.rows)}", flush=True)
            if args.syncs:
                waits = sync_report(fn, () if args.train else inputs, args.train)
                print(f"===== {name} {backend}: host waits\n{waits}")
            if args.ops:
                table, host_ms = op_table(fn, () if args.train else inputs, args.rows, args.train)
                print(f"===== {name} {backend}: host operators, {host_ms:.1f} ms own CPU time per call\n{table}")


if __name__ == "__main__":
    main()
