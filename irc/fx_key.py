"""What the code cache knows an ATen FX graph by before importing it to the IR (a warm start's lookup).

`graph_text` names everything the FX importer reads: every node's kind, name, target, arguments, and the
example value it carries (a tensor's sizes, strides, storage offset, dtype and device; a SymInt's expression),
each lifted tensor constant's layout (a 0-d one's value too: it becomes a number in the IR) and which inputs
are static (`static_positions`) or donated (`donated_positions`). Two graphs
with the same text import to the same aten module. Anything printed with an object address (a Python
function as a target) makes the text differ between processes: a miss, never a wrong hit.
"""

from __future__ import annotations

from collections import Counter


def graph_text(gm) -> str:
    nodes = "\n".join(node_text(gm, node) for node in gm.graph.nodes)
    return f"{nodes}\nstatic {static_positions(gm)}\ndonated {donated_positions(gm)}"


def static_positions(gm) -> list[int]:
    """The placeholders at fixed addresses across calls: what aot_autograd marks static in a forward or
    inference graph (parameters and buffers: the TracingContext's fw_metadata.static_input_indices, which
    Inductor reads too). A backward (its inputs include tangents) has none: its saved tensors move each step."""
    import torch

    nodes = list(gm.graph.find_nodes(op="placeholder"))
    if any(n.name.startswith("tangents") for n in nodes):
        return []
    context = torch._guards.TracingContext.try_get()
    metadata = getattr(context, "fw_metadata", None)
    marked = getattr(metadata, "static_input_indices", None) or ()
    return sorted({k for k in marked if 0 <= k < len(nodes)})


# placeholder names of a backward graph that the caller still holds (Inductor's is_nonfreeable_buffers)
HELD_ELSEWHERE = ("primals_", "arg", "fwd_rng_state", "bwd_rng_state", "tangents")


def owned_positions(gm) -> list[int]:
    """The placeholders whose last reference the call holds: a backward's saved activations (aot_autograd
    passes them in a list the call clears, so freeing them frees memory); not its primals (parameters and
    inputs saved as they are) nor tangents. Told apart by aot_autograd's names, as Inductor does. A graph
    without tangents (a forward, an inference graph) owns none."""
    nodes = list(gm.graph.find_nodes(op="placeholder"))
    if not any(n.name.startswith("tangents") for n in nodes):
        return []
    return [k for k, n in enumerate(nodes) if not n.name.startswith(HELD_ELSEWHERE)]


DONATED = "irc_donated"  # a placeholder's meta key, set by mark_donated_inputs


def mark_donated_inputs(gm) -> None:
    """Marks the placeholders of a backward graph that aot_autograd donates (its fw_metadata.bw_donated_idxs:
    saved activations that no forward input, user-visible output or gradient aliases, in a backward that runs
    once; aot_autograd raises if a donated backward is retained), on the graph's device, whose storage no
    other placeholder shares: the call may write over them once it has read them (Inductor's DonatedBuffer).
    Marked on the nodes, so that a later change of the placeholder list keeps them."""
    import torch

    from irc.fx_types import graph_device

    nodes = list(gm.graph.find_nodes(op="placeholder"))
    metadata = getattr(torch._guards.TracingContext.try_get(), "fw_metadata", None)
    indices = getattr(metadata, "bw_donated_idxs", None) or ()
    if not indices or not any(n.name.startswith("tangents") for n in nodes):
        return
    storages = Counter(storage for n in nodes if (storage := _storage(n)) is not None)
    device = graph_device(gm)
    for k in indices:
        value = nodes[k].meta.get("val") if 0 <= k < len(nodes) else None
        if isinstance(value, torch.Tensor) and value.device.type == device and storages[_storage(nodes[k])] == 1:
            nodes[k].meta[DONATED] = True


def _storage(node):
    import torch
    from torch.multiprocessing.reductions import StorageWeakRef

    value = node.meta.get("val")
    return StorageWeakRef(value.untyped_storage()) if isinstance(value, torch.Tensor) else None


def donated_positions(gm) -> list[int]:
    """The placeholders mark_donated_inputs marked."""
    return [k for k, n in enumerate(gm.graph.find_nodes(op="placeholder")) if n.meta.get(DONATED)]


def node_text(gm, node) -> str:
    value = fetch_attr(gm, node.target) if node.op == "get_attr" else node.meta.get("val")
    head = f"{node.op} {node.name} {target_name(node.target)} {node.args!r} {node.kwargs!r}"
    return f"{head} -> {value_text(value, with_number=node.op == 'get_attr')}"


def target_name(target) -> str:
    if isinstance(target, str):
        return target
    from torch.fx.node import _get_qualified_name

    try:
        return _get_qualified_name(target)
    except Exception:  # noqa: BLE001 - an unnamed callable: its repr (an address makes it a miss)
        return repr(target)


def value_text(value, with_number: bool = False) -> str:
    """An example value as the importer sees it; `with_number`: a 0-d tensor's value too (a constant)."""
    import torch

    if isinstance(value, torch.Tensor):
        shape, strides = sizes_text(value.shape), sizes_text(value.stride())
        layout = f"{value.dtype} {value.device} {shape} {strides} +{size_text(value.storage_offset())}"
        return f"T({layout}{' = ' + repr(tensor_number(value)) if with_number and value.dim() == 0 else ''})"
    if isinstance(value, (torch.SymInt, torch.SymFloat, torch.SymBool)):
        from irc.fx_sizes import guarded_expr

        return f"{type(value).__name__}({expr_text(guarded_expr(value))})"
    if isinstance(value, (list, tuple)):
        return "(" + ", ".join(value_text(v, with_number) for v in value) + ")"
    return repr(value)


def sizes_text(sizes) -> str:
    return "(" + ", ".join(size_text(size) for size in sizes) + ("," if len(sizes) == 1 else "") + ")"


def size_text(size) -> str:
    return str(size) if isinstance(size, int) else expr_text(size.node.expr)


# a size expression printing longer than this is written as its distinct subexpressions (expr_text)
LONG_SIZE_TEXT = 2000


def expr_text(expr) -> str:
    """A sympy expression as text, in time linear in its distinct subexpressions: a deep network's sizes are
    graphs (each padded, strided layer's size reads the last one's twice) whose trees print exponentially long
    (tf_efficientnet_b0's key under dynamic shapes printed for minutes)."""
    from irc.dialects.sym import longer_than

    if not longer_than(expr, LONG_SIZE_TEXT):
        return str(expr)
    numbers: dict = {}
    parts: list[str] = []

    def visit(node) -> str:
        if node not in numbers:
            text = f"{type(node).__name__}({','.join(visit(a) for a in node.args)})" if node.args else str(node)
            numbers[node] = f"%{len(parts)}"
            parts.append(text)
        return numbers[node]

    visit(expr)
    return "[" + "; ".join(parts) + "]"


def tensor_number(value):
    from torch.utils._mode_utils import no_dispatch

    with no_dispatch():  # the compiler runs under the fake mode; a constant is real
        return value.item()


def fetch_attr(gm, target: str):
    value = gm
    for part in target.split("."):
        value = getattr(value, part, None)
    return value


def is_argument_constant(value) -> bool:
    """Whether a lifted tensor constant is one more function argument (else a value in the IR: aten.full of
    a 0-d one, aten.empty of an empty one). Constants of dtypes only externs compute on are always arguments."""
    from irc.fx_types import is_kernel_dtype

    return not is_kernel_dtype(value.dtype) or (value.numel() != 0 and value.dim() != 0)


def argument_constants(gm) -> list | None:
    """The tensors the imported function takes after the graph's inputs, in graph order (the importer's
    FxImporter.constants), or None where a get_attr is not a tensor (the importer rejects the graph)."""
    import torch

    values = [fetch_attr(gm, node.target) for node in gm.graph.nodes if node.op == "get_attr"]
    if not all(isinstance(value, torch.Tensor) for value in values):
        return None
    return [value for value in values if is_argument_constant(value)]
