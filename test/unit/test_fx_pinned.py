"""Size symbols that torch's guards hold at one value together, where no single guard does, are read as that
value (irc/fx_pinned.py); a part of a size that a guard equates with a fixed part is that value too
(fx_sizes._guarded_values)."""

import sympy
from torch._dynamo.source import ConstantSource
from torch.fx.experimental.symbolic_shapes import ShapeEnv

from irc.fx_pinned import pinned_values
from irc.fx_types import size_dim


def size(env: ShapeEnv, name: str, value: int):
    return env.create_symintnode(env.create_symbol(value, ConstantSource(name)), hint=value)


def test_range_and_parity_pin_a_length():
    """A scan halving a length of 6 branches on it until 6 <= x <= 7, and on its parity: only 6 is left."""
    env = ShapeEnv()
    x = size(env, "x", 6)
    assert x >= 6 and x <= 7
    assert pinned_values(env) == {}  # the range alone leaves two values
    assert x % 2 == 0
    assert pinned_values(env) == {x.node.expr: 6}
    assert size_dim(x) == 6 and size_dim(x // 2) == 3 and size_dim(5 * x + 1) == 31


def test_two_values_left_stay_symbolic():
    env = ShapeEnv()
    x = size(env, "x", 6)
    assert x >= 6 and x <= 9 and x % 2 == 0  # 6 and 8
    assert pinned_values(env) == {}
    assert size_dim(x // 2).is_Symbol and size_dim(x) == 2 * size_dim(x // 2)


def test_unbounded_symbols_are_not_tried():
    env = ShapeEnv()
    x = size(env, "x", 6)
    assert x % 2 == 0 and x >= 6
    assert pinned_values(env) == {}


def test_part_equated_with_a_fixed_part_is_its_value():
    """An associative scan over two inputs halves both lengths and combines the halves: the guard
    `Eq(y // 2, x // 2)`, where the range fixes x // 2 at 3 and nothing bounds y."""
    env = ShapeEnv()
    x, y = size(env, "x", 6), size(env, "y", 7)
    assert x >= 6 and x <= 7
    assert y // 2 == x // 2
    assert size_dim(x // 2) == size_dim(y // 2) == 3
    assert size_dim(y) == sympy.Symbol(str(y.node.expr))  # bound from an input's size: kept
