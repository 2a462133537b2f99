"""Tiling strategies end to end: split reductions, outer (column) reductions, wide persistent rows and
2-D (YBLOCK x XBLOCK) tiles of transposes and permutes."""

import pytest
import torch

from irc import metrics

from harness import check, rand


def test_full_sum_is_split_into_two_kernels(device):
    x = rand(1 << 20, device=device)
    check(lambda a: a.sum(), x, kernels=2)


def test_full_max_and_mean_split(device):
    x = rand(3, 1 << 18, device=device)
    check(lambda a: (a.amax(), a.mean() * 2), x)


@pytest.mark.parametrize("shape", [(4096, 37), (4099, 300), (2048, 64)])
def test_column_sums(shape, device):
    x = rand(*shape, device=device, low=0.5, high=1.5)  # sums far from zero: well conditioned in any order
    check(lambda a: (a.sum(0), a.mean(0) + 1), x)


def test_column_max_of_half(device):
    x = rand(8192, 33, dtype=torch.float16, device=device)
    check(lambda a: a.amax(0), x, kernels=2)


@pytest.mark.parametrize("cols", [2048, 4096, 4000])
def test_wide_rows_softmax_and_layer_norm(cols, device):
    x, w = rand(6, cols, device=device), rand(cols, device=device)
    check(lambda a, b: (torch.softmax(a, -1), torch.nn.functional.layer_norm(a, (cols,), b)), x, w)


def test_pow_by_constants(device):
    x = rand(37, 129, device=device)
    check(lambda a: (a**2 + a**3, a.abs() ** 2.5, torch.pow(a, 4)), x)


def _tiled_kernels() -> int:
    """Kernels of the last compiled modules launched on 2-D (YBLOCK x XBLOCK) tiles."""
    sources = [open(path).read() for path in metrics.generated_modules]
    return sum(source.count("YBLOCK: tl.constexpr") for source in sources)


@pytest.mark.parametrize("shape", [(37, 131), (131, 37), (64, 64), (200, 129)])
def test_transpose_add_uses_2d_tiles(shape, device):
    m, n = shape
    x, y = rand(n, m, device=device), rand(m, n, device=device)
    check(lambda a, b: a.t() + b, x, y, kernels=1)
    assert _tiled_kernels() == 1
    assert metrics.bytes_moved == metrics.minimum_bytes == 3 * 4 * m * n


def test_permute_0213_of_half_keeps_contiguous_rows(device):
    x = rand(3, 37, 5, 17, dtype=torch.float16, device=device)
    check(lambda a: (a.permute(0, 2, 1, 3) * 0.125).contiguous(), x, kernels=1)
    assert _tiled_kernels() == 0  # both sides walk the innermost 17 elements contiguously


def test_permute_moving_the_innermost_dim_of_half(device):
    x = rand(2, 19, 33, 40, dtype=torch.float16, device=device)
    check(lambda a: (a.permute(0, 2, 3, 1) * 2).contiguous(), x, kernels=1)
    assert _tiled_kernels() == 1


def test_transpose_with_symbolic_sizes(device):
    compiled = []
    for m, n in [(37, 131), (67, 129)]:
        x, y = rand(n, m, device=device), rand(m, n, device=device)
        check(lambda a, b: a.t() * b - 1, x, y, dynamic=True, kernels=1)
        compiled.append(_tiled_kernels())
    assert compiled == [1, 1]


def test_transpose_feeding_a_reduction(device):
    x, y = rand(131, 37, device=device), rand(37, 131, device=device)
    check(lambda a, b: ((a.t() + b).sum(1), (a.t() * b).amax(0)), x, y)


def test_transpose_and_broadcast_row_fused(device):
    x, y, b = rand(129, 67, device=device), rand(67, 129, device=device), rand(129, device=device)
    check(lambda p, q, r: (torch.relu(p.t() + q) * r, (p.t() - r).sigmoid()), x, y, b)


def test_elementwise_over_a_transposed_view_runs_in_the_row_sums_kernel(device):
    """A dropout gradient read through the transposed view a bmm takes (attention's P^T @ dO): the result
    keeps the inputs' layout, so every access is contiguous along the middle dim and none along the innermost.
    Iterated in storage order it has the rows of the sum over the same values (loop-simplify) and is computed
    in that sum's kernel, reading memory contiguously (it was a kernel of its own with 2-D tiles before)."""
    p, keep = rand(2, 3, 40, 40, device=device), rand(2, 3, 40, 40, device=device) > 0.1
    v = rand(6, 40, 16, device=device).to(torch.bfloat16)

    def f(p, keep, v):
        grad = p * keep * 1.1
        probabilities_grad = grad.view(6, 40, 40)
        return torch.bmm(probabilities_grad.transpose(1, 2).to(torch.bfloat16), v), probabilities_grad.sum(-1)

    check(f, p, keep, v, kernels=1)
    assert _tiled_kernels() == 0


def test_small_transpose_stays_1d(device):
    x = rand(5, 7, device=device)
    check(lambda a: a.t() + 1, x, kernels=1)
    assert _tiled_kernels() == 0


def _force_candidate(candidate: int, monkeypatch) -> list[dict]:
    """Makes every launch take its autotune candidate number `candidate` (the last if it has fewer); returns
    the list the chosen configs are appended to. Under max-autotune: every kernel keeps its candidates."""
    from irc import config
    from irc.runtime import autotune, launch, site_launch

    monkeypatch.setattr(config, "max_autotune", True)
    chosen = []
    monkeypatch.setattr(launch, "_runners", {})  # kept compiled kernels of earlier candidates
    site_launch.forget()

    def pick(name, kernel, grid, args, default, candidates):
        chosen.append(candidates[min(candidate, len(candidates) - 1)])
        return chosen[-1]

    monkeypatch.setattr(autotune, "choose", pick)
    return chosen


@pytest.mark.parametrize("candidate", range(6))
def test_every_2d_tile_candidate_is_correct(candidate, device, monkeypatch):
    """Each autotune candidate (other tile shapes launch their own grid) computes the same result."""
    chosen = _force_candidate(candidate, monkeypatch)
    x, y = rand(200, 129, device=device), rand(129, 200, device=device)
    check(lambda a, b: a.t() * b + 1, x, y, kernels=1)
    assert chosen and all("YBLOCK" in c for c in chosen)


@pytest.mark.parametrize("shape", [(37, 500), (3, 5, 1000), (33, 1024), (9, 7, 384)])
def test_bias_add_uses_wide_tiles(shape, device):
    """A bias broadcast along the leading dims: wide 2-D tiles whose rows share one block of the bias."""
    x = rand(*shape, dtype=torch.float16, device=device)
    b = rand(shape[-1], dtype=torch.float16, device=device)
    check(lambda a, c: torch.nn.functional.gelu(a + c), x, b, kernels=1)
    assert _tiled_kernels() == 1
    assert metrics.bytes_moved == metrics.minimum_bytes


def test_bias_add_with_dynamic_rows_uses_wide_tiles(device):
    """Only the row count symbolic (mark_dynamic): ynumel is a kernel argument, the x extent stays static."""
    from harness import assert_same

    torch._dynamo.reset()
    metrics.reset()
    compiled = torch.compile(lambda a, c: torch.nn.functional.gelu(a + c) * 2, backend="irc")
    for rows in (37, 129):
        x, b = rand(rows, 640, device=device), rand(640, device=device)
        torch._dynamo.mark_dynamic(x, 0)
        assert_same(compiled(x, b), torch.nn.functional.gelu(x + b) * 2)
    assert metrics.graph_fallbacks == 0 and _tiled_kernels() == 1


def test_row_scale_uses_wide_tiles(device):
    x, s = rand(67, 1000, device=device), rand(67, 1, device=device)
    check(lambda a, c: a * c - 1, x, s, kernels=1)
    assert _tiled_kernels() == 1


@pytest.mark.parametrize("cols", [100, 257])
def test_short_or_ragged_rows_stay_1d(cols, device):
    """Rows below 256 elements, or ones every wide XBLOCK would cover with more than 1/8 masked lanes."""
    x, b = rand(300, cols, device=device), rand(cols, device=device)
    check(lambda a, c: a + c, x, b, kernels=1)
    assert _tiled_kernels() == 0


@pytest.mark.parametrize("candidate", range(8))
def test_every_wide_tile_candidate_is_correct(candidate, device, monkeypatch):
    chosen = _force_candidate(candidate, monkeypatch)
    x, b = rand(37, 1000, device=device), rand(1000, device=device)
    check(lambda a, c: torch.sigmoid(a + c) * c, x, b, kernels=1)
    assert chosen and all("YBLOCK" in c for c in chosen)


def test_column_sum_reading_a_per_row_vector_is_outer_and_split(device):
    """A layer norm's weight gradient: sum over rows of g * (x - mean[row]) * rstd[row]. The per-row vectors do
    not make it an inner reduction: it is split into coalesced column partials and a combining kernel."""
    g, x = rand(4096, 96, device=device), rand(4096, 96, device=device)
    mean, rstd = rand(4096, 1, device=device), rand(4096, 1, device=device, low=0.5, high=1.5)
    fn = lambda g, x, m, r: (g * (x - m) * r).sum(0)  # noqa: E731
    torch._dynamo.reset()
    metrics.reset()
    got = torch.compile(fn, backend="irc")(g, x, mean, rstd)
    want = fn(*(t.double() for t in (g, x, mean, rstd))).float()
    # 4096 terms of size up to ~10 in float32 in another order: a column summing near 0 is off by ~1e-4
    torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-3)
    assert metrics.generated_kernel_count == 2
    names = [name for name, _, _ in metrics.kernel_bytes]
    assert len(names) == 2 and "_split_" in names[0], names
