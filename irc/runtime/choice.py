"""The runtime side of `kernel.choice`: which of equivalent host-program pieces a call runs.

The emitted module holds one `Choice` per kernel.choice (irc/target/triton_wrapper_choice.py). On the first
CUDA call of a site its alternatives are measured on the call's own buffers (they read buffers defined before
the choice and write only its outputs and their own temporaries, so running them again changes nothing): the
default alternative (cuBLAS and the epilogue kernel, for a matmul template) runs first and its outputs are kept,
every other alternative must reproduce them (within the dtype's tolerance) or is never chosen, then each is
timed (do_bench medians of autotune's length). The fastest runs from then on; the decision is cached on disk
beside the autotune results, keyed by the alternatives, the sources of their kernels, their externs, the
buffers' sizes, strides and dtypes, the device and Triton's version (not by the site: identical layers of a
model, whose kernels kernel-dedup made one, share one measurement). An alternative that fails to compile or run loses.
Nothing is measured on CPU tensors (the Triton interpreter) or with IRC_AUTOTUNE=0: the default runs.
Alternatives reading through tensor descriptors (`aligned`) run only on 16-byte aligned buffers (else the
default does), with Triton's scratch allocator installed (irc/runtime/tma.py).
Decisions are logged (logger "irc"; under IRC_DEBUG as a warning and in the debug folder's choices.txt, beside
the graphs' fusion reports, which list the choices) and kept in `irc.metrics.choices`.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Sequence

from irc import metrics
from irc.runtime import autotune, cache
from irc.runtime.tma import ensure_allocator

log = logging.getLogger("irc")

# output dtype -> (rtol, atol) an alternative's outputs must meet against the default's
TOLERANCES = {"float16": (2e-2, 2e-2), "bfloat16": (6e-2, 6e-2), "float32": (2e-3, 2e-3)}


class Choice:
    """One kernel.choice site of an emitted module."""

    def __init__(self, site: str, names: tuple, default: int, kernels: tuple, externs: tuple, aligned: tuple = ()):
        self.site, self.names, self.default = site, names, default
        self.kernels, self.externs = kernels, externs
        # per alternative: whether it reads the buffers through tensor descriptors (16-byte aligned ones only)
        self.aligned = aligned or (False,) * len(names)
        self.chosen: dict[int, int] = {}  # device index -> position of the alternative that runs

    def __call__(self, alternatives: Sequence[Callable], reads: tuple, writes: tuple) -> None:
        device = writes[0].get_device() if writes else -1
        index = self.chosen.get(device)
        if index is None:
            index = self.chosen[device] = self.resolve(alternatives, reads, writes)
        if self.aligned[index]:
            if aligned(reads):
                ensure_allocator()
            else:
                index = self.default
        alternatives[index]()

    def resolve(self, alternatives: Sequence[Callable], reads: tuple, writes: tuple) -> int:
        if not measurable(reads, writes):
            return self.record(self.default, None)
        key = self.key(reads, writes)
        text = cache.read(key, suffix=".choice.json")
        found = _load(text) if text is not None else None
        if found in self.names:
            return self.record(self.names.index(found), None)
        with metrics.phase("tuning"):
            times = measure(self, alternatives, reads, writes)
        best = min(range(len(times)), key=lambda k: (times[k], k != self.default))
        index = best if times[best] != float("inf") else self.default
        cache.store(key, json.dumps({"chosen": self.names[index], "ms": times}), suffix=".choice.json")
        return self.record(index, times)

    def key(self, reads: tuple, writes: tuple) -> str:
        import triton

        sources = [getattr(k, "src", "") for k in self.kernels]
        layouts = [autotune.describe(t) for t in (*reads, *writes)]
        device = autotune.device_name([*reads, *writes])
        return cache.key_of("choice", *self.names, *sources, *self.externs, *layouts, device, triton.__version__)

    def record(self, index: int, times: list[float] | None) -> int:
        from irc import config

        metrics.choices[self.site] = self.names[index]
        measured = "unmeasured" if times is None else ", ".join(
            f"{n} {t:.4f} ms" for n, t in zip(self.names, times)
        )
        line = f"irc: choice {self.site}: {measured} -> {self.names[index]}"
        (log.warning if config.debug else log.info)(line)
        if config.debug:
            write_debug_line(line)
        return index


def write_debug_line(line: str) -> None:
    """Under IRC_DEBUG with a debug folder named (IRC_DEBUG_DIR), the decision goes to its choices.txt too."""
    import os

    from irc import config

    root = config.debug_dir
    if not root:
        return
    try:
        os.makedirs(root, exist_ok=True)
        with open(os.path.join(root, "choices.txt"), "a") as f:
            f.write(line + "\n")
    except OSError as error:
        log.warning("irc: cannot write %s/choices.txt: %s", root, error)


def measurable(reads: tuple, writes: tuple) -> bool:
    """Measured only on CUDA tensors, with autotuning on."""
    return autotune.enabled() and autotune.on_cuda([*reads, *writes])


def aligned(tensors: tuple) -> bool:
    return all(t.data_ptr() % 16 == 0 for t in tensors)


def measure(choice: Choice, alternatives: Sequence[Callable], reads: tuple, writes: tuple) -> list[float]:
    """Milliseconds per alternative (inf: failed, disagreed with the default's outputs, or needs aligned
    buffers the call does not have)."""
    alternatives[choice.default]()
    reference = [w.clone() for w in writes]
    times = []
    for k, alternative in enumerate(alternatives):
        if choice.aligned[k] and not aligned(reads):
            times.append(float("inf"))
            continue
        try:
            if choice.aligned[k]:
                ensure_allocator()
            if k != choice.default:
                alternative()
                if not agrees(writes, reference):
                    log.warning("irc: choice %s: %s disagrees with %s; not chosen", choice.site,
                                choice.names[k], choice.names[choice.default])  # fmt: skip
                    times.append(float("inf"))
                    continue
            times.append(_time(alternative))
        except Exception as error:  # noqa: BLE001 - an alternative that does not compile or run loses
            log.warning("irc: choice %s: %s failed: %s", choice.site, choice.names[k], error)
            times.append(float("inf"))
    return times


def agrees(outputs: tuple, reference: list) -> bool:
    import torch

    for got, expected in zip(outputs, reference):
        rtol, atol = TOLERANCES.get(str(got.dtype).removeprefix("torch."), (0.0, 0.0))
        if not torch.allclose(got, expected, rtol=rtol, atol=atol, equal_nan=True):
            return False
    return True


def _time(alternative: Callable) -> float:
    from triton.testing import do_bench

    from irc import config

    warmup, rep = autotune.MAX_BENCH_MS if config.max_autotune else autotune.BENCH_MS
    return do_bench(alternative, warmup=warmup, rep=rep, return_mode="median")


def _load(text: str) -> str | None:
    try:
        return json.loads(text)["chosen"]
    except (ValueError, KeyError, TypeError):
        return None
