"""What the FX importer and its op table share: irc types of torch values and the protocol of the importer."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from xdsl.dialects.builtin import f64, i1, i64
from xdsl.ir import Attribute, Block, Operation, SSAValue

from irc.dialects.types import TensorType, element_type, is_dense_permutation, storage_type

TORCH_DTYPES = {
    "float16": "f16",
    "bfloat16": "bf16",
    "float32": "f32",
    "float64": "f64",
    "bool": "i1",
    "int8": "i8",
    "int16": "i16",
    "int32": "i32",
    "int64": "i64",
    "uint8": "ui8",
}


# dtypes of values only externs compute on (dialects/types.py, EXTERN_ELEMENT_TYPES): ops that read or
# write them are always imported as aten.fallback
EXTERN_DTYPES = {
    "complex32": "c32",
    "complex64": "c64",
    "complex128": "c128",
    "uint16": "ui16",
    "uint32": "ui32",
    "uint64": "ui64",
}


# ops whose result irc computes in an extern-only dtype: the kernel writes bits of a kernel type and the
# result reinterprets them (hash_tensor's xor of i64 bits, seen as uint64)
KERNEL_RESULT_DTYPES = {"hash_tensor": "uint64"}


class UnsupportedGraph(Exception):
    """The graph uses something irc cannot represent (e.g. complex dtypes); the caller runs it eagerly."""


def dtype_type(dtype) -> Attribute:
    name = str(dtype).removeprefix("torch.")
    if name in EXTERN_DTYPES:
        return storage_type(EXTERN_DTYPES[name])
    if name not in TORCH_DTYPES:
        raise UnsupportedGraph(f"dtype {dtype} is not supported")
    return element_type(TORCH_DTYPES[name])


def is_kernel_dtype(dtype) -> bool:
    """Whether irc's kernels compute on `dtype` (else only externs do, or irc has no type for it)."""
    return str(dtype).removeprefix("torch.") in TORCH_DTYPES


def size_dim(size):
    """An int for a static size, else the SymInt's expression in irc's index functions, its long parts named
    (fx_sizes.py)."""
    import torch

    if isinstance(size, torch.SymInt):
        from irc.fx_sizes import expanded_polynomial, guarded_expr, named_long_parts, settled_size

        expr = guarded_expr(size)
        if expr.is_number:
            return int(expr)
        shape_env = size.node.shape_env
        return named_long_parts(expanded_polynomial(settled_size(size_expr(expr), shape_env)), shape_env)
    return int(size)


def size_expr(expr):
    """torch's sympy expression of a size in irc's index functions (fx_sizes.py); UnsupportedGraph if none."""
    from irc.fx_sizes import UnsupportedSize, irc_size

    try:
        return irc_size(expr)
    except UnsupportedSize as exc:
        raise UnsupportedGraph(str(exc)) from None


def tensor_type(value, with_strides: bool) -> TensorType:
    sizes = [size_dim(s) for s in value.shape]
    strides = traced_strides(value, sizes) if with_strides else None
    return TensorType(sizes, dtype_type(value.dtype), strides)


def traced_strides(value, sizes: list) -> list:
    """The value's strides in irc's index functions. TensorIterator lays a result out over max(1, size) of
    each dim, so a channels_last result of symbolic sizes has strides such as `12*Max(1, s0 - 2)`: each
    `Max(1, size)` of one of its own sizes is that size (the two differ only for an empty tensor)."""
    strides = [size_dim(s) for s in value.stride()]
    if all(isinstance(s, int) for s in strides):
        return strides
    import sympy

    from irc.dialects.sym import as_expr
    from irc.dialects.sym_functions import Max
    from irc.fx_sizes import expanded_polynomial

    own = [sympy.expand(as_expr(size)) for size in sizes if not isinstance(size, int)]

    def of_own_size(part) -> bool:
        if not isinstance(part, Max) or len(part.args) != 2 or sympy.Integer(1) not in part.args:
            return False
        other = sympy.expand(next(a for a in part.args if a != 1))
        return any(sympy.expand(other - size) == 0 for size in own)

    def without_ones(stride):
        if isinstance(stride, int):
            return stride
        expr = as_expr(stride).replace(of_own_size, lambda m: next(a for a in m.args if a != 1))
        return stride if expr == stride else expanded_polynomial(expr)

    return [without_ones(s) for s in strides]


def value_type(value, with_strides: bool = False) -> Attribute:
    import torch

    if isinstance(value, torch.Tensor):
        return tensor_type(value, with_strides)
    if isinstance(value, (bool, torch.SymBool)):
        return i1
    if isinstance(value, (int, torch.SymInt)):
        return i64
    if isinstance(value, (float, torch.SymFloat)):
        return f64
    raise UnsupportedGraph(f"value {value!r} has no irc type")


def scalar_type_of(dtype) -> Attribute:
    """The scalar type a Python number of a tensor's dtype has: f64 for floats, i1 for bool, else i64."""
    return f64 if dtype.is_floating_point else i1 if str(dtype) == "torch.bool" else i64


def op_name(target) -> tuple[str, str]:
    """('add', 'Tensor') for torch.ops.aten.add.Tensor."""
    return target.overloadpacket.__name__, target._overloadname


def graph_device(gm) -> str:
    """An FX graph's device type: that of its first tensor input other than a 0-d CPU tensor; in a graph
    without one, that of the first tensor it makes (torch.ones(3, device="cuda")); cpu if none. The importer
    computes there and the compiled module launches there, whatever its call's arguments are."""
    return input_device(gm) or _made_device(gm) or "cpu"


def input_device(gm) -> str | None:
    for node in gm.graph.find_nodes(op="placeholder"):
        value = node.meta.get("val")
        if _is_tensor(value) and not is_cpu_scalar(value):
            return value.device.type
    return None


def _made_device(gm) -> str | None:
    for node in gm.graph.nodes:
        value = node.meta.get("val")
        if node.op == "call_function" and _is_tensor(value):
            return value.device.type
    return None


def is_cpu_scalar(value) -> bool:
    """A 0-d CPU tensor: a scalar next to tensors of any device (as in eager), not what decides a device."""
    return _is_tensor(value) and value.dim() == 0 and value.device.type == "cpu"


def _is_tensor(value) -> bool:
    import torch

    return isinstance(value, torch.Tensor)


def result_type(node) -> Attribute:
    """The node's type; a tensor's strides only where eager gave it a dense layout other than row-major
    (channels_last, a permutation), which convert-aten-to-loop then writes it in."""
    value = node.meta["val"]
    return value_type(value, with_strides=is_permuted_dense(value))


def is_permuted_dense(value) -> bool:
    """A tensor dense and non-overlapping but not contiguous (channels_last, a transpose), of static or
    symbolic sizes (a channels_last activation of any size)."""
    import torch

    if not isinstance(value, torch.Tensor) or value.dim() < 2:
        return False
    dims = [*value.shape, *value.stride()]
    if all(isinstance(d, int) for d in dims):
        return is_dense_permutation(value.shape, value.stride()) and not value.is_contiguous()
    return _symbolic_permuted_dense(value)


def _symbolic_permuted_dense(value) -> bool:
    import sympy

    from irc.dialects.sym import as_expr
    from irc.dialects.types import contiguous_strides

    sizes = [size_dim(d) for d in value.shape]
    strides = traced_strides(value, sizes)
    if not is_dense_permutation(sizes, strides):
        return False
    row_major = contiguous_strides(sizes)
    differs = [sympy.expand(as_expr(strides[d]) - as_expr(row_major[d])) != 0 for d in range(len(sizes))]
    return any(as_expr(size) != 1 and differ for size, differ in zip(sizes, differs))


def results_of(node) -> Sequence:
    return node.meta["val"]


def overload_name(target) -> str:
    """`aten::mm.default` for torch.ops.aten.mm.default."""
    return f"{target._schema.name}.{target._overloadname}"


class Importer(Protocol):
    """What the op table's builders use of the FX importer (irc.fx_import.FxImporter)."""

    block: Block
    symbols: dict

    def insert(self, op: Operation) -> Operation: ...

    def operand(self, arg) -> SSAValue: ...

    def constant(self, value: bool | int | float) -> SSAValue: ...

    def on_graph_device(self, value) -> bool: ...

    def symbol_value(self, size) -> SSAValue: ...


def all_supported(node, name: str) -> bool:
    """Whether the tensors of a node of aten op `name` have dtypes irc handles (complex ones and the like fall
    back); its results may also have the op's KERNEL_RESULT_DTYPES."""
    import torch

    values = node.meta.get("val")
    values = values if isinstance(values, (list, tuple)) else [values]
    inputs = [a.meta.get("val") for a in node.all_input_nodes]
    allowed = [(value, (KERNEL_RESULT_DTYPES.get(name),)) for value in values] + [(value, ()) for value in inputs]
    for value, extra in allowed:
        dtype = str(value.dtype).removeprefix("torch.") if isinstance(value, torch.Tensor) else None
        if dtype is not None and dtype not in TORCH_DTYPES and dtype not in extra:
            return False
        if isinstance(value, torch.Tensor) and value.device.type not in ("cpu", "cuda"):
            return False
    return True


Builder = Callable[["Importer", object, dict], object]


def carries(*names: str):
    """Declares parameters of a row that the result's type carries (e.g. arange's `end`, in its size)."""

    def mark(builder: Builder) -> Builder:
        builder.carried = frozenset(names)
        return builder

    return mark


def graph_size_hints(gm) -> dict[str, int]:
    """The values the graph's size symbols had when it was traced (Dynamo's hints), and those of the symbols
    the importer makes for multiples and long parts (fx_divisible.py, fx_sizes.named_long_parts)."""
    from irc.dialects.sym import evaluate_index
    from irc.fx_divisible import input_symints, symbol_hints
    from irc.fx_sizes import graph_size_definitions

    hints: dict[str, int] = {}
    for dim in input_symints(gm):
        hints.update(symbol_hints(dim))
        named = size_dim(dim)
        if getattr(named, "is_Symbol", False) and dim.node.hint is not None:
            hints[named.name] = int(dim.node.hint)
    definitions = graph_size_definitions(gm)
    while ready := [name for name, definition in definitions.items()
                    if name not in hints and {s.name for s in definition.free_symbols} <= hints.keys()]:
        hints |= {name: int(evaluate_index(definitions[name], hints)) for name in ready}
    return hints
