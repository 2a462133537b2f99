"""The expected-failure table's rewrite (sweep_report.update_expected): what a fix or a new failure does."""

import shutil

import sweep
from sweep import Outcome
from sweep_report import load_expected, update_expected


def table_after(tmp_path, rows: dict, results: dict, all_samples: bool) -> dict:
    path = tmp_path / "expected_failures.py"
    shutil.copy(sweep.EXPECTED_PATH, path)
    text = path.read_text()
    body = "".join(f"    {case!r}: {row!r},\n" for case, row in rows.items())
    path.write_text(text[: text.index("EXPECTED_FAILURES = {")] + "EXPECTED_FAILURES = {\n" + body + "}\n")
    update_expected(results, all_samples, str(path))
    return load_expected(str(path))


def test_a_pass_removes_its_row_and_a_new_failure_is_added(tmp_path):
    rows = {("a", "float32"): ("error", 0, "hand-written reason"), ("b", "int64"): ("wrong", 0, "old")}
    results = {
        ("a", "float32"): Outcome("error", "new message"),
        ("b", "int64"): Outcome("lowered"),
        ("c", "bfloat16"): Outcome("graph_fallback", "VerifyException: x", sample=0),
    }
    assert table_after(tmp_path, rows, results, all_samples=False) == {
        ("a", "float32"): ("error", 0, "hand-written reason"),
        ("c", "bfloat16"): ("graph_fallback", 0, "VerifyException: x"),
    }


def test_a_later_sample_row_stays_when_only_first_samples_ran(tmp_path):
    rows = {("a", "float32"): ("error", 3, "fails on the fourth sample")}
    results = {("a", "float32"): Outcome("lowered")}
    assert table_after(tmp_path, rows, results, all_samples=False) == rows
    assert table_after(tmp_path, rows, results, all_samples=True) == {}


def test_a_graph_break_reason_and_a_random_op_show_in_the_note():
    from sweep_report import op_note

    broken = {"float32": Outcome("not_compiled", "graph break: Dynamic shape operator"), "int64": Outcome("skipped", "eager fails")}
    assert op_note(broken) == "graph break: Dynamic shape operator"
    random = {"float32": Outcome("extern", sweep.RANDOM, externs={"aten::rand.default"})}
    assert op_note(random) == f"rand.default; {sweep.RANDOM}"
