"""IR text is hostile input: no source file outside the tests evaluates text as code (issue 19).

Index and size expressions are parsed by grammar (dialects/sym_parse.py); sympy's parser (`sympify`,
`parse_expr`) and `lambdify` run `eval`/`exec`, so they are not used at all, not even on trusted values.
"""

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = re.compile(r"sympify\(|parse_expr\(|lambdify\(|literal_eval\(|(?<![.\w])(eval|exec)\(")


def source_files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True, text=True)
    names = listed.stdout.split() if listed.returncode == 0 else [str(p.relative_to(ROOT)) for p in ROOT.rglob("*.py")]
    return [ROOT / n for n in names if not n.startswith(("test/", ".venv/")) and (ROOT / n).exists()]


# The loader executes emitted modules: only the bytes of a cache entry it read once and whose signature under
# this user's key it checked (test_cache_trust.py), or text the interpreter was handed in memory.
EXECUTES_VERIFIED_MODULES = ("irc/runtime/loader.py", "exec(code, module.__dict__)")


def test_no_source_file_evaluates_text():
    found = []
    for path in source_files():
        for number, line in enumerate(path.read_text().splitlines(), 1):
            allowed = (str(path.relative_to(ROOT)), line.strip().split("  #")[0]) == EXECUTES_VERIFIED_MODULES
            if FORBIDDEN.search(line) and not line.lstrip().startswith("def eval(") and not allowed:
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "text evaluated as code (parse it by grammar instead):\n" + "\n".join(found)


def test_the_check_finds_what_it_looks_for():
    for line in ["x = sympy.sympify(t)", "parse_expr(t)", "eval(t)", "y = exec(code)", "sympy.lambdify(a, e)"]:
        assert FORBIDDEN.search(line), line
    for line in ["model.eval()", "def evaluate(x):", "evaluate_index(e, v)", "retrieval(x)"]:
        assert not FORBIDDEN.search(line), line
