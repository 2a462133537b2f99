"""Distributed training and collectives compiled by irc on CPU: two gloo processes run scenarios of
gloo_scenarios.py (eager and compiled in each process, compared there); each test reads one scenario's
outcome from both ranks. The quick scenarios share one pair of processes, the slow ones another; every test
runs on one xdist worker (group "gloo"), so the processes start once per group."""

import json
import os
import subprocess
import sys

import pytest

DATA_PARALLEL = ["ddp_of_compiled", "compiled_ddp", "fsdp2_compiled_blocks", "fsdp2_compiled_model"]
SCENARIOS = [
    "functional_collectives",
    *(f"{combination}-{model}" for combination in DATA_PARALLEL for model in ("decoder", "resnet")),
    "tensor_parallel-decoder", "sequence_parallel-decoder",
]  # fmt: skip
SLOW = {*(f"{combination}-resnet" for combination in DATA_PARALLEL), "sequence_parallel-decoder"}  # 25-30 s each
WORLD = 2
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
    logs = [process.communicate(timeout=1200)[0] for process in processes]
    for rank, process in enumerate(processes):
        assert process.returncode == 0, f"rank {rank} failed:\n{logs[rank][-4000:]}"
    return [json.loads(path.read_text()) for path in results]


@pytest.fixture(scope="module")
def quick_outcomes(tmp_path_factory):
    return run_scenarios(tmp_path_factory.mktemp("gloo"), [name for name in SCENARIOS if name not in SLOW])


@pytest.fixture(scope="module")
def slow_outcomes(tmp_path_factory):
    return run_scenarios(tmp_path_factory.mktemp("gloo-slow"), [name for name in SCENARIOS if name in SLOW])


@pytest.mark.parametrize(
    "scenario", [pytest.param(name, marks=pytest.mark.slow if name in SLOW else ()) for name in SCENARIOS]
)
def test_matches_eager(request, scenario):
    outcomes = request.getfixturevalue("slow_outcomes" if scenario in SLOW else "quick_outcomes")
    for rank, outcome in enumerate(outcomes):
        assert outcome[scenario] == "ok", f"rank {rank}:\n{outcome[scenario]}"
