"""irc's own compile time per aten op on CPU: BERT at 1, 4, 12 and 48 layers (issue 18, item 4).

    python3 bench/compile_time.py                       # 1, 4, 12, 48 layers; ms per aten op by phase
    python3 bench/compile_time.py --layers 12 --profile  # plus a cProfile of the 12-layer pipeline
    python3 bench/compile_time.py --hidden 64 --seq 16   # smaller tensors (the graph is the same)

The forward graph is captured as the backend captures it (Dynamo -> aot_autograd with irc's decompositions,
no_grad), without compiling it. Then irc's pipeline runs on it phase by phase, as torch.compile runs it
(irc.compile.compile_fx_graph -> compile_module_text, Python's garbage collector paused as there): FX import,
printing the aten module (the cache key's text), each pass of the configured pipeline on the imported module,
the verification after each pass where the default path runs it (IRC_VERIFY=1), and emission of the module.
Nothing is autotuned and no Triton kernel is compiled. Weights are random (bench/zoo.py's BERT config; nothing
is downloaded). A 1-layer graph is compiled once first, untimed, so that irc's lazy imports do not count
against the first row (`--cold` counts them).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


def bert(layers: int, hidden: int, heads: int):
    from zoo import Wrapped, _config, _model

    config = _config(
        "BertConfig",
        num_hidden_layers=layers,
        hidden_size=hidden,
        num_attention_heads=heads,
        intermediate_size=4 * hidden,
    )
    return Wrapped(_model("BertModel", config), "last_hidden_state", "input_ids").eval()


def capture(model, inputs):
    """The ATen forward graph torch.compile(backend="irc") would hand to irc.compile.compile_fx_graph."""
    import torch
    from torch._dynamo.backends.common import aot_autograd

    from irc.backend import decompositions

    graphs = []

    def keep(gm, example_inputs):
        graphs.append(gm)
        return gm.forward

    torch._dynamo.reset()
    backend = aot_autograd(fw_compiler=keep, decompositions=decompositions())
    with torch.no_grad():
        torch.compile(model, backend=backend)(*inputs)
    if len(graphs) != 1:
        raise RuntimeError(f"expected one graph, Dynamo gave {len(graphs)}")
    return graphs[0]


def aten_op_count(gm) -> int:
    return sum(1 for node in gm.graph.nodes if node.op == "call_function")


class Clock:
    def __init__(self):
        self.phases: dict[str, float] = {}

    def time(self, phase: str, fn, *args):
        start = time.perf_counter()
        result = fn(*args)
        self.phases[phase] = self.phases.get(phase, 0.0) + time.perf_counter() - start
        return result


def compile_phases(gm) -> dict[str, float]:
    """Seconds per phase of irc's compile of `gm`, in the order compile_fx_graph runs them."""
    from irc.compile import paused_gc, verifies_passes
    from irc.fx_import import import_graph_and_constants
    from irc.pipeline import build_pipeline, configured_pipeline, make_context
    from irc.target.emit_triton import emit_module

    clock = Clock()
    with paused_gc():
        module, _ = clock.time("import", import_graph_and_constants, gm)
        clock.time("print", str, module)  # the cache key's text
        ctx = make_context()
        verify = verifies_passes()
        for pass_ in build_pipeline(configured_pipeline()).passes:
            clock.time(pass_.name, pass_.apply, ctx, module)
            if verify:
                clock.time("verify", module.verify)
        clock.time("emit", emit_module, module)
    return clock.phases


def report(rows: list[tuple[int, int, dict[str, float]]]) -> str:
    phases = list(dict.fromkeys(p for _, _, times in rows for p in times))
    head = ["layers", "aten ops", "total s", "ms/op"] + phases
    lines = ["| " + " | ".join(head) + " |", "|" + "---:|" * len(head)]
    for layers, ops, times in rows:
        total = sum(times.values())
        cells = [str(layers), str(ops), f"{total:.2f}", f"{1e3 * total / ops:.2f}"]
        cells += [f"{1e3 * times.get(p, 0.0) / ops:.2f}" for p in phases]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n\n(phase columns: ms per aten op)"


def profile(gm, top: int, dump: str = "") -> str:
    profiler = cProfile.Profile()
    profiler.enable()
    compile_phases(gm)
    profiler.disable()
    if dump:
        profiler.dump_stats(dump)
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out).sort_stats("cumulative")
    stats.print_stats(top)
    stats.sort_stats("tottime").print_stats(top)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--layers", default="1,4,12,48", help="comma-separated layer counts")
    parser.add_argument("--hidden", type=int, default=768)
    parser.add_argument("--heads", type=int, default=12)
    parser.add_argument("--batch", type=int, default=1)
    parser.add_argument("--seq", type=int, default=128)
    parser.add_argument("--cold", action="store_true", help="no warm-up compile (lazy imports count too)")
    parser.add_argument("--profile", action="store_true", help="cProfile the largest layer count's compile")
    parser.add_argument("--top", type=int, default=40, help="rows of the profile")
    parser.add_argument("--profile-out", default="", help="also write the profile's pstats data here")
    args = parser.parse_args()

    import torch

    def graph(layers: int):
        torch.manual_seed(0)
        tokens = torch.randint(0, 30522, (args.batch, args.seq))
        return capture(bert(layers, args.hidden, args.heads), (tokens,))

    if not args.cold:
        compile_phases(graph(1))
    rows = []
    for layers in [int(n) for n in args.layers.split(",")]:
        gm = graph(layers)
        rows.append((layers, aten_op_count(gm), compile_phases(gm)))
        print(report(rows[-1:]).splitlines()[2], flush=True)
    print(report(rows))
    if args.profile:  # a fresh graph, whose first compile is what users wait for
        print(profile(graph(rows[-1][0]), args.top, args.profile_out))


if __name__ == "__main__":
    main()
