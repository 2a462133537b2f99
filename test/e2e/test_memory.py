"""Memory planning end to end: buffers freed after their last use, dead memory reused, the planned peak."""

import math
import re

import torch
import torch.nn.functional as F

from harness import check, rand
from irc import metrics


def reduction_chain(x):
    """Six reductions (alternating dims) with expensive pointwise steps between them."""
    for step in range(6):
        mean = x.mean(dim=step % 2, keepdim=True)
        x = torch.sigmoid(x - mean) * torch.tanh(x) + torch.exp(-x * x) * 0.25
    return x


def call_source() -> str:
    source = open(metrics.generated_modules[-1]).read()
    return source[source.index("def call(args):") : source.index("def _rand_strided")]


def test_reduction_chain_peak_below_sum_of_buffers(device):
    check(reduction_chain, rand(37, 29, device=device))
    assert 0 < metrics.peak_bytes_planned < metrics.buffer_bytes, (metrics.peak_bytes_planned, metrics.buffer_bytes)
    assert metrics.peak_bytes_planned <= 2 * 37 * 29 * 4 + 2 * 37 * 4  # two full buffers live at a time, at most
    code = call_source()
    assert "# reuse" in code and "del buf" in code


def test_reduction_chain_dynamic_sizes_plan_symbolically(device):
    check(reduction_chain, rand(37, 29, device=device), dynamic=True)
    dynamic_peak, dynamic_total = metrics.peak_bytes_planned, metrics.buffer_bytes
    assert "# reuse" in call_source()
    # symbolic rows are looped reductions, which do not write in place as the static persistent ones do
    assert dynamic_peak <= 2 * 37 * 29 * 4 + 2 * 37 * 4
    check(reduction_chain, rand(37, 29, device=device))
    assert dynamic_total == metrics.buffer_bytes and metrics.peak_bytes_planned <= dynamic_peak
    got = torch.compile(reduction_chain, backend="irc", dynamic=True)(rand(21, 45, device=device))
    assert got.shape == (21, 45)


def test_intermediates_freed_after_last_use(device):
    def fn(x):
        a = x.sum(1, keepdim=True)
        b = (x - a).amax(0, keepdim=True)
        return (x * b).sum(0)

    check(fn, rand(17, 19, device=device))
    lines = call_source().splitlines()
    freed = [(k, m[1]) for k, line in enumerate(lines) if (m := re.fullmatch(r"\s*del (buf\d+)", line))]
    assert freed
    for k, name in freed:
        assert not any(re.search(rf"\b{name}\b", later) for later in lines[k + 1 :]), name


def test_metric_counts_outputs_of_a_single_kernel(device):
    check(lambda x: x * 2, rand(10, 3, device=device))
    assert metrics.peak_bytes_planned == metrics.buffer_bytes == 10 * 3 * 4


def causal_attention(x, w_qkv, b_qkv, heads: int):
    """GPT-2's attention without the output projection: the softmax is a persistent reduction over bmm scores."""
    batch, seq, dim = x.shape
    q, k, v = F.linear(x, w_qkv, b_qkv).split(dim, dim=2)
    q, k, v = (t.view(batch, seq, heads, dim // heads).transpose(1, 2) for t in (q, k, v))
    scores = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(dim // heads))
    causal = torch.ones(seq, seq, device=x.device, dtype=torch.bool).tril()
    return torch.softmax(scores.masked_fill(~causal, float("-inf")), dim=-1) @ v


def test_attention_softmax_writes_over_scores(device):
    batch, seq, dim, heads = 2, 37, 40, 5
    x, w, b = rand(batch, seq, dim, device=device), rand(3 * dim, dim, device=device), rand(3 * dim, device=device)
    with torch.no_grad():
        check(causal_attention, x, w, b, heads)
    qkv, scores = batch * seq * 3 * dim * 4, batch * heads * seq * seq * 4
    # live at the scores bmm: the q, k and v copies (v copied before, so the projection is freed) and one scores
    # buffer; the softmax writes over the scores (a second scores buffer would make it qkv + 2 * scores)
    assert metrics.peak_bytes_planned <= qkv + scores, metrics.peak_bytes_planned
    softmax = next(line for line in call_source().splitlines() if "triton_per_" in line)
    assert re.search(r"\[(buf\d+), \1\]", softmax), softmax


def half_attention_scores(x, w_qkv, b_qkv, heads: int):
    """bench's gpt2_attention: fp16 scores, softmax computed in float and cast back (the output's dims merge)."""
    batch, seq, dim = x.shape
    q, k, v = F.linear(x, w_qkv, b_qkv).split(dim, dim=2)
    q, k, v = (t.view(batch, seq, heads, dim // heads).transpose(1, 2) for t in (q, k, v))
    scores = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(dim // heads))
    causal = torch.ones(seq, seq, device=x.device, dtype=torch.bool).tril()
    return torch.softmax(scores.masked_fill(~causal, float("-inf")).float(), dim=-1).to(x.dtype) @ v


def test_half_attention_softmax_writes_over_scores(device):
    batch, seq, dim, heads = 2, 37, 40, 5
    # small scores: fp16 rounding of large ones (ulp 0.03 at 30) moves eager itself by more than the tolerance
    x, w, b = (0.2 * rand(*shape, device=device).half() for shape in ((batch, seq, dim), (3 * dim, dim), (3 * dim,)))
    with torch.no_grad():
        check(half_attention_scores, x, w, b, heads)
    # the softmax writes over the scores through a view of them (its output's dims are merged)
    assert metrics.peak_bytes_planned <= (batch * seq * 3 * dim + batch * heads * seq * seq) * 2


class PreNormBlock(torch.nn.Module):
    """bench/memory.py's transformer block: attention through scaled_dot_product_attention, then a GELU MLP."""

    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.norm1, self.norm2 = torch.nn.LayerNorm(dim), torch.nn.LayerNorm(dim)
        self.qkv, self.proj = torch.nn.Linear(dim, 3 * dim), torch.nn.Linear(dim, dim)
        self.fc1, self.fc2 = torch.nn.Linear(dim, 4 * dim), torch.nn.Linear(4 * dim, dim)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(self.norm1(x)).view(b, t, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        attn = F.scaled_dot_product_attention(q, k, v, is_causal=True).transpose(1, 2).reshape(b, t, d)
        x = x + self.proj(attn)
        return x + self.fc2(F.gelu(self.fc1(self.norm2(x))))


def test_transformer_block_inference_peak(device):
    batch, seq, dim = 3, 37, 48
    block = PreNormBlock(dim, heads=4).to(device)
    with torch.no_grad():
        check(block, rand(batch, seq, dim, device=device))
    # at the fc2 addmm: the residual, the GELU'd fc1 activations (4 * dim wide, GELU in place) and the output
    assert metrics.peak_bytes_planned <= 6 * batch * seq * dim * 4, metrics.peak_bytes_planned
