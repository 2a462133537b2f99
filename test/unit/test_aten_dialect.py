"""The aten dialect from Python: building ops, the op tables, and the shape helpers other passes reuse."""

import math
import re
import subprocess
import sys
from pathlib import Path

import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import StringAttr, f16, f32, f64, i1, i64
from xdsl.dialects import test as test_dialect
from xdsl.parser import Parser
from xdsl.utils.exceptions import VerifyException

from irc.dialects import aten
from irc.dialects.aten import (
    BINARY_OPS,
    REDUCTION_OPS,
    UNARY_OPS,
    Aten,
    OperandRefAttr,
    broadcast_shapes,
    normalize_dim,
    reduced_shape,
)
from irc.dialects.aten_format import number_attr
from irc.dialects.types import TensorType

OPS_MLIR = Path(__file__).parents[1] / "lit" / "Dialect" / "aten" / "ops.mlir"


def value(t):
    return test_dialect.TestOp(result_types=[t]).res[0]


def tensor(shape, elt=f32):
    return value(TensorType(shape, elt))


def parse_module(text: str):
    ctx = Context()
    ctx.load_dialect(Aten)
    ctx.load_dialect(test_dialect.Test)
    module = Parser(ctx, text).parse_module()
    module.verify()
    return module


# ---------------------------------------------------------------------------
# Tables
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "table", [UNARY_OPS, BINARY_OPS, REDUCTION_OPS], ids=["unary", "binary", "reduction"]
)
def test_each_table_row_is_a_registered_op_class(table):
    registered = set(Aten.operations)
    for name, entry in table.items():
        assert entry.op.name == f"aten.{name}"
        assert entry.op.ROW is entry.row
        assert entry.op in registered
        assert getattr(aten, entry.op.__name__) is entry.op


def test_generated_classes_have_the_expected_names():
    assert aten.AddOp is BINARY_OPS["add"].op
    assert aten.SigmoidOp is UNARY_OPS["sigmoid"].op
    assert aten.LogicalNotOp.name == "aten.logical_not"
    assert aten.SumOp is REDUCTION_OPS["sum"].op
    assert aten.ArgmaxOp.ROW.max_dims == 1
    assert BINARY_OPS["eq"].row.result == "bool"
    assert UNARY_OPS["bitwise_not"].row.operand == "integer_or_bool"


def test_every_op_appears_in_the_round_trip_test():
    text = OPS_MLIR.read_text()
    def used(name: str) -> bool:
        return re.search(rf"(= |^){re.escape(name)} ", text, re.M) is not None

    assert [op.name for op in Aten.operations if not used(op.name)] == []


# ---------------------------------------------------------------------------
# Building ops
# ---------------------------------------------------------------------------


def test_build_and_verify_elementwise_ops():
    x, y, s = tensor([3, 9]), tensor([9]), value(f64)
    add = aten.AddOp(x, y, TensorType([3, 9], f32))
    add.verify()
    assert str(add).startswith("%0 = aten.add %1, %2 : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>)")
    aten.SigmoidOp(x).verify()  # the result type defaults to the operand's
    aten.GeluOp(x, approximate="tanh").verify()
    aten.DivOp(x, s, TensorType([3, 9], f32), rounding_mode="floor").verify()
    aten.ClampOp(x, TensorType([3, 9], f32), max=s).verify()
    aten.WhereOp(tensor([3, 1], i1), x, s, TensorType([3, 9], f32)).verify()
    aten.ConvertOp(x, TensorType([3, 9], f16)).verify()


def test_build_and_verify_reductions_views_creation():
    x = tensor([3, 9])
    total = aten.SumOp(x, TensorType([3, 1], f32), dims=[-1], keepdim=True)
    total.verify()
    assert total.dim_list() == [-1] and total.keeps_dims()
    aten.VarOp(x, TensorType([9], f32), dims=[0], correction=0.0).verify()
    values_and_indices = aten.MaxDimOp(x, TensorType([9], f32), dim=0)
    values_and_indices.verify()
    assert values_and_indices.indices.type == TensorType([9], i64)
    aten.PermuteOp(x, TensorType([9, 3], f32), dims=[1, 0]).verify()
    aten.SliceOp(x, TensorType([3, 3], f32), dim=1, start=0, end=9, step=3).verify()
    aten.AsStridedOp(x, TensorType([9, 3], f32), strides=[1, "s0"], offset="2*s0").verify()
    aten.FullOp(TensorType([2], i64), 7).verify()
    aten.FullOp(TensorType(["s0"], f32), value(f64)).verify()
    aten.ArangeOp(TensorType([5], f32), 0.0, 0.5).verify()


def test_build_fallback_with_operand_references():
    a, b = tensor([3, 4]), tensor([4, 5])
    result_types = [TensorType([3, 5], f32)]
    mm = aten.FallbackOp("aten::mm.default", [a, b], result_types, [OperandRefAttr(0), OperandRefAttr(1)])
    mm.verify()
    assert "#aten.operand<1>" in str(mm)
    unused = aten.FallbackOp("aten::mm.default", [a, b], result_types, [OperandRefAttr(0)])
    with pytest.raises(VerifyException, match="operand 1 is not referenced"):
        unused.verify()
    with pytest.raises(VerifyException, match="non-negative"):
        OperandRefAttr(-1)


@pytest.mark.parametrize(
    "build, message",
    [
        (lambda x: aten.AddOp(x, tensor([4]), TensorType([3, 9], f32)), "not broadcast-compatible"),
        (lambda x: aten.ExpOp(x, TensorType([3, 9], i64)), "must be floating point"),
        (lambda x: aten.MeanOp(x, TensorType([3], f32), dims=[1, 1]), "name the same dim twice"),
        (lambda x: aten.TransposeOp(x, TensorType([3, 9], f32), 0, 1), "transposed shape [9, 3]"),
        (lambda x: aten.GeluOp(x, approximate="fast"), 'approximate must be "none" or "tanh"'),
        (lambda x: aten.DivOp(x, x, TensorType([3, 9], f32), rounding_mode="up"), "rounding_mode"),
    ],
)
def test_verifiers_reject_python_built_ops(build, message):
    with pytest.raises(VerifyException, match=re.escape(message)):
        build(tensor([3, 9])).verify()


def test_properties_have_python_accessors_and_defaults():
    module = parse_module(
        '%x = "test.op"() : () -> !aten.tensor<[3, 9], f32>\n'
        "%0 = aten.std %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[], f32>\n"
        '%1 = aten.gelu %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>\n'
    )
    _, std, gelu = module.ops
    assert std.dim_list() == [] and not std.keeps_dims() and std.correction.value.data == 1.0
    assert gelu.approximate == StringAttr("none")


@pytest.mark.parametrize(
    "number", [0, -3, 2**62, 1.5, -0.25, 1e-5, 1e300, 1 / 3, math.inf, -math.inf, True, False]
)
def test_fill_values_round_trip_exactly(number):
    elt = i1 if isinstance(number, bool) else f64 if isinstance(number, float) else i64
    op = aten.FullOp(TensorType([2], elt), number)
    text = '%x = "test.op"() : () -> f64\n' + str(op)
    (_, parsed) = parse_module(text).ops
    assert parsed.value == number_attr(number)


def test_nan_fill_value_round_trips():
    (parsed,) = parse_module(str(aten.FullOp(TensorType([2], f32), math.nan))).ops
    assert math.isnan(parsed.value.value.data)


# ---------------------------------------------------------------------------
# Shape helpers
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "shapes, expected",
    [
        (([3, 1], [4]), (3, 4)),
        (([], [2, 3]), (2, 3)),
        (([1], [1, 1]), (1, 1)),
        (([5, 1, 7], [1, 6, 1], [6, 7]), (5, 6, 7)),
        ((["s0", 1], ["s1*2"]), ("s0", "2*s1")),
        ((["2*s1"], ["s1*2"]), ("2*s1",)),
        ((), ()),
    ],
)
def test_broadcast_shapes(shapes, expected):
    assert broadcast_shapes(*shapes) == expected


def test_broadcast_shapes_accepts_sympy_and_attributes():
    import sympy

    s0 = sympy.Symbol("s0")
    assert broadcast_shapes([2 * s0, 1], TensorType([1, 4], f32).shape.data) == ("2*s0", 4)


@pytest.mark.parametrize("shapes", [([3], [4]), (["s0"], ["s1"]), (["s0"], [2])])
def test_broadcast_shapes_rejects_mismatches(shapes):
    with pytest.raises(ValueError, match="not broadcast-compatible"):
        broadcast_shapes(*shapes)


@pytest.mark.parametrize(
    "shape, dims, keepdim, expected",
    [
        ([3, 9], [1], False, (3,)),
        ([3, 9], [-1], True, (3, 1)),
        ([3, 9], [], False, ()),
        ([3, 9], [], True, (1, 1)),
        (["s0", 4, 5], [0, 2], False, (4,)),
        ([], [0], False, ()),
    ],
)
def test_reduced_shape(shape, dims, keepdim, expected):
    assert reduced_shape(shape, dims, keepdim) == expected


@pytest.mark.parametrize("dims", [[2], [0, -2]])
def test_reduced_shape_rejects_bad_dims(dims):
    with pytest.raises(ValueError):
        reduced_shape([3, 9], dims, False)


def test_normalize_dim():
    assert normalize_dim(-1, 3) == 2
    assert normalize_dim(2, 3) == 2
    assert normalize_dim(-1, 0) == 0  # a 0-d tensor takes dims -1 and 0
    with pytest.raises(ValueError, match="dim 3 is out of range for rank 3"):
        normalize_dim(3, 3)


def test_importing_the_dialect_is_light():
    probe = (
        "import sys, irc.dialects.aten;"
        "print(sorted(m for m in ('torch', 'triton', 'sympy') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "[]", done.stderr
