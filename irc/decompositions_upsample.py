"""_upsample_bilinear2d_aa (irc/decompositions.py's table) as ATen's CPU kernel
computes them (aten/src/ATen/native/cpu/UpSampleKernel.cpp, separable_upsample_generic_Nd_kernel_impl):
separable, the width first, then the height, a dim whose size stays skipped. Along one dim each output
position i reads `size[i]` inputs from `start[i]` with normalized filter weights:

    center = scale * (i + 0.5)                     support = scale >= 1 ? scale : 1
    start  = max(int(center - support + 0.5), 0)   size = min(int(center + support + 0.5), n_in) - start
    w[j]   = max(0, 1 - |(j + start - center + 0.5) * invscale|) / sum of the w      (invscale = 1 / support)

as a gather of K = ceil(support) * 2 + 1 shifted inputs and their weights (a weight past size[i] reads
nothing), summed in order. The weights are computed in the graph from an arange, each float operation
in float64 and rounded to float32 where ATen's (float) code rounds, so they are ATen's to the bit; the
sums are float32's (they may differ from ATen's compiled loop by its FMA contraction, an ulp).
float32 and float64 (computed in float64). uint8 is ATen's fixed-point form (PIL's): the weights in float64,
scaled to integers at the largest precision p (< 22 bits) at which the largest weight fits 15 bits, each
pass `clamp((sum w * x + 2**(p - 1)) >> p, 0, 255)` in int32, exact. _upsample_bicubic2d_aa, which
OpInfo does not sample, stays an extern (its filter's products may be contracted in ATen).
"""

from __future__ import annotations

import math

def _torch():
    import torch

    return torch


def _f32(value):
    """A float64 tensor rounded to float32, kept as float64."""
    torch = _torch()
    return value.to(torch.float32).to(torch.float64)


def _scale(n_in: int, n_out: int, align_corners: bool, scale, real):
    """area_pixel_compute_scale<real>."""
    if align_corners:
        return real(n_in - 1) / real(n_out - 1) if n_out > 1 else real(0)
    if scale is not None and scale > 0:
        return real(1.0 / scale)
    return real(n_in) / real(n_out)


def _triangle(x, rnd):
    """HelperInterpLinear::aa_filter: 1 - |x| inside (-1, 1)."""
    x = x.abs()
    return _torch().where(x < 1.0, rnd(1.0 - x), 0.0)


def axis_weights(n_in: int, n_out: int, align_corners: bool, scale, double: bool, device):
    """(start, size [n_out] int64, weights [n_out, K] float64 values of the compute type), K the window."""
    import numpy as np

    torch = _torch()
    real = np.float64 if double else np.float32
    rnd = (lambda v: v) if double else _f32
    s = _scale(n_in, n_out, align_corners, scale, real)
    support = real(float(s)) if s >= 1.0 else real(1.0)
    invscale = float(real(1.0 / float(s))) if s >= 1.0 else 1.0
    window = int(math.ceil(support)) * 2 + 1
    i = torch.arange(n_out, dtype=torch.float64, device=device)
    center = rnd(float(s) * (i + 0.5))
    start = torch.clamp((rnd(center - float(support)) + 0.5).to(torch.int64), min=0)
    end = torch.clamp((rnd(center + float(support)) + 0.5).to(torch.int64), max=n_in)
    size = torch.clamp(end - start, 0, window)
    j = torch.arange(window, dtype=torch.int64, device=device)
    offset = rnd((start.unsqueeze(1) + j).to(torch.float64) - center.unsqueeze(1))
    w = torch.where(j < size.unsqueeze(1), _triangle(rnd((offset + 0.5) * invscale), rnd), 0.0)
    total = w[:, 0]
    for k in range(1, window):
        total = rnd(total + w[:, k])
    w = torch.where(total.unsqueeze(1) != 0, rnd(w / total.unsqueeze(1)), w)
    return start, size, w


def resample(x, dim: int, n_out: int, align_corners: bool, scale):
    """x resampled along dim to n_out positions (one pass of the separable kernel)."""
    torch = _torch()
    n_in = x.shape[dim]
    start, size, w = axis_weights(n_in, n_out, align_corners, scale, x.dtype == torch.float64, x.device)
    w = w.to(x.dtype)
    shape = [1] * x.dim()
    shape[dim] = n_out
    total = None
    for k in range(w.shape[1]):
        taken = torch.clamp(start + k, max=n_in - 1)
        term = torch.index_select(x, dim, taken) * w[:, k].view(shape)
        term = torch.where((size > k).view(shape), term, 0.0) if k > 0 else term
        total = term if total is None else total + term
    return total


def fixed_point_precision(n_in: int, n_out: int, align_corners: bool, scale) -> int:
    """_compute_index_ranges_int16_weights's precision: the most bits (< 22) at which the largest weight
    (axis_weights's in float64, recomputed here at trace time) still fits 15 bits."""
    s = _scale(n_in, n_out, align_corners, scale, float)
    support = s if s >= 1.0 else 1.0
    invscale, window = (1.0 / s if s >= 1.0 else 1.0), int(math.ceil(support)) * 2 + 1
    largest = 0.0
    for i in range(n_out):
        center = s * (i + 0.5)
        start = max(int(center - support + 0.5), 0)
        size = min(max(min(int(center + support + 0.5), n_in) - start, 0), window)
        w = [max(0.0, 1.0 - abs((j + start - center + 0.5) * invscale)) for j in range(size)]
        total = 0.0
        for v in w:
            total += v
        if total != 0.0:
            largest = max([largest, *(v / total for v in w)])
    return next((p for p in range(22) if int(0.5 + largest * (1 << (p + 1))) >= 1 << 15), 22)


def resample_uint8(x, dim: int, n_out: int, align_corners: bool, scale):
    """One fixed-point pass over uint8 values."""
    torch = _torch()
    n_in = x.shape[dim]
    precision = fixed_point_precision(n_in, n_out, align_corners, scale)
    start, size, w = axis_weights(n_in, n_out, align_corners, scale, True, x.device)
    w = w * float(1 << precision)
    w = torch.where(w < 0, w - 0.5, w + 0.5).to(torch.int32)  # rounded half away from zero, as ATen
    shape = [1] * x.dim()
    shape[dim] = n_out
    total = torch.full((), 1 << (precision - 1), dtype=torch.int32, device=x.device)
    for k in range(w.shape[1]):
        taken = torch.clamp(start + k, max=n_in - 1)
        term = torch.index_select(x, dim, taken).to(torch.int32) * w[:, k].view(shape)
        total = total + torch.where((size > k).view(shape), term, 0)
    return torch.clamp(total >> precision, 0, 255).to(torch.uint8)


def upsample_bilinear2d_aa(x, output_size, align_corners: bool, scales_h=None, scales_w=None):
    """aten::_upsample_bilinear2d_aa: the width resampled, then the height."""
    torch = _torch()
    if x.dtype not in (torch.float32, torch.float64, torch.uint8) or x.dim() != 4:
        return NotImplemented
    if not all(isinstance(n, int) for n in (*x.shape, *output_size)) or x.numel() == 0:
        return NotImplemented
    if output_size[1] == 1 and output_size[0] != x.shape[2]:
        return NotImplemented  # ATen's height pass over a width of 1 reads the first row for every row
    out = x
    for dim, n, scale in ((3, output_size[1], scales_w), (2, output_size[0], scales_h)):
        if n != x.shape[dim]:
            out = (resample_uint8 if x.dtype == torch.uint8 else resample)(out, dim, n, align_corners, scale)
    return out.clone() if out is x else out


def upsample_decompositions(aten) -> dict:
    return {aten._upsample_bilinear2d_aa.default: upsample_bilinear2d_aa}
