"""A compile worker: `python -m irc.runtime.compile_worker`, driven by irc/runtime/worker_pool.py.

`compile_kernel` compiles one kernel of an emitted module for one specialization and launch options into
Triton's on-disk cache with `triton.compile(ASTSource(...), target=...)`, as Inductor's workers do: the
arguments are what the parent's Triton would pass to its own compile on the first launch
(irc/runtime/compile_pool.py captures them), so that launch finds the binary in the cache. No CUDA context
is made here. The kernel's C launcher is built too where the backend has one (cached by Triton the same way).
"""

import os
import sys
import time


def ready() -> int:
    """Imports what compiling needs (the pool calls it once per worker, ahead of the first kernel)."""
    import torch  # noqa: F401 - emitted modules import it
    import triton  # noqa: F401

    return os.getpid()


def compile_kernel(path: str, name: str, request: dict, admitted: tuple[str, ...] = ()) -> float:
    """Compiles kernel `name` of the module at `path`; returns the seconds it took. `admitted`: the operator
    libraries the parent's graphs call, which the module resolves when it loads."""
    import triton
    from triton.compiler import ASTSource

    from irc.dialects.python_names import admit_namespaces
    from irc.runtime.loader import load

    admit_namespaces(admitted)

    start = time.perf_counter()
    kernel = getattr(load(path, interpret=False), name)
    source = ASTSource(kernel, request["signature"], request["constants"], request["attrs"])
    compiled = triton.compile(source, target=request["target"], options=request["options"])
    _build_launcher(compiled, request["target"])
    return time.perf_counter() - start


def _build_launcher(compiled, target) -> None:
    """Triton's CUDA launcher is a C module built per signature on a kernel's first launch: build it here."""
    if getattr(target, "backend", None) != "cuda":
        return
    try:
        from triton.backends.nvidia.driver import CudaLauncher

        CudaLauncher(compiled.src, compiled.metadata)
    except Exception:  # noqa: BLE001 - the parent builds it on the first launch instead
        pass


def main() -> None:
    from irc.runtime.worker_pool import receive, send

    replies = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # stray prints must not corrupt the replies
    requests = sys.stdin.buffer
    functions = {"ready": ready, "compile_kernel": compile_kernel}
    while True:
        try:
            function, args = receive(requests)
        except EOFError:
            return
        try:
            send(replies, (True, functions[function](*args)))
        except Exception as error:  # noqa: BLE001 - reported to the parent, which compiles on launch instead
            send(replies, (False, f"{type(error).__name__}: {error}"))


if __name__ == "__main__":
    main()
