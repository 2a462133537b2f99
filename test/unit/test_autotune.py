"""The autotune runtime's choice and cache logic, on CPU (timings are faked; no GPU needed)."""

import pytest
import torch

from irc.runtime import autotune

CANDIDATES = [{"XBLOCK": 64, "num_warps": 4}, {"XBLOCK": 64, "num_warps": 8}, {"XBLOCK": 64, "num_warps": 2}]
DEFAULT = CANDIDATES[0]


class FakeKernel:
    src = "def k(in_ptr0, out_ptr0, XBLOCK): ..."


@pytest.fixture
def fake_gpu(monkeypatch, tmp_path):
    """CUDA as far as the autotuner can tell, a fresh disk cache, and timings that favour num_warps=8."""
    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("IRC_AUTOTUNE", raising=False)
    monkeypatch.setattr(autotune, "on_cuda", lambda args: True)
    monkeypatch.setattr(autotune, "device_name", lambda args: "Fake GPU sm90")
    monkeypatch.setattr(autotune, "_chosen", {})
    calls = []

    def fake_time(kernel, grid, args, config):
        calls.append(config)
        return {4: 0.3, 8: 0.1, 2: 0.5}[config["num_warps"]]

    monkeypatch.setattr(autotune, "_time", fake_time)
    return calls


def args_of(rows=37):
    return [torch.rand(rows, 129), torch.empty(rows, 129), rows]


def test_cpu_uses_the_heuristic_config(monkeypatch):
    monkeypatch.setattr(autotune, "_chosen", {})
    assert autotune.choose("k", FakeKernel(), (3,), args_of(), DEFAULT, CANDIDATES) == DEFAULT


def test_switch_turns_tuning_off(fake_gpu, monkeypatch):
    monkeypatch.setenv("IRC_AUTOTUNE", "0")
    assert autotune.choose("k", FakeKernel(), (3,), args_of(), DEFAULT, CANDIDATES) == DEFAULT
    assert fake_gpu == []


def test_fastest_candidate_wins_and_is_benchmarked_once(fake_gpu):
    kernel = FakeKernel()
    assert autotune.choose("k", kernel, (3,), args_of(), DEFAULT, CANDIDATES) == CANDIDATES[1]
    assert autotune.choose("k", kernel, (3,), args_of(), DEFAULT, CANDIDATES) == CANDIDATES[1]
    assert fake_gpu == CANDIDATES


def test_a_later_process_reads_the_winner_from_disk(fake_gpu, monkeypatch):
    autotune.choose("k", FakeKernel(), (3,), args_of(), DEFAULT, CANDIDATES)
    monkeypatch.setattr(autotune, "_chosen", {})  # a new process: nothing in memory
    fake_gpu.clear()
    assert autotune.choose("k", FakeKernel(), (3,), args_of(), DEFAULT, CANDIDATES) == CANDIDATES[1]
    assert fake_gpu == []


@pytest.mark.parametrize("stored", [{"XBLOCK": 4096, "num_warps": 8}, {"XBLOCK": 64}, [], "x"])
def test_a_stored_result_naming_no_candidate_is_tuned_again(fake_gpu, stored):
    """A result (signed: this user's) that is not one of the kernel's configs is never launched."""
    autotune.store(autotune.tuning_key("k", FakeKernel.src, CANDIDATES, args_of()), stored)
    assert autotune.choose("k", FakeKernel(), (3,), args_of(), DEFAULT, CANDIDATES) == CANDIDATES[1]
    assert fake_gpu == CANDIDATES


def test_a_candidate_with_a_grid_is_found_after_json(fake_gpu):
    candidates = [{"XBLOCK": 64, "num_warps": 4, "grid": (2, 3)}, CANDIDATES[1]]
    autotune.store(autotune.tuning_key("k", FakeKernel.src, candidates, args_of()), candidates[0])
    assert autotune.choose("k", FakeKernel(), (3,), args_of(), DEFAULT, candidates) is candidates[0]
    assert fake_gpu == []


def test_other_sizes_source_or_candidates_tune_again(fake_gpu):
    base = autotune.tuning_key("k", FakeKernel.src, CANDIDATES, args_of())
    assert autotune.tuning_key("k", FakeKernel.src, CANDIDATES, args_of(rows=38)) != base
    assert autotune.tuning_key("k", FakeKernel.src + " ", CANDIDATES, args_of()) != base
    assert autotune.tuning_key("k", FakeKernel.src, CANDIDATES[:2], args_of()) != base
    assert autotune.tuning_key("k", FakeKernel.src, CANDIDATES, args_of()) == base


def test_single_candidate_is_not_tuned(fake_gpu):
    assert autotune.choose("k", FakeKernel(), (3,), args_of(), DEFAULT, [DEFAULT]) == DEFAULT
    assert fake_gpu == []


def test_tuning_runs_on_copies(fake_gpu, monkeypatch):
    seen = []
    monkeypatch.setattr(autotune, "_time", lambda kernel, grid, args, config: seen.append(args) or 1.0)
    args = args_of()
    autotune.choose("k", FakeKernel(), (3,), args, DEFAULT, CANDIDATES)
    assert all(copy[0] is not args[0] and torch.equal(copy[0], args[0]) for copy in seen)


def test_winner_is_stored_beside_the_code_cache(fake_gpu, tmp_path):
    autotune.choose("k", FakeKernel(), (3,), args_of(), DEFAULT, CANDIDATES)
    stored = [f for _, _, fs in __import__("os").walk(tmp_path) for f in fs if f != "hmac.key"]
    assert len(stored) == 1 and stored[0].endswith(".autotune.json")


def test_a_candidate_with_its_own_grid_launches_that_many_programs(fake_gpu):
    launched = []

    class GridKernel(FakeKernel):
        def __getitem__(self, grid):
            return lambda *args, **options: launched.append((grid, options))

    candidates = [
        {"YBLOCK": 64, "XBLOCK": 64, "num_warps": 4},
        {"YBLOCK": 32, "XBLOCK": 32, "num_warps": 8, "grid": (12,)},
    ]
    autotune.launch("k", GridKernel(), (3,), args_of(), lambda: (candidates[0], candidates))
    assert launched == [((12,), {"YBLOCK": 32, "XBLOCK": 32, "num_warps": 8})]
    assert candidates[1]["grid"] == (12,)  # the candidate itself is left as it was
    assert autotune.split_grid((3,), candidates[0]) == ((3,), candidates[0])


@pytest.mark.parametrize(
    "make",
    [
        lambda: torch.rand(37, 1).expand(37, 129),  # a zero stride
        lambda: torch.rand(129).expand(37, 129),
        lambda: torch.rand(1).expand(37, 129),
        lambda: torch.rand(200).as_strided((37, 129), (1, 1)),  # overlapping without a zero stride
    ],
)
def test_tuning_copies_inputs_whose_elements_share_memory(fake_gpu, monkeypatch, make):
    seen = []
    monkeypatch.setattr(autotune, "_time", lambda kernel, grid, args, config: seen.append(args) or 1.0)
    args = [make(), torch.empty(37, 129), 37]
    autotune.choose("k", FakeKernel(), (3,), args, DEFAULT, CANDIDATES)
    for copy in seen:
        assert copy[0].stride() == args[0].stride() and torch.equal(copy[0], args[0])
        assert copy[0].untyped_storage().data_ptr() != args[0].untyped_storage().data_ptr()
