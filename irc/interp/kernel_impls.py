"""xDSL interpreter implementations of the kernel dialect: kernels and the host program.

`kernel.launch` runs the launched `kernel.kernel`'s body (loop ops, on whole buffers) with the launch's inputs
and stores each yielded buffer into the matching `outs` buffer. Host memory is modelled closely enough to catch
memory-planning mistakes: `kernel.alloc` gives poisoned storage (NaN, or the most negative integer), `kernel.free`
poisons it again and `kernel.reuse` shares the storage of its source, so reading a buffer that was never
written, was freed, or whose memory was handed to another buffer too early shows up as wrong numbers.
"""

from __future__ import annotations

import numpy as np
from xdsl.interpreter import Interpreter, InterpreterFunctions, ReturnedValues, impl, impl_terminator, register_impls

from irc.dialects import kernel
from irc.dialects.types import BufferType, element_type_name
from irc.interp import loop_numpy as ln
from irc.interp.loop_impls import state


def poison(storage: np.ndarray) -> None:
    if storage.dtype.kind == "f":
        storage.fill(np.nan)
    elif storage.dtype.kind in "iu":
        storage.fill(np.iinfo(storage.dtype).min)
    else:
        storage.fill(True)


def extent(t: BufferType, symbols: dict[str, int]) -> int:
    positions = ln.Buffer(np.zeros(0), t).positions(symbols)
    return int(positions.max()) + 1 if positions.size else 0


def allocate(t: BufferType, symbols: dict[str, int]) -> ln.Buffer:
    storage = np.empty(extent(t, symbols), ln.numpy_type(t.element_type))
    poison(storage)
    return ln.Buffer(storage, t)


def reinterpret_storage(source: ln.Buffer, t: BufferType, symbols: dict[str, int]) -> ln.Buffer:
    """The source's memory seen as `t`: shared, or fresh poisoned memory where numpy cannot view the bytes
    the same way (bf16 is carried in float32 storage)."""
    dtype = np.dtype(ln.numpy_type(t.element_type))
    carried = "bf16" in (element_type_name(t.element_type), element_type_name(source.type.element_type))
    if dtype == source.storage.dtype:
        return ln.Buffer(source.storage, t)
    if not carried and source.storage.nbytes % dtype.itemsize == 0:
        return ln.Buffer(source.storage.view(dtype), t)
    return allocate(t, symbols)


def store_into(out: ln.Buffer, produced: ln.Buffer, symbols: dict[str, int]) -> None:
    out.storage[out.positions(symbols)] = ln.convert(produced.array(symbols), out.type.element_type)


@register_impls
class KernelFunctions(InterpreterFunctions):
    @impl(kernel.KernelOp)
    def run_kernel(self, interpreter: Interpreter, op: kernel.KernelOp, args: tuple) -> tuple:
        return ()  # a symbol: it runs when launched

    @impl_terminator(kernel.YieldOp)
    def run_yield(self, interpreter: Interpreter, op: kernel.YieldOp, args: tuple):
        return ReturnedValues(args), ()

    @impl(kernel.LaunchOp)
    def run_launch(self, interpreter: Interpreter, op: kernel.LaunchOp, args: tuple) -> tuple:
        callee = interpreter.get_op_for_symbol(op.callee)
        if not isinstance(callee, kernel.KernelOp):
            raise ValueError(f"@{op.callee.string_value()} is a {callee.name}; only kernel.kernel runs here")
        ins, outs = args[: len(op.ins)], args[len(op.ins) :]
        produced = interpreter.run_ssacfg_region(callee.body, ins, callee.sym_name.data)
        symbols = state(interpreter).symbols
        for out, value in zip(outs, produced):
            store_into(out, value, symbols)
        return ()

    @impl(kernel.ChoiceOp)
    def run_choice(self, interpreter: Interpreter, op: kernel.ChoiceOp, args: tuple) -> tuple:
        """The default alternative, as the runtime runs it where nothing is measured."""
        interpreter.run_ssacfg_region(op.bodies[op.default.data], (), op.site.data)
        return ()

    @impl(kernel.AllocOp)
    def run_alloc(self, interpreter: Interpreter, op: kernel.AllocOp, args: tuple) -> tuple:
        return (allocate(op.result.type, state(interpreter).symbols),)

    @impl(kernel.SizeOp)
    def run_size(self, interpreter: Interpreter, op: kernel.SizeOp, args: tuple) -> tuple:
        """The size expression's value with the function's size symbols bound."""
        return (np.int64(ln.evaluate(op.size.data, state(interpreter).symbols)),)

    @impl(kernel.FreeOp)
    def run_free(self, interpreter: Interpreter, op: kernel.FreeOp, args: tuple) -> tuple:
        poison(args[0].storage)
        return ()

    @impl(kernel.ReuseOp)
    def run_reuse(self, interpreter: Interpreter, op: kernel.ReuseOp, args: tuple) -> tuple:
        return (reinterpret_storage(args[0], op.result.type, state(interpreter).symbols),)

    @impl(kernel.MatmulOp)
    def run_matmul(self, interpreter: Interpreter, op: kernel.MatmulOp, args: tuple) -> tuple:
        """The product in f32 (a template accumulates in f32), rounded once to the result's type."""
        symbols = state(interpreter).symbols
        a, b = (np.asarray(v.array(symbols), dtype=np.float32) for v in args)
        product = ln.convert(np.matmul(a, b), op.result.type.element_type)
        return (ln.Buffer.of_array(product, op.result.type, symbols),)

    @impl(kernel.DualMatmulOp)
    def run_dual_matmul(self, interpreter: Interpreter, op: kernel.DualMatmulOp, args: tuple) -> tuple:
        """Both products of A, each as kernel.matmul computes it."""
        symbols = state(interpreter).symbols
        a, b, b2 = (np.asarray(v.array(symbols), dtype=np.float32) for v in args)
        return tuple(
            ln.Buffer.of_array(ln.convert(np.matmul(a, w), r.type.element_type), r.type, symbols)
            for w, r in ((b, op.result), (b2, op.result2))
        )

    @impl(kernel.ExternOp)
    def run_extern(self, interpreter: Interpreter, op: kernel.ExternOp, args: tuple) -> tuple:
        from irc.interp.extern_torch import run_extern

        return tuple(run_extern(op, args, state(interpreter).symbols))
