"""Index expressions are read by a grammar (dialects/sym_parse.py), never evaluated (issue 19)."""

import os
import re
import time

import pytest
import sympy

from irc.dialects.sym import FloorDiv, ModularIndexing
from irc.dialects.sym_functions import Max, Min
from irc.dialects.sym_parse import MAX_DEPTH, IndexSyntaxError, parse_sym

i0, i1, r0, t0, s0, s1 = sympy.symbols("i0 i1 r0 t0 s0 s1")

# what irc builds and prints: sympy's str of these must parse back to the same expression
PRINTED = [
    9 * i0 + r0,
    -i0 + s0 - 1,
    FloorDiv(s0 + 127, 128),
    FloorDiv(s0 + 31, 32) * FloorDiv(s1 + 31, 32),
    ModularIndexing(i0, 1, 3) + 9 * FloorDiv(i0, 3),
    -FloorDiv(i0, 3) + s0 * i1,
    2 * s0**2 * s1,
    (s0 + 1) ** 2,
    s0 * (s1 + 1),
    Max(1, s0),
    Min(s0, s1 - 1),
    Max(0, 3 - ModularIndexing(s0, 4, 2)) + FloorDiv(Max(s0, s1), 2),
    5000 * i0 + t0,
    -3 * i0 - 7,
    sympy.Integer(0),
    sympy.Integer(-5),
    i0 * s0 * s1 + ModularIndexing(i1, s0, s1),
    (1 << 62) * i0,
]


@pytest.mark.parametrize("expr", PRINTED, ids=str)
def test_printed_expressions_parse_back(expr):
    assert parse_sym(str(expr)) == expr
    assert str(parse_sym(str(expr))) == str(expr)


def test_spellings_are_whitespace_and_order_insensitive():
    assert parse_sym("r0+9*i0") == parse_sym("9*i0 + r0") == parse_sym(" i0*9 + r0 ")
    assert parse_sym("-x**2") == -sympy.Symbol("x") ** 2
    assert parse_sym("2**3**2") == 512
    assert parse_sym("--3") == 3


def test_code_in_an_index_is_never_run(tmp_path):
    marker = tmp_path / "MARKER"
    text = f"i0 + len(__import__('pathlib').Path({str(marker)!r}).write_text('x'))"
    with pytest.raises(IndexSyntaxError, match="unknown function 'len'"):
        parse_sym(text)
    for attempt in ["__import__('os')", "i0.__class__", "lambda: 0", "[i0]", "i0 if 1 else 2", "'a'", "i0; x"]:
        with pytest.raises(IndexSyntaxError):
            parse_sym(attempt)
    assert not marker.exists()


@pytest.mark.parametrize(
    "text, message",
    [
        ("10**10**10", "exponent must be an integer from 0 to 64"),
        ("9**64", "out of int64 range"),
        ("99999999999999999999", "out of int64 range"),
        ("4294967296*4294967296", "out of int64 range"),
        ("i0 // 0", "unexpected character '/'"),
        ("i0 % 0", "unexpected character '%'"),
        ("i0 + 1.5", "unexpected character '.'"),
        ("x.y", "unexpected character '.'"),
        ("__class__", "invalid name '__class__'"),
        ("i0**65", "exponent must be an integer from 0 to 64"),
        ("s0**-1", "exponent must be an integer from 0 to 64"),
        ("s0**s1", "exponent must be an integer"),
        ("i0*" * 64 + "i0", "degree more than 64"),
        ("*".join(["(i0 + i1)"] * 13), "more than 4096 terms"),
        (" + ".join(["i0"] * 20000), "more than 4096 terms"),
        ("(" * (MAX_DEPTH + 1) + "i0" + ")" * (MAX_DEPTH + 1), "nested deeper"),
        ("FloorDiv(" * 1000 + "i0" + ", 2)" * 1000, "nested deeper"),
        ("-" * 1000 + "i0", "nested deeper"),
        ("FloorDiv(i0)", "FloorDiv takes 2 arguments, got 1"),
        ("Max(" + ", ".join(["i0"] * 65) + ")", "Max takes 2 to 64 arguments"),
        ("foo(i0)", "unknown function 'foo'"),
        ("FloorDiv + 1", "'FloorDiv' needs arguments"),
        ("", "empty expression"),
        ("i0 +* )", "expected an operand"),
        ("(i0", "unbalanced '('"),
        ("i0)", "unbalanced ')'"),
        ("i0, i1", "outside a function's arguments"),
        ("i0 i1", "expected an operator"),
        ("x" * 200_000, "characters"),
    ],
)
def test_bad_text_is_a_syntax_error_quickly(text, message):
    start = time.perf_counter()
    with pytest.raises(IndexSyntaxError, match=re.escape(message)):
        parse_sym(text)
    assert time.perf_counter() - start < 1.0


def test_division_by_zero_parses_unevaluated_for_the_verifier():
    from irc.dialects.sym import zero_divisor

    for text in ["FloorDiv(i0, 0)", "FloorDiv(3, 0)", "ModularIndexing(5, 0, 3)", "ModularIndexing(i0, 1, 0)"]:
        assert zero_divisor(parse_sym(text)) is not None
    assert zero_divisor(parse_sym("FloorDiv(i0, 2)")) is None


def test_parsing_is_memoized():
    text = "FloorDiv(s0 + 12345, 128)*ModularIndexing(i0, 7, 11)"
    assert parse_sym(text) is parse_sym(text)


def test_no_recursion_error_at_the_depth_limit():
    # parsed with an explicit stack: deep Python recursion around the call does not matter
    def nested(depth: int):
        if depth:
            return nested(depth - 1)
        return parse_sym("FloorDiv(" * (MAX_DEPTH - 1) + "i0" + ", 2)" * (MAX_DEPTH - 1) + " + 0")

    import sys

    assert nested(sys.getrecursionlimit() - 100) is not None


def test_no_marker_in_cwd():
    assert not os.path.exists("MARKER")


@pytest.mark.parametrize(
    ("expr", "expected"),
    [
        (Max(s0, s0 + 1), s0 + 1),
        (Min(s0, s0 + 1), s0),
        (Max(1, 2, s0), Max(2, s0)),
        (Max(Max(s0, s1), s0, 3), Max(3, s0, s1)),
        (Min(4, -2), sympy.Integer(-2)),
        (Max(s1, s0), Max(s0, s1)),
    ],
    ids=str,
)
def test_min_and_max_fold_without_searching_an_order(expr, expected):
    """irc's Min and Max flatten, fold integers and drop arguments a constant apart; no assumption search."""
    assert expr == expected
