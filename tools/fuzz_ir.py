"""fuzz-ir: seeded mutations of IR files through irc-opt and irc-run; every outcome must be a diagnostic.

    python -m irc.tools.fuzz_ir --cases 10000 --seed 1          # the long run (numbers in the closing note)
    python -m irc.tools.fuzz_ir --cases 300 --save-failures out/ # keep each failing case as a file
    python -m irc.tools.fuzz_ir --cases 500 --names              # only names, overloads and strings

Seeds are the lit inputs (one per `// -----` chunk) and the printed IR of a few end-to-end graphs at every
level (test/fuzz/seeds). Each case mutates one seed a few times (lines deleted, duplicated or swapped,
numbers replaced by boundary values, index expressions replaced by hostile ones, types and op names
swapped, text truncated or spliced into deep nesting; symbol, choice and keyword names, extern overloads and
encoded-object strings replaced by ones holding code) and runs it through one tool in a long-lived worker
process (irc-opt parse/verify/print, a pipeline with the triton target, or irc-run), as the tools' own
main does, so no process starts per case; a module a pipeline prints is then loaded (its top level run, as
the runtime does). Outcomes:

    accepted     exit 0
    diagnostic   exit 1 with `tool: error: ...` (or the source location of a parse error)
    internal     exit 2: irc's one-line internal error, a bug
    traceback    a Python traceback on stderr, a bug
    hang         no answer within the per-case timeout; the worker is replaced
    code-exec    the case created the marker file that its hostile snippets try to write, a security bug

A worker's address space is capped, so a case asking for huge buffers ends in MemoryError (a diagnostic).
"""

from __future__ import annotations

import argparse
import collections
import io
import multiprocessing
import os
import random
import re
import shutil
import sys
import tempfile
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MARKER = "FUZZ_MARKER"
OUTCOMES = ("accepted", "diagnostic", "internal", "traceback", "hang", "code-exec")
BAD = ("internal", "traceback", "hang", "code-exec")
MEMORY_LIMIT = 8 << 30
STARTUP_SECONDS = 600

HOSTILE_INDEX = [
    f"i0 + len(__import__('pathlib').Path('{MARKER}').write_text('x'))",
    f"__import__('os').system('touch {MARKER}')",
    f"open('{MARKER}', 'w')",
    "i0 // 0", "i0 % 0", "FloorDiv(i0, 0)", "ModularIndexing(i0, 0, 3)", "ModularIndexing(i0, 1, 0)",
    "10**10**10", "9**99", "2**64", "99999999999999999999999", "i0 + 1.5", "I", "oo", "zoo", "nan", "q0",
    "__class__", "x.y", "i0.__class__", "-1", "i0 - 5", "-i0", "s0", "s9", "t0", "r7", "i9",
    "(" * 200 + "i0" + ")" * 200, "FloorDiv(" * 50 + "i0" + ", 2)" * 50, " + ".join(["i0"] * 5000),
    "*".join(["(i0 + s0)"] * 20), "Max(i0, s0)", "Min(" + ", ".join(["i0"] * 30) + ")", "", "i0 +", "lambda: 0",
]  # fmt: skip
NUMBERS = ["0", "-1", "1", "2", "3", "-3", "7", "1024", "65536", "2147483648", "9223372036854775807",
           "9223372036854775808", "18446744073709551616", "1000000000000", "1.5", "-0", "0x10"]  # fmt: skip
TYPES = ["f32", "f16", "bf16", "f64", "i1", "i8", "i32", "i64", "ui8", "index", "i4", "f8E4M3FN", "none",
         "!loop.buffer<[3], f32, strides [1]>", '!aten.tensor<[3, s0], f32>', "tensor<3xf32>"]  # fmt: skip
DIMS = ["[]", "[0]", "[3, -1]", "[s0]", "[q0]", '["FloorDiv(s0, 0)"]', "[9223372036854775808]", "[1, 1, 1, 1]",
        '["s0*s1"]', "[3, 9]", "[2147483648, 2147483648]", "[s0, s0, s0]", '["2*s0 + 1"]']  # fmt: skip
OP_NAMES = ["loop.pointwise", "loop.reduction", "loop.load", "loop.store", "loop.yield", "loop.index",
            "kernel.kernel", "kernel.launch", "kernel.alloc", "kernel.free", "kernel.yield", "aten.add",
            "aten.sum", "aten.fallback", "triton.load", "triton.store", "triton.func", "func.return"]  # fmt: skip
# names printed into the emitted Python (MLIR string syntax): each closes the statement it is printed in and
# runs code, or names something the module already has
HOSTILE_NAMES = [
    f"k(): pass\\n__import__('pathlib').Path('{MARKER}').touch()\\ndef k2",
    f"k\\n__import__('os').system('touch {MARKER}')\\n",
    f"x', __import__('pathlib').Path('{MARKER}').touch(), '",
    f"x\\\"); __import__('pathlib').Path('{MARKER}').touch(); (\\\"",
    f"x():\\n        pass\\n    __import__('pathlib').Path('{MARKER}').touch()\\n    def y",
    "call", "torch", "class", "_guards", "print", "k-0", "", "k\\u00e9",
]  # fmt: skip
HOSTILE_OVERLOADS = [
    "import_module::__call__.__call__", "higher_order::wrap.__call__", "aten::__class__.__call__",
    "builtins::exec.default", "aten::mm.default\\nimport os", "aten::nonexistent.default",
    "aten::mm.__call__", "torch::load.default", "aten::_ops.__call__", "prims::__getattr__.default",
]  # fmt: skip
HOSTILE_STRINGS = [
    '"layout:save"', '"layout:torch.load"',
    f'"memory_format:__import__(\\"os\\").system(\\"touch {MARKER}\\")"',
    "\"device:cpu')\"", f'"{MARKER}"', '"memory_format:torch.channels_last"',
]  # fmt: skip
HOSTILE_KEYWORDS = [f"\"x=__import__('os').system('touch {MARKER}'), y\"", '"class"', '"a b"', '"1x"']
PIPELINES = ["convert-aten-to-loop,loop-inline,loop-simplify,kernel-fuse,kernel-tile,kernel-split-reduction,"
             "kernel-plan-memory,convert-kernel-to-triton", "kernel-fuse,kernel-tile", "loop-inline,loop-simplify",
             "kernel-plan-memory", "convert-kernel-to-triton", "canonicalize,cse",
             "kernel-tile,convert-kernel-to-triton"]  # fmt: skip


# ---------------------------------------------------------------------------
# Seeds and mutations
# ---------------------------------------------------------------------------


def seeds(root: Path = ROOT) -> list[tuple[str, str]]:
    """(name, text) of every lit input chunk and every file in test/fuzz/seeds."""
    found = []
    files = sorted((root / "test" / "lit").rglob("*.mlir")) + sorted((root / "test" / "fuzz" / "seeds").glob("*.mlir"))
    for path in files:
        if "Output" in path.parts:
            continue
        for k, chunk in enumerate(re.split(r"^// -----\s*$", path.read_text(), flags=re.M)):
            body = "\n".join(line for line in chunk.splitlines() if not line.lstrip().startswith("//"))
            if body.strip():
                found.append((f"{path.relative_to(root)}#{k}", body + "\n"))
    return found


def mutate(text: str, rng: random.Random, mutations: list | None = None) -> str:
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        text = rng.choice(mutations or MUTATIONS)(text, rng)
    return text


def _lines(text: str, rng: random.Random) -> tuple[list[str], int]:
    lines = text.splitlines()
    return lines, rng.randrange(len(lines)) if lines else 0


def delete_line(text, rng):
    lines, k = _lines(text, rng)
    return "\n".join(lines[:k] + lines[k + 1 :])


def duplicate_line(text, rng):
    lines, k = _lines(text, rng)
    return "\n".join(lines[: k + 1] + lines[k:])


def swap_lines(text, rng):
    lines, k = _lines(text, rng)
    if len(lines) > 1:
        j = rng.randrange(len(lines))
        lines[k], lines[j] = lines[j], lines[k]
    return "\n".join(lines)


def _replace_match(text, rng, pattern, choices):
    matches = list(re.finditer(pattern, text))
    if not matches:
        return text
    m = rng.choice(matches)
    return text[: m.start()] + rng.choice(choices) + text[m.end() :]


def replace_number(text, rng):
    return _replace_match(text, rng, r"(?<![\w%#])-?\d+\b", NUMBERS)


def replace_index(text, rng):
    return _replace_match(text, rng, r'(?<=#loop\.index<")[^"]*', HOSTILE_INDEX)


def replace_dims(text, rng):
    return _replace_match(text, rng, r"\[[^\[\]\n]*\]", DIMS)


def replace_type(text, rng):
    return _replace_match(text, rng, r"\b(f16|bf16|f32|f64|i1|i8|i32|i64|ui8|index)\b", TYPES)


def replace_op_name(text, rng):
    return _replace_match(text, rng, r"\b(loop|kernel|aten|triton|func)\.[a-z_]+", OP_NAMES)


def replace_value(text, rng):
    names = re.findall(r"%[\w.]+", text)
    return _replace_match(text, rng, r"%[\w.]+", names) if names else text


def truncate(text, rng):
    return text[: rng.randrange(len(text) + 1)]


def flip_character(text, rng):
    if not text:
        return text
    k = rng.randrange(len(text))
    return text[:k] + rng.choice('{}[]()<>"%^#!:,=-0123456789 \n\\') + text[k + 1 :]


def nest(text, rng):
    depth = rng.choice((50, 200, 1000))
    return '"test.op"() ({\n' * depth + text + "\n" + "}) : () -> ()\n" * depth


def rename_symbol(text, rng):
    """Every use of one symbol (a kernel, a function) renamed to a hostile name; or a kernel's definition
    renamed and its launches dropped (a kernel nobody launches is printed by its `def` alone)."""
    names = sorted(set(re.findall(r"@([\w.]+)", text)))
    kernels = sorted(set(re.findall(r"(?:triton\.func|kernel\.kernel) @([\w.]+)", text)))
    if not names:
        return text
    name, hostile = rng.choice(names), rng.choice(HOSTILE_NAMES)
    if not kernels or rng.random() < 0.5:
        return re.sub(rf"@{re.escape(name)}\b", lambda _: f'@"{hostile}"', text)
    name = rng.choice(kernels)
    definition = rf"(triton\.func|kernel\.kernel) @{re.escape(name)}\b"
    text = re.sub(definition, lambda m: f'{m[1]} @"{hostile}"', text)
    return "\n".join(line for line in text.splitlines() if f"kernel.launch @{name}(" not in line)


def rename_choice(text, rng):
    alternative = r'(?<=[\[ ])"(template|extern|persistent|tma)"'
    return _replace_match(text, rng, alternative, [f'"{n}"' for n in HOSTILE_NAMES])


def replace_overload(text, rng):
    return _replace_match(text, rng, r'(?<=")\w+::[\w.]+(?=")', HOSTILE_OVERLOADS)


def inject_argument(text, rng):
    """A hostile string or keyword in an extern's args or kwargs."""
    if rng.random() < 0.5:
        return _replace_match(text, rng, r"args = \[", [f"args = [{s}, " for s in HOSTILE_STRINGS])
    entries = [f"kwargs = {{{k} = 1 : i64, " for k in HOSTILE_KEYWORDS]
    entries += [f"kwargs = {{memory_format = {s}, " for s in HOSTILE_STRINGS]
    return _replace_match(text, rng, r"kwargs = \{", entries)


NAME_MUTATIONS = [rename_symbol, rename_symbol, rename_choice, replace_overload, replace_overload,
                  inject_argument]  # fmt: skip
MUTATIONS = [delete_line, duplicate_line, swap_lines, replace_number, replace_number, replace_index,
             replace_index, replace_index, replace_dims, replace_type, replace_op_name, replace_value,
             truncate, flip_character, flip_character, nest, *NAME_MUTATIONS]  # fmt: skip


def make_case(number: int, corpus: list[tuple[str, str]], seed: int, names: bool = False) -> dict:
    """One case; `names`: only NAME_MUTATIONS, on seeds they apply to, run where names become code."""
    rng = random.Random(seed * 1_000_003 + number)
    if names:  # valid seeds holding what prints names: kernels, externs, choices
        printed = r"kernel\.kernel|triton\.func|kernel\.extern|aten\.fallback|kernel\.choice"
        valid = [c for c in corpus if re.search(printed, c[1]) and not re.search("invalid|error", c[0])]
        corpus = valid or corpus
    name, text = rng.choice(corpus)
    r = rng.random()
    tool = "opt" if r < (0.2 if names else 0.6) else "pipeline" if r < 0.85 else "run"
    pipeline = _pipeline_to_triton(text) if names else rng.choice(PIPELINES)
    text = mutate(text, rng, NAME_MUTATIONS if names else MUTATIONS)
    return {"number": number, "seed": name, "text": text, "tool": tool, "pipeline": pipeline}


def _pipeline_to_triton(text: str) -> str:
    """The passes that take a seed of this level to the triton target (where names become Python)."""
    if "triton.func" in text:
        return "cse"
    if "kernel.kernel" in text:
        tiled = "num_warps" in text
        return "convert-kernel-to-triton" if tiled else "kernel-tile,convert-kernel-to-triton"
    return PIPELINES[0]


# ---------------------------------------------------------------------------
# Running a case (in a worker process)
# ---------------------------------------------------------------------------


def argv_for(case: dict, path: str, folder: str) -> tuple[str, list[str]]:
    out = os.path.join(folder, "out")
    if case["tool"] == "run":
        return "irc-run", [path, "--bind", "s0=5", "--bind", "s1=3", "-o", out + ".npz"]
    if case["tool"] == "pipeline":
        return "irc-opt", [path, "-p", case["pipeline"], "-t", "triton", "-o", out + ".py"]
    return "irc-opt", [path, "-o", out + ".mlir"]


def run_case(case: dict, folder: str) -> tuple[str, str]:
    """(outcome, first lines of stderr) of one case, run in this process."""
    from irc.tools import irc_opt, irc_run

    path = os.path.join(folder, "case.mlir")
    with open(path, "w") as f:
        f.write(case["text"])
    prog, argv = argv_for(case, path, folder)
    main = irc_opt.main if prog == "irc-opt" else irc_run.main
    err, out = io.StringIO(), io.StringIO()
    with redirect_stderr(err), redirect_stdout(out):
        try:
            main(argv)
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
    if code == 0 and case["tool"] == "pipeline":
        load_emitted(os.path.join(folder, "out.py"))
    text = err.getvalue()
    if os.path.exists(os.path.join(folder, MARKER)) or os.path.exists(MARKER):
        outcome = "code-exec"
    elif "Traceback (most recent call last)" in text:
        outcome = "traceback"
    elif code == 2 or "internal error" in text:
        outcome = "internal"
    elif code == 0:
        outcome = "accepted"
    else:
        outcome = "diagnostic"
    return outcome, "\n".join(text.strip().splitlines()[-3:])[:600]


def load_emitted(path: str) -> None:
    """Runs an emitted module's top level (what loading it runs): hostile names would run code here."""
    import runpy

    try:
        with redirect_stderr(io.StringIO()), redirect_stdout(io.StringIO()):
            runpy.run_path(path, run_name="irc_fuzz_emitted")
    except BaseException:  # noqa: BLE001 - a module that does not load ran nothing; the marker decides
        pass


def _worker(connection, folder: str) -> None:
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    except (ImportError, ValueError, OSError):
        pass
    os.chdir(folder)
    os.environ.setdefault("TRITON_INTERPRET", "1")
    import irc.pipeline  # noqa: F401 (warm: imports are not a case's time)
    import irc.tools.irc_opt  # noqa: F401
    import irc.tools.irc_run  # noqa: F401

    connection.send("ready")
    while True:
        case = connection.recv()
        if case is None:
            return
        connection.send(run_case(case, folder))


class Worker:
    """A long-lived process that runs cases; replaced when a case hangs."""

    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="irc-fuzz-")
        context = multiprocessing.get_context("spawn")
        self.connection, child = context.Pipe()
        self.process = context.Process(target=_worker, args=(child, self.folder), daemon=True)
        self.process.start()
        if not self.connection.poll(STARTUP_SECONDS) or self.connection.recv() != "ready":
            raise RuntimeError(f"fuzz worker did not start within {STARTUP_SECONDS} s")

    def run(self, case: dict, timeout: float) -> tuple[str, str]:
        marker = os.path.join(self.folder, MARKER)
        if os.path.exists(marker):
            os.remove(marker)
        self.connection.send(case)
        if not self.connection.poll(timeout):
            return "hang", f"no answer within {timeout} s"
        try:
            return self.connection.recv()
        except EOFError:
            return "internal", f"worker died (exit code {self.process.exitcode})"

    def close(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        shutil.rmtree(self.folder, ignore_errors=True)


def fuzz(cases: int, seed: int = 0, timeout: float = 20.0, log=None, save: str | None = None,
         budget: float | None = None, first: int = 0, names: bool = False) -> dict:  # fmt: skip
    """Runs `cases` cases (fewer if `budget` seconds run out); returns {"counts": Counter of outcomes,
    "failures": [...], "seconds": ..., "seeds": ...}."""
    corpus = seeds()
    counts: collections.Counter = collections.Counter()
    failures: list[dict] = []
    worker = Worker()
    start = time.perf_counter()
    try:
        for number in range(first, first + cases):
            if budget is not None and number > first and time.perf_counter() - start > budget:
                break
            case = make_case(number, corpus, seed, names)
            outcome, message = worker.run(case, timeout)
            counts[outcome] += 1
            if log and (number - first + 1) % 250 == 0:
                log(f"after {number - first + 1} cases, {time.perf_counter() - start:.0f} s: {dict(counts)}")
            if outcome in BAD:
                failures.append({**case, "outcome": outcome, "message": message})
                if save:
                    os.makedirs(save, exist_ok=True)
                    Path(save, f"case{number}-{outcome}.mlir").write_text(case["text"])
                if log:
                    log(f"case {number} ({case['seed']}, {case['tool']}): {outcome}: {message}")
            if outcome == "hang" or not worker.process.is_alive():
                worker.close()
                worker = Worker()
    finally:
        worker.close()
    return {"counts": counts, "failures": failures, "seconds": time.perf_counter() - start, "seeds": len(corpus)}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="fuzz-ir", description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--first", type=int, default=0, help="the number of the first case (to split a run)")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds per case before it counts as a hang")
    parser.add_argument("--save-failures", metavar="FOLDER", help="write each failing case here")
    parser.add_argument("--names", action="store_true", help="only hostile names, overloads and strings")
    args = parser.parse_args(argv)
    result = fuzz(args.cases, args.seed, args.timeout, log=lambda s: print(s, flush=True), save=args.save_failures,
                  first=args.first, names=args.names)
    counts = result["counts"]
    print(f"{sum(counts.values())} cases from {result['seeds']} seeds (seed {args.seed}) in {result['seconds']:.0f} s: "
          + ", ".join(f"{counts[o]} {o}" for o in OUTCOMES))  # fmt: skip
    sys.exit(1 if any(counts[o] for o in BAD) else 0)


if __name__ == "__main__":
    main()
