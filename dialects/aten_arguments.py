"""Argument checks of fallback overloads whose eager kernels reject arguments before looking at data: the aten
verifier gives eager's message (the IR is wrong as written), one row per overload. Without a row an overload's
arguments are checked by eager when the extern runs.

    aten.fallback "aten::constant_pad_nd.default"(%x) {args = [#aten.operand<0>, [1, 2, 3]]}
      -> Operation does not verify: aten::constant_pad_nd.default: Length of pad must be even but instead it
         equals 3
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects.builtin import ArrayAttr, IntegerAttr
from xdsl.ir import Attribute


def _pad_problem(args: Sequence[Attribute], rank: int | None) -> str | None:
    """ATen's constant_pad_nd checks (its meta function's torch._check messages)."""
    pad = args[1] if len(args) > 1 else None
    if not isinstance(pad, ArrayAttr) or not all(isinstance(p, IntegerAttr) for p in pad.data):
        return None
    if len(pad.data) % 2:
        return f"Length of pad must be even but instead it equals {len(pad.data)}"
    if rank is not None and len(pad.data) // 2 > rank:
        return (f"Length of pad should be no more than twice the number of dimensions of the input. "
                f"Pad length is {len(pad.data)} while the input has {rank} dimensions.")  # fmt: skip
    return None


# overload -> problem(args, rank of the first operand or None)
ARGUMENT_CHECKS: dict[str, Callable[[Sequence[Attribute], int | None], str | None]] = {
    "aten::constant_pad_nd.default": _pad_problem,
    "aten::pad.default": _pad_problem,
}


def argument_problem(overload: str, args: Sequence[Attribute], first_type: Attribute | None) -> str | None:
    """Eager's error for these arguments of `overload`, or None."""
    check = ARGUMENT_CHECKS.get(overload)
    if check is None:
        return None
    sizes = getattr(first_type, "sizes", None)
    return check(args, len(sizes()) if callable(sizes) else None)
