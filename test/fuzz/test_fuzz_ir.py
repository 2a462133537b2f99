"""The seeded IR mutation fuzzer (tools/fuzz_ir.py) as a test: no traceback, hang or code execution (issue 19).

A few hundred mutations of the lit inputs and of printed e2e IR (test/fuzz/seeds) run through irc-opt (parse,
verify, print; or a pipeline down to the triton target) and irc-run in one worker process. Every case must
end in acceptance or a diagnostic. The long run is `python -m irc.tools.fuzz_ir --cases 10000`. A second,
shorter run mutates only what reaches printed Python (kernel and choice names, overloads, keyword names,
encoded strings; issue 34) and loads every module a pipeline prints: no marker file, only diagnostics.
"""

import os

from irc.tools.fuzz_ir import BAD, fuzz

CASES = int(os.environ.get("IRC_FUZZ_CASES", "250"))
NAME_CASES = int(os.environ.get("IRC_FUZZ_NAME_CASES", "120"))


def test_mutated_ir_ends_in_a_diagnostic():
    result = fuzz(CASES, seed=int(os.environ.get("IRC_FUZZ_SEED", "0")), timeout=30.0, budget=150.0)
    counts = result["counts"]
    ran = sum(counts.values())
    assert not any(counts[o] for o in BAD), describe(result["failures"])
    assert ran >= min(CASES, 100), f"only {ran} cases within the time budget: {dict(counts)}"
    assert counts["diagnostic"] and counts["accepted"], dict(counts)


def test_hostile_names_and_overloads_never_run():
    seed = int(os.environ.get("IRC_FUZZ_SEED", "0"))
    result = fuzz(NAME_CASES, seed=seed, timeout=30.0, budget=60.0, names=True)
    counts = result["counts"]
    assert not any(counts[o] for o in BAD), describe(result["failures"])
    assert sum(counts.values()) >= min(NAME_CASES, 50), dict(counts)
    assert counts["diagnostic"], dict(counts)


def describe(failures: list[dict]) -> str:
    lines = [f"case {f['number']} ({f['seed']}, {f['tool']}): {f['outcome']}: {f['message']}" for f in failures]
    return "\n".join(lines)
