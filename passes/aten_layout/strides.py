"""Layout facts both rules of aten-layout read: which ops convert-aten-to-loop writes in the layout their
type declares, declared strides, channels_last."""

from xdsl.ir import Operation

from irc.dialects import aten
from irc.dialects.aten_elementwise import BinaryElementwiseOp, ClampOp, ConvertOp, UnaryElementwiseOp, WhereOp
from irc.dialects.aten_views import CloneOp
from irc.dialects.types import TensorType, contiguous_strides

# ops whose result convert-aten-to-loop writes in the layout their type declares
RELAYABLE = (UnaryElementwiseOp, BinaryElementwiseOp, WhereOp, ClampOp, ConvertOp, CloneOp)
# fallbacks it lowers the same way (cat.py, pool.py); were one left an extern, its result strides are ATen's,
# which lays each out as its input at any size (suggest_memory_format): a window or a pad over the spatial dims,
# a pooling's gradient and channels joined keep the channels innermost
RELAYABLE_FALLBACKS = {
    "aten::constant_pad_nd.default",
    "aten::cat.default",
    "aten::max_pool2d_with_indices.default",
    "aten::avg_pool2d.default",
    "aten::max_pool2d_with_indices_backward.default",
    "aten::avg_pool2d_backward.default",
}


def is_relayable(op: Operation) -> bool:
    if isinstance(op, aten.FallbackOp):
        return op.overload.data in RELAYABLE_FALLBACKS
    return isinstance(op, RELAYABLE)


def channels_last_strides(sizes) -> list[int]:
    n, c, h, w = sizes
    return [h * w * c, 1, w * c, c]


def declared_strides(t: TensorType) -> list:
    strides = t.stride_values()
    return contiguous_strides(t.sizes()) if strides is None else list(strides)


def is_channels_last(sizes, strides) -> bool:
    """channels_last, and not also row-major (as it is where H and W are 1)."""
    row_major = contiguous_strides(sizes)
    wanted = channels_last_strides(sizes)
    dims = [d for d in range(4) if sizes[d] != 1]
    return all(strides[d] == wanted[d] for d in dims) and not all(strides[d] == row_major[d] for d in dims)
