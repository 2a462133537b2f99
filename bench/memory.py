"""Peak GPU memory of eager, Inductor and irc: `python bench/memory.py [--out DIR]`.

The workloads of bench/workloads.py (inference), a reduction chain, an MLP and a transformer block (inference
and training).

For each workload and backend: compile and run once, then reset the peak counter and measure one more call
(and its backward for training workloads): torch.cuda.max_memory_allocated minus what was allocated before.
The table goes into the peak-memory section at the end of bench/RESULTS.md (and DIR/memory.md).
"""

import argparse
import copy
import gc
import os
import time

import torch
import torch.nn.functional as F
from torch import nn


class Block(nn.Module):
    """A pre-norm transformer block: attention through scaled_dot_product_attention, then a GELU MLP."""

    def __init__(self, dim=768, heads=12):
        super().__init__()
        self.heads = heads
        self.norm1, self.norm2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.qkv, self.proj = nn.Linear(dim, 3 * dim), nn.Linear(dim, dim)
        self.fc1, self.fc2 = nn.Linear(dim, 4 * dim), nn.Linear(4 * dim, dim)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(self.norm1(x)).view(b, t, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        attn = F.scaled_dot_product_attention(q, k, v, is_causal=True).transpose(1, 2).reshape(b, t, d)
        x = x + self.proj(attn)
        return x + self.fc2(F.gelu(self.fc1(self.norm2(x))))


def reduction_chain(x):
    for step in range(6):
        mean = x.mean(dim=step % 2, keepdim=True)
        x = torch.sigmoid(x - mean) * torch.tanh(x) + torch.exp(-x * x) * 0.25
    return x


def bench_workloads(cuda: str) -> dict:
    """The timing suite's workloads (bench/workloads.py), inference at full size, when it is there."""
    try:
        from workloads import WORKLOADS
    except ImportError:
        return {}
    return {f"{w.name} (inference)": (w.fn, list(w.make_inputs(cuda, False)), False) for w in WORKLOADS}


def workloads():
    cuda = "cuda"
    mlp = nn.Sequential(nn.Linear(1024, 4096), nn.GELU(), nn.Linear(4096, 1024)).to(cuda)
    norm = nn.Sequential(nn.LayerNorm(4096), nn.GELU()).to(cuda)
    block = Block().to(cuda)
    return {
        **bench_workloads(cuda),
        "reduction chain 4096x4096 (inference)": (reduction_chain, [torch.randn(4096, 4096, device=cuda)], False),
        "softmax 8192x8192 (inference)": (lambda x: torch.softmax(x, -1), [torch.randn(8192, 8192, device=cuda)], False),
        "layernorm+gelu 8192x4096 (inference)": (norm, [torch.randn(8192, 4096, device=cuda)], False),
        "MLP 4096x1024 (fwd+bwd)": (mlp, [torch.randn(4096, 1024, device=cuda)], True),
        "transformer block 8x512x768 (inference)": (block, [torch.randn(8, 512, 768, device=cuda)], False),
        "transformer block 8x512x768 (fwd+bwd)": (block, [torch.randn(8, 512, 768, device=cuda, requires_grad=True)], True),
    }


def run_once(fn, inputs, train):
    if train:
        out = fn(*inputs)
        out.float().sum().backward()
    else:
        with torch.no_grad():
            out = fn(*inputs)
    del out


def peak_bytes(fn, inputs, train, backend):
    fn = copy.deepcopy(fn) if isinstance(fn, nn.Module) else fn
    torch._dynamo.reset()
    run = fn if backend == "eager" else torch.compile(fn, backend=backend)
    run_once(run, inputs, train)
    for p in [*(fn.parameters() if isinstance(fn, nn.Module) else ()), *inputs]:
        p.grad = None
    gc.collect()
    torch.cuda.synchronize()
    torch.cuda.reset_peak_memory_stats()
    base = torch.cuda.memory_allocated()
    run_once(run, inputs, train)
    torch.cuda.synchronize()
    return torch.cuda.max_memory_allocated() - base


def measure_rows() -> tuple[list[str], int, int]:
    """Table rows, and how many workloads have irc <= Inductor out of how many measured."""
    rows, at_most, measured = [], 0, 0
    for name, (fn, inputs, train) in workloads().items():
        try:
            mib = {b: peak_bytes(fn, inputs, train, b) / 2**20 for b in ("eager", "inductor", "irc")}
        except Exception as error:  # noqa: BLE001 (one workload failing must not hide the others)
            rows.append(f"| {name} | failed: {type(error).__name__} | | | |")
            continue
        ok = mib["irc"] <= mib["inductor"] + 1e-6
        at_most, measured = at_most + ok, measured + 1
        rows.append(f"| {name} | {mib['eager']:.1f} | {mib['inductor']:.1f} | {mib['irc']:.1f} | {'yes' if ok else 'no'} |")
        print(rows[-1], flush=True)
    return rows, at_most, measured


def section(rows: list[str], at_most: int, measured: int) -> list[str]:
    import triton

    return [
        "## Peak memory (issue 6)",
        "",
        f"{time.strftime('%Y-%m-%d %H:%M')}, {torch.cuda.get_device_name()}, torch {torch.__version__}, "
        f"triton {triton.__version__}, `python bench/memory.py`. Each cell: torch.cuda.max_memory_allocated during "
        "one call (and its backward for fwd+bwd rows) after a warm-up call, minus what was allocated before, in MiB.",
        "",
        f"irc <= Inductor on {at_most} of {measured} workloads.",
        "",
        "| workload | eager MiB | Inductor MiB | irc MiB | irc <= Inductor |",
        "|---|---|---|---|---|",
        *rows,
    ]


def main():
    from report import write_memory_section

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="", help="folder for a copy of the table (memory.md)")
    parser.add_argument("--results", default=os.path.join(os.path.dirname(__file__), "RESULTS.md"))
    args = parser.parse_args()
    lines = section(*measure_rows())
    print("\n".join(lines))
    write_memory_section(args.results, lines)
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        with open(os.path.join(args.out, "memory.md"), "w") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
