"""The OpInfo sweep's known failures (test/opinfo/sweep.py): each one a bug or a gap of irc, and a fix
removes its row. An unexpected pass fails the test too: `python test/opinfo/sweep.py --update-expected`
(`--all --all-samples` for the full sweep) rewrites this table from a run, keeping the reasons of rows that
still fail the same way and taking a new row's reason from its error; edit reasons by hand where that says
too little.

(op, dtype): (outcome, index of the first failing sample, reason)
"""

EXPECTED_FAILURES = {
}
