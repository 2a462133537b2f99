"""Matmuls whose operand is a cast or a scale (prologue fusion), timed for one backend per process.

    python3 bench/prologue.py inductor
    python3 bench/prologue.py irc                                               # cuBLAS + the prologue's kernel
    IRC_MM_TEMPLATE=choice IRC_MM_TMA=1 python3 bench/prologue.py irc choice   # max-autotune's choices
    IRC_MM_TEMPLATE=1 python3 bench/prologue.py irc template                   # templates forced

Each line: the graph, do_bench's median in us, and the largest difference from eager.
"""

import sys

import torch
import torch.nn.functional as F
from triton.testing import do_bench


def cast_mm(x, w, b):
    return F.gelu(x.to(torch.float16) @ w + b, approximate="tanh")


def scale_mm(x, w):
    return torch.relu((x * 0.125) @ w)


def scaled_scores(q, k):
    return (q * 0.125) @ k.transpose(-1, -2)


def randn(*shape, dtype=torch.float16, scale=1.0):
    return torch.randn(*shape, device="cuda", dtype=dtype) * scale


CASES = [
    ("gelu(x.half() @ w + b), x f32 8192x768, w 768x3072", cast_mm,
     lambda: (randn(8192, 768, dtype=torch.float32), randn(768, 3072, scale=0.03), randn(3072))),
    ("relu((x * 0.125) @ w), f16 8192x768 @ 768x3072", scale_mm,
     lambda: (randn(8192, 768), randn(768, 3072, scale=0.03))),
    ("(q * 0.125) @ k^T, bf16 96x1024x64", scaled_scores,
     lambda: (randn(96, 1024, 64, dtype=torch.bfloat16), randn(96, 1024, 64, dtype=torch.bfloat16))),
]


def main() -> None:
    backend = sys.argv[1] if len(sys.argv) > 1 else "irc"
    label = sys.argv[2] if len(sys.argv) > 2 else backend
    torch.manual_seed(0)
    for name, fn, make in CASES:
        inputs = make()
        want = fn(*inputs)
        torch._dynamo.reset()
        compiled = torch.compile(fn, backend=backend)
        error = (compiled(*inputs).float() - want.float()).abs().max().item()
        us = do_bench(lambda: compiled(*inputs), warmup=25, rep=200, return_mode="median") * 1000
        print(f"{label:10s} {name:55s} {us:8.1f} us  max error {error:.2g}", flush=True)


if __name__ == "__main__":
    main()
