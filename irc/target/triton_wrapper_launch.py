"""Kernel launches of the emitted `call(args)`: a site launcher per launch op, keyed by what Triton
specializes on.

Triton compiles a kernel per specialization of its arguments: each tensor's 16-byte alignment, each integer's
== 1 and % 16 (floats are not specialized). A kept compiled kernel may run again only under the same key, so
each launch passes one, built from what the IR already says instead of asking every argument on every launch:

    _launch_0 = _Launcher(triton_poi_fused_add_0, 'triton_poi_fused_add_0')  # module level, one per site

    def call(args):
        ...
        _spec = (arg0_1.get_device(), (arg0_1.data_ptr() | arg1_1.data_ptr()) % 16 == 0
                 or _alignments(arg0_1, arg1_1))
        buf0 = _empty((s0,), (1,), torch.float32)
        (_launch_0.get((((s0 + 127) // 128,), _spec, s0))
         or _launch_0.first((((s0 + 127) // 128,), _spec, s0), lambda: configs))([arg0_1, arg1_1, buf0, s0])

- buffers irc allocates (kernel.alloc at offset 0, and views or reuses of them at a 16-byte multiple) are
  aligned by construction: nothing to check;
- graph inputs (and such views of them) are checked once per call, together: `_spec` is True when all are
  aligned, else each input's alignment;
- static inputs (marked `irc.static` in the IR: parameters, buffers, constants) are not read per launch or
  per input: `_static_inputs(args)` gives their part of `_spec`, read once and kept while they stay where
  they were (irc/runtime/site_launch.py StaticInputs);
- anything else (an extern's result, a view at an odd or symbolic offset) adds its own `data_ptr() % 16 == 0`;
- integer scalars and a symbolic grid add their values.
"""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.ir import SSAValue

from irc.dialects import kernel, loop, triton
from irc.dialects.aten import static_args
from irc.dialects.sym import as_expr
from irc.dialects.types import BufferType, element_bytes, is_float
from irc.target.python_text import checked_name, python_tuple

ALIGNMENT = 16  # bytes: Triton's pointer specialization
ALIGNED, UNKNOWN = "aligned", "unknown"  # alignment classes; an input's class is the input (a block argument)


class LaunchSites:
    """The site launchers of one host function and the per-call key part they share."""

    def __init__(self, printer):
        self.printer = printer
        self.sites: list[str] = []  # module-level lines, one `_launch_N = _Launcher(...)` per launch op
        scalars = printer.scalar_positions
        self.tensor_inputs = [
            a for k, a in enumerate(printer.args) if isinstance(a.type, BufferType) and k not in scalars
        ]
        self._input_rank = {a: k for k, a in enumerate(self.tensor_inputs)}
        marked = static_args(printer.host)
        self.static_inputs = [a for a in self.tensor_inputs if a.index in marked]
        self._static_set = set(self.static_inputs)
        self._launched: list[SSAValue] | None = None
        self._alignments: dict[SSAValue, str | SSAValue] = {}

    def module_lines(self) -> list[str]:
        if not self.sites:
            return []
        imports = "from irc.runtime.site_launch import Launcher as _Launcher, alignments as _alignments"
        lines = [imports]
        statics = self.launched_static_inputs()
        if statics:
            lines.append("from irc.runtime.site_launch import StaticInputs as _StaticInputs")
            lines += ["", f"_static_inputs = _StaticInputs({python_tuple([str(a.index) for a in statics])})"]
        return [*lines, "", *self.sites]

    def static_line(self) -> str | None:
        """`_static = _static_inputs(args)`: the static inputs' part of `_spec`, before `args` is cleared."""
        return "_static = _static_inputs(args)" if self.launched_static_inputs() else None

    def spec_line(self) -> str | None:
        """`_spec = (device, inputs aligned[, static inputs' part])`, once per call before the first launch."""
        if not any(isinstance(op, kernel.LaunchOp) for op in self.printer.host.walk()):
            return None
        names = self.printer.names
        device = f"{names[self.tensor_inputs[0]]}.get_device()" if self.tensor_inputs else "-1"
        static = ", _static" if self.launched_static_inputs() else ""
        checked = [names[a] for a in self.launched_inputs() if a not in self._static_set]
        if not checked:
            return f"_spec = ({device}, True{static})"
        pointers = " | ".join(f"{n}.data_ptr()" for n in checked)
        aligned = f"({pointers}) % {ALIGNMENT} == 0 or _alignments({', '.join(checked)})"
        return f"_spec = ({device}, {aligned}{static})"

    def launched_static_inputs(self) -> list[SSAValue]:
        return [a for a in self.launched_inputs() if a in self._static_set]

    def launched_inputs(self) -> list[SSAValue]:
        """The tensor inputs some launch receives (directly or through a view at an aligned offset)."""
        if self._launched is None:
            found: set[SSAValue] = set()
            for op in self.printer.host.walk():
                if isinstance(op, kernel.LaunchOp) and not self.empty(op):
                    for value in (*op.ins, *op.outs):
                        source = self.alignment(value)
                        if isinstance(source, SSAValue):
                            found.add(source)
            self._launched = sorted(found, key=self._input_rank.__getitem__)
        return self._launched

    def alignment(self, value: SSAValue) -> str | SSAValue:
        """ALIGNED (by construction), the input whose alignment it has, or UNKNOWN (checked at the launch)."""
        if value not in self._alignments:
            self._alignments[value] = self._alignment(value)
        return self._alignments[value]

    def _alignment(self, value: SSAValue) -> str | SSAValue:
        if value in self._input_rank:
            return value
        owner = value.owner
        if isinstance(owner, kernel.AllocOp):
            return ALIGNED if _aligned_offset(owner.result.type, 0) else UNKNOWN
        if isinstance(owner, loop.ReinterpretOp | kernel.ReuseOp) and isinstance(value.type, BufferType):
            source_type = owner.source.type
            if source_type.element_type == value.type.element_type:
                aligned = _aligned_offset(value.type, source_type.offset_value())
            else:  # a reuse under another dtype: an offset from the start of the source's storage
                aligned = _aligned_offset(value.type, 0) and _aligned_offset(source_type, 0)
            if aligned:
                return self.alignment(owner.source)
        return UNKNOWN

    def empty(self, op: kernel.LaunchOp) -> bool:
        """A launch over an empty iteration space (a static 0 in its grid): nothing runs."""
        k = self.printer.kernel_of(op)
        grid = [as_expr(d.value()) for d in (k.grid.data if k.grid else ())]
        return any(g.is_Integer and g == 0 for g in grid)

    def launch_line(
        self, k: triton.FuncOp, op: kernel.LaunchOp, grid: str, args: list[str], configs: str
    ) -> str:
        """`(_launch_N.get(key) or _launch_N.first(key, configs))(args)` for the launch op of kernel k."""
        site = f"_launch_{len(self.sites)}"
        name = checked_name(k.sym_name.data, "kernel name", top_level=True)
        self.sites.append(f"{site} = _Launcher({name}, {name!r})")
        key = python_tuple([grid, "_spec", *self.key_parts(op, args)])
        return f"({site}.get({key}) or {site}.first({key}, lambda: {configs}))([{', '.join(args)}])"

    def key_parts(self, op: kernel.LaunchOp, args: list[str]) -> list[str]:
        """What of this launch's arguments the per-call `_spec` does not already say."""
        parts = []
        scalar_inputs = set(self._scalar_inputs())
        values = [*op.ins, *op.outs]
        for position, text in enumerate(args):
            value = values[position] if position < len(values) else None
            tensor = value is not None and isinstance(value.type, BufferType)
            if tensor and value not in scalar_inputs:
                if self.alignment(value) is UNKNOWN:
                    parts.append(f"{text}.data_ptr() % {ALIGNMENT} == 0")
            elif not _constant(value, text) and not (value is not None and _float_scalar(value)):
                parts.append(text)
        return parts

    def _scalar_inputs(self) -> list[SSAValue]:
        return [self.printer.args[k] for k in self.printer.scalar_positions]


def _aligned_offset(t: BufferType, source_offset) -> bool:
    """Whether a view's offset from its source's (in elements) is a static multiple of ALIGNMENT bytes."""
    delta = as_expr(t.offset_value()) - as_expr(source_offset)
    return bool(delta.is_Integer) and int(delta) * element_bytes(t.element_type) % ALIGNMENT == 0


def _constant(value: SSAValue | None, text: str) -> bool:
    if value is not None and isinstance(value.owner, arith.ConstantOp):
        return True
    return text.lstrip("-").isdigit() or text in ("True", "False")


def _float_scalar(value: SSAValue) -> bool:
    """Triton does not specialize float scalars: their values stay out of the key."""
    t = value.type
    if isinstance(t, BufferType):  # a 0-d CPU tensor passed as its value
        t = t.element_type
    return is_float(t)
