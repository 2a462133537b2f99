"""Inputs whose elements share memory (expanded tensors, zero strides): compiled, checked, tuned (issue 17).

The pass checker (IRC_CHECK_PASSES) copies each input into its interpreter's layout and the autotuner copies
every argument before benchmarking: both copy through irc.runtime.layout, which handles such layouts.
"""

import pytest

from harness import check, rand
from irc import config

EXPANDED = {
    "column": lambda d: rand(37, 1, device=d).expand(37, 129),
    "row": lambda d: rand(129, device=d).expand(37, 129),
    "scalar": lambda d: rand(1, device=d).expand(37, 129),
    "overlapping": lambda d: rand(200, device=d).as_strided((37, 129), (1, 1)),
}


@pytest.mark.parametrize("checked", [False, True], ids=["plain", "checked"])
@pytest.mark.parametrize("kind", sorted(EXPANDED))
def test_expanded_inputs(kind, checked, device, monkeypatch):
    monkeypatch.setattr(config, "check_passes", checked)
    x, y = EXPANDED[kind](device), rand(37, 129, device=device)
    check(lambda x, y: (x * 2 + y, x.sum(1), (x - y).amax(0)), x, y)
