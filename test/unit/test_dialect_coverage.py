"""Every op of every dialect appears in its dialect's round-trip lit test."""

import os
import re

import pytest

LIT = os.path.join(os.path.dirname(__file__), "..", "lit", "Dialect")


@pytest.mark.parametrize("name", ["aten", "loop", "kernel", "triton"])
def test_every_op_is_round_tripped(name):
    from irc.registry import get_all_dialects

    dialect = get_all_dialects()[name]()
    with open(os.path.join(LIT, name, "ops.mlir")) as f:
        text = f.read()
    assert "IRC_ROUNDTRIP" in text
    missing = [op.name for op in dialect.operations if not re.search(re.escape(op.name) + r"\b", text)]
    assert not missing
