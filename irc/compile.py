"""Compiling one FX graph: import -> pipeline -> emit -> cache -> load. Returns a boxed callable."""

import contextlib
import functools
import gc
import logging
import os
from collections.abc import Callable

from irc import config, metrics, torch_logs
from irc.debug import DebugDump, enabled as debug_enabled
from irc.fx_key import argument_constants
from irc.runtime import cache, compile_pool
from irc.runtime.loader import NotAnEntry, forget, load, needs_interpreter

log = logging.getLogger("irc")


@functools.cache
def compiler_fingerprint() -> str:
    """A hash of irc's own sources, so a changed compiler never reuses stale cached code."""
    import irc
    from irc.pipeline_spec import DEFAULT_PIPELINE

    roots = [os.path.dirname(irc.__file__)]
    for sub in ("dialects", "passes"):
        roots.append(os.path.dirname(__import__(f"irc.{sub}", fromlist=["_"]).__file__))
    parts = [irc.__version__, DEFAULT_PIPELINE]
    for root in roots:
        for dirpath, _, files in sorted(os.walk(root)):
            for name in sorted(files):
                if name.endswith(".py"):
                    with open(os.path.join(dirpath, name)) as f:
                        parts.append(f.read())
    return cache.key_of(*parts)


def compile_module_text(
    aten_text: str, graph_name: str = "graph", module=None, max_autotune: bool = False, cuda: bool = False
) -> str:
    """Runs the default pipeline on an aten-level module (text) and returns the emitted Python source.

    `module`: the module `aten_text` prints, when the caller has it (the FX importer's), to run the pipeline
    on in place of parsing the text again. The IR is all that passes see, so both give the same code.
    A pipeline making template/cuBLAS choices that fails is run again without templates (cuBLAS only).
    """
    from irc.pipeline_spec import configured_pipeline, makes_mm_choices, with_mm_template

    pipeline = configured_pipeline(max_autotune, cuda)
    try:
        return run_configured(aten_text, graph_name, module, pipeline)
    except Exception:
        if not makes_mm_choices(pipeline):
            raise
        log.warning("irc: compiling %s with matmul templates failed; compiling it with cuBLAS only", graph_name,
                    exc_info=True)  # fmt: skip
        return run_configured(aten_text, graph_name, None, with_mm_template(pipeline, "off"))


def run_configured(aten_text: str, graph_name: str, module, pipeline: str) -> str:
    from xdsl.parser import Parser

    from irc.pipeline import make_context, run_pipeline, with_fusion_report
    from irc.runtime.progress import Progress
    from irc.target.emit_triton import emit_module

    ctx = make_context()
    module = module if module is not None else Parser(ctx, aten_text).parse_module()
    dump = DebugDump(graph_name) if debug_enabled() else None
    with fusion_report(dump) as report:
        spec = with_fusion_report(pipeline, report) if report else pipeline
        passes = torch_logs.PassLog(graph_name)
        try:
            steps = len(spec.split(","))
            with metrics.phase("passes"), Progress(f"compiling {graph_name}: pass", steps) as progress:

                def after_pass(previous, mod, following) -> None:
                    progress.step(previous is not None)  # the first call comes before any pass
                    passes.after_pass(previous, mod)
                    if dump is not None:
                        dump.after_pass(previous, mod, following)

                run_pipeline(module, ctx, spec, callback=after_pass, verify=verifies_passes())
                passes.close()
            if not verifies_passes():  # a kernel Triton would reject is a graph fallback, not a launch error
                with metrics.phase("verify"):
                    module.verify()
            with metrics.phase("emission"):
                source = emit_module(module)
        except BaseException as exc:
            passes.close()
            if dump is not None:
                dump.record_failure(aten_text, pipeline, exc)
            raise
        if report:
            torch_logs.log_fusion(graph_name, report + ".txt")
    if dump is not None:
        log.warning("irc: output code %s", dump.write("output_code.py", source))
    if config.check_roundtrip:
        check_roundtrip(aten_text, source, pipeline)
    return source


@contextlib.contextmanager
def fusion_report(dump: DebugDump | None):
    """The path prefix kernel-fuse writes its report to, or None: the debug folder's `fusion`, else, where
    torch's logs or tracing ask for the fusion decisions, a temporary folder's."""
    if dump is not None:
        yield dump.path("fusion")
    elif torch_logs.fusion_wanted():
        import tempfile

        with tempfile.TemporaryDirectory(prefix="irc-fusion-") as folder:
            yield os.path.join(folder, "fusion")
    else:
        yield None


def verifies_passes() -> bool:
    """Whether torch.compile's pipeline verifies the IR after every pass: IRC_VERIFY=1 or a debug run."""
    return config.verify_passes or debug_enabled()


def check_roundtrip(aten_text: str, source: str, pipeline: str) -> None:
    """The IR is the only thing passes share: printing and parsing between passes must not change the code."""
    from xdsl.parser import Parser

    from irc.pipeline import make_context, run_pipeline_through_text
    from irc.target.emit_triton import emit_module

    ctx = make_context()
    module = run_pipeline_through_text(Parser(ctx, aten_text).parse_module(), ctx, pipeline)
    if emit_module(module) != source:
        raise AssertionError("print/parse between passes changed the emitted code")


def compile_to_path(
    aten_text: str, graph_name: str = "graph", module=None, max_autotune: bool = False, on_miss=None,
    cuda: bool = False,
) -> str:
    """The path of the emitted module for this graph, compiling only on a cache miss (or when IRC_DEBUG asks for
    the IR after every pass); `module`, when given, is the module of `aten_text` (compile_module_text);
    `on_miss()` is called before compiling."""
    from irc.dialects.model_source import without_source_text
    from irc.pipeline_spec import configured_pipeline

    key_text = without_source_text(aten_text)  # model lines are comments: the same graph elsewhere is a hit
    key = cache.key_of(compiler_fingerprint(), configured_pipeline(max_autotune, cuda), key_text)
    path = None if debug_enabled() else intact_module(key, cuda)
    if path is not None:
        metrics.cache_hits += 1
        return path
    if on_miss is not None:
        on_miss()
    return cache.store(key, compile_module_text(aten_text, graph_name, module, max_autotune, cuda))


def intact_module(key: str, cuda: bool) -> str | None:
    """The path of the entry `key` where it is this user's, intact, and loads (as the graph will run: natively
    for `cuda`); None otherwise. An entry that does not load is removed, so the caller compiles it again."""
    path = cache.path_for(key)
    try:
        load(path, interpret=not cuda)
    except NotAnEntry:
        return None
    except Exception:  # noqa: BLE001 - a miss: compiled again and stored over it, never eager for good
        log.warning("irc: the cached module %s does not load; compiling it again", path, exc_info=True)
        forget(path)
        cache.discard(path)
        return None
    return path


def make_runner(path: str, cuda: bool | None = None) -> Callable:
    """A boxed callable (takes a list of arguments) that launches natively (`cuda`) or through the
    interpreter; where `cuda` is None, natively when an argument is a CUDA tensor."""

    def run(args):
        interpret = needs_interpreter(args) if cuda is None else not cuda
        module = load(path, interpret=interpret)
        args = args if isinstance(args, list) else list(args)  # boxed: call() clears it, freeing inputs early
        if not interpret:
            if path in first_calls:
                return first_call(path, module, args)
            return module.call(args)
        import numpy

        from irc.runtime.interpreter_shims import interpreted_stdlib

        with interpreted_stdlib(), numpy.errstate(all="ignore"):  # inf/nan are results here, as on the GPU
            return module.call(args)

    run._boxed_call = True
    run.path = path
    return run


first_calls: set[str] = set()  # modules compiled for CUDA and not called yet


def first_call(path: str, module, args: list):
    """A module's first CUDA call: waits for its kernels' compiles in the pool, shows the tuning's progress."""
    from irc.runtime import autotune

    first_calls.discard(path)
    compile_pool.wait(path)
    with autotune.reporting(), compile_pool.counting_launch_compiles():
        results = module.call(args)
    compile_pool.mark_compiled(path, device_name())
    return results


def device_name() -> str:
    import torch

    return torch.cuda.get_device_name()


def record_metrics(path: str, sizes: dict[str, int] | None = None, interpret: bool = True) -> None:
    """Counts the module's kernels and fallbacks, its bytes moved and planned memory at `sizes` (symbol -> value).
    `interpret`: the module is loaded as it will run (a CUDA graph's natively: one load, not two)."""
    from irc.dialects.sym import evaluate

    module = load(path, interpret=interpret)
    metrics.graphs_compiled += 1
    metrics.generated_modules.append(path)
    metrics.generated_kernel_count += len(getattr(module, "KERNELS", ()))
    metrics.fallbacks.update(getattr(module, "FALLBACKS", ()))
    sizes = sizes or {}
    launches = [(k, evaluate(r, sizes), evaluate(w, sizes)) for k, r, w in getattr(module, "KERNEL_BYTES", ())]
    metrics.record_bytes(launches, evaluate(getattr(module, "MINIMUM_BYTES", "0"), sizes))
    peaks = getattr(module, "PEAK_BYTES_PLANNED", 0)
    peaks = peaks if isinstance(peaks, tuple) else (peaks,)
    metrics.peak_bytes_planned = max(evaluate(peak, sizes) for peak in peaks)
    metrics.buffer_bytes = evaluate(getattr(module, "BUFFER_BYTES", 0), sizes)


def with_constants(runner: Callable, constants: list) -> Callable:
    """`runner` called with the graph's lifted tensor constants after its inputs (the IR's trailing arguments)."""
    if not constants:
        return runner

    def run(args):
        args = args if isinstance(args, list) else list(args)
        args.extend(constants)
        return runner(args)

    run._boxed_call = True
    run.path = getattr(runner, "path", None)
    return run


def compile_fx_graph(
    gm,
    example_inputs,
    inference: bool = False,
    max_autotune: bool = False,
    cudagraphs: bool = False,
    role: str | None = None,
    user_outputs: int | None = None,
) -> Callable:
    """aot_autograd's compiler hook: an ATen FX graph in, a boxed callable out (`inference`: the graph's
    results go to the caller only, aot_autograd's inference_compiler; `role`: what the graph is, "forward",
    "backward" or "inference", which names its debug folder; `max_autotune`: search every kernel's
    autotune candidates; `cudagraphs`: replayed from CUDA graphs where the rules of irc/runtime/cudagraphs.py
    allow). For CUDA inputs the kernels compile in worker processes (compile_pool) until the first call.
    `user_outputs`: a training forward's user-visible results, the rest being activations whose layout irc
    chooses (irc/saved_layouts.py)."""
    from irc.fx_key import mark_donated_inputs
    from irc.fx_namespaces import admit_graph_namespaces
    from irc.fx_opaque import strip_opaque_inputs
    from irc.saved_layouts import adopt_input_strides, saved_positions

    admit_graph_namespaces(gm)  # the decompositions' graph may call libraries the Dynamo graph did not
    changed = adopt_input_strides(gm, example_inputs)
    mark_donated_inputs(gm)
    opaque = strip_opaque_inputs(gm)
    if opaque is not None:  # inputs and outputs move: the traced layouts throughout
        return opaque.wrap(compile_stripped_graph(gm, inference, max_autotune, cudagraphs, role))
    saved = saved_positions(gm, user_outputs) if not inference else frozenset()
    return compile_stripped_graph(gm, inference, max_autotune, cudagraphs, role, saved, changed)


def compile_stripped_graph(
    gm, inference: bool, max_autotune: bool, cudagraphs: bool, role: str | None,
    saved: frozenset[int] = frozenset(), changed: dict | None = None,
) -> Callable:
    """compile_fx_graph of a graph without opaque inputs (irc/fx_opaque.py); `saved`: the forward's results
    whose layout irc chooses, `changed`: the inputs that take other strides than traced."""
    from irc.fx_types import graph_size_hints
    from irc.saved_layouts import report_output_strides, with_traced_strides

    cuda, role = on_cuda(gm), role or ("inference" if inference else "graph")
    try:
        with paused_gc():
            path, constants, aten_text = graph_path(gm, inference, max_autotune, cuda, role, saved)
        with torch_logs.timed("irc_load"):
            runner = module_runner(path, graph_size_hints(gm), cuda)
        report_output_strides(load(path, interpret=not cuda), gm, saved)
    except Exception as exc:
        if not config.fallback_on_error:
            raise
        warn_eager(role, exc)
        metrics.graph_fallbacks += 1
        return with_traced_strides(_eager(gm), changed or {})
    log.info("irc: compiled the %s graph in %s", role, path)
    torch_logs.log_output_code(role, path)
    if config.check_passes:
        from irc.interp.differential import checked_runner

        runner = checked_runner(runner, aten_text, role)
    if cudagraphs:
        from irc.runtime.cudagraphs import cudagraphify

        runner = cudagraphify(runner, gm, constants)
    return with_constants(runner, constants)


_REASONS_GIVEN: set[str] = set()


def warn_eager(role: str, exc: Exception) -> None:
    """One warning line: why the graph runs eagerly (a known limit, or a bug in irc); the traceback only with
    IRC_TRACEBACK=1. A reason already given is logged again at INFO only."""
    from irc.fx_types import UnsupportedGraph
    from irc.pipeline import PipelineError
    from irc.source_locations import failing_op

    reason = " ".join(str(exc).split())[:500] or type(exc).__name__
    if (op := failing_op(exc)) is not None:
        reason = f"'{op.name}' op {reason}"
    hint = ""
    if not isinstance(exc, (UnsupportedGraph, PipelineError)):
        reason = f"a bug in irc ({type(exc).__name__}: {reason}); please report it"
        hint = "" if config.traceback else " (IRC_TRACEBACK=1 shows the traceback)"
    level = logging.INFO if reason in _REASONS_GIVEN else logging.WARNING
    _REASONS_GIVEN.add(reason)
    log.log(level, "irc: the %s graph runs eagerly: %s%s", role, reason, hint, exc_info=config.traceback)


def module_runner(path: str, sizes: dict[str, int], cuda: bool) -> Callable:
    """The runner of an emitted module, its metrics recorded and, for CUDA, its kernels sent to the compile
    pool (`sizes`: the size symbols' hints)."""
    record_metrics(path, sizes, interpret=not cuda)
    if cuda:
        precompile(path, sizes)
    return make_runner(path, cuda)


def graph_path(
    gm, inference: bool, max_autotune: bool, cuda: bool, role: str, saved: frozenset[int] = frozenset()
) -> tuple[str, list, str | None]:
    """(the emitted module's path, the constants it takes after the inputs, the aten text or None). A graph
    met before is found by its FX text (fx_key) without importing it to the IR; a new one is imported, found
    or compiled by its aten text (compile_to_path), and its FX key is stored to point to that entry."""
    from irc.fx_equal_products import tie_graph_products
    from irc.fx_index_width import symbolic_index_bits

    tie_graph_products(gm)  # guarded here, before the graph's sizes are read
    index_bits = symbolic_index_bits(gm)  # guarded here, whether or not the module is found in the cache
    fx_key = graph_key(gm, inference, max_autotune, cuda, saved, index_bits)
    constants = argument_constants(gm) if fx_key is not None else None
    path = cached_module(fx_key, cuda) if constants is not None else None
    if path is not None:
        metrics.cache_hits += 1
        return path, constants, None
    from irc.fx_import import import_graph_and_constants

    with metrics.phase("import"):
        module, constants = import_graph_and_constants(gm, inference=inference, saved=saved,
                                                       index_bits=index_bits)
    aten_text = str(module)
    warm_up = lambda: compile_pool.warm_up(cuda)  # noqa: E731
    path = compile_to_path(aten_text, role, module, max_autotune, on_miss=warm_up, cuda=cuda)
    if fx_key is not None:
        cache.store(fx_key, module_key(path), suffix=FX_SUFFIX)
    return path, constants, aten_text


FX_SUFFIX = ".fx"  # an FX key's entry: the key of the emitted module its graph imports to


def graph_key(
    gm, inference: bool, max_autotune: bool, cuda: bool = False, saved: frozenset[int] = frozenset(),
    index_bits: int | None = None,
) -> str | None:
    """The FX-level key, or None where the aten text is wanted anyway (IRC_DEBUG, IRC_CHECK_PASSES);
    `index_bits`: the importer's mark for symbolic sizes (fx_index_width), which the FX text does not show."""
    import torch

    from irc.fx_key import graph_text
    from irc.pipeline_spec import configured_pipeline

    if debug_enabled() or config.check_passes:
        return None
    parts = [compiler_fingerprint(), configured_pipeline(max_autotune, cuda), torch.__version__]
    random = f"fallback_random={config.fallback_random}"
    flags = [f"inference={inference}", f"saved={sorted(saved)}", random, f"index_bits={index_bits}"]
    return cache.key_of(*parts, *flags, graph_text(gm))


def cached_module(fx_key: str, cuda: bool) -> str | None:
    """The path of the intact emitted module an FX key points to, or None."""
    key = cache.read(fx_key, suffix=FX_SUFFIX)
    return intact_module(key, cuda) if key and key.isalnum() else None


def module_key(path: str) -> str:
    return os.path.basename(path).removesuffix(".py")


def on_cuda(gm) -> bool:
    """Whether the graph computes on CUDA (fx_types.graph_device: a graph of SymInt or 0-d CPU inputs that
    makes CUDA tensors does too, and its kernels launch natively)."""
    from irc.fx_types import graph_device

    return graph_device(gm) == "cuda"


def precompile(path: str, sizes: dict[str, int]) -> None:
    """Sends the module's kernels to the compile pool, unless an earlier process's first call left them all in
    Triton's cache; the module's first call waits for them."""
    from irc.runtime import autotune

    compile_pool.use_irc_triton_cache()
    if not compile_pool.kernels_compiled(path, device_name()):
        compile_pool.precompile(path, sizes, tuning=autotune.enabled())
    first_calls.add(path)


@contextlib.contextmanager
def paused_gc():
    """Python's cyclic garbage collector off while irc compiles: its full collections walk every object of the
    process (the model, torch, the IR), 0.8 ms per aten op on 12-layer BERT. Garbage is collected after."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _eager(gm) -> Callable:
    from torch._functorch.aot_autograd import make_boxed_func

    return make_boxed_func(gm.forward)
