"""Graph inputs that are opaque objects (a DTensor's device mesh or process group, a torch.ScriptObject) and
that the graph only passes on to its outputs or ignores: aot_autograd hands them to the forward graph so that
it returns them for the backward. irc has no type for them; they are taken out of the graph before import and
put back around the compiled call, in their places among the arguments and results.

    def forward(self, primals_1: "f32[7, 12]", primals_2, ...):      (primals_2: a FakeScriptObject)
        ...
        return (view_3, view, primals_2)
->  irc compiles forward(primals_1, ...) -> (view_3, view); the call returns (view_3, view, <primals_2>)

A graph whose ops read such an object is left whole (irc cannot type it) and fails to import as before.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


def is_opaque(value) -> bool:
    import torch
    from torch._library.fake_class_registry import FakeScriptObject

    return isinstance(value, FakeScriptObject | torch.ScriptObject)


@dataclass
class OpaqueInputs:
    """Where the opaque inputs were: their argument positions, and for each result position that returned one,
    which of them (an index into `positions`)."""

    positions: list[int]
    returned: dict[int, int]

    def wrap(self, compiled: Callable) -> Callable:
        """A boxed callable of the whole graph's arguments around `compiled`, the stripped graph's."""
        kept_positions = set(self.positions)

        def run(args):
            args = args if isinstance(args, list) else list(args)
            opaque = [args[i] for i in self.positions]
            rest = [a for i, a in enumerate(args) if i not in kept_positions]
            args.clear()
            results = list(compiled(rest))
            for position in sorted(self.returned):
                results.insert(position, opaque[self.returned[position]])
            return results

        run._boxed_call = True
        run.path = getattr(compiled, "path", None)
        return run


def strip_opaque_inputs(gm) -> OpaqueInputs | None:
    """Removes from `gm` (in place) its opaque inputs that only its output uses; None (gm unchanged) when it
    has none, or when an op reads one."""
    placeholders = [node for node in gm.graph.nodes if node.op == "placeholder"]
    opaque = [(i, node) for i, node in enumerate(placeholders) if is_opaque(node.meta.get("val"))]
    if not opaque or any(user.op != "output" for _, node in opaque for user in node.users):
        return None
    output = next(node for node in gm.graph.nodes if node.op == "output")
    results = list(output.args[0]) if isinstance(output.args[0], tuple | list) else None
    if results is None:
        return None
    index_of = {node: k for k, (_, node) in enumerate(opaque)}
    returned = {position: index_of[r] for position, r in enumerate(results) if r in index_of}
    output.args = (tuple(r for r in results if r not in index_of),)
    for _, node in opaque:
        gm.graph.erase_node(node)
    gm.recompile()
    return OpaqueInputs([i for i, _ in opaque], returned)
