"""Loading emitted modules: natively for CUDA tensors, through Triton's interpreter for CPU tensors.

`@triton.jit` decides at decoration time whether it interprets, so a module is executed once per mode.
A cache entry is read once and its signature checked (irc/runtime/cache.py); those same bytes are compiled
and executed in a fresh module object, never imported from the file: no `__pycache__` is read or written
beside the entries, and nothing can swap the file between the check and the execution. The verified text is
put in linecache under the entry's path, where `inspect.getsource` (Triton's JIT) reads kernels' source.
"""

import hashlib
import linecache
import os
import threading
from types import ModuleType

_loaded: dict[tuple[str, bool], ModuleType] = {}
_sources: dict[str, bytes] = {}  # path -> the verified bytes its modules were executed from
_lock = threading.Lock()


class NotAnEntry(Exception):
    """The file is missing, damaged, or was not written by this user's irc: a cache miss."""


def load(path: str, interpret: bool) -> ModuleType:
    """The module of the cache entry at `path`; raises NotAnEntry for a missing or untrusted entry (and what
    executing it raises, for an entry that does not load)."""
    key = (path, interpret)
    with _lock:
        if key not in _loaded:
            if path not in _sources:
                from irc.runtime.cache import read_verified

                data = read_verified(path)
                if data is None:
                    raise NotAnEntry(f"irc: {path} is not an intact entry of this user's cache")
                _sources[path] = data
            try:
                _loaded[key] = _exec_module(_sources[path], path, interpret)
            except BaseException:
                if (path, not interpret) not in _loaded:
                    _sources.pop(path, None)  # read again (a repaired entry) on the next load
                raise
        return _loaded[key]


def load_source(source: str, interpret: bool) -> ModuleType:
    """The module of emitted text held in memory (not a cache entry), under a name made from its digest."""
    data = source.encode()
    path = f"<irc module {hashlib.sha256(data).hexdigest()[:24]}>"
    with _lock:
        _sources.setdefault(path, data)
        if (path, interpret) not in _loaded:
            _loaded[path, interpret] = _exec_module(data, path, interpret)
        return _loaded[path, interpret]


def forget(path: str) -> None:
    """Drops what was loaded from `path` (an entry that failed to load, about to be compiled again)."""
    with _lock:
        _sources.pop(path, None)
        for interpret in (False, True):
            _loaded.pop((path, interpret), None)


def source_digest(path: str) -> str | None:
    """The sha256 of the bytes the module at `path` was executed from, or None when none was loaded."""
    data = _sources.get(path)
    return None if data is None else hashlib.sha256(data).hexdigest()


def _exec_module(data: bytes, path: str, interpret: bool) -> ModuleType:
    stem = os.path.basename(path).removesuffix(".py").strip("<>").replace(" ", "_")
    module = ModuleType(f"irc_generated_{stem}_{'interp' if interpret else 'native'}")
    module.__file__ = path
    lines = data.decode("utf-8").splitlines(keepends=True)
    linecache.cache[path] = (len(data), None, lines, path)  # mtime None: checkcache keeps it
    code = compile(data, path, "exec", dont_inherit=True)
    if interpret:
        import triton.language  # noqa: F401  (first imported outside interpret mode, as Triton expects)
    previous = os.environ.get("TRITON_INTERPRET")
    os.environ["TRITON_INTERPRET"] = "1" if interpret else "0"
    try:
        exec(code, module.__dict__)  # noqa: S102 - verified bytes; interpreted: with irc's libdevice stand-in
    finally:
        if previous is None:
            del os.environ["TRITON_INTERPRET"]
        else:
            os.environ["TRITON_INTERPRET"] = previous
    return module


def needs_interpreter(args) -> bool:
    """CPU tensors run through the interpreter; any CUDA tensor means a native launch."""
    return not any(getattr(a, "is_cuda", False) for a in args)
