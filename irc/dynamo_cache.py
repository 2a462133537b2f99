"""A warm start above aot_autograd: a Dynamo graph met before runs its emitted module without aot_autograd's
tracing, which costs about a second on a 12-layer model (issue 18).

aot_autograd turns the Dynamo graph into an ATen graph and wraps the compiled graph in runtime wrappers:
input mutations, outputs aliasing inputs or each other, effect tokens, tensor subclasses, duplicated or
aliased inputs, functionalized RNG, lifted parameters and constants. For an inference graph where none of
them applies (no input mutated, every output a fresh tensor, no token, no subclass, the ATen graph's
placeholders one for one with Dynamo's inputs, no lifted constant, static shapes) they reduce to one call
with grad mode off. Only such a graph's emitted module is recorded under its Dynamo-level key, checked
against aot_autograd's own metadata when it is compiled; a later process finds it before aot_autograd runs.
Every other graph takes the full path (and irc's ATen-level cache, irc/fx_key.py).

The key holds what aot_autograd's result depends on: the Dynamo graph (nodes, targets, arguments, example
values' layouts), the example inputs' layouts and requires_grad, the global state aot_autograd reads
(grad mode, determinism, the default dtype, the SDPA backends, functorch's config) and irc's compiler and
options. Targets are torch's or Python's operators only (a user function's code is not in its name), and a
graph with get_attr or call_module nodes, symbolic sizes or autocast on has no key: the full path.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable

log = logging.getLogger("irc")

SUFFIX = ".dynamo"  # an entry: the key of the emitted module the graph compiles to
OPERATOR_MODULES = ("_operator", "operator", "math", "builtins")


def graph_key(gm, example_inputs, max_autotune: bool) -> str | None:
    """The Dynamo-level key of this compile, or None where the full path must run (also where reading the
    graph fails: the key only saves time)."""
    try:
        return key_of(gm, example_inputs, max_autotune)
    except Exception:  # noqa: BLE001
        log.info("irc: no Dynamo-level key for this graph", exc_info=True)
        return None


def key_of(gm, example_inputs, max_autotune: bool) -> str | None:
    from irc import config
    from irc.debug import enabled as debug_enabled

    if not config.dynamo_cache or debug_enabled() or config.check_passes or not plain_state():
        return None
    inputs = inputs_text(example_inputs)
    nodes = [node_text(node) for node in gm.graph.nodes]
    if inputs is None or None in nodes or has_state(gm):
        return None
    import torch

    from irc.compile import compiler_fingerprint
    from irc.pipeline_spec import configured_pipeline
    from irc.runtime import cache

    if not any(isinstance(x, torch.Tensor) and (x.dim() or x.device.type != "cpu") for x in example_inputs):
        return None  # its device is that of what it makes: the full path finds it (compile.on_cuda)
    cuda = any(getattr(x, "is_cuda", False) for x in example_inputs)
    parts = [compiler_fingerprint(), configured_pipeline(max_autotune, cuda), torch.__version__, state_text()]
    parts.append(f"fallback_random={config.fallback_random}")
    return cache.key_of(*parts, inputs, "\n".join(nodes))


def plain_state() -> bool:
    import torch

    return not torch._C._is_any_autocast_enabled()


def has_state(gm) -> bool:
    """Parameters or buffers on the graph module: aot_autograd lifts them into the inputs."""
    return next(gm.parameters(), None) is not None or next(gm.buffers(), None) is not None


def state_text() -> str:
    import torch
    import torch._functorch.config as functorch_config

    cuda = torch.backends.cuda
    sdpa = [cuda.flash_sdp_enabled(), cuda.mem_efficient_sdp_enabled(), cuda.math_sdp_enabled()]
    sdpa.append(cuda.cudnn_sdp_enabled())
    functorch = sorted(functorch_config.save_config_portable().items())
    grad, inference = torch.is_grad_enabled(), torch.is_inference_mode_enabled()
    deterministic = torch.are_deterministic_algorithms_enabled()
    modes = f"grad={grad} inference={inference} det={deterministic} dtype={torch.get_default_dtype()}"
    return f"{modes} sdpa={sdpa} {functorch!r}"


def inputs_text(example_inputs) -> str | None:
    """Each input's layout and requires_grad; None for an input that is not a plain tensor of static sizes."""
    import torch

    from irc.fx_key import value_text

    texts = []
    for value in example_inputs:
        if not isinstance(value, torch.Tensor) or not static_layout(value) or is_subclass(value):
            return None
        texts.append(f"{value_text(value)} grad={value.requires_grad} inference={value.is_inference()}")
    return "; ".join(texts)


def static_layout(value) -> bool:
    dims = [*value.shape, *value.stride(), value.storage_offset()]
    return all(type(dim) is int for dim in dims)


def is_subclass(value) -> bool:
    import torch
    from torch._subclasses.fake_tensor import FakeTensor

    return type(value) not in (torch.Tensor, torch.nn.Parameter, FakeTensor)


def node_text(node) -> str | None:
    """A node as the key reads it, or None where its meaning is not in its text."""
    from irc.fx_key import value_text

    if node.op in ("get_attr", "call_module"):
        return None
    target = target_text(node)
    if target is None:
        return None
    value = value_text(node.meta.get("example_value"))
    if "SymInt(" in value or "SymFloat(" in value or "SymBool(" in value:
        return None
    return f"{node.op} {node.name} {target} {node.args!r} {node.kwargs!r} -> {value}"


def target_text(node) -> str | None:
    """A call_function's target by qualified name where the name says what it computes: torch's functions and
    ops and Python's operators; a method's or placeholder's name as it is."""
    if isinstance(node.target, str):
        return node.target
    from torch.fx.node import _get_qualified_name

    module = getattr(node.target, "__module__", None) or ""
    if not (module == "torch" or module.startswith("torch.") or module in OPERATOR_MODULES):
        return None
    try:
        return _get_qualified_name(node.target)
    except Exception:  # noqa: BLE001 - unnamed: no key
        return None


def record(key: str, aten_gm, n_inputs: int, runner) -> bool:
    """Records the module `runner` runs under `key` where aot_autograd's wrappers around this inference graph
    do nothing but turn grad mode off (`simple_wrappers`); returns whether it did."""
    from irc.fx_key import argument_constants
    from irc.runtime import cache

    path = getattr(runner, "path", None)  # none: the graph runs eagerly
    placeholders = list(aten_gm.graph.find_nodes(op="placeholder"))
    if path is None or argument_constants(aten_gm) != [] or len(placeholders) != n_inputs:
        return False
    try:
        simple = simple_wrappers()
    except Exception:  # noqa: BLE001 - metadata of another shape (another torch): the full path stays
        log.info("irc: aot_autograd's metadata not read; the graph is not recorded", exc_info=True)
        return False
    if not simple:
        return False
    cache.store(key, os.path.basename(path).removesuffix(".py"), suffix=SUFFIX)
    return True


def simple_wrappers() -> bool:
    """Whether aot_autograd's metadata of the graph being compiled (its TracingContext) shows no input mutation,
    no aliased output, no intermediate base, no token, no subclass and no functionalized RNG."""
    from torch._functorch._aot_autograd.schemas import OutputType
    from torch._guards import TracingContext

    context = TracingContext.try_get()
    meta = getattr(context, "fw_metadata", None)
    if meta is None or meta.num_intermediate_bases or meta.tokens:
        return False
    if getattr(meta, "is_rng_op_functionalized", False) or getattr(meta, "num_graphsafe_rng_states", 0):
        return False
    mutated = any(
        info.mutates_data or info.mutates_metadata or info.mutates_storage_metadata for info in meta.input_info
    )
    aliased = any(info.output_type != OutputType.non_alias for info in meta.output_info)
    subclass = any(not isinstance(m, int) and type(m).__name__ != "PlainTensorMeta" for m in meta.subclass_inp_meta)
    return not (mutated or aliased or subclass)


def lookup(key: str, example_inputs) -> Callable | None:
    """The compiled function recorded under `key` (Dynamo's calling convention), or None."""
    from irc import metrics
    from irc.compile import intact_module, module_runner
    from irc.runtime import cache

    module = cache.read(key, suffix=SUFFIX)
    cuda = any(value.device.type == "cuda" for value in example_inputs)
    path = intact_module(module, cuda) if module and module.isalnum() else None
    if path is None:
        return None
    try:
        runner = module_runner(path, {}, cuda)
    except Exception:  # noqa: BLE001 - the full path compiles the graph (or runs it eagerly) and says why
        log.info("irc: loading %s failed; aot_autograd runs", path, exc_info=True)
        return None
    metrics.cache_hits += 1
    return inference_call(runner)


def inference_call(runner: Callable) -> Callable:
    """`runner` as aot_autograd's inference wrapper calls it: grad mode off, a list of outputs."""
    import torch

    set_grad = torch._C._set_grad_enabled

    def call(*args):
        enabled = torch.is_grad_enabled()
        if enabled:
            set_grad(False)
        try:
            return list(runner(list(args)))
        finally:
            if enabled:
                set_grad(True)

    return torch._dynamo.disable(call)  # as aot_autograd's: Dynamo does not trace the compiled graph
