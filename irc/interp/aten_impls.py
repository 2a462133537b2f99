"""xDSL interpreter implementations of the aten dialect, through PyTorch eager (imported lazily).

Values are torch tensors; Python scalars (f64/i64/i1 SSA values) arrive as numpy 0-d arrays. Every op calls
the eager function it stands for and casts the result to the op's result element type, so the reference is
PyTorch's own semantics (promotion, rounding modes, NaN handling). Sizes come from result types, with size
symbols bound by the run (`RunState.symbols`).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from xdsl.interpreter import Interpreter, InterpreterFunctions
from xdsl.ir import Operation

from irc.dialects import aten
from irc.dialects.aten_format import number_value
from irc.dialects.elementwise import ELEMENTWISE
from irc.interp import loop_numpy as ln
from irc.dialects.kernel_analysis.collectives import WAIT_OVERLOADS
from irc.interp.extern_torch import argument, finished, torch_callable, torch_dtype, without_none_results
from irc.interp.loop_impls import state, table_functions
from irc.interp.sort_reference import OPEN_RESULTS


def torch():
    import torch as module

    return module


def scalar(value):
    """A host scalar (numpy 0-d array or number) as a Python number; tensors pass through."""
    return value if isinstance(value, torch().Tensor) else np.asarray(value).item()


def scalar_tensor(value, dtype):
    """A Python scalar as a 0-d tensor of `dtype`, converted as eager converts a wrapped number: through its
    widest type, so integers out of the dtype's range wrap (-300 as uint8 is 212) instead of raising."""
    t = torch()
    widest = {float: t.float64, complex: t.complex128}.get(type(value))
    return t.tensor(value, dtype=widest).to(dtype)


def with_tensor_scalars(values: list) -> list:
    """Scalars as 0-d tensors of the dtype PyTorch would give them next to the tensor operands."""
    t = torch()
    values = [scalar(v) for v in values]
    tensor = next((v for v in values if isinstance(v, t.Tensor)), None)
    return [v if isinstance(v, t.Tensor) else scalar_tensor(v, t.result_type(tensor, v)) for v in values]


def sizes(op: Operation, symbols: dict[str, int], result: int = 0) -> list[int]:
    return [ln.dim(d, symbols) for d in op.results[result].type.shape.data]


def dim_list(op: Operation) -> list[int]:
    return [int(d) for d in op.dims.get_values()]


def reduced_dims(op: Operation, x) -> list[int]:
    """The op's dims, or every dim when it lists none."""
    return dim_list(op) or list(range(x.dim()))


def keepdim(op: Operation) -> bool:
    return bool(op.keepdim.value.data)


# ---------------------------------------------------------------------------
# Elementwise
# ---------------------------------------------------------------------------

UNARY_SPECIAL: dict[str, Callable] = {
    "silu": lambda x, op: torch().nn.functional.silu(x),
    "gelu": lambda x, op: torch().nn.functional.gelu(x, approximate=op.approximate.data),
    "trigamma": lambda x, op: torch().polygamma(1, x),
    "frexp_mantissa": lambda x, op: torch().frexp(x).mantissa,
    "frexp_exponent": lambda x, op: torch().frexp(x).exponent,
}

BINARY_SPECIAL: dict[str, Callable] = {
    "div": lambda a, b, op: torch().div(a, b, rounding_mode=op.rounding_mode and op.rounding_mode.data),
}


def run_unary(op: Operation, symbols: dict, x):
    name = op.name.removeprefix("aten.")
    if op.ROW.result == "float" and not x.is_floating_point():
        x = x.to(torch_dtype(op.result.type.element_type))
    if name in UNARY_SPECIAL:
        return UNARY_SPECIAL[name](x, op)
    return (getattr(torch(), name, None) or getattr(torch().special, name))(x)


def numbers_in_opmath(values: list) -> list:
    """With a Python number among them, 16-bit float tensors as float32 and the number read in float32 too (the
    row's opmath_numbers: ATen's mul and div read a wrapped scalar in their opmath type); the result's cast
    rounds once."""
    t = torch()
    values = [scalar(v) for v in values]
    if all(isinstance(v, t.Tensor) for v in values):
        return values
    return with_tensor_scalars([in_opmath(v) for v in values])


def run_binary(op: Operation, symbols: dict, a, b):
    name = op.name.removeprefix("aten.")
    if name == "pow" and isinstance(a, torch().Tensor) and not isinstance(b, torch().Tensor):
        return torch().pow(a, scalar(b))  # eager's pow(Tensor, Scalar): x ** 0.5 is its sqrt (nan at -inf)
    a, b = (numbers_in_opmath if ELEMENTWISE[name].opmath_numbers else with_tensor_scalars)([a, b])
    if name in BINARY_SPECIAL:
        return BINARY_SPECIAL[name](a, b, op)
    return (getattr(torch(), name, None) or getattr(torch().special, name))(a, b)


def run_where(op: aten.WhereOp, symbols: dict, condition, a, b):
    return torch().where(*with_tensor_scalars([condition, a, b]))


def run_clamp(op: aten.ClampOp, symbols: dict, x, *bounds):
    values = dict(zip(op.bounds(), with_tensor_scalars([x, *bounds])[1:]))
    return torch().clamp(x, **values)


def run_full(op: aten.FullOp, symbols: dict, *fill):
    value = scalar(fill[0]) if fill else number_value(op.value)
    return torch().full(sizes(op, symbols), value, dtype=torch_dtype(op.result.type.element_type))


def run_arange(op: aten.ArangeOp, symbols: dict):
    t = torch()
    count = sizes(op, symbols)[0]
    steps = t.arange(count, dtype=t.float64) * number_value(op.step) + number_value(op.start)
    return steps.to(torch_dtype(op.result.type.element_type))


def run_random(op: aten.RandomOp, symbols: dict, seeds):
    """The kind's values at offsets 0, 1, ... (row-major), converted as convert-aten-to-loop does: a rand that
    rounds up to 1 becomes 0."""
    from irc.interp.philox import random_values

    t = torch()
    shape = sizes(op, symbols)
    offsets = np.arange(int(np.prod(shape, dtype=np.int64)), dtype=np.int64)
    seed = np.int64(seeds.reshape(-1)[op.seed.value.data].item())
    values = t.from_numpy(random_values(op.kind.data, seed, offsets, *op.bounds())).reshape(shape)
    values = values.to(torch_dtype(op.result.type.element_type))
    return t.where(values == 1, 0, values) if op.kind.data == "rand" else values


def run_empty(op: aten.EmptyOp, symbols: dict):
    return torch().zeros(sizes(op, symbols), dtype=torch_dtype(op.result.type.element_type))


# ---------------------------------------------------------------------------
# Reductions
# ---------------------------------------------------------------------------


def prod_over(x, dims: list[int], keep: bool):
    """torch.prod over several dims (it takes one at a time)."""
    if x.dim() == 0:
        return x.prod()
    dims = sorted({d % x.dim() for d in dims})
    for d in dims:
        x = x.prod(d, keepdim=True)
    return x if keep else x.squeeze(tuple(dims))


def one_dim(op: Operation) -> int | None:
    dims = dim_list(op)
    return dims[0] if dims else None


def as_result(op: Operation, x):
    """x in the result's dtype: a reduction whose result type differs from its input's (sum(dtype=f32) of
    f16, mean of integers) converts its input first, as eager's dtype argument does."""
    return x.to(torch_dtype(op.result.type.element_type))


REDUCTIONS: dict[str, Callable] = {
    "sum": lambda op, x: torch().sum(as_result(op, x), reduced_dims(op, x), keepdim=keepdim(op)),
    "prod": lambda op, x: prod_over(as_result(op, x), reduced_dims(op, x), keepdim(op)),
    "mean": lambda op, x: torch().mean(as_result(op, x), reduced_dims(op, x), keepdim=keepdim(op)),
    "amax": lambda op, x: torch().amax(x, reduced_dims(op, x), keepdim=keepdim(op)),
    "amin": lambda op, x: torch().amin(x, reduced_dims(op, x), keepdim=keepdim(op)),
    "any": lambda op, x: torch().any(x, tuple(reduced_dims(op, x)), keepdim=keepdim(op)),
    "all": lambda op, x: torch().all(x, tuple(reduced_dims(op, x)), keepdim=keepdim(op)),
    "argmax": lambda op, x: torch().argmax(x, one_dim(op), keepdim=keepdim(op)),
    "argmin": lambda op, x: torch().argmin(x, one_dim(op), keepdim=keepdim(op)),
    "var": lambda op, x: torch().var(
        as_result(op, x), reduced_dims(op, x), correction=op.correction.value.data, keepdim=keepdim(op)
    ),
    "std": lambda op, x: torch().std(
        as_result(op, x), reduced_dims(op, x), correction=op.correction.value.data, keepdim=keepdim(op)
    ),
    "hash_tensor": lambda op, x: torch().hash_tensor(x, reduced_dims(op, x), keepdim=keepdim(op)),
}


def run_reduction(op: Operation, symbols: dict, x):
    return REDUCTIONS[op.name.removeprefix("aten.")](op, x)


def run_extreme_dim(op: Operation, symbols: dict, x):
    function = torch().max if op.name == "aten.max_dim" else torch().min
    values, indices = function(x, op.dim.value.data, keepdim=keepdim(op))
    return values, indices


# ---------------------------------------------------------------------------
# Views
# ---------------------------------------------------------------------------


def int_prop(op: Operation, name: str) -> int:
    return getattr(op, name).value.data


def run_as_strided(op: aten.AsStridedOp, symbols: dict, x):
    strides = [ln.dim(d, symbols) for d in op.strides.data]
    return torch().as_strided(x, sizes(op, symbols), strides, ln.dim(op.offset, symbols))


def run_squeeze(op: aten.SqueezeOp, symbols: dict, x):
    dims = dim_list(op)
    return x.squeeze(tuple(dims)) if dims else x.squeeze()


VIEWS: dict[type[Operation], Callable] = {
    aten.ViewOp: lambda op, symbols, x: x.reshape(sizes(op, symbols)),
    aten.PermuteOp: lambda op, symbols, x: x.permute(dim_list(op)),
    aten.TransposeOp: lambda op, symbols, x: x.transpose(int_prop(op, "dim0"), int_prop(op, "dim1")),
    aten.ExpandOp: lambda op, symbols, x: x.expand(sizes(op, symbols)),
    aten.SqueezeOp: run_squeeze,
    aten.UnsqueezeOp: lambda op, symbols, x: x.unsqueeze(int_prop(op, "dim")),
    aten.SliceOp: lambda op, symbols, x: torch().ops.aten.slice.Tensor(
        x, int_prop(op, "dim"), int_prop(op, "start"), int_prop(op, "end"), int_prop(op, "step")
    ),
    aten.SelectOp: lambda op, symbols, x: torch().ops.aten.select.int(x, int_prop(op, "dim"), int_prop(op, "index")),
    aten.AsStridedOp: run_as_strided,
    aten.CloneOp: lambda op, symbols, x: x.clone(),
    aten.AliasOp: lambda op, symbols, x: x,
}


# ---------------------------------------------------------------------------
# Fallback
# ---------------------------------------------------------------------------


# overloads irc defines on f16 / bf16 as the f32 op rounded once (their lowerings compute in f32, as PyTorch's
# decompositions and Inductor do) where eager's CPU kernel rounds every step to the 16-bit type
OPMATH_FALLBACKS = frozenset({"aten::grid_sampler_3d.default"})


def in_opmath(value):
    """A 16-bit float tensor as float32; anything else unchanged."""
    t = torch()
    low = isinstance(value, t.Tensor) and value.dtype in (t.float16, t.bfloat16)
    return value.float() if low else value


def run_fallback(op: aten.FallbackOp, symbols: dict, *values):
    if op.overload.data in WAIT_OVERLOADS:  # the interpreter's collectives are done when they return
        return (values[0],)
    operands = [scalar(v) for v in values]
    if op.overload.data in OPMATH_FALLBACKS:
        operands = [in_opmath(v) for v in operands]
    function = OPEN_RESULTS.get(op.overload.data) or torch_callable(op.overload.data)
    outputs = function(*argument(op.args, operands), **argument(op.kwargs, operands))
    outputs = finished(op.overload.data, outputs)
    return tuple(without_none_results(op, list(outputs) if isinstance(outputs, tuple | list) else [outputs]))


# ---------------------------------------------------------------------------
# Registration
# ---------------------------------------------------------------------------

def cast_results(op: Operation, results) -> tuple:
    """Each tensor result in its result type's dtype; scalar results as numpy values."""
    results = results if isinstance(results, tuple) else (results,)
    cast = []
    for value, result in zip(results, op.results):
        if isinstance(value, torch().Tensor):
            value = value.to(torch_dtype(result.type.element_type))
        else:
            value = np.asarray(value, ln.numpy_type(result.type))
        cast.append(value)
    return tuple(cast)


def eager(function: Callable) -> Callable:
    """An @impl body: `function(op, symbols, *args)`, results cast to the op's result types."""

    def run(functions: InterpreterFunctions, interpreter: Interpreter, op: Operation, args: tuple) -> tuple:
        return cast_results(op, function(op, state(interpreter).symbols, *args))

    return run


def _by_kind(op: Operation, symbols: dict, *args):
    return OP_FUNCTIONS[type(op)](op, symbols, *args)


OP_FUNCTIONS: dict[type[Operation], Callable] = {
    **{entry.op: run_unary for entry in aten.UNARY_OPS.values()},
    **{entry.op: run_binary for entry in aten.BINARY_OPS.values()},
    **{entry.op: run_reduction for entry in aten.REDUCTION_OPS.values()},
    aten.WhereOp: run_where,
    aten.ClampOp: run_clamp,
    aten.ConvertOp: lambda op, symbols, x: x,
    aten.FullOp: run_full,
    aten.ArangeOp: run_arange,
    aten.EmptyOp: run_empty,
    aten.RandomOp: run_random,
    aten.MaxDimOp: run_extreme_dim,
    aten.MinDimOp: run_extreme_dim,
    **VIEWS,
    aten.FallbackOp: run_fallback,
}

AtenFunctions: type[InterpreterFunctions] = table_functions("AtenFunctions", list(OP_FUNCTIONS), eager(_by_kind))
