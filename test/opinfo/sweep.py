"""PyTorch's OpInfo samples (`op_db`) through torch.compile(backend="irc") on CPU, compared with eager.

As Inductor's OpInfo test (test/inductor/test_torchinductor_opinfo.py in PyTorch): every op of `op_db` in
float32, one low-precision dtype (bfloat16, else float16) and one integer dtype where the op supports them;
each sample compiled in a graph of its own (torch._dynamo.reset() before each) and compared with eager with
per-dtype tolerances, a low-precision result also against the op computed in float32 (Inductor's
reference_in_float). Each case (op, dtype) gets one outcome:

  lowered         irc's Triton kernels only
  no_kernel       nothing to compute (views of inputs, metadata, empty results): no kernel, no extern
  mixed           kernels and externs (ATen ops irc runs eagerly inside the compiled graph)
  extern          externs only
  not_compiled    Dynamo ran the op eagerly (a graph break): irc saw no graph
  graph_fallback  irc failed on the graph and it ran eagerly as a whole (metrics.graph_fallbacks)
  wrong           a result differs from eager
  error           an exception escaped torch.compile or the compiled call
  skipped         the op's eager call fails here, or two eager calls differ without drawing random numbers

A random op (one that runs an ATen op tagged nondeterministic_seeded) is compiled and run like any other,
its results compared by sizes and dtypes only (as Inductor's test, assert_equal=False). A not_compiled
case's detail is Dynamo's graph-break reason.

`expected_failures.py` lists the cases known to fail (graph_fallback, wrong, error) with a reason each; the
test fails on a new failure and on an unexpected pass. `python test/opinfo/sweep.py --update-expected`
rewrites that table from a run, `--status FILE` writes the per-op status table (STATUS.md).
"""

from __future__ import annotations

import contextlib
import logging
import os
import random
import signal
import sys
import types
import warnings
from dataclasses import dataclass, field

FAILURES = ("graph_fallback", "wrong", "error")
PASSES = ("lowered", "no_kernel", "mixed", "extern", "not_compiled")
HERE = os.path.dirname(os.path.abspath(__file__))
EXPECTED_PATH = os.path.join(HERE, "expected_failures.py")
SEED = 21
# the default test run: this share of the (op, dtype) cases, chosen by SEED, each with its first sample
DEFAULT_SHARE = 0.25


def mode() -> str:
    """IRC_OPINFO: unset, the first sample of a seeded share of the cases (what `make test` affords);
    `first`, the first sample of every case; `all`, every sample of every case."""
    value = os.environ.get("IRC_OPINFO", "")
    if value not in ("", "first", "all"):
        raise ValueError(f"IRC_OPINFO={value!r}: expected first or all")
    return value or "subset"


# -- the cases -------------------------------------------------------------------------------------


def ops() -> dict:
    """Op name (`name.variant`, as Inductor names them) -> OpInfo, for every op of op_db."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from torch.testing._internal.common_methods_invocations import op_db
    return {op_name(op): op for op in op_db}


def op_name(op) -> str:
    return f"{op.name}.{op.variant_test_name}" if op.variant_test_name else op.name


def case_dtypes(op) -> list:
    """float32, bfloat16 (else float16) and the widest integer dtype among those the op supports on CPU."""
    import torch

    supported = op.supported_dtypes("cpu")
    groups = [(torch.float32,), (torch.bfloat16, torch.float16), (torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8)]
    return [next(d for d in group if d in supported) for group in groups if any(d in supported for d in group)]


def dtype_name(dtype) -> str:
    return str(dtype).removeprefix("torch.")


def all_cases(op_table: dict) -> list[tuple[str, str]]:
    return [(name, dtype_name(d)) for name, op in op_table.items() for d in case_dtypes(op)]


def default_cases(cases: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A seeded share of the cases: the run `make test` can afford (about 3 CPU minutes)."""
    rng = random.Random(SEED)
    return [case for case in cases if rng.random() < DEFAULT_SHARE]


# -- running one case ------------------------------------------------------------------------------


@dataclass
class Outcome:
    outcome: str
    detail: str = ""  # the failure's message, or why a case was skipped
    sample: int = 0  # the index of the sample that failed (or was the last run)
    externs: set = field(default_factory=set)  # ATen overloads run eagerly inside compiled graphs


# per-dtype tolerances (rtol, atol); the op's low-precision result also passes when close to its float32 one
TOLERANCES = {
    "float32": (1e-5, 1e-5),
    "float64": (1e-7, 1e-7),
    "bfloat16": (1.6e-2, 1e-5),
    "float16": (1e-3, 1e-5),
}
# per (op, result dtype) wider tolerances, each with its reason
UINT8_RESAMPLING = "eager's uint8 CPU kernels use fixed-point weights: off by one from the rounded float result"
UNFUSED_BIAS = ("a convolution's bias is added to its bf16 result (aten-unfuse-conv-bias, as Inductor): one more "
                "rounding, up to an ulp of the value before the bias")
CONVOLUTIONS = [f"nn.functional.conv{kind}{n}d" for kind in ("", "_transpose") for n in (1, 2, 3)]
TOLERANCE_OVERRIDES: dict = {
    **{(name, "bfloat16"): (1.6e-2, 3.2e-2) for name in CONVOLUTIONS},  # UNFUSED_BIAS
    ("nn.functional.interpolate.bilinear", "uint8"): (0, 1),  # UINT8_RESAMPLING
    ("nn.functional.interpolate.bicubic", "uint8"): (0, 1),  # UINT8_RESAMPLING
    ("nn.functional.upsample_bilinear", "uint8"): (0, 1),  # UINT8_RESAMPLING
}


def tolerance(name: str):
    """(result dtype) -> (rtol, atol) for the op's results: exact for integers and bools."""

    def of(dtype) -> tuple[float, float]:
        dtype = dtype_name(dtype)
        return TOLERANCE_OVERRIDES.get((name, dtype)) or TOLERANCES.get(dtype, (0, 0))

    return of


# ops whose results are undefined memory: only sizes and dtypes compare (Inductor: assert_equal=False)
UNDEFINED_VALUES = {"empty", "empty_like", "new_empty", "new_empty_strided", "empty_strided", "empty_permuted"}


# ops whose indices ATen leaves open among equal values (its selection algorithms return any one's index):
# their indices compare by the input elements they point at. name -> (dim's position among the arguments after
# the input, its default)
TIED_INDICES = {"kthvalue": (1, -1), "median": (0, None), "nanmedian": (0, None), "topk": (1, -1)}


def run_case(op, dtype, all_samples: bool = False, timeout_s: int = 0) -> Outcome:
    """The case's outcome: the first failing sample's, else what its samples compiled to together."""
    import torch

    name = op_name(op)
    try:
        samples = op.sample_inputs("cpu", dtype, requires_grad=False)
        samples = list(samples) if all_samples else [next(iter(samples))]
    except Exception as exc:  # noqa: BLE001  (a sample generator that needs something this machine lacks)
        return Outcome("skipped", f"no samples: {message(exc)}")
    func = user_function(op)

    def fn(*args, **kwargs):
        return func(*args, **kwargs)

    outcomes, last = [], Outcome("skipped", "no samples")
    for index, sample in enumerate(samples):
        with time_limit(timeout_s), torch.no_grad():
            last = run_sample(fn, name, sample, dtype_name(dtype))
        last.sample = index
        if last.outcome in FAILURES:
            return last
        outcomes.append(last)
    passed = [o for o in outcomes if o.outcome != "skipped"]
    if not passed:
        return last
    externs = set().union(*(o.externs for o in passed))
    kind = combine({o.outcome for o in passed})
    return Outcome(kind, combined_detail(passed), sample=len(samples) - 1, externs=externs)


def combined_detail(passed: list[Outcome]) -> str:
    """The samples' details (a graph break's reason, a random op's note), each with how many samples it
    holds for when not all."""
    counts: dict[str, int] = {}
    for outcome in passed:
        if outcome.detail:
            counts[outcome.detail] = counts.get(outcome.detail, 0) + 1
    return "; ".join(d if n == len(passed) else f"{d} ({n} of {len(passed)} samples)" for d, n in counts.items())


def user_function(op):
    """The op as a user calls it. OpInfo calls random ops through `wrapper_set_seed` (torch.manual_seed inside
    freeze_rng_state, whose dispatch guards Dynamo cannot trace: every such op became a graph break); its
    lambda is rebuilt here with that name bound to a plain call."""
    func = op.get_op()
    code = getattr(func, "__code__", None)
    if code is None or "wrapper_set_seed" not in code.co_names:
        return func
    names = {**func.__globals__, "wrapper_set_seed": call_unseeded}
    user = types.FunctionType(code, names, func.__name__, func.__defaults__, func.__closure__)
    user.__kwdefaults__ = func.__kwdefaults__
    return user


def call_unseeded(op, *args, **kwargs):
    return op(*args, **kwargs)


def combine(kinds: set[str]) -> str:
    """One outcome for several passing samples: kernels and externs together are mixed."""
    if "mixed" in kinds or {"lowered", "extern"} <= kinds:
        return "mixed"
    for kind in ("lowered", "extern", "no_kernel"):
        if kind in kinds:
            return kind
    return "not_compiled"


def run_sample(fn, name: str, sample, dtype: str) -> Outcome:
    import torch
    from torch._dynamo.utils import counters

    from irc import metrics

    args, kwargs = [sample.input, *sample.args], dict(sample.kwargs)
    try:
        want = fn(*copied(args), **copied(kwargs))
        again = fn(*copied(args), **copied(kwargs))
    except Exception as exc:  # noqa: BLE001
        return Outcome("skipped", f"eager fails: {message(exc)}")
    random = draws_random(fn, args, kwargs)
    sizes_only = random or name.split(".")[0] in UNDEFINED_VALUES
    if not sizes_only and mismatch(again, want, lambda dtype: (0, 0)):
        return Outcome("skipped", "two eager calls differ")
    torch._dynamo.reset()
    metrics.reset()
    counters.clear()
    with graph_fallback_reasons() as reasons:
        try:
            got = torch.compile(fn, backend="irc")(*copied(args), **copied(kwargs))
        except Exception as exc:  # noqa: BLE001
            return Outcome("error", message(exc))
    if metrics.graph_fallbacks:
        return Outcome("graph_fallback", "; ".join(reasons) or "irc failed on the graph")
    problem = mismatch(got, want, None) if sizes_only else compare(got, want, name, dtype, fn, args, kwargs)
    if problem:
        return Outcome("wrong", problem)
    externs = set(metrics.fallbacks)
    kind = kind_of(metrics.graphs_compiled, metrics.generated_kernel_count, externs)
    detail = graph_break_reason() if kind == "not_compiled" else RANDOM if random else ""
    return Outcome(kind, detail, externs=externs)


RANDOM = "random: sizes and dtypes compared"


def draws_random(fn, args, kwargs) -> bool:
    """Whether fn draws random numbers, from a call of its own: a dispatch mode may change what eager
    computes (linalg's svdvals takes another path under one)."""
    try:
        with RandomDraws() as draws:
            fn(*copied(args), **copied(kwargs))
    except Exception:  # noqa: BLE001  (if random after all, its two differing eager calls skip it)
        return False
    return draws.random


class RandomDraws:
    """A dispatch mode that notes whether an ATen op drawing random numbers (tagged nondeterministic_seeded)
    ran."""

    def __enter__(self):
        import torch
        from torch.utils._python_dispatch import TorchDispatchMode

        outer = self

        class Mode(TorchDispatchMode):
            def __torch_dispatch__(self, func, types_, args, kwargs=None):
                outer.random |= torch.Tag.nondeterministic_seeded in func.tags
                return func(*args, **(kwargs or {}))

        self.random, self.mode = False, Mode()
        self.mode.__enter__()
        return self

    def __exit__(self, *exc):
        return self.mode.__exit__(*exc)


def graph_break_reason() -> str:
    """Why Dynamo ran the sample eagerly: its first graph-break reason (or the exception of a backend that
    broke the graph: a data-dependent op met in aot_autograd's trace), the kind and its explanation."""
    from torch._dynamo.utils import counters

    for reason in [*counters["graph_break"], *counters["unimplemented"]]:
        lines = [line.strip() for line in reason.splitlines() if line.strip()]
        explanation = next((line.removeprefix("Explanation:").strip() for line in lines if line.startswith("Explanation:")), "")
        return "graph break: " + ": ".join(part for part in (lines[0], explanation) if part)[:300]
    return "Dynamo made no graph"


def kind_of(graphs: int, kernels: int, externs: set) -> str:
    if not graphs:
        return "not_compiled"
    if kernels and externs:
        return "mixed"
    return "lowered" if kernels else "extern" if externs else "no_kernel"


def compare(got, want, name: str, dtype: str, fn, args, kwargs) -> str:
    """'' when `got` matches eager's `want` (or, in low precision, the op computed in float32)."""
    import torch

    if name in TIED_INDICES and isinstance(want, tuple) and len(want) == 2:
        got, want = pointed_at(got, name, args, kwargs), pointed_at(want, name, args, kwargs)
    problem = mismatch(got, want, tolerance(name))
    if problem and dtype in ("bfloat16", "float16"):
        low = getattr(torch, dtype)
        try:
            upcast = [as_float(a, low) for a in args], {k: as_float(v, low) for k, v in kwargs.items()}
            reference = cast_floats(fn(*upcast[0], **upcast[1]), low)
        except Exception:  # noqa: BLE001  (the op has no float32 form for these arguments)
            return problem
        if not mismatch(got, reference, tolerance(name)):
            return ""
    return problem


def pointed_at(result, name: str, args, kwargs) -> tuple:
    """(values, the input elements the indices point at) of a TIED_INDICES op's result."""
    values, indices = result
    position, default = TIED_INDICES[name]
    source, rest = args[0], list(args[1:])
    dim = kwargs.get("dim", rest[position] if len(rest) > position else default)
    if dim is None or not isinstance(indices, type(source)) or source.dim() == 0:
        return values, indices
    dim = dim % source.dim()
    spread = indices if indices.dim() == source.dim() else indices.unsqueeze(dim)
    picked = source.gather(dim, spread)
    return values, picked if indices.dim() == source.dim() else picked.squeeze(dim)


def mismatch(got, want, tol) -> str:
    """'' when the two results agree (within `tol(dtype)`, (rtol, atol); sizes and dtypes only when `tol` is
    None)."""
    import torch
    from torch.utils._pytree import tree_flatten

    got_leaves, got_spec = tree_flatten(got)
    want_leaves, want_spec = tree_flatten(want)
    if len(got_leaves) != len(want_leaves):
        return f"{len(got_leaves)} results, eager has {len(want_leaves)}"
    for position, (g, w) in enumerate(zip(got_leaves, want_leaves)):
        if not isinstance(w, torch.Tensor):
            if not (g == w or (g != g and w != w)):
                return f"result {position}: {g!r}, eager {w!r}"
            continue
        if not isinstance(g, torch.Tensor):
            return f"result {position} is a {type(g).__name__}, eager's a tensor"
        if g.shape != w.shape or g.dtype != w.dtype:
            return f"result {position}: {g.dtype}{list(g.shape)}, eager {w.dtype}{list(w.shape)}"
        if tol is None or w.is_sparse or w.layout != torch.strided:
            continue
        rtol, atol = tol(w.dtype)
        try:
            torch.testing.assert_close(g, w, rtol=rtol, atol=atol, equal_nan=True)
        except AssertionError as exc:
            return f"result {position}: " + " ".join(str(exc).split("\n")[1:4]).strip()
    return ""


def copied(value):
    """A copy of the sample's tensors with their exact layout (strides, offset, overlap): ops may mutate."""
    import torch
    from torch.utils._pytree import tree_map

    def copy(x):
        if not isinstance(x, torch.Tensor) or x.layout != torch.strided:
            return x
        fresh = torch.empty(0, dtype=x.dtype, device=x.device)
        return fresh.set_(x.untyped_storage().clone(), x.storage_offset(), x.size(), x.stride())

    return tree_map(copy, value)


def as_float(value, low):
    import torch
    from torch.utils._pytree import tree_map

    return tree_map(lambda x: x.float() if isinstance(x, torch.Tensor) and x.dtype == low else x, copied(value))


def cast_floats(value, low):
    import torch
    from torch.utils._pytree import tree_map

    return tree_map(lambda x: x.to(low) if isinstance(x, torch.Tensor) and x.dtype == torch.float32 else x, value)


def message(exc: BaseException) -> str:
    """The exception's kind and first line, without Dynamo's wrapping."""
    inner = getattr(exc, "inner_exception", None) or exc.__cause__ or exc
    if type(exc).__name__ != "BackendCompilerFailed":
        inner = exc
    lines = [line for line in str(inner).splitlines() if line.strip()]
    text = f"{type(inner).__name__}: {lines[0].strip() if lines else ''}"
    return text[:200]


@contextlib.contextmanager
def graph_fallback_reasons():
    """irc's whole-graph fallback on (as for users), and the exceptions it logs collected."""
    from irc import config

    reasons: list[str] = []

    class Collect(logging.Handler):
        def emit(self, record):
            if record.exc_info and record.exc_info[1] is not None:
                reasons.append(message(record.exc_info[1]))

    logger, handler = logging.getLogger("irc"), Collect()
    saved = config.fallback_on_error, logger.propagate, logger.level
    config.fallback_on_error = True
    logger.addHandler(handler)
    logger.propagate = False
    logger.setLevel(logging.INFO)
    try:
        yield reasons
    finally:
        logger.removeHandler(handler)
        config.fallback_on_error, logger.propagate, _ = saved
        logger.setLevel(saved[2])


@contextlib.contextmanager
def time_limit(seconds: int):
    """An error for a sample that runs longer than `seconds` (0: no limit)."""
    if not seconds:
        yield
        return

    def expire(*_):
        raise TimeoutError(f"longer than {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def configure_dynamo() -> None:
    """Each sample its own static-shape graph, with no recompile limit. Data-dependent ops (nonzero, item)
    stay graph breaks, as by default: capturing them gives sizes irc has no symbols for (unbacked u0)."""
    import torch._dynamo

    torch._dynamo.config.capture_scalar_outputs = False
    torch._dynamo.config.capture_dynamic_output_shape_ops = False
    torch._dynamo.config.automatic_dynamic_shapes = False
    torch._dynamo.config.cache_size_limit = 1024


if __name__ == "__main__":
    from sweep_report import main

    sys.exit(main())
