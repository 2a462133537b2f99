"""Sizes proven equal for every value of their symbols by residue classes (irc/dialects/sym_equal.py)."""

import pytest

from irc.dialects.sym import as_expr
from irc.dialects.sym_equal import division_free_form, equal_sizes

PADDED = "s2 + ModularIndexing(2 - ModularIndexing(s2, 1, 2), 1, 2)"  # s2 rounded up to a multiple of 2

EQUAL = [
    ("2*FloorDiv({p}, 2)".format(p=PADDED), PADDED),
    ("4*CeilDiv(s0, 4)", "s0 + ModularIndexing(4 - ModularIndexing(s0, 1, 4), 1, 4)"),
    ("FloorDiv(s0 + 1, 2) + FloorDiv(s0, 2)", "s0"),
    ("FloorDiv(FloorDiv(s0 + 1, 2) + 1, 2)", "FloorDiv(s0 + 3, 4)"),
    ("s1*(FloorDiv(s0, 3)*3 + ModularIndexing(s0, 1, 3))", "s0*s1"),
]
UNEQUAL = [
    ("2*FloorDiv(s0, 2)", "s0"),
    ("4*CeilDiv(s0, 4)", "s0 + ModularIndexing(3 - ModularIndexing(s0, 1, 4), 1, 4)"),
    ("FloorDiv(FloorDiv(s0 + 1, 2) + 1, 2)", "FloorDiv(s0 + 2, 4)"),
    ("Max(s0, 2)", "s0"),
]


@pytest.mark.parametrize("left, right", EQUAL)
def test_equal_in_every_residue_class(left, right):
    assert equal_sizes(as_expr(left), as_expr(right))
    assert equal_sizes(as_expr(right), as_expr(left))


@pytest.mark.parametrize("left, right", UNEQUAL)
def test_a_residue_class_where_they_differ_is_not_equal(left, right):
    assert not equal_sizes(as_expr(left), as_expr(right))


def test_too_many_classes_are_not_split():
    left = " + ".join(f"2*FloorDiv(s{n}, 2)" for n in range(9))
    right = " + ".join(f"s{n}" for n in range(9))
    assert not equal_sizes(as_expr(left), as_expr(right))  # 2**9 classes: not proven, not a hang
    assert equal_sizes(3, 3) and not equal_sizes(3, 4)


PAD4 = "ModularIndexing(4 - ModularIndexing(s0, 1, 4), 1, 4)"  # s0 padded up to a multiple of 4 by this much
DIVISION_FREE = [
    ("4*FloorDiv(s0 + {p}, 4) - {p}".format(p=PAD4), "s0"),  # padded, chunked, cut back
    ("32*Max(1, 4*FloorDiv(s0 + {p}, 4) - {p})".format(p=PAD4), "32*Max(1, s0)"),
    ("2*FloorDiv(s0, 2) + ModularIndexing(s0, 1, 2) + s1", "s0 + s1"),
]
NOT_DIVISION_FREE = ["4*FloorDiv(s0 + {p}, 4)".format(p=PAD4), "FloorDiv(s0, 4)", "s0 + 1",
                     "2*FloorDiv(s0, 2)"]


@pytest.mark.parametrize("expr, form", DIVISION_FREE)
def test_division_free_form_of_every_residue_class(expr, form):
    assert division_free_form(as_expr(expr)) == as_expr(form)


@pytest.mark.parametrize("expr", NOT_DIVISION_FREE)
def test_no_division_free_form_where_the_classes_differ(expr):
    assert division_free_form(as_expr(expr)) is None
