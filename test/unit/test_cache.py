"""Code cache integrity (issue 19): atomic entries, damaged entries recompiled, concurrent compilers."""

import os
import subprocess
import sys
import textwrap

import pytest

from irc import metrics
from irc.runtime import cache, loader

ATEN = """func.func @forward(%x: !aten.tensor<[3, 4], f32, strides [4, 1]>, %y: !aten.tensor<[4], f32, strides [1]>) -> !aten.tensor<[3], f32> {
  %s = aten.add %x, %y : (!aten.tensor<[3, 4], f32, strides [4, 1]>, !aten.tensor<[4], f32, strides [1]>) -> !aten.tensor<[3, 4], f32>
  %r = aten.sum %s dims = [1] : (!aten.tensor<[3, 4], f32>) -> !aten.tensor<[3], f32>
  func.return %r : !aten.tensor<[3], f32>
}
"""


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path))
    return tmp_path


def test_entries_carry_a_digest_and_leave_no_temporary_files(cache_dir):
    path = cache.store("ab" * 16, "print('hi')\n")
    assert open(path).readline().startswith(cache.HEADER)
    assert cache.read("ab" * 16) == "print('hi')\n" and cache.lookup("ab" * 16) == path
    assert os.listdir(os.path.dirname(path)) == [os.path.basename(path)]


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[: len(data) // 2],  # truncated
        lambda data: data[:-3] + ("x" if data[-3] != "x" else "y") + data[-2:],  # a byte changed
        lambda data: data.split("\n", 1)[1],  # no header (an entry of an older irc)
        lambda data: "",  # empty
    ],
    ids=["truncated", "corrupted", "no-header", "empty"],
)
def test_damaged_entries_are_misses(cache_dir, damage):
    path = cache.store("cd" * 16, "x = 1\ny = 2\n")
    with open(path) as f:
        data = f.read()
    with open(path, "w") as f:
        f.write(damage(data))
    assert cache.read("cd" * 16) is None and cache.lookup("cd" * 16) is None


def test_binary_garbage_is_a_miss(cache_dir):
    path = cache.store("ef" * 16, "x = 1\n")
    with open(path, "wb") as f:
        f.write(b"\xff\xfe\x00garbage")
    assert cache.lookup("ef" * 16) is None


def test_a_truncated_module_is_compiled_again(cache_dir):
    from irc.compile import compile_to_path

    metrics.reset()
    path = compile_to_path(ATEN)
    good = open(path).read()
    assert compile_to_path(ATEN) == path and metrics.cache_hits == 1
    with open(path, "w") as f:
        f.write(good[: len(good) // 3])  # as a writer killed mid-way (without the atomic rename) would leave
    loader.forget(path)  # as a later process, which has not loaded it
    assert compile_to_path(ATEN) == path and metrics.cache_hits == 1  # a miss: compiled and stored again
    assert open(path).read() == good


def test_a_failed_write_leaves_the_old_entry_and_no_temporary_file(cache_dir, monkeypatch):
    path = cache.store("12" * 16, "old = 1\n")

    def broken_fsync(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        cache.store("12" * 16, "new = 2\n")
    assert cache.read("12" * 16) == "old = 1\n"
    assert os.listdir(os.path.dirname(path)) == [os.path.basename(path)]


COMPILER = textwrap.dedent(
    """
    import sys, time
    import torch
    from irc.compile import compile_to_path
    from irc.runtime.loader import load
    start = float(sys.argv[2])
    while time.time() < start:  # both processes start compiling at the same moment
        time.sleep(0.01)
    path = compile_to_path(open(sys.argv[1]).read())
    module = load(path, interpret=True)
    x, y = torch.arange(12.0).reshape(3, 4), torch.arange(4.0)
    (out,) = module.call([x, y])
    assert torch.equal(out, (x + y).sum(1)), out
    print("ok", path)
    """
)


def test_two_processes_compiling_the_same_graph_both_succeed(cache_dir, tmp_path):
    import time

    graph = tmp_path / "graph.mlir"
    graph.write_text(ATEN)
    script = tmp_path / "compile.py"
    script.write_text(COMPILER)
    env = {**os.environ, "IRC_CACHE_DIR": str(cache_dir / "shared"), "TRITON_INTERPRET": "1"}
    start = str(time.time() + 20)
    runs = [subprocess.Popen([sys.executable, str(script), str(graph), start], env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True) for _ in range(2)]  # fmt: skip
    results = [run.communicate(timeout=600) for run in runs]
    for run, (out, err) in zip(runs, results):
        assert run.returncode == 0, err[-2000:]
        assert out.startswith("ok ")
    paths = {out.split()[1] for out, _ in results}
    assert len(paths) == 1
    (path,) = paths
    assert cache.read_verified(path) is not None  # both signed with the one key the first of them made
    leftovers = [n for n in os.listdir(os.path.dirname(path)) if n.endswith(".tmp")]
    assert not leftovers
