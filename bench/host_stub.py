"""The host path of an irc `call(args)` with the device work taken out (CPU, no GPU needed).

    python3 bench/overhead.py --stubbed resnet,mobilenet_v2,convnext            # us per call, calls per call
    python3 bench/overhead.py --stubbed mobilenet_v2 --profile                   # and where the time goes

Each zoo model (small config) is compiled with irc on CPU and its emitted module loaded; then
- kernels: every launch site keeps a no-op runner (as a GPU keeps a compiled kernel's direct runner), so a
  launch costs what the wrapper and the runtime do in Python before the runner, and one Python call (a
  launch straight through `kernel[grid](...)`, as older wrappers emit for kernels without candidates, costs
  one no-op call: far less than Triton's launch path it stands for);
- externs: each torch.ops / torch function the wrapper calls replays the result of its first call, in order;
- input checks, extern layout checks, allocations and views run as they are.
What remains is the host path: microseconds per call() and Python-level function calls per call() (cProfile).
"""

from __future__ import annotations

import cProfile
import os
import pstats
import sys
import time

import torch


class Replay:
    """An extern callable: records its results on the first call() and replays them, in order, later."""

    def __init__(self, real, tape: list):
        self.real, self.tape = real, tape

    def __call__(self, *args, **kwargs):
        if self.tape[0] is not None:  # replaying: tape = [position, result0, result1, ...]
            self.tape[0] += 1
            return self.tape[self.tape[0]]
        result = self.real(*args, **kwargs)
        self.tape.append(result)
        return result


class Namespace:
    """`torch`, `torch.ops`, `torch.ops.aten`, ... as the wrapper reads them, with the overloads in torch.ops
    and the extern torch functions replaced by Replay; each attribute is looked up once and then kept."""

    EXTERNS = ("mm", "bmm", "addmm", "baddbmm", "convolution", "split_with_sizes")  # torch functions called

    def __init__(self, real, tape: list, replay_all: bool):
        self._real, self._tape, self._replay_all, self._externs = real, tape, replay_all, self.EXTERNS

    def __getattr__(self, name: str):
        value = getattr(self._real, name)
        if isinstance(value, torch._ops.OpOverload) or (name in self._externs and not self._replay_all):
            value = Replay(value, self._tape)
        elif name == "ops" or self._replay_all:
            value = Namespace(value, self._tape, True)
        setattr(self, name, value)
        return value


def stub_kernels() -> None:
    """Every launch that reaches Triton once keeps a no-op runner, as on a GPU."""
    import importlib

    noop = lambda args: None  # noqa: E731
    for module_name in ("irc.runtime.site_launch", "irc.runtime.launch"):
        try:
            module = importlib.import_module(module_name)
        except ImportError:  # a tree without site launchers
            continue
        for attr in ("cuda_device", "_cuda_device"):
            if hasattr(module, attr):
                setattr(module, attr, lambda args: 0)
        if hasattr(module, "direct_runner"):
            module.direct_runner = lambda *a, **k: noop


def stubbed_module(name: str):
    """The loaded module of zoo model `name` (small, CPU, no_grad), its args, and its extern tape."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from zoo import ZOO

    from irc import metrics
    from irc.runtime.loader import load

    model, inputs = ZOO[name].build(small=True)
    metrics.reset()
    torch._dynamo.reset()
    with torch.no_grad():
        torch.compile(model, backend="irc")(*inputs)
    module = load(metrics.generated_modules[-1], interpret=True)
    tape: list = [None]
    module.torch = Namespace(torch, tape, replay_all=False)
    args = module.get_args()
    import numpy

    from irc.runtime.interpreter_shims import interpreted_stdlib

    with torch.no_grad(), interpreted_stdlib(), numpy.errstate(all="ignore"):
        module.call(list(args))  # Triton's interpreter runs each kernel once; the externs record
    tape[0] = 0
    for name in module.KERNELS:  # a launch straight through `kernel[grid](...)`: a no-op too
        setattr(module, name, StubKernel())
    return module, args, tape


class StubKernel:
    """A kernel launched as `kernel[grid](*args, **options)` that does nothing."""

    def __getitem__(self, grid):
        return lambda *args, **options: None


def host_table(names: list[str], calls: int = 200, profile: bool = False) -> None:
    stub_kernels()
    print("| model | launches | externs | inputs | host us per call() | function calls per call() |")
    print("|---|---:|---:|---:|---:|---:|")
    for name in names:
        module, args, tape = stubbed_module(name)

        def run(n: int) -> None:
            for _ in range(n):
                tape[0] = 0
                module.call(list(args))

        run(10)
        best = min(_seconds(run, calls) for _ in range(5)) / calls * 1e6
        profiler = cProfile.Profile()
        profiler.runcall(run, 20)
        stats = pstats.Stats(profiler)
        per_call = stats.total_calls / 20
        launches = _count_launches(module)
        n_inputs = sum(isinstance(a, torch.Tensor) for a in args)
        row = [name, launches, len(tape) - 1, n_inputs, f"{best:.1f}", f"{per_call:.0f}"]
        print("| " + " | ".join(map(str, row)) + " |", flush=True)
        if profile:
            stats.sort_stats("tottime").print_stats(15)


def _seconds(run, calls: int) -> float:
    start = time.perf_counter()
    run(calls)
    return time.perf_counter() - start


def _count_launches(module) -> int:
    import inspect

    source = inspect.getsource(module.call)
    kernels = source.count("](") - source.count("_guards[")  # `kernel[grid](...)`, not a `_guards[site](...)` check
    return source.count("_autotune.launch(") + source.count(".get((") + kernels
