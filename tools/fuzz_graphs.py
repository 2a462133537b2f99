"""fuzz-graphs: seeded random PyTorch programs, compiled by irc on CPU and compared with eager.

    python -m irc.tools.fuzz_graphs --graphs 2000 --seed 1     # the long run (numbers in the closing note)
    python -m irc.tools.fuzz_graphs --graphs 1 --seed 1 --first 417 --show   # replay one program

Each program draws 1 to 3 inputs (rank 1 to 3, sizes 1 to 9, f32 mostly, also f16, bf16, f64, i32, i64 and
bool; some non-contiguous: transposed, sliced with a step, or expanded) and 2 to 7 steps from the ops irc
lowers: elementwise unary and binary ops with broadcasting (operands of other shapes are reduced or
expanded to fit), comparisons and where, casts, reductions (sum, mean, amax, amin, argmax, var, softmax,
log_softmax, over a random dim, keepdim or not) and views (transpose, permute, reshape, unsqueeze, slice,
expand). The function returns its last value (and sometimes an earlier one). Outcomes: ok, mismatch (values,
shapes or dtypes differ beyond the e2e tolerances), error (irc raised while compiling or running), and
invalid (eager itself raised: the generator's own miss, not counted against irc).

A quarter of the programs are also dynamic (drawn apart, so the other programs stay as they were): compiled
with `dynamic=True`, they end in a step whose size torch writes as an expression (a step-2 or step-3 slice:
FloorDiv/CeilDiv, half a dim at least 1: Max of FloorDiv), and run again at sizes grown by 1 to 3.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time
import traceback

FLOATS = ("float32",) * 6 + ("float16", "bfloat16", "float64")
INTS = ("int32", "int64")
UNARY = ("neg", "abs", "relu", "sigmoid", "tanh", "exp_small", "log_abs", "sqrt_abs", "sin", "cos", "square",
         "reciprocal_safe", "floor", "round")  # fmt: skip
BINARY = ("add", "sub", "mul", "div_safe", "maximum", "minimum", "where_gt", "add_scalar", "mul_scalar")
REDUCTIONS = ("sum", "mean", "amax", "amin", "argmax", "var", "softmax", "log_softmax", "prod_small")
VIEWS = ("transpose", "permute", "reshape", "unsqueeze", "slice", "expand")
SIZE_STEPS = ("slice_step2", "slice_step3", "narrow_half")
DYNAMIC_FRACTION = 0.25
TOLERANCES = {"float16": (2e-2, 2e-2), "bfloat16": (8e-2, 8e-2), "float32": (1e-4, 1e-4), "float64": (1e-7, 1e-7)}


def random_shape(rng: random.Random) -> list[int]:
    return [rng.choice((1, 2, 3, 4, 5, 7, 8, 9)) for _ in range(rng.randint(1, 3))]


def make_input(spec: dict):
    """A tensor for an input spec (seeded by it), contiguous or a strided view."""
    import torch

    g = torch.Generator().manual_seed(spec["seed"])
    shape, dtype, layout = spec["shape"], getattr(torch, spec["dtype"]), spec["layout"]
    full = list(shape)
    if layout == "transposed" and len(shape) >= 2:
        full[-1], full[-2] = full[-2], full[-1]
    elif layout == "strided":
        full[-1] = full[-1] * 2
    elif layout == "expanded":
        full = [1] + full[1:]
    if dtype == torch.bool:
        base = torch.rand(full, generator=g) > 0.5
    elif dtype.is_floating_point:
        base = (torch.rand(full, generator=g) * 6 - 3).to(dtype)
    else:
        base = torch.randint(-4, 5, full, generator=g).to(dtype)
    if layout == "transposed" and len(shape) >= 2:
        return base.transpose(-1, -2)
    if layout == "strided":
        return base[..., ::2]
    if layout == "expanded":
        return base.expand(shape)
    return base


def generate(number: int, seed: int) -> dict:
    """A program: input specs and steps (each names an op, its operands by position in the pool, params)."""
    rng = random.Random(seed * 7_919 + number)
    base_shape = random_shape(rng)
    inputs = []
    for k in range(rng.randint(1, 3)):
        shape = list(base_shape) if k == 0 or rng.random() < 0.6 else broadcastable(base_shape, rng)
        dtype = rng.choice(FLOATS) if rng.random() < 0.85 else rng.choice(INTS + ("bool",))
        layout = rng.choice(("contiguous",) * 4 + ("transposed", "strided", "expanded"))
        inputs.append({"shape": shape, "dtype": dtype, "layout": layout, "seed": rng.randrange(1 << 30)})
    steps = []
    for _ in range(rng.randint(2, 7)):
        kind = rng.choice(("unary",) * 3 + ("binary",) * 3 + ("reduction",) * 2 + ("view",) * 2 + ("cast", "compare"))
        steps.append({"kind": kind, "op": _op_for(kind, rng), "a": rng.random(), "b": rng.random(),
                      "dim": rng.random(), "keepdim": rng.random() < 0.5, "param": rng.random()})  # fmt: skip
    two = rng.random() < 0.25
    return {"inputs": inputs, "steps": steps, "two_outputs": two, "dynamic": _dynamic(number, seed)}


def _dynamic(number: int, seed: int) -> dict | None:
    """Whether the program also runs with dynamic sizes: how much its sizes grow, the size step it ends in."""
    rng = random.Random(seed * 7_919 + number + (1 << 40))
    if rng.random() >= DYNAMIC_FRACTION:
        return None
    return {"grow": rng.randint(1, 3), "size_step": rng.choice(SIZE_STEPS)}


def grown(spec: dict, by: int) -> dict:
    """The input spec with every size other than 1 grown by `by` (size-1 dims stay broadcasting)."""
    return {**spec, "shape": [d if d == 1 else d + by for d in spec["shape"]]}


def size_step(x, op: str):
    """A view whose size is an expression of x's: FloorDiv and CeilDiv of slicing, Max of narrowing."""
    import torch

    if x.dim() == 0:
        return x
    if op == "slice_step2":
        return x[..., ::2]
    if op == "slice_step3":
        return x[..., 1::3]
    return x.narrow(-1, 0, torch.sym_max(1, x.shape[-1] // 2))


def broadcastable(shape: list[int], rng: random.Random) -> list[int]:
    out = [1 if rng.random() < 0.4 else s for s in shape]
    return out[rng.randint(0, len(out) - 1) :] if rng.random() < 0.3 else out


def _op_for(kind: str, rng: random.Random) -> str:
    table = {"unary": UNARY, "binary": BINARY, "reduction": REDUCTIONS, "view": VIEWS,
             "cast": FLOATS + INTS + ("bool",), "compare": ("gt", "eq", "le", "ne")}  # fmt: skip
    return rng.choice(table[kind])


def _pick(pool: list, fraction: float):
    return pool[min(int(fraction * len(pool)), len(pool) - 1)]


def _float(x):
    import torch

    return x if x.dtype.is_floating_point else x.to(torch.float32)


def fit(y, shape):
    """`y` made broadcastable to `shape`: summed over extra leading dims, dims that differ reduced to 1."""
    while y.dim() > len(shape):
        y = y.sum(0)
    dims = [d for d in range(y.dim()) if y.shape[d] not in (1, shape[len(shape) - y.dim() + d])]
    return y.amax(dim=dims, keepdim=True) if dims else y


def apply_step(step: dict, pool: list):
    import torch

    x = _pick(pool, step["a"])
    op, kind = step["op"], step["kind"]
    dim = int(step["dim"] * max(x.dim(), 1)) % max(x.dim(), 1)
    if kind == "unary":
        x = _float(x) if op not in ("neg", "abs", "relu", "square") or x.dtype == torch.bool else x
        if x.dtype == torch.bool:
            x = x.to(torch.float32)
        return {"neg": torch.neg, "abs": torch.abs, "relu": torch.relu, "sigmoid": torch.sigmoid,
                "tanh": torch.tanh, "exp_small": lambda v: torch.exp(v.clamp(-5, 5)),
                "log_abs": lambda v: torch.log(v.abs() + 1), "sqrt_abs": lambda v: torch.sqrt(v.abs()),
                "sin": torch.sin, "cos": torch.cos, "square": lambda v: v * v,
                "reciprocal_safe": lambda v: 1 / (v.abs() + 1), "floor": torch.floor,
                "round": torch.round}[op](x)  # fmt: skip
    if kind == "binary":
        if op == "add_scalar":
            return x + (step["param"] * 4 - 2)
        if op == "mul_scalar":
            return x * (step["param"] * 4 - 2)
        y = fit(_pick(pool, step["b"]), x.shape)
        if x.dtype == torch.bool and y.dtype == torch.bool:
            x = x.to(torch.float32)
        if op == "div_safe":
            return _float(x) / (_float(y).abs() + 1)
        if op == "where_gt":
            return torch.where(_float(x) > 0, x, y)
        return {"add": torch.add, "sub": torch.sub, "mul": torch.mul, "maximum": torch.maximum,
                "minimum": torch.minimum}[op](x, y.to(x.dtype) if op == "sub" and y.dtype == torch.bool else y)  # fmt: skip
    if kind == "reduction":
        keep = step["keepdim"]
        if op in ("sum", "amax", "amin") and x.dtype != torch.bool:
            return getattr(torch, op)(x, dim, keepdim=keep)
        if op == "argmax":
            return torch.argmax(_float(x), dim, keepdim=keep)
        if op == "prod_small":
            return torch.prod(_float(x).clamp(-1.5, 1.5), dim, keepdim=keep)
        x = _float(x)
        if op == "mean":
            return x.mean(dim, keepdim=keep)
        if op == "var":
            return x.var(dim, keepdim=keep)
        return getattr(torch, op)(x, dim)
    if kind == "view":
        if x.dim() == 0:
            return x.unsqueeze(0)
        if op == "transpose":
            return x.transpose(0, -1)
        if op == "permute":
            return x.permute(*reversed(range(x.dim())))
        if op == "reshape":
            return x.reshape(-1) if x.dim() > 1 else x.reshape(1, -1)
        if op == "unsqueeze":
            return x.unsqueeze(dim)
        if op == "slice":
            return x.narrow(dim, 0, max(1, x.shape[dim] // 2)) if x.shape[dim] else x
        return x.unsqueeze(0).expand(2, *x.shape)
    if kind == "cast":
        return x.to(getattr(torch, op))
    y = fit(_pick(pool, step["b"]), x.shape)
    return {"gt": torch.gt, "eq": torch.eq, "le": torch.le, "ne": torch.ne}[op](x, y)


def program_function(program: dict):
    steps, two = program["steps"], program["two_outputs"]

    dynamic = program.get("dynamic")

    def fn(*inputs):
        pool = list(inputs)
        for step in steps:
            pool.append(apply_step(step, pool))
        if dynamic:
            pool.append(size_step(pool[-1], dynamic["size_step"]))
        return (pool[-1], pool[len(pool) // 2]) if two else pool[-1]

    return fn


def compare(got, want) -> str | None:
    """None when equal within the tolerances, else what differs."""
    import torch

    if isinstance(want, tuple):
        for g, w in zip(got, want):
            problem = compare(g, w)
            if problem:
                return problem
        return None
    if got.shape != want.shape or got.dtype != want.dtype:
        return f"got {tuple(got.shape)} {got.dtype}, eager {tuple(want.shape)} {want.dtype}"
    rtol, atol = TOLERANCES.get(str(want.dtype).removeprefix("torch."), (0, 0))
    if want.dtype.is_floating_point:
        scale = max(1.0, float(want.float().abs().nan_to_num(0, 0, 0).max()) if want.numel() else 1.0)
        atol *= scale
    try:
        torch.testing.assert_close(got, want, rtol=rtol, atol=atol, equal_nan=True)
    except AssertionError as exc:
        return " ".join(str(exc).split())[:300]
    return None


def run_program(program: dict) -> tuple[str, str]:
    import torch

    from irc import config

    config.fallback_on_error = False
    dynamic = program.get("dynamic")
    calls = [[make_input(spec) for spec in program["inputs"]]]
    if dynamic:
        calls.append([make_input(grown(spec, dynamic["grow"])) for spec in program["inputs"]])
    fn = program_function(program)
    try:
        wants = [fn(*[x.clone() for x in inputs]) for inputs in calls]
    except Exception as exc:  # the generator made something eager rejects
        return "invalid", f"{type(exc).__name__}: {exc}"[:200]
    torch._dynamo.reset()
    try:
        compiled = torch.compile(fn, backend="irc", dynamic=True if dynamic else None)
        gots = [compiled(*inputs) for inputs in calls]
    except Exception as exc:
        text = [line for line in str(exc).splitlines() if line.strip() and "TORCHDYNAMO" not in line]
        where = [f for f in traceback.extract_tb(exc.__traceback__) if "/irc" in f.filename or "passes" in f.filename]
        place = f" at {where[-1].filename.split('/')[-1]}:{where[-1].lineno}" if where else ""
        return "error", f"{type(exc).__name__}: {' '.join(text[:3])}{place}"[:400]
    problem = next((p for p in map(compare, gots, wants) if p), None)
    return ("mismatch", problem) if problem else ("ok", "")


def describe(program: dict) -> str:
    ins = ", ".join(f"{i['dtype']}{i['shape']} {i['layout']}" for i in program["inputs"])
    steps = ", ".join(s["op"] for s in program["steps"])
    dynamic = program.get("dynamic")
    more = f" dynamic: {dynamic['size_step']}, sizes +{dynamic['grow']}" if dynamic else ""
    return f"inputs [{ins}] steps [{steps}]{more}"


def fuzz(graphs: int, seed: int = 0, first: int = 0, log=None, budget: float | None = None) -> dict:
    import os

    os.environ.setdefault("TRITON_INTERPRET", "1")
    counts: collections.Counter = collections.Counter()
    failures = []
    start = time.perf_counter()
    for number in range(first, first + graphs):
        if budget is not None and number > first and time.perf_counter() - start > budget:
            break
        program = generate(number, seed)
        outcome, message = run_program(program)
        counts[outcome] += 1
        if log and (number - first + 1) % 50 == 0:
            log(f"after {number - first + 1} graphs, {time.perf_counter() - start:.0f} s: {dict(counts)}")
        if outcome in ("mismatch", "error"):
            failures.append({"number": number, "outcome": outcome, "message": message, "program": describe(program)})
            if log:
                log(f"graph {number}: {outcome}: {describe(program)}: {message}")
    return {"counts": counts, "failures": failures, "seconds": time.perf_counter() - start}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="fuzz-graphs", description=__doc__.splitlines()[0])
    parser.add_argument("--graphs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--first", type=int, default=0, help="the number of the first program")
    parser.add_argument("--show", action="store_true", help="print each program")
    args = parser.parse_args(argv)
    if args.show:
        for number in range(args.first, args.first + args.graphs):
            print(number, describe(generate(number, args.seed)))
    result = fuzz(args.graphs, args.seed, args.first, log=lambda s: print(s, flush=True))
    counts = result["counts"]
    print(f"{sum(counts.values())} graphs (seed {args.seed}) in {result['seconds']:.0f} s: "
          + ", ".join(f"{counts[o]} {o}" for o in ("ok", "mismatch", "error", "invalid")))  # fmt: skip
    sys.exit(1 if counts["mismatch"] or counts["error"] else 0)


if __name__ == "__main__":
    main()
