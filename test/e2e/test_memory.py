"""Memory planning end to end: buffers freed after their last use, dead memory reused, the planned peak."""

import os
import re
import sys

import torch

from harness import check, rand
from irc import metrics

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "bench"))
from memory import Block  # noqa: E402  (bench/memory.py's transformer block)
from workloads import gpt2_attention  # noqa: E402  (softmax in float, cast back: a no-op in fp32)


def reduction_chain(x):
    """Six reductions (alternating dims) with expensive pointwise steps between them."""
    for step in range(6):
        mean = x.mean(dim=step % 2, keepdim=True)
        x = torch.sigmoid(x - mean) * torch.tanh(x) + torch.exp(-x * x) * 0.25
    return x


def call_source() -> str:
    source = open(metrics.generated_modules[-1]).read()
    return source[source.index("def call(args):") : source.index("def _rand_strided")]


def launch_of(kernel_prefix: str) -> str:
    """`_launch_N.get(` of the first launch site whose kernel's name starts with `kernel_prefix`."""
    source = open(metrics.generated_modules[-1]).read()
    site = re.search(rf"^(_launch_\d+) = _Launcher\({kernel_prefix}", source, re.M)
    return f"{site.group(1)}.get(" if site else kernel_prefix


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


def attention_inputs(batch, seq, dim, device, dtype, scale=1.0):
    shapes = ((batch, seq, dim), (3 * dim, dim), (3 * dim,), (dim, dim), (dim,))
    return [(scale * rand(*shape, device=device)).to(dtype) for shape in shapes]


def test_attention_softmax_writes_over_scores(device):
    batch, seq, dim, heads = 2, 37, 40, 5
    x, w, b, w_out, b_out = attention_inputs(batch, seq, dim, device, torch.float32)
    with torch.no_grad():
        check(gpt2_attention, x, w, b, w_out, b_out, heads)
    qkv, scores = batch * seq * 3 * dim * 4, batch * heads * seq * seq * 4
    # live at the scores bmm: the q, k and v copies (v copied before, so the projection is freed) and one scores
    # buffer; the softmax writes over the scores (a second scores buffer would make it qkv + 2 * scores)
    assert metrics.peak_bytes_planned <= qkv + scores, metrics.peak_bytes_planned
    softmax = next(line for line in call_source().splitlines() if launch_of("triton_per_") in line)
    assert re.search(r"\[(buf\d+), \1\]", softmax), softmax


def test_half_attention_softmax_writes_over_scores(device):
    batch, seq, dim, heads = 2, 37, 40, 5
    # small scores: fp16 rounding of large ones (ulp 0.03 at 30) moves eager itself by more than the tolerance
    x, w, b, w_out, b_out = attention_inputs(batch, seq, dim, device, torch.float16, scale=0.2)
    with torch.no_grad():
        check(gpt2_attention, x, w, b, w_out, b_out, heads)
    # the softmax writes over the scores through a view of them (its output's dims are merged)
    assert metrics.peak_bytes_planned <= (batch * seq * 3 * dim + batch * heads * seq * seq) * 2


def test_transformer_block_inference_peak(device):
    batch, seq, dim = 3, 37, 48
    block = Block(dim, heads=4).to(device)
    with torch.no_grad():
        check(block, rand(batch, seq, dim, device=device))
    # at the fc2 addmm: the residual, the GELU'd fc1 activations (4 * dim wide, GELU in place) and the output
    assert metrics.peak_bytes_planned <= 6 * batch * seq * dim * 4, metrics.peak_bytes_planned


def test_downsampling_stack_dynamic_peak_is_a_few_candidates(device):
    """Strided convolutions under symbolic sizes: allocations whose sizes sympy cannot order
    (8*s0*FloorDiv(s1 - 1, 2)**2 against 16*s0*FloorDiv(s1 - 1, 4)**2, ...). The planned peak is a short tuple
    of candidates, no sympy.Max: building that Max took 86 s of a ResNet-18's compile."""
    torch.manual_seed(0)
    layers = []
    for cin, cout in [(3, 4), (4, 8), (8, 8), (8, 16), (16, 16), (16, 32)]:
        layers += [torch.nn.Conv2d(cin, cout, 3, 2 if cin != cout else 1, 1), torch.nn.ReLU()]
    model = torch.nn.Sequential(*layers).to(device).eval()
    x = rand(2, 3, 40, 40, device=device).contiguous(memory_format=torch.channels_last)
    with torch.no_grad():
        check(model, x, dynamic=True)
    source = open(metrics.generated_modules[-1]).read()
    peaks = re.search(r"^PEAK_BYTES_PLANNED = (.*)$", source, re.M).group(1)
    assert "Max(" not in peaks and peaks.count("'") <= 2 * 8, peaks
    dynamic_peak = metrics.peak_bytes_planned
    with torch.no_grad():
        check(model, x)
    assert 0 < metrics.peak_bytes_planned <= dynamic_peak <= metrics.buffer_bytes


def test_backward_frees_saved_activation_before_the_input_gradient(device):
    """An MLP's backward: the second layer's weight gradient (the last reader of the saved GELU activation,
    which the backward owns: aot_autograd hands it over) runs before the matmul allocating the input gradient
    of the same [rows, hidden] size, so the two never live together (Inductor's reorder for peak memory):
    the gradient takes the activation's memory (a donated buffer), and the GELU backward writes over the
    saved pre-activation it reads."""
    rows, width, hidden = 33, 16, 64
    torch.manual_seed(0)
    mlp = torch.nn.Sequential(torch.nn.Linear(width, hidden), torch.nn.GELU(), torch.nn.Linear(hidden, width))
    mlp = mlp.to(device)
    x = rand(rows, width, device=device)
    torch._dynamo.reset()
    metrics.reset()
    grads = []
    for model in (torch.compile(mlp, backend="irc"), mlp):
        mlp.zero_grad(set_to_none=True)
        model(x).square().sum().backward()
        grads.append([p.grad for p in mlp.parameters()])
    for got, want in zip(*grads):
        torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-4)
    lines = call_source().splitlines()
    sizes = dict(re.findall(r"_assert_size_stride\((arg\d+_1), \((\d+, \d+)\)", "\n".join(lines)))
    saved = [arg for arg, size in sizes.items() if size == f"{rows}, {hidden}"]
    reused = [arg for arg in saved if any(line.endswith(f"del {arg}  # reuse") for line in lines)]
    allocated = [line for line in lines if f"_empty(({rows}, {hidden})" in line]
    assert len(saved) == 2 and reused == saved and not allocated, "\n".join(lines)


def layer_norm_mlp(device):
    torch.manual_seed(0)
    layers = (torch.nn.Linear(16, 64), torch.nn.LayerNorm(64), torch.nn.GELU(), torch.nn.Linear(64, 16))
    return torch.nn.Sequential(*layers).to(device)


def test_retained_backward_gives_eager_gradients_twice(device):
    """A backward retained for a second call (retain_graph=True) has no donated inputs (aot_autograd compiles
    it with none), so its saved activations survive the first call: both calls give eager's gradients."""
    mlp, x = layer_norm_mlp(device), rand(33, 16, device=device)
    torch._dynamo.reset()
    grads = []
    for model in (mlp, torch.compile(mlp, backend="irc")):
        mlp.zero_grad(set_to_none=True)
        loss = model(x).square().sum()
        loss.backward(retain_graph=True)
        loss.backward()
        grads.append([p.grad for p in mlp.parameters()])
    for got, want in zip(*grads):
        torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-4)


def test_saved_output_held_by_the_caller_is_not_overwritten(device):
    """An activation the forward returns and its backward saves (a sigmoid's output) is the caller's too: not
    donated, the backward reads it and leaves it as it was."""
    w = rand(16, 24, device=device).requires_grad_()
    x = rand(33, 16, device=device)

    def sigmoid_layer(x, w):
        y = torch.sigmoid(x @ w)
        return y, (y * y).sum()

    torch._dynamo.reset()
    y, loss = torch.compile(sigmoid_layer, backend="irc")(x, w)
    kept = y.detach().clone()
    loss.backward()
    got = w.grad
    w.grad = None
    sigmoid_layer(x, w)[1].backward()
    assert torch.equal(y.detach(), kept)
    torch.testing.assert_close(got, w.grad, rtol=1e-4, atol=1e-4)
