"""Reductions of convert-kernel-to-triton: one strategy per loop.reduction kind (REDUCTIONS).

A strategy reduces a block of per-element values `v` ([XBLOCK, RBLOCK], masked lanes invalid) along axis 1:
- persistent: all of a row is in registers: `tl.where(mask, v, identity)` then one triton.reduce;
- looped: accumulators of shape [XBLOCK, RBLOCK] are created before the r loop (`init`), combined with each
  block of values inside it (`step`) and reduced after it (`finish`).
Results have shape [XBLOCK, 1]. max/min propagate NaN like torch; argmax/argmin give the first index of
the extreme (a NaN counts as the extreme); welford gives (mean, m2, count).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import IntegerType
from xdsl.ir import Attribute, SSAValue

from irc.dialects.triton import Dims, element_of
from irc.dialects.types import is_bool, is_float
from irc.passes.convert_kernel_to_triton.builder import TritonBuilder, identity_value, integer_limit


@dataclass
class Lanes:
    """What a strategy sees of the r loop it runs in: the block shape and index type (enough for `init`),
    and inside the loop the lane mask, the r index and rnumel."""

    shape: Dims
    index_type: Attribute
    mask: SSAValue | None = None
    rindex: SSAValue | None = None
    rnumel: SSAValue | None = None


class Reduction:
    """Base of the strategies; `kind` is the loop.reduction kind."""

    def __init__(self, kind: str):
        self.kind = kind

    def persistent(self, b: TritonBuilder, v: SSAValue, lanes: Lanes) -> list[SSAValue]:
        raise NotImplementedError

    def init(self, b: TritonBuilder, element: Attribute, lanes: Lanes) -> list[SSAValue]:
        raise NotImplementedError

    def step(self, b: TritonBuilder, accs: list[SSAValue], v: SSAValue, lanes: Lanes) -> list[SSAValue]:
        raise NotImplementedError

    def finish(self, b: TritonBuilder, accs: list[SSAValue], lanes: Lanes) -> list[SSAValue]:
        raise NotImplementedError


# kind -> (elementwise combine of accumulators, triton.reduce kind)
COMBINES = {
    "sum": ("add", "sum"),
    "prod": ("mul", "prod"),
    "max": ("maximum", "maximum"),
    "min": ("minimum", "minimum"),
    "any": ("logical_or", "any"),
    "xor_sum": ("bitwise_xor", "xor_sum"),
}


class Combine(Reduction):
    """sum, prod, max, min, any, xor_sum: masked lanes take the identity; a looped form combines per lane."""

    def persistent(self, b, v, lanes):
        element = element_of(v.type)
        masked = b.where(lanes.mask, v, b.const(identity_value(self.kind, element), element))
        return [b.reduce(COMBINES[self.kind][1], masked)]

    def init(self, b, element, lanes):
        return [b.const(identity_value(self.kind, element), element, lanes.shape, name="_acc")]

    def step(self, b, accs, v, lanes):
        (acc,) = accs
        return [b.where(lanes.mask, b.binary(COMBINES[self.kind][0], acc, v), acc)]

    def finish(self, b, accs, lanes):
        return [b.reduce(COMBINES[self.kind][1], accs[0])]


class All(Reduction):
    """all(v) = not any(not v): masked lanes count as true."""

    def persistent(self, b, v, lanes):
        falsified = b.where(lanes.mask, b.unary("not", v), b.const(False, element_of(v.type)))
        return [b.unary("not", b.reduce("any", falsified))]

    def init(self, b, element, lanes):
        return [b.const(True, element, lanes.shape, name="_acc")]

    def step(self, b, accs, v, lanes):
        (acc,) = accs
        return [b.where(lanes.mask, b.binary("logical_and", acc, v), acc)]

    def finish(self, b, accs, lanes):
        return [b.unary("not", b.reduce("any", b.unary("not", accs[0])))]


class ArgExtreme(Reduction):
    """argmax/argmin: the extreme (NaN-propagating) first, then the smallest index holding it."""

    @property
    def is_max(self) -> bool:
        return self.kind == "argmax"

    def extreme(self, b, values):
        return b.reduce("maximum" if self.is_max else "minimum", values)

    def hits(self, b, values, extreme):
        """Lanes equal to the extreme; NaN lanes too (a NaN extreme means the first NaN wins)."""
        equal = b.binary("eq", values, extreme)
        if is_float(element_of(values.type)):
            equal = b.binary("logical_or", equal, b.binary("ne", values, values))
        return equal

    def first_index(self, b, hits, indices):
        big = b.const(integer_limit(element_of(indices.type), lowest=False), element_of(indices.type))
        index = b.reduce("min", b.where(hits, indices, big))
        return b.cast(index, IntegerType(64))

    def persistent(self, b, v, lanes):
        v = _comparable(b, v)
        element = element_of(v.type)
        lowest = b.const(identity_value(self.kind, element), element)
        values = b.where(lanes.mask, v, lowest)
        hits = b.binary("logical_and", self.hits(b, values, self.extreme(b, values)), lanes.mask)
        return [self.first_index(b, hits, lanes.rindex)]

    def init(self, b, element, lanes):
        element = IntegerType(8) if is_bool(element) else element
        index_type = lanes.index_type
        big = integer_limit(index_type, lowest=False)
        return [
            b.const(identity_value(self.kind, element), element, lanes.shape, name="_acc"),
            b.const(big, index_type, lanes.shape, name="_acc_index"),
        ]

    def step(self, b, accs, v, lanes):
        acc, acc_index = accs
        v = _comparable(b, v)
        better = b.binary("gt" if self.is_max else "lt", v, acc)
        if is_float(element_of(acc.type)):
            nan_first = b.binary("logical_and", b.binary("ne", v, v), b.binary("eq", acc, acc))
            better = b.binary("logical_or", better, nan_first)
        big = b.const(integer_limit(element_of(acc_index.type), lowest=False), element_of(acc_index.type))
        better = b.binary("logical_or", better, b.binary("eq", acc_index, big))
        better = b.binary("logical_and", better, lanes.mask)
        return [b.where(better, v, acc), b.where(better, lanes.rindex, acc_index)]

    def finish(self, b, accs, lanes):
        acc, acc_index = accs
        return [self.first_index(b, self.hits(b, acc, self.extreme(b, acc)), acc_index)]


class Welford(Reduction):
    """(mean, m2, count). Persistent: two passes over registers. Looped: a Welford update per lane, then the
    lanes combined exactly (Chan et al.): mean = sum(n_j mean_j) / n, m2 = sum(m2_j + n_j (mean_j - mean)^2).
    """

    def persistent(self, b, v, lanes):
        element = element_of(v.type)
        zero = b.const(0.0, element)
        count = b.cast(lanes.rnumel, element)
        mean = b.binary("truediv", b.reduce("sum", b.where(lanes.mask, v, zero)), count)
        deviation = b.where(lanes.mask, b.binary("sub", v, mean), zero)
        m2 = b.reduce("sum", b.binary("mul", deviation, deviation))
        return [mean, m2, count]

    def init(self, b, element, lanes):
        return [b.const(0.0, element, lanes.shape, name=n) for n in ("_mean", "_m2", "_weight")]

    def step(self, b, accs, v, lanes):
        mean, m2, weight = accs
        element = element_of(mean.type)
        one = b.const(1.0, element)
        new_weight = b.where(lanes.mask, b.binary("add", weight, one), weight)
        delta = b.binary("sub", v, mean)
        divisor = b.binary("maximum", new_weight, one)
        new_mean = b.where(lanes.mask, b.binary("add", mean, b.binary("truediv", delta, divisor)), mean)
        update = b.binary("mul", delta, b.binary("sub", v, new_mean))
        new_m2 = b.where(lanes.mask, b.binary("add", m2, update), m2)
        return [new_mean, new_m2, new_weight]

    def finish(self, b, accs, lanes):
        mean, m2, weight = accs
        count = b.reduce("sum", weight)
        total_mean = b.binary("truediv", b.reduce("sum", b.binary("mul", weight, mean)), count)
        deviation = b.binary("sub", mean, total_mean)
        spread = b.binary("mul", weight, b.binary("mul", deviation, deviation))
        total_m2 = b.reduce("sum", b.binary("add", m2, spread))
        return [total_mean, total_m2, count]


def _comparable(b: TritonBuilder, v: SSAValue) -> SSAValue:
    """Bools compare as i8 (the NaN-propagating max/min reductions take numbers)."""
    return b.cast(v, IntegerType(8)) if is_bool(element_of(v.type)) else v


REDUCTIONS: dict[str, type[Reduction]] = {
    "sum": Combine,
    "prod": Combine,
    "max": Combine,
    "min": Combine,
    "any": Combine,
    "xor_sum": Combine,
    "all": All,
    "argmax": ArgExtreme,
    "argmin": ArgExtreme,
    "welford": Welford,
}


def reduction_for(kind: str, element: Attribute) -> Reduction:
    """The strategy of a kind; on bools max is any and min is all."""
    if is_bool(element) and kind in ("max", "min"):
        kind = "any" if kind == "max" else "all"
    return REDUCTIONS[kind](kind)
