"""Mutated cache entries (issue 34): a seeded, bounded run of damaged, forged and planted entries of an emitted
module. Each later load must run the right code (the answer matches eager), run no planted line (no marker
file), and leave the entry repaired. IRC_FUZZ_CACHE_CASES sets the number of cases."""

import hashlib
import importlib.util
import os
import random
import time

import torch

from irc.compile import compile_to_path, make_runner
from irc.runtime import cache, loader

CASES = int(os.environ.get("IRC_FUZZ_CACHE_CASES", "30"))
BUDGET_SECONDS = 120.0
X, Y, R = "!aten.tensor<[5, 7], f32, strides [7, 1]>", "!aten.tensor<[7], f32, strides [1]>", "!aten.tensor<[5], f32>"
ATEN = f"""func.func @forward(%x: {X}, %y: {Y}) -> {R} {{
  %s = aten.mul %x, %y : ({X}, {Y}) -> !aten.tensor<[5, 7], f32>
  %r = aten.sum %s dims = [1] : (!aten.tensor<[5, 7], f32>) -> {R}
  func.return %r : {R}
}}
"""


def forged(body: bytes) -> bytes:
    return cache.HEADER.encode() + hashlib.sha256(body).hexdigest().encode() + b"\n" + body


def mutations(marker: str):
    """name -> f(rng, entry bytes) -> new bytes; `marker` is the file a planted line would write."""
    planted = f"open({marker!r}, 'w').write('ran')\n".encode()

    def body(data: bytes) -> bytes:
        return data.partition(b"\n")[2]

    def at_line(rng, data: bytes) -> int:
        starts = [0] + [i + 1 for i, c in enumerate(data) if c == ord("\n")]
        return rng.choice(starts)

    def flip(rng, data):
        i = rng.randrange(len(data))
        return data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1 :]

    def plant(rng, data):
        i = at_line(rng, body(data))
        return forged(body(data)[:i] + planted + body(data)[i:])

    return {
        "flip": flip,
        "truncate": lambda rng, data: data[: rng.randrange(len(data))],
        "plant": plant,
        "double": lambda rng, data: forged(body(data) + b"\n_c = call\ncall = lambda a: [2 * o for o in _c(a)]\n"),
        "forge": lambda rng, data: forged(body(data).replace(b"sum", b"prod", 1)),
        "headerless": lambda rng, data: body(data),
        "empty": lambda rng, data: b"",
        "garbage": lambda rng, data: rng.randbytes(rng.randrange(1, 200)),
        "other-entry": lambda rng, data: open(cache.store("ee" * 16, planted.decode()), "rb").read(),
        "pyc": lambda rng, data: data,  # the entry intact, a planted .pyc beside it
    }


def plant_pyc(path: str, marker: str) -> None:
    from importlib._bootstrap_external import _code_to_timestamp_pyc

    info, pyc = os.stat(path), importlib.util.cache_from_source(path)
    code = compile(f"open({marker!r}, 'w').write('ran')\n", path, "exec")
    os.makedirs(os.path.dirname(pyc), exist_ok=True)
    with open(pyc, "wb") as f:
        f.write(bytes(_code_to_timestamp_pyc(code, info.st_mtime, info.st_size)))


def test_mutated_cache_entries_never_run_and_are_repaired(tmp_path, monkeypatch):
    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path / "cache"))
    marker = str(tmp_path / "marker")
    path = compile_to_path(ATEN)
    good = open(path, "rb").read()
    rng, table = random.Random(int(os.environ.get("IRC_FUZZ_SEED", "0"))), mutations(marker)
    deadline, ran = time.monotonic() + BUDGET_SECONDS, 0
    for case in range(CASES):
        if time.monotonic() > deadline:
            break
        name = rng.choice(sorted(table))
        with open(path, "wb") as f:
            f.write(table[name](rng, good))
        if name == "pyc":
            plant_pyc(path, marker)
        for loaded in ("_loaded", "_sources"):  # as a later process
            getattr(loader, loaded, {}).clear()
        assert compile_to_path(ATEN) == path, (case, name)
        x, y = torch.randn(5, 7), torch.randn(7)
        (out,) = make_runner(path)([x, y])
        torch.testing.assert_close(out, (x * y).sum(1), msg=f"case {case} ({name})")
        assert not os.path.exists(marker), f"case {case} ({name}) ran a planted line"
        assert open(path, "rb").read() == good, f"case {case} ({name}) left the entry unrepaired"
        ran += 1
    assert ran >= min(CASES, 10)
