"""irc's switches, in the style of torch._inductor.config: `irc.config.debug = True`, or for a block
`with irc.config.patch(debug=True):` (also a decorator). Each switch has an environment variable, read when
the switch is read until code sets it; booleans accept 1/0, true/false, yes/no, on/off (any case) and nothing
else. An unknown name or a value of the wrong type raises. SETTINGS is the README's table of variables.
"""

import contextlib
import os
import sys
import types
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Setting:
    variable: str
    kind: type  # bool, int or str
    default: Any
    doc: str


_HOME_CACHE = os.path.join(os.path.expanduser("~"), ".cache", "irc")
# name, environment variable, type, default, what it does
_ROWS = [
    ("debug", "IRC_DEBUG", bool, False, "write each pass's IR and the output code to a debug folder"),
    ("debug_dir", "IRC_DEBUG_DIR", str, "", "the debug folder (default: ./irc-debug/<timestamp>-<pid>)"),
    ("cache_dir", "IRC_CACHE_DIR", str, _HOME_CACHE, "the compiled-code cache"),
    # counted in metrics.graph_fallbacks
    ("fallback_on_error", "IRC_FALLBACK_ON_ERROR", bool, True, "on a compiler error, run the graph eagerly"),
    ("check_roundtrip", "IRC_CHECK_ROUNDTRIP", bool, False, "also compile printing and parsing "
     "between passes; fail if the code differs"),
    # off by default: verification costs more than most passes (bench/compile_time.py)
    ("verify_passes", "IRC_VERIFY", bool, False, "verify the IR after every pass torch.compile runs"),
    ("check_passes", "IRC_CHECK_PASSES", bool, False, "interpret after every pass on the first call's inputs "
     "and name the first that diverges"),
    # irc/dynamo_cache.py; off keeps aot_autograd on every compile (enable_autograd_cache=False)
    ("dynamo_cache", "IRC_DYNAMO_CACHE", bool, True, "warm starts skip aot_autograd for inference graphs"),
    # see pipeline_spec.mm_template_mode
    ("mm_template", "IRC_MM_TEMPLATE", str, "auto", "matmul-epilogue templates: auto (measured choices under "
     "max-autotune on CUDA), 1 (always), 0 (never), choice (choices on CPU too)"),
    ("mm_tma", "IRC_MM_TMA", bool, False, "with template choices, also a persistent TMA template"),
    ("mm_dual", "IRC_MM_DUAL", bool, False, "gated MLPs' two projections as a dual-GEMM choice (CUDA)"),
    ("pipeline", "IRC_PIPELINE", str, "", "the pass pipeline torch.compile runs (default: DEFAULT_PIPELINE)"),
    ("max_autotune", "IRC_MAX_AUTOTUNE", bool, False, "search every kernel's candidates (mode=max-autotune)"),
    ("autotune", "IRC_AUTOTUNE", bool, True, "benchmark kernel candidates where the heuristic cannot decide"),
    ("compile_threads", "IRC_COMPILE_THREADS", int, 0, "kernel compile workers (0: one per core, at most 32; "
     "1: none, each kernel compiles on its first launch)"),
    ("kernel_binary_cache", "IRC_KERNEL_BINARY_CACHE", bool, True, "reuse compiled kernel binaries"),
    ("cudagraphs", "IRC_CUDAGRAPHS", bool, False, "replay compiled graphs from CUDA graphs"),
    ("cudagraph_limit", "IRC_CUDAGRAPH_LIMIT", int, 8, "input signatures recorded per graph for CUDA graphs"),
    # Inductor's fallback_random; irc's own: irc/decompositions_random.py
    ("fallback_random", "IRC_FALLBACK_RANDOM", bool, False, "random ops run eagerly (ATen's numbers)"),
    # Inductor's assert_indirect_indexing; off: an index out of range reads 0 or writes nothing
    ("assert_indirect_indexing", "IRC_ASSERT_INDIRECT_INDEXING", bool, True, "kernels check the indices of "
     "gathers and scatters and stop with 'index out of range' as eager raises"),
    ("traceback", "IRC_TRACEBACK", bool, False, "print the Python traceback of a tool's internal error or "
     "of a graph that falls back to eager"),
    ("extern_namespaces", "IRC_EXTERN_NAMESPACES", str, "", "operator namespaces besides aten, prims and the "
     "collectives whose ops may run as externs (comma-separated; the libraries a compiled graph calls are "
     "added by the graph itself)"),
]
SETTINGS: dict[str, Setting] = {name: Setting(*row) for name, *row in _ROWS}


def parse_bool(variable: str, text: str) -> bool:
    """The one reading of a boolean environment variable."""
    word = text.strip().lower()
    if word in ("1", "true", "yes", "on"):
        return True
    if word in ("", "0", "false", "no", "off"):
        return False
    raise ValueError(f"{variable} must be 1/0, true/false, yes/no or on/off, got {text!r}")


def _from_environment(setting: Setting) -> Any:
    text = os.environ.get(setting.variable)
    if text is None:
        return setting.default
    if setting.kind is bool:
        return parse_bool(setting.variable, text)
    if setting.kind is int:
        if not text.strip().isdigit():
            raise ValueError(f"{setting.variable} must be a whole number, got {text!r}")
        return int(text)
    return text


def _unknown(name: str) -> AttributeError:
    return AttributeError(f"irc.config has no setting {name!r}; the settings are {', '.join(SETTINGS)}")


def _checked(name: str, value: Any) -> Any:
    setting = SETTINGS.get(name)
    if setting is None:
        raise _unknown(name)
    if type(value) is not setting.kind:
        raise TypeError(f"irc.config.{name} must be a {setting.kind.__name__}, got {value!r}")
    return value


class _ConfigModule(types.ModuleType):
    """The module itself: a setting is what code set, else what its environment variable says, else its
    default."""

    def __getattr__(self, name: str) -> Any:  # only for names not in the module's dict: the settings
        if name not in SETTINGS:
            raise _unknown(name)
        overrides = self.__dict__["_overrides"]
        return overrides[name] if name in overrides else _from_environment(SETTINGS[name])

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in SETTINGS:
            if name not in self.__dict__:
                raise _unknown(name)
            return super().__setattr__(name, value)
        _checked(name, value)
        overrides = self.__dict__["_overrides"]
        try:
            from_environment = _from_environment(SETTINGS[name])
        except ValueError:
            from_environment = None
        if value == from_environment:  # the variable stays in charge (as after monkeypatch's undo)
            overrides.pop(name, None)
        else:
            overrides[name] = value

    def __delattr__(self, name: str) -> None:
        if name not in SETTINGS:
            raise _unknown(name)
        self.__dict__["_overrides"].pop(name, None)

    def __dir__(self):
        return [*super().__dir__(), *SETTINGS]


_overrides: dict[str, Any] = {}


@contextlib.contextmanager
def _patch(changes: dict[str, Any]):
    module = sys.modules[__name__]
    for name, value in changes.items():
        _checked(name, value)
    saved = dict(_overrides)
    try:
        for name, value in changes.items():
            setattr(module, name, value)
        yield
    finally:
        _overrides.clear()
        _overrides.update(saved)


def patch(changes: dict[str, Any] | str | None = None, value: Any = None, **kwargs: Any):
    """`patch(debug=True)`, `patch({"debug": True})` or `patch("debug", True)`: a context manager and a
    decorator setting switches for its extent, as torch._inductor.config.patch."""
    if isinstance(changes, str):
        changes = {changes: value}
    return _patch({**(changes or {}), **kwargs})


def settings() -> dict[str, Any]:
    """Every switch's current value."""
    module = sys.modules[__name__]
    return {name: getattr(module, name) for name in SETTINGS}


sys.modules[__name__].__class__ = _ConfigModule
