"""The emitted module's memory figures: `PEAK_BYTES_PLANNED` and `BUFFER_BYTES`, read by irc.metrics.

Both come from the host program as planned (kernel-plan-memory): the peak of live intermediate and output
bytes, and the bytes of all buffers as if none shared memory. With symbolic sizes they are sympy texts
over the size symbols, the peak a tuple of candidates (e.g. `("8*s0", "12*s1")`: the largest at the sizes),
evaluated by irc.compile.record_metrics (irc.dialects.sym.evaluate) at the traced sizes.
"""

from __future__ import annotations

from xdsl.dialects import func

from irc.dialects.kernel_analysis.memory_plan import OUT_VARIANTS, memory_use

FUNCTIONAL_OVERLOADS = {out: functional for functional, out in OUT_VARIANTS.items()}


def functional_overload(overload: str) -> str:
    """`aten::mm.default` for `aten::mm.out`: FALLBACKS counts the op, whichever variant writes the result."""
    return FUNCTIONAL_OVERLOADS.get(overload, overload)


def memory_constants(hosts: list[func.FuncOp]) -> str:
    if len(hosts) != 1:
        return "PEAK_BYTES_PLANNED = 0\nBUFFER_BYTES = 0\n"
    use = memory_use(hosts[0])
    peaks = _value(use.peaks[0]) if len(use.peaks) == 1 else f"({', '.join(_value(p) for p in use.peaks)},)"
    return f"PEAK_BYTES_PLANNED = {peaks}\nBUFFER_BYTES = {_value(use.total)}\n"


def _value(expr) -> str:
    return str(int(expr)) if expr.is_Integer else repr(str(expr))

