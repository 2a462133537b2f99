"""Distributed training and collectives compiled by irc on CPU: two gloo processes run scenarios of
gloo_scenarios.py (eager and compiled in each process, compared there); each test reads its scenarios'
outcomes from both ranks. The quick scenarios share one pair of processes, the slow ones another: one test
each, so that each pair starts once whichever xdist worker runs it."""

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


def run_scenarios(folder, names: list[str]) -> list[dict[str, str]] | str:
    """rank -> scenario -> "ok" or the error's text; or, where a rank's process failed, what it printed. A
    rank that crashes (a signal) ends the other within seconds instead of leaving it waiting in a
    collective."""
    env = {**os.environ, "IRC_CACHE_DIR": str(folder / "cache"), "IRC_FALLBACK_ON_ERROR": "0"}
    env["OMP_NUM_THREADS"] = "1"
    results = [folder / f"rank{rank}.json" for rank in range(WORLD)]
    logs = [folder / f"rank{rank}.log" for rank in range(WORLD)]
    command = [sys.executable, SCRIPT, "{rank}", str(WORLD), str(folder / "store"), "{results}", *names]
    processes = []
    for rank in range(WORLD):
        with open(logs[rank], "w") as log:
            arguments = [part.format(rank=rank, results=results[rank]) for part in command]
            processes.append(subprocess.Popen(arguments, env=env, stdout=log, stderr=subprocess.STDOUT))
    overran = wait_for_ranks(processes)
    printed = [log.read_text(errors="replace") for log in logs]
    if overran:
        return f"the scenarios ran over {TIMEOUT_SECONDS} s:\n" + "\n".join(text[-3000:] for text in printed)
    for rank, process in enumerate(processes):
        if process.returncode != 0:
            return f"rank {rank} failed (exit code {process.returncode}):\n{printed[rank][-4000:]}"
    return [json.loads(path.read_text()) for path in results]


def wait_for_ranks(processes) -> bool:
    """Waits for every rank; kills the rest 10 s after one dies of a signal, or all after TIMEOUT_SECONDS.
    Returns whether the timeout struck."""
    deadline, crashed_at = time.monotonic() + TIMEOUT_SECONDS, None
    while any(process.poll() is None for process in processes):
        now = time.monotonic()
        if crashed_at is None and any((process.poll() or 0) < 0 for process in processes):
            crashed_at = now
        if now > deadline or (crashed_at is not None and now > crashed_at + 10):
            for process in processes:
                process.kill()
            for process in processes:
                process.wait()
            return now > deadline
        time.sleep(0.5)
    return False


def assert_all_ok(outcomes: list[dict[str, str]] | str, scenarios: list[str]) -> None:
    assert not isinstance(outcomes, str), outcomes
    failures = [f"{scenario} on rank {rank}:\n{outcome[scenario]}" for scenario in scenarios
                for rank, outcome in enumerate(outcomes) if outcome[scenario] != "ok"]  # fmt: skip
    assert not failures, "\n".join(failures)


def test_quick_scenarios_match_eager(tmp_path):
    """Every quick scenario matches eager on both ranks; then rank 1 raises while rank 0 waits in a
    collective: rank 1 ends, and rank 0 fails at once (its peer closed the connection) rather than after the
    collective timeout."""
    quick = [name for name in SCENARIOS if name not in SLOW]
    outcomes = run_scenarios(tmp_path, [*quick, "one_rank_fails"])  # that one ends them
    assert_all_ok(outcomes, quick)
    failed, waiting = outcomes[1]["one_rank_fails"], outcomes[0]["one_rank_fails"]
    assert "rank 1 fails on purpose" in failed
    assert "by peer" in waiting and "Timed out" not in waiting, waiting


@pytest.mark.slow
def test_slow_scenarios_match_eager(tmp_path):
    slow = [name for name in SCENARIOS if name in SLOW]
    assert_all_ok(run_scenarios(tmp_path, slow), slow)
