"""Kept kernel binaries on a GPU (irc/runtime/kernel_binary.py): a second process compiling the same model launches
every kernel from the cubins the first one kept, without Triton loading anything or hashing its sources; with the
switch off, or with the cubins damaged, Triton loads them as before and the answers stay right."""

import glob
import json
import os
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.gpu

MODEL = textwrap.dedent(
    """
    import json
    import torch
    import triton.runtime.cache as triton_cache
    from irc import metrics

    hashed = []  # Triton hashes its own sources (triton_key) before its first cache lookup
    triton_key = triton_cache.triton_key
    triton_cache.triton_key = lambda: hashed.append(1) or triton_key()

    model = torch.nn.Sequential(
        torch.nn.Linear(64, 256), torch.nn.GELU(), torch.nn.LayerNorm(256), torch.nn.Softmax(-1)
    ).cuda()
    compiled = torch.compile(model, backend="irc")
    with torch.no_grad():
        for rows in (8, 8):
            x = torch.randn(rows, 64, device="cuda")
            torch.testing.assert_close(compiled(x), model(x))
    print(json.dumps({"launches": dict(metrics.launch_compiles), "triton_key": len(hashed)}))
    """
)


def run(tmp_path, **env) -> dict:
    environment = {**os.environ, "IRC_CACHE_DIR": str(tmp_path / "cache"), **env}
    environment.pop("TRITON_CACHE_DIR", None)
    done = subprocess.run([sys.executable, "-c", MODEL], env=environment, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-4000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_second_process_launches_the_kept_binaries_without_triton(tmp_path):
    cold = run(tmp_path)
    assert cold["launches"].get("binary", 0) == 0 and glob.glob(str(tmp_path / "cache/*/*.cubin"))
    warm = run(tmp_path)
    assert warm["launches"].get("binary", 0) > 0
    assert warm["launches"].get("cached", 0) == 0 and warm["launches"].get("compiled", 0) == 0, warm
    assert warm["triton_key"] == 0


def test_switched_off_or_damaged_binaries_leave_it_to_triton(tmp_path):
    run(tmp_path)
    off = run(tmp_path, IRC_KERNEL_BINARY_CACHE="0")
    assert off["launches"].get("binary", 0) == 0 and off["launches"].get("cached", 0) > 0
    for path in glob.glob(str(tmp_path / "cache/*/*.cubin")):
        with open(path, "r+b") as f:
            f.truncate(16)
    damaged = run(tmp_path)
    assert damaged["launches"].get("binary", 0) == 0 and damaged["launches"].get("cached", 0) > 0
    again = run(tmp_path)  # the damaged process kept good binaries again
    assert again["launches"].get("binary", 0) > 0 and again["launches"].get("cached", 0) == 0
