"""IRC_DEBUG's folders: one root per process, one folder per graph named by its role and number, nothing
overwritten by a later graph or a later run."""

import os

import pytest
import torch

from harness import check, rand
from irc import debug


@pytest.fixture
def debugging(tmp_path, monkeypatch):
    monkeypatch.setenv("IRC_DEBUG", "1")
    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path


def test_a_training_step_writes_forward_0_and_backward_0(debugging, monkeypatch):
    monkeypatch.setenv("IRC_DEBUG_DIR", str(debugging / "dbg"))
    torch._dynamo.reset()
    weight = torch.randn(7, 5, requires_grad=True)
    x = rand(3, 7)
    torch.compile(lambda x: (x @ weight).tanh().sum(), backend="irc")(x).backward()
    torch.testing.assert_close(weight.grad, x.t() @ (1 - (x @ weight).tanh() ** 2).detach().expand(3, 5))
    assert sorted(os.listdir(debugging / "dbg")) == ["backward_0", "forward_0"]
    assert "output_code.py" in os.listdir(debugging / "dbg" / "backward_0")


def test_graphs_of_one_process_share_one_root_and_none_is_overwritten(debugging, monkeypatch):
    monkeypatch.chdir(debugging)
    monkeypatch.delenv("IRC_DEBUG_DIR", raising=False)
    debug.process_root.cache_clear()
    try:
        check(lambda x: x.sin() * 2, rand(9))
        check(lambda x: x.cos() + 3, rand(11))
        check(lambda x: x.sin() * 2, rand(9))  # the same graph again: a new folder, the first one kept
    finally:
        debug.process_root.cache_clear()
    (root,) = os.listdir(debugging / "irc-debug")
    assert root.endswith(f"-{os.getpid()}")
    folders = sorted(os.listdir(debugging / "irc-debug" / root))
    assert folders == ["inference_0", "inference_1", "inference_2"]
    codes = [(debugging / "irc-debug" / root / f / "output_code.py").read_text() for f in folders]
    assert "sin" in codes[0] and "cos" in codes[1] and "sin" in codes[2]


def test_a_later_run_into_the_same_folder_takes_new_numbers(debugging, monkeypatch):
    monkeypatch.setenv("IRC_DEBUG_DIR", str(debugging / "dbg"))
    (debugging / "dbg" / "inference_0").mkdir(parents=True)
    (debugging / "dbg" / "inference_0" / "output_code.py").write_text("# an earlier run's\n")
    check(lambda x: x.exp() - 1, rand(6))
    assert sorted(os.listdir(debugging / "dbg")) == ["inference_0", "inference_1"]
    assert (debugging / "dbg" / "inference_0" / "output_code.py").read_text() == "# an earlier run's\n"


def test_torch_compile_debug_writes_irc_folders_beside_inductor(debugging, monkeypatch):
    import torch._dynamo.config
    import torch._inductor.config

    monkeypatch.delenv("IRC_DEBUG")
    monkeypatch.delenv("IRC_DEBUG_DIR", raising=False)
    # torch's config patch, not monkeypatch: undoing a monkeypatch of a sub-config's attribute deletes the entry
    # (`torch._inductor.config.trace.enabled does not exist` in every later test of the process)
    with torch._inductor.config.patch({"trace.enabled": True}):
        monkeypatch.setattr(torch._dynamo.config, "debug_dir_root", str(debugging / "torch_compile_debug"))
        check(lambda x: x.tanh() * 2, rand(5))
    (run,) = os.listdir(debugging / "torch_compile_debug")
    assert run.startswith("run_") and run.endswith(f"-pid_{os.getpid()}")
    folder = debugging / "torch_compile_debug" / run / "irc" / "inference_0"
    assert "output_code.py" in os.listdir(folder)
