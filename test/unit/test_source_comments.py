"""irc.source (dialects/model_source.py): the model lines of a kernel's ops as one-line comments, whatever
the IR holds, and cache keys that leave them out."""

from xdsl.dialects.builtin import ArrayAttr, IntegerAttr, StringAttr
from xdsl.dialects.test import TestOp as AnyOp

from irc.dialects.model_source import MAX_ENTRIES, SOURCE_ATTR, merge_sources, sources_of, without_source_text
from irc.fx_import import last_frame
from irc.target.source_comments import source_comments

HOSTILE = [
    "add aten.add m.py:3 in f, code: y = x\nimport os", "b\rexec('1') c\x0cd e\u2028f", "n\x00 t\x1b l"
]


def with_sources(entries) -> AnyOp:
    op = AnyOp()
    op.attributes[SOURCE_ATTR] = ArrayAttr([StringAttr(entry) for entry in entries])
    return op


def test_source_comments_stay_comments_whatever_the_entries_hold():
    lines = source_comments(with_sources(HOSTILE))
    assert lines[0].startswith("# Source Nodes: [add, b?exec('1'), n?], Original ATen: [aten.add, c?d, t?]")
    assert all(line.startswith("# ") and line.isprintable() for line in lines)
    text = "\n".join(lines)
    assert len(text.splitlines()) == len(lines) == 4
    code = compile(text + "\n", "<emitted>", "exec")
    assert not code.co_names and code.co_consts in ((None,), ())  # nothing but comments


def test_a_malformed_source_attribute_gives_no_comment_and_is_replaced_on_merge():
    op = AnyOp()
    op.attributes[SOURCE_ATTR] = IntegerAttr(5, 64)
    assert source_comments(op) == [] and source_comments(with_sources([""])) == []
    merge_sources(op, with_sources(["a"]))
    assert sources_of(op) == ["a"]


def test_merged_sources_keep_order_drop_repeats_and_are_bounded():
    target = with_sources(["a", "b"])
    merge_sources(target, with_sources(["b", "c"]), with_sources([f"x{k}" for k in range(40)]))
    assert sources_of(target)[:4] == ["a", "b", "c", "x0"] and len(sources_of(target)) == MAX_ENTRIES


def test_cache_key_text_leaves_sources_out_but_not_strings_that_look_like_them():
    one = '%2 = aten.add %0, %1 {irc.source = ["add aten.add.Tensor a.py:9 in m, code: y = \\"x\\""]} : t'
    other = '%2 = aten.add %0, %1 {irc.source = ["add aten.add.Tensor b.py:1 in g, code: z", "q"]} : t'
    assert without_source_text(one) == without_source_text(other) == "%2 = aten.add %0, %1 : t"
    mixed = '%3 = aten.fallback {a = 1, irc.source = ["x"]} {b = 2} {irc.source = ["y"], c = 3} : t'
    assert without_source_text(mixed) == "%3 = aten.fallback {a = 1} {b = 2} {c = 3} : t"
    lookalike = '%5 = aten.fallback {s = "a, irc.source = [\\"x\\"]"} : t'
    assert without_source_text(lookalike) == lookalike


def test_last_frame_is_the_model_line():
    trace = '  File "/a/b/lib.py", line 3, in g\n    h()\n  File "/home/u/model.py", line 12, in forward\n' \
            "    y = x + 1\n        ^^^^^\n"
    assert last_frame(trace) == "model.py:12 in forward, code: y = x + 1"
    assert last_frame("") == last_frame("no frame here") == ""
