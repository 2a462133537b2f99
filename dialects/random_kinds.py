"""The random kinds every level shares: one row each (what a kind generates, whether it takes bounds, how
Triton spells it). Random numbers are counter based (Philox4x32-10, as triton/language/random.py): an
element's value is a function of a seed and its offset, the element's linear index in the random op's
result, so a kernel that recomputes it, or a pass that moves it, gets the same value.

`aten.random` (dialects/aten_random.py) reads one seed of a seeds tensor that an extern draws once per graph
call from torch's default generator; `loop.random` (dialects/loop_random.py) computes one element from a seed
and an offset; `triton.random` (dialects/triton_random.py) is `tl.rand` / `tl.randn` / a randint4x helper.
irc/interp/philox.py computes the same bits in numpy for the interpreters.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import Float32Type, IntegerAttr, IntegerType, StringAttr, i64
from xdsl.ir import Attribute


@dataclass(frozen=True)
class RandomKind:
    """`generated`: the element type a kernel computes it in; `bounded`: takes low (inclusive) and high
    (exclusive); `template`: Triton over `{seed}`, `{offset}` (and `{low}`, `{size}` = high - low)."""

    generated: str
    bounded: bool
    template: str
    helper: str = ""
    doc: str = ""


_RANDINT64 = """@triton.jit
def _randint64(seed, offset, low, size):
    r0, r1, _r2, _r3 = tl.randint4x(seed, offset)
    bits = r0.to(tl.uint64) | (r1.to(tl.uint64) << 32)
    return (bits % size).to(tl.int64) + low
"""

RANDOM_KINDS: dict[str, RandomKind] = {
    "rand": RandomKind("f32", False, "tl.rand({seed}, {offset})", doc="uniform in [0, 1)"),
    "randn": RandomKind("f32", False, "tl.randn({seed}, {offset})", doc="standard normal (Box-Muller)"),
    # as Inductor's randint64: two 32-bit words make 64 random bits, so ranges past 2**32 work too
    "randint": RandomKind("i64", True, "_randint64({seed}, {offset}, {low}, {size})", _RANDINT64,
                          "integers in [low, high)"),
}

SEED_TYPE = "i64"
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
# the extern that draws a graph call's seeds (as Inductor's RandomSeeds): any int64 from torch's generator
SEEDS_OVERLOAD = "aten::randint.low"
# Unit attribute on that extern (aten.fallback, then kernel.extern): it draws seeds for kernels, it is not an
# op irc runs eagerly for want of a lowering (the emitted module's FALLBACKS leave it out)
SEEDS_ATTR = "irc.seeds"


def generated_type(kind: str) -> Attribute:
    return Float32Type() if RANDOM_KINDS[kind].generated == "f32" else i64


def is_seed_type(t: Attribute) -> bool:
    return isinstance(t, IntegerType) and t.width.data == 64


def known_kinds() -> str:
    return ", ".join(RANDOM_KINDS)


def bounds_problem(kind: str, low: int | None, high: int | None) -> str | None:
    """Why `low` / `high` do not fit `kind`, or None."""
    row = RANDOM_KINDS.get(kind)
    if row is None:
        return f"unknown random kind '{kind}'; expected one of {known_kinds()}"
    if not row.bounded:
        return None if low is None and high is None else f"random kind '{kind}' takes no low and high"
    if low is None or high is None:
        return f"random kind '{kind}' needs low and high"
    if not low < high:
        return f"random kind '{kind}' needs low < high, got low = {low}, high = {high}"
    return None


def kind_properties(kind: str, low: int | None, high: int | None) -> dict[str, Attribute]:
    """The properties a random op of `kind` carries at every level: its kind, and its bounds if it has them."""
    properties: dict[str, Attribute] = {"kind": StringAttr(kind)}
    for name, value in (("low", low), ("high", high)):
        if value is not None:
            properties[name] = IntegerAttr(value, i64)
    return properties


def bounds_of(low: IntegerAttr | None, high: IntegerAttr | None) -> tuple[int | None, int | None]:
    """A random op's (low, high) properties as numbers."""
    return tuple(None if a is None else a.value.data for a in (low, high))
