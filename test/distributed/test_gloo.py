"""Distributed training and collectives compiled by irc on CPU: two gloo processes run scenarios of
gloo_scenarios.py (eager and compiled in each process, compared there); each test reads one scenario's
outcome from both ranks. The quick scenarios share one pair of processes, the slow ones another; every test
runs on one xdist worker (group "gloo"), so the processes start once per group."""

import json
import os
import subprocess
import sys
import time

import pytest

DATA_PARALLEL = ["ddp_of_compiled", "compiled_ddp", "fsdp2_compiled_blocks", "fsdp2_compiled_model"]
SCENARIOS = [
    "functional_collectives",
    *(f"{combination}-{model}" for combination in DATA_PARALLEL for model in ("decoder", "resnet")),
    "tensor_parallel-decoder", "sequence_parallel-decoder",
]  # fmt: skip
# 25-30 s each under load
SLOW = {*(f"{combination}-resnet" for combination in DATA_PARALLEL), "sequence_parallel-decoder"}
WORLD = 2
TIMEOUT_SECONDS = 900  # a hung scenario ends its process itself after 300 s (gloo_scenarios.py)
SCRIPT = os.path.join(os.path.dirname(__file__), "gloo_scenarios.py")

pytestmark = pytest.mark.xdist_group("gloo")


def run_scenarios(folder, names: list[str]) -> list[dict[str, str]]:
    """rank -> scenario -> "ok" or the error's text."""
    env = {**os.environ, "IRC_CACHE_DIR": str(folder / "cache"), "IRC_FALLBACK_ON_ERROR": "0"}
    env["OMP_NUM_THREADS"] = "1"
    results = [folder / f"rank{rank}.json" for rank in range(WORLD)]
    command = [sys.executable, SCRIPT, "{rank}", str(WORLD), str(folder / "store"), "{results}", *names]
    processes = [
        subprocess.Popen(
            [part.format(rank=rank, results=results[rank]) for part in command],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for rank in range(WORLD)
    ]
    deadline = time.monotonic() + TIMEOUT_SECONDS
    try:
        logs = [process.communicate(timeout=max(1, deadline - time.monotonic()))[0] for process in processes]
    except subprocess.TimeoutExpired:
        for process in processes:
            process.kill()
        logs = [process.communicate()[0] for process in processes]
        pytest.fail(f"the scenarios ran over {TIMEOUT_SECONDS} s:\n" + "\n".join(log[-3000:] for log in logs))
    for rank, process in enumerate(processes):
        assert process.returncode == 0, f"rank {rank} failed:\n{logs[rank][-4000:]}"
    return [json.loads(path.read_text()) for path in results]


@pytest.fixture(scope="module")
def quick_outcomes(tmp_path_factory):
    quick = [name for name in SCENARIOS if name not in SLOW]
    return run_scenarios(tmp_path_factory.mktemp("gloo"), [*quick, "one_rank_fails"])  # that one ends them


@pytest.fixture(scope="module")
def slow_outcomes(tmp_path_factory):
    return run_scenarios(tmp_path_factory.mktemp("gloo-slow"), [name for name in SCENARIOS if name in SLOW])


@pytest.mark.parametrize(
    "scenario", [pytest.param(name, marks=pytest.mark.slow if name in SLOW else ()) for name in SCENARIOS]
)
def test_matches_eager(request, scenario):
    outcomes = request.getfixturevalue("slow_outcomes" if scenario in SLOW else "quick_outcomes")
    failures = [f"rank {rank}:\n{outcome[scenario]}" for rank, outcome in enumerate(outcomes)
                if outcome[scenario] != "ok"]  # fmt: skip
    assert not failures, "\n".join(failures)


def test_a_rank_that_fails_ends_both_at_once(quick_outcomes):
    """Rank 1 raises while rank 0 waits in a collective: rank 1 ends, and rank 0 fails at once (its peer
    closed the connection) rather than after the collective timeout."""
    failed, waiting = quick_outcomes[1]["one_rank_fails"], quick_outcomes[0]["one_rank_fails"]
    assert "rank 1 fails on purpose" in failed
    assert "by peer" in waiting and "Timed out" not in waiting, waiting
