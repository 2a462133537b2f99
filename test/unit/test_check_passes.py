"""Differential checking (IRC_CHECK_PASSES / irc-opt --check-passes) catches and names a broken pass.

The broken passes live in broken_passes.py and are registered only here, through the `broken_pipeline` fixture.
"""

import os
import shlex
import sys

import pytest
import torch

from irc import config, metrics
from irc.interp.differential import PassDivergence
from irc.pipeline import DEFAULT_PASSES, DEFAULT_PIPELINE

# the broken pass rewrites the loop level's arith.addf: it runs right after loop-inline
BREAK_AT = DEFAULT_PASSES.index("loop-inline") + 1
BROKEN_PIPELINE = ",".join(DEFAULT_PASSES[:BREAK_AT] + ["test-break-add"] + DEFAULT_PASSES[BREAK_AT:])


@pytest.fixture
def broken_passes(monkeypatch):
    """Registers the test-only passes (and nothing else changes)."""
    from broken_passes import BROKEN_PASSES

    from irc import registry

    for name, path in BROKEN_PASSES.items():
        monkeypatch.setitem(registry.PASSES, name, path)


@pytest.fixture
def checking(monkeypatch, tmp_path):
    monkeypatch.setattr(config, "check_passes", True)
    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("IRC_DEBUG_DIR", str(tmp_path / "debug"))
    torch._dynamo.reset()
    metrics.reset()
    yield tmp_path / "debug"
    torch._dynamo.reset()


def rand(*shape):
    return torch.rand(*shape) * 4 - 2


def test_a_correct_pipeline_checks_every_pass(checking):
    x, y = rand(37, 19), rand(19)
    got = torch.compile(lambda a, b: torch.softmax(a + b, 1).sum(0), backend="irc")(x, y)
    torch.testing.assert_close(got, torch.softmax(x + y, 1).sum(0))
    assert metrics.passes_checked == len(DEFAULT_PASSES)
    assert not checking.exists()  # nothing written when nothing diverges


def test_the_broken_pass_is_caught_and_named(checking, broken_passes, monkeypatch):
    monkeypatch.setattr(config, "pipeline", BROKEN_PIPELINE)
    compiled = torch.compile(lambda a, b: (a + b).sum(1), backend="irc")
    with pytest.raises(PassDivergence) as caught:
        compiled(rand(5, 7), rand(5, 7))
    assert caught.value.pass_name == "test-break-add"
    assert "pass 'test-break-add' diverged: output 0" in str(caught.value)
    assert metrics.passes_checked == BREAK_AT + 1  # the passes before it, then the failing check
    before_name, after_name = f"before-{BREAK_AT + 1:02}.mlir", f"after-{BREAK_AT + 2:02}-test-break-add.mlir"
    names = sorted(os.listdir(caught.value.folder))
    assert names == [after_name, before_name, "inputs.pt", "reproduce.sh"]
    before = open(os.path.join(caught.value.folder, before_name)).read()
    after = open(os.path.join(caught.value.folder, after_name)).read()
    assert "arith.addf" in before and "arith.subf" in after
    inputs = torch.load(os.path.join(caught.value.folder, "inputs.pt"))
    assert [tuple(t.shape) for t in inputs] == [(5, 7), (5, 7)]
    command = open(os.path.join(caught.value.folder, "reproduce.sh")).read()
    assert "-m irc.tools.irc_opt" in command and "-p test-break-add --check-passes --check-inputs" in command


def test_a_broken_triton_level_pass_is_located(checking, broken_passes, monkeypatch):
    """The compiled module's outputs disagree with the kernel level: the kept triton levels are run in order."""
    passes = DEFAULT_PASSES[:-2] + ["test-break-triton-add"] + DEFAULT_PASSES[-2:]
    monkeypatch.setattr(config, "pipeline", ",".join(passes))
    compiled = torch.compile(lambda a, b: torch.sigmoid(a * b + 1.5), backend="irc")
    with pytest.raises(PassDivergence) as caught:
        compiled(rand(5, 7), rand(5, 7))
    assert caught.value.pass_name == "test-break-triton-add"
    position = len(DEFAULT_PASSES)  # the input is 01, so the pass at index len-2 is number len
    assert sorted(os.listdir(caught.value.folder))[0] == f"after-{position:02d}-test-break-triton-add.mlir"


def test_irc_opt_check_passes_names_the_broken_pass(broken_passes, tmp_path, monkeypatch, capsys):
    from irc.tools.irc_opt import main

    monkeypatch.setenv("IRC_DEBUG_DIR", str(tmp_path))
    path = tmp_path / "graph.mlir"
    path.write_text(GRAPH)
    with pytest.raises(SystemExit) as exit_:
        main([str(path), "-p", BROKEN_PIPELINE, "--check-passes", "--check-bind", "s0=13"])
    assert exit_.value.code == 1
    assert "irc-opt: error: pass 'test-break-add' diverged" in capsys.readouterr().err


def test_irc_opt_check_passes_accepts_the_default_pipeline(tmp_path, capsys):
    from irc.tools.irc_opt import main

    path = tmp_path / "graph.mlir"
    path.write_text(GRAPH)
    main([str(path), "-p", DEFAULT_PIPELINE, "--check-passes", "--check-bind", "s0=13", "-o", str(tmp_path / "out")])
    assert f"{len(DEFAULT_PASSES)} passes checked, no divergence" in capsys.readouterr().err


def test_a_failing_compile_leaves_the_graph_and_a_reproducer(broken_passes, tmp_path, monkeypatch):
    monkeypatch.setenv("IRC_DEBUG", "1")
    monkeypatch.setenv("IRC_DEBUG_DIR", str(tmp_path / "debug"))
    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(config, "pipeline", "test-crash-on-sub," + DEFAULT_PIPELINE)
    torch._dynamo.reset()
    with pytest.raises(Exception, match="found aten.sub"):
        torch.compile(lambda a: (a - 1).exp(), backend="irc")(rand(4))
    torch._dynamo.reset()
    (folder,) = os.listdir(tmp_path / "debug")
    files = os.listdir(tmp_path / "debug" / folder)
    assert "failing-graph.mlir" in files and "reproduce.sh" in files
    script = open(tmp_path / "debug" / folder / "reproduce.sh").read()
    command = shlex.split(next(line for line in script.splitlines() if " -m irc.tools.irc_opt " in line))
    assert command[:3] == [sys.executable, "-m", "irc.tools.irc_opt"]
    assert command[3].endswith("failing-graph.mlir") and command[4] == "-p"
    assert command[5] == config.pipeline
    assert "aten.sub" in open(tmp_path / "debug" / folder / "failing-graph.mlir").read()


def test_an_invalid_kernel_is_a_graph_fallback_without_pass_verification(broken_passes, tmp_path, monkeypatch):
    """torch.compile verifies only the final module by default: a kernel Triton would reject runs the graph
    eagerly (a right answer and a warning), not an error at its first launch."""
    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(config, "verify_passes", False)
    monkeypatch.setattr(config, "fallback_on_error", True)
    monkeypatch.setattr(config, "pipeline", DEFAULT_PIPELINE + ",test-break-triton-shape")
    torch._dynamo.reset()
    metrics.reset()
    x = rand(37, 19)
    torch.testing.assert_close(torch.compile(lambda a: (a + 1).exp(), backend="irc")(x), (x + 1).exp())
    assert metrics.graph_fallbacks == 1
    torch._dynamo.reset()


GRAPH = """
func.func @forward(%x: !aten.tensor<[s0, 9], f32, strides [9, 1]>, %y: !aten.tensor<[9], f32, strides [1]>) -> !aten.tensor<[s0], f32> {
  %0 = aten.add %x, %y : (!aten.tensor<[s0, 9], f32, strides [9, 1]>, !aten.tensor<[9], f32, strides [1]>) -> !aten.tensor<[s0, 9], f32>
  %1 = aten.sigmoid %0 : (!aten.tensor<[s0, 9], f32>) -> !aten.tensor<[s0, 9], f32>
  %2 = aten.sum %1 dims = [1] : (!aten.tensor<[s0, 9], f32>) -> !aten.tensor<[s0], f32>
  func.return %2 : !aten.tensor<[s0], f32>
}
"""
