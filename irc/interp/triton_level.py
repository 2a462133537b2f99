"""Running a triton-level module: the `triton` target emits it, Triton's interpreter runs it on CPU tensors.

Emitted sources are executed from memory (irc/runtime/loader.py load_source), so checking a pipeline never
fills the code cache, and an unchanged source is loaded once.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from xdsl.dialects.builtin import ModuleOp

from irc.interp import values as iv

def host_inputs(module: ModuleOp, inputs: Sequence[object]) -> list:
    """CPU torch tensors with the host function's argument layouts; scalars as Python numbers."""
    from irc.dialects.types import BufferType, TensorType

    from irc.dialects.aten import size_definitions

    host = iv.find_function(module)
    symbols = iv.bind_symbols(host.function_type.inputs.data, inputs, definitions=size_definitions(host))
    arguments = []
    for value, t in zip(inputs, host.function_type.inputs.data):
        if isinstance(t, BufferType):
            tensor_type = TensorType(t.sizes(), t.element_type, t.stride_values())
            arguments.append(iv.as_strided_tensor(iv.to_numpy(value), tensor_type, symbols))
        else:
            arguments.append(iv.to_numpy(value).item())
    return arguments


def run_source(source: str, arguments: list) -> list[np.ndarray]:
    import triton.language  # noqa: F401  (first imported outside interpret mode, as the runtime expects)

    from irc.runtime.interpreter_shims import interpreted_stdlib
    from irc.runtime.loader import load_source

    module = load_source(source, interpret=True)
    with interpreted_stdlib(), np.errstate(all="ignore"):
        outputs = module.call(list(arguments))
    return [iv.to_numpy(o) for o in outputs if o is not None]


def run_triton_module(module: ModuleOp, inputs: Sequence[object]) -> list[np.ndarray]:
    """The module's results, then the new values of the arguments it overwrites (`irc.written_args`), as the
    levels above return them."""
    from irc.dialects.aten import written_args
    from irc.target.emit_triton import emit_module

    arguments = host_inputs(module, inputs)
    outputs = run_source(emit_module(module), arguments)
    return outputs + [iv.to_numpy(arguments[p]) for p in written_args(iv.find_function(module))]
