"""ATen CPU kernels that go wrong on layouts irc chooses, and the calls that avoid them.

oneDNN's weight gradient of a 1x1 convolution with a stride above 1 writes past its buffers for some
channels_last shapes on CPU (torch 2.13: batch 3, 8 channels, 16 x 16 -> 8 x 8 aborts with "free(): invalid
next size" or a later "double free or corruption"); eager's NCHW tensors never take that path. Interpreted
(CPU) modules and irc's interpreters call such an overload through `interpreted_overload`, which gives the
kernel NCHW operands instead; the wrapper's extern layout checks take the results in whatever layout comes.

    interpreted_overload("aten::mm.default")                   -> torch.ops.aten.mm.default
    interpreted_overload("aten::convolution_backward.default") -> a function that calls it safely
"""

from irc.dialects.python_names import resolve_overload


def interpreted_overload(text: str):
    """resolve_overload(text), or a safe caller of it where CPU_WORKAROUNDS has one."""
    op = resolve_overload(text)
    workaround = CPU_WORKAROUNDS.get(str(op))
    return op if workaround is None else workaround(op)


def _strided_pointwise_convolution_backward(op):
    def call(grad_output, input, weight, *args, **kwargs):
        stride = args[1] if len(args) > 1 else kwargs.get("stride", ())
        transposed = args[4] if len(args) > 4 else kwargs.get("transposed", False)
        pointwise = all(size == 1 for size in weight.shape[2:])
        if grad_output.device.type == "cpu" and pointwise and not transposed and any(s > 1 for s in stride):
            grad_output, input = grad_output.contiguous(), input.contiguous()
        return op(grad_output, input, weight, *args, **kwargs)

    return call


CPU_WORKAROUNDS = {"aten.convolution_backward.default": _strided_pointwise_convolution_backward}
