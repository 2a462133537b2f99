"""Every failure of irc's tools is a diagnostic, never a traceback (issue 19): files, nesting, options, bugs."""

import pytest

from irc.tools import fx_to_mlir, irc_opt, irc_reduce, irc_run
from irc.tools.diagnostics import run_tool

TOOLS = {"irc-opt": irc_opt.main, "irc-run": irc_run.main, "irc-reduce": irc_reduce.main}

BUFFER = "!loop.buffer<[3], f32, strides [1]>"
GOOD = f"""func.func @f(%x: {BUFFER}) -> {BUFFER} {{
  %b = loop.pointwise ranges [3] {{
    %v = loop.load %x[#loop.index<"i0">] : {BUFFER}
    loop.yield %v : f32
  }} : {BUFFER}
  func.return %b : {BUFFER}
}}
"""


def run(main, argv, capsys) -> tuple[int, str]:
    try:
        main(argv)
        code = 0
    except SystemExit as exc:
        code = exc.code
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return code, err


def write(tmp_path, text: str, name: str = "in.mlir") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize("tool", TOOLS)
def test_missing_input_file(tool, tmp_path, capsys):
    argv = [str(tmp_path / "missing.mlir")] + (["--pipeline", "cse"] if tool == "irc-reduce" else [])
    code, err = run(TOOLS[tool], argv, capsys)
    assert code == 1
    assert f"{tool}: error: cannot access '{tmp_path / 'missing.mlir'}': No such file or directory" in err


def test_output_into_a_missing_folder(tmp_path, capsys):
    code, err = run(irc_opt.main, [write(tmp_path, GOOD), "-o", str(tmp_path / "no" / "out.mlir")], capsys)
    assert code == 1 and "No such file or directory" in err
    code, err = run(irc_run.main, [write(tmp_path, GOOD), "-o", str(tmp_path / "no" / "out.npz")], capsys)
    assert code == 1 and "No such file or directory" in err


def nested_pointwise(depth: int) -> str:
    text = f'%x = "test.op"() : () -> {BUFFER}\n'
    text += "loop.pointwise ranges [3] {\n" * depth
    text += f'%v = loop.load %x[#loop.index<"i0">] : {BUFFER}\n'
    text += "loop.yield\n}\n" * depth
    return text


def nested_regions(depth: int) -> str:
    return '"test.op"() ({\n' * depth + '"test.termop"() : () -> ()\n' + "}) : () -> ()\n" * depth


@pytest.mark.parametrize(
    "text, expected",
    [
        (nested_pointwise(200), None),  # deep but valid: parses, verifies and prints
        (nested_regions(1000), "is not a terminator"),
        (nested_regions(30000), "input nested too deeply"),
        (GOOD.replace('"i0"', '"' + " + ".join(f"{k}*i0" for k in range(20000)) + '"'), "characters"),
        (GOOD.replace('"i0"', '"i0 % 0"'), "unexpected character '%'"),
        (GOOD.replace('"i0"', '"FloorDiv(i0, 0)"'), "divides by zero"),
        (GOOD.replace('"i0"', '"x.y"'), "unexpected character '.'"),
        (GOOD.replace("ranges [3]", "ranges [9223372036854775808]"), "int64"),
    ],
    ids=["200-pointwise", "1000-regions", "30000-regions", "20000-terms", "mod-0", "floordiv-0", "attr", "i64"],
)
def test_hostile_files(text, expected, tmp_path, capsys):
    code, err = run(irc_opt.main, [write(tmp_path, text), "-o", str(tmp_path / "out.mlir")], capsys)
    if expected is None:
        assert code == 0, err
    else:
        assert code == 1 and expected in err, err


@pytest.mark.parametrize(
    "spec, expected",
    [
        ("loop-inline{max_reads=-1}", "loop-inline: max_reads=-1 must be non-negative"),
        ("kernel-split-reduction{max_split=0}", "kernel-split-reduction: max_split=0 must be at least 1"),
        ("kernel-split-reduction{min_chunk=0}", "kernel-split-reduction: min_chunk=0 must be at least 1"),
        ("kernel-tile{num_warps=3}", "kernel-tile: num_warps=3 must be 0 (heuristic) or a power of two"),
        ("kernel-tile{num_warps=64}", "kernel-tile: num_warps=64 must be at most 32"),
        ("kernel-tile{num_warps=true}", "kernel-tile: num_warps=true must be an integer"),
        ("loop-simplify{enabled=3}", "loop-simplify: enabled=3 must be true or false"),
        ("convert-kernel-to-triton{index_bits=16}", "index_bits=16 must be one of 0, 32, 64"),
        ("convert-kernel-to-triton{reread_eviction=later}",
         "reread_eviction='later' must be one of 'evict_last', 'none', 'evict_first'"),
        ("kernel-split-reduction{reverse_epilogue=2}", "kernel-split-reduction: reverse_epilogue=2 must be true or false"),
        ('kernel-fuse{report="/no/such/folder/f"}', "names a folder that does not exist"),
    ],
)
def test_bad_pass_options(spec, expected, tmp_path, capsys):
    code, err = run(irc_opt.main, [write(tmp_path, GOOD), "-p", spec], capsys)
    assert code == 1 and expected in err, err


def test_bad_target_option(tmp_path, capsys):
    code, err = run(irc_opt.main, [write(tmp_path, GOOD), "-t", "triton{wrapper=maybe}"], capsys)
    assert code == 1 and "triton: wrapper='maybe' must be true or false" in err


def test_internal_errors_are_one_line_and_tracebacks_on_request(capsys):
    def broken(argv):
        return {}["missing"]

    assert run_tool("irc-x", broken, []) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "irc-x: internal error: KeyError" in err and "--traceback" in err
    assert "issue tracker" in err
    assert run_tool("irc-x", broken, ["--traceback"]) == 2
    assert "Traceback (most recent call last)" in capsys.readouterr().err


def test_recursion_and_zero_division_are_diagnostics(capsys):
    def deep(n):
        return deep(n + 1)

    assert run_tool("irc-x", lambda argv: deep(0), []) == 1
    assert "input nested too deeply" in capsys.readouterr().err
    assert run_tool("irc-x", lambda argv: 1 // 0, []) == 2
    assert "internal error: ZeroDivisionError" in capsys.readouterr().err


@pytest.mark.parametrize(
    "spec, expected",
    [("os", "expected MODULE:FUNCTION"), ("no_such_module_x:make", "cannot import"), ("os:nothing", "no function")],
)
def test_fx_to_mlir_factory_errors(spec, expected, capsys):
    code, err = run(fx_to_mlir.main, [spec], capsys)
    assert code == 1 and expected in err
