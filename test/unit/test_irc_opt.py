"""irc-opt as a user meets it: fast help without heavy imports, diagnostics instead of tracebacks."""

import subprocess
import sys

IRC_OPT = [sys.executable, "-m", "irc.tools.irc_opt"]


def run(args, stdin=""):
    return subprocess.run(IRC_OPT + args, input=stdin, capture_output=True, text=True, timeout=60)


def test_help_imports_no_torch_or_triton():
    """`irc-opt --help` stays fast by loading none of the heavy libraries (asserted, not timed)."""
    probe = (
        "import sys;"
        "from irc.tools import irc_opt;"
        "sys.argv = ['irc-opt', '--help'];"
        "exec('try:\\n irc_opt.main()\\nexcept SystemExit: pass');"
        "print([m for m in ('torch', 'triton', 'sympy') if m in sys.modules], file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert "--print-ir-after-all" in done.stdout
    assert done.stderr.startswith("[]"), done.stderr


def test_importing_irc_is_light():
    probe = "import sys, irc, irc.registry; print(sorted(m for m in ('torch','triton','sympy') if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "[]"


def test_bad_syntax_gives_diagnostic_and_nonzero_exit():
    done = run([], "func.func @f( {")
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("stdin:1:15: error: Expected argument or type\n")


def test_time_passes_go_to_stderr():
    done = run(["-p", "cse,dce", "--time-passes"], "builtin.module {}\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "builtin.module {\n}"
    assert "// irc-opt: pass cse took" in done.stderr and "// irc-opt: pass dce took" in done.stderr


def test_an_op_without_a_source_location_is_named_and_shown():
    """An op a pass made has no location: the diagnostic names it and the pass after which it failed."""
    import pytest
    from xdsl.parser import Parser
    from xdsl.utils.exceptions import VerifyException

    from irc.pipeline import make_context
    from irc.tools.diagnostics import AFTER_PASS, describe_located

    text = '%x = "test.op"() : () -> !aten.tensor<[3], f32>\n'
    text += "%0 = aten.neg %x : (!aten.tensor<[3], f32>) -> !aten.tensor<[4], f32>\n"
    module = Parser(make_context(), text).parse_module()  # xDSL's parser: no locations
    with pytest.raises(VerifyException) as caught:
        module.verify()
    setattr(caught.value, AFTER_PASS, "pass cse")
    lines = describe_located("irc-opt", caught.value).splitlines()
    message = "'aten.neg' op result shape [4] does not match the operand shape [3] (after pass cse)"
    assert lines[0] == f"irc-opt: error: {message}"
    assert lines[1].strip().startswith("%0 = aten.neg %x") and set(lines[2].strip()) == {"^"}


def test_failing_verifier_gives_diagnostic():
    done = run([], '"test.op"() : () -> !aten.tensor<[3], f32, strides [1, 1]>\n')
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert "strides" in done.stderr


def test_triton_target_is_registered():
    done = run(["-t", "triton"], "builtin.module {}\n")
    assert done.returncode == 0, done.stderr
    assert "import triton" in done.stdout


def test_only_irc_passes_and_a_safe_subset_of_xdsl_passes_are_offered():
    """xDSL's mlir-opt pass runs a program, transform-interpreter one named by the IR: neither is offered."""
    unsafe = ("transform-interpreter", "mlir-opt", "apply-pdl", "constant-fold-interp", "cse,mlir-opt")
    for pipeline in unsafe:
        done = run(["-p", pipeline], "builtin.module {}\n")
        assert done.returncode == 1 and "Unrecognized passes" in done.stderr, (pipeline, done.stderr)
    safe = "canonicalize,cse,dce,licm,reconcile-unrealized-casts,loop-inline"
    done = run(["-p", safe], "builtin.module {}\n")
    assert done.returncode == 0, done.stderr


def test_only_the_mlir_and_triton_targets_are_offered():
    for target in ("llvm", "riscv-asm", "x86-asm", "csl", "wgsl"):
        done = run(["-t", target], "builtin.module {}\n")
        assert done.returncode != 0 and "invalid choice" in done.stderr, (target, done.stderr)
    assert run(["-t", "mlir"], "builtin.module {}\n").returncode == 0


def test_help_lists_every_offered_pass_with_a_line():
    from irc.registry import PASS_HELP, PASSES, XDSL_PASSES

    listed = run(["--help"]).stdout.split("passes:\n", 1)[1]
    rows = dict(line.split(None, 1) for line in listed.splitlines() if line.strip())
    assert set(rows) == set(PASSES) | set(XDSL_PASSES)
    assert all(rows[name].strip() == PASS_HELP[name] for name in rows)


def test_version_names_irc_and_xdsl():
    import irc

    done = run(["--version"])
    assert done.stdout.startswith(f"irc-opt {irc.__version__} (xDSL 0.")
