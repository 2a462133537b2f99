"""Size symbols torch's guards prove multiples of an integer are read as that integer times a fresh size
symbol (irc/fx_divisible.py), and divisions of such multiples fold (irc/dialects/sym_functions.py)."""

import math

import pytest
import sympy
import torch
from torch._dynamo.source import ConstantSource
from torch.fx.experimental.symbolic_shapes import ShapeEnv

from irc.dialects.sym_functions import CeilDiv, FloorDiv, ModularIndexing
from irc.fx_divisible import symbol_hints
from irc.fx_sizes import guarded_expr
from irc.fx_types import size_dim


def size(env: ShapeEnv, name: str, value: int):
    return env.create_symintnode(env.create_symbol(value, ConstantSource(name)), hint=value)


GUARDS = {  # a guard the traced program leaves -> the multiple it proves
    "rounded up to a multiple": (lambda s: math.ceil(s / 2) * 2 == s, 2),
    "remainder": (lambda s: s % 8 == 0, 8),
    "floor division": (lambda s: s // 4 * 4 == s, 4),
    "two of them": (lambda s: s % 4 == 0 and s % 6 == 0, 12),
    "a branch on the parity": (lambda s: s % 2 != 1, 2),
    "no padding to a multiple": (lambda s: (4 - s % 4) % 4 <= 0, 4),
    "halved, then a branch on the half's parity": (lambda s: s % 2 == 0 and (s // 2) % 2 != 1, 4),
}


@pytest.mark.parametrize("name", GUARDS)
def test_guarded_multiple_is_a_fresh_symbol_times_it(name):
    env = ShapeEnv()
    guard, multiple = GUARDS[name]
    x, y = size(env, "x", 24), size(env, "y", 26)  # two values: two symbols
    assert guard(x)  # records the guard, as Dynamo's tracing does
    assert bool(y > 3)
    fresh = sympy.Symbol(f"s{int(str(x.node.expr)[1:]) * 1000 + multiple}")
    assert size_dim(x) == multiple * fresh
    assert size_dim(x // multiple) == fresh
    assert size_dim((x + multiple + 1) // multiple) == fresh + 1
    assert size_dim(y) == sympy.Symbol(str(y.node.expr))  # no guard on its divisibility: as it was
    assert symbol_hints(x) == {str(x.node.expr): 24, str(fresh): 24 // multiple}


def test_multiple_the_guards_do_not_prove_stays_a_symbol():
    env = ShapeEnv()
    x = size(env, "x", 12)
    assert bool(x % 4 != 1) and bool(x > 5)
    assert guarded_expr(x) == x.node.expr


def test_exact_divisions_fold():
    s0, s1 = sympy.symbols("s0 s1")
    assert FloorDiv(2 * s0, 2) == CeilDiv(2 * s0, 2) == FloorDiv(s0**2, s0) == s0
    assert CeilDiv(4 * s0 * s1 + 6, 2) == 2 * s0 * s1 + 3
    assert ModularIndexing(4 * s0 * s1, 1, 2 * s1) == 0
    kept = [FloorDiv(2 * s0 + 3, 2 * s0), FloorDiv(s0, 2 * s0), FloorDiv(2 / s0, 2), ModularIndexing(s0 * s1, 1, 2)]
    assert all(isinstance(e, (FloorDiv, ModularIndexing)) for e in kept)


def test_divisions_of_a_multiple_beside_a_constant_fold():
    """d*q + c divided by d is q + c // d; by a product k*names (at least k where it is not 0) where c // d is
    the same for every divisor from k up."""
    s0 = sympy.Symbol("s0")
    assert FloorDiv(4 * s0 + 1, 2) == 2 * s0 and FloorDiv(4 * s0 - 1, 2) == 2 * s0 - 1
    assert CeilDiv(4 * s0 + 1, 2) == 2 * s0 + 1 and ModularIndexing(4 * s0 + 3, 1, 2) == 1
    assert FloorDiv(4 * s0 + 1, 2 * s0) == 2 and CeilDiv(4 * s0 + 2, 2 * s0) == 3
    assert isinstance(FloorDiv(4 * s0 + 3, 2 * s0), FloorDiv)  # 3 // 2 is 1, 3 // 4 is 0


def test_guarded_halves_fold_into_the_half():
    """Swin's stages halve the side after a stride-2 stem and pad each to a multiple of 2: torch's guards prove
    x // 2 and (x // 2 + 1) // 2 even, so x // 2 is 4 times one fresh symbol (not two unrelated ones)."""
    env = ShapeEnv()
    x = size(env, "x", 80)
    half = x // 2
    assert half % 2 != 1 and (half + 1) // 2 % 2 != 1
    quarter = size_dim(half) / 4
    assert quarter.is_Symbol and size_dim((half + 1) // 2) == 2 * quarter


def test_guarded_expression_is_a_fresh_symbol_defined_by_it():
    """The side after a strided stem, `FloorDiv(x - 1, 8) + 1`, rounded up to a multiple of 2 as MobileViT
    does: 2 times a fresh symbol whose definition (in irc's sizes) the host evaluates from x."""
    from irc.dialects.sym import evaluate_index
    from irc.fx_divisible import derived_definitions
    from irc.fx_sizes import irc_size

    env = ShapeEnv()
    x = size(env, "x", 64)
    side = (x - 1) // 8 + 1
    assert math.ceil(side / 2) * 2 == side
    ((torch_symbol, torch_definition),) = derived_definitions(env).items()
    fresh, definition = sympy.Symbol(torch_symbol.name), irc_size(torch_definition)
    assert size_dim(side) == 2 * fresh
    assert size_dim(side // 2) == fresh
    assert evaluate_index(definition, {str(x.node.expr): 64}) == 4
    assert evaluate_index(definition, {str(x.node.expr): 112}) == 7  # another size: FloorDiv(111, 8) + 1 = 14
    assert size_dim(x) == sympy.Symbol(str(x.node.expr))  # x itself: no guard on its divisibility


def test_size_definitions_are_read_by_grammar():
    from xdsl.dialects import func
    from xdsl.dialects.builtin import DictionaryAttr, IntAttr, StringAttr
    from xdsl.utils.exceptions import VerifyException

    from irc.dialects.aten import SIZE_DEFINITIONS, size_definitions

    function = func.FuncOp("f", ([], []))
    function.attributes[SIZE_DEFINITIONS] = DictionaryAttr({"s8": StringAttr("FloorDiv(s0 - 1, 8) + 1")})
    assert str(size_definitions(function)["s8"]) == "FloorDiv(s0 - 1, 8) + 1"
    for bad in ({"s8": IntAttr(3)}, {"s8": StringAttr("__import__('os')")}, {"2*s8": StringAttr("s0")}):
        function.attributes[SIZE_DEFINITIONS] = DictionaryAttr(bad)
        with pytest.raises(VerifyException):
            size_definitions(function)


def test_padded_length_cut_back_is_the_length():
    """Mamba2 pads its sequence to a multiple of the chunk, splits it into chunks (torch: P // 4 chunks of
    P // (P // 4)) and cuts the padding off their product again: the padded length is 4 times a fresh symbol,
    and the length cut back from it is the length itself, as the tensors it broadcasts with spell it."""
    env = ShapeEnv()
    x = size(env, "x", 6)
    pad = (4 - x % 4) % 4
    padded = x + pad
    assert padded % 4 == 0
    chunks = padded // 4
    fresh = size_dim(chunks)
    assert fresh.is_Symbol and size_dim(padded) == 4 * fresh
    length = sympy.Symbol(str(x.node.expr))
    assert size_dim(chunks * (padded // chunks) - pad) == length
    assert str(size_dim(3 * torch.sym_max(1, chunks * (padded // chunks) - pad))) == f"3*Max(1, {length})"
