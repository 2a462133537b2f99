"""Which kernels are tuned: only undecided ones by default, all under max-autotune (torch.compile's switches)."""

import pytest
import torch

from irc import config, metrics
from irc.backend import wants_max_autotune
from irc.passes.kernel_tile.candidates import LONG_ROW, SHORT_ROW, candidates
from irc.pipeline import DEFAULT_PIPELINE, configured_pipeline, with_max_autotune


@pytest.mark.parametrize(
    "kind, config_, rnumel, tuned",
    [
        ("pointwise", {"xblock": 512, "num_warps": 4}, None, False),
        ("pointwise", {"xblock": 64, "yblock": 64, "num_warps": 8}, None, True),  # transposes
        ("wide_tile", {"xblock": 1024, "yblock": 4, "num_warps": 4}, None, False),
        ("persistent_reduction", {"xblock": 64, "rblock": 64, "num_warps": 8}, 64, True),  # short rows
        ("persistent_reduction", {"xblock": 1, "rblock": 1024, "num_warps": 8}, SHORT_ROW * 4, False),
        ("reduction", {"xblock": 1, "rblock": 2048, "num_warps": 8}, LONG_ROW * 2, True),  # long rows
        ("reduction", {"xblock": 8, "rblock": 256, "num_warps": 4}, 5000, False),
    ],
)
def test_default_tunes_only_what_the_heuristic_cannot_decide(kind, config_, rnumel, tuned):
    full = candidates(kind, config_, rnumel)
    default = candidates(kind, config_, rnumel, max_autotune=False)
    assert len(full) > 1 and default[0] == config_
    assert default == (full if tuned else [config_])


def test_large_pointwise_kernels_try_inductors_two_configs_by_default():
    config_ = {"xblock": 512, "num_warps": 8}
    default = candidates("large_pointwise", config_, None, max_autotune=False)
    assert default == [config_, {"xblock": 1024, "num_warps": 4}]
    assert len(candidates("large_pointwise", config_, None)) > len(default)


def test_max_autotune_reaches_kernel_tile():
    assert "max_autotune=false" in DEFAULT_PIPELINE
    assert "kernel-tile{autotune=true max_autotune=true}" in with_max_autotune(DEFAULT_PIPELINE)
    assert with_max_autotune("cse,kernel-tile,dce") == "cse,kernel-tile{autotune=true max_autotune=true},dce"
    assert with_max_autotune("kernel-tile{rblock=64 autotune=true}") == (
        "kernel-tile{rblock=64 autotune=true max_autotune=true}"
    )
    assert configured_pipeline() == DEFAULT_PIPELINE
    assert configured_pipeline(max_autotune=True) == with_max_autotune(DEFAULT_PIPELINE)


@pytest.mark.parametrize(
    "mode, options, expected",
    [
        (None, None, False),
        ("default", None, False),
        ("reduce-overhead", None, False),
        ("max-autotune", None, True),
        ("max-autotune-no-cudagraphs", None, True),
        (None, {"max_autotune": True}, True),
        (None, {"max_autotune": False}, False),
    ],
)
def test_torch_compile_conventions(mode, options, expected):
    assert wants_max_autotune(mode, options) is expected


def _candidates(**compile_args) -> int:
    """How many launch options the compiled pointwise kernel carries (its autotune candidates)."""
    from irc.runtime.loader import load

    torch._dynamo.reset()
    metrics.reset()
    compiled = torch.compile(lambda x: torch.sigmoid(x) * 3, backend="irc", **compile_args)
    x = torch.randn(1000)
    torch.testing.assert_close(compiled(x), torch.sigmoid(x) * 3)
    assert metrics.graph_fallbacks == 0
    ((_, _, options),) = load(metrics.generated_modules[-1], interpret=True).PRECOMPILE
    return len(options)


def test_options_and_mode_give_a_pointwise_kernel_its_candidates(tmp_path, monkeypatch):
    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(config, "max_autotune", False)
    assert _candidates() == 1
    assert _candidates(options={"max_autotune": True}) > 1
    assert _candidates(mode="max-autotune") > 1
    monkeypatch.setattr(config, "max_autotune", True)  # IRC_MAX_AUTOTUNE=1
    assert _candidates() > 1
