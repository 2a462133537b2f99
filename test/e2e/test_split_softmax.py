"""Few long rows of softmax-like kernels: chunk statistics (an online max/sum pair per chunk), a combining
kernel, and the full-shape output in a pointwise kernel of its own. Small sizes split at lower thresholds."""

import re

import pytest
import torch
import torch.nn.functional as F

from harness import check, rand
from irc import config, metrics
from irc.pipeline import DEFAULT_PIPELINE

SPLIT_OPTIONS = "kernel-split-reduction{min_chunk=64 persistent_max=256}"
SPLIT = DEFAULT_PIPELINE.replace("kernel-split-reduction", SPLIT_OPTIONS)
DTYPES = [torch.float32, torch.float16, torch.bfloat16]


@pytest.fixture
def small_split(monkeypatch, tmp_path):
    monkeypatch.setattr(config, "pipeline", SPLIT)
    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path))


def with_specials(x: torch.Tensor) -> torch.Tensor:
    """-inf in every third column (row 0), large magnitudes (row 1), -inf over whole chunks (row 2)."""
    x = x.clone()
    x[0, ::3] = float("-inf")
    x[1, 5::7] = 1e4 if x.dtype == torch.float32 else 6e4 if x.dtype == torch.float16 else 1e30
    x[1, 11::13] = -1e4
    x[2, :300] = float("-inf")
    return x


def kernel_names() -> list[str]:
    return [name for path in metrics.generated_modules for name in _kernels(open(path).read())]


def _kernels(source: str) -> list[str]:
    return [line.split("(")[0][4:] for line in source.splitlines() if line.startswith("def triton_")]


def kernel_sources() -> dict[str, str]:
    """Kernel name -> its source (the lines from its `def` to the next blank line)."""
    found = {}
    for path in metrics.generated_modules:
        for chunk in open(path).read().split("\n\n"):
            for line in chunk.splitlines():
                if line.startswith("def triton_"):
                    found[line.split("(")[0][4:]] = chunk
    return found


@pytest.mark.parametrize("dtype", DTYPES)
def test_softmax_and_log_softmax_of_few_long_rows(small_split, dtype, device):
    x = with_specials(rand(4, 1031 - 7, dtype=dtype, device=device, low=-8, high=8))
    check(lambda a: torch.softmax(a, -1), x, kernels=3)
    assert [n.endswith("_epilogue_0") for n in kernel_names()] == [False, False, True]
    check(lambda a: torch.log_softmax(a, -1), x, kernels=3)


def test_logsumexp_needs_no_epilogue(small_split, device):
    x = with_specials(rand(3, 2048, device=device, low=-20, high=20))
    check(lambda a: torch.logsumexp(a, -1), x, kernels=2)


def test_all_minus_inf_row_nan_and_plus_inf(small_split, device):
    x = rand(4, 1024, device=device)
    x[0] = float("-inf")
    x[1, 17] = float("nan")
    x[2, 999] = float("inf")
    got = check(lambda a: (torch.softmax(a, -1), torch.logsumexp(a, -1)), x)
    assert got[0][0].isnan().all() and not got[0][3].isnan().any()
    assert got[1][0] == float("-inf")


def test_cross_entropy_over_a_long_vocab(small_split, device):
    x, target = rand(3, 4096, device=device), torch.randint(0, 4096, (3,), device=device)
    check(lambda a, t: F.cross_entropy(a, t), x, target)


@pytest.mark.parametrize(
    "fn",
    [
        lambda a: a - a.mean(-1, keepdim=True),
        lambda a: a / a.abs().amax(-1, keepdim=True) + a.sum(-1, keepdim=True),
        lambda a: (torch.softmax(a, -1), a.amax(-1)),
    ],
)
def test_independent_reductions_with_epilogue(small_split, fn, device):
    check(fn, rand(5, 2048, device=device, low=0.5, high=1.5), kernels=3)


def test_welford_rows_split_with_chan_combination(small_split, device):
    """A layer norm over few long rows: chunk (mean, m2, count) partials combined by Chan's formula."""
    x = rand(3, 1024, device=device, low=3.0, high=4.0)  # a mean well above the spread
    check(lambda a: F.layer_norm(a, (1024,)), x, kernels=3)
    check(lambda a: torch.var_mean(a, -1, correction=1), x, kernels=2)


def test_short_rows_stay_one_kernel(small_split, device):
    check(lambda a: torch.softmax(a, -1), rand(4, 256, device=device), kernels=1)


def test_default_thresholds_split_rows_longer_than_4096(device):
    x = rand(3, 16384, dtype=torch.float16, device=device, low=-8, high=8)
    check(lambda a: torch.softmax(a, -1), x, kernels=3)
    check(lambda a: torch.softmax(a, -1), rand(3, 4096, device=device), kernels=1)


ONE_D = "max_autotune=false tile2d=false}"


@pytest.mark.parametrize(
    "split_options, convert, tile2d, reversed_, hint",
    [
        (SPLIT_OPTIONS[:-1] + " reverse_epilogue=true}", "convert-kernel-to-triton", True, True, "evict_last"),
        (SPLIT_OPTIONS[:-1] + " reverse_epilogue=true}", "convert-kernel-to-triton", False, True, "evict_last"),
        (SPLIT_OPTIONS, "convert-kernel-to-triton{reread_eviction=evict_first}", True, False, "evict_first"),
    ],
)
def test_epilogue_order_and_cache_hints_with_odd_sizes(monkeypatch, tmp_path, split_options, convert, tile2d,
                                                       reversed_, hint, device):
    """5 rows of 1536 (16 chunks of 96): the epilogue (2-D or 1-D tiles) walks its tiles last first
    (reverse_epilogue=true) and the statistics kernel leaves the rows it streams in L2 for it, or neither (the
    default order, the hint switched off)."""
    pipeline = DEFAULT_PIPELINE.replace("kernel-split-reduction", split_options)
    pipeline = pipeline.replace("convert-kernel-to-triton", convert)
    monkeypatch.setattr(config, "pipeline", pipeline if tile2d else pipeline.replace("max_autotune=false}", ONE_D))
    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path))
    x = with_specials(rand(5, 1536, dtype=torch.float16, device=device, low=-8, high=8))
    streamed = re.compile(rf"tl\.load\(in_ptr0 \+ \(\w+\), xrmask, eviction_policy='{hint}'\)")
    for fn in (lambda a: torch.softmax(a, -1), lambda a: torch.log_softmax(a.float(), -1) * 2):
        check(fn, x, kernels=3)
        sources = kernel_sources()
        epilogue = next(s for name, s in sources.items() if name.endswith("_epilogue_0"))
        statistics = next(s for name, s in sources.items() if name.endswith("_split_0"))
        assert ("YBLOCK" in epilogue) == tile2d
        assert ("tl.num_programs(0)" in epilogue) == reversed_
        assert streamed.search(statistics)
