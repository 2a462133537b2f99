"""Host time per call of tiny, launch-bound graphs: eager, Inductor and irc in one process (CUDA).

    python3 bench/overhead.py            # table of microseconds per call
    python3 bench/overhead.py --profile  # also the functions irc's calls spend their time in (cProfile)
    python3 bench/overhead.py --layers   # each layer of one irc call
    python3 bench/overhead.py --workloads gpt2_attention,full_sum   # host time per call of bench workloads
    python3 bench/overhead.py --workloads gpt2_attention --profile  # and where irc's host time goes
    python3 bench/overhead.py --cudagraphs   # with CUDA graphs: Inductor's reduce-overhead mode and irc's

Each graph runs on 1000-element tensors, so the GPU finishes long before the CPU has issued the next call:
wall time per call over many back-to-back calls is the host path (Dynamo guards, wrappers, launches).
"""

import argparse
import cProfile
import os
import pstats
import sys
import time

import torch

CALLS = 2000


def one_kernel(x, y):
    return x * 2.0 + y


def three_kernels(x, y):
    a = torch.relu(x + y)
    return a.sum(), (a * 3.0).t().contiguous(), torch.softmax(x, dim=-1)


GRAPHS = {"one_kernel": one_kernel, "three_kernels": three_kernels}


def per_call_us(fn, inputs, calls: int = CALLS) -> float:
    for _ in range(20):
        fn(*inputs)
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(calls):
        fn(*inputs)
    torch.cuda.synchronize()
    return (time.perf_counter() - start) / calls * 1e6


def compiled(fn, backend: str):
    torch._dynamo.reset()
    return torch.compile(fn, backend=backend) if backend == "irc" else torch.compile(fn)


SPIN_CYCLES = 100_000_000  # a ~50 ms spin kernel keeps the GPU busy while the host issues the timed calls


def issue_us(fn, inputs, calls: int) -> float:
    """Microseconds the host spends issuing one call while the GPU is held by a spin kernel: nothing the GPU
    does (finishing work, a full queue) shows up in the wall time."""
    torch.cuda.synchronize()
    torch.cuda._sleep(SPIN_CYCLES)
    start = time.perf_counter()
    for _ in range(calls):
        fn(*inputs)
    seconds = time.perf_counter() - start
    torch.cuda.synchronize()
    return seconds / calls * 1e6


def host_us(names: list[str], calls: int = 20, profile: bool = False) -> None:
    """Host time per call of bench workloads (the best of 5 rounds of `calls` calls, see issue_us)."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from workloads import WORKLOADS

    print("| workload | eager host us | Inductor host us | irc host us |\n|---|---:|---:|---:|")
    for w in [w for w in WORKLOADS if any(n in w.name for n in names)]:
        inputs = w.make_inputs("cuda", False)
        fns = [w.fn, compiled(w.fn, "inductor"), compiled(w.fn, "irc")]
        times = []
        for fn in fns:
            per_call_us(fn, inputs, 3)
            times.append(min(issue_us(fn, inputs, calls) for _ in range(5)))
        print(f"| {w.name} | " + " | ".join(f"{t:.1f}" for t in times) + " |", flush=True)
        if profile:
            print_profile(fns[2], inputs, calls)


def print_profile(fn, inputs, calls: int) -> None:
    """The functions one compiled callable's calls spend their host time in (cProfile, by own time)."""
    per_call_us(fn, inputs, 20)
    profile = cProfile.Profile()
    profile.runcall(issue_us, fn, inputs, calls)
    pstats.Stats(profile).sort_stats("tottime").print_stats(25)


def layers() -> None:
    """Microseconds per call of each layer under one irc call of `one_kernel` (no profiler: timeit)."""
    import timeit

    from irc import metrics
    from irc.runtime import autotune, launch
    from irc.runtime.loader import load

    inputs = (torch.randn(40, 25, device="cuda"), torch.randn(40, 25, device="cuda"))
    metrics.reset()
    fn = compiled(one_kernel, "irc")
    fn(*inputs)
    module = load(metrics.generated_modules[-1], interpret=False)
    name = module.KERNELS[0] if hasattr(module, "KERNELS") else None
    kernel = getattr(module, name)
    out = torch.empty_like(inputs[0])
    key = next(k for k in launch._runners if k[0] == id(kernel))
    runner = launch._runners[key][1]
    grid = key[1]
    args = [*inputs, out]
    stream = torch.cuda.current_stream().cuda_stream
    tests = {
        "compiled call": lambda: fn(*inputs),
        "module.call": lambda: module.call(list(inputs)),
        "autotune.launch": lambda: autotune.launch(name, kernel, grid, args, lambda: ({}, [])),
        "launch.launch": lambda: launch.launch(kernel, grid, args, None),
        "direct runner": lambda: runner(args),
        "key only": lambda: (id(kernel), grid, *map(launch._specialization, args)),
        "current stream": lambda: torch._C._cuda_getCurrentRawStream(0),
        "empty_strided": lambda: torch.empty_strided((40, 25), (25, 1), device="cuda"),
        "stream arg": lambda: stream,
    }
    for label, call in tests.items():
        n = 5000
        seconds = min(timeit.repeat(call, number=n, repeat=3))
        torch.cuda.synchronize()
        print(f"{label:>20}: {seconds / n * 1e6:6.2f} us")


CUDAGRAPH_BACKENDS = {
    "eager": lambda fn: fn,
    "Inductor": lambda fn: torch.compile(fn),
    "Inductor reduce-overhead": lambda fn: torch.compile(fn, mode="reduce-overhead"),
    "irc": lambda fn: torch.compile(fn, backend="irc"),
    "irc cudagraphs": lambda fn: torch.compile(fn, backend="irc", options={"triton.cudagraphs": True}),
}


def cudagraph_rows() -> None:
    """Microseconds per call of the tiny graphs with and without CUDA graphs: wall time of back-to-back calls,
    and host time with the GPU held busy (issue_us). irc's replays and skip reasons are printed below."""
    from irc import metrics

    inputs = (torch.randn(40, 25, device="cuda"), torch.randn(40, 25, device="cuda"))
    names = list(CUDAGRAPH_BACKENDS)
    print("| graph | " + " | ".join(f"{n} us (host)" for n in names) + " |")
    print("|---|" + "---:|" * len(names))
    for name, fn in GRAPHS.items():
        cells = []
        metrics.reset()
        for make in CUDAGRAPH_BACKENDS.values():
            torch._dynamo.reset()
            compiled_fn = make(fn)
            wall = per_call_us(compiled_fn, inputs)
            host = min(issue_us(compiled_fn, inputs, 100) for _ in range(5))
            cells.append(f"{wall:.1f} ({host:.1f})")
        print(f"| {name} | " + " | ".join(cells) + " |", flush=True)
        print(f"<!-- irc: {metrics.cudagraph_recordings} recordings, {metrics.cudagraph_replays} replays, "
              f"skips {dict(metrics.cudagraph_skips)} -->", flush=True)


def main() -> None:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--layers", action="store_true", help="time each layer of one irc call")
    parser.add_argument("--workloads", default="", help="host time per call of these bench workloads")
    parser.add_argument("--cudagraphs", action="store_true", help="eager, Inductor and irc with CUDA graphs")
    args = parser.parse_args()
    if args.cudagraphs:
        cudagraph_rows()
        return
    if args.layers:
        layers()
        return
    if args.workloads:
        host_us(args.workloads.split(","), profile=args.profile)
        return
    inputs = (torch.randn(40, 25, device="cuda"), torch.randn(40, 25, device="cuda"))
    print("| graph | eager us | Inductor us | irc us |\n|---|---:|---:|---:|")
    for name, fn in GRAPHS.items():
        times = [per_call_us(fn, inputs)]
        times += [per_call_us(compiled(fn, backend), inputs) for backend in ("inductor", "irc")]
        print(f"| {name} | " + " | ".join(f"{t:.1f}" for t in times) + " |", flush=True)
        if args.profile:
            print_profile(compiled(fn, "irc"), inputs, 500)


if __name__ == "__main__":
    main()
