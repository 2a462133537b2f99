"""One CUDA graph of a compiled call: static inputs, warm-up, capture, replay and the outputs it hands out.

The policy around it (which inputs are static, when to record, replay or run normally) is in
irc/runtime/cudagraphs.py. A recording reads two kinds of tensor inputs: *copied* ones, whose values are
copied into buffers of its own before each replay, and *in-place* ones (parameters, buffers, constants,
a backward's saved tensors), which the graph reads at the address they had when it was captured (the
caller checks that the address is unchanged).

Outputs live in the graph's private memory pool and are overwritten by the next replay. A replay hands out
aliases of them (new tensors sharing their storage, never the tensors the recording keeps); `held_outputs`
tells, before the next replay, which of those storages the caller still references.
"""

from __future__ import annotations

import contextlib
import warnings
from collections.abc import Callable

from irc.runtime.layout import copy_to_layout, overlaps


class Unsupported(Exception):
    """A call that a CUDA graph cannot replay correctly; the message says why."""


_side_streams: dict = {}
_abandoned: list = []  # graphs whose capture failed, kept: the allocators may hold callbacks that read them
SYNCHRONIZING = "called a synchronizing CUDA operation"  # torch's warning under set_sync_debug_mode("warn")


def side_stream(device):
    """The stream warm-ups and captures run on (one per device): the capture stream must not be the default one,
    and warming up on it sets up what ATen creates lazily per stream (cuBLAS workspaces)."""
    import torch

    if device not in _side_streams:
        _side_streams[device] = torch.cuda.Stream(device)
    return _side_streams[device]


def _same_addresses(args: list, addresses: list, positions: list[int]) -> bool:
    """Whether args[k].data_ptr() == addresses[k] for every k in positions: Inductor's C check where torch has it
    and the arguments are all tensors and ints, else False (the caller then compares in Python)."""
    import torch

    check = getattr(torch._C, "_tensors_data_ptrs_at_indices_equal", None)
    if check is None:
        return False
    try:
        return check(args, addresses, positions)
    except (TypeError, RuntimeError):
        return False


def storage_key(tensor) -> int:
    return tensor.untyped_storage().data_ptr()


class InputCopy:
    """Copies one input into the recording's buffer of the same layout. Dims of stride 0 (an `expand`) are copied
    at index 0 only: ATen refuses to write a tensor whose elements share memory."""

    def __init__(self, position: int, value):
        size, stride = tuple(value.shape), tuple(value.stride())
        self.index = tuple(slice(0, 1) if s == 0 and n > 1 else slice(None) for n, s in zip(size, stride))
        kept = [(n, s) for n, s in zip(size, stride) if not (s == 0 and n > 1)]
        if overlaps([n for n, _ in kept], [s for _, s in kept]):
            raise Unsupported(f"input {position} has a layout whose elements share memory")
        self.position = position
        self.broadcast = any(isinstance(i, slice) and i.stop == 1 for i in self.index)
        self.buffer = copy_to_layout(value)

    def __call__(self, value) -> None:
        if self.broadcast:
            self.buffer[self.index].copy_(value[self.index])
        else:
            self.buffer.copy_(value)


def copier(value) -> Callable:
    """A function copying `value` into new memory of the same layout."""
    import torch

    size, stride, dtype, device = tuple(value.shape), tuple(value.stride()), value.dtype, value.device
    if overlaps(size, stride):
        return copy_to_layout
    return lambda tensor: torch.empty_strided(size, stride, dtype=dtype, device=device).copy_(tensor)


class OutputPlan:
    """What each output position of the captured call is, and how a replay hands it out:
    - a value that is not a tensor (None, an int): the same value every replay;
    - a view of an input: the same view of the caller's input of this call;
    - memory of the graph's pool: an alias (`detach()`), or a copy for positions in `cloned`."""

    def __init__(self, outputs, inputs: list, cloned: set[int]):
        import torch

        self.template = list(outputs)
        self.views: list[tuple[int, int, tuple, tuple, int]] = []  # (position, input, size, stride, offset)
        self.aliases: list[tuple[int, object]] = []
        self.copies: list[tuple[int, object, Callable]] = []
        storages = {storage_key(t): k for k, t in enumerate(inputs) if isinstance(t, torch.Tensor)}
        storages.pop(0, None)  # no memory (empty tensors): nothing to alias
        pool: dict[int, list] = {}  # storage -> [python storage object, tensors we keep, positions handed out]
        for position, value in enumerate(outputs):
            if not isinstance(value, torch.Tensor):
                continue
            self.template[position] = None
            source = storages.get(storage_key(value))
            if source is not None:
                offset = value.storage_offset() - inputs[source].storage_offset()
                self.views.append((position, source, tuple(value.shape), tuple(value.stride()), offset))
                continue
            entry = pool.setdefault(storage_key(value), [value.untyped_storage(), {}, set()])
            entry[1][id(value)] = value
            if position in cloned or storage_key(value) == 0:
                self.copies.append((position, value, copier(value)))
            else:
                self.aliases.append((position, value))
                entry[2].add(position)
        # our own references to each storage: one per tensor we keep and one for the storage object itself
        self.storages = [(s, s._cdata, len(kept) + 1, handed) for s, kept, handed in pool.values() if handed]

    def input_views(self, args: list) -> list:
        return [args[source] for _, source, *_ in self.views]

    def outputs(self, sources: list) -> tuple:
        """The outputs of one replay; `sources`: the caller's inputs that views are taken of (input_views)."""
        import torch

        result = list(self.template)
        for (position, _, size, stride, offset), source in zip(self.views, sources):
            result[position] = torch.as_strided(source, size, stride, source.storage_offset() + offset)
        for position, value in self.aliases:
            result[position] = value.detach()
        for position, value, copy in self.copies:
            result[position] = copy(value)
        return tuple(result)

    def held_outputs(self) -> set[int]:
        """Positions whose storage someone besides this plan still references (aliases a replay handed out)."""
        import torch

        held: set[int] = set()
        for _, cdata, ours, positions in self.storages:
            if torch._C._storage_Use_Count(cdata) > ours:
                held |= positions
        return held


class Recording:
    """One captured graph for one input signature. `copied`: positions of tensor inputs copied into buffers of
    the recording; other tensors are read in place. `cloned`: output positions returned as copies."""

    def __init__(self, runner: Callable, args: list, copied: set[int], cloned: set[int]):
        import torch

        self.runner = runner
        self.cloned = set(cloned)
        tensors = [a for a in args if isinstance(a, torch.Tensor)]
        self.device = tensors[0].device if tensors else torch.device("cuda", torch.cuda.current_device())
        with torch.no_grad():
            self.copies = [InputCopy(k, args[k]) for k in sorted(copied)]
        self.in_place = {k for k, a in enumerate(args) if isinstance(a, torch.Tensor)} - set(copied)
        self.addresses: list[int | None] = []  # per input: the address the graph reads it at, if in place
        self.checked = sorted(self.in_place)
        self.plan: OutputPlan | None = None
        self.graph = None
        self.synchronized = False  # whether the last warm-up waited for the device (its capture would fail)

    def inputs(self, args: list) -> list:
        """The arguments the graph reads: the recording's buffers for copied inputs, the caller's elsewhere."""
        inputs = list(args)
        for copy in self.copies:
            inputs[copy.position] = copy.buffer
        return inputs

    def warm_up(self, args: list) -> tuple:
        """Runs the call normally on the recording's inputs (Triton compiles and autotunes its kernels, ATen sets
        up its libraries) and returns its outputs, views of copied inputs made views of the caller's.
        `synchronized` tells whether it ran an operation that waits for the device."""
        self.copy_inputs(args)  # a warm-up repeated on a later call reads that call's values
        inputs = self.inputs(args)
        with self.on_side_stream(), self.synchronizations() as seen:
            outputs = self.runner(list(inputs))
        self.synchronized = bool(seen)
        return self.caller_views(outputs, inputs, args)

    def caller_views(self, outputs, inputs: list, args: list) -> tuple:
        import torch

        buffers = {storage_key(c.buffer): c.position for c in self.copies}
        buffers.pop(0, None)
        result = list(outputs)
        for position, value in enumerate(outputs):
            source = buffers.get(storage_key(value)) if isinstance(value, torch.Tensor) else None
            if source is not None:
                offset = args[source].storage_offset() + value.storage_offset() - inputs[source].storage_offset()
                result[position] = torch.as_strided(args[source], value.shape, value.stride(), offset)
        return tuple(result)

    def capture(self, args: list) -> None:
        """Captures the call into a CUDA graph (nothing runs); raises if the call cannot be captured."""
        inputs = self.inputs(args)
        self.addresses = [args[k].data_ptr() if k in self.in_place else None for k in range(len(args))]
        outputs = self.capture_outputs(inputs)
        for position, value in enumerate(outputs):
            if getattr(value, "device", self.device) != self.device:
                raise Unsupported(f"output {position} is on {value.device}")
        self.plan = OutputPlan(outputs, inputs, self.cloned)

    def replay(self, args: list) -> tuple:
        self.copy_inputs(args)
        sources = self.plan.input_views(args)
        args.clear()  # boxed calling convention: the inputs may be freed now
        self.launch()
        return self.plan.outputs(sources)

    def copy_inputs(self, args: list) -> None:
        import torch

        with torch.no_grad() if torch.is_grad_enabled() else contextlib.nullcontext():
            for copy in self.copies:
                copy(args[copy.position])

    def held_outputs(self) -> set[int]:
        return self.plan.held_outputs()

    def moved_inputs(self, args: list) -> list[int]:
        """In-place inputs that are not where the graph reads them (one C call where all are in place)."""
        if self.checked and _same_addresses(args, self.addresses, self.checked):
            return []
        return [k for k in self.checked if args[k].data_ptr() != self.addresses[k]]

    # -- what needs CUDA (a test replaces these four to check the rest on the CPU) ------------------------------

    @contextlib.contextmanager
    def synchronizations(self):
        """Runs its body under torch's sync debug mode "warn" (or the caller's "error"); yields a list that, after
        the body, holds the warnings of the synchronizing operations it ran (a copy to the host, a wait for a
        stream): a capture of those fails. Other warnings, and these where the caller asked for them, are
        issued again."""
        import torch

        previous = torch.cuda.get_sync_debug_mode()
        seen: list[str] = []
        caught: list = []
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                torch.cuda.set_sync_debug_mode(max(previous, 1))
                try:
                    yield seen
                finally:
                    torch.cuda.set_sync_debug_mode(previous)
        finally:
            seen += [str(w.message) for w in caught if SYNCHRONIZING in str(w.message)]
            reissue([w for w in caught if previous or SYNCHRONIZING not in str(w.message)])

    @contextlib.contextmanager
    def on_side_stream(self):
        import torch

        stream = side_stream(self.device)
        torch.cuda.synchronize(self.device)
        stream.wait_stream(torch.cuda.current_stream(self.device))
        try:
            with torch.cuda.stream(stream):
                yield
        finally:
            torch.cuda.current_stream(self.device).wait_stream(stream)

    def capture_outputs(self, inputs: list):
        """The call on `inputs` captured into a new graph with a private memory pool, on the side stream. An
        error at the capture's begin, inside it or at its end (a synchronization, a CPU copy, an operation CUDA
        graphs cannot hold) is raised after `abandon_capture`: the streams, the allocator and the random number
        generator are left as they were before the capture."""
        import torch

        graph, pool = torch.cuda.CUDAGraph(), torch.cuda.graph_pool_handle()
        with self.on_side_stream():
            try:
                graph.capture_begin(pool=pool, capture_error_mode="thread_local")
                outputs = self.runner(list(inputs))
                graph.capture_end()
            except BaseException:
                abandon_capture(graph, pool, self.device)
                raise
        self.graph = graph
        return outputs

    def launch(self) -> None:
        """Replays on the current stream of the graph's device (where the input copies went)."""
        import torch

        if torch.cuda.current_device() == self.device.index:
            self.graph.replay()
            return
        with torch.cuda.device(self.device):
            self.graph.replay()


def reissue(caught: list) -> None:
    for w in caught:
        warnings.warn_explicit(w.message, w.category, w.filename, w.lineno, source=w.source)


# -- after a failed capture ---------------------------------------------------------------------------------------


def abandon_capture(graph, pool, device) -> None:
    """Ends a capture that failed (on its stream, still current) and undoes what torch leaves behind when
    `capture_end` fails: the allocator still allocating into the graph's pool, and the default random number
    generator still marked as capturing (every later random op then raises "Offset increment outside graph
    capture encountered unexpectedly")."""
    import torch

    with contextlib.suppress(Exception):
        if torch.cuda.is_current_stream_capturing():
            graph.capture_end()
    with contextlib.suppress(Exception):
        release_pool(pool, device)
    with contextlib.suppress(Exception):
        graph.reset()
    _abandoned.append(graph)
    with contextlib.suppress(Exception):
        restore_random_numbers(device)


def release_pool(pool, device) -> None:
    """Stops allocating into `pool` and releases it, where the capture's end did not get that far (else the
    graph releases its pool itself)."""
    import torch

    end = getattr(torch._C, "_cuda_endAllocateToPool", None) or getattr(
        torch._C, "_cuda_endAllocateCurrentStreamToPool", None
    )
    release = getattr(torch._C, "_cuda_releasePool", None)
    if end is None or release is None:
        return
    try:
        end(device.index, pool)
    except RuntimeError:  # not allocating into it any more: capture_end got that far
        return
    release(device.index, pool)


def restore_random_numbers(device) -> None:
    """Makes the device's default generator usable outside captures again where it is not: an empty capture
    ends its capturing mark, or failing that it takes a fresh copy of its state. Its seed and offset end as
    they were."""
    import torch

    generator = torch.cuda.default_generators[device.index]
    state = generator.get_state()
    try:
        if not random_numbers_work(device):
            with contextlib.suppress(Exception):
                capture_nothing(device)
        if not random_numbers_work(device):
            generator.graphsafe_set_state(generator.clone_state())
    finally:
        generator.set_state(state)


def random_numbers_work(device) -> bool:
    import torch

    try:
        torch.empty(1, device=device).uniform_()
    except RuntimeError:
        return False
    return True


def capture_nothing(device) -> None:
    """An empty capture: its begin and end set and clear the generator's capturing mark."""
    import torch

    graph = torch.cuda.CUDAGraph()
    with torch.cuda.device(device), torch.cuda.stream(side_stream(device)), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "The CUDA Graph is empty"
        graph.capture_begin(capture_error_mode="thread_local")
        graph.capture_end()
