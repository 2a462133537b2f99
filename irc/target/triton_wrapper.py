"""Prints the host function of a triton-level module as `call(args)` and `get_args()`.

    def call(args):
        arg0_1, = args
        args.clear()
        _check_rank(arg0_1, 0, 1, torch.float32)
        s0 = arg0_1.shape[0]
        try: ...  # input checks (triton_wrapper_guards.py)
        _empty = _allocator(arg0_1.device)
        _spec = (arg0_1.get_device(), (arg0_1.data_ptr()) % 16 == 0 or _alignments(arg0_1))
        buf0 = _empty((s0,), (1,), torch.float32)
        if (s0 + 127) // 128 > 0:
            (_launch_0.get((((s0 + 127) // 128,), _spec, s0)) or _launch_0.first(...))([arg0_1, buf0, s0])
        return (buf0,)

Launch keys and site launchers: triton_wrapper_launch.py.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

import sympy
from xdsl.dialects import arith, func
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    FloatAttr,
    IntAttr,
    IntegerAttr,
    NoneAttr,
    StringAttr,
    UnitAttr,
)
from xdsl.ir import Attribute, Operation, SSAValue, TypeAttribute
from xdsl.utils.exceptions import DiagnosticException

from irc.dialects import kernel, loop, triton
from irc.dialects.aten import DEVICE, NONE_RESULTS, SCALAR_TENSOR_ARGS, size_definitions, written_args
from irc.dialects.sym import as_expr, one_unknown
from irc.dialects.types import (
    BufferType,
    attr_number,
    dim_value,
    is_bool,
    is_float,
    is_integer,
    storage_type_name,
)
from irc.dialects.python_names import UnsafeOverload, decode_object, split_overload
from irc.target.python_text import checked_name, literal, python_expr, python_tuple, torch_dtype
from irc.target.triton_wrapper_guards import extern_result_check, index_limit_check, layout_guards, rank_guards
from irc.target.source_comments import source_comments
from irc.target.triton_wrapper_choice import IMPORT, print_choice
from irc.target.triton_wrapper_launch import LaunchSites

DEFAULT_SIZE = 8  # what get_args() gives each size symbol
_SIZE_SYMBOL = re.compile(r"s[0-9]+")


def fail(message: str) -> DiagnosticException:
    return DiagnosticException(f"triton target: {message}")


def sizes(dims: ArrayAttr) -> list[str]:
    return [python_expr(dim_value(d)) for d in dims.data]


class WrapperPrinter:
    """`call(args)` and `get_args()` for the host func.func of a module."""

    def __init__(self, host: func.FuncOp, kernels: dict[str, triton.FuncOp]):
        self.host = host
        self.kernels = kernels
        self.names: dict[SSAValue, str] = {}
        self.buffers = 0
        self.guard_sites = 0
        self.lines: list[str] = []
        self.args = list(host.body.block.args)
        for k, arg in enumerate(self.args):
            self.names[arg] = f"arg{k}_1"
        tensors = [self.names[a] for a in self.args if isinstance(a.type, BufferType)]
        made_on = host.attributes.get(DEVICE)
        self.device = f"{tensors[0]}.device" if tensors else f"torch.device({made_on.data if made_on else 'cpu'!r})"
        scalars = host.attributes.get(SCALAR_TENSOR_ARGS)
        self.scalar_positions = set(scalars.get_values()) if scalars is not None else set()
        self.written = written_args(host)  # arguments the call overwrites with its last results
        self.launches = LaunchSites(self)
        self.indent = 0  # levels of local functions (the alternatives of a kernel.choice) around what is printed
        self.choices: list[str] = []  # module-level lines, one choice object per kernel.choice
        self.overloads: dict[str, str] = {}  # extern overload -> the module-level name of its OpOverload

    def guard_site(self) -> int:
        """A new check site of `_guards` (irc/runtime/input_guard.py)."""
        self.guard_sites += 1
        return self.guard_sites - 1

    def new_buffer(self, value: SSAValue) -> str:
        self.names[value] = f"buf{self.buffers}"
        self.buffers += 1
        return self.names[value]

    def ref(self, value: SSAValue) -> str:
        if value in self.names:
            return self.names[value]
        if isinstance(value.owner, arith.ConstantOp):
            attr = value.owner.value
            return literal(attr_number(attr))
        raise fail(f"host value defined by {value.owner.name} cannot be printed")

    # -- call -----------------------------------------------------------------------

    def call(self) -> list[str]:
        self.lines = ["def call(args):"]
        if self.args:
            names = [self.names[a] for a in self.args]
            self.emit(f"{', '.join(names)}{',' if len(names) == 1 else ''} = args")
            static = self.launches.static_line()
            if static is not None:
                self.emit(static)
            self.emit("args.clear()")
        for position in sorted(self.scalar_positions):
            name = self.names[self.args[position]]  # a 0-d CPU tensor next to device tensors: its value
            if position in self.written:
                self.emit(f"{name}_tensor = {name}")
            self.emit(f"{name} = {name}.item()")
        for line in rank_guards(self):
            self.emit(line)
        self.bind_symbols()
        for line in index_limit_check(self.kernels.values()):
            self.emit(line)
        for line in layout_guards(self, sizes):
            self.emit(line)
        if any(isinstance(op, kernel.AllocOp) and op.device is None for op in self.host.walk()):
            self.emit(f"_empty = _allocator({self.device})")
        spec = self.launches.spec_line()
        if spec is not None:
            self.emit(spec)
        for op in self.host.body.block.ops:
            self.host_op(op)
        return self.lines

    def host_op(self, op: Operation) -> None:
        printer = HOST_OPS.get(type(op))
        if printer is None:
            raise fail(f"cannot print host op {op.name}")
        printer(self, op)

    def choice(self, op: kernel.ChoiceOp) -> None:
        print_choice(self, op, WrapperPrinter.host_op)

    def module_lines(self) -> list[str]:
        """Module-level lines after the kernels: site launchers and choice objects."""
        lines = self.launches.module_lines()
        if self.overloads:
            resolved = [f"{name} = _overload({overload!r})" for overload, name in self.overloads.items()]
            lines = [OVERLOAD_IMPORT, *resolved, "", *lines]
        return [*lines, *([IMPORT, "", *self.choices] if self.choices else [])]

    def emit(self, text: str, depth: int = 1) -> None:
        self.lines.append("    " * (depth + self.indent) + text)

    def bind_symbols(self) -> None:
        """`s0 = arg0_1.shape[1]` for every size symbol: from scalar args named like it, sizes or strides."""
        bound: set[str] = set()
        for arg in self.symbol_args():
            self.emit(f"{arg.name_hint} = {self.names[arg]}")
            bound.add(arg.name_hint)
        buffers = [arg for arg in self.args if isinstance(arg.type, BufferType)]
        shapes, strides = (
            [(as_expr(dim_value(dim)), f"{self.names[arg]}.{accessor.format(d)}")
             for arg in buffers for d, dim in enumerate(dims_of(arg.type).data)]
            for accessor, dims_of in (("shape[{0}]", lambda t: t.shape), ("stride({0})", lambda t: t.strides))
        )
        # sizes before strides; a size `s0*s2` binds s2 once another input has bound s0; a defined size once
        # the sizes in its definition are bound
        definitions = size_definitions(self.host)
        while (self._bind_all(shapes, bound) or self._bind_all(strides, bound)
               or self._bind_defined(definitions, bound)):
            pass
        missing = self.needed_symbols() - bound
        if missing:
            raise fail(f"size symbols {sorted(missing)} cannot be bound from the inputs' shapes")

    def _bind_all(self, sources: list[tuple[sympy.Expr, str]], bound: set[str]) -> bool:
        """Binds what `sources` (expression, Python text of its value) can; whether any was bound."""
        count = len(bound)
        for expr, source in sources:
            self._bind(expr, source, bound)
        return len(bound) > count

    def _bind_defined(self, definitions: dict, bound: set[str]) -> bool:
        """`s53008 = ((s53 - 1) // 8 + 1) // 2` for each unbound defined symbol whose sizes are bound."""
        ready = [name for name, expr in definitions.items()
                 if name not in bound and {s.name for s in expr.free_symbols} <= bound]
        for name in ready:
            self.emit(f"{checked_name(name, 'size symbol')} = {python_expr(definitions[name])}")
            bound.add(name)
        return bool(ready)

    def _bind(self, expr: sympy.Expr, source: str, bound: set[str]) -> None:
        """Binds the one unbound symbol of a size/stride `a*s + c` to `(source - c) // a`."""
        solved = one_unknown(expr, bound)
        if solved is None:
            return
        symbol, a, c = solved
        shifted = source if c == 0 else f"({source} - {_paren(python_expr(c))})"
        self.emit(f"{symbol.name} = {shifted}" + ("" if a == 1 else f" // {_paren(python_expr(a))}"))
        bound.add(symbol.name)

    def symbol_args(self) -> list[SSAValue]:
        """Integer scalar arguments named like a size symbol (Dynamo's SymInt inputs: s0, s27, ...)."""
        found, names = [], set()
        for arg in self.args:
            hint = arg.name_hint or ""
            if is_integer(arg.type) and _SIZE_SYMBOL.fullmatch(hint) and hint not in names:
                found.append(arg)
                names.add(hint)
        return found

    def needed_symbols(self) -> set[str]:
        found: set[str] = set()
        for op in self.host.walk():
            for value in list(op.results) + list(op.operands):
                if isinstance(value.type, BufferType):
                    found |= _type_symbols(value.type)
            if isinstance(op, kernel.LaunchOp):
                found |= self._launch_symbols(op)
            if isinstance(op, kernel.SizeOp):
                found |= {s.name for s in op.value().free_symbols}
        return found

    def _launch_symbols(self, op: kernel.LaunchOp) -> set[str]:
        k = self.kernel_of(op)
        exprs = [g.value() for g in (k.grid.data if k.grid else ())]
        exprs += [v.value() for v in _arg_values(k).values()]
        return {s.name for e in exprs for s in as_expr(e).free_symbols}

    def kernel_of(self, op: kernel.LaunchOp) -> triton.FuncOp:
        name = op.callee.string_value()
        if name not in self.kernels:
            raise fail(f"kernel.launch of @{name}, which is not a triton.func (run convert-kernel-to-triton)")
        checked_name(name, "kernel name", top_level=True)
        return self.kernels[name]

    # -- host ops -------------------------------------------------------------------

    def alloc(self, op: kernel.AllocOp) -> None:
        t = op.result.type
        name = self.new_buffer(op.result)
        size, stride = python_tuple(sizes(t.shape)), python_tuple(sizes(t.strides))
        dtype = torch_dtype(t.element_type)

        def empty(size_text: str, stride_text: str) -> str:
            if op.device is None:
                return f"_empty({size_text}, {stride_text}, {dtype})"
            device = repr(op.device.data)
            return f"torch.empty_strided({size_text}, {stride_text}, dtype={dtype}, device={device})"

        if t.offset == IntAttr(0):
            self.emit(f"{name} = {empty(size, stride)}")
            return
        storage, offset = empty(f"({python_expr(_extent(t))},)", "(1,)"), python_expr(t.offset_value())
        self.emit(f"{name} = reinterpret_tensor({storage}, {size}, {stride}, {offset})")

    def launch(self, op: kernel.LaunchOp) -> None:
        k = self.kernel_of(op)
        grid = [python_expr(g.value()) for g in k.grid.data] if k.grid else ["1"]
        args = [self.ref(v) for v in (*op.ins, *op.outs)]
        names = [n.data for n in k.arg_names.data]
        if len(names) < len(args):
            raise fail(f"@{k.sym_name.data} takes {len(names)} arguments but the launch passes {len(args)}")
        values = _arg_values(k)
        for name in names[len(args) :]:
            if name not in values:
                raise fail(f"@{k.sym_name.data} argument '{name}' has no value for the launcher")
            args.append(python_expr(values[name].value()))
        launch = k.launch.data if k.launch else {}
        options = [f"{checked_name(key, 'launch key')}={attr_number(attr)}" for key, attr in launch.items()]
        for key in ("num_warps", "num_stages"):
            if getattr(k, key) is not None:
                options.append(f"{key}={getattr(k, key).value.data}")
        if self.launches.empty(op):
            name = checked_name(k.sym_name.data, "kernel name")
            self.emit(f"# {name}: empty iteration space, nothing to launch")
            return
        line = self.launches.launch_line(k, op, python_tuple(grid), args, _configs(k, options))
        static = [as_expr(g.value()) for g in k.grid.data] if k.grid else []
        if all(g.is_Integer for g in static):
            self.emit(line)
        else:
            self.emit(f"if {' and '.join(f'{g} > 0' for g in grid)}:")
            self.emit(line, 2)

    def extern(self, op: kernel.ExternOp) -> None:
        for comment in source_comments(op):
            self.emit(comment)
        operands = [self.ref(v) for v in op.operands]
        args = [self.argument(a, operands) for a in op.args.data]
        for key, attr in op.kwargs.data.items():
            args.append(f"{checked_name(key, 'keyword argument')}={self.argument(attr, operands)}")
        call = f"{self.overload(op.overload.data)}({', '.join(args)})"
        results = [self.new_buffer(r) for r in op.results]
        for position in none_results(op):
            results.insert(position, "_")
        if not results:
            self.emit(call)
            return
        self.emit(f"{', '.join(results)} = {call}")
        for result in op.results:
            t = result.type
            if isinstance(t, BufferType):  # the layout the IR declares, whatever strides ATen returned
                name = self.names[result]
                size, stride = python_tuple(sizes(t.shape)), python_tuple(sizes(t.strides))
                for line in extern_result_check(self, name, size, stride, torch_dtype(t.element_type)):
                    self.emit(line)

    def overload(self, overload: str) -> str:
        """How a call of the extern's overload is spelled: a public torch function of TORCH_FUNCTIONS, or a
        module-level OpOverload resolved once at import through the allow-list (dialects/python_names.py)."""
        if overload in TORCH_FUNCTIONS:
            return TORCH_FUNCTIONS[overload]
        if overload not in self.overloads:
            try:
                parts = split_overload(overload)
            except UnsafeOverload as error:
                raise fail(str(error)) from None
            name = "_op_" + "_".join(parts)
            while name in self.overloads.values():
                name += "_"
            self.overloads[overload] = name
        return self.overloads[overload]

    def argument(self, attr: Attribute, operands: list[str]) -> str:
        """An extern argument as Python: operand refs become variables, builtin attributes literals."""
        if isinstance(attr, kernel.OperandRefAttr):
            return operands[attr.index.data]
        if isinstance(attr, IntegerAttr):
            return literal(attr_number(attr))
        if isinstance(attr, FloatAttr):
            return literal(float(attr.value.data))
        if isinstance(attr, StringAttr):
            return torch_object(attr.data)
        if isinstance(attr, UnitAttr | NoneAttr):
            return "None"
        if isinstance(attr, ArrayAttr):
            items = [self.argument(a, operands) for a in attr.data]
            if attr.data and all(isinstance(a, IntegerAttr | FloatAttr) for a in attr.data):
                return python_tuple(items)  # a constant of the module, not a list built on every call
            return "[" + ", ".join(items) + "]"
        if isinstance(attr, DictionaryAttr):
            return "{" + ", ".join(f"{k!r}: {self.argument(v, operands)}" for k, v in attr.data.items()) + "}"
        if isinstance(attr, TypeAttribute) and storage_type_name(attr) is not None:
            return torch_dtype(attr)
        raise fail(f"cannot print extern argument {attr}")

    def reinterpret(self, op: loop.ReinterpretOp) -> None:
        source, t = self.ref(op.source), op.result.type
        self.emit(f"{self.new_buffer(op.result)} = {_reinterpret_text(source, op.source.type, t)}")

    def reuse(self, op: kernel.ReuseOp) -> None:
        """The dead buffer's memory under a new name, then the old name goes."""
        source, t = self.ref(op.source), op.result.type
        name = self.new_buffer(op.result)
        if t == op.source.type:
            self.emit(f"{name} = {source}; del {source}  # reuse")
        elif t.element_type == op.source.type.element_type:
            self.emit(f"{name} = {_reinterpret_text(source, op.source.type, t)}; del {source}  # reuse")
        else:
            size, stride = python_tuple(sizes(t.shape)), python_tuple(sizes(t.strides))
            self.emit(f"{name} = torch.empty(0, dtype={torch_dtype(t.element_type)}, device={source}.device)"
                      f".set_({source}.untyped_storage(), {python_expr(t.offset_value())}, {size}, {stride})"
                      f"; del {source}  # reuse")

    def scalar(self, op: Operation) -> None:
        """Size arithmetic of the host program (a SymInt the graph computes or returns): `v0 = s0 * 2`."""
        operands = [self.ref(v) for v in op.operands]
        if isinstance(op, arith.CmpiOp):
            text = f"{operands[0]} {_CMPI[op.predicate.value.data]} {operands[1]}"
        else:
            text = HOST_SCALAR_OPS[type(op)].format(*operands)
        name = f"v{len(self.names)}"
        self.names[op.results[0]] = name
        self.emit(f"{name} = {text}")

    def size(self, op: kernel.SizeOp) -> None:
        name = f"v{len(self.names)}"
        self.names[op.result] = name
        self.emit(f"{name} = {python_expr(op.value())}")

    def free(self, op: kernel.FreeOp) -> None:
        self.emit(f"del {self.ref(op.buffer)}")

    def return_(self, op: func.ReturnOp) -> None:
        """The outputs as a tuple; `irc.none_results` on the function lists positions that return None."""
        values = [self.ref(v) for v in op.operands]
        if self.written:
            values, new_values = values[: -len(self.written)], values[-len(self.written):]
            pairs = zip(self.written_names(), new_values)
            copies = [(t, s) for t, s in pairs if t != s]  # the others were written in place
            if copies:
                targets, sources = ", ".join(t for t, _ in copies), ", ".join(s for _, s in copies)
                self.emit(f"torch._foreach_copy_([{targets}], [{sources}])")
        nones = op.parent_op().attributes.get(NONE_RESULTS)
        for position in sorted(nones.get_values()) if nones is not None else ():
            values.insert(position, "None")
        self.emit(f"return {python_tuple(values) if values else '()'}")

    def written_names(self) -> list[str]:
        """The tensors the call overwrites (a 0-d CPU one by its tensor, not the value the kernels take)."""
        names = [self.names[self.args[position]] for position in self.written]
        scalars = self.scalar_positions
        return [f"{name}_tensor" if p in scalars else name for p, name in zip(self.written, names)]

    # -- get_args -----------------------------------------------------------------

    def get_args(self) -> list[str]:
        """`get_args(**sizes)`: random inputs; each size symbol defaults to DEFAULT_SIZE."""
        symbols = set(self.needed_symbols()) | {a.name_hint for a in self.symbol_args()}
        for arg in self.args:
            symbols |= {s.name for s in _type_symbols_sympy(arg.type)}
        lines = ["def get_args(**sizes):"]
        lines += [f'    {s} = sizes.get("{s}", {DEFAULT_SIZE})' for s in sorted(symbols)]
        lines.append('    device = "cuda" if torch.cuda.is_available() else "cpu"')
        for arg in self.args:
            lines.append(f"    {self.names[arg]} = {self.random_value(arg, symbols)}")
        lines.append(f"    return [{', '.join(self.names[a] for a in self.args)}]")
        return lines

    def random_value(self, arg: SSAValue, symbols: set[str]) -> str:
        t = arg.type
        if isinstance(t, BufferType):
            size, stride = python_tuple(sizes(t.shape)), python_tuple(sizes(t.strides))
            return f"_rand_strided({size}, {stride}, {torch_dtype(t.element_type)}, device)"
        if arg.name_hint in symbols:
            return arg.name_hint
        if is_float(t):
            return "0.5"
        if is_bool(t):
            return "True"
        return str(DEFAULT_SIZE)


HOST_OPS: dict[type, Callable[[WrapperPrinter, Operation], None]] = {
    kernel.AllocOp: WrapperPrinter.alloc,
    kernel.LaunchOp: WrapperPrinter.launch,
    kernel.ExternOp: WrapperPrinter.extern,
    kernel.FreeOp: WrapperPrinter.free,
    kernel.ChoiceOp: WrapperPrinter.choice,
    kernel.ReuseOp: WrapperPrinter.reuse,
    loop.ReinterpretOp: WrapperPrinter.reinterpret,
    func.ReturnOp: WrapperPrinter.return_,
    arith.ConstantOp: lambda printer, op: None,  # written inline where used
    arith.CmpiOp: WrapperPrinter.scalar,
    kernel.SizeOp: WrapperPrinter.size,
}

# host scalar ops (SymInt and SymFloat arithmetic) as Python; floor division and select as Python's own
HOST_SCALAR_OPS = {
    arith.AddiOp: "{} + {}", arith.SubiOp: "{} - {}", arith.MuliOp: "{} * {}", arith.FloorDivSIOp: "{} // {}",
    arith.CeilDivSIOp: "-(-{} // {})", arith.MinSIOp: "min({}, {})", arith.MaxSIOp: "max({}, {})",
    arith.ExtUIOp: "int({})", arith.SelectOp: "{1} if {0} else {2}",
    arith.AddfOp: "{} + {}", arith.SubfOp: "{} - {}", arith.MulfOp: "{} * {}", arith.DivfOp: "{} / {}",
    arith.SIToFPOp: "float({})",
}  # fmt: skip
HOST_OPS.update({kind: WrapperPrinter.scalar for kind in HOST_SCALAR_OPS})
_CMPI = {0: "==", 1: "!=", 2: "<", 3: "<=", 4: ">", 5: ">="}  # arith.cmpi's signed predicates


def _configs(k: triton.FuncOp, options: list[str]) -> str:
    """`(heuristic config, candidates)`: the runtime picks among a tuned kernel's candidates on its first CUDA
    launch (irc/runtime/autotune.py); a kernel without candidates launches with its one config."""
    tuned = k.attributes.get(triton.AUTOTUNE)
    candidates = "[" + ", ".join(_candidate_text(c) for c in tuned.data) + "]" if tuned is not None else "[]"
    debug = "".join(f", {key!r}: {value!r}" for key, value in triton.assert_launch_options(k).items())
    entries = [f"{key!r}: {value}" for key, value in (o.split("=") for o in options)]
    default = "{" + ", ".join(entries) + debug + "}"
    if tuned is not None:
        candidates = "[" + ", ".join(_candidate_text(c)[:-1] + debug + "}" for c in tuned.data) + "]"
    return f"({default.replace('{, ', '{')}, {candidates})"


def _candidate_text(candidate: DictionaryAttr) -> str:
    """One candidate's launch options as a Python dict; a `grid` of its own is a tuple of size expressions."""
    entries = []
    for key, value in candidate.data.items():
        if key == "grid":
            text = python_tuple([python_expr(g.value()) for g in value.data])
        elif isinstance(value, IntegerAttr):
            text = str(value.value.data)
        else:
            raise fail(f"autotune candidate option {key!r} must be an integer, got {value}")
        entries.append(f"{key!r}: {text}")
    return "{" + ", ".join(entries) + "}"


def _arg_values(k: triton.FuncOp) -> dict[str, Attribute]:
    attr = k.attributes.get(triton.ARG_VALUES)
    return dict(attr.data) if isinstance(attr, DictionaryAttr) else {}


# kind of an encoded torch object (fx_import.encode_argument) -> how the wrapper spells the object; the value
# is one of dialects/python_names.py's table (a layout, a memory format) or a device string
TORCH_OBJECTS = {"memory_format": "{}", "layout": "{}", "device": "torch.device({!r})"}
# interpreted (CPU) modules avoid ATen CPU kernels that go wrong on irc's layouts (irc/runtime/cpu_externs.py)
OVERLOAD_IMPORT = """from irc.dialects.python_names import resolve_overload as _overload

if os.environ.get("TRITON_INTERPRET") == "1":
    from irc.runtime.cpu_externs import interpreted_overload as _overload
"""


def torch_object(text: str) -> str:
    """`memory_format:torch.preserve_format` -> `torch.preserve_format`; other strings as Python strings."""
    try:
        decoded = decode_object(text)
    except ValueError as error:
        raise fail(str(error)) from None
    return repr(text) if decoded is None else TORCH_OBJECTS[decoded[0]].format(decoded[1])


def none_results(op: Operation) -> list[int]:
    """Result positions of an extern call that are None, not values (attribute `irc.none_results`)."""
    attr = op.attributes.get(NONE_RESULTS)
    return sorted(attr.get_values()) if attr is not None else []


# externs whose public torch function takes the overload's arguments: its Python binding parses them in a
# fraction of the time torch.ops' schema-driven call takes (about 10 us less per convolution on a CPU host;
# Inductor calls extern_kernels.convolution and extern_kernels.bmm(..., out=), the same functions)
TORCH_FUNCTIONS = {
    "aten::mm.out": "torch.mm",
    "aten::bmm.out": "torch.bmm",
    "aten::addmm.out": "torch.addmm",
    "aten::baddbmm.out": "torch.baddbmm",
    "aten::mm.default": "torch.mm",
    "aten::bmm.default": "torch.bmm",
    "aten::addmm.default": "torch.addmm",
    "aten::baddbmm.default": "torch.baddbmm",
    "aten::convolution.default": "torch.convolution",
    "aten::split_with_sizes.default": "torch.split_with_sizes",
}


def _paren(text: str) -> str:
    return text if text.isidentifier() or text.isdigit() else f"({text})"


def _type_symbols(t: BufferType) -> set[str]:
    return {s.name for s in _type_symbols_sympy(t)}


@functools.lru_cache(maxsize=4096)
def _type_symbols_sympy(t: Attribute) -> frozenset:
    """The size symbols of a buffer type (none for other types); a host names each type many times."""
    if not isinstance(t, BufferType):
        return frozenset()
    dims = [*t.shape.data, *t.strides.data, t.offset]
    return frozenset(s for d in dims for s in as_expr(dim_value(d)).free_symbols)


def _reinterpret_text(source: str, source_type: BufferType, t: BufferType) -> str:
    """A view of `source` with t's layout; the offset is relative to the source's own."""
    delta = as_expr(t.offset_value()) - as_expr(source_type.offset_value())
    size, stride = python_tuple(sizes(t.shape)), python_tuple(sizes(t.strides))
    view = f"reinterpret_tensor({source}, {size}, {stride}, {python_expr(delta)})"
    if t.element_type != source_type.element_type:  # the same bits as another integer type
        return f"{view}.view({torch_dtype(t.element_type)})"
    return view


def _extent(t: BufferType) -> sympy.Expr:
    sizes_ = [as_expr(s) for s in t.sizes()]
    strides = [as_expr(s) for s in t.stride_values()]
    return as_expr(t.offset_value()) + 1 + sum((s - 1) * st for s, st in zip(sizes_, strides))
