"""Decompositions of distance, bilinear and loss ops that ATen computes in kernels of its own (irc/decompositions.py
collects them): each becomes broadcasts, gathers and reductions that irc lowers, with ATen's semantics.

cdist and pdist are vector norms of row differences (for p = 2 ATen may go through a matmul, which rounds
differently but computes the same distance); _trilinear (bilinear's core) is the sum of the product of its three
broadcast operands over the summed dims, in the operands' dtype (integers wrap as ATen's matmuls do; low-precision
floats are summed in float32); multilabel_margin_loss_forward reads only the targets before a row's first
negative entry, as ATen's loop does.
"""

from __future__ import annotations

import threading

LOW_PRECISION = ("float16", "bfloat16")


def vector_norm_last(diff, p: float):
    """ATen's p-norm of the last dim as cdist and pdist compute it (p = 0 counts nonzeros; no elements, 0)."""
    import torch

    if diff.numel() == 0:
        return diff.new_zeros(diff.shape[:-1])
    if p == 0:
        return (diff != 0).sum(-1).to(diff.dtype)
    if p == 1:
        return diff.abs().sum(-1)
    if p == 2:
        return torch.sqrt((diff * diff).sum(-1))
    if p == float("inf"):
        return diff.abs().amax(-1)
    return diff.abs().pow(p).sum(-1).pow(1 / p)


def cdist_forward(x1, x2, p: float, compute_mode=None):
    """aten::_cdist_forward: the p-norm distance of every row of x1 to every row of x2, batch dims broadcast;
    for p = 2 with compute_mode 1, or None / 0 and more than 25 rows, ATen's matmul form (euclidean_dist)."""
    rows = max(x1.shape[-2], x2.shape[-2])
    if p == 2 and (compute_mode == 1 or (compute_mode in (None, 0) and rows > 25)):
        return euclidean_dist(x1, x2)
    return vector_norm_last(x1.unsqueeze(-2) - x2.unsqueeze(-3), p)


def euclidean_dist(x1, x2):
    """aten::_euclidean_dist: sqrt(max(|a|^2 + |b|^2 - 2 a.b, 0)), ATen's matmul form, as one reduction."""
    if x1.numel() == 0 or x2.numel() == 0:
        return vector_norm_last(x1.unsqueeze(-2) - x2.unsqueeze(-3), 2)
    a, b = x1.unsqueeze(-2), x2.unsqueeze(-3)
    dot = (-2 * a * b).sum(-1) + (a * a).sum(-1) + (b * b).sum(-1)  # the terms in ATen's matmul's order
    return dot.clamp_min(0).sqrt()


def pdist_forward(x, p: float = 2.0):
    """aten::_pdist_forward: the p-norm distance of rows i < j of a 2-D x, in row-major order of the pairs."""
    import torch

    n = x.shape[0]
    pairs = torch.triu_indices(n, n, 1, device=x.device)
    return vector_norm_last(x[pairs[0]] - x[pairs[1]], p)


def trilinear(i1, i2, i3, expand1, expand2, expand3, sumdim, unroll_dim=1):
    """aten::_trilinear: i1, i2 and i3 unsqueezed at their expand dims, multiplied and summed over sumdim, in ATen's
    two steps each rounded to the dtype: i1 * i2 summed over the summed dims i3 lacks, then that times i3 summed
    over the others."""
    import torch

    dtype = i1.dtype
    compute = torch.float32 if str(dtype).removeprefix("torch.") in LOW_PRECISION else dtype
    i1, i2, i3 = (unsqueezed(t, e).to(compute) for t, e in ((i1, expand1), (i2, expand2), (i3, expand3)))
    first = [d for d in sumdim if d in expand3 and d != unroll_dim]
    second = [d for d in sumdim if d not in first]
    partial = summed(i1 * i2, first, compute).to(dtype).to(compute)
    result = summed(partial * i3, second, compute).to(dtype)
    return result.squeeze(sorted(sumdim)) if sumdim else result


def unsqueezed(tensor, dims):
    for dim in sorted(dims):
        tensor = tensor.unsqueeze(dim)
    return tensor


def summed(tensor, dims, dtype):
    return tensor.sum(dims, keepdim=True, dtype=dtype) if dims else tensor


def multilabel_margin_loss_forward(input, target, reduction: int):
    """aten::multilabel_margin_loss_forward: for each target j of a row (those before its first negative entry)
    and each class i not a target, max(0, 1 - x[j] + x[i]), summed and divided by the number of classes;
    returns the loss (reduced: 0 none, 1 mean, 2 sum) and the 0/1 mask of target classes."""
    import torch

    shape = input.shape
    x = input.reshape(-1, shape[-1] if input.dim() else 1)
    t = target.reshape(x.shape)
    classes = x.shape[1]
    listed = torch.cumsum((t < 0).to(torch.int32), dim=1) == 0
    label = torch.where(listed, t, 0)
    positions = torch.arange(classes, device=x.device)
    is_target = ((label.unsqueeze(-1) == positions) & listed.unsqueeze(-1)).any(dim=1)
    margin = (1 - torch.gather(x, 1, label).unsqueeze(-1) + x.unsqueeze(1)).clamp_min(0)
    counted = listed.unsqueeze(-1) & ~is_target.unsqueeze(1)
    loss = torch.where(counted, margin, 0).sum(dim=(1, 2)) / classes
    if reduction == 1:
        loss = loss.sum() / max(loss.shape[0], 1)  # as ATen: an empty batch's mean is 0
    elif reduction == 2:
        loss = loss.sum()
    elif input.dim() < 2:
        loss = loss.reshape(())
    return loss.to(input.dtype), is_target.to(input.dtype).reshape(target.shape)


def linear_cross_entropy_chunked(input, linear_weight, target, linear_bias, weight, reduction, ignore_index,
                                 label_smoothing, batch_chunk_size, acc_policy, acc_dtype, *flags):
    """torch_nn::_linear_cross_entropy_batch_chunked (the loss only; it declines where gradients are asked for,
    which the op computes in its forward): cross entropy of input @ linear_weight.T (+ bias) in acc_dtype."""
    if any(flags[1:]):
        return NotImplemented
    loss = chunked_loss(input, linear_weight, target, linear_bias, weight, reduction, ignore_index, acc_dtype)
    no_grad = input.new_empty((0, 0))
    return loss, no_grad, no_grad.to(linear_weight.device), input.new_empty((0,))


def linear_cross_entropy_chunked_none(input, linear_weight, target, linear_bias, weight, ignore_index,
                                      batch_chunk_size, acc_policy, acc_dtype):
    """torch_nn::_linear_cross_entropy_batch_chunked_no_reduction: the per-row loss."""
    return chunked_loss(input, linear_weight, target, linear_bias, weight, "none", ignore_index, acc_dtype)


def chunked_loss(input, linear_weight, target, linear_bias, weight, reduction, ignore_index, acc_dtype):
    import torch

    logits = torch.mm(input.to(acc_dtype), linear_weight.to(acc_dtype).T)
    if linear_bias is not None:
        logits = logits + linear_bias.to(acc_dtype)
    class_weight = None if weight is None else weight.to(acc_dtype)
    loss = torch.nn.functional.cross_entropy(
        logits, target, weight=class_weight, reduction=reduction, ignore_index=ignore_index
    )
    return loss.to(input.dtype)


def convolution_backward_bias_apart(grad_output, input, weight, bias_sizes, stride, padding, dilation,
                                    transposed, output_padding, groups, output_mask):
    """As Inductor: a convolution's bias gradient is a sum of grad_output over all but its channel dim, a
    reduction that fuses with grad_output's producer, and the convolution backward (cuDNN) computes only the
    input and weight gradients (ATen's bias gradient is a reduction kernel of its own per convolution)."""
    import torch

    if not output_mask[2] or (isinstance(input.shape[1], int) and input.shape[1] == 0):
        return NotImplemented
    grad_bias = grad_output.sum([0, *range(2, grad_output.dim())])
    if not (output_mask[0] or output_mask[1]):
        return None, None, grad_bias
    grad_input, grad_weight, _ = torch.ops.aten.convolution_backward.default(
        grad_output, input, weight, bias_sizes, stride, padding, dilation, transposed, output_padding, groups,
        [output_mask[0], output_mask[1], False],
    )
    return grad_input, grad_weight, grad_bias


def weight_norm_interface_backward(grad_w, saved_v, saved_g, saved_norms, dim: int):
    """aten::_weight_norm_interface_backward, as ATen's formula (_weight_norm_differentiable_backward): with s
    the sum of grad_w * v over every dim but `dim`, grad_v = g / norm * (grad_w - v * s / norm^2) and
    grad_g = s / norm; low-precision operands are computed in float32."""
    import torch

    if dim < 0 or dim >= saved_v.dim():
        return NotImplemented
    acc = torch.float32 if str(saved_v.dtype).removeprefix("torch.") in LOW_PRECISION else saved_v.dtype
    grad, v, g, norms = (t.to(acc) for t in (grad_w, saved_v, saved_g, saved_norms))
    sums = (grad * v).sum([d for d in range(v.dim()) if d != dim], keepdim=True)
    grad_v = g / norms * (grad - v * (sums / (norms * norms)))
    return grad_v.to(saved_v.dtype), (sums / norms).to(saved_g.dtype)


_POOLING = threading.local()
# offsets within the window fit int8 up to this many window positions
INT8_WINDOW = 127


def max_pool2d_saving_offsets(x, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    """As Inductor's low-memory max pooling: the indices a training forward saves for the backward are int8
    offsets within each window (ResNet's stem pooling at batch 64: 12.8 MB, not 103 MB of int64 indices), and
    the backward recomputes the indices from them with pointwise ops (aot_autograd's partitioner recomputes
    them rather than saving the int64). Values and indices are max_pool2d_with_indices' own."""
    import torch

    kernel = _pair(kernel_size)
    steps, pads, dilations = _pair(stride or kernel), _pair(padding), _pair(dilation)
    if getattr(_POOLING, "inside", False) or kernel[0] * kernel[1] > INT8_WINDOW or x.dim() not in (3, 4):
        return NotImplemented
    values, indices = _undecomposed(
        _POOLING, torch.ops.aten.max_pool2d_with_indices.default, x, kernel_size, stride, padding, dilation,
        ceil_mode,
    )
    width = x.shape[-1]
    rows, columns = _window_bases(indices, steps, pads)
    row_offset = (torch.div(indices, width, rounding_mode="floor") - rows) // dilations[0]
    column_offset = (torch.remainder(indices, width) - columns) // dilations[1]
    offsets = torch.ops.prims.convert_element_type.default(row_offset * kernel[1] + column_offset, torch.int8)
    wide = torch.ops.prims.convert_element_type.default(offsets, torch.int64)
    recomputed = (rows + torch.div(wide, kernel[1], rounding_mode="floor") * dilations[0]) * width + (
        columns + torch.remainder(wide, kernel[1]) * dilations[1]
    )
    return values, recomputed


def _undecomposed(flag: threading.local, op, *args, **kwargs):
    """`op` called from its own decomposition, which sees `flag.inside` and leaves the call whole."""
    flag.inside = True
    try:
        return op(*args, **kwargs)
    finally:
        flag.inside = False


def _pair(value) -> list:
    values = [value] if isinstance(value, int) else list(value)
    return values * 2 if len(values) == 1 else values


def _window_bases(indices, steps, pads):
    """The input row and column where each output position's window starts, broadcast over the indices."""
    import torch

    out_h, out_w = indices.shape[-2:]
    rows = torch.arange(out_h, device=indices.device).view(out_h, 1) * steps[0] - pads[0]
    columns = torch.arange(out_w, device=indices.device).view(1, out_w) * steps[1] - pads[1]
    return rows, columns


# backward ops that read one input for its sizes, strides and dtype alone (ATen's kernels and irc's
# lowerings): the input's position
SHAPE_ONLY_INPUTS = {
    "max_pool2d_with_indices_backward": 1,
    "max_pool3d_with_indices_backward": 1,
    "avg_pool2d_backward": 1,
    "avg_pool3d_backward": 1,
    "_adaptive_avg_pool2d_backward": 1,
    "_adaptive_avg_pool3d_backward": 1,
    "adaptive_max_pool2d_backward": 1,
    "adaptive_max_pool3d_backward": 1,
}
_STAND_IN = threading.local()


def shape_only_input(op, position: int):
    """A decomposition of `op` that passes an empty tensor laid out as its input `position` in its place: the
    forward's activation is then no input of the backward, which the partitioner would otherwise save
    (an op it cannot fuse reads it) rather than recompute, as Inductor's decomposed pooling backward does not.

        max_pool2d_with_indices_backward(grad, relu, ..., indices)
    ->  max_pool2d_with_indices_backward(grad, empty_strided(relu's sizes, relu's strides), ..., indices)
    """

    def decomposition(*args, **kwargs):
        import torch

        like = args[position] if len(args) > position else None
        if getattr(_STAND_IN, "inside", False) or not isinstance(like, torch.Tensor):
            return NotImplemented
        stand_in = torch.empty_strided(like.shape, like.stride(), dtype=like.dtype, device=like.device)
        return _undecomposed(_STAND_IN, op, *args[:position], stand_in, *args[position + 1:], **kwargs)

    return decomposition


def shape_only_decompositions(aten) -> dict:
    ops = {getattr(aten, name, None): position for name, position in SHAPE_ONLY_INPUTS.items()}
    return {op.default: shape_only_input(op.default, at) for op, at in ops.items() if op is not None}
