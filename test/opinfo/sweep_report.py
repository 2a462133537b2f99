"""The sweep as a command: runs cases, writes the per-op status table and rewrites the expected failures.

    python test/opinfo/sweep.py --update-expected                 # the default test's cases, first sample
    python test/opinfo/sweep.py --all --all-samples --status test/opinfo/STATUS.md --update-expected
    python test/opinfo/sweep.py --ops add,sin --dtypes float32    # a few cases, printed
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

import sweep
from sweep import FAILURES, Outcome

OUTCOME_ORDER = ("lowered", "no_kernel", "mixed", "extern", "not_compiled", "graph_fallback", "wrong", "error", "skipped")
# the externs the coverage issue leaves to ATen, by kind: ATen op names (no overload) or their prefixes
LIBRARY_EXTERNS = {
    "matmul": ("mm", "bmm", "addmm", "baddbmm", "addbmm"),
    "convolution": ("convolution",),
    "attention": ("_scaled_dot_product", "_efficient_attention", "_flash_attention"),
    "linalg": ("_linalg_", "linalg_", "cholesky", "triangular_solve", "geqrf", "ormqr", "lu_unpack"),
    "fft": ("_fft_",),
    "sort": ("sort", "topk", "kthvalue", "median", "nanmedian", "mode"),
    "complex": ("view_as_complex", "complex", "polar", "_conj"),
}
# copies and views of what such an extern makes (complex tensors, which only externs compute on)
FOLLOWING_EXTERNS = ("_to_copy", "slice", "clone", "constant_pad_nd", "squeeze", "permute", "unsqueeze", "view", "select")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="sweep.py", description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--all", action="store_true", help="every case (default: those the default test runs)")
    parser.add_argument("--all-samples", action="store_true", help="every sample of a case (default: the first)")
    parser.add_argument("--ops", help="comma-separated op names (name.variant)")
    parser.add_argument("--dtypes", help="comma-separated dtype names")
    parser.add_argument("--timeout", type=int, default=300, help="seconds one sample may take")
    parser.add_argument("--status", help="write the per-op status table (markdown) here")
    parser.add_argument("--update-expected", action="store_true", help="rewrite expected_failures.py")
    parser.add_argument("--results", help="also save the outcomes as JSON here")
    parser.add_argument("--from-results", help="read outcomes from a saved JSON instead of running")
    options = parser.parse_args(argv)

    if options.from_results:
        with open(options.from_results) as f:
            saved = json.load(f)
        all_samples = saved["all_samples"]
        results = {tuple(k.split("|")): Outcome(**v) for k, v in saved["outcomes"].items()}
    else:
        all_samples = options.all_samples
        results = run(select(options), all_samples, options.timeout)
    if options.results:
        write_results(options.results, results, all_samples)
    if options.status:
        write_status(options.status, results, all_samples)
    if options.update_expected:
        update_expected(results, all_samples)
    return 0


def select(options) -> list[tuple[str, str]]:
    cases = sweep.all_cases(sweep.ops())
    if not (options.all or options.ops):
        cases = sweep.default_cases(cases)
    if options.ops:
        cases = [c for c in cases if c[0] in options.ops.split(",")]
    if options.dtypes:
        cases = [c for c in cases if c[1] in options.dtypes.split(",")]
    return cases


def run(cases, all_samples: bool, timeout_s: int) -> dict:
    import torch

    sweep.configure_dynamo()
    table, results = sweep.ops(), {}
    for number, (name, dtype) in enumerate(cases, 1):
        start = time.perf_counter()
        outcome = sweep.run_case(table[name], getattr(torch, dtype), all_samples, timeout_s)
        seconds = time.perf_counter() - start
        externs = ",".join(sorted(outcome.externs))
        print(f"[{number}/{len(cases)}] {name} {dtype}: {outcome.outcome} {seconds:.1f}s {outcome.detail} {externs}", flush=True)
        results[(name, dtype)] = outcome
    return results


def write_results(path: str, results: dict, all_samples: bool) -> None:
    outcomes = {
        f"{name}|{dtype}": {**vars(o), "externs": sorted(o.externs)} for (name, dtype), o in results.items()
    }
    with open(path, "w") as f:
        json.dump({"all_samples": all_samples, "outcomes": outcomes}, f, indent=0)


# -- the status table ------------------------------------------------------------------------------


def op_outcome(outcomes: list[Outcome]) -> str:
    """An op's outcome over its dtypes: a failure if any, else the widest of what its cases compiled to."""
    kinds = {o.outcome for o in outcomes}
    for failure in ("wrong", "error", "graph_fallback"):
        if failure in kinds:
            return failure
    passing = kinds - {"skipped"}
    return sweep.combine(passing) if passing else "skipped"


def write_status(path: str, results: dict, all_samples: bool) -> None:
    import torch

    by_op: dict[str, dict[str, Outcome]] = {}
    for (name, dtype), outcome in sorted(results.items()):
        by_op.setdefault(name, {})[dtype] = outcome
    ops_count = {k: 0 for k in OUTCOME_ORDER}
    for outcomes in by_op.values():
        ops_count[op_outcome(list(outcomes.values()))] += 1
    attempted = sum(n for k, n in ops_count.items() if k != "skipped")
    lines = [
        "# OpInfo status",
        "",
        "PyTorch's OpInfo samples (`op_db`) through `torch.compile(backend=\"irc\")` on CPU (Triton's interpreter),",
        f"compared with eager; torch {torch.__version__}, {'every sample' if all_samples else 'the first sample'} of",
        "each case. Generated by `python test/opinfo/sweep.py --all"
        + (" --all-samples" if all_samples else "")
        + " --status test/opinfo/STATUS.md`; the outcomes are defined in `test/opinfo/sweep.py`.",
        "",
        f"**{attempted} ops attempted** ({ops_count['skipped']} skipped: no eager result here, or two eager calls differ). An",
        "op counts once, by its worst case: a failure in any dtype, else mixed where kernels and externs both appear.",
        "A random op's results are compared by sizes and dtypes only; a not_compiled row gives Dynamo's graph-break reason.",
        "",
        "| outcome | ops | " + " | ".join(dtype_columns(results)) + " |",
        "|---|---|" + "---|" * len(dtype_columns(results)),
    ]
    for kind in OUTCOME_ORDER:
        per_dtype = [sum(1 for (_, d), o in results.items() if d == dt and o.outcome == kind) for dt in dtype_columns(results)]
        lines.append(f"| {kind} | {ops_count[kind]} | " + " | ".join(map(str, per_dtype)) + " |")
    lines += ["", *coverage_lines(by_op, ops_count)]
    lines += ["", "## Per op", "", "| op | outcome | float32 | low precision | integer | externs / failure |", "|---|---|---|---|---|---|"]
    for name, outcomes in by_op.items():
        lines.append(op_row(name, outcomes))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def library_extern(name: str) -> bool:
    return any(name == p or (p.endswith("_") and name.startswith(p)) for ps in LIBRARY_EXTERNS.values() for p in ps)


def leaves_to_library(outcomes: dict[str, Outcome]) -> bool:
    """Every extern of the op is one the coverage issue leaves to ATen, or a copy of what one makes."""
    names = {e.removeprefix("aten::").split(".")[0] for o in outcomes.values() for e in o.externs}
    library = {n for n in names if library_extern(n)}
    return bool(library) and names <= library | set(FOLLOWING_EXTERNS)


def coverage_lines(by_op: dict[str, dict[str, Outcome]], ops_count: dict[str, int]) -> list[str]:
    """The share of ops lowered, of those that reach irc (Dynamo compiled them) and of those not left to ATen."""
    reaching = sum(n for k, n in ops_count.items() if k not in ("skipped", "not_compiled"))
    lowered, viewed = ops_count["lowered"], ops_count["lowered"] + ops_count["no_kernel"]
    borrowed = [n for n, o in by_op.items() if op_outcome(list(o.values())) in ("extern", "mixed")]
    library = [n for n in borrowed if leaves_to_library(by_op[n])]
    others = sorted(set(borrowed) - set(library))
    kinds = ", ".join(LIBRARY_EXTERNS)
    return [
        f"**Lowered: {lowered} of the {reaching} ops that reach irc ({100 * lowered / reaching:.1f}%); "
        f"{viewed} ({100 * viewed / reaching:.1f}%) with the views that need no kernel.** Of the "
        f"{len(borrowed)} extern and mixed ops, {len(library)} run only externs the coverage issue leaves to ATen "
        f"({kinds}); without those, {100 * viewed / (reaching - len(library)):.1f}% are lowered or need no kernel. "
        f"The others: {', '.join(others) or 'none'}.",
    ]


def dtype_columns(results: dict) -> list[str]:
    found = {dtype for _, dtype in results}
    order = ["float32", "bfloat16", "float16", "int64", "int32", "int16", "int8", "uint8"]
    return [d for d in order if d in found]


def op_row(name: str, outcomes: dict[str, Outcome]) -> str:
    def cell(dtypes):
        for dtype in dtypes:
            if dtype in outcomes:
                return f"{outcomes[dtype].outcome} ({dtype})" if dtype not in ("float32",) else outcomes[dtype].outcome
        return ""

    note = op_note(outcomes).replace("|", "\\|")
    columns = [cell(["float32"]), cell(["bfloat16", "float16"]), cell(["int64", "int32", "int16", "int8", "uint8"])]
    return f"| {name} | {op_outcome(list(outcomes.values()))} | " + " | ".join(columns) + f" | {note} |"


def op_note(outcomes: dict[str, Outcome]) -> str:
    """The failures (with their dtype), else the externs and what the cases note: a graph break's reason,
    a random op's values not compared."""
    failures = [f"{d}: {o.detail}" for d, o in outcomes.items() if o.outcome in FAILURES]
    if failures:
        return "; ".join(failures)
    externs = sorted(set().union(*(o.externs for o in outcomes.values())))
    details = dict.fromkeys(o.detail for o in outcomes.values() if o.outcome != "skipped" and o.detail)
    return "; ".join(filter(None, [", ".join(e.removeprefix("aten::") for e in externs), *details]))


# -- the expected failures -------------------------------------------------------------------------


def load_expected(path: str | None = None) -> dict:
    """The table of expected_failures.py (or of the module at `path`)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("expected_failures", path or sweep.EXPECTED_PATH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.EXPECTED_FAILURES


def update_expected(results: dict, all_samples: bool, path: str | None = None) -> None:
    """Rows for the cases run: failures added or kept (with their reason), passes removed; a row of a later
    sample stays when only first samples ran (its failure was not tried)."""
    table = dict(load_expected(path))
    for case, outcome in results.items():
        row = table.get(case)
        if outcome.outcome in FAILURES:
            reason = row[2] if row and row[0] == outcome.outcome else outcome.detail
            table[case] = (outcome.outcome, outcome.sample, reason)
        elif row is not None and (all_samples or row[1] == 0):
            del table[case]
    write_expected(table, path or sweep.EXPECTED_PATH)


def write_expected(table: dict, path: str) -> None:
    with open(path) as f:
        text = f.read()
    head = text[: text.index("EXPECTED_FAILURES = {")]
    rows = [f"    {case!r}: {row!r}," for case, row in sorted(table.items())]
    with open(path, "w") as f:
        f.write(head + "EXPECTED_FAILURES = {\n" + "\n".join(rows) + ("\n" if rows else "") + "}\n")


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    sys.exit(main())
