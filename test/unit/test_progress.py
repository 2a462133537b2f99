"""Progress of long compile steps: one rewritten line on a terminal, log lines elsewhere, nothing when quick."""

import io
import logging

import pytest

from irc.runtime import progress
from irc.runtime.progress import Progress


class Terminal(io.StringIO):
    def isatty(self):
        return True


@pytest.fixture
def slow(monkeypatch):
    monkeypatch.setattr(progress, "AFTER_SECONDS", 0.0)
    monkeypatch.setattr(progress, "REDRAW_SECONDS", 0.0)


def test_a_terminal_gets_one_updating_line(slow):
    stream = Terminal()
    with Progress("compiling Triton kernels", 3, stream) as bar:
        for _ in range(3):
            bar.step()
    text = stream.getvalue()
    assert text.count("\n") == 1 and text.endswith("\n") and text.count("\r") == 4
    assert "compiling Triton kernels 3/3" in text.splitlines()[-1].split("\r")[-1]


def test_elsewhere_a_log_line_when_slow_and_one_when_done(slow, caplog):
    stream = io.StringIO()
    with caplog.at_level(logging.INFO, logger="irc"):
        with Progress("autotuning kernels", None, stream) as bar:
            for _ in range(5):
                bar.step()
    assert stream.getvalue() == ""
    lines = [r.getMessage() for r in caplog.records if r.name == "irc"]
    assert len(lines) == 2 and lines[0].endswith("...") and "autotuning kernels 5 (" in lines[1]


def test_quick_steps_show_nothing(caplog):
    stream = Terminal()
    with caplog.at_level(logging.INFO, logger="irc"):
        with Progress("compiling Triton kernels", 2, stream) as bar:
            bar.step()
            bar.step()
    assert stream.getvalue() == "" and not caplog.records


def test_a_slow_block_that_did_nothing_shows_nothing(slow, caplog):
    stream = Terminal()
    with caplog.at_level(logging.INFO, logger="irc"):
        with Progress("autotuning kernels", None, stream):
            pass
    assert stream.getvalue() == "" and not caplog.records


def test_a_graph_compile_counts_its_passes_as_passes(slow, caplog):
    from irc.compile import compile_module_text
    from irc.pipeline_spec import configured_pipeline

    text = """builtin.module {
  func.func @forward(%x: !aten.tensor<[37], f32, strides [1]>) -> !aten.tensor<[37], f32> {
    %y = aten.exp %x : (!aten.tensor<[37], f32, strides [1]>) -> !aten.tensor<[37], f32>
    func.return %y : !aten.tensor<[37], f32>
  }
}"""
    with caplog.at_level(logging.INFO, logger="irc"):
        compile_module_text(text, "forward_0")
    steps = len(configured_pipeline(False, False).split(","))
    lines = [r.getMessage() for r in caplog.records if r.name == "irc"]
    assert any(f"irc: compiling forward_0: pass {steps}/{steps} (" in line for line in lines), lines
