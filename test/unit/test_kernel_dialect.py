"""The kernel dialect's Python API: builders, accessors, helpers and the verifiers they trigger."""

import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, StringAttr, f16, f32, f64, i1, i64
from xdsl.dialects.func import FuncOp, ReturnOp
from xdsl.dialects import test
from xdsl.ir import Block, Region
from xdsl.parser import Parser
from xdsl.utils.exceptions import VerifyException

from irc.dialects.kernel import (
    AllocOp,
    ExternOp,
    FreeOp,
    KernelOp,
    LaunchOp,
    OperandRefAttr,
    ReuseOp,
    YieldOp,
    kernel_name,
    triton_name,
    operand_refs,
    storage_bytes,
)
from irc.dialects.types import BufferType, element_bytes
from irc.pipeline import make_context

X = BufferType([3, 9], f32)
OUT = BufferType([3], f32)


def parse_module(text: str) -> ModuleOp:
    ctx: Context = make_context()
    return Parser(ctx, text).parse_module()


def make_kernel(name="k", kind="persistent_reduction", rnumel=9, **kwargs) -> KernelOp:
    kernel = KernelOp(name, [X, X], [OUT], kind, numel=3, rnumel=rnumel, **kwargs)
    block = kernel.body.block
    value = test.TestOp(operands=block.args, result_types=[OUT])
    block.add_ops([value, YieldOp(value.results[0])])
    return kernel


def host_program(kernel: KernelOp, ins_types=(X, X)) -> ModuleOp:
    block = Block(arg_types=ins_types)
    out = AllocOp(OUT)
    launch = LaunchOp(kernel.sym_name.data, block.args, [out.result])
    block.add_ops([out, launch, FreeOp(out.result), ReturnOp()])
    func = FuncOp("call", (list(ins_types), []), Region(block))
    return ModuleOp([kernel, func])


# -- kernel names --------------------------------------------------------------


def test_kernel_name_sorts_dedups_and_fuses():
    assert kernel_name(["sum", "add", "sigmoid", "add"], 0) == "fused_add_sigmoid_sum_0"
    assert kernel_name(["relu", "relu"], 3) == "relu_3"


@pytest.mark.parametrize(
    ("kind", "name", "expected"),
    [
        ("pointwise", "relu_3", "triton_poi_relu_3"),
        ("reduction", "fused_mul_sum_1", "triton_red_fused_mul_sum_1"),
        ("persistent_reduction", "sum_0", "triton_per_sum_0"),
        ("template", "mm_2", "triton_tem_mm_2"),
    ],
)
def test_triton_name_prefixes_the_kind(kind, name, expected):
    assert triton_name(kind, name) == expected


def test_triton_name_rejects_unknown_kind():
    with pytest.raises(ValueError, match="unknown kernel kind 'elementwise'"):
        triton_name("elementwise", "add_0")


# -- byte sizes ----------------------------------------------------------------


@pytest.mark.parametrize(("t", "size"), [(f16, 2), (f32, 4), (f64, 8), (i1, 1), (i64, 8)])
def test_element_bytes(t, size):
    assert element_bytes(t) == size


def test_storage_bytes_follows_layout():
    assert storage_bytes(BufferType([6], f32)) == 24
    assert storage_bytes(BufferType([2, 3], f32, strides=[1, 2])) == 24
    assert storage_bytes(BufferType([2, 3], f16, strides=[4, 1], offset=2)) == 2 * (2 + 4 + 2 + 1)
    assert storage_bytes(BufferType([0, 3], f32)) == 0
    assert storage_bytes(BufferType(["s0"], f32)) is None


# -- kernel.kernel -------------------------------------------------------------


def test_kernel_builder_verifies_and_exposes_config():
    kernel = make_kernel(
        config={"xblock": 1, "rblock": 16, "num_warps": 2},
        configs=[{"xblock": 1, "rblock": 16}, {"xblock": 2, "rblock": 16, "num_stages": 1}],
    )
    kernel.verify()
    assert kernel.config == {"xblock": 1, "rblock": 16, "num_warps": 2}
    assert kernel.candidates == [{"xblock": 1, "rblock": 16}, {"xblock": 2, "rblock": 16, "num_stages": 1}]
    assert kernel.xblock == IntegerAttr(1, 64)
    text = str(kernel)
    assert "persistent_reduction numel 3 rnumel 9 {xblock = 1, rblock = 16, num_warps = 2, configs = [" in text


def test_kernel_without_config_prints_no_brace_group():
    kernel = make_kernel(kind="pointwise", rnumel=1)
    kernel.verify()
    assert kernel.config == {} and kernel.candidates == []
    assert "pointwise numel 3 rnumel 1 {\n" in str(kernel)


def test_kernel_round_trips_through_text():
    module = host_program(make_kernel(config={"xblock": 4}, configs=[{"num_warps": 8}]))
    module.verify()
    assert str(parse_module(str(module))) == str(module)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"kind": "pointwise"}, "pointwise kernel must have rnumel 1, got 9"),
        ({"kind": "vector"}, "unknown kernel kind 'vector'"),
        ({"config": {"num_warps": 6}}, "num_warps must be a power of two, got 6"),
        ({"config": {"num_stages": 0}}, "num_stages must be positive, got 0"),
        ({"configs": [{"xblock": 3}]}, "autotune config 0: xblock must be a power of two, got 3"),
    ],
)
def test_kernel_verifier(kwargs, message):
    with pytest.raises(VerifyException, match=message):
        make_kernel(**kwargs).verify()


def test_num_stages_need_not_be_a_power_of_two():
    make_kernel(config={"num_stages": 3}).verify()


def test_symbolic_numel():
    kernel = KernelOp("k", [BufferType(["s0"], f32)], [], "pointwise", numel="s0")
    kernel.body.block.add_op(YieldOp())
    kernel.verify()
    assert kernel.numel == StringAttr("s0")


# -- host program --------------------------------------------------------------


def test_launch_checks_the_kernel_signature():
    host_program(make_kernel()).verify()
    bad = BufferType([3, 9], f16)
    with pytest.raises(VerifyException, match="kernel.launch of @k passes inputs"):
        host_program(make_kernel(), ins_types=(X, bad)).verify()


def test_launch_of_unknown_kernel():
    module = host_program(make_kernel())
    launch = next(op for op in module.walk() if isinstance(op, LaunchOp))
    launch.callee = LaunchOp("other", [], []).callee
    with pytest.raises(VerifyException, match="unknown kernel @other"):
        module.verify()


def test_detached_launch_skips_the_lookup():
    value = test.TestOp(result_types=[OUT]).results[0]
    LaunchOp("k", [], [value]).verify()
    assert LaunchOp("k", [], [value]).lookup_kernel() is None


def test_extern_builder_and_operand_refs():
    a, b = test.TestOp(result_types=[X, X]).results
    extern = ExternOp(
        "aten::mm.default",
        [a, b],
        [OUT],
        args=[OperandRefAttr(0), OperandRefAttr(1)],
        kwargs={"alpha": IntegerAttr(2, 64)},
    )
    extern.verify()
    assert [r.index.data for r in operand_refs(extern.args)] == [0, 1]
    assert str(OperandRefAttr(3)) == "#kernel.operand<3>"
    bad = ExternOp("aten::mm", [a], [OUT], args=[OperandRefAttr(1)])
    with pytest.raises(VerifyException, match="refers past the 1 operands"):
        bad.verify()


def test_alloc_device_and_reuse():
    alloc = AllocOp(BufferType([6], f32), device="cuda:1")
    alloc.verify()
    assert alloc.device == StringAttr("cuda:1")
    ReuseOp(alloc.result, BufferType([2, 3], f32)).verify()
    ReuseOp(alloc.result, BufferType(["s0"], f32)).verify()  # symbolic: not checked
    with pytest.raises(VerifyException, match="same byte size"):
        ReuseOp(alloc.result, BufferType([2, 3], f64)).verify()
