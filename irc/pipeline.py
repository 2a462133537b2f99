"""The default pipeline: one commented list, also exposed as a string that `irc-opt -p` accepts."""

from collections.abc import Callable

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass, PassPipeline

DEFAULT_PASSES = [
    "aten-layout",  # channels_last activations where the graph's convolutions gain by it
    "aten-pad-mm",  # matmuls with misaligned output rows compute into a padded buffer (cuBLAS's fast kernels)
    "convert-aten-to-loop",  # aten -> loop: type promotion, broadcasting, decompositions, index math
    "loop-inline",  # compose cheap pointwise producers into their consumers; fold loads through views
    "cse",
    "dce",
    "loop-simplify",  # drop size-1 dims, order dims by stride, merge dims contiguous in every access
    "kernel-fuse",  # loop -> kernel: fusion groups (future kernels) and the host program
    "kernel-split-reduction",  # few long rows: a partial-reduction kernel, then a combining one
    # block sizes, persistent vs looped reductions, num_warps; autotune candidates where the heuristic
    # cannot decide
    "kernel-tile{autotune=true max_autotune=false}",
    "kernel-plan-memory",  # host program: externs into out= buffers, buffer reuse, frees after last use
    "kernel-dedup",  # kernels equal up to their name: one kept, launched for all (identical layers)
    "convert-kernel-to-triton",  # kernel -> triton: masks, offsets, reductions, loads and stores
    "cse",
    "dce",
]

DEFAULT_PIPELINE = ",".join(DEFAULT_PASSES)


def configured_pipeline(max_autotune: bool = False) -> str:
    """The pipeline torch.compile runs: `config.pipeline` (IRC_PIPELINE) or the default; with `max_autotune`
    (or IRC_MAX_AUTOTUNE=1) kernel-tile gives every kernel its full list of autotune candidates."""
    from irc import config

    spec = config.pipeline or DEFAULT_PIPELINE
    return with_max_autotune(spec) if max_autotune or config.max_autotune else spec


def with_max_autotune(spec: str) -> str:
    """`spec` with every kernel-tile searching all its candidates (kernel-tile{autotune=true max_autotune=true})."""
    passes = []
    for entry in spec.split(","):
        name, _, options = entry.partition("{")
        if name.strip() == "kernel-tile":
            kept = [o for o in options.rstrip("}").split() if o.split("=")[0] not in ("autotune", "max_autotune")]
            entry = "kernel-tile{" + " ".join([*kept, "autotune=true", "max_autotune=true"]) + "}"
        passes.append(entry)
    return ",".join(passes)


def with_fusion_report(spec: str, prefix: str) -> str:
    """`spec` with kernel-fuse writing its report to prefix.txt/.dot/.svg (kernel-fuse{report=...})."""
    option = f'kernel-fuse{{report="{prefix}"}}'
    return ",".join(option if name == "kernel-fuse" else name for name in spec.split(","))

PassCallback = Callable[[ModulePass | None, ModuleOp, ModulePass | None], None]


def make_context() -> Context:
    """A context with xDSL's and irc's dialects registered lazily."""
    from xdsl.dialects import get_all_dialects

    from irc.registry import load_all_dialects

    ctx = Context()
    for name, factory in get_all_dialects().items():
        ctx.register_dialect(name, factory)
    load_all_dialects(ctx)
    return ctx


def all_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    from xdsl.transforms import get_all_passes as xdsl_passes

    from irc.registry import get_all_passes

    return {**xdsl_passes(), **get_all_passes()}


def build_pipeline(spec: str = DEFAULT_PIPELINE, callback: PassCallback | None = None) -> PassPipeline:
    return PassPipeline.parse_spec(all_passes(), spec, callback or (lambda *_: None))


def run_pipeline(
    module: ModuleOp,
    ctx: Context,
    spec: str = DEFAULT_PIPELINE,
    callback: PassCallback | None = None,
    verify: bool = True,
) -> ModuleOp:
    """Runs `spec` over `module` in place, verifying after every pass unless `verify` is false."""

    def verify_then(previous: ModulePass | None, mod: ModuleOp, following: ModulePass | None) -> None:
        if verify:
            mod.verify()
        if callback is not None:
            callback(previous, mod, following)

    build_pipeline(spec, verify_then).apply(ctx, module)
    return module


def run_pipeline_through_text(
    module: ModuleOp, ctx: Context, spec: str = DEFAULT_PIPELINE, callback: PassCallback | None = None
) -> ModuleOp:
    """Like run_pipeline, but prints and re-parses the module between every two passes.

    The IR is the only thing that travels between passes, so this must give the same result.
    """
    from xdsl.parser import Parser

    for pass_ in build_pipeline(spec).passes:
        module = Parser(ctx, str(module)).parse_module()
        pass_.apply(ctx, module)
        module.verify()
        if callback is not None:
            callback(pass_, module, None)
    return Parser(ctx, str(module)).parse_module()
