"""Why a memory-bound workload stays under 85% of peak: DRAM bytes and throughput of its kernels under Nsight
Compute, irc next to Inductor, with a copy kernel (`torch.mul(a, 1.0, out=b)`) of the same bytes as the reference.

    python3 bench/ncu_workloads.py row_sum_fp32 col_mean_fp16   # needs ncu on PATH and a CUDA GPU

Each (workload, backend) runs in a process of its own under `ncu --profile-from-start off`: the compiled
function is called until warm, then once between cudaProfilerStart and cudaProfilerStop, so ncu sees exactly
one call's kernels. Clocks are left to the GPU (`--clock-control none`), as in a timed run.
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
METRICS = {
    "gpu__time_duration.sum": "ns",
    "dram__bytes_read.sum": "read",
    "dram__bytes_write.sum": "write",
    "dram__throughput.avg.pct_of_peak_sustained_elapsed": "dram %",
}
BACKENDS = ("copy", "inductor", "irc")


def profiled_call(name: str, backend: str) -> None:
    """The child: one warm call of `name` compiled by `backend`, inside the profiler's range."""
    import torch

    sys.path.insert(0, HERE)
    from workloads import WORKLOADS, minimal_bytes

    workload = next(w for w in WORKLOADS if w.name == name)
    inputs = workload.make_inputs("cuda", False)
    if backend == "copy":
        nbytes = minimal_bytes(inputs, workload.fn(*inputs), workload.input_reads)
        source = torch.empty(nbytes // 2 // 4, device="cuda", dtype=torch.float32)
        target = torch.empty_like(source)
        fn, inputs = (lambda a, b: torch.mul(a, 1.0, out=b)), (source, target)
    else:
        torch._dynamo.reset()
        fn = torch.compile(workload.fn, backend=backend) if backend == "irc" else torch.compile(workload.fn)
    for _ in range(5):
        fn(*inputs)
    torch.cuda.synchronize()
    torch.cuda.cudart().cudaProfilerStart()
    fn(*inputs)
    torch.cuda.synchronize()
    torch.cuda.cudart().cudaProfilerStop()


def kernels(name: str, backend: str) -> list[dict]:
    """Per kernel of one call: name, time (us), DRAM MB read and written, DRAM throughput % of peak."""
    command = ["ncu", "--profile-from-start", "off", "--clock-control", "none", "--csv", "--metrics",
               ",".join(METRICS), sys.executable, os.path.abspath(__file__), "--child", name, backend]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    rows: dict[str, dict] = {}
    text = done.stdout[done.stdout.find('"ID"'):]
    for record in csv.DictReader(io.StringIO(text)):
        row = rows.setdefault(record["ID"], {"kernel": record["Kernel Name"][:60]})
        row[METRICS.get(record["Metric Name"], record["Metric Name"])] = float(record["Metric Value"].replace(",", ""))
    if not rows:
        print(done.stdout[-2000:], done.stderr[-2000:], file=sys.stderr)
    return list(rows.values())


def summary(rows: list[dict]) -> tuple[float, float, float]:
    """Total us, DRAM MB moved, and GB/s over the call's kernels."""
    us = sum(r.get("ns", 0.0) for r in rows) / 1e3
    mb = sum(r.get("read", 0.0) + r.get("write", 0.0) for r in rows) / 1e6
    return us, mb, (mb / 1e3) / (us / 1e6) if us else 0.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("names", nargs="*")
    parser.add_argument("--child", nargs=2, metavar=("NAME", "BACKEND"))
    parser.add_argument("--kernels", action="store_true", help="also a line per kernel")
    args = parser.parse_args()
    if args.child:
        profiled_call(*args.child)
        return
    names = args.names
    print("| workload | backend | kernels | GPU us | DRAM MB | DRAM GB/s | DRAM % of peak (largest kernel) |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for name in names:
        for backend in BACKENDS:
            rows = kernels(name, backend)
            us, mb, gbs = summary(rows)
            top = max(rows, key=lambda r: r.get("ns", 0.0), default={})
            print(f"| {name} | {backend} | {len(rows)} | {us:.1f} | {mb:.0f} | {gbs:.0f} | {top.get('dram %', 0):.1f} |",
                  flush=True)
            for row in rows if args.kernels else []:
                print(f"|  | {row['kernel']} | | {row.get('ns', 0) / 1e3:.1f} | "
                      f"{(row.get('read', 0) + row.get('write', 0)) / 1e6:.0f} | | {row.get('dram %', 0):.1f} |")


if __name__ == "__main__":
    main()
