"""The default pipeline: one commented list, also exposed as a string that `irc-opt -p` accepts."""

from collections.abc import Callable

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass, PassPipeline

from irc.pipeline_spec import (  # noqa: F401 (the pipeline's text, importable without xDSL)
    DEFAULT_PASSES,
    DEFAULT_PIPELINE,
    configured_pipeline,
    with_fusion_report,
    with_max_autotune,
    with_mm_template,
)

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
    """irc's passes and the safe subset of xDSL's (irc/registry.py XDSL_PASSES)."""
    from irc.registry import get_offered_passes

    return get_offered_passes()


class PipelineError(ValueError):
    """A pass pipeline that does not parse (an unknown pass, option or value), in one line."""


def build_pipeline(spec: str = DEFAULT_PIPELINE, callback: PassCallback | None = None) -> PassPipeline:
    from xdsl.utils.arg_spec import ArgSpecParseError

    try:
        return PassPipeline.parse_spec(all_passes(), spec, callback or (lambda *_: None))
    except (ValueError, ArgSpecParseError) as exc:
        lines = [line.strip() for line in str(exc).splitlines()]
        reason = " ".join(line for line in lines if line and set(line) != {"^"})
        raise PipelineError(f"bad pass pipeline: {reason}") from None


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

    The IR is the only thing that travels between passes, so this must give the same result. A pass that left
    the printed module as it found it is not followed by a parse: the module it ran on came from that text.
    """
    from xdsl.parser import Parser

    text = str(module)
    module = Parser(ctx, text).parse_module()
    for pass_ in build_pipeline(spec).passes:
        pass_.apply(ctx, module)
        printed = str(module)
        if printed != text:
            module.verify()
            text, module = printed, Parser(ctx, printed).parse_module()
        if callback is not None:
            callback(pass_, module, None)
    return module
