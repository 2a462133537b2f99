"""irc in torch's tooling: TORCH_LOGS names irc's log and artifacts (output_code shows irc's module),
tlparse's structured trace gets irc's artifacts, irc's phases are dynamo_timed spans; nothing when nothing
asks."""

import logging
import os
import subprocess
import sys

import pytest
import torch

from harness import check, rand

PROGRAM = """
import torch
x, y = torch.randn(8, 33), torch.randn(33)
got = torch.compile(lambda x, y: torch.softmax(x + y, -1).sum(0), backend="irc")(x, y)
torch.testing.assert_close(got, torch.softmax(x + y, -1).sum(0))
"""


def test_torch_logs_shows_irc_debug_logs_its_module_each_pass_and_the_fusion_decisions(tmp_path):
    names = "+irc,output_code,irc_ir,irc_fusion"
    environment = {**os.environ, "IRC_CACHE_DIR": str(tmp_path), "TORCH_LOGS": names}
    done = subprocess.run([sys.executable, "-c", PROGRAM], capture_output=True, text=True, timeout=300,
                          env=environment, cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stderr.splitlines()
    assert any("irc: compiled the inference graph" in line for line in lines)  # an info line of irc's log
    assert any("irc: inference: kernel-fuse in " in line for line in lines)  # a debug line: a pass's time
    code = [line.split("[__output_code] ", 1)[1] for line in lines if "[__output_code] " in line]
    assert "@triton.jit" in code and any(line.startswith("def call(") for line in code)
    ir = "\n".join(line for line in lines if "[__irc_ir] " in line)
    for label in ("input", "convert-aten-to-loop", "kernel-fuse", "convert-kernel-to-triton"):
        assert f"IR of inference after {label}:" in ir
    assert "aten.amax" in ir and "loop.reduction" in ir and "kernel.launch" in ir and "triton.func" in ir
    fusion = "\n".join(line for line in lines if "[__irc_fusion] " in line)
    assert "func @forward: kernels" in fusion and "groups:" in fusion


class Records(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.records = []

    def emit(self, record):
        self.records.append(record)


@pytest.fixture
def traced():
    """What torch's structured trace (TORCH_TRACE, tlparse's input) records, as a handler on its logger."""
    from torch._logging._internal import trace_log

    handler = Records()
    trace_log.addHandler(handler)
    yield handler.records
    trace_log.removeHandler(handler)


def artifacts(records) -> dict[str, str]:
    named = {}
    for record in records:
        metadata = getattr(record, "metadata", {}).get("artifact")
        if metadata is not None:
            named[metadata["name"]] = record.payload
    return named


def test_the_structured_trace_gets_irc_module_ir_and_fusion_artifacts(traced, tmp_path, monkeypatch):
    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path))
    check(lambda x: (x.exp() * 2).sum(1), rand(6, 17))
    found = artifacts(traced)
    assert "@triton.jit" in found["irc_output_code_inference"]
    assert "aten.exp" in found["irc_ir_inference_00_input"]
    last = [text for name, text in found.items() if name.endswith("convert-kernel-to-triton")]
    assert last and "triton.func" in last[0]
    assert "func @forward: kernels 1" in found["irc_fusion_inference"]


def test_irc_phases_are_dynamo_timed_spans(tmp_path, monkeypatch):
    from torch._dynamo.utils import compilation_time_metrics

    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path))
    compilation_time_metrics.clear()
    check(lambda x: x.sin() + x.sum(), rand(6, 5))
    spans = {"irc_import", "irc_passes", "irc_emission", "irc_load"}
    spans |= {f"irc_passes_{level}" for level in ("aten", "loop", "kernel", "triton")}
    assert spans <= set(compilation_time_metrics)


def test_nothing_asked_leaves_irc_logger_alone(tmp_path, monkeypatch):
    """Without TORCH_LOGS naming irc, torch's logging does not take over irc's logger (its records still
    reach the root logger's handlers) and no artifact is made (torch's idle trace handler is not tracing)."""
    from torch._logging._internal import log_registry

    from irc import torch_logs

    if "TORCH_LOGS" in os.environ or "TORCH_TRACE" in os.environ:
        pytest.skip("TORCH_LOGS or TORCH_TRACE is set for this run")
    made, artifact = [], torch_logs.artifact

    def spy(name, text_fn, *rest):
        artifact(name, lambda: made.append(name) or text_fn(), *rest)

    monkeypatch.setattr(torch_logs, "artifact", spy)
    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path))
    check(lambda x: x.cos() * 3, rand(7))
    assert made == []  # no IR printed, no fusion report written, no module read
    assert not log_registry.is_log("irc") and logging.getLogger("irc").propagate
    assert log_registry.is_artifact("irc_ir") and log_registry.is_artifact("irc_fusion")
