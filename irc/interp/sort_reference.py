"""References for the aten interpreter of ops whose result ATen leaves partly open (the order of equal values in
an unstable sort; which of several equal elements' index a selection returns): the result irc's lowering
computes (convert-aten-to-loop's sort.py and sort_select.py) where it lowers them, rows of at most SORT_MAX;
eager's own beyond, where eager computes them."""

from __future__ import annotations

from collections.abc import Callable

from irc.dialects.loop_kinds import SORT_MAX


def torch():
    import torch as module

    return module


def _lowered(x, dim) -> bool:
    return x.dim() > 0 and x.shape[dim] <= SORT_MAX


def sort(x, dim=-1, descending=False):
    return torch().sort(x, dim=dim, descending=descending, stable=_lowered(x, dim))


def _pick(values, indices, dim, position, keepdim):
    """values and indices at `position` (a tensor of positions, size 1 along dim) of each sorted row."""
    picked = values.gather(dim, position), indices.gather(dim, position)
    return picked if keepdim else tuple(p.squeeze(dim) for p in picked)


def kthvalue(x, k, dim=-1, keepdim=False):
    if not _lowered(x, dim):
        return torch().kthvalue(x, k, dim, keepdim)
    values, indices = torch().sort(x, dim=dim, stable=True)
    position = torch().full_like(values.narrow(dim, 0, 1), k - 1, dtype=torch().int64)
    return _pick(values, indices, dim, position, keepdim)


def median(x, dim, keepdim=False):
    if not _lowered(x, dim):
        return torch().median(x, dim, keepdim)
    values, indices = torch().sort(x, dim=dim, stable=True, descending=True)
    n = x.shape[dim]
    first = values.narrow(dim, 0, 1)
    position = torch().where(first.isnan(), 0, n - 1 - (n - 1) // 2).to(torch().int64)
    return _pick(values, indices, dim, position, keepdim)


def nanmedian(x, dim, keepdim=False):
    if not _lowered(x, dim):
        return torch().nanmedian(x, dim, keepdim)
    values, indices = torch().sort(x, dim=dim, stable=True)
    numbers = (~x.isnan()).sum(dim, keepdim=True)
    position = ((numbers - 1).div(2, rounding_mode="floor")).clamp(min=0)
    return _pick(values, indices, dim, position, keepdim)


def topk(x, k, dim=-1, largest=True, sorted=True):
    if not _lowered(x, dim) or not sorted:
        return torch().topk(x, k, dim, largest, sorted)
    values, indices = torch().sort(x, dim=dim, stable=True, descending=largest)
    return values.narrow(dim, 0, k), indices.narrow(dim, 0, k)


# overload -> the reference giving irc's result
OPEN_RESULTS: dict[str, Callable] = {
    "aten::sort.default": sort,
    "aten::kthvalue.default": kthvalue,
    "aten::median.dim": median,
    "aten::nanmedian.dim": nanmedian,
    "aten::topk.default": topk,
}
