"""Where ops came from in the model: the discardable `irc.source` attribute, carried from the FX import to the
emitted kernels (their `# Source Nodes` comments).

Each entry is one FX node: `"NODE ATEN LOCATION"`, the node's name, its ATen overload and the last frame of
its stack trace as `FILE:LINE in FUNCTION, code: CODE` (or nothing). A pass that turns ops into others copies
the entries (`copy_sources`); ops that fuse keep the union in order (`merge_sources`), at most MAX_ENTRIES,
each at most MAX_ENTRY_LENGTH characters, so the IR text grows little. The attribute is a comment: no pass
decides anything by it, cse, kernel-dedup and the cache keys leave it out (cse and kernel-dedup keep the union
on the op they keep), and the emitter prints only its printable characters.

    %0 = aten.add %x, %y {irc.source = ["add aten.add model.py:12 in forward, code: z = x + y"]} : ...
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from xdsl.dialects.builtin import ArrayAttr, StringAttr
from xdsl.ir import Operation

SOURCE_ATTR = "irc.source"
MAX_ENTRIES = 12
MAX_ENTRY_LENGTH = 160


def sources_of(op: Operation) -> list[str]:
    """The op's entries (none where it has no well-formed `irc.source`)."""
    attr = op.attributes.get(SOURCE_ATTR)
    if not isinstance(attr, ArrayAttr):
        return []
    return [entry.data for entry in attr.data if isinstance(entry, StringAttr)]


def set_sources(op: Operation, entries: Iterable[str]) -> None:
    """Gives `op` the first MAX_ENTRIES distinct entries (each cut to MAX_ENTRY_LENGTH); none: no attribute"""
    kept = list(dict.fromkeys(entry[:MAX_ENTRY_LENGTH] for entry in entries))[:MAX_ENTRIES]
    if kept:
        op.attributes[SOURCE_ATTR] = ArrayAttr([StringAttr(entry) for entry in kept])
    else:
        op.attributes.pop(SOURCE_ATTR, None)


def merge_sources(target: Operation, *others: Operation) -> None:
    """`target` gets its own entries followed by those of `others` (fused ops)."""
    entries = sources_of(target) + [entry for other in others for entry in sources_of(other)]
    set_sources(target, entries)


def copy_sources(source: Operation, targets: Iterable[Operation]) -> None:
    """Each of `targets` (what a pass made of `source`) gets `source`'s entries added to its own."""
    for target in targets:
        if target is not source and SOURCE_ATTR in source.attributes:
            merge_sources(target, source)


def without_sources(attributes: dict) -> tuple:
    """An op's attributes but `irc.source`, as compared by kernel-dedup."""
    return tuple((name, value) for name, value in attributes.items() if name != SOURCE_ATTR)


_STRING = r'"(?:[^"\\\n]|\\.)*"'
_ATTRIBUTE = rf"irc\.source = \[{_STRING}(?:, {_STRING})*\]"
# printed as the only attribute, after another, before another: in IR text a string's quotes are escaped, so
# none of these starts inside a string
_SOURCE_TEXT = re.compile(rf" \{{{_ATTRIBUTE}\}}|, {_ATTRIBUTE}|{_ATTRIBUTE}, ")


def without_source_text(ir_text: str) -> str:
    """IR text with its irc.source attributes left out: what the module cache keys on, so that a graph
    compiled from another file or after an edit that moved lines is found (as Inductor's FX graph cache
    leaves stack traces out); the cached module's comments then name the lines of the first compile."""
    return _SOURCE_TEXT.sub("", ir_text)


def source_entry(node_name: str, target: str, location: str) -> str:
    return f"{node_name} {target} {location}".strip()


def split_entry(entry: str) -> tuple[str, str, str]:
    """(node name, ATen overload, location) of an entry; missing parts are empty."""
    node, target, location = (entry.split(" ", 2) + ["", ""])[:3]
    return node, target, location
