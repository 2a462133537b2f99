"""End to end: a graph whose compile fails under IRC_DEBUG leaves a reproduce.sh that runs as written (no
tools on PATH) and fails the same way, and whose irc-reduce shrinks the graph to a case that still fails."""

import os
import subprocess
import sys

import pytest
import torch

from irc.pipeline_spec import DEFAULT_PASSES

UNIT_TESTS = os.path.dirname(os.path.abspath(__file__))
# aten.sub makes the compile crash at the second pass, so the script also starts from the IR after the first
PIPELINE = ",".join(DEFAULT_PASSES[:1] + ["test-crash-on-sub"] + DEFAULT_PASSES[1:])
SITECUSTOMIZE = f"""import sys
sys.path.insert(0, {UNIT_TESTS!r})
from broken_passes import BROKEN_PASSES
from irc import registry
registry.PASSES.update(BROKEN_PASSES)
"""


@pytest.fixture
def broken_passes(monkeypatch, tmp_path):
    """The test passes, registered here and, through a sitecustomize, in every Python the script starts."""
    from broken_passes import BROKEN_PASSES

    from irc import registry

    for name, path in BROKEN_PASSES.items():
        monkeypatch.setitem(registry.PASSES, name, path)
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(SITECUSTOMIZE)
    return str(hook)


def model(x, y):
    m = x @ y  # an extern: its result type carries strides, as a function input's does
    h = (m - 1.0) * torch.tanh(m) + x.sum(1, keepdim=True)
    return (torch.relu(h) + torch.exp(-h)).mean(0)  # no other aten.sub


def ops(path) -> int:
    return sum(1 for line in open(path) if " = " in line and "func.func" not in line)


def test_debug_reproducer_runs_and_reduces(broken_passes, tmp_path):
    from irc import config

    torch._dynamo.reset()
    x, y = torch.randn(5, 7), torch.randn(7, 7)
    with config.patch(debug=True, debug_dir=str(tmp_path / "debug"), pipeline=PIPELINE):
        with pytest.raises(Exception, match="test-crash-on-sub: found aten.sub"):
            torch.compile(model, backend="irc")(x, y)
    [folder] = [os.path.join(d, "") for d, _, files in os.walk(tmp_path / "debug") if "reproduce.sh" in files]
    script = open(folder + "reproduce.sh").read()
    assert script.startswith("#!/bin/sh\n") and f"{sys.executable} -m irc.tools.irc_opt" in script

    bare = {"PATH": "/usr/bin:/bin", "PYTHONPATH": broken_passes, "HOME": os.environ.get("HOME", "/tmp")}
    bare["IRC_CACHE_DIR"] = os.environ["IRC_CACHE_DIR"]
    done = subprocess.run([folder + "reproduce.sh"], cwd=tmp_path, env=bare, capture_output=True, text=True,
                          timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stderr  # the script's last command, irc-reduce, found the failure
    assert done.stderr.count("RuntimeError: test-crash-on-sub: found aten.sub") == 2, done.stderr
    assert "not found" not in done.stderr

    reduced = folder + "reduced.mlir"
    assert ops(reduced) < ops(folder + "failing-graph.mlir") // 3
    again = subprocess.run([sys.executable, "-m", "irc.tools.irc_opt", reduced, "-p", PIPELINE], env=bare,
                           capture_output=True, text=True, timeout=300)  # fmt: skip
    assert again.returncode == 2 and "test-crash-on-sub: found aten.sub" in again.stderr
