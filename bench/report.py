"""Writes bench/RESULTS.md (and a PNG of % of peak bandwidth when matplotlib is importable) from result rows.

    python3 bench/report.py results.json [RESULTS.md]   # regenerate from a saved run

bench/results.json is the run behind RESULTS.md; bench/results_baseline.json the first run of the suite, before
kernel-split-reduction, outer-reduction tiles, wider persistent rows and autotuning (geomean 0.57 then).
"""

from __future__ import annotations

import json
import math
import os
import sys

# peak HBM bandwidth by GPU name (the first key the name contains); the issue's target is the H100's
PEAK_GBS = {"H100": 3352.0, "H200": 4800.0}
DEFAULT_PEAK_GBS = 3352.0
# RESULTS.md ends with sections that other scripts write, each from its marker line to the next (or the end):
# peak memory (bench/memory.py), the model zoo (bench/models.py) and compile times
# (bench/compile_cold_warm.py); run.py keeps them when it rewrites
MEMORY_MARK = "<!-- peak memory: written by bench/memory.py -->"
MODELS_MARK = "<!-- model zoo: written by bench/models.py -->"
COMPILE_MARK = "<!-- compile time cold and warm: written by bench/compile_cold_warm.py -->"
DASHBOARD_MARK = "<!-- dashboard: written by bench/dashboard.py -->"
TRAINING_MARK = "<!-- training: written by bench/dashboard.py --train -->"
DYNAMIC_MARK = "<!-- dynamic shapes: from bench/dynamic.py -->"
INDEX_ASSERTS_MARK = "<!-- index asserts: from bench/index_asserts.py -->"
SECTION_MARKS = (
    MEMORY_MARK, MODELS_MARK, COMPILE_MARK, DASHBOARD_MARK, TRAINING_MARK, DYNAMIC_MARK, INDEX_ASSERTS_MARK
)
BACKENDS = ("eager", "inductor", "irc")


def irc_origin() -> str:
    """Where the measured irc was imported from: the tree beside bench/ or, named as such, another copy (an
    installed wheel shadowing the checkout measures old code)."""
    import irc

    package = os.path.dirname(os.path.abspath(irc.__file__))
    tree = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "irc")
    return "irc of this tree" if package == tree else f"irc NOT of this tree: {package}"


def origin(info: dict) -> str:
    return f", {info['irc']}" if "irc" in info else ""


def peak_gbs(gpu: str) -> float:
    return next((gbs for key, gbs in PEAK_GBS.items() if key in gpu), DEFAULT_PEAK_GBS)


def ms_of(row: dict, backend: str, key: str = "ms") -> float | None:
    """The backend's time: `ms` (do_bench) or `gpu_ms` (GPU time with host work hidden)."""
    if backend == "eager":
        return row.get(f"eager_{key}")
    result = row.get(backend) or {}
    return result.get(key) if result.get("status") == "ok" else None


def gbs(row: dict, backend: str, key: str = "ms") -> float | None:
    ms = ms_of(row, backend, key)
    return None if not ms else row["bytes"] / (ms * 1e-3) / 1e9


def fmt(value: float | None, pattern: str) -> str:
    return "-" if value is None else pattern.format(value)


def irc_status(row: dict) -> str:
    if "error" in row:
        return "bench error"
    result = row.get("irc", {})
    status = result.get("status", "?")
    if status == "ok":
        externs = result.get("externs") or {}
        note = f"ok, {result.get('kernels', '?')} kernels"
        return note + (f", externs {', '.join(sorted(externs))}" if externs else "")
    return {"fallback": "NOT COMPILED (eager fallback)", "wrong": "WRONG RESULT", "error": "ERROR"}.get(
        status, status
    ) + (f": {result.get('detail', '')[:120]}" if result.get("detail") else "")


def irc_figures(row: dict, peak: float, key: str = "ms") -> tuple:
    """(Inductor ms, irc ms, Inductor ms / irc ms, irc GB/s, irc % of peak) of a row by `key`."""
    ind, irc = ms_of(row, "inductor", key), ms_of(row, "irc", key)
    ratio = ind / irc if ind and irc else None  # > 1: irc is faster
    irc_gbs = gbs(row, "irc", key)
    pct = irc_gbs / peak * 100 if irc_gbs and row["memory_bound"] else None
    return ind, irc, ratio, irc_gbs, pct


def read_twice_mark(row: dict) -> str:
    """Marks a workload whose minimal bytes count its inputs read twice (rows that cannot stay on chip)."""
    return " (inputs read twice)" if row.get("input_reads", 1) > 1 else ""


def table(rows: list[dict], peak: float) -> list[str]:
    lines = [
        "| workload | MB moved | eager ms | Inductor ms | irc ms | eager GB/s | Inductor GB/s | irc GB/s "
        "| irc % of peak | irc/Inductor | compile s (Ind / irc) | irc status |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for row in rows:
        if "error" in row:
            lines.append(f"| {row['name']} | | | | | | | | | | | bench error |")
            continue
        ind, irc, ratio, irc_gbs, pct = irc_figures(row, peak)
        compile_s = (
            f"{fmt(row.get('inductor', {}).get('compile_s'), '{:.1f}')} / "
            f"{fmt(row.get('irc', {}).get('compile_s'), '{:.1f}')}"
        )
        name = row["name"] + ("" if row["memory_bound"] else " (matmul)") + read_twice_mark(row)
        lines.append(
            f"| {name} | {row['bytes'] / 1e6:.0f} | {fmt(row.get('eager_ms'), '{:.3f}')} "
            f"| {fmt(ind, '{:.3f}')} | {fmt(irc, '{:.3f}')} | {fmt(gbs(row, 'eager'), '{:.0f}')} "
            f"| {fmt(gbs(row, 'inductor'), '{:.0f}')} | {fmt(irc_gbs, '{:.0f}')} | {fmt(pct, '{:.0f}%')} "
            f"| {fmt(ratio, '{:.2f}')} | {compile_s} | {irc_status(row)} |"
        )
    return lines


def summary(rows: list[dict], peak: float, copy: float | None = None, key: str = "ms") -> list[str]:
    times = [(ms_of(r, "inductor", key), ms_of(r, "irc", key)) for r in rows]
    ratios = [ind / irc for ind, irc in times if ind and irc]
    mem = [r for r in rows if r.get("memory_bound") and gbs(r, "irc", key)]
    at_85 = sum(1 for r in mem if gbs(r, "irc", key) / peak >= 0.85)
    lines = []
    if ratios:
        geo = math.exp(sum(math.log(x) for x in ratios) / len(ratios))
        lines.append(f"- Geomean speed of irc relative to Inductor (Inductor ms / irc ms, > 1 is faster): "
                     f"**{geo:.2f}** over {len(ratios)} workloads; lowest {min(ratios):.2f}.")
    lines.append(f"- Memory-bound workloads at >= 85% of {peak:.0f} GB/s: {at_85} of {len(mem)}.")
    if copy:
        at_copy = sum(1 for r in mem if gbs(r, "irc", key) / copy >= 0.85)
        lines.append(f"- Memory-bound workloads at >= 85% of what a copy reaches ({copy:.0f} GB/s): "
                     f"{at_copy} of {len(mem)}.")
    return lines


def failures(rows: list[dict]) -> list[str]:
    failed = [r["name"] for r in rows if "error" in r or r.get("irc", {}).get("status") != "ok"]
    return [f"- irc did not compile or got wrong: {', '.join(failed) if failed else 'none'}."]


def gpu_table(rows: list[dict], peak: float) -> list[str]:
    """GPU time with the host's work hidden (run.py gpu_ms): what the kernels alone take."""
    lines = [
        "| workload | eager GPU ms | Inductor GPU ms | irc GPU ms | Inductor GB/s | irc GB/s | irc % of peak "
        "| irc/Inductor |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in [r for r in rows if "error" not in r]:
        ind, irc, ratio, irc_gbs, pct = irc_figures(row, peak, "gpu_ms")
        lines.append(
            f"| {row['name']}{read_twice_mark(row)} | {fmt(ms_of(row, 'eager', 'gpu_ms'), '{:.3f}')} "
            f"| {fmt(ind, '{:.3f}')} "
            f"| {fmt(irc, '{:.3f}')} | {fmt(gbs(row, 'inductor', 'gpu_ms'), '{:.0f}')} "
            f"| {fmt(irc_gbs, '{:.0f}')} | {fmt(pct, '{:.0f}%')} | {fmt(ratio, '{:.2f}')} |"
        )
    return lines


def gpu_section(rows: list[dict], peak: float, copy: float | None) -> list[str]:
    if not any(ms_of(r, "irc", "gpu_ms") for r in rows):
        return []
    return [
        "## GPU time with host work hidden",
        "",
        "do_bench above times each call from its start event to its end event; when the host needs longer "
        "to reach a call's first launch than the GPU needs for the L2 flush before it (a slow host CPU), "
        "that host time is in the number. Here a ~1 ms spin kernel runs after the flush, so the host has "
        "enqueued the whole call before its start event: the time of the kernels alone (median of 50 calls).",
        "",
        *summary(rows, peak, copy, "gpu_ms"),
        "",
        *gpu_table(rows, peak),
        "",
    ]


def plot(rows: list[dict], path: str, peak: float) -> bool:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    mem = [r for r in rows if r.get("memory_bound") and "error" not in r]
    fig, ax = plt.subplots(figsize=(max(8, len(mem) * 0.7), 5))
    width = 0.27
    for k, backend in enumerate(BACKENDS):
        values = [(gbs(r, backend) or 0) / peak * 100 for r in mem]
        ax.bar([i + (k - 1) * width for i in range(len(mem))], values, width, label=backend)
    ax.axhline(85, color="gray", linestyle="--", linewidth=1)
    ax.set_xticks(range(len(mem)), [r["name"] for r in mem], rotation=60, ha="right", fontsize=8)
    ax.set_ylabel(f"% of {peak:.0f} GB/s")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    return True


def copy_note(info: dict) -> str:
    """What a plain device-to-device copy reached in the same run: the practical ceiling."""
    copy = info.get("copy_gbs")
    return f" (a 1 GiB tensor copy reaches {copy:.0f} GB/s here)" if copy else ""


def write_results(rows: list[dict], info: dict, results_path: str, out_dir: str = "") -> None:
    png_name = "RESULTS.png"
    png_paths = [os.path.join(os.path.dirname(results_path), png_name)]
    if out_dir:
        png_paths.append(os.path.join(out_dir, png_name))
    peak = peak_gbs(info["gpu"])
    have_png = all(plot(rows, p, peak) for p in png_paths)
    lines = [
        "# irc benchmark results",
        "",
        f"{info['date']}, {info['gpu']}, torch {info['torch']}, triton {info['triton']}{origin(info)}. "
        f"Times are triton.testing.do_bench medians (warm-up excluded, L2 flushed between runs); compile "
        f"time is the first call's wall time. GB/s from the minimal bytes (every input read once, every "
        f"output written once; inputs twice in the rows marked \"inputs read twice\": softmax rows too long to "
        f"stay on chip, which the best known algorithm reads twice); peak {peak:.0f} GB/s{copy_note(info)}. "
        "Every result was checked against eager first.",
        "",
        *summary(rows, peak, info.get("copy_gbs")),
        *failures(rows),
        "",
        *table(rows, peak),
        "",
        f"![% of peak]({png_name})" if have_png else "(no plot: matplotlib is not importable there)",
        "",
        *gpu_section(rows, peak, info.get("copy_gbs")),
    ]
    text = "\n".join(lines) + memory_section(results_path)
    for path in [results_path] + ([os.path.join(out_dir, "RESULTS.md")] if out_dir else []):
        with open(path, "w") as f:
            f.write(text)


def memory_section(results_path: str) -> str:
    """The sections other scripts wrote into an existing RESULTS.md, from the first marker on ("" if none)."""
    if not os.path.exists(results_path):
        return ""
    with open(results_path) as f:
        text = f.read()
    starts = [text.index(mark) for mark in SECTION_MARKS if mark in text]
    return text[min(starts) :] if starts else ""


def write_section(results_path: str, mark: str, section: list[str]) -> None:
    """Replaces (or appends) the section of RESULTS.md that starts with `mark`, keeping the rest."""
    text = ""
    if os.path.exists(results_path):
        with open(results_path) as f:
            text = f.read()
    body = mark + "\n" + "\n".join(section) + "\n"
    if mark not in text:
        text = text.rstrip("\n") + "\n\n" + body
    else:
        start = text.index(mark)
        ends = [text.index(m, start + 1) for m in SECTION_MARKS if m != mark and m in text[start + 1 :]]
        end = min(ends) if ends else len(text)
        text = text[:start] + body + ("\n" + text[end:] if end < len(text) else "")
    with open(results_path, "w") as f:
        f.write(text)


def write_memory_section(results_path: str, section: list[str]) -> None:
    """Replaces (or appends) the peak-memory section of RESULTS.md, keeping the rest."""
    write_section(results_path, MEMORY_MARK, section)


if __name__ == "__main__":
    with open(sys.argv[1]) as f:
        saved = json.load(f)
    target = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(__file__), "RESULTS.md")
    write_results(saved["rows"], saved["info"], target)
