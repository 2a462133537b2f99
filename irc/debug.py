"""IRC_DEBUG=1: the IR after every pass, the fusion report (fusion.txt/.dot/.svg) and the output code, written to a
debug folder whose path is logged."""

import itertools
import logging
import os
import time

from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from irc import config

log = logging.getLogger("irc")
_counter = itertools.count()


class DebugDump:
    """Writes `NN-<pass>.mlir` files into one folder per compiled graph."""

    def __init__(self, graph_name: str):
        root = os.environ.get("IRC_DEBUG_DIR") or config.debug_dir or os.path.join(os.getcwd(), "irc-debug", time.strftime("%Y%m%d-%H%M%S"))
        self.folder = os.path.join(root, f"{graph_name}_{next(_counter)}")
        os.makedirs(self.folder, exist_ok=True)
        self.step = 0
        log.warning("irc: debug output for %s in %s", graph_name, self.folder)

    def path(self, name: str) -> str:
        return os.path.join(self.folder, name)

    def write(self, name: str, text: str) -> str:
        path = os.path.join(self.folder, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def after_pass(self, previous: ModulePass | None, module: ModuleOp, _following: ModulePass | None) -> None:
        self.step += 1
        label = previous.name if previous is not None else "input"
        self.write(f"{self.step:02d}-{label}.mlir", str(module) + "\n")


def enabled() -> bool:
    return config.debug or os.environ.get("IRC_DEBUG", "0") not in ("", "0")
