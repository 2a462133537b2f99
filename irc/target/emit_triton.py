"""Emission of a triton-level module as one Python module (the `triton` target).

Layout of the emitted module: header imports; `KERNELS`, `FALLBACKS`, `KERNEL_BYTES` and `MINIMUM_BYTES` (read
by the runtime's metrics), `PRECOMPILE` (what irc/runtime/compile_pool.py compiles before the first call);
combine helpers and, under TRITON_INTERPRET=1, a libdevice the interpreter can run; the `@triton.jit`
kernels; then (with the wrapper) `call(args)`, `get_args()` and `benchmark_compiled_module()`.
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.utils.exceptions import DiagnosticException


def emit_module(module: ModuleOp, wrapper: bool = True) -> str:
    from irc.dialects import kernel, triton
    from irc.dialects.random_kinds import SEEDS_ATTR
    from irc.target import triton_prelude as prelude
    from irc.target.triton_kernel_printer import KernelPrinter
    from irc.target.triton_precompile import precompile_table
    from irc.target.triton_wrapper import WrapperPrinter
    from irc.target.triton_wrapper_memory import functional_overload, memory_constants

    kernels = [op for op in module.ops if isinstance(op, triton.FuncOp)]
    hosts = [op for op in module.ops if isinstance(op, func.FuncOp)]
    externs = [
        functional_overload(op.overload.data)
        for op in module.walk()
        if isinstance(op, kernel.ExternOp) and SEEDS_ATTR not in op.attributes
    ]
    printers = [KernelPrinter(k) for k in kernels]
    kernel_sources = ["\n".join(p.print()) for p in printers]

    parts = [prelude.HEADER]
    parts.append(f"KERNELS = {[k.sym_name.data for k in kernels]!r}\nFALLBACKS = {externs!r}\n")
    parts.append(_bytes_table(hosts))
    parts[-1] += memory_constants(hosts)
    parts[-1] += _output_strides(hosts)
    parts[-1] += precompile_table(hosts, {k.sym_name.data: k for k in kernels})
    libdevice = sorted(set().union(*[p.libdevice for p in printers]))
    if libdevice:
        parts.append(prelude.interpreter_libdevice(libdevice))
    helpers = [h for p in printers for h in p.helpers]
    parts += list(dict.fromkeys(helpers))
    parts += kernel_sources
    if wrapper:
        parts += _wrapper_parts(hosts, {k.sym_name.data: k for k in kernels}, WrapperPrinter, prelude)
    return "\n\n\n".join(part.strip("\n") for part in parts) + "\n"


def _bytes_table(hosts) -> str:
    """KERNEL_BYTES: (kernel, bytes read, bytes written) per launch; MINIMUM_BYTES: inputs once, outputs once."""
    from irc.kernel_bytes import host_launch_bytes, minimum_bytes

    launches = [(b.kernel, str(b.read), str(b.written)) for host in hosts for b in host_launch_bytes(host)]
    minimum = " + ".join(str(minimum_bytes(host)) for host in hosts) or "0"
    return f"KERNEL_BYTES = {launches!r}\nMINIMUM_BYTES = {minimum!r}\n"


def _output_strides(hosts) -> str:
    """OUTPUT_STRIDES: each result's strides (None where one is symbolic or the result no buffer), which a
    training forward reports to aot_autograd for the activations it saves (their layout is irc's choice)."""
    from irc.dialects.types import BufferType

    if len(hosts) != 1:
        return "OUTPUT_STRIDES = []\n"
    from irc.dialects.aten import written_args

    strides, outputs = [], hosts[0].function_type.outputs.data
    for t in outputs[: len(outputs) - len(written_args(hosts[0]))]:
        values = list(t.stride_values()) if isinstance(t, BufferType) else None
        strides.append(values if values is not None and all(isinstance(v, int) for v in values) else None)
    return f"OUTPUT_STRIDES = {strides!r}\n"


def _wrapper_parts(hosts, kernels, printer_class, prelude) -> list[str]:
    from irc.target.triton_wrapper_guards import GUARD_HELPERS

    if not hosts:
        return []
    if len(hosts) > 1:
        raise DiagnosticException(f"triton target: expected one host func.func, found {len(hosts)}")
    printer = printer_class(hosts[0], kernels)
    call, get_args = "\n".join(printer.call()), "\n".join(printer.get_args())
    sites = "\n".join(printer.module_lines())
    guards = f"_guards = _Guards({printer.guard_sites})"
    parts = [GUARD_HELPERS, guards, *([sites] if sites else []), call]
    return [*parts, prelude.RAND_STRIDED, get_args, prelude.BENCHMARK]
