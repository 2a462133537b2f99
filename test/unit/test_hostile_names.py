"""Names, overloads and strings in IR never run as code (issue 34, items 1 to 3).

Each hostile input carries code that would create a marker file: every tool must refuse it with a diagnostic
naming the op (exit code 1), never run it. The verifiers refuse first; with `--disable-verify` the triton
target refuses again.
"""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from irc.dialects.python_names import (
    EMITTED_MODULE_GLOBALS,
    UnsafeOverload,
    decode_object,
    global_name_error,
    identifier_error,
    resolve_overload,
)

TRITON_LEVEL = """
triton.func @NAME(%in_ptr0: !triton.ptr<f32>, %out_ptr0: !triton.ptr<f32>) constexprs [XBLOCK] attributes {launch = {XBLOCK = 4 : i64}, num_warps = 1 : i64, grid = [#loop.index<"1">]} {
  %0 = triton.arange 0, XBLOCK : !triton.block<[XBLOCK], i32>
  %1 = triton.addptr %in_ptr0, %0 : (!triton.ptr<f32>, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], !triton.ptr<f32>>
  %2 = triton.load %1 : !triton.block<[XBLOCK], !triton.ptr<f32>> -> !triton.block<[XBLOCK], f32>
  %3 = triton.addptr %out_ptr0, %0 : (!triton.ptr<f32>, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], !triton.ptr<f32>>
  triton.store %3, %2 : !triton.block<[XBLOCK], !triton.ptr<f32>>, !triton.block<[XBLOCK], f32>
  triton.return
}
func.func @call(%a: !loop.buffer<[4], f32, strides [1]>) -> !loop.buffer<[4], f32, strides [1]> {
  %out = kernel.alloc : !loop.buffer<[4], f32, strides [1]>
  LAUNCH
  func.return %out : !loop.buffer<[4], f32, strides [1]>
}
"""
LAUNCH = "kernel.launch @NAME(%a) outs(%out) : (!loop.buffer<[4], f32, strides [1]>) -> (!loop.buffer<[4], f32, strides [1]>)"
EXTERN = (
    'EXTERN_RESULT kernel.extern "OVERLOAD"(%a) {args = [#kernel.operand<0>], kwargs = KWARGS} '
    ": (!loop.buffer<[4], f32, strides [1]>) -> (TYPES)"
)
FALLBACK = """
func.func @forward(%x: !aten.tensor<[4], f32, strides [1]>) -> !aten.tensor<[4], f32, strides [1]> {
  %0 = aten.fallback "OVERLOAD"(%x) {args = ARGS} : (!aten.tensor<[4], f32, strides [1]>) -> !aten.tensor<[4], f32, strides [1]>
  func.return %0 : !aten.tensor<[4], f32, strides [1]>
}
"""


def touch(marker: Path) -> str:
    return f"__import__('pathlib').Path('{marker}').touch()"


def tool(name: str, args: list[str], tmp_path: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    import os

    environment = {**os.environ, "IRC_CACHE_DIR": str(tmp_path / "cache"), "IRC_DEBUG_DIR": str(tmp_path)}
    environment.update(env or {})
    command = [sys.executable, "-m", f"irc.tools.{name}", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=300, env=environment, cwd=tmp_path)


def refused(done: subprocess.CompletedProcess, marker: Path, *words: str) -> None:
    assert not marker.exists(), "code from the IR ran"
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    for word in words:
        assert word in done.stderr, done.stderr


def hostile_kernel_module(tmp_path: Path, launched: bool) -> tuple[Path, Path]:
    """A triton.func whose name closes its `def` and runs a statement (unlaunched: only the def prints it)."""
    marker = tmp_path / "MARKER"
    name = f"k(): pass\\n{touch(marker)}\\ndef k2"
    text = TRITON_LEVEL.replace("LAUNCH", LAUNCH if launched else "").replace("NAME", f'"{name}"')
    path = tmp_path / "hostile.mlir"
    path.write_text(text)
    return path, marker


NOT_IDENTIFIER = ("triton.func name", "is not a Python identifier")
TOOLS = {  # command -> (module, flags, what its diagnostic says)
    "irc-run": ("irc_run", [], NOT_IDENTIFIER),
    "irc-opt -t triton": ("irc_opt", ["-t", "triton"], NOT_IDENTIFIER),
    "irc-opt --check-passes": ("irc_opt", ["-p", "cse", "--check-passes"], NOT_IDENTIFIER),
    # a module that does not verify is not a failure to reduce
    "irc-reduce --check-passes": ("irc_reduce", ["--pipeline", "cse", "--check-passes", "-q"],
                                  ("does not fail",)),
}


@pytest.mark.parametrize("command", TOOLS)
def test_a_kernel_name_holding_code_is_refused_by_every_tool(command, tmp_path):
    path, marker = hostile_kernel_module(tmp_path, launched=False)
    module, flags, words = TOOLS[command]
    refused(tool(module, [str(path), *flags], tmp_path), marker, *words)


@pytest.mark.parametrize("launched", [False, True])
def test_the_triton_target_refuses_a_name_the_verifier_did_not_see(launched, tmp_path):
    path, marker = hostile_kernel_module(tmp_path, launched)
    done = tool("irc_opt", [str(path), "--disable-verify", "-t", "triton"], tmp_path)
    refused(done, marker, "triton target: kernel name")


@pytest.mark.parametrize("name", ["call", "torch", "float", "_Launcher", "KERNELS", "class", "k-0", "k\xe9"])
def test_kernel_names_the_emitted_module_cannot_hold_are_refused(name, tmp_path):
    path = tmp_path / "k.mlir"
    path.write_text(TRITON_LEVEL.replace("LAUNCH", LAUNCH).replace("NAME", f'"{name}"'))
    done = tool("irc_opt", [str(path)], tmp_path)
    assert done.returncode == 1 and "triton.func name" in done.stderr, done.stderr


def kernel_level_choice(alternative: str) -> str:
    source = Path(__file__).parents[1] / "lit" / "Interpret" / "choice.mlir"
    return source.read_text().replace('["template", "extern"]', f'["template", "{alternative}"]')


def test_a_choice_alternative_holding_code_is_refused(tmp_path):
    marker = tmp_path / "MARKER"
    path = tmp_path / "choice.mlir"
    path.write_text(kernel_level_choice(f"x():\\n        pass\\n    {touch(marker)}\\n    def y"))
    done = tool("irc_run", [str(path)], tmp_path)
    refused(done, marker, "kernel.choice alternative", "is not a Python identifier")
    flags = ["--disable-verify", "-p", "kernel-tile,convert-kernel-to-triton", "-t", "triton"]
    done = tool("irc_opt", [str(path), *flags], tmp_path)
    refused(done, marker, "triton target: kernel.choice alternative name")


def extern_module(tmp_path: Path, overload: str, kwargs: str) -> Path:
    extern = EXTERN.replace("OVERLOAD", overload).replace("KWARGS", kwargs)
    extern = extern.replace("EXTERN_RESULT", "%r =").replace("TYPES", "!loop.buffer<[4], f32, strides [1]>")
    text = TRITON_LEVEL.replace("LAUNCH", extern).replace("NAME", "k").replace("return %out", "return %r")
    path = tmp_path / "extern.mlir"
    path.write_text(text)
    return path


@pytest.mark.parametrize("kwargs, words", [
    ("{\"x=None), __import__('os').system('touch MARKER'), (None\" = 1 : i64}", "keyword argument"),
    ("{memory_format = \"memory_format:__import__('os').system('touch MARKER')\"}",
     "'memory_format' must be one of"),
    ("{layout = \"layout:save\"}", "'layout' must be one of"),
])  # fmt: skip
def test_extern_keywords_and_encoded_objects_cannot_carry_code(kwargs, words, tmp_path):
    path = extern_module(tmp_path, "aten::clone.default", kwargs)
    marker = tmp_path / "MARKER"
    refused(tool("irc_run", [str(path)], tmp_path), marker, "kernel.extern", words)
    done = tool("irc_opt", [str(path), "--disable-verify", "-t", "triton"], tmp_path)
    refused(done, marker, "triton target:", words)


def test_an_extern_overload_outside_the_allowed_namespaces_is_refused(tmp_path):
    path = extern_module(tmp_path, "builtins::exec.default", "{}")
    done = tool("irc_opt", [str(path), "--disable-verify", "-t", "triton"], tmp_path)
    refused(done, tmp_path / "MARKER", "namespace 'builtins' is not one irc calls")


def test_the_emitted_module_resolves_its_overloads_through_the_allow_list(tmp_path):
    path = extern_module(tmp_path, "aten::clone.default", "{}")
    done = tool("irc_opt", [str(path), "-t", "triton"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert "_op_aten_clone_default = _overload('aten::clone.default')" in done.stdout
    assert "torch.ops" not in done.stdout


@pytest.mark.parametrize("overload, args", [
    ("import_module::__call__.__call__", '["irc_hostile_module"]'),
    ("higher_order::wrap.__call__", '["layout:save", #aten.operand<0>, "MARKER"]'),
    ("aten::__class__.__call__", '[#aten.operand<0>]'),
])  # fmt: skip
def test_fallback_overloads_resolve_only_to_allowed_aten_ops(overload, args, tmp_path):
    """Shape inference calls the overload on fake tensors: a callable other than an OpOverload never runs."""
    marker = tmp_path / "MARKER"
    (tmp_path / "irc_hostile_module.py").write_text(touch(marker) + "\n")
    path = tmp_path / "fallback.mlir"
    path.write_text(FALLBACK.replace("OVERLOAD", overload).replace("ARGS", args))
    env = {"PYTHONPATH": f"{tmp_path}:{Path(__file__).parents[2]}"}
    done = tool("irc_opt", [str(path), "-p", "convert-aten-to-loop"], tmp_path, env)
    assert not marker.exists()
    if overload.startswith("aten::"):  # an allowed namespace: the verifier passes it, resolution refuses it
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
        with pytest.raises(UnsafeOverload, match="not an ATen operator overload"):
            resolve_overload(overload)
    else:
        refused(done, marker, "aten.fallback overload", "is not one irc calls")


def test_resolve_overload_accepts_real_ops_only():
    import torch

    assert resolve_overload("aten::mm.default") is torch.ops.aten.mm.default
    assert resolve_overload("aten::sum") is torch.ops.aten.sum.default
    convert = torch.ops.prims.convert_element_type.default
    assert resolve_overload("prims::convert_element_type.default") is convert
    for text in ["aten::mm.__call__", "aten::nonexistent.default", "aten::mm.default\n", "aten::mm.default.x",
                 "torch::load.default", "aten::_ops.x"]:  # fmt: skip
        with pytest.raises(UnsafeOverload):
            resolve_overload(text)


def test_extern_namespaces_extend_through_the_environment(monkeypatch):
    with pytest.raises(UnsafeOverload, match="not one irc calls"):
        resolve_overload("quantized::add.default")
    monkeypatch.setenv("IRC_EXTERN_NAMESPACES", "quantized")
    assert resolve_overload("quantized::add.default").namespace == "quantized"


def test_names_and_encoded_objects():
    assert identifier_error("triton_poi_fused_add_0", "kernel name") is None
    for name in ["", "1k", "k\n", "k()", "lambda", "k\u00e9", "x" * 1001]:
        assert identifier_error(name, "kernel name") is not None
    assert global_name_error("add_0", "name") is None
    for name in ["_guards", "call", "torch", "print", "PRECOMPILE"]:
        assert "reserved" in global_name_error(name, "name")
    assert decode_object("layout:torch.strided") == ("layout", "torch.strided")
    assert decode_object("device:cuda:0") == ("device", "cuda:0")
    assert decode_object("f") is None and decode_object("layout:") is None
    for text in ["layout:save", "memory_format:torch.load", "device:cuda')"]:
        with pytest.raises(ValueError):
            decode_object(text)


def test_reserved_names_cover_every_public_name_of_an_emitted_module(tmp_path):
    source = Path(__file__).parents[1] / "lit" / "Target" / "triton" / "host.mlir"
    done = tool("irc_opt", [str(source), "-p", "convert-kernel-to-triton", "-t", "triton"], tmp_path)
    assert done.returncode == 0, done.stderr
    kernels = {"triton_poi_fused_add_mul_0", "triton_poi_fused_add_3", "triton_poi_fused_exp_1",
               "triton_poi_fused_neg_2", "triton_poi_fused_iota_4"}  # fmt: skip
    public = set()
    for node in ast.parse(done.stdout).body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            public.add(node.name)
        elif isinstance(node, ast.Assign):
            public |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.Import | ast.ImportFrom | ast.Try | ast.If):
            public |= {n.asname or n.name.split(".")[0] for n in ast.walk(node) if isinstance(n, ast.alias)}
    public = {n for n in public - kernels if not n.startswith("_")}
    assert public <= EMITTED_MODULE_GLOBALS, public - EMITTED_MODULE_GLOBALS
