"""Bytes each kernel launch reads and writes, from the host program's IR (kernel level or later).

A launch reads every element of each buffer it takes and writes every element of each buffer it fills:
`numel * element bytes` of the buffer types, as sympy expressions over the size symbols. The minimum for a
host function is every buffer argument read once and every returned buffer it computes written once.
Evaluate with `evaluate(expr, {"s0": 37, ...})`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from xdsl.dialects import func
from xdsl.ir import OpResult, SSAValue

from irc.dialects import kernel
from irc.dialects.sym import evaluate  # noqa: F401 (evaluated without xDSL on a warm start)
from irc.dialects.types import BufferType, element_bytes


@dataclass(frozen=True)
class LaunchBytes:
    kernel: str
    read: object  # sympy.Expr
    written: object  # sympy.Expr


def buffer_bytes(value: SSAValue):
    import sympy

    from irc.dialects.sym import as_expr

    t = value.type
    if not isinstance(t, BufferType):
        return sympy.Integer(0)
    return as_expr(t.numel()) * element_bytes(t.element_type)


def total_bytes(values: Iterable[SSAValue]):
    import sympy

    return sympy.expand(sum((buffer_bytes(v) for v in dict.fromkeys(values)), sympy.Integer(0)))


def launch_bytes(launch: kernel.LaunchOp) -> LaunchBytes:
    return LaunchBytes(launch.callee.root_reference.data, total_bytes(launch.ins), total_bytes(launch.outs))


def host_launch_bytes(host: func.FuncOp) -> list[LaunchBytes]:
    return [launch_bytes(op) for op in host.walk() if isinstance(op, kernel.LaunchOp)]


def storage_root(value: SSAValue) -> SSAValue:
    while isinstance(value, OpResult) and value.owner.name == "loop.reinterpret":
        value = value.owner.operands[0]
    return value


def minimum_bytes(host: func.FuncOp):
    """Every buffer argument read once, every returned buffer that is not an argument (or a view of one) written once."""
    args = list(host.body.block.args)
    terminator = host.body.block.last_op
    returned = [v for v in (terminator.operands if terminator else ()) if storage_root(v) not in args]
    return total_bytes(args) + total_bytes(storage_root(v) for v in returned)

