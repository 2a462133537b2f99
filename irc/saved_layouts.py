"""The layouts of the activations a training forward saves for its backward, as Inductor chooses them.

aot_autograd splits a training graph into a forward, whose results after the user's outputs (and the inputs it
mutates) are the activations the backward reads, and a backward. Those activations' layouts are the compiler's
choice (aten-layout makes a convolution network's channels_last): the forward marks them aten.SAVED_RESULT,
reports the strides its module chose (OUTPUT_STRIDES) to aot_autograd (TracingContext.report_output_strides,
as Inductor's compile_fx does), and aot_autograd hands the backward compiler example inputs with those
strides, which the backward's placeholders then take.
"""

from __future__ import annotations

from collections.abc import Callable


def saved_positions(gm, user_outputs: int | None) -> frozenset[int]:
    """The forward's results after its user-visible ones (Inductor's user_visible_output_idxs)."""
    import torch

    if user_outputs is None:
        return frozenset()
    context = torch._guards.TracingContext.try_get()
    if context is None or context.fw_metadata is None:
        return frozenset()
    start = context.fw_metadata.num_mutated_inp_runtime_indices
    outputs = graph_outputs(gm)
    return frozenset(
        k for k, node in enumerate(outputs)
        if not start <= k < start + user_outputs and isinstance(tensor_value(node), torch.Tensor)
    )  # fmt: skip


def graph_outputs(gm) -> list:
    return list(next(iter(gm.graph.find_nodes(op="output"))).args[0])


def tensor_value(node):
    return node.meta.get("val") if hasattr(node, "meta") else None


def report_output_strides(module, gm, saved: frozenset[int]) -> None:
    """Tells aot_autograd the strides of the forward's results (where it asks: report_output_strides). Where
    the module's results do not match the graph's outputs one to one nothing is reported (the traced strides
    hold), or, when the forward chose saved activations' layouts, that is an error (a graph fallback), never a
    misplaced stride."""
    import torch

    context = torch._guards.TracingContext.try_get()
    if context is None or context.output_strides is None:
        return
    strides = getattr(module, "OUTPUT_STRIDES", [])
    outputs = graph_outputs(gm)
    if len(strides) != len(outputs):
        if not saved:
            return
        raise RuntimeError(f"irc: the module has {len(strides)} results, the graph {len(outputs)} outputs")
    for node, chosen in zip(outputs, strides):
        traced = tensor_value(node)
        if isinstance(traced, torch.Tensor) and chosen is not None and len(chosen) == traced.dim():
            context.output_strides.append(tuple(chosen))
        else:
            context.output_strides.append(None)


def adopt_input_strides(gm, example_inputs) -> dict[int, tuple]:
    """Placeholders take the strides of their example inputs where aot_autograd laid those out as the forward
    reported; returns the traced strides of the ones that changed, by input position."""
    import torch

    changed = {}
    for k, (node, example) in enumerate(zip(gm.graph.find_nodes(op="placeholder"), example_inputs)):
        traced = tensor_value(node)
        if not (isinstance(traced, torch.Tensor) and isinstance(example, torch.Tensor)):
            continue
        if traced.shape == example.shape and traced.stride() != example.stride():
            changed[k] = tuple(traced.stride())
            node.meta["val"] = traced.as_strided(traced.shape, example.stride(), traced.storage_offset())
    return changed


def with_traced_strides(run: Callable, changed: dict[int, tuple]) -> Callable:
    """`run` (a boxed graph run eagerly) given its changed inputs copied back into their traced strides: the
    traced graph may view them in ways only those strides allow."""
    import torch

    if not changed:
        return run

    def restrided(args):
        for k, stride in changed.items():
            x = args[k]
            args[k] = torch.empty_strided(x.shape, stride, dtype=x.dtype, device=x.device).copy_(x)
        return run(args)

    restrided._boxed_call = True
    return restrided
