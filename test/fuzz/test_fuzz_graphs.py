"""The random-graph differential fuzzer (tools/fuzz_graphs.py) as a test: irc on CPU agrees with eager.

A short run of seeded random programs; the long run is `python -m irc.tools.fuzz_graphs --graphs 2000`.
Mismatches found by the long run are regression tests in test/fuzz/test_fuzz_regressions.py.
"""

import os

from irc.tools.fuzz_graphs import fuzz

GRAPHS = int(os.environ.get("IRC_FUZZ_GRAPHS", "12"))


def test_random_graphs_match_eager():
    result = fuzz(GRAPHS, seed=int(os.environ.get("IRC_FUZZ_SEED", "0")), budget=120.0)
    counts = result["counts"]
    failures = "\n".join(f"graph {f['number']}: {f['outcome']}: {f['program']}: {f['message']}" for f in result["failures"])
    assert not counts["mismatch"] and not counts["error"], failures
    assert counts["ok"] >= min(GRAPHS, 4), dict(counts)
