"""Running `kernel.extern` calls for the numpy evaluator, through torch.ops (torch is imported lazily)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, FloatAttr, IntegerAttr, StringAttr, UnitAttr
from xdsl.ir import Attribute, TypeAttribute

from irc.dialects import kernel
from irc.dialects.aten import NONE_RESULTS
from irc.dialects.kernel_analysis.collectives import COLLECTIVE_WRITES_OPERANDS, WAIT_OVERLOADS
from irc.dialects.python_names import decode_object, resolve_overload
from irc.dialects.types import BufferType, attr_number, element_type_name, storage_type_name
from irc.interp.loop_numpy import Buffer, convert

TORCH_DTYPES = {
    "f16": "float16", "bf16": "bfloat16", "f32": "float32", "f64": "float64", "i1": "bool",
    "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64", "ui8": "uint8",
    "c32": "complex32", "c64": "complex64", "c128": "complex128", "ui16": "uint16", "ui32": "uint32", "ui64": "uint64",
}  # fmt: skip


def torch_dtype(t: Attribute):
    import torch

    return getattr(torch, TORCH_DTYPES[storage_type_name(t)])


def to_torch(value: object, symbols: dict[str, int]):
    """A Buffer as a strided torch tensor over (a copy of) its storage; scalars as Python numbers."""
    import torch

    if not isinstance(value, Buffer):
        return np.asarray(value).item()
    sizes, strides, offset = value.layout(symbols)
    storage = torch.from_numpy(value.storage.copy()).to(torch_dtype(value.type.element_type))
    return torch.as_strided(storage, sizes, strides, offset)


# fx_import encodes torch.device / layout / memory_format arguments as "<kind>:<value>" strings; the value is
# one of dialects/python_names.py's table (decode_object)
ENCODED_OBJECTS = {
    "device": lambda torch, text: torch.device("cpu"),  # the reference interpreters run on the CPU
    "layout": lambda torch, text: getattr(torch, text.removeprefix("torch.")),
    "memory_format": lambda torch, text: getattr(torch, text.removeprefix("torch.")),
}


def string_argument(text: str):
    import torch

    decoded = decode_object(text)
    return text if decoded is None else ENCODED_OBJECTS[decoded[0]](torch, decoded[1])


def argument(attr: Attribute, operands: Sequence[object]):
    """A builtin attribute of an extern's (or aten.fallback's) args/kwargs as the value torch.ops expects."""
    from irc.dialects.aten import OperandRefAttr as AtenOperandRef

    if isinstance(attr, kernel.OperandRefAttr | AtenOperandRef):
        return operands[attr.index.data]
    if isinstance(attr, IntegerAttr):
        return attr_number(attr)
    if isinstance(attr, FloatAttr):
        return attr.value.data
    if isinstance(attr, StringAttr):
        return string_argument(attr.data)
    if isinstance(attr, UnitAttr):
        return None
    if isinstance(attr, ArrayAttr):
        return [argument(a, operands) for a in attr.data]
    if isinstance(attr, DictionaryAttr):
        return {key: argument(a, operands) for key, a in attr.data.items()}
    if isinstance(attr, TypeAttribute):
        return torch_dtype(attr)
    raise NotImplementedError(f"extern argument {attr}")


def torch_op(overload: str):
    """torch.ops.ns.name.overload for `ns::name.overload`: only a real OpOverload of an allowed namespace."""
    return resolve_overload(overload)


def torch_callable(overload: str):
    """What calls `ns::name.overload`: torch_op, or a caller around an ATen CPU kernel that goes wrong on
    irc's layouts (irc/runtime/cpu_externs.py)."""
    from irc.runtime.cpu_externs import interpreted_overload

    return interpreted_overload(overload)


def write_back(buffer: Buffer, tensor, symbols: dict[str, int]) -> None:
    """Stores a torch tensor's values into a Buffer's storage (an out= argument written by the call)."""
    import torch

    values = tensor.detach().to(torch.float32 if tensor.dtype == torch.bfloat16 else tensor.dtype).numpy()
    buffer.storage[buffer.positions(symbols)] = convert(values, buffer.type.element_type)


def without_none_results(op, outputs: list) -> list:
    """The outputs that are values: those at the positions `irc.none_results` lists (None, e.g. the gradient of
    an input that needs none) have no result in the IR."""
    attr = op.attributes.get(NONE_RESULTS)
    nones = set(attr.get_values()) if attr is not None else set()
    return [output for position, output in enumerate(outputs) if position not in nones]


def finished(overload: str, outputs):
    """The outputs of an op, a collective's waited for: the interpreters run collectives synchronously, so
    their waits are identities."""
    if overload in COLLECTIVE_WRITES_OPERANDS:
        import torch

        for output in outputs if isinstance(outputs, tuple | list) else [outputs]:
            torch.ops._c10d_functional.wait_tensor(output)
    return outputs


def run_extern(op: kernel.ExternOp, values: Sequence[object], symbols: dict[str, int]) -> list[object]:
    """Calls the op's overload (`ns::name.overload`) on the operands; Buffers out of the result types.

    `outs` operands are buffers the call writes (out= variants): their new contents are stored back.
    """
    import torch

    if op.overload.data in WAIT_OVERLOADS:  # the interpreter's collectives are done when they return
        return [values[0]]
    target = torch_callable(op.overload.data)
    operands = [to_torch(v, symbols) for v in values]
    outputs = target(*argument(op.args, operands), **argument(op.kwargs, operands))
    outputs = finished(op.overload.data, outputs)
    for position in range(len(op.ins), len(op.operands)):
        write_back(values[position], operands[position], symbols)
    outputs = without_none_results(op, list(outputs) if isinstance(outputs, tuple | list) else [outputs])
    results: list[object] = []
    for output, t in zip(outputs, op.result_types):
        if isinstance(t, BufferType):
            array = output.detach().to(
                torch.float32 if element_type_name(t.element_type) == "bf16" else output.dtype
            )
            results.append(Buffer.of_array(array.numpy(), t, symbols))
        else:
            results.append(np.asarray(output))
    return results
