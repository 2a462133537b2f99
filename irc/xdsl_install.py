"""irc's changes to xDSL 0.74 (irc/xdsl_patches.py: fixes hostile input needs; the parse, verify, print and
op-construction speed-ups beside it) are recorded when those modules are imported and applied only by
`install()`, which irc's own entry points call (irc.pipeline.make_context, irc.registry.load_all_dialects, the
FX importer): importing irc, or xDSL loading irc's `xdsl.universe` plugin, leaves xDSL as it is, so plain
xdsl-opt parses with xDSL's own code. Once installed, the changes hold for the rest of the process.
"""

import threading
from typing import Any

from irc.xdsl_changes import CHANGES

_lock = threading.Lock()
_installed = False


def install() -> None:
    """Applies every recorded change once, in the order recorded (later wrappers wrap earlier ones)."""
    global _installed
    if _installed:
        return
    with _lock:
        if _installed:
            return
        import irc.xdsl_patches  # noqa: F401 (records the changes, in order)

        for owner, name, wrapper in CHANGES:
            setattr(owner, name, wrapper(getattr(owner, name)))
        _installed = True


def installed() -> bool:
    return _installed


def changed_attributes() -> list[tuple[Any, str]]:
    """The (owner, name) pairs the changes set, in order (for tests)."""
    import irc.xdsl_patches  # noqa: F401

    return [(owner, name) for owner, name, _ in CHANGES]
