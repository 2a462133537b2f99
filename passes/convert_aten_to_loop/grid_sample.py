"""grid_sampler_3d (GRID_SAMPLE_LOWERINGS): a pointwise over the output whose loads of the input are gathers at
positions computed from the grid, as ATen's CPU kernel computes them (GridSampler.h, GridSampler.cpp).

    out[n, c, d, h, w]: (ix, iy, iz) = source index of grid[n, d, h, w, 0 / 1 / 2] along W / H / D:
        unnormalized from [-1, 1] (align_corners), then clipped to the input (border) or reflected and clipped
        (reflection); trilinear: sum over the 8 corners (floor + 0/1 per dim) of x[n, c, corner] * its weight,
        corners outside the input skipped; nearest: x at the rounded (half to even) position, 0 outside.

(grid_sampler_2d reaches irc as PyTorch's decomposition; torch._decomp has none for 3-d.) Bicubic is 2-d only.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from xdsl.dialects import arith
from xdsl.dialects import math as mathd
from xdsl.dialects.builtin import i64
from xdsl.ir import Attribute, SSAValue

from irc.dialects import aten
from irc.dialects.element_types import is_float

from .body import Body, Lowered, index_symbol
from .cat import _arg, finish, in_range, masked_load, number
from .dtypes import compute_type
from .elementwise import SCALAR_OP_CLASSES
from .pool_window import all_of, buffer_of, flag, results, static
from .special import Scalars

BILINEAR, NEAREST = 0, 1
ZEROS, BORDER, REFLECTION = 0, 1, 2


class _Math(Scalars):
    """Float arithmetic on a body's values in one float type (constants from ints too)."""

    def c(self, number: float) -> SSAValue:
        return self.body.constant(float(number), self.t)

    def floor(self, a):
        return self.body.add(mathd.FloorOp(a))

    def less(self, a, b):
        return self.cmp("olt", a, b)

    def pick(self, cond, a, b):
        return self.select(cond, a, b)


def _unnormalize(m: _Math, coord: SSAValue, size: int, align_corners: bool) -> SSAValue:
    one = m.c(1)
    if align_corners:  # [-1, 1] -> [0, size - 1]
        return m.mul(m.div(m.add(coord, one), m.c(2)), m.c(size - 1))
    return m.div(m.sub(m.mul(m.add(coord, one), m.c(size)), one), m.c(2))  # -> [-0.5, size - 0.5]


def _clip(m: _Math, coord: SSAValue, size: int) -> SSAValue:
    """std::min(size - 1, std::max(coord, 0)), NaN as those treat it."""
    low = m.pick(m.less(coord, m.c(0)), m.c(0), coord)
    limit = m.c(size - 1)
    return m.pick(m.less(limit, low), limit, low)


def _reflect(m: _Math, coord: SSAValue, twice_low: int, twice_high: int) -> SSAValue:
    if twice_low == twice_high:
        return m.c(0)
    low, span = m.c(twice_low / 2), m.c((twice_high - twice_low) / 2)
    distance = m.body.add(mathd.AbsFOp(m.sub(coord, low)))
    extra = m.body.add(SCALAR_OP_CLASSES["loop.fmod"](distance, span))
    flips = m.floor(m.div(distance, span))
    even = m.body.add(
        arith.CmpfOp(m.body.add(SCALAR_OP_CLASSES["loop.fmod"](flips, m.c(2))), m.c(0), "oeq")
    )
    return m.pick(even, m.add(extra, low), m.add(m.sub(span, extra), low))


def _source_index(m: _Math, coord: SSAValue, size: int, padding: int, align_corners: bool) -> SSAValue:
    coord = _unnormalize(m, coord, size, align_corners)
    if padding == BORDER:
        return _clip(m, coord, size)
    if padding == REFLECTION:
        twice = (0, 2 * (size - 1)) if align_corners else (-1, 2 * size - 1)
        return _clip(m, _reflect(m, coord, *twice), size)
    return coord


def _read(body: Body, source: SSAValue, lead: list, position: list[SSAValue], t: Attribute) -> SSAValue:
    """source[n, c, z, y, x] at i64 positions (z, y, x) in type t, 0 outside."""
    value = masked_load(body, source, [*lead, 0, 0, 0], {2 + k: p for k, p in enumerate(position)})
    return body.cast(value, t)


def _inside(body: Body, source: SSAValue, position: list[SSAValue]) -> SSAValue:
    return all_of(body, [in_range(body, p, s) for p, s in zip(position, source.type.sizes()[2:])])


def lower_grid_sampler_3d(op: aten.FallbackOp) -> Lowered | None:
    source, grid, types = buffer_of(op, 0, "input"), buffer_of(op, 1, "grid"), results(op)
    mode, padding = number(_arg(op, 2, "interpolation_mode")), number(_arg(op, 3, "padding_mode"))
    align_corners = flag(_arg(op, 4, "align_corners"))
    if None in (source, grid, types) or mode not in (BILINEAR, NEAREST):
        return None
    if padding not in (ZEROS, BORDER, REFLECTION):
        return None
    out, in_sizes = types[0], source.type.sizes()
    if len(in_sizes) != 5 or not static(*in_sizes[2:]) or not is_float(out.element_type):
        return None
    t = compute_type(out.element_type)
    body = Body(out.sizes())
    m = _Math(body, t)
    n, c, d, h, w = (index_symbol(f"i{k}") for k in range(5))
    sizes_xyz = (in_sizes[4], in_sizes[3], in_sizes[2])
    coords = []
    for k, size in enumerate(sizes_xyz):
        g = body.cast(body.load(grid, [n, d, h, w, k]), t)
        coords.append(_source_index(m, g, size, padding, align_corners))
    if mode == NEAREST:
        nearest = [body.cast(body.add(mathd.RoundEvenOp(v)), i64) for v in reversed(coords)]
        return finish(body, _read(body, source, [n, c], nearest, t), out)
    floors = [m.floor(v) for v in coords]  # x, y, z
    starts = [body.cast(f, i64) for f in floors]
    total = m.c(0)
    for offsets in itertools.product((0, 1), repeat=3):  # (z, y, x): tnw, tne, tsw, tse, bnw, bne, bsw, bse
        dz, dy, dx = offsets
        weight = None
        for v, f, o in zip(coords, floors, (dx, dy, dz)):  # ATen's product: x, then y, then z
            factor = m.sub(v, f) if o else m.sub(m.add(f, m.c(1)), v)
            weight = factor if weight is None else m.mul(weight, factor)
        position = [
            s if o == 0 else body.add(arith.AddiOp(s, body.constant(1, i64)))
            for s, o in zip(reversed(starts), offsets)
        ]
        value = m.mul(_read(body, source, [n, c], position, t), weight)
        total = m.add(total, m.pick(_inside(body, source, position), value, m.c(0)))
    return finish(body, total, out)


GRID_SAMPLE_LOWERINGS: dict[str, Callable[[aten.FallbackOp], Lowered | None]] = {
    "aten::grid_sampler_3d.default": lower_grid_sampler_3d,
}
