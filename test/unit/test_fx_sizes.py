"""torch's symbolic sizes converted into irc's index functions (irc/fx_sizes.py): each form torch's shape
environment writes is converted node by node, printed, read back by irc's grammar to the same expression, and
has torch's value at every point tried."""

import itertools

import pytest
import sympy
from torch.utils._sympy import functions as F

from irc.dialects.sym import evaluate_index
from irc.dialects.sym_parse import parse_sym
from irc.fx_sizes import irc_size
from irc.fx_types import UnsupportedGraph, size_expr

s0, s1 = sympy.symbols("s0 s1", integer=True, positive=True)

FORMS = {
    "floordiv": F.FloorDiv(s0 - 1, 2) + 1,
    "ceil as -(-a // b)": -F.FloorDiv(-s0, 3),
    "CeilDiv": F.CeilDiv(s0 + s1, 4),
    "CleanDiv": F.CleanDiv(4 * s0, 2),
    "PythonMod": F.PythonMod(s0, 3),
    "Mod": F.Mod(s0 + 2, 4),
    "ModularIndexing": F.ModularIndexing(s0 * s1, 2, 5),
    "Min": F.Min(s0, s1 + 1),
    "Max": F.Max(s0 - s1, 3),
    "PowByNatural": F.PowByNatural(s0, 2) + 1,
    "pow": s0**3 - s1,
    "LShift": F.LShift(s0, 3),
    "RShift": F.RShift(s0 + 7, 2),
    "FloorToInt": F.FloorToInt(F.IntTrueDiv(s0, 3)),
    "CeilToInt": F.CeilToInt(F.FloatTrueDiv(F.ToFloat(s0), 2.0)),
    "TruncToInt": F.TruncToInt(1.5 * F.ToFloat(s0)),
    "TruncToInt of a signed value": F.TruncToInt(F.FloatTrueDiv(F.ToFloat(s0 - 3 * s1), 2.0)),
    "Piecewise": sympy.Piecewise((s0, s0 < s1), (s1 * 2, sympy.Eq(s0, 3)), (s1, True)),
    "Where": F.Where(sympy.Ne(s0, s1), s0 + 1, 1),
    "Piecewise of a boolean": sympy.Piecewise((1, sympy.And(s0 > 2, s1 <= 3)), (0, True)),
    "Identity": F.Identity(s0 + 1),
    "nested": F.FloorDiv(F.FloorDiv(s0 - 1, 2) + 1 - 3, 2) + F.Max(1, F.CeilDiv(s1, 2)),
}


@pytest.mark.parametrize("name", FORMS)
def test_form_reads_back_with_torchs_values(name):
    torch_expr = FORMS[name]
    converted = irc_size(torch_expr)
    text = str(converted)
    assert "//" not in text and "%" not in text
    assert parse_sym(text) == converted
    for a, b in itertools.product(range(1, 10), range(1, 6)):
        want = int(torch_expr.xreplace({s0: a, s1: b}))
        got = evaluate_index(parse_sym(text), {"s0": a, "s1": b})
        assert got == want, f"{name} at s0={a}, s1={b}: {text} gives {got}, torch {want}"


def test_ceiling_division_keeps_no_negative_numerator():
    # kernels divide non-negative indices with truncation: `-(-a // b)` must not stay FloorDiv(-a, b)
    assert str(irc_size(-F.FloorDiv(-s0, 2))) == "CeilDiv(s0, 2)"
    assert str(irc_size(F.FloorDiv(-s0, 2))) == "-CeilDiv(s0, 2)"


@pytest.mark.parametrize("expr", [F.PowByNatural(2, s0), F.RoundToInt(F.ToFloat(s0) / 3), s0 / 2,
                                  F.FloorToInt(F.ToFloat(s0) * 0.1)])  # fmt: skip
def test_forms_without_an_exact_integer_spelling_fall_back(expr):
    with pytest.raises(UnsupportedGraph):
        size_expr(expr)


def same_padded_sides(layers: int):
    """The side after `layers` strided convolutions with timm's SAME padding, as torch writes it: each layer
    reads the last side three times (a tree of about 3**layers nodes)."""
    side = s0
    for _ in range(layers):
        total = F.Max((F.CeilDiv(side, 2) - 1) * 2 + 3 - side, 0)
        side = F.FloorDiv(side + total - 3, 2) + 1
    return side


class ShapeEnv:
    """A stand-in for torch's shape environment: named_long_parts keys its names by it."""


def test_long_parts_are_named_by_short_definitions_with_torchs_values():
    from irc.fx_sizes import LONG_PART, _LONG_NAMES, named_long_parts
    from irc.sym_dag import longer_tree_than

    shape_env = ShapeEnv()
    named = named_long_parts(irc_size(same_padded_sides(7)), shape_env)  # 3**7 nodes as a tree
    definitions = {q.name: e for e, q in _LONG_NAMES[shape_env].items()}
    assert definitions and not longer_tree_than(named, LONG_PART)
    assert not any(longer_tree_than(e, 4 * LONG_PART) for e in definitions.values())
    for e in definitions.values():  # printed and read back by the grammar
        assert parse_sym(str(e)) == e
    short = same_padded_sides(6)
    for side in (1, 7, 64, 225, 1000):
        values = {"s0": side}
        for name, e in definitions.items():  # each after the symbols it reads
            values[name] = evaluate_index(e, values)
        want = int(short.xreplace({s0: side}))
        assert evaluate_index(named_long_parts(irc_size(short), shape_env), values) == want
    assert named_long_parts(irc_size(same_padded_sides(2)), shape_env) == irc_size(same_padded_sides(2))
