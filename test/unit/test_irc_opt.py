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
    assert "irc-opt: error:" in done.stderr


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
