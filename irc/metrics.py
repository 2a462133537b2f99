"""Counters about the last compilations, like torch._inductor.metrics. `reset()` clears them."""

from collections import Counter

generated_kernel_count = 0
fallbacks: Counter = Counter()  # ATen overload names run eagerly (externs for lack of a lowering)
graph_fallbacks = 0  # whole graphs run eagerly because irc failed on them
graphs_compiled = 0
cache_hits = 0
generated_modules: list[str] = []  # paths of the emitted modules, in compile order
passes_checked = 0  # passes whose output the differential check (IRC_CHECK_PASSES) compared with their input


def reset() -> None:
    global generated_kernel_count, graph_fallbacks, graphs_compiled, cache_hits, passes_checked
    generated_kernel_count = 0
    graph_fallbacks = 0
    graphs_compiled = 0
    cache_hits = 0
    passes_checked = 0
    fallbacks.clear()
    generated_modules.clear()
