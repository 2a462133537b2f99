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

from collections.abc import Callable
from contextlib import nullcontext

from irc import metrics
from irc.runtime.static_launch import static_runner

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
    first_on_gpu = kept is None and device is not None  # Triton compiles the kernel on this launch
    with metrics.phase("kernel compile") if first_on_gpu else nullcontext():
        compiled = kernel[grid](*args, **options)
    if first_on_gpu:
        _runners[key] = (kernel, direct_runner(kernel, compiled, grid, len(args), options, device))


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
