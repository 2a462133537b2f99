"""Autotuned launches: on the first CUDA call of a kernel, benchmark its candidate configs and keep the best.

Emitted modules launch kernels that carry candidates (kernel-tile's `configs`) through `launch(...)`. The
winner is cached in memory and on disk (under the code cache, `autotune/`), keyed by the kernel's name and
source, its candidates, the arguments' sizes, strides and dtypes, the device and the Triton version, so a
later process does not tune again. IRC_AUTOTUNE=0 turns tuning off (the heuristic config, always first,
is used); on CPU (Triton's interpreter) the heuristic config is used too. A candidate may carry its own
`grid` (2-D tiles of another shape: another number of programs).

Which kernels carry candidates is kernel-tile's choice (by default only those whose config its heuristic
cannot decide; all under max-autotune). Each candidate is timed by a short benchmark (BENCH_MS: warm-up and
measuring milliseconds of do_bench), longer with IRC_MAX_AUTOTUNE=1 (MAX_BENCH_MS). A module's first call
shows the tuning's progress (irc/runtime/progress.py) when it takes more than a couple of seconds.
"""

import contextlib
import json
import logging
from collections.abc import Callable

from irc.runtime import cache
from irc import config, metrics
from irc.runtime.launch import launch as launch_with

log = logging.getLogger("irc")

BENCH_MS = (2, 10)  # (warm-up, measuring) milliseconds of do_bench per candidate
MAX_BENCH_MS = (5, 25)  # the same under IRC_MAX_AUTOTUNE=1
_chosen: dict[str, dict] = {}
_progress = None  # the Progress of the call being tuned (reporting())


@contextlib.contextmanager
def reporting():
    """Counts the kernels tuned inside the block on one progress line (a module's first call)."""
    global _progress
    from irc.runtime.progress import Progress

    with Progress("autotuning kernels", None) as progress:
        _progress = progress
        try:
            yield
        finally:
            _progress = None


def enabled() -> bool:
    return config.autotune


Configs = Callable[[], tuple[dict, list[dict]]]


def launch(name: str, kernel, grid: tuple, args: list, configs: Configs) -> None:
    """Launches `kernel` with the best of `configs()` = (heuristic config, candidates); configs is called only
    on launches that do not take a kept compiled kernel (no candidate lists built per call)."""
    launch_with(kernel, grid, args, lambda: split_grid(grid, choose(name, kernel, grid, args, *configs())))


def split_grid(grid: tuple, config: dict) -> tuple[tuple, dict]:
    """A candidate with its own `grid` (2-D tiles of another shape) launches that many programs."""
    if "grid" not in config:
        return grid, config
    options = dict(config)
    return tuple(options.pop("grid")), options


def choose(name: str, kernel, grid: tuple, args: list, default: dict, candidates: list[dict]) -> dict:
    # a compiled module's tensor layouts are fixed; only scalar arguments (dynamic sizes) vary between calls
    fast_key = (name, id(kernel), grid, *(a for a in args if isinstance(a, (int, float, bool))))
    found = _chosen.get(fast_key)
    if found is not None:
        return found
    if len(candidates) < 2 or not enabled() or not on_cuda(args):
        return default
    key = tuning_key(name, getattr(kernel, "src", ""), candidates, args)
    found = stored_candidate(load(key), candidates)
    if found is None:
        with metrics.phase("tuning"):
            found = tune(name, kernel, grid, args, candidates)
        store(key, found)
    _chosen[fast_key] = found
    return found


def on_cuda(args: list) -> bool:
    import torch

    return any(isinstance(a, torch.Tensor) and a.is_cuda for a in args)


def describe(value) -> str:
    """What of an argument the best config may depend on: a tensor's layout and dtype, a scalar's value."""
    import torch

    if isinstance(value, torch.Tensor):
        return f"T{tuple(value.shape)}{tuple(value.stride())}{value.dtype}"
    return repr(value)


def device_name(args: list) -> str:
    import torch

    from irc.runtime.kernel_binary import device_name as cuda_device_name

    devices = [a.device for a in args if isinstance(a, torch.Tensor) and a.is_cuda]
    return cuda_device_name(devices[0].index) if devices else "cpu"


def tuning_key(name: str, source: str, candidates: list[dict], args: list) -> str:
    import triton

    parts = [name, source, json.dumps(candidates, sort_keys=True), *map(describe, args)]
    return cache.key_of(*parts, device_name(args), triton.__version__)


def load(key: str) -> dict | None:
    text = cache.read(key, suffix=".autotune.json")
    if text is None:
        return None
    try:
        return json.loads(text)["config"]
    except (ValueError, KeyError, TypeError):
        return None


def stored_candidate(config: dict | None, candidates: list[dict]) -> dict | None:
    """The candidate a stored result names (JSON turns tuples into lists), or None where it names none of
    them: a result that is not one of this kernel's configs is never launched."""
    as_stored = [json.loads(json.dumps(c)) for c in candidates]
    return candidates[as_stored.index(config)] if config is not None and config in as_stored else None


def store(key: str, config: dict) -> None:
    cache.store(key, json.dumps({"config": config}), suffix=".autotune.json")


def tune(name: str, kernel, grid: tuple, args: list, candidates: list[dict]) -> dict:
    """The fastest candidate by do_bench median, run on copies so in-place kernels do not corrupt inputs."""
    copies = [_copy(a) for a in args]
    timings = [(_time(kernel, grid, copies, c), n) for n, c in enumerate(candidates)]
    best_ms, best = min(timings)
    log.info("irc: autotuned %s (%d configs): %s %.4f ms", name, len(candidates), candidates[best], best_ms)
    if _progress is not None:
        _progress.step()
    return candidates[best]


def _copy(value):
    """A tensor argument copied with its layout (zero strides and other overlaps too); others as they are."""
    import torch

    from irc.runtime.layout import copy_to_layout

    return copy_to_layout(value) if isinstance(value, torch.Tensor) else value


def _time(kernel, grid: tuple, args: list, config: dict) -> float:
    from triton.testing import do_bench

    from irc import config as settings

    warmup, rep = MAX_BENCH_MS if settings.max_autotune else BENCH_MS
    try:
        grid, options = split_grid(grid, config)
        return do_bench(lambda: kernel[grid](*args, **options), warmup=warmup, rep=rep, return_mode="median")
    except Exception as error:  # noqa: BLE001 - a config that does not compile or run simply loses
        log.info("irc: autotune config %s failed: %s", config, error)
        return float("inf")
