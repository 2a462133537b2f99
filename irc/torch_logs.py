"""irc in torch's logging, as Inductor is: `TORCH_LOGS="+irc"` shows irc's debug logs, `output_code` the
module irc emits, `irc_ir` the IR after each pass and `irc_fusion` kernel-fuse's decisions; under TORCH_TRACE
the same go to tlparse as artifacts (trace_structured), and irc's phases are dynamo_timed spans.

Nothing here imports torch: it acts only where torch is imported already. irc joins torch's logging (which
then owns the `irc` logger's level and handler) only where TORCH_LOGS or set_logs asks for irc, one of its
artifacts or output_code. Where nothing asks, a compile pays a few checks per graph: no IR is printed, no
report written.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from xdsl.dialects.builtin import ModuleOp

ARTIFACTS = {  # off by default, as Inductor's ir_post_fusion and fusion: shown where named
    "irc_ir": "The IR irc's pipeline produces after each pass (aten, loop, kernel and triton levels).",
    "irc_fusion": "irc's fusion decisions: each kernel's ops and every rejected candidate with its reason.",
}
ASKING_NAMES = {"irc", "output_code", *ARTIFACTS}  # TORCH_LOGS names that show something of irc's


def register() -> None:
    """Registers the `irc` log and its artifacts with torch._logging. The `torch.backends` entry point: torch
    runs it on import, before it reads TORCH_LOGS (torch >= 2.13), so TORCH_LOGS may name them; also called by
    each compile, for a torch that runs it later or not at all. Never raises: `import torch` must not fail."""
    try:
        internal = sys.modules.get("torch._logging._internal")
        if internal is None:
            import torch._logging._internal as internal
        for name, description in ARTIFACTS.items():
            if not internal.log_registry.is_artifact(name):
                internal.register_artifact(name, description, off_by_default=True)
        if internal.log_registry.is_log("irc") or not asked_for(internal):
            return
        internal.register_log("irc", ["irc"])
        if internal.LOG_TRACE_HANDLER is not None:  # torch read its settings without irc's: again, with it
            internal._init_logs()
    except Exception:  # noqa: BLE001 - irc's logs are missing then; torch and irc work
        return


def asked_for(internal) -> bool:
    """Whether TORCH_LOGS (or set_logs, once torch read it) names something of irc's."""
    setting = os.environ.get("TORCH_LOGS")
    if setting is not None:
        return bool(ASKING_NAMES & {name.strip().lstrip("+-") for name in setting.split(",")})
    state = internal.log_state
    return any(state.is_artifact_enabled(name) for name in ASKING_NAMES)


def trace_handlers() -> bool:
    """Whether structured tracing (TORCH_TRACE, tlparse's input) records: a handler on torch's trace log other
    than the folderless LazyTraceHandler torch always installs (it writes nothing) and the root logger's own
    (pytest's capture puts them on every logger)."""
    internal = sys.modules.get("torch._logging._internal")
    if internal is None:
        return False
    idle, general = getattr(internal, "LazyTraceHandler", ()), logging.getLogger().handlers
    handlers = internal.trace_log.handlers
    return any(not (isinstance(h, idle) and h.root_dir is None) and h not in general for h in handlers)


def artifact_log(name: str) -> logging.Logger | None:
    """irc's logger of a torch._logging artifact (output_code, irc_ir, irc_fusion) where it is enabled."""
    if "torch._logging._internal" not in sys.modules:
        return None
    register()
    import torch._logging

    log = torch._logging.getArtifactLogger("irc", name)
    return log if log.isEnabledFor(logging.DEBUG) else None


def artifact(name: str, text_fn, log_name: str, title: str) -> None:
    """`text_fn()` to the artifact log `log_name` under `title` where it is enabled, and as tlparse's artifact
    `name` where tracing is on; computed only for them."""
    log = artifact_log(log_name)
    if log is not None:
        log.debug("%s:\n%s", title, text_fn())
    if trace_handlers():
        from torch._logging import trace_structured

        metadata = {"name": name, "encoding": "string"}
        trace_structured("artifact", metadata_fn=lambda: metadata, payload_fn=text_fn)


class PassLog:
    """Logs the IR after each pass (irc_ir, tlparse) where asked; spans each level's passes (dynamo_timed)."""

    # the passes after which the IR is at the next level
    NEXT_LEVEL = {
        "convert-aten-to-loop": "loop",
        "kernel-fuse": "kernel",
        "convert-kernel-to-triton": "triton",
    }

    def __init__(self, graph_name: str):
        self.graph_name, self.step = graph_name, 0
        self.ir_wanted = artifact_log("irc_ir") is not None or trace_handlers()
        self.spans = contextlib.ExitStack()
        self.debug = logging.getLogger("irc").isEnabledFor(logging.DEBUG)  # TORCH_LOGS="+irc": pass times
        self.last = time.perf_counter()

    def after_pass(self, previous, module: ModuleOp) -> None:
        name = previous.name if previous is not None else None
        if self.debug and name is not None:
            now = time.perf_counter()
            milliseconds = (now - self.last) * 1e3
            logging.getLogger("irc").debug("irc: %s: %s in %.1f ms", self.graph_name, name, milliseconds)
            self.last = now
        if previous is None or name in self.NEXT_LEVEL:
            self.spans.close()
            self.spans.enter_context(timed(f"irc_passes_{self.NEXT_LEVEL.get(name, 'aten')}"))
        if self.ir_wanted:
            label = name or "input"
            artifact(f"irc_ir_{self.graph_name}_{self.step:02d}_{label}", lambda: str(module), "irc_ir",
                     f"IR of {self.graph_name} after {label}")  # fmt: skip
        self.step += 1

    def close(self) -> None:
        self.spans.close()


def fusion_wanted() -> bool:
    return artifact_log("irc_fusion") is not None or trace_handlers()


def log_fusion(graph_name: str, report_path: str) -> None:
    def text() -> str:
        with open(report_path) as f:
            return f.read()

    if os.path.exists(report_path):
        artifact(f"irc_fusion_{graph_name}", text, "irc_fusion", f"Fusion decisions of {graph_name}")


def log_output_code(graph_name: str, path: str) -> None:
    """The emitted module, as Inductor logs its output code (TORCH_LOGS=output_code, tlparse)."""

    def text() -> str:
        with open(path) as f:
            return f.read()

    artifact(f"irc_output_code_{graph_name}", text, "output_code", f"Output code of {graph_name} ({path})")


def timed(key: str):
    """torch._dynamo.utils.dynamo_timed(key) where Dynamo is imported (it is, under torch.compile), else
    nothing; torch's signatures differ in their optional parameters, so only `key` and one flag are passed."""
    utils = sys.modules.get("torch._dynamo.utils")
    if utils is None:
        return contextlib.nullcontext()
    try:
        return utils.dynamo_timed(key, log_pt2_compile_event=True)
    except TypeError:
        return utils.dynamo_timed(key)
