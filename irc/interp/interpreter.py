"""The reference interpreter for every level of irc's IR, built on xDSL's interpreter framework.

    outputs = run_module(module, inputs, symbols={"s0": 37})   # numpy arrays in, numpy arrays out

aten ops run through PyTorch eager, loop and kernel ops on whole numpy buffers, func/arith/math through
irc's tables. A module at the triton level (it holds `triton.func` kernels) is emitted by the `triton` target
and run under Triton's interpreter on CPU tensors instead (irc.interp.triton_level).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from xdsl.dialects.builtin import ModuleOp
from xdsl.interpreter import Interpreter, InterpreterFunctions
from xdsl.interpreters.func import FuncFunctions

from irc.dialects import aten
from irc.interp import values as iv
from irc.interp.values import find_function  # noqa: F401 (re-exported)
from irc.interp.loop_impls import RunState, state


def implementations() -> list[InterpreterFunctions]:
    from irc.interp.aten_impls import AtenFunctions
    from irc.interp.kernel_impls import KernelFunctions
    from irc.interp.loop_impls import LoopFunctions, ScalarFunctions

    return [FuncFunctions(), ScalarFunctions(), LoopFunctions(), KernelFunctions(), AtenFunctions()]


def registered_op_types() -> set[type]:
    """Every op type some implementation handles (the coverage test reads this)."""
    return {op_type for functions in implementations() for op_type, _ in functions._impls()}


def new_interpreter(module: ModuleOp, symbols: Mapping[str, int]) -> Interpreter:
    interpreter = Interpreter(module)
    for functions in implementations():
        interpreter.register_implementations(functions)
    interpreter.set_data(RunState, "state", RunState(dict(symbols)))
    return interpreter


def is_triton_level(module: ModuleOp) -> bool:
    return any(op.name == "triton.func" for op in module.ops)


def run_module(
    module: ModuleOp,
    inputs: Sequence[object],
    function: str | None = None,
    symbols: Mapping[str, int] = {},
) -> list[np.ndarray]:
    """Runs a function of the module on `inputs` (arrays, tensors or numbers); its results as numpy arrays."""
    target = find_function(module, function)
    types = target.function_type.inputs.data
    if len(inputs) != len(types):
        raise ValueError(f"@{target.sym_name.data} takes {len(types)} arguments, got {len(inputs)} inputs")
    given = {**iv.symbol_arguments(target, inputs), **symbols}
    bound = iv.bind_symbols(types, inputs, given, aten.size_definitions(target))
    if is_triton_level(module):
        from irc.interp.triton_level import run_triton_module

        return run_triton_module(module, inputs)
    interpreter = new_interpreter(module, bound)
    arguments = tuple(iv.to_level(value, t, bound) for value, t in zip(inputs, types))
    with np.errstate(all="ignore"):  # inf and nan are results here, as in eager
        results = interpreter.call_op(target, arguments)
    return [iv.from_level(r, state(interpreter).symbols) for r in results]


def run_function(
    module: ModuleOp, inputs: Sequence[object], name: str | None = None, symbols: dict[str, int] | None = None
) -> list[object]:
    """Evaluates a function of the module on numpy inputs (run_module with no size symbols bound)."""
    return run_module(module, inputs, name, symbols or {})
