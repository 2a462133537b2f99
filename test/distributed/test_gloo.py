"""Distributed training and collectives compiled by irc on CPU: two gloo processes run every scenario of
gloo_scenarios.py once (eager and compiled in each process, compared there); each test reads one
scenario's outcome from both ranks."""

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
WORLD = 2
SCRIPT = os.path.join(os.path.dirname(__file__), "gloo_scenarios.py")


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    """rank -> scenario -> "ok" or the error's text."""
    folder = tmp_path_factory.mktemp("gloo")
    env = {**os.environ, "IRC_CACHE_DIR": str(folder / "cache"), "IRC_FALLBACK_ON_ERROR": "0"}
    env["OMP_NUM_THREADS"] = "1"
    results = [folder / f"rank{rank}.json" for rank in range(WORLD)]
    command = [sys.executable, SCRIPT, "{rank}", str(WORLD), str(folder / "store"), "{results}", *SCENARIOS]
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
    logs = [process.communicate(timeout=300)[0] for process in processes]
    for rank, process in enumerate(processes):
        assert process.returncode == 0, f"rank {rank} failed:\n{logs[rank][-4000:]}"
    return [json.loads(path.read_text()) for path in results]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_matches_eager(outcomes, scenario):
    for rank, outcome in enumerate(outcomes):
        assert outcome[scenario] == "ok", f"rank {rank}:\n{outcome[scenario]}"
