"""Launching a Triton kernel on CUDA without going through `JITFunction.run` on every call.

`kernel[grid](*args, **config)` binds and specializes the arguments and looks up the compiled kernel on every
launch: tens of microseconds of Python that show up in the time of short kernels (Inductor's launchers skip it
the same way). The first launch of a kernel with a given grid and argument specialization goes through Triton
and keeps the compiled kernel; later launches call it directly. The key holds what Triton specializes on: each
tensor's 16-byte alignment and device, each scalar's value (Triton specializes integers on == 1 and % 16).
Where PyTorch's static CUDA launcher applies (irc/runtime/static_launch.py), later launches are one C call.

Emitted modules launch through site launchers (irc/runtime/site_launch.py), which key the kept runners by
what the IR already knows instead of asking each argument here; `launch` serves direct callers
(autotune.launch) and `direct_runner` both.
"""

import logging
from collections.abc import Callable

from irc import metrics
from irc.runtime import kernel_binary
from irc.runtime.static_launch import static_runner

log = logging.getLogger("irc")

# (id of the kernel, grid, specialization) -> (the kernel, its direct runner or None)
_runners: dict[tuple, tuple[object, Callable | None]] = {}


def launch(kernel, grid: tuple, args: list, plan: Callable[[], tuple[tuple, dict]]) -> None:
    """`kernel[grid](*args, **options)` with the (grid, options) that `plan()` gives for the launch on `grid`,
    through the kept compiled kernel after the first CUDA launch."""
    key = (id(kernel), grid, *map(_specialization, args))
    kept = _runners.get(key)
    if kept is not None and kept[0] is kernel and kept[1] is not None:
        kept[1](args)
        return
    grid, options = plan()
    device = cuda_device(args)
    if kept is None and device is not None:  # the kernel's first launch with this key
        _runners[key] = (kernel, first_cuda_launch(kernel, grid, args, options, device))
    else:
        kernel[grid](*args, **options)


def first_cuda_launch(kernel, grid: tuple, args: list, options: dict, device: int) -> Callable | None:
    """Launches a kernel with a key not seen yet in this process: from its kept binary (a later process,
    irc/runtime/kernel_binary.py) or through Triton (which compiles or loads it; its binary is then kept).
    Returns the runner for later launches, or None (Triton's path)."""
    kept = kernel_binary.load_runner(kernel, grid, args, options, device)
    if kept is not None:
        with metrics.phase("kernel compile"):
            try:
                kept(args)
                return kept
            except Exception:  # noqa: BLE001 - a binary the launcher refuses: Triton launches the kernel
                log.info("irc: launching a kept kernel binary failed; launching through Triton", exc_info=True)
    with metrics.phase("kernel compile"):
        compiled = kernel[grid](*args, **options)
    runner = direct_runner(kernel, compiled, grid, len(args), options, device)
    if runner is not None:
        kernel_binary.record(kernel, compiled, args, options, device)
    return runner


def _specialization(value):
    if isinstance(value, (int, float)):
        return value
    return value.data_ptr() % 16 == 0, value.get_device()


def cuda_device(args: list) -> int | None:
    return next((a.get_device() for a in args if hasattr(a, "data_ptr") and a.get_device() >= 0), None)


def direct_runner(kernel, compiled, grid: tuple, n_args: int, config: dict, device: int) -> Callable | None:
    """A callable launching `compiled` on `grid` with a list of runtime arguments on the device's current
    stream, or None where that is not safe."""
    constexprs = list(getattr(kernel, "arg_names", ()))[n_args:]
    if compiled is None or not hasattr(compiled, "__getitem__") or any(n not in config for n in constexprs):
        return None  # not a compiled kernel, or a kernel with parameters the config does not give
    fast = static_runner(kernel, compiled, grid, n_args, device)
    if fast is not None:
        return fast
    from torch._C import _cuda_getCurrentRawStream as current_stream

    run = compiled[(*grid, 1, 1, 1)[:3]]
    trailing = [config[n] for n in constexprs]
    return lambda args: run(*args, *trailing, stream=current_stream(device))
