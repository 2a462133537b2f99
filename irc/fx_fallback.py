"""The importer's extern: an FX node irc does not lower becomes `aten.fallback`, run eagerly through PyTorch.

Its arguments are kept as builtin attributes (tensors and SymInts as references to the op's operands), its
results typed from the node's example values (with strides: eager picks an extern's layout).
"""

from __future__ import annotations

from xdsl.dialects.builtin import ArrayAttr, DenseArrayBase, FloatAttr, IntegerAttr, StringAttr, UnitAttr, f64, i1, i64
from xdsl.ir import Attribute, SSAValue

from irc.dialects import aten
from irc.dialects.python_names import overload_error
from irc.fx_types import Importer, UnsupportedGraph, dtype_type, overload_name, value_type


def encode_argument(importer: Importer, arg, operands: list[SSAValue]) -> Attribute:
    """A fallback argument as a builtin attribute; tensors and SymInts become operand references."""
    import torch
    import torch.fx

    if isinstance(arg, torch.fx.Node):
        operands.append(importer.operand(arg))
        return aten.OperandRefAttr(len(operands) - 1)
    if arg is None:
        return UnitAttr()
    if isinstance(arg, bool):
        return IntegerAttr(int(arg), i1)
    if isinstance(arg, int):
        return IntegerAttr(arg, i64)
    if isinstance(arg, float):
        return FloatAttr(arg, f64)
    if isinstance(arg, str):
        return StringAttr(arg)
    if isinstance(arg, torch.dtype):
        return dtype_type(arg)
    if isinstance(arg, (torch.device, torch.layout, torch.memory_format)):
        return StringAttr(f"{type(arg).__name__}:{arg}")
    if isinstance(arg, (list, tuple)):
        return ArrayAttr([encode_argument(importer, a, operands) for a in arg])
    raise UnsupportedGraph(f"cannot encode argument {arg!r}")


def _returns_nothing(target) -> bool:
    return not getattr(getattr(target, "_schema", None), "returns", True)


def fallback(importer: Importer, node) -> SSAValue | tuple[SSAValue, ...]:
    """An aten.fallback running `node.target` eagerly."""
    from irc import metrics  # noqa: F401  (counted at run time from the emitted module)

    named = hasattr(node.target, "_schema")
    error = overload_error(overload_name(node.target)) if named else "not an ATen op"
    if error is not None:  # an op of a library irc does not call (IRC_EXTERN_NAMESPACES adds libraries)
        raise UnsupportedGraph(f"{node.target}: {error}")
    operands: list[SSAValue] = []
    args = [encode_argument(importer, a, operands) for a in node.args]
    kwargs = {k: encode_argument(importer, v, operands) for k, v in node.kwargs.items()}
    value = node.meta.get("val")
    if _returns_nothing(node.target):  # an op run for its effect (aten._linalg_check_errors): no results
        importer.insert(aten.FallbackOp(overload_name(node.target), operands, [], args, kwargs))
        return ()
    values = value if isinstance(value, (list, tuple)) else [value]
    if all(v is None for v in values):
        raise UnsupportedGraph(f"{node.target} returns None")
    try:
        result_types = [value_type(v, with_strides=True) for v in values if v is not None]
    except UnsupportedGraph as exc:  # e.g. nonzero's data-dependent length
        raise UnsupportedGraph(f"{node.target}: {exc}") from None
    op = importer.insert(aten.FallbackOp(overload_name(node.target), operands, result_types, args, kwargs))
    nones = [position for position, v in enumerate(values) if v is None]
    if nones:  # e.g. the grad of an absent bias: the extern's results skip them, the attribute says where
        op.attributes[aten.NONE_RESULTS] = DenseArrayBase.from_list(i64, nones)
    if isinstance(value, (list, tuple)):
        results = iter(op.results)
        return tuple(None if v is None else next(results) for v in values)
    return op.results[0]
