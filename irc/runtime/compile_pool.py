"""Compiling an emitted module's Triton kernels in worker processes before its first CUDA call.

Triton compiles a kernel on its first launch; a module of 40 kernels launched one after another would wait for
the sum of their compiles. After a graph is compiled for CUDA inputs, `precompile` reads the module's
PRECOMPILE table (irc/target/triton_precompile.py): every launch's kernel, arguments (dtypes, size expressions
evaluated at the graph's size hints) and launch options (the heuristic config, and the autotune candidates
where they will be benchmarked). For each it captures what Triton itself would compile on that launch (the
kernel's own JIT binds mock arguments and packs the signature, constants, attributes, options and target; its
compile function is swapped for one that records them) and a worker (irc/runtime/compile_worker.py) compiles
exactly that into Triton's on-disk cache. `wait`, on the module's first call, waits for the slowest kernel;
the first launches then load the binaries from the cache. What is already in the cache (a warm start), or
kept by irc as a binary to launch without Triton (irc/runtime/kernel_binary.py), is not sent; a launch
whose real arguments differ (another alignment, other sizes) simply compiles on launch as before. The pool
has `config.compile_threads` workers (IRC_COMPILE_THREADS; 0: one per CPU core, at most 32, as Inductor's
compile_threads; 1: no pool). Triton's cache goes under irc's unless TRITON_CACHE_DIR is set.
CPU tensors run through Triton's interpreter: nothing to compile.
"""

import contextlib
import logging
import os
from concurrent.futures import Future

from irc import metrics

log = logging.getLogger("irc")

MAX_THREADS = 32
WAIT_SECONDS = 900  # a module's first call waits at most this long for the pool (then its launches compile)
_pool = None
_pending: dict[str, list[Future]] = {}  # module path -> its kernels' compiles in flight


def compile_threads() -> int:
    from irc import config

    if config.compile_threads > 0:
        return config.compile_threads
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return min(MAX_THREADS, cores)


def pool():
    """The process's worker pool, started on first use (each worker imports torch and triton at once)."""
    global _pool
    if _pool is None:
        from irc.runtime.worker_pool import WorkerPool

        _pool = WorkerPool(compile_threads())
        for _ in range(_pool.size):
            _pool.submit("ready")
    return _pool


def warm_up(cuda: bool) -> None:
    """Starts the workers while irc's passes run (a graph for CUDA that misses the code cache)."""
    if cuda and compile_threads() > 1:
        use_irc_triton_cache()
        pool()


def use_irc_triton_cache() -> None:
    """Triton's cache under irc's (IRC_CACHE_DIR/triton) unless TRITON_CACHE_DIR names one, as Inductor puts it
    under its own: one folder holds a model's emitted code, kernels and tuning results."""
    from irc.runtime.cache import cache_root

    os.environ.setdefault("TRITON_CACHE_DIR", os.path.join(cache_root(), "triton"))


def precompile(path: str, sizes: dict[str, int], tuning: bool) -> int:
    """Sends every kernel of the module at `path` that Triton's cache lacks to the workers; returns how many.
    `tuning`: the autotune candidates will be benchmarked, so they are compiled too."""
    if compile_threads() <= 1:
        return 0
    try:
        requests = compile_requests(path, sizes, tuning)
    except Exception:  # noqa: BLE001 - precompiling is an optimisation: the launches compile what it missed
        log.info("irc: precompiling %s failed; kernels compile on their first launch", path, exc_info=True)
        return 0
    if requests:
        from irc.dialects.python_names import admitted_namespaces

        workers, admitted = pool(), admitted_namespaces()
        submitted = [workers.submit("compile_kernel", path, *r, admitted) for r in requests]
        _pending.setdefault(path, []).extend(submitted)
    return len(requests)


COMPILED_SUFFIX = ".compiled"  # an entry saying a module's first call ran with its kernels in a Triton cache


def compiled_key(path: str, device: str) -> str:
    """What a module's kernels were compiled for: the module, Triton's cache folder and version, the device."""
    import triton

    from irc.runtime.cache import key_of

    folder = os.environ.get("TRITON_CACHE_DIR", "")
    return key_of(os.path.basename(path), folder, triton.__version__, device)


def kernels_compiled(path: str, device: str) -> bool:
    """Whether an earlier process's first call of this module on `device` left all its launches compiled in
    Triton's cache (a warm start: nothing to capture, key or send to the pool; a kernel the cache lost since
    compiles on its launch)."""
    from irc.runtime import cache

    return cache.read(compiled_key(path, device), suffix=COMPILED_SUFFIX) is not None


def mark_compiled(path: str, device: str) -> None:
    from irc.runtime import cache

    cache.store(compiled_key(path, device), "", suffix=COMPILED_SUFFIX)


def wait(path: str) -> None:
    """Waits for the module's kernels in flight (its first call); a failed compile is left to the launch."""
    futures = _pending.pop(path, [])
    if not futures:
        return
    from irc.runtime.progress import Progress

    from time import monotonic

    deadline = monotonic() + WAIT_SECONDS
    with metrics.phase("kernel compile"), Progress("compiling Triton kernels", len(futures)) as progress:
        for future in futures:
            try:
                future.result(timeout=max(0.0, deadline - monotonic()))
            except Exception as error:  # noqa: BLE001 - a failed or late compile is the launch's to do
                log.info("irc: a worker's compile failed or is late (%r); the launch compiles it", error)
            progress.step()


@contextlib.contextmanager
def counting_launch_compiles():
    """Counts in metrics.launch_compiles what Triton loads from its cache or compiles during the block."""
    try:
        from triton import knobs

        settings = knobs.compilation
        previous = settings.listener
    except (ImportError, AttributeError):  # a Triton without compilation listeners: nothing counted
        yield
        return

    def listener(*args, **kwargs):
        metrics.launch_compiles["cached" if kwargs.get("cache_hit") else "compiled"] += 1
        if previous is not None:
            previous(*args, **kwargs)

    settings.listener = listener
    try:
        yield
    finally:
        settings.listener = previous


def compile_requests(path: str, sizes: dict[str, int], tuning: bool) -> list[tuple[str, dict]]:
    """(kernel name, what Triton compiles) for every launch and launch option of PRECOMPILE not yet cached."""
    from irc.runtime import kernel_binary
    from irc.runtime.loader import load

    module = load(path, interpret=False)
    found: list[tuple[str, dict]] = []
    for name, arguments, options in getattr(module, "PRECOMPILE", ()):
        kernel = getattr(module, name)
        mocks = mock_arguments(arguments, sizes)
        if mocks is None:
            continue
        for launch_options in options if tuning else options[:1]:
            if kernel_binary.recorded(kernel, mocks, launch_options):
                continue  # an earlier process kept its binary: the launch loads it without Triton
            request = capture(kernel, mocks, launch_options)
            if request is not None and not in_triton_cache(kernel, request):
                found.append((name, request))
    return found


class MockTensor:
    """What Triton's binder reads of a tensor argument: its dtype and whether its address is 16-byte aligned."""

    def __init__(self, dtype, aligned: bool):
        self.dtype = dtype
        self._pointer = 0 if aligned else 8

    def data_ptr(self) -> int:
        return self._pointer

    def ptr_range(self) -> int:
        return 0


def mock_arguments(arguments, sizes: dict[str, int]) -> list | None:
    """Stand-ins for a launch's arguments, or None where a value Triton specializes on is unknown."""
    import torch

    from irc.dialects.sym import evaluate

    mocks = []
    for kind, *rest in arguments:
        if kind == "tensor":
            mocks.append(MockTensor(getattr(torch, rest[0]), rest[1]))
        elif kind == "size":
            if not all(str(s) in sizes for s in _symbols(rest[0])):
                return None
            mocks.append(evaluate(rest[0], sizes))
        elif kind == "float":
            mocks.append(0.5)  # Triton does not specialize floats on their value
        else:
            return None
    return mocks


def _symbols(expr_text: str):
    from irc.dialects.sym import as_expr

    return as_expr(expr_text).free_symbols


class _Captured(Exception):
    pass


def capture(kernel, mocks: list, options: dict) -> dict | None:
    """What `kernel[grid](*mocks, **options)` would hand triton.compile, or None (already compiled in this
    process, or a Triton whose JIT does not work this way)."""
    from triton.runtime.driver import driver

    recorded: dict = {}

    def record(src, target=None, options=None, **_):
        recorded.update(signature=src.signature, constants=src.constants, attrs=src.attrs)
        recorded.update(target=target, options=options)
        raise _Captured

    try:
        kernel.device_caches[driver.active.get_current_device()]  # builds the binder (and kernel.compile)
        original = kernel.compile
    except Exception:  # noqa: BLE001
        return None
    kernel.compile = record
    try:
        kernel.run(*mocks, grid=(1,), warmup=True, **options)
    except _Captured:
        pass
    except Exception:  # noqa: BLE001
        log.debug("irc: capturing %s failed", getattr(kernel, "__name__", kernel), exc_info=True)
        return None
    finally:
        kernel.compile = original
    return recorded or None


def in_triton_cache(kernel, request: dict) -> bool:
    """Whether Triton's on-disk cache already holds this compile (a warm start sends nothing to the pool)."""
    try:
        import hashlib

        from triton._C.libtriton import get_cache_invalidating_env_vars
        from triton.compiler import ASTSource, make_backend
        from triton.runtime.cache import get_cache_key, get_cache_manager

        source = ASTSource(kernel, request["signature"], request["constants"], request["attrs"])
        backend = make_backend(request["target"])
        options = backend.parse_options(dict(request["options"]))
        key = get_cache_key(source, backend, options, get_cache_invalidating_env_vars())
        manager = get_cache_manager(hashlib.sha256(key.encode("utf-8")).hexdigest())
        name = f"{source.name[:150]}.json"
        return name in (manager.get_group(name) or {})
    except Exception:  # noqa: BLE001 - unknown: let a worker look
        return False
