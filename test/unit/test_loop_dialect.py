"""The loop dialect from Python: building ops, verifying them, the module-level helpers and tables."""

import subprocess
import sys

import pytest
from xdsl.context import Context
from xdsl.dialects import arith, scf
from xdsl.dialects import test as xdsl_test
from xdsl.dialects.arith import Arith
from xdsl.dialects.builtin import Builtin, FloatAttr, IndexType, ModuleOp, f16, f32, i1, i32, i64
from xdsl.dialects.math import Math
from xdsl.dialects.scf import Scf
from xdsl.parser import Parser
from xdsl.transforms.common_subexpression_elimination import CommonSubexpressionElimination
from xdsl.transforms.dead_code_elimination import DeadCodeElimination
from xdsl.utils.exceptions import VerifyException

from irc.dialects import loop
from irc.dialects.types import BufferType, IndexAttr
from irc.registry import load_all_dialects

X = BufferType([3, 9], f32)


def make_ctx() -> Context:
    ctx = Context()
    for dialect in (Builtin, Arith, Math, Scf, xdsl_test.Test):
        ctx.load_dialect(dialect)
    load_all_dialects(ctx)
    return ctx


def value(t) -> xdsl_test.TestOp:
    """A value of any type, as `"test.op"() : () -> t` makes in lit tests."""
    return xdsl_test.TestOp(result_types=[t])


def sum_of_sum_example() -> tuple[ModuleOp, loop.ReductionOp, loop.PointwiseOp]:
    """sigmoid(sum(x + y, dim=1)) for x, y of [3, 9], built op by op."""
    x, y = value(X), value(X)
    a = loop.LoadOp(x, "9*i0 + r0")
    b = loop.LoadOp(y, "r0 + 9*i0")
    c = arith.AddfOp(a, b)
    out = BufferType([3], f32)
    red = loop.ReductionOp("sum", [3], [9], [a, b, c, loop.YieldOp(c)], [out])
    d = loop.LoadOp(red, "i0")
    e = loop.SigmoidOp(d)
    pw = loop.PointwiseOp([3], [d, e, loop.YieldOp(e)], out)
    return ModuleOp([x, y, red, pw]), red, pw


def test_worked_example_builds_verifies_and_prints():
    module, red, pw = sum_of_sum_example()
    module.verify()
    text = str(module)
    assert 'loop.reduction sum ranges [3] reduce [9] {' in text
    assert 'loop.load %0[#loop.index<"9*i0 + r0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>' in text
    assert "loop.sigmoid" in text and "} : !loop.buffer<[3], f32, strides [1]>" in text
    reparsed = Parser(make_ctx(), text).parse_module()
    reparsed.verify()
    assert str(reparsed) == text


def test_index_vars_name_ranges_then_reduce_dims():
    module, red, pw = sum_of_sum_example()
    assert loop.index_vars(red) == ["i0", "r0"]
    assert loop.index_vars(pw) == ["i0"]
    wide = loop.ReductionOp("max", [2, "s0"], [4, 5], [], [])
    assert loop.index_vars(wide) == ["i0", "i1", "r0", "r1"]


def test_loads_walks_nested_regions():
    x = value(X)
    cond = value(i1)
    outer = loop.LoadOp(x, "i0")
    inner = loop.LoadOp(x, "i0 + 1")
    then_block = [inner, scf.YieldOp(inner)]
    else_block = [scf.YieldOp(outer)]
    branch = scf.IfOp(cond, [f32], then_block, else_block)
    pw = loop.PointwiseOp([8], [outer, branch, loop.YieldOp(branch)], BufferType([8], f32))
    ModuleOp([x, cond, pw]).verify()
    assert loop.loads(pw) == [outer, inner]
    assert loop.enclosing_loop(inner) is pw
    assert loop.stores(pw) == []


def test_store_only_pointwise_has_no_result():
    x, v = value(X), value(f32)
    store = loop.StoreOp(v, x, IndexAttr("9*i0 + i1"))
    pw = loop.PointwiseOp([3, 9], [store, loop.YieldOp()])
    ModuleOp([x, v, pw]).verify()
    assert pw.result is None and len(pw.results) == 0
    assert loop.stores(pw) == [store]
    assert str(pw).endswith("loop.yield\n}")


@pytest.mark.parametrize("kind", sorted(loop.REDUCTION_KINDS))
def test_every_reduction_kind_verifies_with_its_result_types(kind):
    yield_type = {"any": i1, "all": i1, "xor_sum": i64}.get(kind, f32)
    x = value(BufferType([4, 6], yield_type))
    a = loop.LoadOp(x, "6*i0 + r0")
    types = loop.reduction_result_types(kind, [4], yield_type)
    red = loop.ReductionOp(kind, [4], [6], [a, loop.YieldOp(a)], types)
    ModuleOp([x, red]).verify()
    assert len(red.results) == len(loop.REDUCTION_KINDS[kind].results)


def test_reduction_kind_table():
    kinds = ["sum", "prod", "max", "min", "argmax", "argmin", "any", "all", "welford", "xor_sum"]
    assert list(loop.REDUCTION_KINDS) == kinds
    assert loop.REDUCTION_KINDS["argmax"].result_element_type(f16) == i64
    assert loop.REDUCTION_KINDS["welford"].results == ("mean", "m2", "count")
    assert [t.element_type for t in loop.reduction_result_types("welford", ["s0"], f16)] == [f16, f16, f16]
    assert loop.reduction_result_types("sum", ["s0"], f32)[0] == BufferType(["s0"], f32, [1])


def test_reduction_rejects_wrong_result_type():
    x = value(X)
    a = loop.LoadOp(x, "9*i0 + r0")
    red = loop.ReductionOp("argmin", [3], [9], [a, loop.YieldOp(a)], [BufferType([3], f32)])
    with pytest.raises(VerifyException, match="argmin result 0 has element type f32, expected i64"):
        ModuleOp([x, red]).verify()


def test_scalar_op_table_makes_registered_classes():
    names = {op.name for op in loop.Loop.operations}
    for op_name, spec in loop.SCALAR_OPS.items():
        cls = loop.SCALAR_OP_CLASSES[op_name]
        assert cls.name == f"loop.{op_name}" and f"loop.{op_name}" in names
        assert getattr(loop, cls.__name__) is cls
        assert cls.ARITY == spec.operands
    assert loop.CastOp is loop.SCALAR_OP_CLASSES["cast"]


def test_scalar_ops_build_and_infer_types():
    a, n = value(f32), value(i32)
    ops = [
        loop.SigmoidOp(a),
        loop.IsinfOp(a),
        loop.IsnanOp(a),
        loop.FloordivOp(n, n),
        loop.RemainderOp(a, a),
        loop.PowOp(a, n),
        loop.CastOp(a, f16),
    ]
    for op in ops:
        op.verify()
    assert [op.results[0].type for op in ops] == [f32, i1, i1, i32, f32, f32, f16]


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: loop.SigmoidOp(value(i32)), "loop.sigmoid operand must be a float"),
        (lambda: loop.IsinfOp(value(i64)), "loop.isinf operand must be a float"),
        (lambda: loop.FloordivOp(value(i1), value(i1)), "operands must be integers or floats"),
        (lambda: loop.PowOp(value(f32), value(f16)), "exponent must be an integer or the base's type f32"),
    ],
)
def test_scalar_op_verifiers(make, message):
    with pytest.raises(VerifyException, match=message):
        make().verify()


def test_index_op_and_scope():
    good = loop.IndexOp("i0 + 1", IndexType())
    bad = loop.IndexOp("r0", i64)
    pw = loop.PointwiseOp([3], [good, bad, loop.YieldOp()])
    with pytest.raises(VerifyException, match="index variable 'r0'"):
        ModuleOp([pw]).verify()
    assert good.index == IndexAttr("1 + i0")


def test_load_outside_a_loop_is_rejected():
    x = value(X)
    with pytest.raises(VerifyException, match="expects ancestor op"):
        ModuleOp([x, loop.LoadOp(x, "i0")]).verify()


def test_reinterpret_keeps_storage_changes_layout():
    x = value(BufferType([4, 3], f32))
    view = loop.ReinterpretOp(x, BufferType([3, 4], f32, [1, 3]))
    ModuleOp([x, view]).verify()
    with pytest.raises(VerifyException, match="must keep the element type"):
        loop.ReinterpretOp(x, BufferType([3, 4], f16, [1, 3])).verify()


def test_dce_drops_unused_pointwise_but_keeps_stores():
    x, v = value(X), value(f32)
    a = loop.LoadOp(x, "9*i0 + i1")
    unused = loop.PointwiseOp([3, 9], [a, loop.YieldOp(a)], X)
    store = loop.StoreOp(v, x, "9*i0 + i1")
    writer = loop.PointwiseOp([3, 9], [store, loop.YieldOp()])
    module = ModuleOp([x, v, unused, writer])
    DeadCodeElimination().apply(make_ctx(), module)
    kept = [op for op in module.ops if isinstance(op, loop.PointwiseOp)]
    assert kept == [writer]


def test_cse_merges_identical_scalar_ops():
    c = arith.ConstantOp(FloatAttr(1.0, f32))
    s1, s2 = loop.SigmoidOp(c), loop.SigmoidOp(c)
    add = arith.AddfOp(s1, s2)
    pw = loop.PointwiseOp([2], [c, s1, s2, add, loop.YieldOp(add)], BufferType([2], f32))
    module = ModuleOp([pw])
    CommonSubexpressionElimination().apply(make_ctx(), module)
    assert sum(isinstance(op, loop.SigmoidOp) for op in pw.body.block.ops) == 1


def test_importing_the_dialect_stays_light():
    code = (
        "import sys, irc.dialects.loop\n"
        "heavy = [m for m in ('sympy', 'torch', 'triton') if m in sys.modules]\n"
        "assert not heavy, heavy\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
