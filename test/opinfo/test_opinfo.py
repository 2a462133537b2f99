"""PyTorch's OpInfo database through irc, as Inductor's OpInfo test (issue 21); the sweep is in sweep.py.

By default the first sample of a seeded quarter of the (op, dtype) cases; IRC_OPINFO=first runs the first
sample of every case, IRC_OPINFO=all every sample of every case. A failure (whole-graph fallback, wrong
answer, error) passes only as the expected failure `expected_failures.py` lists for it; an unexpected pass
fails too, and `python test/opinfo/sweep.py --update-expected --all` rewrites the table.
"""

import pytest

import sweep
from sweep_report import load_expected

OPS = sweep.ops()
MODE = sweep.mode()
ALL = MODE == "all"  # every sample
CASES = sweep.default_cases(sweep.all_cases(OPS)) if MODE == "subset" else sweep.all_cases(OPS)
EXPECTED = load_expected()
UPDATE = "python test/opinfo/sweep.py --update-expected --all" + (" --all-samples" if ALL else "")


pytestmark = pytest.mark.usefixtures("sweep_dynamo_settings")


@pytest.mark.parametrize("name,dtype", CASES, ids=[f"{name}-{dtype}" for name, dtype in CASES])
def test_opinfo(name, dtype):
    import torch

    outcome = sweep.run_case(OPS[name], getattr(torch, dtype), all_samples=ALL)
    row = EXPECTED.get((name, dtype))
    expected = row if row is not None and (ALL or row[1] == 0) else None
    if outcome.outcome == "skipped":
        pytest.skip(outcome.detail)
    if outcome.outcome in sweep.FAILURES:
        if expected is not None and expected[0] == outcome.outcome:
            pytest.xfail(expected[2])
        known = f" (expected: {expected[0]})" if expected else ""
        pytest.fail(f"{outcome.outcome} in sample {outcome.sample}{known}: {outcome.detail}")
    if expected is not None:
        pytest.fail(f"unexpected pass ({outcome.outcome}), expected {expected[0]}: `{UPDATE}` removes the row")
