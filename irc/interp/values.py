"""Values at function boundaries: inputs for a function's signature, conversions between levels, outputs.

Inputs and outputs are level-independent numpy arrays (bf16 as float32) or numpy scalars. Per level:
`!aten.tensor` arguments become torch tensors with the type's strides, `!loop.buffer` arguments Buffers with
theirs, scalars numpy 0-d arrays. Size symbols are bound by the input shapes (a dim that is a bare symbol)
and by explicit bindings (`--bind s0=37`); random inputs need every size symbol bound or defaulted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.ir import Attribute

from irc.dialects.types import BufferType, TensorType, element_type_name, is_bool, is_float
from irc.interp import loop_numpy as ln

DEFAULT_SIZE = 7  # size symbols not bound otherwise (odd, so masks are exercised)


def is_shaped(t: Attribute) -> bool:
    return isinstance(t, TensorType | BufferType)


def symbol_dims(t: Attribute) -> list[tuple[int, str]]:
    """(position, symbol) for each dim of a shaped type that is a bare size symbol."""
    if not is_shaped(t):
        return []
    return [(k, d.data) for k, d in enumerate(t.shape.data) if isinstance(d, StringAttr) and d.data.isidentifier()]


def symbol_arguments(function, inputs: Sequence[object]) -> dict[str, int]:
    """{name: value} of a function's integer arguments named like size symbols (`%s53: i64`, Dynamo's SymInt
    inputs), as the host program binds them: a backward graph may read s53 only inside its saved sizes."""
    from irc.dialects.types import SIZE_SYMBOL

    if not function.body.blocks:
        return {}
    return {
        arg.name_hint: int(np.asarray(value))
        for arg, value in zip(function.body.blocks[0].args, inputs)
        if arg.name_hint and SIZE_SYMBOL.fullmatch(arg.name_hint) and np.ndim(value) == 0
        and np.issubdtype(np.asarray(value).dtype, np.integer)
    }  # fmt: skip


def bind_symbols(
    types: Sequence[Attribute], inputs: Sequence[object], given: Mapping[str, int] = {}, definitions: Mapping = {}
) -> dict:
    """Size symbols bound by the inputs' shapes, then by `given` (which wins). A dim `a*s + c` binds s to
    `(size - c) // a` once the other symbols of a and c are bound (a multiple `2*s1` of the importer's); a
    symbol of `definitions` (aten.size_definitions) is its definition's value once the symbols in it are."""
    symbols: dict[str, int] = {}
    for t, value in zip(types, inputs):
        for position, name in symbol_dims(t):
            symbols[name] = int(np.shape(value)[position])
    count = -1
    while count != len(symbols):
        count = len(symbols)
        symbols |= _bind_linear_dims(types, inputs, {**symbols, **given})
        symbols |= _defined(definitions, {**symbols, **given})
    return {**symbols, **given}


def _defined(definitions: Mapping, bound: dict) -> dict:
    from irc.dialects.sym import evaluate_index

    return {
        name: int(evaluate_index(expr, bound)) for name, expr in definitions.items()
        if name not in bound and {s.name for s in expr.free_symbols} <= bound.keys()
    }  # fmt: skip


def _bind_linear_dims(types: Sequence[Attribute], inputs: Sequence[object], bound: dict) -> dict:
    from irc.dialects.sym import evaluate, one_unknown
    from irc.dialects.types import parse_sym

    dims = [
        (parse_sym(d.data), int(np.shape(value)[k]))
        for t, value in zip(types, inputs)
        if is_shaped(t)
        for k, d in enumerate(t.shape.data)
        if isinstance(d, StringAttr) and not d.data.isidentifier()
    ]
    found: dict[str, int] = {}
    count = -1
    while count != len(found):
        count = len(found)
        for expr, size in dims:
            solved = one_unknown(expr, {**bound, **found})
            if solved is not None:
                symbol, a, c = solved
                values = {**bound, **found}
                found[symbol.name] = (size - evaluate(c, values)) // evaluate(a, values)
    return found


def free_symbols(types: Sequence[Attribute]) -> set[str]:
    """Every size symbol the shaped types use (in sizes, strides or offsets)."""
    from irc.dialects.types import parse_sym

    names: set[str] = set()
    for t in types:
        if not is_shaped(t):
            continue
        dims = [*t.shape.data, *getattr(t.strides, "data", ()), *([t.offset] if isinstance(t, BufferType) else [])]
        for d in dims:
            if isinstance(d, StringAttr):
                names |= {s.name for s in parse_sym(d.data).free_symbols}
    return names


def random_array(shape: Sequence[int], t: Attribute, rng: np.random.Generator) -> np.ndarray:
    """Fresh values, never all zeros: floats in [-3, 3), integers in [-4, 5), bools half true."""
    if is_float(t):
        return (rng.random(shape) * 6 - 3).astype(ln.numpy_type(t))
    if is_bool(t):
        return rng.random(shape) > 0.5
    low = 0 if element_type_name(t) == "ui8" else -4
    return rng.integers(low, 5, shape).astype(ln.numpy_type(t))


def arange_array(shape: Sequence[int], t: Attribute) -> np.ndarray:
    """0, 1, 2, ... in row-major order (bools alternate): easy to check by hand."""
    values = np.arange(int(np.prod(shape, dtype=np.int64))).reshape(shape)
    return values % 2 == 1 if is_bool(t) else values.astype(ln.numpy_type(t))


def make_inputs(
    types: Sequence[Attribute], symbols: Mapping[str, int] = {}, seed: int = 0, fill: str = "random"
) -> tuple[list[np.ndarray], dict[str, int]]:
    """Inputs for a signature (shaped args by `fill`, scalars 2 / 0.5 / true) and the symbol bindings used."""
    bound = {name: symbols.get(name, DEFAULT_SIZE) for name in sorted(free_symbols(types))} | dict(symbols)
    rng = np.random.default_rng(seed)
    inputs: list[np.ndarray] = []
    for t in types:
        if not is_shaped(t):
            inputs.append(np.asarray(True if is_bool(t) else 0.5 if is_float(t) else 2, ln.numpy_type(t)))
            continue
        shape = [ln.dim(d, bound) for d in t.shape.data]
        inputs.append(arange_array(shape, t.element_type) if fill == "arange" else random_array(shape, t.element_type, rng))
    return inputs, bound


def to_numpy(value: object) -> np.ndarray:
    """A torch tensor (bf16 widened to float32), numpy value or number as a numpy array."""
    if hasattr(value, "detach"):
        import torch

        value = value.detach().cpu()
        return (value.float() if value.dtype == torch.bfloat16 else value).numpy()
    return np.asarray(value)


def to_level(value: object, t: Attribute, symbols: dict[str, int]) -> object:
    """An input as the value an argument of type `t` holds."""
    array = to_numpy(value)
    if isinstance(t, TensorType):
        return as_strided_tensor(array, t, symbols)
    if isinstance(t, BufferType):
        return ln.Buffer.of_array(array, t, symbols)
    return ln.convert(array, t)


def as_strided_tensor(array: np.ndarray, t: TensorType, symbols: dict[str, int]):
    import torch

    from irc.interp.extern_torch import torch_dtype

    sizes = [ln.dim(d, symbols) for d in t.shape.data]
    strides = t.stride_values()
    source = torch.from_numpy(np.asarray(array, order="C")).to(torch_dtype(t.element_type))
    if strides is None:
        return source.clone()
    from irc.runtime.layout import copy_to_layout

    return copy_to_layout(source, sizes, [ln.dim(d, symbols) for d in t.strides.data])


def from_level(value: object, symbols: dict[str, int]) -> np.ndarray:
    """A function result as a numpy array."""
    if isinstance(value, ln.Buffer):
        return value.array(symbols)
    return to_numpy(value)


def find_function(module: ModuleOp, name: str | None = None) -> func.FuncOp:
    """The named func.func with a body, or the first one."""
    for op in module.ops:
        if isinstance(op, func.FuncOp) and op.body.blocks and (name is None or op.sym_name.data == name):
            return op
    raise ValueError(f"no function @{name} with a body in the module" if name else "no function in the module")
