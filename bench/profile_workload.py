"""GPU time per kernel of a workload for eager, Inductor and irc (torch.profiler), to see where time goes.

    python3 bench/profile_workload.py gpt2_mlp softmax_fp32

A call whose wall time is far above the sum of its kernels' times is bound by host code, not by the GPU.
"""

import os
import sys

import torch
from torch.profiler import ProfilerActivity, profile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from overhead import per_call_us  # noqa: E402
from workloads import WORKLOADS  # noqa: E402

CALLS = 20


def kernel_table(fn, inputs) -> tuple[str, float]:
    for _ in range(3):
        fn(*inputs)
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        for _ in range(CALLS):
            fn(*inputs)
        torch.cuda.synchronize()
    events = prof.key_averages()
    total_us = sum(e.self_device_time_total for e in events) / CALLS
    tables = [events.table(sort_by=key, row_limit=12) for key in ("device_time_total", "self_cpu_time_total")]
    return "\n".join(tables), total_us


def main() -> None:
    names = sys.argv[1:]
    for w in [w for w in WORKLOADS if any(n in w.name for n in names)]:
        inputs = w.make_inputs("cuda", False)
        for backend in ("eager", "inductor", "irc"):
            torch._dynamo.reset()
            options = {"backend": "irc"} if backend == "irc" else {}
            fn = w.fn if backend == "eager" else torch.compile(w.fn, **options)
            table, kernels_us = kernel_table(fn, inputs)
            wall = per_call_us(fn, inputs, CALLS)
            print(f"===== {w.name} {backend}: kernels {kernels_us:.1f} us per call, wall {wall:.1f} us")
            print(table)


if __name__ == "__main__":
    main()
