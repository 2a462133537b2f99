"""Which kernel inputs the host program reads again in a later kernel launch.

A reduction that streams its rows through L2 marks them for early eviction (evict_first); where a later kernel
reads the same buffer (the pointwise epilogue of a split softmax reads the rows the statistics kernel read),
those loads should leave the rows in L2 instead. Views (loop.reinterpret) count as their source buffer.
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.ir import SSAValue

from irc.dialects import kernel
from irc.dialects.loop_analysis.graph import storage_root


def inputs_read_again(module) -> dict[str, frozenset[int]]:
    """Kernel name -> positions of its inputs that a later launch of the same host block reads (any launch of
    the kernel counts)."""
    found: dict[str, set[int]] = {}
    for host in [o for o in module.walk() if isinstance(o, func.FuncOp)]:
        for block in host.body.blocks:
            launches = [o for o in block.ops if isinstance(o, kernel.LaunchOp)]
            read_later: set[SSAValue] = set()
            for launch in reversed(launches):
                name = launch.callee.string_value()
                roots = [storage_root(v) for v in launch.ins]
                found.setdefault(name, set()).update(n for n, v in enumerate(roots) if v in read_later)
                read_later.update(roots)
    return {name: frozenset(positions) for name, positions in found.items()}

