"""What the index checks cost: eager, Inductor and irc with their out-of-range index asserts on and off.

    python3 bench/index_asserts.py --out OUT/index_asserts.json        # on the GPU, full sizes
    python3 bench/index_asserts.py --smoke --out /tmp/index_asserts.json   # tiny, on CPU (the interpreter)

Workloads (bf16 unless noted): an embedding lookup (vocabulary 50,000, ids [64, 512], hidden 768); a
cross-entropy forward and backward over [4096, 50,000] logits (a gather forward, a one-hot scatter backward);
an index_select of 32,768 rows of a [50,000, 768] table; an index_put with accumulate of 32,768 rows of 768
into a [50,000, 768] f32 table (atomic adds). Columns: eager; Inductor with its `assert_indirect_indexing` on
(the default) and off; irc with `irc.config.assert_indirect_indexing` on (the default) and off. Each is
compiled afresh (torch._dynamo.reset(); irc's cache key holds the pipeline, which names the switch), checked
against eager, and timed with triton.testing.do_bench (median milliseconds; on CPU a median of a few calls).
"(asserts)" marks irc's runs whose emitted modules hold a tl.device_assert. GB/s: the fewest bytes each
workload must move (ids and rows read once, outputs written once; cross entropy: logits read twice, their
gradient written once; index_put: the table copied, each picked row's values read and its table row read and
written) over irc's time with the asserts on.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

# (name, size) of the full and the smoke runs
FULL = {"vocab": 50_000, "batch": 64, "seq": 512, "hidden": 768, "rows": 4096, "picked": 32_768}
SMOKE = {"vocab": 97, "batch": 3, "seq": 7, "hidden": 16, "rows": 13, "picked": 21}
SETTINGS = ("eager", "inductor", "inductor (asserts off)", "irc", "irc (asserts off)")


@dataclass
class Workload:
    name: str
    make: Callable[[dict, str], tuple]  # sizes, device -> inputs
    fn: Callable  # the function compiled (forward)
    step: Callable  # (compiled fn, inputs) -> outputs of one timed step
    bytes: Callable[[dict], int]


def _embedding(s: dict, device: str):
    import torch

    weight = torch.randn(s["vocab"], s["hidden"], device=device, dtype=torch.bfloat16)
    return weight, torch.randint(0, s["vocab"], (s["batch"], s["seq"]), device=device)


def _cross_entropy(s: dict, device: str):
    import torch

    logits = torch.randn(s["rows"], s["vocab"], device=device, dtype=torch.bfloat16, requires_grad=True)
    return logits, torch.randint(0, s["vocab"], (s["rows"],), device=device)


def _index_put(s: dict, device: str):
    import torch

    table = torch.randn(s["vocab"], s["hidden"], device=device)
    rows = torch.randint(0, s["vocab"], (s["picked"],), device=device)
    return table, rows, torch.randn(s["picked"], s["hidden"], device=device)


def _index_select(s: dict, device: str):
    import torch

    table = torch.randn(s["vocab"], s["hidden"], device=device, dtype=torch.bfloat16)
    return table, torch.randint(0, s["vocab"], (s["picked"],), device=device)


def _cross_entropy_step(fn, inputs):
    import torch

    logits, target = inputs
    loss = fn(logits, target)
    return (loss.detach(), *torch.autograd.grad(loss, logits))


def _forward(fn, inputs):
    return fn(*inputs)


def _workloads() -> list[Workload]:
    import torch
    import torch.nn.functional as F

    return [
        Workload("embedding", _embedding, lambda w, i: F.embedding(i, w), _forward,
                 lambda s: s["batch"] * s["seq"] * (8 + 2 * 2 * s["hidden"])),
        Workload("cross_entropy fwd+bwd", _cross_entropy, lambda x, t: F.cross_entropy(x, t),
                 _cross_entropy_step, lambda s: s["rows"] * (8 + 3 * 2 * s["vocab"])),
        Workload("index_select", _index_select, lambda x, i: torch.index_select(x, 0, i), _forward,
                 lambda s: s["picked"] * (8 + 2 * 2 * s["hidden"])),
        Workload("index_put accumulate", _index_put,
                 lambda x, i, v: x.index_put((i,), v, accumulate=True), _forward,
                 lambda s: 2 * 4 * s["vocab"] * s["hidden"] + s["picked"] * (8 + 3 * 4 * s["hidden"])),
    ]  # fmt: skip


def median_ms(step: Callable[[], object], device: str, smoke: bool) -> float:
    """do_bench's median on CUDA; on CPU the median of a few calls (the interpreter is slow)."""
    if device == "cuda":
        from triton.testing import do_bench

        return do_bench(step, return_mode="median")
    times = []
    for _ in range(3 if smoke else 10):
        start = time.perf_counter()
        step()
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


def compiled(fn, setting: str):
    """fn as `setting` runs it, compiled afresh with that setting's assert switch."""
    import torch
    import torch._inductor.config as inductor_config

    from irc import config

    torch._dynamo.reset()
    if setting == "eager":
        return fn
    if setting.startswith("inductor"):
        inductor_config.assert_indirect_indexing = "off" not in setting
        return torch.compile(fn)
    config.assert_indirect_indexing = "off" not in setting
    return torch.compile(fn, backend="irc")


def close(got, want) -> bool:
    import torch

    got, want = (v if isinstance(v, tuple) else (v,) for v in (got, want))
    try:
        for g, w in zip(got, want):
            torch.testing.assert_close(g.float(), w.float(), rtol=2e-2, atol=2e-2)
        return True
    except AssertionError:
        return False


def measure(work: Workload, sizes: dict, device: str, smoke: bool) -> dict:
    """One workload under every setting: milliseconds, whether it matched eager, irc's asserts."""
    import torch

    from irc import metrics

    torch.manual_seed(0)
    inputs = work.make(sizes, device)
    want = work.step(work.fn, inputs)
    row: dict = {"workload": work.name, "bytes": work.bytes(sizes)}
    for setting in SETTINGS:
        try:
            metrics.reset()
            fn = compiled(work.fn, setting)
            got = work.step(fn, inputs)  # compiles
            ms = median_ms(lambda: work.step(fn, inputs), device, smoke)
            cell = {"matches_eager": close(got, want), "ms": ms}
            if setting.startswith("irc"):
                modules = [open(p).read() for p in metrics.generated_modules]
                cell["asserts"] = any("tl.device_assert" in m for m in modules) if modules else None
                cell["fallbacks"], cell["graph_fallbacks"] = dict(metrics.fallbacks), metrics.graph_fallbacks
        except Exception as error:  # noqa: BLE001 - a failing backend is a cell of the table, not the end
            cell = {"error": f"{type(error).__name__}: {str(error)[:300]}"}
        row[setting] = cell
    return row


def restore_switches() -> None:
    import torch._inductor.config as inductor_config

    from irc import config

    del config.assert_indirect_indexing
    inductor_config.assert_indirect_indexing = True


def table(rows: list[dict]) -> str:
    """The markdown table: milliseconds per setting, the asserts' cost in irc and Inductor, irc's GB/s."""
    head = ["workload", *[f"{s} ms" for s in SETTINGS], "irc assert cost", "inductor assert cost", "irc GB/s"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for row in rows:
        cells = [row["workload"]]
        for setting in SETTINGS:
            cell = row[setting]
            cells.append(_cell_text(cell))
        cells += [_cost(row, "irc"), _cost(row, "inductor")]
        on = row["irc"]
        cells.append(f"{row['bytes'] / on['ms'] / 1e6:.0f}" if "ms" in on else "-")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _cell_text(cell: dict) -> str:
    if "error" in cell:
        return "error"
    wrong = "" if cell["matches_eager"] else " (wrong)"
    return f"{cell['ms']:.3f}{wrong}" + (" (asserts)" if cell.get("asserts") else "")


def _cost(row: dict, backend: str) -> str:
    on, off = row[backend], row[f"{backend} (asserts off)"]
    return f"{(on['ms'] / off['ms'] - 1) * 100:+.1f}%" if "ms" in on and "ms" in off else "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, help="the JSON file of the results")
    parser.add_argument("--smoke", action="store_true", help="tiny sizes on CPU (Triton's interpreter)")
    parser.add_argument("--only", default="", help="comma-separated workload names (default: all)")
    args = parser.parse_args()

    import torch

    device = "cpu" if args.smoke or not torch.cuda.is_available() else "cuda"
    sizes = SMOKE if args.smoke else FULL
    wanted = {n.strip() for n in args.only.split(",") if n.strip()}
    rows = []
    try:
        for work in _workloads():
            if not wanted or work.name in wanted:
                rows.append(measure(work, sizes, device, args.smoke))
    finally:
        restore_switches()
    text = table(rows)
    print(text)
    device_name = torch.cuda.get_device_name() if device == "cuda" else "cpu"
    with open(args.out, "w") as out:
        json.dump({"device": device_name, "sizes": sizes, "rows": rows, "table": text}, out, indent=1)


if __name__ == "__main__":
    main()
