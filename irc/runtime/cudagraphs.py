"""CUDA graphs: a compiled graph's whole call recorded once per input signature and replayed.

Switched on by `torch.compile(..., backend="irc", options={"triton.cudagraphs": True})` (or irc's own key
`"cudagraphs"`), by `mode="reduce-overhead"` or `"max-autotune"`, or by IRC_CUDAGRAPHS=1. The rules are
Inductor's (torch/_inductor/cudagraph_utils.py, cudagraph_trees.py):

- A graph runs without CUDA graphs (launching normally; the reason is logged once and counted in
  `irc.metrics.cudagraph_skips`) when CUDA or its caching allocator is off, when it holds a CPU tensor or
  tensors of several devices, when it mutates an input other than a parameter, buffer or constant (the
  graph would write its own copy of the input) or rebinds an input's storage (`set_`), or when it calls an
  op the host must wait for (`item`; one whose result's shape depends on the data, such as `nonzero`).
- Parameters, buffers, lifted constants and a backward's saved tensors are read in place; every other
  tensor input is copied into a buffer of the recording before each replay. A recording whose in-place
  input moved is recorded again where the input is now (a backward's saved tensors move once when its
  forward is recorded again); one that has moved MOVES_BEFORE_COPYING times is copied from then on.
- A signature is the inputs' sizes, strides, dtypes and devices and the values of scalar inputs. Each new
  one is recorded (dynamic shapes: one graph per size) up to `config.cudagraph_limit`; beyond it the call
  launches normally. A call that cannot be captured launches normally from then on for that signature:
  one whose warm-up synchronizes with the host (under torch's sync debug mode: an extern that synchronizes,
  a copy to the CPU) SYNCHRONIZING_WARM_UPS times is never captured (a module's first call may wait once
  for work of its own), and one whose capture fails anyway is left behind with the streams, the allocator
  and the CUDA random number generator as they were.
- The first call of a signature runs normally on the recording's inputs on a side stream (a warm-up: Triton
  compiles and autotunes, ATen sets up cuBLAS); the second captures the graph (nothing executes) and
  replays it; later calls replay; a signature recorded again is captured at once. Every call computes
  exactly once, and from the second call on outputs live in graph memory (so a backward reads its saved
  tensors in place at fixed addresses).
- Outputs: a replay returns aliases of the graph's output memory, which the next replay overwrites. Before
  each replay, a recording whose previous outputs are still referenced (the caller kept them, or views of
  them) is not replayed: those output positions are returned as copies from then on, and the signature is
  recorded again (the held outputs keep the old memory). No output is ever overwritten while referenced;
  a loop that keeps its last result (`y = f(x)`) pays one copy of it per call.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable

from irc import config, metrics

log = logging.getLogger("irc")

# torch.compile's modes -> whether they ask for CUDA graphs (None: the IRC_CUDAGRAPHS default)
MODES = {
    "default": None,
    "reduce-overhead": True,
    "max-autotune": True,
    "max-autotune-no-cudagraphs": False,
}
OPTION_KEYS = ("triton.cudagraphs", "cudagraphs")  # Inductor's option and irc's own


def requested(mode: str | None, options: dict | None) -> bool:
    """Whether torch.compile's `mode` / `options` (which it passes to a custom backend as keyword arguments)
    switch CUDA graphs on; IRC_CUDAGRAPHS gives the default. Other option keys are not read here."""
    if mode is not None and mode not in MODES:
        raise ValueError(f"irc: unknown torch.compile mode {mode!r}; irc knows {sorted(MODES)}")
    if options is not None and not isinstance(options, dict):
        raise ValueError(f"irc: torch.compile options must be a dict, got {type(options).__name__}")
    wanted = {key: (options or {})[key] for key in OPTION_KEYS if key in (options or {})}
    for key, value in wanted.items():
        if not isinstance(value, bool):
            raise ValueError(f"irc: option {key!r} must be True or False, got {value!r}")
    if len(set(wanted.values())) > 1:
        raise ValueError(f"irc: options {sorted(wanted)} disagree")
    if wanted:
        return next(iter(wanted.values()))
    by_mode = MODES.get(mode or "default")
    return config.cudagraphs if by_mode is None else by_mode


def cudagraphify(runner: Callable, gm, constants: list) -> Callable:
    """`runner` (a boxed callable of the graph's inputs, then `constants`) replayed from CUDA graphs, or
    `runner` itself where the graph cannot be (the reason logged once and counted)."""
    static = static_inputs(gm, len(constants))
    reason = graph_skip_reason(gm, constants, static)
    if reason is not None:
        note(reason)
        return runner
    return GraphedCall(runner, static, config.cudagraph_limit, mutated=mutated_inputs(gm)[0])


def note(reason: str, outcome: str = "launching normally") -> None:
    """Counts a reason for launching without (or re-recording) a CUDA graph; logs each reason once per process."""
    metrics.cudagraph_skips[reason] += 1
    if reason not in _logged:
        _logged.add(reason)
        level = logging.WARNING if outcome == "launching normally" else logging.INFO
        log.log(level, "irc: CUDA graphs: %s; %s", reason, outcome)


_logged: set[str] = set()


# -- what a graph's FX form tells -------------------------------------------------------------------------------


def placeholders(gm) -> list:
    return list(gm.graph.find_nodes(op="placeholder"))


def static_inputs(gm, n_constants: int) -> set[int]:
    """Inputs at fixed addresses: a backward's inputs other than its tangents (saved tensors); in a forward,
    what aot_autograd marks static (parameters and buffers); the lifted constants after the graph's inputs."""
    from irc.fx_key import static_positions

    nodes = placeholders(gm)
    constants = set(range(len(nodes), len(nodes) + n_constants))
    if any(n.name.startswith("tangents") for n in nodes):
        return {k for k, n in enumerate(nodes) if not n.name.startswith("tangents")} | constants
    return set(static_positions(gm)) | constants


def graph_skip_reason(gm, constants: list, static: set[int]) -> str | None:
    import torch

    return (
        devices_reason(gm, constants)
        or (None if torch.cuda.is_available() else "CUDA is not available")
        or allocator_reason()
        or mutation_reason(gm, static)
        or op_reason(gm)
    )


# operator tags that keep a graph from being captured -> why
UNCAPTURABLE_TAGS = {
    "cudagraph_unsafe": "is marked unsafe for CUDA graphs",
    "data_dependent_output": "returns a value the host reads from the device",
}


def op_reason(gm) -> str | None:
    """An op the host must wait for: a tag in UNCAPTURABLE_TAGS, or a result whose shape depends on the data
    (unbacked sizes: nonzero, masked indexing; integer indexing keeps its shape and is captured)."""
    import torch
    from torch.fx.experimental.symbolic_shapes import free_unbacked_symbols

    tags = {getattr(torch.Tag, name, None): why for name, why in UNCAPTURABLE_TAGS.items()}
    tags.pop(None, None)
    for node in gm.graph.nodes:
        if node.op != "call_function" or not isinstance(node.target, torch._ops.OpOverload):
            continue
        why = next((tags[t] for t in node.target.tags if t in tags), None)
        if why is None and free_unbacked_symbols(node.meta.get("val")):
            why = "has a data-dependent output shape (the host reads the device)"
        if why is not None:
            return f"{node.target} {why}"
    return None


def devices_reason(gm, constants: list) -> str | None:
    """A CPU tensor anywhere (0-d values the graph computes from literals aside: irc uses their values), or
    tensors on several devices."""
    import torch

    cuda = set()
    values = [(n.name, n.op == "placeholder", n.meta.get("val")) for n in gm.graph.nodes]
    values += [(f"constant {k}", True, c) for k, c in enumerate(constants)]
    for name, is_input, value in values:
        for tensor in value if isinstance(value, (list, tuple)) else [value]:
            if not isinstance(tensor, torch.Tensor) or tensor.device.type == "meta":
                continue
            if tensor.device.type == "cpu" and (is_input or tensor.dim() > 0):
                return f"a CPU tensor ({name})"
            if tensor.device.type == "cuda":
                cuda.add(tensor.device)
            elif tensor.device.type != "cpu":
                return f"a tensor on {tensor.device} ({name})"
    if len(cuda) > 1:
        return f"tensors on several devices ({', '.join(sorted(map(str, cuda)))})"
    return None


def allocator_reason() -> str | None:
    import os

    import torch

    enabled = getattr(torch._C, "_cuda_cudaCachingAllocator_is_enabled", None)
    off = not enabled() if enabled is not None else os.environ.get("PYTORCH_NO_CUDA_MEMORY_CACHING") == "1"
    return "the CUDA caching allocator is off (captures allocate from its pools)" if off else None


def mutation_reason(gm, static: set[int]) -> str | None:
    mutated, rebound = mutated_inputs(gm)
    if rebound:
        return f"set_ rebinds the storage of input {min(rebound)}"
    copied = sorted(mutated - static)
    if copied:
        return f"the graph mutates input {copied[0]}, which is not a parameter or buffer"
    return None


def mutated_inputs(gm) -> tuple[set[int], set[int]]:
    """(inputs an op writes, directly or through a view; inputs whose storage `set_` replaces)."""
    import torch

    index = {node: k for k, node in enumerate(placeholders(gm))}
    mutated: set[int] = set()
    rebound: set[int] = set()
    for node in gm.graph.nodes:
        if node.op != "call_function" or not isinstance(node.target, torch._ops.OpOverload):
            continue
        for value in written_arguments(node):
            root = view_root(value)
            if root in index:
                mutated.add(index[root])
                if node.target.overloadpacket is torch.ops.aten.set_:
                    rebound.add(index[root])
    return mutated, rebound


def written_arguments(node) -> list:
    schema = node.target._schema
    written = []
    for k, argument in enumerate(schema.arguments):
        if argument.alias_info is None or not argument.alias_info.is_write:
            continue
        value = node.args[k] if k < len(node.args) else node.kwargs.get(argument.name)
        written += list(value) if isinstance(value, (list, tuple)) else [value]
    return written


def view_root(value):
    """The node a chain of view ops starts from."""
    import torch

    while getattr(value, "op", None) == "call_function" and isinstance(value.target, torch._ops.OpOverload):
        returns = value.target._schema.returns
        if not returns or returns[0].alias_info is None or not value.args:
            break
        value = value.args[0]
    return value


# -- the replaying callable -------------------------------------------------------------------------------------


def signature(args: list, on_cpu: bool = False) -> tuple[tuple | None, str | None]:
    """(what a recording is keyed by, None) or (None, why this call cannot be replayed). Tensors must be on one
    CUDA device (on the CPU with `on_cpu`: the tests' stand-in for a graph)."""
    import torch

    parts, device = [], None
    for position, value in enumerate(args):
        if isinstance(value, torch.Tensor):
            index = value.get_device()  # -1 on the CPU
            if (index < 0) != on_cpu:
                return None, f"a tensor on {value.device.type} (input {position})"
            if index != device:
                if device is not None:
                    return None, f"tensors on several devices ({device}, {index})"
                device = index
            parts += (value.shape, value.stride(), value.dtype)
        else:
            parts += (type(value), value)
    key = (device, *parts)
    try:
        hash(key)
    except TypeError:
        return None, "an input that is neither a tensor nor a hashable value"
    return key, None


def capturing() -> bool:
    import torch

    return torch.cuda.is_current_stream_capturing()


_NEW = object()
MOVES_BEFORE_COPYING = 2  # an in-place input that moved this often is copied from then on
SYNCHRONIZING_WARM_UPS = 2  # a signature whose warm-up synchronized this often is never captured
SYNCHRONIZES = "the call waits for the device (a copy to the CPU, a synchronize), which a capture cannot hold"


class GraphedCall:
    """A boxed callable replaying `runner` from one recording per input signature (the rules: module doc)."""

    on_cpu = False  # the tests' CPU stand-in for a graph

    def __init__(self, runner: Callable, static: set[int], limit: int, recorder=None, mutated=frozenset()):
        from irc.runtime.cudagraph_recording import Recording

        self._boxed_call = True  # in the instance's __dict__: functools.wraps (torch._dynamo.disable) copies it
        self.runner = runner
        self.path = getattr(runner, "path", None)
        self.static = set(static)
        self.limit = limit
        self.recorder = recorder or Recording
        self.recordings: dict = {}  # signature -> Recording (warmed up, or captured), or None: launch normally
        self.warmed: set = set()  # signatures whose kernels a warm-up compiled and tuned, without synchronizing
        self.synchronizing: Counter = Counter()  # signature -> its warm-ups that synchronized
        self.moves: Counter = Counter()  # in-place input -> how often it moved
        self.cloned: set[int] = set()  # output positions returned as copies
        self.noted: set[str] = set()
        self.mutated = set(mutated)  # in-place inputs the graph writes: never copied (the copy would be written)
        self.off: str | None = None  # why every call launches normally

    def __call__(self, args):
        args = args if isinstance(args, list) else list(args)
        key, reason = signature(args, self.on_cpu)
        if reason is None and not self.on_cpu and capturing():
            reason = "called while a CUDA graph is being captured (the caller's graph takes the launches)"
        if reason is not None or self.off is not None:
            return self.run_normally(args, reason or self.off)
        recording = self.recordings.get(key, _NEW)
        if recording is None:
            return self.runner(args)
        if recording is not _NEW and recording.plan is not None:
            if not self.stale(recording, args):
                metrics.cudagraph_replays += 1
                return recording.replay(args)
            self.recordings.pop(key, None)
            if self.off is not None:
                return self.run_normally(args, self.off)
            recording = _NEW
        if recording is _NEW:
            recording = self.new_recording(key, args)
            if recording is None:
                return self.runner(args)
        if key not in self.warmed:
            return self.warm_up(key, recording, args)
        return self.capture(key, recording, args)

    def stale(self, recording, args: list) -> bool:
        """Whether the recording must not be replayed for this call: an input it reads in place moved, or
        outputs of its last replay are still referenced (the replay would overwrite them)."""
        moved = recording.moved_inputs(args)
        if moved:
            self.moves.update(moved)
            copied = {k for k in moved if self.moves[k] >= MOVES_BEFORE_COPYING}
            if copied & self.mutated:
                self.off = f"input {min(copied & self.mutated)}, which the graph mutates, keeps moving"
                self.recordings.clear()
                return True
            self.static -= copied
            for key, other in list(self.recordings.items()):
                if other is not None and other.in_place & copied:
                    del self.recordings[key]
            what = "it is copied from then on" if copied else "recorded again where it is"
            self.note(f"input {min(moved)} (a parameter, buffer or saved tensor) moved: {what}", "recording again")
            return True
        held = recording.held_outputs()
        if held:
            self.cloned |= held
            self.note(f"outputs {sorted(held)} of a replay were still referenced at the next call: "
                      "they are returned as copies from then on", "recording again")
            return True
        return False

    def new_recording(self, key, args: list):
        """A recording for `key` (its inputs' buffers), or None where there is none: the reason is noted."""
        from irc.runtime.cudagraph_recording import Unsupported

        if len(self.recordings) >= self.limit:
            self.note(f"more than {self.limit} input signatures (config.cudagraph_limit)")
            return None
        copied = {k for k, a in enumerate(args) if hasattr(a, "data_ptr") and k not in self.static}
        try:
            recording = self.recorder(self.runner, args, copied, self.cloned)
        except Unsupported as error:
            self.recordings[key] = None
            self.note(str(error))
            return None
        self.recordings[key] = recording
        return recording

    def warm_up(self, key, recording, args: list):
        """The call run normally; the next call captures it, unless it synchronized with the host (then the next
        call warms up again, or after SYNCHRONIZING_WARM_UPS such warm-ups every call launches normally)."""
        try:
            outputs = recording.warm_up(args)
        except BaseException:
            del self.recordings[key]
            raise
        if not recording.synchronized:
            self.warmed.add(key)
            return outputs
        self.synchronizing[key] += 1
        if self.synchronizing[key] >= SYNCHRONIZING_WARM_UPS:
            self.recordings[key] = None
            self.note(SYNCHRONIZES)
        return outputs

    def capture(self, key, recording, args: list):
        """Capture (nothing runs), then this call's replay: outputs come from the graph's memory from the second
        call of a signature on, so a backward reads its saved tensors in place at fixed addresses."""
        from irc.runtime.cudagraph_recording import Unsupported

        try:
            recording.capture(args)
        except Exception as error:  # noqa: BLE001 - whatever cannot be captured launches normally
            self.recordings[key] = None
            unsupported = isinstance(error, Unsupported)
            return self.run_normally(args, str(error) if unsupported else f"the capture failed ({capture_error(error)})")
        metrics.cudagraph_recordings += 1
        metrics.cudagraph_replays += 1
        return recording.replay(args)

    def run_normally(self, args: list, reason: str):
        self.note(reason)
        return self.runner(args)

    def note(self, reason: str, outcome: str = "launching normally") -> None:
        if reason not in self.noted:
            self.noted.add(reason)
            note(reason, outcome)


def capture_error(error: Exception) -> str:
    lines = str(error).strip().splitlines()
    return f"{type(error).__name__}: {lines[0] if lines else ''}"[:200]
