"""scatter_reduce and index_reduce with reduce="prod" (irc/decompositions.py's table): no atomic multiply
exists, so each result element is a product reduction over the values scattered along `dim`, selected by
comparing their index with the element's position (a value whose index differs counts as 1):

    out[..., j, ...] = self[..., j, ...] * prod_i (index[..., i, ...] == j ? src[..., i, ...] : 1)

for every j < self.size(dim) over the positions the index covers (self elsewhere); without include_self an
element no index names keeps self's value and the others take the product alone, as ATen's identity-filled
start. The reduction reads the index and the values once per j: J * I multiplies per row for J positions
and I values along dim, where an atomic scatter would do I; above MAX_WORK compares (or with symbolic
sizes) the op stays an extern. Products are exact for integers (they wrap alike in any order); for floats
ATen multiplies in index order and this tree order differs by rounding only (zeros, signs, infinities and
NaNs come out as ATen's: NaN wherever a NaN or an inf * 0 meets the product).
"""

from __future__ import annotations

import math

MAX_WORK = 2**26  # index compares of one op, past which the extern (an ordered multiply) is cheaper


def _torch():
    import torch

    return torch


def _static(*shapes) -> bool:
    return all(isinstance(n, int) for shape in shapes for n in shape)


def _embed(base, value):
    """base with value (of base's shape, some dims shorter) written at its start."""
    torch = _torch()
    for d, (n, m) in enumerate(zip(base.shape, value.shape)):
        if n != m:
            inner = _embed(base.narrow(d, 0, m), value)
            return torch.slice_scatter(base, inner, d, 0, m)
    return value


def _combine(this, hits, product, include_self: bool):
    """self's element (box of the index) combined with the product of its hits."""
    torch = _torch()
    if include_self:
        return this * product
    return torch.where(hits, product, this)


def _product(index, values, size: int, dtype):
    """Per position j < size (a new dim -2 before the values' last dim): the product of the values whose
    index is j, and whether any is. index broadcasts against values ([..., I])."""
    torch = _torch()
    positions = torch.arange(size, device=values.device).view(size, 1)
    hit = index.unsqueeze(-2) == positions
    one = torch.ones((), dtype=dtype, device=values.device)
    return torch.where(hit, values.unsqueeze(-2), one).prod(-1, dtype=dtype), hit.any(-1)


def _supported(self, reduce: str) -> bool:
    return reduce == "prod" and self.dtype != _torch().bool and not self.is_complex()


def scatter_reduce_prod(self, dim: int, index, src, reduce: str, *, include_self: bool = True):
    """aten::scatter_reduce.two with reduce="prod"."""
    if not _supported(self, reduce) or not _static(self.shape, index.shape, src.shape):
        return NotImplemented
    if self.dim() == 0:
        one = scatter_reduce_prod(self.view(1), 0, index.view(-1), src.view(-1), reduce, include_self=include_self)
        return one if one is NotImplemented else one.view(())
    dim %= self.dim()
    if index.numel() == 0:
        return self.clone()
    if math.prod(index.shape) * self.shape[dim] > MAX_WORK:
        return NotImplemented
    values = src
    for d, n in enumerate(index.shape):
        values = values.narrow(d, 0, n)
    box = list(index.shape)
    box[dim] = self.shape[dim]
    this = self
    for d, n in enumerate(box):
        this = this.narrow(d, 0, n)
    product, hits = _product(index.movedim(dim, -1), values.movedim(dim, -1), self.shape[dim], self.dtype)
    result = _combine(this, hits.movedim(-1, dim), product.movedim(-1, dim), include_self)
    return _embed(self, result)


def index_reduce_prod(self, dim: int, index, source, reduce: str, *, include_self: bool = True):
    """aten::index_reduce with reduce="prod": source's slice i along dim into self's slice index[i]."""
    if not _supported(self, reduce) or not _static(self.shape, index.shape, source.shape):
        return NotImplemented
    if self.dim() == 0:
        one = index_reduce_prod(self.view(1), 0, index.view(-1), source.view(-1), reduce, include_self=include_self)
        return one if one is NotImplemented else one.view(())
    dim %= self.dim()
    if index.numel() == 0:
        return self.clone()
    if math.prod(source.shape) * self.shape[dim] > MAX_WORK:
        return NotImplemented
    product, hits = _product(index.view(-1), source.movedim(dim, -1), self.shape[dim], self.dtype)
    hits = hits.view([1] * (self.dim() - 1) + [self.shape[dim]])
    return _combine(self, hits.movedim(-1, dim), product.movedim(-1, dim), include_self)


def scatter_decompositions(aten) -> dict:
    return {
        aten.scatter_reduce.two: scatter_reduce_prod,
        aten.index_reduce.default: index_reduce_prod,
    }
