"""Compiled kernels kept in irc's cache as cubins, launched by a later process without calling into Triton.

A warm start's first call would have Triton load every kernel from its own cache, and Triton hashes its own
source files (triton_key) before its first lookup: most of a warm first call. After a kernel is compiled and
loaded for a launch specialization, `record` stores its cubin (under the cubin's sha256) and a record of what
PyTorch's static CUDA launcher needs (function name, warps, shared memory, argument type codes, the runtime
arguments the cubin keeps, scratch pointers; irc/runtime/static_launch.py). A later launch with the same key
finds the record, loads the cubin with `torch._C._StaticCudaLauncher._load_kernel` and launches it in one C
call (`load_runner`). The key holds everything that decides the binary: the kernel's source and its module's
text, the launch options (the chosen config), each argument's specialization (dtype and 16-byte alignment
of a tensor, the integer type and Triton's == 1 and % 16 facts of an integer), the device's name and
capability, the Triton and torch versions and Triton's cache-invalidating environment. A missing, damaged or
failing piece is a miss: the launch goes through Triton as before. IRC_KERNEL_BINARY_CACHE=0 turns it off.
"""

import hashlib
import json
import logging
import os
from collections.abc import Callable

from irc import config, metrics
from irc.runtime import cache, static_launch

log = logging.getLogger("irc")

RECORD_SUFFIX = ".kernel.json"
BINARY_SUFFIX = ".cubin"
_module_digests: dict[str, str | None] = {}
# (record key, device) -> (loaded function, launch facts, what owns its CUDA module) in this process: a later launch key
# with the same binary (another integer of the same specialization) neither reads the cache nor loads it again.
# A cubin loaded here is never unloaded; a Triton CompiledKernel unloads its module when collected, so it is kept.
_loaded: dict[tuple[str, int], tuple[int, static_launch.LaunchFacts, object]] = {}
_device_names: dict[int, str] = {}


def enabled() -> bool:
    return config.kernel_binary_cache


def load_runner(kernel, grid: tuple, args: list, options: dict, device: int) -> Callable | None:
    """A static-launcher runner for the kernel's recorded binary on `grid`, or None (no record, or it fails)."""
    if not enabled() or not static_launch.usable():
        return None
    try:
        key = record_key(kernel, args, options, device)
        if key is None:
            return None
        if (key, device) not in _loaded:
            found = _read_record(key, len(args))
            if found is None:
                return None
            path, name, facts = found
            _loaded[key, device] = (_load_function(path, name, facts.shared, device), facts, None)
            metrics.launch_compiles["binary"] += 1
    except Exception:  # noqa: BLE001 - the binary cache is an optimisation: Triton's path serves the launch
        log.info("irc: loading a kept kernel binary failed; Triton loads the kernel", exc_info=True)
        return None
    function, facts, _ = _loaded[key, device]
    return static_launch.runner(function, facts, grid, device)


def record(kernel, compiled, args: list, options: dict, device: int) -> None:
    """Keeps the compiled kernel's cubin and launch facts for later processes (where the static launcher
    applies and the kernel has a key)."""
    if not enabled():
        return
    try:
        facts = static_launch.launch_facts(kernel, compiled, len(args))
        binary = getattr(compiled, "asm", {}).get("cubin")
        name = getattr(getattr(compiled, "metadata", None), "name", None)
        key = record_key(kernel, args, options, device) if facts is not None else None
        if key is None or not isinstance(binary, bytes) or not isinstance(name, str):
            return
        if (key, device) in _loaded:
            return
        cache.store_binary(binary, BINARY_SUFFIX)
        entry = {"binary": hashlib.sha256(binary).hexdigest(), "name": name, "facts": facts._asdict()}
        cache.store(key, json.dumps(entry, sort_keys=True), suffix=RECORD_SUFFIX)
        _loaded[key, device] = (compiled.function, facts, compiled)
    except Exception:  # noqa: BLE001 - not keeping it only costs the next process Triton's load
        log.info("irc: keeping a kernel binary failed", exc_info=True)


def recorded(kernel, args: list, options: dict, device: int | None = None) -> bool:
    """Whether a launch of `kernel` with these arguments (or stand-ins with their dtypes and alignments) and
    options has a kept binary on the device (the current one by default): nothing to compile ahead of it."""
    if not enabled():
        return False
    try:
        if device is None:
            import torch

            device = torch.cuda.current_device()
        key = record_key(kernel, args, options, device)
        return key is not None and _read_record(key, len(args)) is not None
    except Exception:  # noqa: BLE001 - unknown: compile it
        return False


def _read_record(key: str, n_args: int) -> tuple[str, str, static_launch.LaunchFacts] | None:
    """(cubin path, function name, launch facts) of an intact, consistent record and binary, or None."""
    text = cache.read(key, suffix=RECORD_SUFFIX)
    if text is None:
        return None
    entry = json.loads(text)
    facts = entry["facts"]
    facts = static_launch.LaunchFacts(**{**facts, "kept": tuple(facts["kept"])})
    if not _consistent(facts, n_args):
        return None
    path = cache.read_binary(entry["binary"], BINARY_SUFFIX)
    return None if path is None else (path, entry["name"], facts)


def _consistent(facts: static_launch.LaunchFacts, n_args: int) -> bool:
    kept = list(facts.kept)
    return (
        facts.n_args == n_args
        and kept == sorted(set(kept))
        and all(0 <= k < n_args for k in kept)
        and len(facts.types) == len(kept) + facts.scratch
        and all(isinstance(v, int) and v >= 0 for v in (facts.warps, facts.shared, facts.scratch))
    )


def _load_function(path: str, name: str, shared: int, device: int) -> int:
    from torch._C import _StaticCudaLauncher

    loaded = _StaticCudaLauncher._load_kernel(path, name, shared, device)
    # (module, function, registers, spills); older torch: (function, registers, spills)
    return loaded[1] if len(loaded) == 4 else loaded[0]


def record_key(kernel, args: list, options: dict, device: int) -> str | None:
    """The key of the binary `kernel` compiles to for these arguments and options, or None (no key known)."""
    source, module = getattr(kernel, "src", None), _module_digest(kernel)
    arguments = [describe(a) for a in args]
    if not isinstance(source, str) or module is None or None in arguments:
        return None
    flags = [repr(getattr(kernel, k, None)) for k in ("do_not_specialize", "do_not_specialize_on_alignment", "debug")]
    config = json.dumps(options, sort_keys=True, default=repr)
    return cache.key_of(source, module, config, *arguments, *flags, device_name(device), *environment())


def describe(value) -> str | None:
    """What of an argument Triton specializes a kernel on (a refinement of its own specialization)."""
    if isinstance(value, bool):
        return "i1"
    if isinstance(value, int):
        kind = "i32" if -(2**31) <= value < 2**31 else "u64" if 2**63 <= value < 2**64 else "i64"
        return f"{kind}:{value == 1}:{value % 16 == 0}"
    if isinstance(value, float):
        return "fp32"
    dtype, pointer = getattr(value, "dtype", None), getattr(value, "data_ptr", None)
    if dtype is None or pointer is None:
        return None
    return f"*{dtype}:{pointer() % 16 == 0}"


def _module_digest(kernel) -> str | None:
    """The sha256 of the text of the module defining the kernel (what its source may call or read)."""
    path = getattr(kernel, "__globals__", {}).get("__file__")
    if not isinstance(path, str):
        return None
    if path not in _module_digests:
        from irc.runtime.loader import source_digest

        _module_digests[path] = source_digest(path)  # the bytes the kernel was executed from
    if _module_digests[path] is None:
        try:
            with open(path, "rb") as f:
                _module_digests[path] = hashlib.sha256(f.read()).hexdigest()
        except OSError:
            _module_digests[path] = None
    return _module_digests[path]


def device_name(device: int) -> str:
    if device not in _device_names:
        import torch

        major, minor = torch.cuda.get_device_capability(device)
        _device_names[device] = f"{torch.cuda.get_device_name(device)} sm{major}{minor}"
    return _device_names[device]


def environment() -> list[str]:
    """The Triton and torch versions, and what else makes Triton compile another binary."""
    import torch
    import triton

    parts = [triton.__version__, torch.__version__, str(torch.version.cuda)]
    try:
        from triton import knobs
        from triton._C.libtriton import get_cache_invalidating_env_vars

        parts.append(json.dumps(sorted(get_cache_invalidating_env_vars().items())))
        parts += [repr(knobs.runtime.debug), repr(knobs.compilation.instrumentation_mode)]
    except (ImportError, AttributeError):
        parts.append(repr(sorted((k, v) for k, v in os.environ.items() if k.startswith("TRITON_"))))
    return parts
