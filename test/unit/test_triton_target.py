"""convert-kernel-to-triton and the `triton` target: index helpers, printing, and emitted modules run under
Triton's interpreter against torch (one subprocess for many kernels: the interpreter needs TRITON_INTERPRET=1
before triton is imported)."""

import os
import random
import subprocess
import sys

import pytest
import sympy
from xdsl.parser import Parser
from xdsl.utils.exceptions import DiagnosticException, PassFailedException

from irc.dialects.sym import FloorDiv, ModularIndexing
from irc.passes.convert_kernel_to_triton import ConvertKernelToTritonPass, convert_kernels
from irc.passes.convert_kernel_to_triton.index import flat_index, part, same_index
from irc.pipeline import make_context
from irc.target.emit_triton import emit_module
from irc.target.python_text import literal, python_expr

INPUTS = os.path.join(os.path.dirname(__file__), "..", "lit", "Target", "triton", "Inputs")
CHECK_MODULE = os.path.join(INPUTS, "check_module.py")
x, r = sympy.Symbol("xindex"), sympy.Symbol("rindex")


def buf(shape, elt="f32", strides=None):
    if strides is None:
        strides, run = [], 1
        for size in reversed(shape):
            strides.append(run)
            run *= size
        strides.reverse()
    return f"!loop.buffer<[{', '.join(map(str, shape))}], {elt}, strides [{', '.join(map(str, strides))}]>"


def parse(text: str):
    return Parser(make_context(), text).parse_module()


def emit(text: str, wrapper: bool = True) -> str:
    module = parse(text)
    convert_kernels(module)
    module.verify()
    return emit_module(module, wrapper=wrapper)


# ---------------------------------------------------------------------------
# Index helpers
# ---------------------------------------------------------------------------


def test_contiguous_dims_merge_into_the_flat_index():
    parts = [part("xindex", ["i0", "i1"], [3, 9])]
    assert flat_index(sympy.sympify("9*i0 + i1"), parts) == x
    assert flat_index(sympy.sympify("i1"), parts) == ModularIndexing(x, 1, 9)
    assert flat_index(sympy.sympify("i0"), parts) == FloorDiv(x, 9)
    assert flat_index(sympy.sympify("i0 + 3*i1"), parts) == FloorDiv(x, 9) + 3 * ModularIndexing(x, 1, 9)


def test_merging_skips_size_one_dims_and_handles_symbols():
    parts = [part("xindex", ["i0", "i1", "i2"], ["s0", 1, "s1"])]
    assert flat_index(sympy.sympify("i0*s1 + i2 + 7*i1"), parts) == x
    reduce = [part("xindex", ["i0"], [4]), part("rindex", ["r0", "r1"], [5, 6])]
    assert flat_index(sympy.sympify("i0 + 24*r0 + 4*r1"), reduce) == x + 4 * r


def test_nonlinear_indices_are_substituted():
    parts = [part("xindex", ["i0", "i1"], [3, 9])]
    expr = flat_index(sympy.sympify("FloorDiv(i1, 2)", locals={"FloorDiv": FloorDiv}), parts)
    assert expr == FloorDiv(ModularIndexing(x, 1, 9), 2)


def test_flat_index_is_the_element_offset_at_every_position():
    rng = random.Random(0)
    for _ in range(20):
        sizes = [rng.randint(1, 4) for _ in range(3)]
        strides = [rng.choice([0, 1, 3, 12]) for _ in range(3)]
        names = ["i0", "i1", "i2"]
        expr = sum(sympy.Symbol(n) * s for n, s in zip(names, strides))
        flat = flat_index(expr, [part("xindex", names, sizes)])
        for position in range(sizes[0] * sizes[1] * sizes[2]):
            coords = [position // (sizes[1] * sizes[2]), position // sizes[2] % sizes[1], position % sizes[2]]
            assert flat.xreplace({x: position}) == sum(c * s for c, s in zip(coords, strides))


def test_same_index_falls_back_to_sample_points():
    a, b = FloorDiv(x, 3) * 3 + ModularIndexing(x, 1, 3), x
    assert same_index(a, b, [{x: k} for k in range(12)])
    assert not same_index(x + 1, x, [{x: 0}])


def test_python_text():
    assert python_expr(FloorDiv(sympy.sympify("9*s0 + 127"), 128)) == "(9*s0 + 127) // 128"
    assert python_expr(ModularIndexing(sympy.Symbol("s0"), 2, 4)) == "(s0 // 2) % 4"
    assert python_expr(sympy.sympify("s0 - 1")) == "s0 - 1"
    assert literal(float("-inf")) == 'float("-inf")' and literal(True) == "True" and literal(0.5) == "0.5"


# ---------------------------------------------------------------------------
# The pass and the printed module
# ---------------------------------------------------------------------------

POINTWISE = f"""
kernel.kernel @fused_add_0(%a: {buf([3, 9])}, %b: {buf([9])}) -> ({buf([3, 9])})
    pointwise numel 27 rnumel 1 {{xblock = 32, num_warps = 1}} {{
  %0 = loop.pointwise ranges [3, 9] {{
    %1 = loop.load %a[#loop.index<"9*i0 + i1">] : {buf([3, 9])}
    %2 = loop.load %b[#loop.index<"i1">] : {buf([9])}
    %3 = arith.addf %1, %2 : f32
    loop.yield %3 : f32
  }} : {buf([3, 9])}
  kernel.yield %0 : {buf([3, 9])}
}}
func.func @forward(%a: {buf([3, 9])}, %b: {buf([9])}) -> {buf([3, 9])} {{
  %0 = kernel.alloc : {buf([3, 9])}
  kernel.launch @fused_add_0(%a, %b) outs(%0) : ({buf([3, 9])}, {buf([9])}) -> ({buf([3, 9])})
  func.return %0 : {buf([3, 9])}
}}
"""


def test_pointwise_kernel_prints_like_inductor():
    source = emit(POINTWISE)
    kernel = source[source.index("@triton.jit") : source.index("def call")]
    assert kernel.split("\n")[:12] == [
        "@triton.jit",
        "def triton_poi_fused_add_0(in_ptr0, in_ptr1, out_ptr0, XBLOCK: tl.constexpr):",
        "    xoffset = tl.program_id(0) * XBLOCK",
        "    xindex = xoffset + tl.arange(0, XBLOCK)",
        "    xnumel = 27",
        "    xmask = xindex < xnumel",
        "    tmp0 = tl.load(in_ptr0 + (xindex), xmask)",
        "    x0 = xindex % 9",
        "    tmp1 = tl.load(in_ptr1 + (x0), xmask)",
        "    tmp2 = tmp0 + tmp1",
        "    tl.store(out_ptr0 + (xindex), tmp2, xmask)",
        "",
    ]
    assert "_launch_0 = _Launcher(triton_poi_fused_add_0, 'triton_poi_fused_add_0')" in source
    key, configs = "((1,), _spec)", "({'XBLOCK': 32, 'num_warps': 1}, [])"
    launch = f"(_launch_0.get({key}) or _launch_0.first({key}, lambda: {configs}))([arg0_1, arg1_1, buf0])"
    assert launch in source
    assert "KERNELS = ['triton_poi_fused_add_0']" in source
    compile(source, "<emitted>", "exec")


def test_wrapper_false_prints_only_kernels():
    source = emit(POINTWISE, wrapper=False)
    assert "@triton.jit" in source and "def call" not in source and "def get_args" not in source


def test_print_and_parse_between_pass_and_target_changes_nothing():
    direct = emit(POINTWISE)
    module = parse(POINTWISE)
    ConvertKernelToTritonPass().apply(make_context(), module)
    reparsed = parse(str(module))
    assert emit_module(reparsed) == direct


def test_unsupported_body_op_is_a_pass_failure():
    text = POINTWISE.replace("arith.addf %1, %2 : f32", "math.cbrt %1 : f32")
    with pytest.raises(PassFailedException, match="cannot lower math.cbrt"):
        emit(text)


def test_target_reports_unbound_size_symbols():
    k = buf(["s0"])
    text = f"""
func.func @forward() -> {k} {{
  %0 = kernel.alloc : {k}
  func.return %0 : {k}
}}
"""
    with pytest.raises(DiagnosticException, match=r"size symbols \['s0'\] cannot be bound"):
        emit_module(parse(text))


def test_index_bits_option():
    module = parse(POINTWISE)
    ConvertKernelToTritonPass(index_bits=64).apply(make_context(), module)
    assert "%xindex = triton.add %xoffset, %" in str(module) and "i64" in str(module)
    with pytest.raises(ValueError, match="index_bits=8 must be one of 0, 32, 64"):
        ConvertKernelToTritonPass(index_bits=8)
    with pytest.raises(PassFailedException, match="index-bits must be 0, 32 or 64"):
        convert_kernels(parse(POINTWISE), index_bits=8)


# ---------------------------------------------------------------------------
# Every reduction kind, persistent and looped, at random sizes, run under the interpreter
# ---------------------------------------------------------------------------

KINDS = ["sum", "prod", "max", "min", "argmax", "argmin", "any", "all", "welford"]
RESULT_TYPES = {"argmax": "i64", "argmin": "i64", "any": "i1", "all": "i1"}
REFERENCE = {
    "sum": "a0.sum(1)",
    "prod": "a0.prod(1)",
    "max": "a0.amax(1)",
    "min": "a0.amin(1)",
    "argmax": "a0.argmax(1)",
    "argmin": "a0.argmin(1)",
    "any": "(a0 > 0.5).any(1)",
    "all": "(a0 > 0.05).all(1)",
    "welford": "a0.mean(1), a0.var(1, unbiased=False) * {r}, torch.full(({n},), {r}.0)",
}


def reduction_kernel(name: str, kind: str, n: int, r: int, tiling: str, config: str) -> tuple[str, list[str]]:
    x = buf([n, r])
    body = [f'    %1 = loop.load %arg0[#loop.index<"{r}*i0 + r0">] : {x}']
    value, value_type = "%1", "f32"
    if kind in ("any", "all"):
        threshold = 0.5 if kind == "any" else 0.05
        body += [f"    %c = arith.constant {threshold} : f32", "    %2 = arith.cmpf ogt, %1, %c : f32"]
        value, value_type = "%2", "i1"
    outs = [buf([n], RESULT_TYPES.get(kind, "f32"))] * (3 if kind == "welford" else 1)
    results = "%0:3" if kind == "welford" else "%0"
    yielded = "%0#0, %0#1, %0#2" if kind == "welford" else "%0"
    text = f"""kernel.kernel @{name}(%arg0: {x}) -> ({', '.join(outs)})
    {tiling} numel {n} rnumel {r} {config} {{
  {results} = loop.reduction {kind} ranges [{n}] reduce [{r}] {{
{chr(10).join(body)}
    loop.yield {value} : {value_type}
  }} : {', '.join(outs)}
  kernel.yield {yielded} : {', '.join(outs)}
}}
"""
    return text, outs


def reductions_module(n: int, r: int) -> tuple[str, str]:
    """A module launching every kind persistent and looped over one [n, r] input; and the torch reference."""
    x = buf([n, r])
    kernels, host, results, types, reference = [], [], [], [], []
    persistent_rblock = max(1, 1 << (r - 1).bit_length())
    tilings = [
        ("persistent_reduction", f"{{xblock = 2, rblock = {persistent_rblock}, num_warps = 2}}"),
        ("reduction", "{xblock = 4, rblock = 8, num_warps = 2}"),
    ]
    for tiling, config in tilings:
        for kind in KINDS:
            name = f"triton_{tiling[:3]}_{kind}_{len(kernels)}"
            text, outs = reduction_kernel(name, kind, n, r, tiling, config)
            kernels.append(text)
            names = []
            for t in outs:
                names.append(f"%b{len(results)}")
                host.append(f"  {names[-1]} = kernel.alloc : {t}")
                results.append(names[-1])
                types.append(t)
            signature = f"({x}) -> ({', '.join(outs)})"
            host.append(f"  kernel.launch @{name}(%x) outs({', '.join(names)}) : {signature}")
            reference.append(REFERENCE[kind].format(n=n, r=r))
    host.append(f"  func.return {', '.join(results)} : {', '.join(types)}")
    func = f"func.func @forward(%x: {x}) -> ({', '.join(types)}) {{\n" + "\n".join(host) + "\n}\n"
    return "".join(kernels) + func, "(" + ", ".join(reference) + ")"


def run_emitted(tmp_path, text: str, reference: str, *options: str) -> str:
    path = tmp_path / "module.py"
    path.write_text(emit(text))
    command = [sys.executable, CHECK_MODULE, str(path), reference, *options]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@pytest.mark.parametrize("seed", [1, 2])
def test_every_reduction_kind_matches_torch(tmp_path, seed):
    rng = random.Random(seed)
    n, r = rng.randint(1, 9), rng.randint(1, 70)
    text, reference = reductions_module(n, r)
    nans = f"a0[{n - 1}, {r // 2}] = float('nan')" if seed == 2 else ""
    out = run_emitted(tmp_path, text, reference, "--tol", "1e-4", "--prepare", nans)
    assert "all outputs match" in out
