"""irc-reduce shrinks planted failures in 100-op modules to a handful of ops."""

import subprocess
import sys

import pytest
from big_graphs import chain_graph
from xdsl.parser import Parser

from irc.pipeline import make_context
from irc.reduce import count_ops, ddmin


@pytest.fixture
def broken_passes(monkeypatch):
    from broken_passes import BROKEN_PASSES

    from irc import registry

    for name, path in BROKEN_PASSES.items():
        monkeypatch.setitem(registry.PASSES, name, path)


def reduce(argv, capsys) -> tuple[str, str]:
    from irc.tools.irc_reduce import main

    with pytest.raises(SystemExit) as exit_:
        main(argv)
    out, err = capsys.readouterr()
    assert exit_.value.code == 0, err
    return out, err


def ops_in(text: str) -> int:
    return count_ops(Parser(make_context(), text).parse_module())


def test_ddmin_finds_the_ops_that_matter():
    tests = []

    def interesting(kept: set[int]) -> bool:
        tests.append(kept)
        return {13, 71} <= kept

    assert sorted(ddmin(range(100), interesting)) == [13, 71]
    assert len(tests) < 60


def test_a_planted_crash_shrinks_to_the_op_that_crashes(broken_passes, tmp_path, capsys):
    path = tmp_path / "graph.mlir"
    path.write_text(chain_graph(100, planted="sub"))
    assert ops_in(path.read_text()) == 101
    out, err = reduce([str(path), "--pipeline", "test-crash-on-sub,convert-aten-to-loop"], capsys)
    assert ops_in(out) < 10
    assert "aten.sub" in out and "[1, 1]" in out  # sizes shrunk too
    assert "failure: RuntimeError in 'test-crash-on-sub'" in err
    assert "// reproduce with: irc-opt reduced.mlir -p test-crash-on-sub,convert-aten-to-loop" in err


def test_a_planted_divergence_shrinks_below_ten_ops(broken_passes, tmp_path, capsys):
    path = tmp_path / "graph.mlir"
    path.write_text(chain_graph(100, planted="add", seed=1))
    pipeline = "convert-aten-to-loop,loop-inline,test-break-add,cse,dce"
    out, err = reduce([str(path), "--pipeline", pipeline, "--check-passes", "-o", str(tmp_path / "r.mlir")], capsys)
    reduced = (tmp_path / "r.mlir").read_text()
    assert ops_in(reduced) < 10
    assert "aten.add" in reduced
    assert "failure: pass 'test-break-add' diverges" in err
    assert f"irc-opt {tmp_path / 'r.mlir'} -p {pipeline} --check-passes" in err


def test_a_user_command_is_the_predicate(tmp_path):
    path = tmp_path / "graph.mlir"
    path.write_text(chain_graph(60, planted="sub", seed=2))
    out = subprocess.run(
        [sys.executable, "-m", "irc.tools.irc_reduce", str(path), "--command", "grep -q aten.sub {}"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert ops_in(out.stdout) == 2  # the sub and the return
    assert "// reproduce with: grep -q aten.sub reduced.mlir" in out.stderr


def test_an_input_that_does_not_fail_is_an_error(tmp_path, capsys):
    from irc.tools.irc_reduce import main

    path = tmp_path / "graph.mlir"
    path.write_text(chain_graph(5))
    with pytest.raises(SystemExit) as exit_:
        main([str(path), "--pipeline", "convert-aten-to-loop"])
    assert exit_.value.code == 1
    assert "irc-reduce: error: the pipeline does not fail on the input" in capsys.readouterr().err
