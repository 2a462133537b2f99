"""`make run`'s summary: the ATen ops the compiled module calls are externs, not failures."""

from irc.demo import summary


def test_the_summary_names_externs_as_externs():
    line = summary(1, 2, {"aten::mm.default": 1, "aten::addmm.default": 3})
    assert line == "irc: compiled 1 graph(s) into 2 Triton kernel(s) and externs: aten::addmm.default x3, " \
        "aten::mm.default x1"
    assert "fallback" not in line and "eager" not in line


def test_a_graph_without_externs_says_none():
    assert summary(1, 1, {}).endswith("externs: none")
