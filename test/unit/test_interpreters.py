"""The reference interpreters: every op of aten, loop and kernel has an implementation and a test.

Each aten case is a small function run at the aten level (PyTorch eager) and checked level by level with
the differential checker through convert-aten-to-loop, loop-inline, kernel-fuse and kernel-tile, so the aten,
loop and kernel interpreters must agree on it (a few cases go on to the triton level). Loop and kernel ops
also have hand-checked numbers in test/lit/Interpret/*.mlir.
"""

import glob
import os

import numpy as np
import pytest
from xdsl.parser import Parser

from irc.dialects import aten
from irc.interp.differential import PassChecker
from irc.interp.interpreter import find_function, registered_op_types, run_module
from irc.interp.values import make_inputs
from irc.pipeline import DEFAULT_PIPELINE, make_context, run_pipeline

LIT = os.path.join(os.path.dirname(__file__), "..", "lit", "Interpret")
TO_KERNEL = "convert-aten-to-loop,loop-inline,cse,dce,kernel-fuse,kernel-tile"


def tensor(shape, element: str, strides: bool = False) -> str:
    dims = ", ".join(map(str, shape))
    if not strides:
        return f"!aten.tensor<[{dims}], {element}>"
    stride, trailing = [], 1
    for size in reversed(shape):
        stride.insert(0, trailing)
        trailing *= size
    return f"!aten.tensor<[{dims}], {element}, strides [{', '.join(map(str, stride))}]>"


def function(args: list[tuple[str, str]], body: list[str], results: list[tuple[str, str]]) -> str:
    """`func.func @forward` with typed args (name, type), body lines and returned values (name, type)."""
    signature = ", ".join(f"%{n}: {t}" for n, t in args)
    returns = ", ".join(t for _, t in results)
    lines = [f"func.func @forward({signature}) -> ({returns}) {{", *(f"  {line}" for line in body)]
    lines.append(f"  func.return {', '.join('%' + n for n, _ in results)} : {returns}")
    return "\n".join(lines + ["}"])


def one_op(op: str, operands: list[tuple[str, str]], result_types: list[str], scalars: dict[str, str] = {}) -> str:
    """`%r... = <op> %operands : (types) -> (results)`: tensor operands are args, scalars constants."""
    args = [(n, t) for n, t in operands if n not in scalars]
    body = [f"%{n} = arith.constant {value}" for n, value in scalars.items()]
    results = [(f"r{k}", t) for k, t in enumerate(result_types)]
    names = ", ".join("%" + n for n, _ in results)
    types = ", ".join(t for _, t in operands)
    body.append(f"{names} = {op.format(*('%' + n for n, _ in operands))} : ({types}) -> ({', '.join(result_types)})")
    return function(args, body, results)


X, XI, Y = tensor([5, 7], "f32", True), tensor([5, 7], "i64", True), tensor([7], "f32", True)


def unary_case(name: str) -> str:
    row = aten.UNARY_OPS[name].row
    operand = XI if name == "bitwise_not" else X
    result = {"bool": "i1", "i32": "i32"}.get(row.result, "i64" if name == "bitwise_not" else "f32")
    return one_op(f"aten.{name} {{0}}", [("x", operand)], [tensor([5, 7], result)])


def binary_case(name: str) -> str:
    row = aten.BINARY_OPS[name].row
    integers = row.operand in ("integer", "integer_or_bool")
    element, result = ("i64", "i64") if integers else ("f32", "i1" if row.result == "bool" else "f32")
    x, y = tensor([5, 7], element, True), tensor([7], element, True)
    return one_op(f"aten.{name} {{0}}, {{1}}", [("x", x), ("y", y)], [tensor([5, 7], result)])


def reduction_case(name: str) -> str:
    result = {"any": "i1", "all": "i1", "argmax": "i64", "argmin": "i64", "hash_tensor": "ui64"}.get(name, "f32")
    return one_op(f"aten.{name} {{0}} dims = [1]", [("x", X)], [tensor([5], result)])


V = tensor([3, 1, 8], "f32", True)
CASES: dict[str, str] = {
    **{name: unary_case(name) for name in aten.UNARY_OPS},
    "gelu_tanh": one_op('aten.gelu {0} approximate = "tanh"', [("x", X)], [tensor([5, 7], "f32")]),
    **{name: binary_case(name) for name in aten.BINARY_OPS},
    "add_scalar": one_op("aten.add {0}, {1}", [("x", XI), ("s", "f64")], [tensor([5, 7], "f32")], {"s": "2.5 : f64"}),
    "div_floor": one_op('aten.div {0}, {1} rounding_mode = "floor"', [("x", XI), ("n", "i64")],
                        [tensor([5, 7], "i64")], {"n": "3 : i64"}),
    "div_trunc": one_op('aten.div {0}, {1} rounding_mode = "trunc"', [("x", X), ("y", Y)], [tensor([5, 7], "f32")]),
    "pow_scalar": one_op("aten.pow {0}, {1}", [("x", X), ("n", "i64")], [tensor([5, 7], "f32")], {"n": "3 : i64"}),
    **{name: reduction_case(name) for name in aten.REDUCTION_OPS},
    "sum_all_keepdim": one_op("aten.sum {0} dims = [0, -1] keepdim = true", [("x", X)], [tensor([1, 1], "f32")]),
    "var_unbiased": one_op("aten.var {0} dims = [0] correction = 0.0", [("x", X)], [tensor([7], "f32")]),
    "where": one_op("aten.where {0}, {1}, {2}", [("c", tensor([5, 1], "i1", True)), ("x", X), ("s", "f64")],
                    [tensor([5, 7], "f32")], {"s": "-1.5 : f64"}),
    "clamp": one_op("aten.clamp {0}, min {1}, max {2}", [("x", X), ("lo", "f64"), ("hi", Y)],
                    [tensor([5, 7], "f32")], {"lo": "-0.5 : f64"}),
    "convert": "func.func @forward(%x: {0}) -> {1} {{\n  %r = aten.convert %x : {0} -> {1}\n  func.return %r : {1}\n}}".format(
        X, tensor([5, 7], "f16")),
    "empty": function([], ["%r = aten.empty : " + tensor([3, 5], "f16")], [("r", tensor([3, 5], "f16"))]),
    "random": one_op('aten.random "randn" {0} {{seed = 1 : i64}}', [("s", tensor([2], "i64", True))],
                     [tensor([5, 7], "bf16")]),
    "full": function([], ["%r = aten.full 1.5 : () -> " + tensor([3, 4], "f32")], [("r", tensor([3, 4], "f32"))]),
    "arange": function([], ["%r = aten.arange start = -1.0 step = 0.25 : " + tensor([9], "f32")],
                       [("r", tensor([9], "f32"))]),
    "max_dim": one_op("aten.max_dim {0} dim = 1", [("x", X)], [tensor([5], "f32"), tensor([5], "i64")]),
    "min_dim": one_op("aten.min_dim {0} dim = -2 keepdim = true", [("x", X)], [tensor([1, 7], "f32"), tensor([1, 7], "i64")]),
    "view": one_op("aten.view {0}", [("x", V)], [tensor([4, 6], "f32")]),
    "permute": one_op("aten.permute {0} dims = [2, 0, -2]", [("x", V)], [tensor([8, 3, 1], "f32")]),
    "transpose": one_op("aten.transpose {0} dims = 0, -1", [("x", V)], [tensor([8, 1, 3], "f32")]),
    "expand": one_op("aten.expand {0}", [("x", V)], [tensor([2, 3, 5, 8], "f32")]),
    "squeeze": one_op("aten.squeeze {0} dims = [1]", [("x", V)], [tensor([3, 8], "f32")]),
    "unsqueeze": one_op("aten.unsqueeze {0} dim = -1", [("x", V)], [tensor([3, 1, 8, 1], "f32")]),
    "slice": one_op("aten.slice {0} dim = 2 start = 1 end = 9223372036854775807 step = 2", [("x", V)],
                    [tensor([3, 1, 4], "f32")]),
    "select": one_op("aten.select {0} dim = 0 index = -1", [("x", V)], [tensor([1, 8], "f32")]),
    "as_strided": one_op("aten.as_strided {0} strides = [1, 3] offset = 2", [("x", V)], [tensor([3, 3], "f32")]),
    "clone": one_op("aten.clone {0}", [("x", V)], [tensor([3, 1, 8], "f32")]),
    "alias": one_op("aten.alias {0}", [("x", V)], [tensor([3, 1, 8], "f32")]),
    "fallback": one_op('aten.fallback "aten::mm.default"({0}, {1}) {{args = [#aten.operand<0>, #aten.operand<1>]}}',
                       [("a", tensor([5, 4], "f32", True)), ("b", tensor([4, 3], "f32", True))],
                       [tensor([5, 3], "f32", True)]),
    "transpose_add_2d_tiles": function(
        [("x", tensor([131, 37], "f32", True)), ("y", tensor([37, 131], "f32", True))],
        ["%t = aten.permute %x dims = [1, 0] : ({0}) -> ({1})".format(tensor([131, 37], "f32", True),
                                                                  tensor([37, 131], "f32")),
         "%r = aten.add %t, %y : ({0}, {1}) -> ({0})".format(tensor([37, 131], "f32"), tensor([37, 131], "f32", True))],
        [("r", tensor([37, 131], "f32"))]),
    "symbolic": one_op("aten.add {0}, {1}", [("x", tensor(["s0", 1], "f32", False).replace(">", ", strides [1, 1]>")),
                                            ("y", Y)], [tensor(["s0", 7], "f32")]),
}  # fmt: skip

UNSPECIFIED = {"empty"}  # values are unspecified: only the shape and dtype are checked

# run on to the triton level too (the emitted module under Triton's interpreter)
TO_TRITON = ["random", "sigmoid", "add_scalar", "div_floor", "sum", "argmax", "var", "where", "max_dim", "permute", "fallback",
             "transpose_add_2d_tiles"]


def parse(text: str):
    return Parser(make_context(), text).parse_module()


@pytest.mark.parametrize("name", sorted(set(CASES) - UNSPECIFIED))
def test_levels_agree(name, tmp_path):
    module = parse(CASES[name])
    spec = DEFAULT_PIPELINE if name in TO_TRITON else TO_KERNEL
    checker = PassChecker(seed=3, symbols={"s0": 6}, dump_folder=lambda: str(tmp_path))
    run_pipeline(module, make_context(), spec, callback=checker)
    assert checker.checked == len(spec.split(","))


def test_empty_has_the_shape_and_dtype_of_its_type():
    (value,) = run_module(parse(CASES["empty"]), [])
    assert value.shape == (3, 5) and value.dtype == np.float16


def test_aten_runs_pytorch_semantics():
    """Spot checks of the aten interpreter against numbers computed by hand."""
    inputs, _ = make_inputs(find_function(parse(CASES["div_floor"])).function_type.inputs.data, fill="arange")
    (got,) = run_module(parse(CASES["div_floor"]), [-inputs[0]])
    assert got[0, :4].tolist() == [0, -1, -1, -1]  # floor(-1 / 3) = -1
    (got,) = run_module(parse(CASES["div_trunc"]), [np.full((5, 7), -7.0, np.float32), np.full(7, 2.0, np.float32)])
    assert got[0, 0] == -3.0


# ---------------------------------------------------------------------------
# Coverage
# ---------------------------------------------------------------------------


def dialect_ops(name: str) -> list:
    from irc.registry import get_all_dialects

    return list(get_all_dialects()[name]().operations)


@pytest.mark.parametrize("name", ["aten", "loop", "kernel"])
def test_every_op_has_an_implementation(name):
    missing = [op.name for op in dialect_ops(name) if op not in registered_op_types()]
    assert not missing


def test_every_arith_and_math_op_the_pipeline_makes_has_an_implementation():
    implemented = registered_op_types()
    for name in TO_TRITON + ["gelu", "remainder", "pow_scalar", "clamp", "convert", "arange", "var_unbiased"]:
        module = parse(CASES[name])
        run_pipeline(module, make_context(), TO_KERNEL)
        ops = {op for op in module.walk() if op.dialect_name() in ("arith", "math")}
        assert not [op.name for op in ops if type(op) not in implemented]


@pytest.mark.parametrize("name", ["aten", "loop", "kernel"])
def test_every_op_has_an_interpreter_test(name):
    texts = list(CASES.values()) if name == "aten" else [open(p).read() for p in glob.glob(f"{LIT}/*.mlir")]
    text = "\n".join(texts)
    missing = [op.name for op in dialect_ops(name) if op.name + " " not in text and op.name + "\n" not in text]
    assert not missing


def test_zero_dim_inputs_keep_their_shape():
    """A 0-d tensor argument (a loss's tangent) must reach the interpreters as 0-d, not as shape [1]."""
    import torch
    from xdsl.dialects.builtin import f32

    from irc.dialects.types import TensorType
    from irc.interp.values import to_level

    value = to_level(torch.tensor(2.5), TensorType([], f32, strides=[]), {})
    assert value.shape == () and float(value) == 2.5
