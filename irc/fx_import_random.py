"""The importer's random ops: rand, randn and randint (what irc/decompositions_random.py leaves of PyTorch's
random ops) become `aten.random`, each reading its own seed of one seeds tensor per graph call.

The seeds tensor is an extern, `aten::randint.low` over all int64 values drawn from torch's default generator
on the graph's device (as Inductor's RandomSeeds), made before the graph's first random op, with one seed per
random op of the graph (as Inductor's lookup_seed): torch.manual_seed makes a compiled graph's random numbers
reproducible, and two calls draw different ones. A call with a generator of its own, on another device or of
a dtype irc does not compute stays an extern, as every one does under config.fallback_random
(IRC_FALLBACK_RANDOM=1).
"""

from __future__ import annotations

import functools

from xdsl.dialects.builtin import UnitAttr
from xdsl.ir import SSAValue

from irc.dialects import aten
from irc.dialects.random_kinds import INT64_MAX, INT64_MIN, SEEDS_ATTR
from irc.fx_fallback import fallback
from irc.fx_types import is_kernel_dtype, tensor_type


@functools.cache
def random_ops() -> dict:
    """The ATen random ops the importer lowers, and their kinds (dialects/random_kinds.py)."""
    import torch

    ops = torch.ops.aten
    return {
        ops.rand.default: "rand",
        ops.rand.generator: "rand",
        ops.randn.default: "randn",
        ops.randn.generator: "randn",
        ops.randint.low: "randint",
    }


@functools.cache
def random_importers() -> dict:
    return dict.fromkeys(random_ops(), import_random)


def import_random(importer, node) -> SSAValue:
    kind = random_ops()[node.target]
    if not lowerable(importer, node, kind):
        return fallback(importer, node)
    low, high = node.args[:2] if kind == "randint" else (None, None)
    seeds, index = next_seed(importer)
    result = tensor_type(node.meta["val"], with_strides=False)
    return importer.insert(aten.RandomOp(kind, seeds, index, result, low, high)).result


def lowerable(importer, node, kind: str) -> bool:
    import torch

    from irc import config

    if config.fallback_random:
        return False
    value = node.meta.get("val")
    if not isinstance(value, torch.Tensor) or value.device.type != importer.device:
        return False
    if _generator(node) is not None or node.kwargs.get("pin_memory"):
        return False
    if not is_kernel_dtype(value.dtype) or value.dtype == torch.bool:
        return False
    if kind == "randint":
        low, high = node.args[:2]
        return type(low) is int and type(high) is int and low < high
    return value.dtype.is_floating_point


def _generator(node):
    if "generator" in node.kwargs:
        return node.kwargs["generator"]
    schema = getattr(node.target, "_schema", None)
    names = [a.name for a in schema.arguments] if schema is not None else []
    return node.args[names.index("generator")] if "generator" in names[: len(node.args)] else None


def next_seed(importer) -> tuple[SSAValue, int]:
    """The graph's seeds tensor (made at its first random op, a seed per random op), the next seed's index."""
    if not importer.random_seeds:
        count = sum(1 for node in importer.gm.graph.nodes if _is_lowered_random(importer, node))
        importer.random_seeds[:] = [_seeds(importer, count), 0]
    seeds, index = importer.random_seeds
    importer.random_seeds[1] = index + 1
    return seeds, index


def _is_lowered_random(importer, node) -> bool:
    kind = random_ops().get(node.target) if node.op == "call_function" else None
    return kind is not None and lowerable(importer, node, kind)


def _seeds(importer, count: int) -> SSAValue:
    import torch

    device = torch.device(importer.device)
    value = torch.empty(count, dtype=torch.int64, device="meta")
    call = _SeedsCall(torch.ops.aten.randint.low, (INT64_MIN, INT64_MAX, [count]),
                      {"dtype": torch.int64, "device": device}, value)
    seeds = fallback(importer, call)
    seeds.owner.attributes[SEEDS_ATTR] = UnitAttr()
    return seeds


class _SeedsCall:
    """The FX node of the seeds extern (what `fallback` reads of a node)."""

    def __init__(self, target, args: tuple, kwargs: dict, value):
        self.target, self.args, self.kwargs, self.meta = target, args, kwargs, {"val": value}
