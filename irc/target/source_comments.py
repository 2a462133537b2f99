"""The `# Source Nodes` comments above each emitted kernel: the FX nodes, ATen overloads and model lines of
its ops (their `irc.source` entries, dialects/model_source.py), as Inductor writes them.

    # Source Nodes: [add, relu], Original ATen: [aten.add, aten.relu]
    # File: model.py:12 in forward, code: y = (x + 1).relu()
    @triton.jit
    def triton_poi_fused_add_relu_0(...):

The entries come from IR, which is untrusted: a character that is not printable (a newline would end the
comment and start code) becomes `?`, and every part is cut short.
"""

from __future__ import annotations

from xdsl.ir import Operation

from irc.dialects.model_source import sources_of, split_entry

MAX_PART_LENGTH = 120


def comment_text(text: str) -> str:
    """`text` safe inside a one-line Python comment: printable characters only, at most MAX_PART_LENGTH."""
    return "".join(c if c.isprintable() else "?" for c in text[:MAX_PART_LENGTH])


def source_comments(op: Operation) -> list[str]:
    """The comment lines naming where `op`'s computation came from in the model (none without irc.source)."""
    entries = [split_entry(entry) for entry in sources_of(op) if entry.strip()]
    if not entries:
        return []
    nodes = ", ".join(dict.fromkeys(comment_text(node) for node, _, _ in entries if node))
    overloads = ", ".join(dict.fromkeys(comment_text(target) for _, target, _ in entries if target))
    lines = [f"# Source Nodes: [{nodes}], Original ATen: [{overloads}]"]
    locations = dict.fromkeys(comment_text(location) for _, _, location in entries if location)
    return lines + [f"# File: {location}" for location in locations]
