"""Comparing the outputs of two runs with dtype tolerances (those of the end-to-end tests)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from xdsl.ir import Attribute

from irc.dialects.types import element_type_name

# element type -> (rtol, atol); exact for integers and bools
TOLERANCES = {"f16": (1e-2, 1e-2), "bf16": (5e-2, 5e-2), "f32": (1e-4, 1e-5), "f64": (1e-7, 1e-7)}


# a sum's rounding error follows the size of its terms, not of its result: where terms cancel, an output far
# smaller than the others carries the error of its terms. Each element may differ by rtol times the output's
# root mean square over CANCELLATION (a float32 sum's error is about eps times it, 1e-4/16 is 100 times eps)
CANCELLATION = 16


def cancellation_allowance(want: np.ndarray, rtol: float) -> float:
    finite = np.abs(want[np.isfinite(want)])
    return 0.0 if finite.size < 2 else rtol * float(np.sqrt(np.mean(finite * finite))) / CANCELLATION


def element_name(t: Attribute) -> str | None:
    return element_type_name(getattr(t, "element_type", t))


def mismatch(want: np.ndarray, got: np.ndarray, t: Attribute | None = None) -> str | None:
    """Why `got` is not close to `want`, or None. NaNs must match NaNs."""
    want, got = np.asarray(want), np.asarray(got)
    if want.shape != got.shape:
        return f"shape {got.shape} != {want.shape}"
    rtol, atol = TOLERANCES.get(element_name(t) if t is not None else "", (0.0, 0.0))
    if want.dtype.kind == "f" or got.dtype.kind == "f":
        w, g = want.astype(np.float64), got.astype(np.float64)
        with np.errstate(all="ignore"):
            atol += cancellation_allowance(w, rtol)
            bad = ~((np.abs(w - g) <= atol + rtol * np.abs(w)) | (np.isnan(w) & np.isnan(g)) | (w == g))
    else:
        bad = want != got
    if not bad.any():
        return None
    where = tuple(int(k) for k in np.argwhere(bad)[0]) if bad.ndim else ()
    return (
        f"{int(bad.sum())} of {bad.size} elements differ (rtol={rtol}, atol={atol}); "
        f"first at {list(where)}: {got[where]!r} instead of {want[where]!r}"
    )


def first_mismatch(
    want: Sequence[np.ndarray], got: Sequence[np.ndarray], types: Sequence[Attribute] = ()
) -> str | None:
    """The first output that differs, described; None when all agree."""
    if len(want) != len(got):
        return f"{len(got)} outputs instead of {len(want)}"
    types = list(types) + [None] * (len(want) - len(types))
    for k, (w, g, t) in enumerate(zip(want, got, types)):
        reason = mismatch(w, g, t)
        if reason is not None:
            return f"output {k}: {reason}"
    return None
