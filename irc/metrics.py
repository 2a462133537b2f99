"""Counters about the compilations since the last `reset()`, like torch._inductor.metrics."""

from collections import Counter

generated_kernel_count = 0
fallbacks: Counter = Counter()  # ATen overload names run eagerly (externs for lack of a lowering)
graph_fallbacks = 0  # whole graphs run eagerly because irc failed on them
graphs_compiled = 0
cache_hits = 0
generated_modules: list[str] = []  # paths of the emitted modules, in compile order
passes_checked = 0  # passes whose output the differential check (IRC_CHECK_PASSES) compared with their input
# bytes the kernels read and write (torch._inductor.metrics.num_bytes_accessed), at the sizes compiled for
bytes_moved = 0
num_bytes_accessed = 0  # the same number, under Inductor's name
minimum_bytes = 0  # every graph input read once, every graph output written once
kernel_bytes: list[tuple[str, int, int]] = []  # (kernel, bytes read, bytes written) per launch
peak_bytes_planned = 0  # the last compiled graph: planned peak of live intermediate and output bytes
buffer_bytes = 0  # the last compiled graph: bytes of all its intermediate and output buffers, without reuse
# seconds spent per compile phase: "import" (FX graph -> aten IR), "passes", "emission" (Triton source),
# "kernel compile" (waiting for the compile pool, Triton loading or compiling a kernel on its first launch),
# "tuning" (benchmarking candidates)
phase_seconds: Counter = Counter()
# kernels the first CUDA calls had Triton load from its cache ("cached": compiled by the pool or an earlier
# process) or compile on launch ("compiled": what the pool did not cover)
launch_compiles: Counter = Counter()
# CUDA graphs (irc/runtime/cudagraphs.py): graphs captured, replays, and why graphs or calls launch normally
cudagraph_recordings = 0
cudagraph_replays = 0
cudagraph_skips: Counter = Counter()  # reason -> compiled graphs (or their input signatures) it applied to
# kernel.choice sites (a matmul template or cuBLAS) -> the alternative the runtime runs (irc/runtime/choice.py)
choices: dict[str, str] = {}


def reset() -> None:
    global generated_kernel_count, graph_fallbacks, graphs_compiled, cache_hits, passes_checked
    global bytes_moved, num_bytes_accessed, minimum_bytes, peak_bytes_planned, buffer_bytes
    global cudagraph_recordings, cudagraph_replays
    generated_kernel_count = 0
    graph_fallbacks = 0
    graphs_compiled = 0
    cache_hits = 0
    passes_checked = 0
    peak_bytes_planned = 0
    buffer_bytes = 0
    fallbacks.clear()
    generated_modules.clear()
    phase_seconds.clear()
    launch_compiles.clear()
    cudagraph_recordings = cudagraph_replays = 0
    cudagraph_skips.clear()
    choices.clear()
    bytes_moved = num_bytes_accessed = minimum_bytes = 0
    kernel_bytes.clear()


def record_bytes(launches, minimum: int) -> None:
    """Adds one compiled graph's launches ((kernel, read, written) in bytes) and its minimum."""
    global bytes_moved, num_bytes_accessed, minimum_bytes
    kernel_bytes.extend(launches)
    bytes_moved += sum(read + written for _, read, written in launches)
    num_bytes_accessed = bytes_moved
    minimum_bytes += minimum


class phase:
    """`with metrics.phase("passes"): ...` adds the block's wall time to phase_seconds["passes"]; under
    torch.compile the block is also a dynamo_timed span, `irc_passes` (irc/torch_logs.py)."""

    def __init__(self, name: str):
        self.name = name

    def __enter__(self):
        from time import perf_counter

        from irc.torch_logs import timed

        self.span = timed("irc_" + self.name.replace(" ", "_"))
        self.span.__enter__()
        self.start = perf_counter()
        return self

    def __exit__(self, *exc):
        from time import perf_counter

        phase_seconds[self.name] += perf_counter() - self.start
        self.span.__exit__(*exc)
        return False
