"""convert-aten-to-loop: the structure of the lowered IR, PyTorch's dtype rules, numbers against eager.

Numeric cases build a one-op aten function from a small spec (result dtypes and shapes come from eager
PyTorch itself), lower it, run it with the numpy evaluator (irc/interp/loop_numpy.py) and compare with eager.
"""

from __future__ import annotations

import itertools
import os
import zlib

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser
from xdsl.utils.exceptions import PassFailedException

from irc.dialects import aten, loop
from irc.dialects.elementwise import SPECIAL_POLYNOMIALS
from irc.dialects.types import BufferType, element_type
from irc.interp.interpreter import run_function
from irc.passes.convert_aten_to_loop.elementwise import BINARY, UNARY
from irc.passes.convert_aten_to_loop.dtypes import number_in, promote_types, result_type
from irc.passes.convert_aten_to_loop.views import view_strides
from irc.passes.convert_aten_to_loop import ConvertAtenToLoopPass
from irc.pipeline import make_context, run_pipeline_through_text

DTYPES = {
    torch.float16: "f16", torch.bfloat16: "bf16", torch.float32: "f32", torch.float64: "f64",
    torch.bool: "i1", torch.int8: "i8", torch.int16: "i16", torch.int32: "i32", torch.int64: "i64",
    torch.uint8: "ui8",
}  # fmt: skip
SCALAR_TYPES = {bool: "i1", int: "i64", float: "f64"}
SEED = os.environ.get("IRC_TEST_SEED", "0")

# ---------------------------------------------------------------------------
# Building aten functions from specs
# ---------------------------------------------------------------------------


def tensor_type(t: torch.Tensor, with_strides: bool = True) -> str:
    strides = f", strides [{', '.join(map(str, t.stride()))}]" if with_strides else ""
    return f"!aten.tensor<[{', '.join(map(str, t.shape))}], {DTYPES[t.dtype]}{strides}>"


def scalar_text(value: bool | int | float) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, float):
        return (
            repr(value)
            if np.isfinite(value)
            else {"inf": "0x7FF0000000000000", "-inf": "0xFFF0000000000000"}[repr(value)]
        )
    return str(value)


def one_op_function(op_text: str, inputs: list, outputs: list[torch.Tensor]) -> str:
    """`func.func @forward` applying `op_text` ({0}, {1}, ... are the operands; also {types}, {results})."""
    args, consts, operand_names, operand_types = [], [], [], []
    for k, value in enumerate(inputs):
        if isinstance(value, torch.Tensor):
            args.append(f"%a{k}: {tensor_type(value)}")
            operand_types.append(tensor_type(value))
        else:
            t = SCALAR_TYPES[type(value)]
            typed = "" if t == "i1" else f" : {t}"
            consts.append(f"  %a{k} = arith.constant {scalar_text(value)}{typed}")
            operand_types.append(t)
        operand_names.append(f"%a{k}")
    results = [tensor_type(o, with_strides=False) for o in outputs]
    names = ", ".join(f"%r{k}" for k in range(len(outputs)))
    op = op_text.format(*operand_names, types=", ".join(operand_types), results=", ".join(results))
    return "\n".join(
        [
            f"func.func @forward({', '.join(args)}) -> ({', '.join(results)}) {{",
            *consts,
            f"  {names} = {op}",
            f"  func.return {names} : {', '.join(results)}",
            "}",
        ]
    )


def lower(text: str) -> ModuleOp:
    ctx = make_context()
    module = Parser(ctx, text).parse_module()
    module.verify()
    return run_pipeline_through_text(module, ctx, "convert-aten-to-loop")


def to_numpy(t: torch.Tensor) -> np.ndarray:
    return (t.float() if t.dtype == torch.bfloat16 else t).numpy()


def check_numbers(op_text: str, inputs: list, reference) -> ModuleOp:
    """Lowers `op_text` applied to `inputs` and compares the evaluated results with `reference(*inputs)`."""
    expected = reference(*inputs)
    expected = list(expected) if isinstance(expected, tuple) else [expected]
    module = lower(one_op_function(op_text, inputs, expected))
    tensors = [
        to_numpy(v) if isinstance(v, torch.Tensor) else v for v in inputs if isinstance(v, torch.Tensor)
    ]
    got = run_function(module, tensors)
    for value, want in zip(got, expected):
        want_np = to_numpy(want)
        assert value.shape == want_np.shape
        tolerance = {torch.float16: 2e-3, torch.bfloat16: 1e-2, torch.float32: 1e-5}.get(want.dtype, 1e-12)
        if want.dtype.is_floating_point:
            np.testing.assert_allclose(
                value.astype(np.float64), want_np, rtol=tolerance, atol=tolerance, equal_nan=True
            )
        else:
            np.testing.assert_array_equal(value, want_np)
    return module


def sample(shape, dtype: torch.dtype, nonzero: bool = False, low: int = -5) -> torch.Tensor:
    gen = torch.Generator().manual_seed(zlib.crc32(f"{SEED} {tuple(shape)} {dtype}".encode()))
    if dtype == torch.bool:
        return torch.randint(0, 2, shape, generator=gen).bool()
    if dtype.is_floating_point:
        values = torch.randn(shape, generator=gen) * 3
        return (values.abs() + 0.5 if nonzero else values).to(dtype)
    low = 0 if dtype == torch.uint8 else low
    values = torch.randint(low, 6, shape, generator=gen)
    if nonzero:
        values = torch.where(values == 0, torch.ones_like(values), values)
    return values.to(dtype)


# ---------------------------------------------------------------------------
# Elementwise numbers
# ---------------------------------------------------------------------------

BESSEL_K_AND_AIRY = ("modified_bessel_k0", "modified_bessel_k1", "scaled_modified_bessel_k0",
                     "scaled_modified_bessel_k1", "airy_ai")
UNARY_REFERENCES = {
    "silu": F.silu, "gelu": F.gelu, "relu": torch.relu, "trigamma": lambda x: torch.polygamma(1, x),
    **{name: getattr(torch.special, name) for name in ("i1", "i0e", "i1e", "erfcx", "ndtri", "bessel_j0")},
    **{name: getattr(torch.special, name) for name in ("bessel_j1", "bessel_y0", "bessel_y1", "spherical_bessel_j0")},
    **{name: getattr(torch.special, name) for name in BESSEL_K_AND_AIRY},
    "frexp_mantissa": lambda x: torch.frexp(x).mantissa, "frexp_exponent": lambda x: torch.frexp(x).exponent,
}  # fmt: skip
FLOAT32_AND_UP_IN_EAGER = {"erfcx", "ndtri", "bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1", "spherical_bessel_j0",
                           *BESSEL_K_AND_AIRY}
UNARY_CASES = [
    (name, dtype)
    for name in UNARY
    for dtype in (torch.float32, torch.float16, torch.bfloat16, torch.int32, torch.bool, torch.uint8)
    if (dtype.is_floating_point or name not in ("silu", "gelu"))
    and not (dtype == torch.bool and name in ("neg", "abs", "relu", "floor", "ceil", "round", "trunc"))
    and not (dtype.is_floating_point and name == "bitwise_not")
    and (dtype.is_floating_point or aten.UNARY_OPS[name].row.operand != "float")
    and not (dtype == torch.uint8 and name in ("neg", "abs", "sign"))
    and not (dtype in (torch.float16, torch.bfloat16) and name in FLOAT32_AND_UP_IN_EAGER)
]


@pytest.mark.parametrize("name,dtype", UNARY_CASES, ids=[f"{n}-{DTYPES[d]}" for n, d in UNARY_CASES])
def test_unary_numbers(name: str, dtype: torch.dtype):
    x = sample((2, 5), dtype)
    if name in ("log", "log2", "sqrt", "rsqrt", "asin", "acos", "log1p") and dtype.is_floating_point:
        x = (x.float().abs() / 4 + 0.01).to(dtype)
    reference = UNARY_REFERENCES.get(name) or getattr(torch, name)
    check_numbers(f"aten.{name} {{0}} : ({{types}}) -> {{results}}", [x], reference)


def test_gelu_tanh_numbers():
    x = sample((7,), torch.float32)
    check_numbers(
        'aten.gelu {0} approximate = "tanh" : ({types}) -> {results}',
        [x],
        lambda v: F.gelu(v, approximate="tanh"),
    )


def test_special_float_values():
    x = torch.tensor([float("nan"), float("inf"), -float("inf"), -0.0, 0.0, 2.5, -2.5, 0.5, 1.5])
    for name in ("sign", "isnan", "isinf", "round", "relu", "sigmoid", "abs"):
        reference = UNARY_REFERENCES.get(name) or getattr(torch, name)
        check_numbers(f"aten.{name} {{0}} : ({{types}}) -> {{results}}", [x], reference)


BINARY_DTYPE_PAIRS = [
    (torch.float32, torch.float32),
    (torch.float16, torch.float16),
    (torch.bfloat16, torch.float32),
    (torch.int32, torch.int64),
    (torch.int32, torch.float16),
    (torch.bool, torch.bool),
    (torch.uint8, torch.int8),
    (torch.bool, torch.int32),
]
NUMERIC_ONLY = {"sub", "remainder", "div", "pow", "atan2", "fmod"}
INTEGER_ONLY = {"bitwise_and", "bitwise_or", "bitwise_xor"}


# torch.special's functions of a degree or of Hurwitz's q: eager computes them in f32 and f64 only
SPECIAL_F32_ONLY = {*SPECIAL_POLYNOMIALS, "zeta"}


def binary_supported(name: str, a: torch.dtype, b: torch.dtype) -> bool:
    if name in SPECIAL_F32_ONLY:
        return a == b == torch.float32
    if aten.BINARY_OPS[name].row.operand == "float":  # the op's row admits floating-point operands only
        return a.is_floating_point and b.is_floating_point
    if aten.BINARY_OPS[name].row.operand == "integer":
        return not (a.is_floating_point or b.is_floating_point) and torch.bool not in (a, b)
    if name in INTEGER_ONLY:
        return not (a.is_floating_point or b.is_floating_point)
    if name in NUMERIC_ONLY and torch.bool in (a, b):
        return False
    if name == "pow" and not (a.is_floating_point or b.is_floating_point):
        return a == b and a != torch.uint8
    return True


BINARY_CASES = [(n, a, b) for n in BINARY for a, b in BINARY_DTYPE_PAIRS if binary_supported(n, a, b)]


@pytest.mark.parametrize(
    "name,a,b", BINARY_CASES, ids=[f"{n}-{DTYPES[a]}-{DTYPES[b]}" for n, a, b in BINARY_CASES]
)
def test_binary_numbers_with_broadcast(name: str, a: torch.dtype, b: torch.dtype):
    x = sample((3, 4), a)
    y = sample((4,), b, nonzero=name in ("div", "remainder", "fmod"), low=0 if name == "pow" else -5)
    if name == "pow" and a.is_floating_point:
        x = x.abs()
    reference = getattr(torch, name, None) or getattr(torch.special, name)
    check_numbers(f"aten.{name} {{0}}, {{1}} : ({{types}}) -> {{results}}", [x, y], reference)


SCALARS = [2.5, 3, True, -0.1]


@pytest.mark.parametrize("name", ["add", "mul", "sub", "lt", "eq", "maximum", "div", "remainder"])
@pytest.mark.parametrize("dtype", [torch.float16, torch.int32, torch.bool])
@pytest.mark.parametrize("scalar", SCALARS)
def test_binary_numbers_with_python_scalar(name: str, dtype: torch.dtype, scalar):
    if (name in NUMERIC_ONLY and (dtype == torch.bool or isinstance(scalar, bool))) or name == "maximum":
        return  # PyTorch rejects these (maximum takes tensors only)
    x = sample((5,), dtype)
    check_numbers(f"aten.{name} {{0}}, {{1}} : ({{types}}) -> {{results}}", [x, scalar], getattr(torch, name))


def test_zero_dim_tensor_promotion():
    x = sample((4,), torch.float16)
    y = torch.tensor(3.25, dtype=torch.float64)
    module = check_numbers("aten.add {0}, {1} : ({types}) -> {results}", [x, y], torch.add)
    assert "!loop.buffer<[4], f16, strides [1]>" in str(module)


@pytest.mark.parametrize("mode", ["trunc", "floor"])
@pytest.mark.parametrize("dtype", [torch.int64, torch.float32])
def test_div_rounding_modes(mode: str, dtype: torch.dtype):
    x, y = sample((6,), dtype) * 3, sample((6,), dtype, nonzero=True)
    if dtype == torch.float32:
        y = y * torch.tensor([1, -1, 1, -1, 1, -1.0])
    check_numbers(
        f'aten.div {{0}}, {{1}} rounding_mode = "{mode}" : ({{types}}) -> {{results}}',
        [x, y],
        lambda a, b: torch.div(a, b, rounding_mode=mode),
    )


def test_where_and_clamp_numbers():
    c, x, y = sample((3, 1), torch.bool), sample((3, 4), torch.float32), sample((4,), torch.int32)
    check_numbers("aten.where {0}, {1}, {2} : ({types}) -> {results}", [c, x, y], torch.where)
    check_numbers("aten.where {0}, {1}, {2} : ({types}) -> {results}", [c, x, 0], torch.where)
    check_numbers(
        "aten.clamp {0}, min {1}, max {2} : ({types}) -> {results}",
        [x, -1.0, 0.5],
        lambda v, lo, hi: v.clamp(lo, hi),
    )
    check_numbers("aten.clamp {0}, max {1} : ({types}) -> {results}", [x, y], lambda v, hi: v.clamp(max=hi))
    ints = sample((6,), torch.int32)
    check_numbers(
        "aten.clamp {0}, min {1} : ({types}) -> {results}", [ints, 1], lambda v, lo: v.clamp(min=lo)
    )


CONVERT_TYPES = [torch.float32, torch.float16, torch.bfloat16, torch.int32, torch.bool, torch.uint8]
CONVERT_PAIRS = list(itertools.permutations(CONVERT_TYPES, 2))


@pytest.mark.parametrize("source,target", CONVERT_PAIRS)
def test_convert_numbers(source: torch.dtype, target: torch.dtype):
    x = sample((9,), source)
    check_numbers("aten.convert {0} : {types} -> {results}", [x], lambda v: v.to(target))


# ---------------------------------------------------------------------------
# Views, reductions, creation, fallback
# ---------------------------------------------------------------------------

VIEW_CASES = {
    "permute": ("aten.permute {0} dims = [2, 0, 1]", lambda v: v.permute(2, 0, 1)),
    "transpose": ("aten.transpose {0} dims = 0, -1", lambda v: v.transpose(0, -1)),
    "expand": ("aten.expand {0}", lambda v: v[:, :1].expand(2, 3, 4, 5)),
    "unsqueeze": ("aten.unsqueeze {0} dim = 1", lambda v: v.unsqueeze(1)),
    "unsqueeze_end": ("aten.unsqueeze {0} dim = -1", lambda v: v.unsqueeze(-1)),
    "slice": ("aten.slice {0} dim = 2 start = 1 end = 9223372036854775807 step = 2", lambda v: v[:, :, 1::2]),
    "slice_negative": ("aten.slice {0} dim = 1 start = -3 end = -1", lambda v: v[:, -3:-1]),
    "select": ("aten.select {0} dim = 1 index = -2", lambda v: v.select(1, -2)),
    "as_strided": (
        "aten.as_strided {0} strides = [1, 7] offset = 3",
        lambda v: v.as_strided((3, 2), (1, 7), 3),
    ),
    "view": ("aten.view {0}", lambda v: v.reshape(3, 20)),
    "view_split": ("aten.view {0}", lambda v: v.reshape(3, 2, 2, 5)),
    "clone": ("aten.clone {0}", lambda v: v.clone()),
    "alias": ("aten.alias {0}", lambda v: v),
}


@pytest.mark.parametrize("case", VIEW_CASES)
@pytest.mark.parametrize("layout", ["contiguous", "transposed"])
def test_view_numbers(case: str, layout: str):
    text, reference = VIEW_CASES[case]
    x = sample((3, 4, 5), torch.float32)
    if layout == "transposed":
        x = x.transpose(0, 2).contiguous().transpose(0, 2)  # same values, strides [1, 3, 12]
    if case == "expand":
        x = x[:, :1]
        reference = lambda v: v.expand(2, 3, 1, 5).expand(2, 3, 4, 5)
        text = "aten.expand {0}"
    module = check_numbers(text + " : ({types}) -> {results}", [x], reference)
    ops = [type(op) for op in module.walk()]
    if case == "clone" or (
        case == "view" and layout == "transposed"
    ):  # [3, 4, 5] strides [1, 3, 12] -> [3, 20]
        assert loop.PointwiseOp in ops
    else:
        assert loop.PointwiseOp not in ops


def test_view_of_view_reinterprets_the_root():
    x = sample((4, 6), torch.float32)
    text = (
        "func.func @forward(%x: " + tensor_type(x) + ") -> !aten.tensor<[3], f32> {\n"
        "  %t = aten.transpose %x dims = 0, 1 : (" + tensor_type(x) + ") -> !aten.tensor<[6, 4], f32>\n"
        "  %s = aten.select %t dim = 0 index = 2 : (!aten.tensor<[6, 4], f32>) -> !aten.tensor<[4], f32>\n"
        "  %u = aten.slice %s dim = 0 start = 1 end = 4"
        " : (!aten.tensor<[4], f32>) -> !aten.tensor<[3], f32>\n"
        "  func.return %u : !aten.tensor<[3], f32>\n}"
    )
    module = lower(text)
    views = [op for op in module.walk() if isinstance(op, loop.ReinterpretOp)]
    assert all(view.source.type == BufferType([4, 6], element_type("f32")) for view in views)
    assert views[-1].result.type == BufferType([3], element_type("f32"), [6], 8)
    (got,) = run_function(module, [x.numpy()])
    np.testing.assert_array_equal(got, x.t()[2][1:4].numpy())


REDUCTION_CASES = [
    ("sum", "dims = [1]", lambda v: v.sum(1), torch.float32),
    ("sum", "dims = [0, 2] keepdim = true", lambda v: v.sum((0, 2), keepdim=True), torch.float16),
    ("sum", "", lambda v: v.sum(), torch.bool),
    ("sum", "dims = [-1]", lambda v: v.sum(-1), torch.int32),
    ("prod", "dims = [2]", lambda v: v.prod(2), torch.float32),
    ("amax", "dims = [0, 1]", lambda v: v.amax((0, 1)), torch.bfloat16),
    ("amin", "dims = [1] keepdim = true", lambda v: v.amin(1, keepdim=True), torch.int32),
    ("any", "dims = [2]", lambda v: v.any(2), torch.bool),
    ("all", "dims = [2]", lambda v: v.all(2), torch.float32),
    ("argmax", "dims = [1]", lambda v: v.argmax(1), torch.float32),
    ("argmin", "dims = [2] keepdim = true", lambda v: v.argmin(2, keepdim=True), torch.int32),
    ("argmax", "", lambda v: v.argmax(), torch.float32),
    ("argmax", "keepdim = true", lambda v: v.argmax(keepdim=True), torch.float32),
    ("mean", "dims = [1, 2]", lambda v: v.mean((1, 2)), torch.float32),
    ("mean", "dims = [0]", lambda v: v.mean(0), torch.float16),
    ("var", "dims = [2]", lambda v: v.var(2), torch.float32),
    (
        "var",
        "dims = [1] keepdim = true correction = 0.0",
        lambda v: v.var(1, keepdim=True, correction=0),
        torch.float32,
    ),
    ("std", "dims = [0, 2]", lambda v: v.std((0, 2)), torch.float16),
    ("std", "", lambda v: v.std(), torch.float64),
]


@pytest.mark.parametrize(
    "name,props,reference,dtype", REDUCTION_CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(REDUCTION_CASES)]
)
def test_reduction_numbers(name, props, reference, dtype):
    x = sample((3, 4, 5), dtype)
    check_numbers(f"aten.{name} {{0}} {props} : ({{types}}) -> {{results}}", [x], reference)


@pytest.mark.parametrize("name", ["max_dim", "min_dim"])
@pytest.mark.parametrize("keepdim", [False, True])
def test_max_min_dim_numbers(name: str, keepdim: bool):
    x = sample((3, 4, 5), torch.float16)
    function = torch.max if name == "max_dim" else torch.min
    keep = " keepdim = true" if keepdim else ""
    check_numbers(
        f"aten.{name} {{0}} dim = 1{keep} : ({{types}}) -> ({{results}})",
        [x],
        lambda v: tuple(function(v, 1, keepdim=keepdim)),
    )


def test_var_of_one_element_is_nan_and_zero_size_sum_is_zero():
    check_numbers(
        "aten.var {0} dims = [1] : ({types}) -> {results}",
        [sample((3, 1), torch.float32)],
        lambda v: v.var(1),
    )
    check_numbers("aten.sum {0} dims = [1] : ({types}) -> {results}", [torch.ones(3, 0)], lambda v: v.sum(1))
    check_numbers(
        "aten.prod {0} dims = [1] : ({types}) -> {results}", [torch.ones(3, 0)], lambda v: v.prod(1)
    )


def test_zero_dim_reduction():
    check_numbers("aten.sum {0} : ({types}) -> {results}", [torch.tensor(2.5)], lambda v: v.sum())


def test_creation_numbers():
    module = lower(
        "func.func @forward() -> (!aten.tensor<[2, 3], f16>, !aten.tensor<[5], i64>, !aten.tensor<[4], f32>,"
        " !aten.tensor<[], i1>) {\n"
        "  %0 = aten.full 0.1 : () -> !aten.tensor<[2, 3], f16>\n"
        "  %1 = aten.arange start = -3 step = 2 : !aten.tensor<[5], i64>\n"
        "  %2 = aten.arange start = 1.0 step = 0.25 : !aten.tensor<[4], f32>\n"
        "  %e = aten.empty : !aten.tensor<[], i1>\n"
        "  func.return %0, %1, %2, %e"
        " : !aten.tensor<[2, 3], f16>, !aten.tensor<[5], i64>, !aten.tensor<[4], f32>,"
        " !aten.tensor<[], i1>\n}"
    )
    full, ints, floats, empty = run_function(module, [])
    np.testing.assert_array_equal(full, torch.full((2, 3), 0.1, dtype=torch.float16).numpy())
    np.testing.assert_array_equal(ints, torch.arange(-3, 7, 2).numpy())
    np.testing.assert_array_equal(floats, torch.arange(1.0, 2.0, 0.25).numpy())
    assert empty.shape == ()


def test_fallback_becomes_extern_with_the_strides_aten_gives_for_its_operands():
    """The traced type said column-major; mm of these row-major operands returns row-major."""
    a, b = sample((3, 4), torch.float32), sample((4, 5), torch.float32)
    mm = torch.mm(a, b)
    text = (
        f"func.func @forward(%a: {tensor_type(a)}, %b: {tensor_type(b)}) -> !aten.tensor<[3, 5], f32> {{\n"
        f'  %0 = aten.fallback "aten::mm.default"(%a, %b) {{args = [#aten.operand<0>, #aten.operand<1>]}}'
        f" : ({tensor_type(a)}, {tensor_type(b)}) -> !aten.tensor<[3, 5], f32, strides [1, 3]>\n"
        "  %1 = aten.exp %0 : (!aten.tensor<[3, 5], f32, strides [1, 3]>) -> !aten.tensor<[3, 5], f32>\n"
        "  func.return %1 : !aten.tensor<[3, 5], f32>\n}"
    )
    module = lower(text)
    (extern,) = [op for op in module.walk() if op.name == "kernel.extern"]
    assert extern.results[0].type == BufferType([3, 5], element_type("f32"), [5, 1])
    assert str(extern.args) == "[#kernel.operand<0>, #kernel.operand<1>]"
    (got,) = run_function(module, [a.numpy(), b.numpy()])
    np.testing.assert_allclose(got, mm.exp().numpy(), rtol=1e-5)


def test_symbolic_sizes():
    text = (
        "func.func @forward(%x: !aten.tensor<[s0, 8], f32, strides [8, 1]>) -> (!aten.tensor<[8], f32>,"
        ' !aten.tensor<["8*s0"], f32>) {\n'
        "  %t = aten.transpose %x dims = 0, 1"
        " : (!aten.tensor<[s0, 8], f32, strides [8, 1]>) -> !aten.tensor<[8, s0], f32>\n"
        "  %m = aten.mean %t dims = [1] : (!aten.tensor<[8, s0], f32>) -> !aten.tensor<[8], f32>\n"
        '  %v = aten.view %t : (!aten.tensor<[8, s0], f32>) -> !aten.tensor<["8*s0"], f32>\n'
        '  func.return %m, %v : !aten.tensor<[8], f32>, !aten.tensor<["8*s0"], f32>\n}'
    )
    module = lower(text)
    assert 'loop.index #loop.index<"s0"> : i64' in str(module)
    x = sample((5, 8), torch.float32)
    mean, flat = run_function(module, [x.numpy()])
    np.testing.assert_allclose(mean, x.t().mean(1).numpy(), rtol=1e-6)
    np.testing.assert_array_equal(flat, x.t().reshape(-1).numpy())


# ---------------------------------------------------------------------------
# Structure and failures
# ---------------------------------------------------------------------------


def test_signature_and_no_aten_left():
    x = sample((3, 9), torch.float16)
    module = lower(one_op_function("aten.sum {0} dims = [1] : ({types}) -> {results}", [x], [x.sum(1)]))
    (function,) = [op for op in module.walk() if op.name == "func.func"]
    assert str(function.function_type) == (
        "(!loop.buffer<[3, 9], f16, strides [9, 1]>) -> !loop.buffer<[3], f16, strides [1]>"
    )
    assert not [op for op in module.walk() if op.dialect_name() == "aten"]
    reduction = next(op for op in module.walk() if isinstance(op, loop.ReductionOp))
    assert reduction.results[0].type.element_type == element_type("f32")  # f16 accumulates in f32


def test_unsupported_operand_fails_with_the_op_name():
    text = (
        "func.func @forward() -> !aten.tensor<[3], f32> {\n"
        '  %x = "test.op"() : () -> !aten.tensor<[3], f32>\n'
        "  %0 = aten.exp %x : (!aten.tensor<[3], f32>) -> !aten.tensor<[3], f32>\n"
        "  func.return %0 : !aten.tensor<[3], f32>\n}"
    )
    ctx = make_context()
    ctx.allow_unregistered = True
    module = Parser(ctx, text).parse_module()
    with pytest.raises(PassFailedException, match="aten.exp"):
        ConvertAtenToLoopPass().apply(ctx, module)


def test_tables_cover_the_aten_tables():
    assert set(UNARY) == set(aten.UNARY_OPS)
    assert set(BINARY) == set(aten.BINARY_OPS)
    from irc.passes.convert_aten_to_loop.reductions import REDUCTIONS

    assert set(REDUCTIONS) == set(aten.REDUCTION_OPS)
    from irc.passes.convert_aten_to_loop import LOWERINGS

    assert set(aten.ATEN_OPS) <= set(LOWERINGS)


# ---------------------------------------------------------------------------
# dtype and layout helpers against PyTorch
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("a,b", list(itertools.combinations_with_replacement(DTYPES, 2)))
def test_promote_types_matches_torch(a: torch.dtype, b: torch.dtype):
    expected = element_type(DTYPES[torch.promote_types(a, b)])
    assert promote_types(element_type(DTYPES[a]), element_type(DTYPES[b])) == expected


@pytest.mark.parametrize("a", list(DTYPES))
@pytest.mark.parametrize("other", ["0-d", 2.5, 3, True, "tensor-f16"])
def test_result_type_matches_torch(a: torch.dtype, other):
    x = torch.zeros(2, dtype=a)
    if other == "0-d":
        y, y_type = torch.tensor(1, dtype=torch.float64), BufferType([], element_type("f64"))
    elif other == "tensor-f16":
        y, y_type = torch.zeros(2, dtype=torch.float16), BufferType([2], element_type("f16"))
    else:
        y, y_type = other, element_type(SCALAR_TYPES[type(other)])
    expected = element_type(DTYPES[torch.result_type(x, y)])
    assert result_type([BufferType([2], element_type(DTYPES[a])), y_type]) == expected


@pytest.mark.parametrize(
    "sizes,strides,new_sizes",
    [
        ((4, 6), (6, 1), (24,)),
        ((4, 6), (1, 4), (24,)),
        ((4, 6), (1, 4), (2, 2, 6)),
        ((4, 6), (1, 4), (4, 2, 3)),
        ((2, 3, 4), (12, 1, 3), (6, 4)),
        ((2, 3, 4), (12, 1, 3), (2, 12)),
        ((4, 1, 6), (6, 99, 1), (4, 6, 1)),
        ((3, 4), (0, 1), (12,)),
        ((3, 4), (0, 1), (3, 2, 2)),
        ((2, 0, 3), (0, 3, 1), (0, 5)),
        ((), (), (1, 1)),
    ],
)
def test_view_strides_match_torch(sizes, strides, new_sizes):
    base = torch.empty_strided(sizes, strides)
    try:
        expected = list(base.view(new_sizes).stride())
    except RuntimeError:
        expected = None
    got = view_strides(list(sizes), list(strides), list(new_sizes))
    assert (got if got is None else [int(s) for s in got]) == expected


def test_view_strides_symbolic():
    import sympy

    s0 = sympy.Symbol("s0")
    assert view_strides([s0, 8], [8, 1], [8 * s0]) == [1]
    assert view_strides([s0, 8], [1, s0], [8 * s0]) is None
    assert view_strides([8, s0], [s0, 1], [2, 4, s0]) == [4 * s0, s0, 1]


@pytest.mark.parametrize("value", [0.1, 1e10, -70000.0, 3.0000001, float("inf")])
@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16, torch.float32])
def test_number_in_rounds_like_torch(value: float, dtype: torch.dtype):
    expected = torch.tensor(value, dtype=torch.float64).to(dtype).item()
    assert number_in(value, element_type(DTYPES[dtype])) == expected


def test_number_in_wraps_integers():
    assert number_in(300, element_type("ui8")) == 44
    assert number_in(200, element_type("i8")) == -56
    assert number_in(2.9, element_type("i32")) == 2
    assert number_in(-2, element_type("i1")) is True
