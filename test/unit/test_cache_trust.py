"""The code cache runs only what this user's irc wrote (issue 34): private folders, signed entries, the bytes
checked are the bytes executed, and an entry that does not load is compiled again, never eager for good."""

import builtins
import hashlib
import importlib.util
import io
import logging
import os
import shutil
import tempfile

import pytest
import torch

from irc import metrics
from irc.runtime import cache, loader

from test_cache import ATEN

PLANTED = "open({marker!r}, 'w').write('ran')\n"
DOUBLED = "\n_call = call\n\n\ndef call(args):\n    return [2 * out for out in _call(args)]\n"


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("IRC_CACHE_DIR", str(folder))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))  # fallback folders made here
    return folder


def as_a_later_process() -> None:
    """Forgets the modules this process loaded: a later process reads the cache afresh."""
    for table in ("_loaded", "_sources"):
        getattr(loader, table, {}).clear()


def compiled_entry() -> tuple[str, str]:
    """(path, text) of the module ATEN compiles to."""
    from irc.compile import compile_to_path

    path = compile_to_path(ATEN)
    return path, open(path).read()


def forge(path: str, body: str) -> None:
    """Writes an entry as one who knows the format but not the key would: the header's digest of the body."""
    with open(path, "w") as f:
        f.write(cache.HEADER + hashlib.sha256(body.encode()).hexdigest() + "\n" + body)


def runs_right(path: str) -> None:
    from irc.compile import compile_to_path, make_runner

    assert compile_to_path(ATEN) == path
    x, y = torch.randn(3, 4), torch.randn(4)
    (out,) = make_runner(path)([x, y])
    torch.testing.assert_close(out, (x + y).sum(1))


def test_folders_are_private_and_entries_and_key_0600(cache_dir):
    previous = os.umask(0o002)
    try:
        path = cache.store("ab" * 16, "x = 1\n")
    finally:
        os.umask(previous)
    assert os.stat(cache_dir).st_mode & 0o777 == 0o700
    assert os.stat(os.path.dirname(path)).st_mode & 0o777 == 0o700
    assert os.stat(path).st_mode & 0o777 == 0o600
    assert os.stat(cache_dir / "hmac.key").st_mode & 0o777 == 0o600


@pytest.mark.parametrize("mode", [0o777, 0o770])
def test_a_folder_others_can_write_is_refused_with_one_warning(cache_dir, caplog, mode):
    cache_dir.mkdir(mode=0o700)
    os.chmod(cache_dir, mode)
    with caplog.at_level(logging.WARNING, logger="irc"):
        path = cache.store("cd" * 16, "x = 1\n")
        cache.store("ce" * 16, "x = 2\n")
        assert cache.read("cd" * 16) == "x = 1\n"
    assert not str(path).startswith(str(cache_dir)) and os.listdir(cache_dir) == []
    assert os.stat(cache.cache_root()).st_mode & 0o777 == 0o700
    warnings = [r for r in caplog.records if str(cache_dir) in r.getMessage()]
    assert len(warnings) == 1 and "\n" not in warnings[0].getMessage()


def test_a_folder_of_another_user_is_refused(cache_dir, monkeypatch, caplog):
    cache_dir.mkdir(mode=0o700)
    real = os.getuid()
    monkeypatch.setattr(os, "getuid", lambda: real + 1)  # the folder is now another user's
    with caplog.at_level(logging.WARNING, logger="irc"):
        root = cache.cache_root()
    assert os.path.realpath(root) != os.path.realpath(cache_dir)
    assert any(f"owned by uid {real}" in r.getMessage() for r in caplog.records)


def test_a_planted_module_is_not_run(cache_dir, tmp_path):
    path, good = compiled_entry()
    marker = tmp_path / "marker"
    forge(path, PLANTED.format(marker=str(marker)) + good.partition("\n")[2])
    as_a_later_process()
    runs_right(path)
    assert not marker.exists()
    assert open(path).read() == good  # repaired


def test_a_tampered_entry_is_compiled_again_and_answers_right(cache_dir):
    path, good = compiled_entry()
    forge(path, good.partition("\n")[2] + DOUBLED)
    as_a_later_process()
    runs_right(path)
    assert open(path).read() == good


def test_an_entry_copied_from_another_cache_is_a_miss(cache_dir, tmp_path, monkeypatch):
    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path / "elsewhere"))
    path, good = compiled_entry()
    monkeypatch.setenv("IRC_CACHE_DIR", str(cache_dir))
    copy = cache.path_for(os.path.basename(path).removesuffix(".py"))
    os.makedirs(os.path.dirname(copy), exist_ok=True)
    shutil.copyfile(path, copy)
    as_a_later_process()
    metrics.reset()
    runs_right(copy)
    assert metrics.cache_hits == 0  # signed under another folder's key


def pyc_of(path: str, code_text: str) -> bytes:
    """A .pyc of `code_text` that importlib would take for `path`'s (same mtime and size)."""
    from importlib._bootstrap_external import _code_to_timestamp_pyc

    info = os.stat(path)
    return bytes(_code_to_timestamp_pyc(compile(code_text, path, "exec"), info.st_mtime, info.st_size))


@pytest.mark.parametrize("kind", ["planted", "truncated"])
def test_a_pyc_beside_an_entry_is_never_read(cache_dir, tmp_path, kind):
    path, good = compiled_entry()
    pyc = importlib.util.cache_from_source(path)
    assert not os.path.exists(os.path.dirname(pyc))  # loading wrote no .pyc
    marker = tmp_path / "marker"
    data = pyc_of(path, PLANTED.format(marker=str(marker)) + good)
    os.makedirs(os.path.dirname(pyc))
    with open(pyc, "wb") as f:
        f.write(data if kind == "planted" else data[: len(data) // 2])
    as_a_later_process()
    metrics.reset()
    runs_right(path)
    assert not marker.exists() and metrics.cache_hits == 1


def test_the_bytes_checked_are_the_bytes_executed(cache_dir, tmp_path, monkeypatch):
    """The entry is swapped for a planted one right after its first read: what runs is what was read."""
    path, good = compiled_entry()
    marker = tmp_path / "marker"
    planted = tmp_path / "planted.py"
    forge(str(planted), PLANTED.format(marker=str(marker)) + good.partition("\n")[2])
    real_open, swapped = builtins.open, []

    def open_then_swap(file, mode="r", *args, **kwargs):
        if swapped or not isinstance(file, str) or file != path or "w" in mode:
            return real_open(file, mode, *args, **kwargs)
        with real_open(file, "rb") as f:
            data = f.read()
        os.replace(shutil.copyfile(planted, path + ".swap"), path)
        swapped.append(True)
        encoding = kwargs.get("encoding") or "utf-8"
        return io.BytesIO(data) if "b" in mode else io.StringIO(data.decode(encoding))

    as_a_later_process()
    monkeypatch.setattr(builtins, "open", open_then_swap)
    runs_right(path)
    monkeypatch.undo()
    assert swapped and not marker.exists()


@pytest.mark.parametrize("broken", ["def broken(:\n", "raise RuntimeError('entry fails')\n"])
def test_an_entry_that_does_not_load_is_compiled_again_not_run_eagerly(cache_dir, broken):
    def f(x, y):
        return (x * y).sum(1) + 1

    x, y = torch.randn(5, 7), torch.randn(7)
    torch._dynamo.reset()
    metrics.reset()
    torch.compile(f, backend="irc")(x, y)
    (path,) = metrics.generated_modules
    good = open(path).read()
    key = os.path.basename(path).removesuffix(".py")
    cache.store(key, broken)
    for _ in range(2):  # the second process finds the repaired entry
        as_a_later_process()
        torch._dynamo.reset()
        metrics.reset()
        x, y = torch.randn(5, 7), torch.randn(7)
        torch.testing.assert_close(torch.compile(f, backend="irc")(x, y), f(x, y))
        assert metrics.graph_fallbacks == 0 and cache.read(key) == good.partition("\n")[2]


def test_a_module_outside_the_cache_is_not_loaded_and_no_key_is_made_beside_it(cache_dir, tmp_path):
    path = tmp_path / "elsewhere" / "ab" / "module.py"
    path.parent.mkdir(parents=True)
    path.write_text("x = 1\n")
    with pytest.raises(loader.NotAnEntry):
        loader.load(str(path), interpret=True)
    assert not (tmp_path / "elsewhere" / "hmac.key").exists()


MAKE_KEY_AT = """
import sys, time
from irc.runtime.cache_dir import key_of_root, private_root
for folder, start in zip(sys.argv[1::2], sys.argv[2::2]):
    while time.time() < float(start):
        pass
    print(key_of_root(private_root(folder)).hex())
"""


def test_processes_starting_on_one_fresh_folder_at_once_share_one_key(tmp_path):
    """Each of 3 processes makes the key of the same 4 fresh folders at the same instants: one key per folder
    (else each process signs entries the others take for foreign, and processes sharing a cache, such as the
    ranks of a distributed job, recompile and fail to load each other's entries)."""
    import subprocess
    import sys
    import time

    start = time.time() + 2.0  # after every process has started
    arguments = [str(part) for i in range(4) for part in (tmp_path / f"cache{i}", start + 0.3 * i)]
    processes = [
        subprocess.Popen([sys.executable, "-c", MAKE_KEY_AT, *arguments], stdout=subprocess.PIPE, text=True)
        for _ in range(3)
    ]
    keys = [process.communicate(timeout=60)[0].split() for process in processes]
    assert all(len(k) == 4 for k in keys)
    assert keys[0] == keys[1] == keys[2]
    assert [(tmp_path / f"cache{i}" / "hmac.key").read_bytes().hex() for i in range(4)] == keys[0]


@pytest.mark.parametrize("damage", [b"short", b"k" * 33])
def test_a_damaged_key_is_replaced_and_a_good_one_kept(cache_dir, damage):
    from irc.runtime import cache_dir as folders

    cache_dir.mkdir(mode=0o700)
    (cache_dir / "hmac.key").write_bytes(damage)
    os.chmod(cache_dir / "hmac.key", 0o600)
    key = folders._read_or_make_key(str(cache_dir))
    assert len(key) == 32 and (cache_dir / "hmac.key").read_bytes() == key
    assert folders._read_or_make_key(str(cache_dir)) == key
    assert sorted(os.listdir(cache_dir)) == ["hmac.key"]
