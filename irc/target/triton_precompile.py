"""PRECOMPILE: what the runtime needs to compile a module's kernels before its first call.

One row per distinct launch: (kernel name, its runtime arguments, the launch options to compile: the heuristic
config first, then the autotune candidates without their grid). An argument is ("tensor", torch dtype name,
16-byte aligned), ("size", expression over size symbols, as the IR prints it), ("float",) or ("scalar",) for a
host value known only at run time. irc/runtime/compile_pool.py reads it.

    kernel.launch @triton_poi_add_0(%2) outs(%3) : (!loop.buffer<[s0], f32, ...>) -> (...)
gives
    PRECOMPILE = [('triton_poi_add_0', (('tensor', 'float32', True), ('tensor', 'float32', True),
                   ('size', 's0')), [{'XBLOCK': 1024, 'num_warps': 4}])]
"""

from __future__ import annotations

from xdsl.dialects.builtin import DictionaryAttr, FloatAttr, IntAttr, IntegerAttr
from xdsl.ir import Attribute

from irc.dialects import kernel, triton
from irc.dialects.sym import as_expr
from irc.dialects.types import BufferType, element_type_name
from irc.target.python_text import TORCH_DTYPES

ALIGNMENT = 16  # bytes: Triton specializes a pointer on being a multiple of 16
FLOAT_TYPES = ("f16", "bf16", "f32", "f64")
BYTES = {"i1": 1, "i8": 1, "ui8": 1, "f16": 2, "bf16": 2, "i16": 2, "f32": 4, "i32": 4, "f64": 8, "i64": 8}


def precompile_table(hosts, kernels: dict[str, triton.FuncOp]) -> str:
    rows: list[tuple] = []
    for host in hosts:
        for op in host.walk():
            if isinstance(op, kernel.LaunchOp) and op.callee.string_value() in kernels:
                row = launch_row(op, kernels[op.callee.string_value()])
                if row not in rows:
                    rows.append(row)
    return f"PRECOMPILE = {rows!r}\n"


def launch_row(op: kernel.LaunchOp, k: triton.FuncOp) -> tuple:
    args = [argument(v.type) for v in (*op.ins, *op.outs)]
    names = [n.data for n in k.arg_names.data]
    values = dict(k.attributes[triton.ARG_VALUES].data) if triton.ARG_VALUES in k.attributes else {}
    args += [("size", str(as_expr(values[n].value()))) if n in values else ("scalar",) for n in names[len(args) :]]
    options = [default_options(k)]
    options += [c for c in candidate_options(k) if c not in options]
    return k.sym_name.data, tuple(args), options


def argument(t: Attribute) -> tuple:
    if isinstance(t, BufferType):
        name = TORCH_DTYPES[element_type_name(t.element_type)].removeprefix("torch.")
        return "tensor", name, _aligned(t)
    return ("float",) if element_type_name(t) in FLOAT_TYPES else ("scalar",)


def _aligned(t: BufferType) -> bool:
    offset = t.offset
    width = BYTES.get(element_type_name(t.element_type), 1)
    return isinstance(offset, IntAttr) and offset.data * width % ALIGNMENT == 0


def default_options(k: triton.FuncOp) -> dict[str, int]:
    options = {key: _number(attr) for key, attr in (k.launch.data if k.launch else {}).items()}
    for key in ("num_warps", "num_stages"):
        if getattr(k, key) is not None:
            options[key] = getattr(k, key).value.data
    return options | triton.assert_launch_options(k)


def candidate_options(k: triton.FuncOp) -> list[dict[str, int]]:
    found = k.attributes.get(triton.AUTOTUNE)
    if found is None:
        return []
    debug = triton.assert_launch_options(k)
    return [{key: _number(v) for key, v in c.data.items() if key != "grid"} | debug for c in found.data
            if isinstance(c, DictionaryAttr)]


def _number(attr: Attribute) -> int | float:
    if isinstance(attr, (IntegerAttr, FloatAttr)):
        return attr.value.data
    raise ValueError(f"launch option {attr} is not a number")
