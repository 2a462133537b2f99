"""xDSL interpreter implementations of the loop dialect and of the arith/math ops irc uses.

Values: a `Buffer` (irc.interp.loop_numpy) for every `!loop.buffer`, numpy arrays for scalars. A
`loop.pointwise` / `loop.reduction` body runs once over its whole index grid: the index variables are aranges
along their own axes (kept in the run's `RunState`), so every scalar op is one numpy op on whole arrays, never
a Python loop over elements. The semantics of each scalar op are loop_numpy's tables (PyTorch's conventions:
truncating integer division, NaN-propagating max/min, bf16 rounding on casts).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from xdsl.dialects import arith
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    ReturnedValues,
    impl,
    impl_terminator,
    register_impls,
)
from xdsl.ir import Operation

from irc.dialects import loop
from irc.interp import loop_numpy as ln


@dataclass
class RunState:
    """Per-run data: size symbol bindings and, while a loop body runs, its index grid."""

    symbols: dict[str, int] = field(default_factory=dict)
    env: dict[str, Any] = field(default_factory=dict)


def state(interpreter: Interpreter) -> RunState:
    return interpreter.get_data(RunState, "state", RunState)


def run_loop(interpreter: Interpreter, op: loop.PointwiseOp | loop.ReductionOp) -> tuple[ln.Buffer, ...]:
    """Runs the body once over the op's grid and builds its result buffers."""
    run = state(interpreter)
    outer = run.env
    run.env = ln.index_env(op, ln.grid_shape(op, run.symbols), run.symbols)
    try:
        yielded = interpreter.run_ssacfg_region(op.body, (), op.name)
    finally:
        run.env = outer
    return tuple(ln.loop_results(op, yielded, run.symbols))


def run_while(interpreter: Interpreter, op: loop.WhileOp, args: tuple) -> tuple:
    """Every element iterates until its own condition fails; one whose condition failed keeps its values."""
    values = [np.asarray(v) for v in args]
    while True:
        (going,) = interpreter.run_ssacfg_region(op.condition, tuple(values), op.name)
        going = np.asarray(going, dtype=bool)
        if not going.any():
            return tuple(values)
        stepped = interpreter.run_ssacfg_region(op.body, tuple(values), op.name)
        values = [np.where(going, new, old).astype(old.dtype) for new, old in zip(stepped, values)]


@register_impls
class LoopFunctions(InterpreterFunctions):
    @impl(loop.PointwiseOp)
    def run_pointwise(self, interpreter: Interpreter, op: loop.PointwiseOp, args: tuple) -> tuple:
        return run_loop(interpreter, op)

    @impl(loop.ReductionOp)
    def run_reduction(self, interpreter: Interpreter, op: loop.ReductionOp, args: tuple) -> tuple:
        return run_loop(interpreter, op)

    @impl(loop.ScanOp)
    def run_scan(self, interpreter: Interpreter, op: loop.ScanOp, args: tuple) -> tuple:
        return run_loop(interpreter, op)

    @impl_terminator(loop.YieldOp)
    def run_yield(self, interpreter: Interpreter, op: loop.YieldOp, args: tuple):
        return ReturnedValues(args), ()

    @impl(loop.WhileOp)
    def run_while(self, interpreter: Interpreter, op: loop.WhileOp, args: tuple) -> tuple:
        return run_while(interpreter, op, args)

    @impl_terminator(loop.ConditionOp)
    def run_condition(self, interpreter: Interpreter, op: loop.ConditionOp, args: tuple):
        return ReturnedValues(args), ()

    @impl(loop.LoadOp)
    def run_load(self, interpreter: Interpreter, op: loop.LoadOp, args: tuple) -> tuple:
        run = state(interpreter)
        gather, bounds = args[1:], op.bound_values()
        checked = op.checked is not None
        return (ln.load(args[0], op.index.expr.data, run.env, run.symbols, gather, bounds, checked),)

    @impl(loop.StoreOp)
    def run_store(self, interpreter: Interpreter, op: loop.StoreOp, args: tuple) -> tuple:
        run = state(interpreter)
        combine = op.combine.data if op.combine is not None else None
        scatter = ln.Scatter(args[2:], op.bound_values(), combine, op.checked is not None)
        ln.store(args[1], op.index.expr.data, args[0], run.env, run.symbols, scatter)
        return ()

    @impl(loop.NonzeroOp)
    def run_nonzero(self, interpreter: Interpreter, op: loop.NonzeroOp, args: tuple) -> tuple:
        if np.any(np.asarray(args[0]) == 0):
            raise RuntimeError("ZeroDivisionError (an integer division by zero)")  # ATen's CPU error
        return (args[0],)

    @impl(loop.InRangeOp)
    def run_in_range(self, interpreter: Interpreter, op: loop.InRangeOp, args: tuple) -> tuple:
        value, bound = (np.asarray(a, np.int64) for a in args)
        ln.require_inside((value >= 0) & (value < bound), checked=True)
        return (args[0],)

    @impl(loop.IndexOp)
    def run_index(self, interpreter: Interpreter, op: loop.IndexOp, args: tuple) -> tuple:
        return (ln.index_value(op, state(interpreter).env),)

    @impl(loop.RandomOp)
    def run_random(self, interpreter: Interpreter, op: loop.RandomOp, args: tuple) -> tuple:
        from irc.interp.philox import random_values

        return (random_values(op.kind.data, args[0], args[1], *op.bounds()),)

    @impl(loop.ReinterpretOp)
    def run_reinterpret(self, interpreter: Interpreter, op: loop.ReinterpretOp, args: tuple) -> tuple:
        storage, t = args[0].storage, op.result.type
        if t.element_type != op.source.type.element_type:  # the same bits as another integer type
            storage = storage.view(ln.numpy_type(t.element_type))
        return (ln.Buffer(storage, t),)


def _scalar_impl(interpreter_functions: InterpreterFunctions, interpreter: Interpreter, op: Operation, args):
    return (ln.scalar_op(op, args),)


SCALAR_OP_TYPES: list[type[Operation]] = [
    arith.ConstantOp,
    arith.CmpfOp,
    arith.CmpiOp,
    arith.BitcastOp,
    loop.CastOp,
    arith.BitcastOp,
    *ln.CONVERSIONS,
    *ln.ELEMENTWISE,
]


def table_functions(name: str, op_types: list[type[Operation]], function: Callable) -> type[InterpreterFunctions]:
    """An InterpreterFunctions class with `function` registered (through @impl) for each op type."""
    namespace = {f"run_{k}_{t.__name__}": impl(t)(function) for k, t in enumerate(op_types)}
    return register_impls(type(name, (InterpreterFunctions,), namespace))


# arith, math and loop's scalar ops, on whole arrays (or 0-d arrays for host scalars)
ScalarFunctions = table_functions("ScalarFunctions", SCALAR_OP_TYPES, _scalar_impl)
