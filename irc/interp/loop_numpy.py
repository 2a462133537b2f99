"""A reference evaluator for loop-level functions, on whole numpy buffers (never per element).

A buffer is a flat numpy `storage` plus its `!loop.buffer` type (sizes, strides, offset). A loop.pointwise /
loop.reduction body runs once on index grids: index variable i_k (r_k) is an arange shaped to broadcast along
axis k of ranges + reduce, so every scalar op in the body is a numpy op on arrays. Index expressions are
evaluated over whole numpy arrays by sym.evaluate_index (FloorDiv / ModularIndexing as floor division).

These are the data model and the semantics the reference interpreter (irc/interp/interpreter.py, on xDSL's
framework) runs loop and kernel ops with; `interpreter.run_function(module, [x, y])` runs a function through it.
bf16 values are carried in float32 and rounded on every cast to bf16.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, reduce

import numpy as np
from xdsl.dialects import arith
from xdsl.dialects import math as mathd
from xdsl.dialects.builtin import FloatAttr, IntegerAttr
from xdsl.ir import Attribute, Operation

from irc.dialects import loop
from irc.dialects.elementwise import ELEMENTWISE as ELEMENTWISE_ROWS
from irc.dialects.types import BufferType, attr_number, dim_value, element_type_name, storage_type_name

NUMPY_TYPES = {
    "f16": np.float16, "bf16": np.float32, "f32": np.float32, "f64": np.float64, "i1": np.bool_,
    "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64, "ui8": np.uint8,
    # extern-only types: buffers externs read and write (complex32 held as complex64)
    "c32": np.complex64, "c64": np.complex64, "c128": np.complex128, "ui16": np.uint16, "ui32": np.uint32,
    "ui64": np.uint64,
}  # fmt: skip


def numpy_type(t: Attribute):
    return NUMPY_TYPES.get(storage_type_name(t) or "i64", np.int64)


def round_to_bf16(values: np.ndarray) -> np.ndarray:
    """Round to nearest even; every NaN becomes the positive quiet NaN 0x7FC0, as c10's conversion makes it."""
    bits = np.asarray(values, np.float32).view(np.uint32).astype(np.uint64)
    bits = ((bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000).astype(np.uint32)
    rounded = bits.view(np.float32)
    return np.where(np.isnan(values), np.float32(np.nan), rounded).astype(np.float32)


def convert(values, t: Attribute) -> np.ndarray:
    """PyTorch conversion to element type `t`: float -> int truncates, nonzero -> true."""
    values = np.asarray(values)
    name = element_type_name(t)
    if name == "i1":
        return values != 0
    if name == "bf16":
        return round_to_bf16(values.astype(np.float32))
    target = numpy_type(t)
    with np.errstate(all="ignore"):
        if values.dtype.kind == "f" and np.dtype(target).kind in "iu":
            values = np.trunc(values)
            if np.dtype(target).kind == "u":
                values = values.astype(np.int64)
        return values.astype(target)


# ---------------------------------------------------------------------------
# Index expressions and sizes
# ---------------------------------------------------------------------------


@cache
def _compiled(text: str) -> tuple[object, tuple[str, ...]]:
    from irc.dialects.types import parse_sym

    expr = parse_sym(text)
    return expr, tuple(sorted(s.name for s in expr.free_symbols))


def evaluate(text: str, env: dict[str, object]):
    """The value of an index/size expression with `env` binding index variables and size symbols."""
    from irc.dialects.sym import evaluate_index

    expr, names = _compiled(text)
    missing = [n for n in names if n not in env]
    if missing:
        raise ValueError(f"unbound symbols {missing} in '{text}'")
    return evaluate_index(expr, env)


def dim(attr: Attribute, symbols: dict[str, int]) -> int:
    value = dim_value(attr)
    return value if isinstance(value, int) else int(evaluate(str(value), symbols))


@dataclass
class Buffer:
    """Flat storage seen through a buffer type."""

    storage: np.ndarray
    type: BufferType

    def layout(self, symbols: dict[str, int]) -> tuple[list[int], list[int], int]:
        t = self.type
        return (
            [dim(d, symbols) for d in t.shape.data],
            [dim(d, symbols) for d in t.strides.data],
            dim(t.offset, symbols),
        )

    def positions(self, symbols: dict[str, int]) -> np.ndarray:
        """The storage position of every element, shaped like the buffer."""
        sizes, strides, offset = self.layout(symbols)
        position = np.full(sizes, offset, dtype=np.int64)
        for k, (size, stride) in enumerate(zip(sizes, strides)):
            shape = [1] * len(sizes)
            shape[k] = size
            position = position + np.arange(size, dtype=np.int64).reshape(shape) * stride
        return position

    def array(self, symbols: dict[str, int]) -> np.ndarray:
        return self.storage[self.positions(symbols)]

    @staticmethod
    def of_array(values: np.ndarray, t: BufferType, symbols: dict[str, int]) -> Buffer:
        """A buffer of type `t` holding `values` (scattered into a storage of `t`'s extent)."""
        empty = Buffer(np.zeros(0, numpy_type(t.element_type)), t)
        positions = empty.positions(symbols)
        extent = int(positions.max()) + 1 if positions.size else 0
        storage = np.zeros(extent, numpy_type(t.element_type))
        storage[positions] = convert(values, t.element_type)
        return Buffer(storage, t)


# ---------------------------------------------------------------------------
# Scalar ops (whole arrays at a time)
# ---------------------------------------------------------------------------


def _round_half_away(x):
    return np.sign(x) * np.floor(np.abs(x) + 0.5)


def _either_nan(a, b):
    return np.isnan(a) | np.isnan(b)


def _constant_compare(value: bool):
    return lambda a, b: np.full(np.broadcast(a, b).shape, value)


CMPF = {
    "false": _constant_compare(False), "oeq": np.equal, "ogt": np.greater, "oge": np.greater_equal,
    "olt": np.less, "ole": np.less_equal, "one": lambda a, b: np.not_equal(a, b) & ~_either_nan(a, b),
    "ord": lambda a, b: ~_either_nan(a, b), "ueq": lambda a, b: np.equal(a, b) | _either_nan(a, b),
    "ugt": lambda a, b: ~np.less_equal(a, b), "uge": lambda a, b: ~np.less(a, b),
    "ult": lambda a, b: ~np.greater_equal(a, b), "ule": lambda a, b: ~np.greater(a, b),
    "une": np.not_equal, "uno": _either_nan, "true": _constant_compare(True),
}  # fmt: skip


def _unsigned(a):
    a = np.asarray(a)
    return a if a.dtype.kind in "bu" else a.astype(a.dtype.str.replace("i", "u"))


def _on_unsigned(function: Callable) -> Callable:
    """`function` applied to its operands' bits read as unsigned integers (the result keeps that type)."""
    return lambda a, b: function(_unsigned(a), _unsigned(b))


CMPI = {
    "eq": np.equal, "ne": np.not_equal, "slt": np.less, "sle": np.less_equal, "sgt": np.greater,
    "sge": np.greater_equal, "ult": _on_unsigned(np.less), "ule": _on_unsigned(np.less_equal),
    "ugt": _on_unsigned(np.greater), "uge": _on_unsigned(np.greater_equal),
}  # fmt: skip

def _table_references() -> dict[type[Operation], Callable]:
    """Loop-level op -> numpy: each row of dialects/elementwise.py evaluates the ops it `lowers` with its
    `reference`."""
    classes = {op.name: op for dialect in (arith.Arith, mathd.Math, loop.Loop) for op in dialect.operations}
    return {
        classes[name]: row.reference
        for row in ELEMENTWISE_ROWS.values()
        if row.reference is not None
        for name in row.lowers
        if name in classes  # arith.remf: a name convert-kernel-to-triton lowers that xDSL does not define
    }


ELEMENTWISE: dict[type[Operation], Callable] = {
    **_table_references(),
    # ops no row lowers, or that differ from their row's reference (unsigned, NaN-ignoring, ...)
    arith.MinnumfOp: np.fmin, arith.MaxnumfOp: np.fmax,
    arith.MinUIOp: _on_unsigned(np.minimum), arith.MaxUIOp: _on_unsigned(np.maximum),
    arith.SelectOp: np.where, mathd.Log10Op: np.log10, mathd.RoundOp: _round_half_away,
    loop.PowOp: lambda a, b: np.power(a, np.asarray(b).astype(np.asarray(a).dtype)),
}  # fmt: skip


# arith conversions: PyTorch's conversion to the result type (index is carried as int64)
CONVERSIONS = (
    arith.IndexCastOp, arith.ExtSIOp, arith.ExtUIOp, arith.TruncIOp, arith.SIToFPOp, arith.UIToFPOp,
    arith.FPToSIOp, arith.FPToUIOp, arith.ExtFOp, arith.TruncFOp,
)  # fmt: skip


def bitcast(values, source: Attribute, target: Attribute) -> np.ndarray:
    """The same bits as another type of the same width (bf16 is carried in the upper half of a float32)."""
    values = np.asarray(values)
    if element_type_name(source) == "bf16":
        values = (np.asarray(values, np.float32).view(np.uint32) >> 16).astype(np.uint16)
    if element_type_name(target) == "bf16":
        return (values.view(np.uint16).astype(np.uint32) << 16).view(np.float32)
    return values.view(numpy_type(target))


def scalar_op(op: Operation, args: Sequence[np.ndarray]) -> np.ndarray:
    """One scalar op of a body or host function on whole arrays, result in the op's numpy type."""
    if isinstance(op, arith.ConstantOp):
        assert isinstance(op.value, IntegerAttr | FloatAttr)
        return np.asarray(attr_number(op.value), numpy_type(op.result.type))
    if isinstance(op, (loop.CastOp, *CONVERSIONS)):
        return convert(args[0], op.result.type)
    if isinstance(op, arith.BitcastOp):
        return bitcast(args[0], op.operands[0].type, op.result.type)
    if isinstance(op, arith.CmpfOp):
        return CMPF[arith.CMPF_COMPARISON_OPERATIONS[op.predicate.value.data]](*args)
    if isinstance(op, arith.CmpiOp):
        return CMPI[arith.CMPI_COMPARISON_OPERATIONS[op.predicate.value.data]](*args)
    if type(op) not in ELEMENTWISE:
        raise NotImplementedError(f"loop_numpy cannot evaluate {op.name}")
    with np.errstate(all="ignore"):
        result = ELEMENTWISE[type(op)](*args)
    return np.asarray(result).astype(numpy_type(op.results[0].type), copy=False)


# ---------------------------------------------------------------------------
# Loop ops
# ---------------------------------------------------------------------------


def index_env(op: loop.PointwiseOp | loop.ReductionOp, shape: list[int], symbols: dict[str, int]) -> dict:
    """Size symbols plus each index variable as an arange along its own axis of the grid `shape`."""
    env: dict[str, object] = dict(symbols)
    for k, name in enumerate(loop.index_vars(op)):
        axis = [1] * len(shape)
        axis[k] = shape[k]
        env[name] = np.arange(shape[k], dtype=np.int64).reshape(axis)
    return env


def grid_shape(op: loop.PointwiseOp | loop.ReductionOp, symbols: dict[str, int]) -> list[int]:
    """The sizes of the op's index grid: ranges, then reduce dims."""
    reduce = op.reduce.data if isinstance(op, loop.ReductionOp) else ()
    return [dim(d, symbols) for d in (*op.ranges.data, *reduce)]


def load(
    buffer: Buffer, index: str, env: dict, symbols: dict[str, int], gather=(), bounds=(), checked=False
) -> np.ndarray:
    """The elements at `index`; with `gather` values (t0, t1, ...), those outside [0, bound) read 0
    (`checked`: raise IndexError)."""
    if not gather:
        position = dim(buffer.type.offset, symbols) + np.asarray(evaluate(index, env), np.int64)
        return buffer.storage[position]
    values = [np.asarray(v, np.int64) for v in gather]
    limits = [int(b) if isinstance(b, int) else int(evaluate(str(b), symbols)) for b in bounds]
    valid = reduce(np.logical_and, [(v >= 0) & (v < n) for v, n in zip(values, limits)])  # any shapes
    require_inside(valid, checked)
    safe = {f"t{k}": np.where(valid, v, 0) for k, v in enumerate(values)}
    position = dim(buffer.type.offset, symbols) + np.asarray(evaluate(index, env | safe), np.int64)
    valid, position = np.broadcast_arrays(valid, position)
    return np.where(valid, buffer.storage[position], np.zeros((), buffer.storage.dtype))


@dataclass(frozen=True)
class Scatter:
    """A store's t values and their bounds, and how it combines values with the elements (STORE_AT)."""

    values: Sequence = ()
    bounds: Sequence = ()
    combine: str | None = None
    checked: bool = False


def require_inside(valid: np.ndarray, checked: bool) -> None:
    """A checked access raises as eager where an index value is out of range."""
    if checked and not np.all(valid):
        raise IndexError("index out of range (a checked gather or scatter)")


# a store's combine -> the unbuffered numpy update that applies every value in point order
STORE_AT = {"add": np.add.at, "max": np.maximum.at, "min": np.minimum.at}


def store(buffer: Buffer, index: str, value: np.ndarray, env: dict, symbols: dict[str, int], scatter=Scatter()) -> None:
    """Writes (or combines, in point order) value at index; t values outside [0, bound) write nothing
    (checked: raise IndexError)."""
    values = [np.asarray(v, np.int64) for v in scatter.values]
    limits = [int(b) if isinstance(b, int) else int(evaluate(str(b), symbols)) for b in scatter.bounds]
    valid = reduce(np.logical_and, [(v >= 0) & (v < n) for v, n in zip(values, limits)], np.True_)
    require_inside(valid, scatter.checked)
    safe = {f"t{k}": np.where(valid, v, 0) for k, v in enumerate(values)}
    position = dim(buffer.type.offset, symbols) + np.asarray(evaluate(index, env | safe), np.int64)
    value, position, valid = np.broadcast_arrays(value, position, valid)
    if scatter.combine is not None:
        STORE_AT[scatter.combine](buffer.storage, position[valid], value[valid].astype(buffer.storage.dtype))
    else:
        buffer.storage[position[valid]] = value[valid]


def index_value(op: loop.IndexOp, env: dict) -> np.ndarray:
    return np.asarray(evaluate(op.index.expr.data, env)).astype(numpy_type(op.result.type))


def loop_results(
    op: loop.PointwiseOp | loop.ReductionOp, yielded: Sequence[np.ndarray], symbols: dict[str, int]
) -> list[Buffer]:
    """The result buffers of a loop op whose body yielded `yielded` over its whole grid."""
    shape = grid_shape(op, symbols)
    values = [np.broadcast_to(v, shape) for v in yielded]
    if isinstance(op, loop.ReductionOp):
        ranges = shape[: len(op.ranges.data)]
        flat = values[0].reshape(*ranges, int(np.prod(shape[len(ranges) :], dtype=np.int64)))
        values = REDUCE[op.kind.data](flat)
    if isinstance(op, loop.ScanOp):
        values = [SCAN[op.kind.data](values[0])]
    return [Buffer.of_array(v, r.type, symbols) for v, r in zip(values, op.results)]


def _welford(x: np.ndarray) -> list[np.ndarray]:
    count = np.full(x.shape[:-1], x.shape[-1], x.dtype)
    mean = np.mean(x, axis=-1)
    return [mean, np.sum((x - mean[..., None]) ** 2, axis=-1), count]


REDUCE: dict[str, Callable[[np.ndarray], list[np.ndarray]]] = {
    "sum": lambda x: [np.sum(x, axis=-1, dtype=x.dtype)],
    "prod": lambda x: [np.prod(x, axis=-1, dtype=x.dtype)],
    "max": lambda x: [np.max(x, axis=-1)],
    "min": lambda x: [np.min(x, axis=-1)],
    "argmax": lambda x: [np.argmax(x, axis=-1)],
    "argmin": lambda x: [np.argmin(x, axis=-1)],
    "any": lambda x: [np.any(x, axis=-1)],
    "all": lambda x: [np.all(x, axis=-1)],
    "welford": _welford,
    "xor_sum": lambda x: [np.bitwise_xor.reduce(x, axis=-1)],
}

def _sorted(descending: bool, positions: bool) -> Callable[[np.ndarray], np.ndarray]:
    """The rows sorted along the last axis as torch.sort(stable=True) orders them (NaN largest), or the
    positions of the sorted values."""

    def run(x: np.ndarray) -> np.ndarray:
        import torch

        rows = torch.from_numpy(np.array(x))  # a writable copy (the grid values may be broadcast views)
        values, indices = torch.sort(rows, dim=-1, stable=True, descending=descending)
        return (indices if positions else values).numpy()

    return run


# running values along the last axis, accumulated in the element type (as tl.cumsum / tl.associative_scan)
SCAN: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "sum": lambda x: np.cumsum(x, axis=-1, dtype=x.dtype),
    "prod": lambda x: np.cumprod(x, axis=-1, dtype=x.dtype),
    "logsumexp": lambda x: np.logaddexp.accumulate(x, axis=-1, dtype=x.dtype),
    "max": lambda x: np.maximum.accumulate(x, axis=-1),
    "min": lambda x: np.minimum.accumulate(x, axis=-1),
    "sort": _sorted(False, False),
    "sort_descending": _sorted(True, False),
    "argsort": _sorted(False, True),
    "argsort_descending": _sorted(True, True),
}
