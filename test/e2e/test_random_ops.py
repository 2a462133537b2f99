"""Random ops lowered to Triton kernels (counter-based Philox numbers, one seed per random op from a seeds
extern per call): their bits cannot be eager's, so each test checks sizes, dtypes and devices, statistics
with tolerances of six standard errors or more, bounds, reproducibility under torch.manual_seed, fresh numbers
on each call, and that no op ran eagerly."""

import math

import pytest
import torch

from irc import metrics

N = 40_001  # odd: a partial last block
FLOATS = [torch.float32, torch.bfloat16, torch.float16, torch.float64]


def run_lowered(fn, *inputs, kernels=None, externs=None):
    """fn compiled by irc: its results (called twice under one seed, which must agree) and a third call's."""
    torch._dynamo.reset()
    metrics.reset()
    compiled = torch.compile(fn, backend="irc")
    torch.manual_seed(1234)
    first = compiled(*inputs)
    torch.manual_seed(1234)
    again = compiled(*inputs)
    other = compiled(*inputs)
    assert metrics.graph_fallbacks == 0
    assert dict(metrics.fallbacks) == (externs or {}), dict(metrics.fallbacks)
    if kernels is not None:
        assert metrics.generated_kernel_count == kernels, metrics.generated_kernel_count
    for a, b, c in zip(_flat(first), _flat(again), _flat(other)):
        assert torch.equal(a, b), "the same seed must give the same numbers"
        if a.numel() > 100 and a.dtype != torch.bool:
            assert not torch.equal(a, c), "two calls must draw different numbers"
    return first


def _flat(values):
    return list(values) if isinstance(values, (tuple, list)) else [values]


def like(value, eager, device):
    """Same sizes, strides, dtype and device as the eager result."""
    assert value.shape == eager.shape and value.dtype == eager.dtype, (value.shape, value.dtype, eager.dtype)
    assert value.stride() == eager.stride(), (value.stride(), eager.stride())
    assert value.device.type == device


def near(value, expected, spread, n, sigmas=6.0, slack=0.0):
    """A sample mean within `sigmas` standard errors (plus `slack` for 16-bit rounding) of `expected`."""
    assert abs(value - expected) <= sigmas * spread / math.sqrt(n) + slack, (value, expected)


def slack(dtype) -> float:
    return {torch.bfloat16: 1e-2, torch.float16: 2e-3}.get(dtype, 0.0)


@pytest.mark.parametrize("dtype", FLOATS)
def test_rand_randn_and_like(dtype, device):
    x = torch.empty(101, 397, device=device, dtype=dtype).t()  # a non-contiguous input of the _like ops

    def fn(x):
        return torch.rand(N, dtype=dtype, device=device), torch.randn(N, dtype=dtype, device=device), \
            torch.rand_like(x), torch.randn_like(x)

    u, z, u_like, z_like = run_lowered(fn, x, kernels=4)
    for got, want in zip((u, z, u_like, z_like), fn(x)):
        like(got, want, device)
    for sample in (u, u_like):
        s = sample.double()
        assert 0 <= s.min() and s.max() < 1
        near(s.mean().item(), 0.5, math.sqrt(1 / 12), s.numel(), slack=slack(dtype))
        near(s.std().item(), math.sqrt(1 / 12), 0.3, s.numel(), slack=slack(dtype))
    for sample in (z, z_like):
        s = sample.double()
        near(s.mean().item(), 0.0, 1.0, s.numel(), slack=slack(dtype))
        near(s.std().item(), 1.0, 1.5, s.numel(), slack=slack(dtype))
        assert s.abs().max() < 7


@pytest.mark.parametrize("dtype", [torch.int64, torch.int32, torch.float32])
def test_randint_bounds(dtype, device):
    def fn(x):
        return torch.randint(-3, 4, (N,), dtype=dtype, device=device), torch.randint_like(x, 10), \
            torch.randint_like(x, 5, 9)

    x = torch.empty(33, 65, device=device, dtype=dtype)[:, ::2]
    small, like_high, like_low_high = run_lowered(fn, x, kernels=3)
    for got, want in zip((small, like_high, like_low_high), fn(x)):
        like(got, want, device)
    assert sorted(small.unique().tolist()) == list(range(-3, 4))  # low inclusive, high exclusive
    near(small.double().mean().item(), 0.0, 2.0, N)
    assert set(like_high.unique().tolist()) <= set(range(10))
    assert set(like_low_high.unique().tolist()) <= set(range(5, 9))


def test_randint_64_bit_ranges(device):
    big = 2**40

    def fn():
        full = torch.randint(-(2**63), 2**63 - 1, (N,), device=device)
        return torch.randint(-big, big, (N,), device=device), full

    wide, full = run_lowered(fn, kernels=2)
    assert wide.min() >= -big and wide.max() < big
    assert (wide.abs() > 2**33).float().mean() > 0.98  # values past 32 bits
    near(wide.double().mean().item() / big, 0.0, 0.58, N)
    assert (full < 0).float().mean().item() == pytest.approx(0.5, abs=0.02)
    assert (full.abs() > 2**62).float().mean().item() == pytest.approx(0.5, abs=0.02)


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16, torch.float64])
def test_distributions(dtype, device):
    x = torch.empty(N, dtype=dtype, device=device)
    mean = torch.full((N,), 2.0, dtype=dtype, device=device)
    std = torch.full((N,), 3.0, dtype=dtype, device=device)

    def fn(x, mean, std):
        return (
            torch.normal(mean, std),
            x.clone().normal_(-1.0, 0.5),
            x.clone().uniform_(-2.0, 5.0),
            x.clone().exponential_(4.0),
            x.clone().geometric_(0.25),
            x.clone().log_normal_(0.5, 0.25),
            x.clone().cauchy_(1.0, 2.0),
        )

    normal, normal_, uniform, exponential, geometric, log_normal, cauchy = (
        v.double() for v in run_lowered(fn, x, mean, std)
    )
    s = slack(dtype) * 4
    near(normal.mean().item(), 2.0, 3.0, N, slack=s)
    near(normal.std().item(), 3.0, 4.5, N, slack=s)
    near(normal_.mean().item(), -1.0, 0.5, N, slack=s)
    near(normal_.std().item(), 0.5, 0.75, N, slack=s)
    assert -2.0 <= uniform.min() and uniform.max() < 5.0
    near(uniform.mean().item(), 1.5, 7 / math.sqrt(12), N, slack=s)
    assert exponential.min() >= 0
    near(exponential.mean().item(), 0.25, 0.25, N, slack=s)
    assert geometric.min() >= 1 and torch.equal(geometric, geometric.floor())
    near(geometric.mean().item(), 4.0, math.sqrt(0.75) / 0.25, N, slack=s)
    near(log_normal.log().mean().item(), 0.5, 0.25, N, slack=s)
    assert log_normal.min() > 0
    quartiles = torch.quantile(cauchy.float(), torch.tensor([0.25, 0.5, 0.75], device=device)).tolist()
    assert quartiles == pytest.approx([-1.0, 1.0, 3.0], abs=0.15)  # median ± sigma


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_bernoulli_frequencies(dtype, device):
    p = torch.rand(N, device=device).to(dtype)

    def fn(x, p):
        return torch.bernoulli(p), x.clone().bernoulli_(0.3), torch.bernoulli(x, 0.8)

    x = torch.zeros(N, dtype=dtype, device=device)
    by_tensor, by_float, by_p = run_lowered(fn, x, p)
    for got, want in zip((by_tensor, by_float, by_p), fn(x, p)):
        like(got, want, device)
        assert set(got.unique().tolist()) <= {0.0, 1.0}
    near(by_tensor.double().mean().item(), p.double().mean().item(), 0.5, N)
    near(by_float.double().mean().item(), 0.3, math.sqrt(0.21), N)
    near(by_p.double().mean().item(), 0.8, math.sqrt(0.16), N)
    low, high = p < 0.2, p > 0.8  # the probability of each element is its own
    assert by_tensor[low].double().mean() < 0.15 and by_tensor[high].double().mean() > 0.85


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_dropout_in_training(dtype, device):
    x = (torch.rand(257, 159, device=device) + 0.5).to(dtype)

    def fn(x):
        return torch.nn.functional.dropout(x, 0.25, training=True) + 0

    y = run_lowered(fn, x)
    like(y, fn(x), device)
    kept = y != 0
    near((~kept).double().mean().item(), 0.25, math.sqrt(0.1875), x.numel())
    tolerance = {"rtol": 1e-2, "atol": 1e-2} if dtype != torch.float32 else {}
    torch.testing.assert_close(y[kept], (x / 0.75)[kept], **tolerance)


def test_dropout_module_trains_and_evaluates(device):
    model = torch.nn.Sequential(torch.nn.Linear(64, 64), torch.nn.Dropout(0.5)).to(device)
    x = torch.randn(128, 64, device=device)
    y = run_lowered(model, x, externs={"aten::addmm.default": 1})  # the matmul alone
    near((y == 0).double().mean().item(), 0.5, 0.5, y.numel())
    model.eval()
    torch._dynamo.reset()
    metrics.reset()
    torch.testing.assert_close(torch.compile(model, backend="irc")(x), model(x))


def test_rrelu_in_training(device):
    x = torch.randn(N, device=device)

    def fn(x):
        return torch.nn.functional.rrelu(x, 0.1, 0.3, training=True)

    y = run_lowered(fn, x)
    positive = x > 0
    assert torch.equal(y[positive], x[positive])
    slope = y[~positive] / x[~positive]
    assert slope.min() >= 0.1 - 1e-6 and slope.max() <= 0.3 + 1e-6
    near(slope.double().mean().item(), 0.2, 0.2 / math.sqrt(3), int((~positive).sum()))


def test_random_ops_of_one_graph_draw_their_own_numbers(device):
    """Each random op reads its own seed; a random value read by two kernels is the same in both."""

    def fn(x):
        a, b = torch.rand(4099, device=device), torch.rand(4099, device=device)
        return a, b, a + x, a.sum() + x.sum()

    x = torch.zeros(4099, device=device)
    a, b, shifted, total = run_lowered(fn, x)
    assert not torch.equal(a, b)
    assert torch.equal(shifted, a)
    torch.testing.assert_close(total, a.sum())


def test_one_seeds_extern_per_graph():
    """The aten IR holds one seeds extern sized for the graph's random ops, each reading its own seed."""
    from irc.tools.fx_to_mlir import capture

    def fn(x):
        return torch.rand_like(x) + torch.randn_like(x) + torch.randint_like(x, 3)

    (text,) = capture(fn, [torch.ones(8)])
    assert text.count('"aten::randint.low"') == 1 and "[3 : i64]]" in text and "irc.seeds" in text
    lines = [line for line in text.splitlines() if "aten.random" in line]
    seeds = sorted(line.split("seed = ")[1].split(" ")[0] for line in lines)
    assert seeds == ["0", "1", "2"]


def test_dropout_backward_uses_the_forward_mask(device):
    """Training: the backward graph scales the gradient by the mask the forward drew (saved, not redrawn)."""
    x = (torch.rand(1031, device=device) + 0.5).requires_grad_()
    w = torch.rand(1031, device=device) + 0.5

    def fn(x):
        return torch.nn.functional.dropout(x * w, 0.5, training=True)

    torch._dynamo.reset()
    metrics.reset()
    y = torch.compile(fn, backend="irc")(x)
    y.backward(torch.ones_like(y))
    assert metrics.graph_fallbacks == 0 and dict(metrics.fallbacks) == {}
    kept = (y != 0).float()
    torch.testing.assert_close(x.grad, kept * 2 * w)
    near(kept.double().mean().item(), 0.5, 0.5, x.numel())


def test_random_values_feed_a_split_reduction(device):
    """One long row: a partial-sum kernel and a combining one read the same random values as the output."""

    def fn(x):
        a = torch.rand(x.shape[0], device=device)
        return a, a.sum() + x.sum()

    a, total = run_lowered(fn, torch.zeros(2**20 + 3, device=device))
    torch.testing.assert_close(total.double(), a.double().sum(), rtol=1e-5, atol=0)


def test_fallback_random_runs_eager_random_ops(device, monkeypatch):
    """config.fallback_random (IRC_FALLBACK_RANDOM=1), as Inductor's: ATen draws the numbers, eager's bits."""
    from irc import config

    monkeypatch.setattr(config, "fallback_random", True)

    def fn(x):
        return torch.rand_like(x) + x, torch.nn.functional.dropout(x, 0.5, training=True)

    x = torch.rand(257, device=device)
    torch._dynamo.reset()
    metrics.reset()
    torch.manual_seed(7)
    got = torch.compile(fn, backend="irc")(x)
    torch.manual_seed(7)
    want = fn(x)
    for g, w in zip(got, want):
        torch.testing.assert_close(g, w)
    assert set(metrics.fallbacks) == {"aten::rand_like.default", "aten::native_dropout.default"}


def test_random_values_fused_into_reductions(device):
    """Random values computed inside reduction kernels (row sums, a softmax) agree with the same values stored."""

    def fn(x):
        a = torch.rand(37, 1000, device=device) + x
        b = torch.randn(64, 3000, device=device)
        return a.sum(1), a, b.amax(1), b, torch.softmax(b, -1)

    total, a, top, b, soft = run_lowered(fn, torch.zeros(1000, device=device))
    torch.testing.assert_close(total, a.sum(1))
    assert torch.equal(top, b.amax(1))
    torch.testing.assert_close(soft, torch.softmax(b, -1))


def test_dropout_mask_drawn_in_the_softmax_kernel(device):
    """Attention dropout in training: the mask, saved for the backward, is drawn inside the softmax's kernel
    (kept in the softmax's rows by loop-simplify), not in a kernel of its own stored and read back."""

    def fn(x):
        probabilities, mask = torch.ops.aten.native_dropout(torch.softmax(x, -1), 0.25, True)
        return probabilities, mask

    x = torch.randn(2, 3, 37, 41, device=device)
    dropped, mask = run_lowered(fn, x, kernels=1)
    torch.testing.assert_close(dropped, torch.where(mask, torch.softmax(x, -1) / 0.75, 0.0))
    near(mask.double().mean().item(), 0.75, math.sqrt(0.75 * 0.25), mask.numel())
