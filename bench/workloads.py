"""The benchmark workloads: memory-bound and fusion-heavy programs at sizes far above the H100's 50 MB L2.

Each workload gives its inputs at full size (`small=False`, for the GPU) or at a small size with odd
extents (`small=True`, for a quick correctness pass through the CPU interpreter). Minimal bytes are what
any implementation must move: every input read once and every output written once, except for reductions
whose rows cannot stay on chip between the statistics and the output (softmax over rows of 128K and 1M
elements: a row of 256 KB or 2 MB per program, more than an SM holds): there the best known algorithm reads
the input twice and writes the output once, and those bytes are counted (`input_reads=2`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import torch
import torch.nn.functional as F


@dataclass(frozen=True)
class Workload:
    name: str
    fn: Callable
    make_inputs: Callable[[str, bool], tuple]
    memory_bound: bool = True  # False: matmul-heavy, % of peak bandwidth is not its target
    input_reads: int = 1  # passes over the inputs the best known algorithm needs


def rand(shape, dtype=torch.float32, device="cpu", low=-3.0, high=3.0):
    return (torch.rand(shape, device=device, dtype=torch.float32) * (high - low) + low).to(dtype)


def pick(small: bool, big, little):
    return little if small else big


def minimal_bytes(inputs, outputs, input_reads: int = 1) -> int:
    def size(values) -> int:
        return sum(t.numel() * t.element_size() for t in values if isinstance(t, torch.Tensor))

    return input_reads * size(inputs) + size(_flat(outputs))


def _flat(value):
    if isinstance(value, (tuple, list)):
        return [x for v in value for x in _flat(v)]
    return [value]


# -- the programs ----------------------------------------------------------------------------------------


def pointwise_chain(x, y):
    return torch.relu(x * 1.5 + y) * torch.sigmoid(x) - torch.tanh(y) * 0.5


def bias_gelu(x, bias):
    return F.gelu(x + bias)


def softmax_last(x):
    return torch.softmax(x, dim=-1)


def log_softmax_last(x):
    return torch.log_softmax(x, dim=-1)


def layer_norm(x, weight, bias):
    return F.layer_norm(x, (x.shape[-1],), weight, bias, eps=1e-5)


def rms_norm(x, weight):
    xf = x.float()
    return (xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + 1e-6)).to(x.dtype) * weight


def row_sum(x):
    return x.sum(dim=1)


def col_sum(x):
    return x.sum(dim=0)


def col_mean(x):
    return x.mean(dim=0)


def full_sum(x):
    return x.sum()


def var_mean_rows(x):
    return torch.var_mean(x, dim=1)


def cross_entropy(logits, target):
    return F.cross_entropy(logits, target)


def residual_layer_norm(x, residual, weight, bias):
    h = x + residual
    return h, F.layer_norm(h, (h.shape[-1],), weight, bias, eps=1e-5)


def transpose_add(x, y):
    return x.t() + y


def permute_scale(x):
    return (x.permute(0, 2, 1, 3) * 0.125).contiguous()


def adam_step(p, g, m, v):
    beta1, beta2, lr, eps, step = 0.9, 0.999, 1e-3, 1e-8, 10
    m = m * beta1 + g * (1 - beta1)
    v = v * beta2 + g * g * (1 - beta2)
    m_hat = m / (1 - beta1**step)
    v_hat = v / (1 - beta2**step)
    return p - lr * m_hat / (torch.sqrt(v_hat) + eps), m, v


def gpt2_mlp(x, w1, b1, w2, b2):
    return F.linear(F.gelu(F.linear(x, w1, b1), approximate="tanh"), w2, b2)


def gpt2_mlp_block(x, ln_w, ln_b, w1, b1, w2, b2):
    """GPT-2's MLP sublayer: x + fc2(gelu(fc1(layer_norm(x)))), x of [B, T, C]."""
    h = F.layer_norm(x, (x.shape[-1],), ln_w, ln_b)
    return x + F.linear(F.gelu(F.linear(h, w1, b1), approximate="tanh"), w2, b2)


def llama_mlp_block(x, norm_w, w_gate, w_up, w_down):
    """Llama's MLP sublayer: x + down(silu(gate(rms_norm(x))) * up(rms_norm(x))), no biases."""
    h = rms_norm(x, norm_w)
    return x + F.linear(F.silu(F.linear(h, w_gate)) * F.linear(h, w_up), w_down)


def gpt2_attention(x, w_qkv, b_qkv, w_out, b_out, heads: int = 12):
    batch, seq, dim = x.shape
    q, k, v = F.linear(x, w_qkv, b_qkv).split(dim, dim=2)
    q, k, v = (t.view(batch, seq, heads, dim // heads).transpose(1, 2) for t in (q, k, v))
    scores = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(dim // heads))
    causal = torch.ones(seq, seq, device=x.device, dtype=torch.bool).tril()
    scores = scores.masked_fill(~causal, float("-inf"))
    out = torch.softmax(scores.float(), dim=-1).to(x.dtype) @ v
    return F.linear(out.transpose(1, 2).reshape(batch, seq, dim), w_out, b_out)


# -- inputs ----------------------------------------------------------------------------------------------


def _rows(rows, cols, small_rows, small_cols, dtype):
    def make(device, small):
        r, c = pick(small, (rows, cols), (small_rows, small_cols))
        return (rand((r, c), dtype, device),)

    return make


def _norm_inputs(dtype, with_bias=True, residual=False):
    def make(device, small):
        r, c = pick(small, (16384, 4096), (37, 129))
        x = rand((r, c), dtype, device)
        extra = (rand((r, c), dtype, device),) if residual else ()
        w = rand((c,), dtype, device, 0.5, 1.5)
        return (x, *extra, w, rand((c,), dtype, device)) if with_bias else (x, *extra, w)

    return make


def _pointwise_inputs(device, small):
    n = pick(small, 1 << 26, 1000)
    return rand((n,), torch.float32, device), rand((n,), torch.float32, device)


def _bias_gelu_inputs(device, small):
    r, c = pick(small, (16384, 4096), (37, 129))
    return rand((r, c), torch.float16, device), rand((c,), torch.float16, device)


def _cross_entropy_inputs(device, small):
    r, c = pick(small, (4096, 32000), (37, 1000))
    return rand((r, c), torch.float32, device), torch.randint(0, c, (r,), device=device)


def _transpose_inputs(device, small):
    n, m = pick(small, (8192, 8192), (67, 129))
    return rand((m, n), torch.float32, device), rand((n, m), torch.float32, device)


def _permute_inputs(device, small):
    shape = pick(small, (32, 1024, 16, 64), (3, 37, 5, 17))
    return (rand(shape, torch.float16, device),)


def _adam_inputs(device, small):
    n = pick(small, 1 << 24, 1000)
    return tuple(rand((n,), torch.float32, device, lo, 3.0) for lo in (-3.0, -3.0, -3.0, 0.0))


def _mlp_inputs(device, small):
    tokens, dim = pick(small, (8192, 768), (37, 48))
    dt = torch.float16 if device == "cuda" else torch.float32
    s = 1.0 / math.sqrt(dim)
    return (
        rand((tokens, dim), dt, device),
        rand((4 * dim, dim), dt, device, -s, s),
        rand((4 * dim,), dt, device, -s, s),
        rand((dim, 4 * dim), dt, device, -s / 2, s / 2),
        rand((dim,), dt, device, -s, s),
    )


def _mlp_block_inputs(device, small):
    """B=8, T=1024, C=768 (GPT-2 small), fp16 on the GPU."""
    batch, seq, dim = pick(small, (8, 1024, 768), (2, 19, 48))
    dt = torch.float16 if device == "cuda" else torch.float32
    s = 1.0 / math.sqrt(dim)
    return (
        rand((batch, seq, dim), dt, device),
        rand((dim,), dt, device, 0.5, 1.5),
        rand((dim,), dt, device, -0.1, 0.1),
        rand((4 * dim, dim), dt, device, -s, s),
        rand((4 * dim,), dt, device, -s, s),
        rand((dim, 4 * dim), dt, device, -s / 2, s / 2),
        rand((dim,), dt, device, -s, s),
    )


def _llama_mlp_inputs(device, small):
    """4096 tokens of a TinyLlama-sized MLP (2048 -> 5632 -> 2048), fp16 on the GPU."""
    batch, seq, dim, hidden = pick(small, (8, 512, 2048, 5632), (2, 19, 48, 80))
    dt = torch.float16 if device == "cuda" else torch.float32
    s = 1.0 / math.sqrt(dim)
    return (
        rand((batch, seq, dim), dt, device),
        rand((dim,), dt, device, 0.5, 1.5),
        rand((hidden, dim), dt, device, -s, s),
        rand((hidden, dim), dt, device, -s, s),
        rand((dim, hidden), dt, device, -s / 2, s / 2),
    )


def _attention_inputs(device, small):
    batch, seq, dim = pick(small, (8, 1024, 768), (2, 33, 48))
    dt = torch.float16 if device == "cuda" else torch.float32
    s = 1.0 / math.sqrt(dim)
    return (
        rand((batch, seq, dim), dt, device),
        rand((3 * dim, dim), dt, device, -s, s),
        rand((3 * dim,), dt, device, -s, s),
        rand((dim, dim), dt, device, -s, s),
        rand((dim,), dt, device, -s, s),
    )


WORKLOADS = [
    Workload("pointwise_chain_fp32_64M", pointwise_chain, _pointwise_inputs),
    Workload("bias_gelu_fp16", bias_gelu, _bias_gelu_inputs),
    Workload("softmax_fp16_16384x2048", softmax_last, _rows(16384, 2048, 37, 129, torch.float16)),
    Workload("softmax_fp16_32x1048576", softmax_last, _rows(32, 1 << 20, 3, 9000, torch.float16), input_reads=2),
    Workload("softmax_fp32_16384x1024", softmax_last, _rows(16384, 1024, 37, 129, torch.float32)),
    Workload("softmax_fp16_256x131072", softmax_last, _rows(256, 131072, 5, 3001, torch.float16), input_reads=2),
    Workload("log_softmax_fp32_8192x4096", log_softmax_last, _rows(8192, 4096, 37, 129, torch.float32)),
    Workload("layer_norm_fp16", layer_norm, _norm_inputs(torch.float16)),
    Workload("layer_norm_bf16", layer_norm, _norm_inputs(torch.bfloat16)),
    Workload("rms_norm_bf16", rms_norm, _norm_inputs(torch.bfloat16, with_bias=False)),
    Workload("residual_layer_norm_fp16", residual_layer_norm, _norm_inputs(torch.float16, residual=True)),
    Workload("row_sum_fp32", row_sum, _rows(16384, 4096, 37, 129, torch.float32)),
    Workload("col_sum_fp32", col_sum, _rows(16384, 4096, 129, 37, torch.float32)),
    Workload("col_mean_fp16", col_mean, _rows(16384, 4096, 129, 37, torch.float16)),
    Workload("full_sum_fp32_64M", full_sum, _rows(1, 1 << 26, 1, 5003, torch.float32)),
    Workload("var_mean_rows_fp32", var_mean_rows, _rows(16384, 4096, 37, 129, torch.float32)),
    Workload("cross_entropy_32000", cross_entropy, _cross_entropy_inputs),
    Workload("transpose_add_fp32", transpose_add, _transpose_inputs),
    Workload("permute_0213_fp16", permute_scale, _permute_inputs),
    Workload("adam_step_fp32_16M", adam_step, _adam_inputs),
    Workload("gpt2_mlp_fp16", gpt2_mlp, _mlp_inputs, memory_bound=False),
    Workload("gpt2_attention_fp16", gpt2_attention, _attention_inputs, memory_bound=False),
    Workload("gpt2_mlp_block_fp16", gpt2_mlp_block, _mlp_block_inputs, memory_bound=False),
    Workload("llama_mlp_block_fp16", llama_mlp_block, _llama_mlp_inputs, memory_bound=False),
]
