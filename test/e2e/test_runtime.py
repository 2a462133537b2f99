"""The runtime around the compiler: code cache, debug dumps, the fx-to-mlir tool, metrics, the pipeline string."""

import os
import subprocess
import sys

import pytest
import torch

from harness import check, rand
from irc import metrics


@pytest.mark.unchecked  # IRC_CHECK_PASSES keys by the aten text: no FX or Dynamo key
def test_warm_start_reuses_cached_code(tmp_path, monkeypatch, device):
    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path))
    fn = lambda x: torch.relu(x) * 3  # noqa: E731
    check(fn, rand(100, device=device))
    assert metrics.cache_hits == 0
    # CUDA: tuning results, the first call's kernels compiled, the kernel binary cache's records and cubins
    skipped = (".autotune.json", ".compiled", ".kernel.json", ".cubin", "hmac.key")
    files = [f for _, _, fs in os.walk(tmp_path) for f in fs if not f.endswith(skipped)]
    # the module and the pointers of its FX and Dynamo keys
    assert sorted(f.rsplit(".", 1)[1] for f in files) == ["dynamo", "fx", "py"]
    check(fn, rand(100, device=device))
    assert metrics.cache_hits == 1
    assert metrics.generated_kernel_count == 1  # counted from the cached module too


def test_metrics_report_compile_phases(tmp_path, monkeypatch, device):
    """Seconds per compile phase: import, passes and emission on a compile; kernel compile on a GPU's first
    launch; nothing on a cache hit."""
    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path))
    check(lambda x: torch.softmax(x, -1) * 2, rand(8, 33, device=device))
    phases = {"import", "passes", "emission"} | ({"kernel compile"} if device == "cuda" else set())
    assert phases <= set(metrics.phase_seconds) and all(s > 0 for s in metrics.phase_seconds.values())
    check(lambda x: torch.softmax(x, -1) * 2, rand(8, 33, device=device))
    assert metrics.cache_hits == 1 and "passes" not in metrics.phase_seconds


def test_debug_dump_writes_ir_after_every_pass_and_the_code(tmp_path, monkeypatch, device):
    monkeypatch.setenv("IRC_DEBUG", "1")
    monkeypatch.setenv("IRC_DEBUG_DIR", str(tmp_path / "dbg"))
    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path / "cache"))
    check(lambda x: x.sin() + 1, rand(10, device=device))
    (folder,) = os.listdir(tmp_path / "dbg")
    names = sorted(os.listdir(tmp_path / "dbg" / folder))
    assert names[0] == "01-input.mlir" and "output_code.py" in names
    assert any(n.endswith("convert-aten-to-loop.mlir") for n in names)
    assert any(n.endswith("convert-kernel-to-triton.mlir") for n in names)


def test_debug_dump_is_written_on_a_warm_cache_too(tmp_path, monkeypatch):
    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path / "cache"))
    fn = lambda x: x.cos() * 2  # noqa: E731
    check(fn, rand(10))
    monkeypatch.setenv("IRC_DEBUG", "1")
    monkeypatch.setenv("IRC_DEBUG_DIR", str(tmp_path / "dbg"))
    check(fn, rand(10))
    (folder,) = os.listdir(tmp_path / "dbg")
    assert "output_code.py" in os.listdir(tmp_path / "dbg" / folder)


def test_fx_to_mlir_output_goes_through_irc_opt(tmp_path, device):
    from irc.pipeline import DEFAULT_PIPELINE
    from irc.tools.fx_to_mlir import export

    path = tmp_path / "graph.mlir"
    export(lambda x, y: torch.sigmoid((x + y).sum(1)), [rand(3, 9, device=device), rand(3, 9, device=device)], str(path))
    assert "aten.sum" in path.read_text()
    out = subprocess.run(
        [sys.executable, "-m", "irc.tools.irc_opt", str(path), "-p", DEFAULT_PIPELINE, "-t", "triton"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "@triton.jit" in out.stdout and "def call(args)" in out.stdout


def test_metrics_reset(device):
    check(lambda x: x + 1, rand(10, device=device))
    assert metrics.graphs_compiled == 1
    metrics.reset()
    assert metrics.graphs_compiled == 0 and metrics.generated_kernel_count == 0 and not metrics.fallbacks


def test_registered_as_dynamo_backend():
    from torch._dynamo import list_backends

    assert "irc" in list_backends()



def test_interpreted_call_leaves_triton_language_as_it_was():
    """The interpreter leaves parts of triton.language patched after a launch; a later CUDA compile needs the originals."""
    from irc.runtime.interpreter_shims import _language_namespaces

    fn = lambda x: torch.softmax(x.sigmoid() * 2, 1)  # noqa: E731  (tl.max, tl.sum, tl.range, libdevice)
    check(fn, rand(5, 37))
    before = [(ns, dict(vars(ns))) for ns in _language_namespaces()]
    check(fn, rand(7, 3001))
    changed = [f"{ns.__name__}.{name}" for ns, names in before for name, v in names.items() if vars(ns).get(name) is not v]
    assert not changed


def test_interpreted_modules_check_their_views_fit_their_storage():
    """A CPU module's views go through torch.as_strided (a view past its storage's end raises); the C helper
    a CUDA module uses would let an extern write past the end of the buffer."""
    import pytest

    from irc.runtime.loader import load_source

    check(lambda x: torch.relu(x)[1:] * 3, rand(10))
    module = load_source(open(metrics.generated_modules[-1]).read(), interpret=True)
    base = torch.empty(4)
    assert module.reinterpret_tensor(base, (3,), (1,), 1).shape == (3,)
    with pytest.raises(RuntimeError, match="out of bounds"):
        module.reinterpret_tensor(base, (10,), (1,), 0)
