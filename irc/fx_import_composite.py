"""Import rows that build an ATen op from other aten ops, or take it only for some arguments (COMPOSITE_ROWS,
part of fx_import_table's TABLE). Each row returns None where its op must run eagerly instead.

    polygamma(n, x)     digamma(x) for n = 0, trigamma(x) for n = 1
    ldexp(x, e)         x * pow(2.0, e), as ATen composes it
    frexp(x)            its two results as two unary ops (one kernel reads x once for both)
    copy(self, src)     src broadcast to self's sizes, in self's dtype (functionalized in-place copies)
    empty_permuted      an empty tensor: irc lays out its values itself
"""

from __future__ import annotations

from collections.abc import Callable

from irc.dialects import aten
from irc.dialects.types import TensorType
from irc.fx_types import Importer, dtype_type, result_type, size_dim, value_type

Builder = Callable[[Importer, object, dict], object]


def polygamma(importer, node, args):
    name = {0: "digamma", 1: "trigamma"}.get(args["n"])
    if name is None:
        return None
    return importer.insert(aten.UNARY_OPS[name].op(importer.operand(args["self"]), result_type(node))).result


def frexp(importer, node, args):
    x = importer.operand(args["self"])
    ops = (aten.UNARY_OPS[name].op(x, value_type(value)) for name, value in zip(FREXP, node.meta["val"]))
    return tuple(importer.insert(op).result for op in ops)


FREXP = ("frexp_mantissa", "frexp_exponent")


def ldexp(importer, node, args):
    import torch

    exponent = node.args[1].meta.get("val") if hasattr(node.args[1], "meta") else None
    if not isinstance(exponent, torch.Tensor):
        return None
    power_dtype = torch.result_type(2.0, exponent)
    power_type = TensorType([size_dim(s) for s in exponent.shape], dtype_type(power_dtype))
    pow_op, mul_op = aten.BINARY_OPS["pow"].op, aten.BINARY_OPS["mul"].op
    power = importer.insert(pow_op(importer.constant(2.0), importer.operand(args["other"]), power_type)).result
    return importer.insert(mul_op(importer.operand(args["self"]), power, result_type(node))).result


def copy(importer, node, args):
    import torch

    source, value = node.args[1].meta.get("val"), node.meta["val"]
    if not isinstance(source, torch.Tensor) or source.device != value.device:
        return None
    args.get("non_blocking")
    args["self"]  # only its sizes and dtype matter: they are the result's
    result = importer.operand(args["src"])
    if list(source.shape) != list(value.shape):
        expanded = TensorType([size_dim(s) for s in value.shape], dtype_type(source.dtype))
        result = importer.insert(aten.ExpandOp(result, expanded)).result
    if source.dtype != value.dtype:
        result = importer.insert(aten.ConvertOp(result, result_type(node))).result
    return result


def empty(importer, node, args):
    args.get("device")
    args.get("self")  # new_empty_strided's: the result's dtype and device say what it means
    if not importer.on_graph_device(node.meta["val"]):
        return None
    return importer.insert(aten.EmptyOp(result_type(node))).result


empty.carried = frozenset({"physical_layout", "stride"})  # layouts only: irc lays out its values itself

COMPOSITE_ROWS: dict[str, Builder] = {
    "polygamma": polygamma,
    "ldexp": ldexp,
    "frexp": frexp,
    "copy": copy,
    "empty_permuted": empty,
    "new_empty_strided": empty,
}
