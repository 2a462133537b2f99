"""The FX importer: an ATen-level torch.fx graph (from aot_autograd) -> a module at the aten level.

Placeholders become function arguments (tensors with sizes, dtype and strides; SymInts as i64), call_function
nodes become aten ops through the table in `fx_import_table.py`, and anything without a row becomes an
`aten.fallback` that runs eagerly through PyTorch. Scalar arithmetic on SymInts becomes `arith` on i64.

Lifted tensor constants (`get_attr` nodes such as `_tensor_constant0`, tensors the traced code made with
`torch.tensor(...)`): a 0-d one becomes `aten.full` of its value and an empty one `aten.empty` (as Inductor
folds scalar constants); any other becomes one more function argument after the placeholders, listed by name
in the function's `irc.constants` attribute, and the backend passes the tensor itself in that position on
every call (`FxImporter.constants`). Constants of dtypes only externs compute on (complex) are always arguments.
Constant arguments and the inputs aot_autograd marks static (parameters, buffers: fx_key.static_positions)
carry `irc.static` in their argument attributes; a backward's saved activations (fx_key.owned_positions)
carry `irc.owned`, and those aot_autograd donates (fx_key.donated_positions) `irc.donated` too.

Ops with side effects come as `with_effects(token, op, ...)` (effect_token_importers): the op is an extern,
and the tokens carry no value, since the host program runs externs in graph order.
"""

from __future__ import annotations

import operator
from typing import Any

from xdsl.builder import Builder, InsertPoint
from xdsl.dialects import arith, func
from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseArrayBase,
    DictionaryAttr,
    FloatAttr,
    IntegerAttr,
    ModuleOp,
    StringAttr,
    UnitAttr,
    f64,
    i1,
    i64,
)
from xdsl.ir import Block, Operation, Region, SSAValue

from irc.dialects import aten, kernel
from irc.dialects.model_source import set_sources, source_entry
from irc.dialects.types import expr_text
from irc.fx_fallback import fallback
from irc.fx_key import donated_positions, is_argument_constant, owned_positions, static_positions
from irc.fx_import_random import random_importers
from irc.fx_import_table import import_call, import_scalar_call
from irc.fx_index_width import symbolic_index_bits
from irc.fx_sizes import graph_size_definitions
from irc.fx_types import (
    UnsupportedGraph,
    graph_device,
    graph_size_hints,
    input_device,
    is_cpu_scalar,
    is_kernel_dtype,
    scalar_type_of,
    size_dim,
    tensor_type,
    value_type,
)
from irc.xdsl_install import install as install_xdsl_changes


class FxImporter:
    def __init__(self, gm, name: str = "forward"):
        self.gm = gm
        self.name = name
        self.values: dict[Any, SSAValue | tuple[SSAValue, ...] | None] = {}
        self.symbols: dict[str, SSAValue] = {}  # size symbol -> an i64 value holding it
        self.constants: list[tuple[str, Any]] = []  # (get_attr target, tensor) of the trailing arguments
        self.block = Block()
        self.builder = Builder(InsertPoint.at_end(self.block))
        self._device: str | None = None
        self.scalar_tensor_args: list[int] = []  # positions of 0-d CPU tensor inputs passed as scalars
        self.random_seeds: list = []  # [the seeds tensor, the next seed's index] once a random op is met
        self.positions: dict = {}  # placeholder node -> its argument position
        self.written: list[tuple[int, SSAValue]] = []  # (argument position, new value): kept input mutations

    # -- devices -------------------------------------------------------------------------------

    @property
    def device(self) -> str:
        """The graph's device type (fx_types.graph_device). The emitted wrapper allocates there and irc's
        kernels run there; a 0-d CPU tensor next to CUDA tensors is a scalar (as in eager), which irc keeps on
        the graph's device."""
        if self._device is None:
            self._device = graph_device(self.gm)
        return self._device

    def on_graph_device(self, value) -> bool:
        """Whether irc computes `value` (a tensor) where it lives: the graph's device, or a 0-d CPU tensor."""
        return value.device.type == self.device or is_cpu_scalar(value)

    # -- values --------------------------------------------------------------------------------

    def insert(self, op: Operation) -> Operation:
        self.builder.insert(op)
        return op

    def constant(self, value: bool | int | float) -> SSAValue:
        if isinstance(value, bool):
            attr = IntegerAttr(int(value), i1)
        elif isinstance(value, int):
            attr = IntegerAttr(value, i64)
        else:
            attr = FloatAttr(float(value), f64)
        return self.insert(arith.ConstantOp(attr)).result

    def operand(self, arg) -> SSAValue:
        """The SSA value of a node argument: a node's value, or a constant for a Python number."""
        import torch.fx

        if isinstance(arg, torch.fx.Node):
            value = self.values[arg]
            if not isinstance(value, SSAValue):
                raise UnsupportedGraph(f"{arg.name} is not a single value")
            return value
        if isinstance(arg, (bool, int, float)):
            return self.constant(arg)
        raise UnsupportedGraph(f"argument {arg!r} is not a tensor or a number")

    def symbol_value(self, size) -> SSAValue:
        """An i64 value for a SymInt: the host binds the symbols of its size expression from the inputs."""
        dim = size_dim(size)
        if isinstance(dim, int):
            return self.constant(dim)
        return self.insert(kernel.SizeOp(dim)).result

    # -- nodes ---------------------------------------------------------------------------------

    def placeholder(self, node) -> None:
        import torch

        value = node.meta.get("val")
        if value is None:
            raise UnsupportedGraph(f"placeholder {node.name} has no example value")
        position = self.positions[node] = len(self.block.args)
        if is_cpu_scalar(value) and self.device != "cpu" and is_kernel_dtype(value.dtype):
            # a 0-d CPU tensor next to device tensors is a scalar, as in eager: the kernels take its value
            # (`.item()` in the wrapper, no sync), never a pointer to CPU memory
            arg = self.block.insert_arg(scalar_type_of(value.dtype), position)
            self.scalar_tensor_args.append(position)
            self.values[node] = self.insert(aten.FullOp(tensor_type(value, with_strides=False), arg)).result
            return
        arg = self.block.insert_arg(value_type(value, with_strides=True), position)
        self.values[node] = arg
        if isinstance(value, torch.SymInt) and value.node.expr.is_Symbol:
            self.symbols.setdefault(str(value.node.expr), arg)
            arg.name_hint = str(value.node.expr)  # the host binds the symbol from it (triton_wrapper)

    def get_attr(self, node) -> None:
        """A lifted tensor constant: a value in the IR when 0-d or empty, else a trailing argument."""
        import torch
        from torch.utils._mode_utils import no_dispatch

        value = _fetch_attr(self.gm, node.target)
        if isinstance(value, torch.fx.GraphModule):
            users = ", ".join(sorted({str(user.target) for user in node.users}))
            raise UnsupportedGraph(f"control flow ({users}) is not compiled: its branches are subgraphs")
        if not isinstance(value, torch.Tensor):
            raise UnsupportedGraph(f"get_attr {node.target} is a {type(value).__name__}, not a tensor")
        if not is_argument_constant(value) and value.numel() == 0:
            self.values[node] = self.insert(aten.EmptyOp(tensor_type(value, False))).result
            return
        if not is_argument_constant(value):
            with no_dispatch():  # the compiler runs under the fake mode; this tensor is real
                number = value.item()
            self.values[node] = self.insert(aten.FullOp(tensor_type(value, False), number)).result
            return
        self.values[node] = self.block.insert_arg(tensor_type(value, True), len(self.block.args))
        self.constants.append((node.target, value))

    def call_function(self, node) -> None:
        last = self.block.last_op
        self.import_call_function(node)
        entry = node_source(node)
        op = last.next_op if last is not None else self.block.first_op
        while op is not None:
            if op.dialect_name() == "aten" and entry:
                set_sources(op, [entry])
            op = op.next_op

    def import_call_function(self, node) -> None:
        if node.target is operator.getitem:
            self.values[node] = self.values[node.args[0]][node.args[1]]
            return
        if is_input_mutation(node):
            self.written_arg(node)
            return
        effects = effect_token_importers()
        if node.target in effects:
            self.values[node] = effects[node.target](self, node)
            return
        randoms = random_importers()
        if node.target in randoms:
            self.values[node] = randoms[node.target](self, node)
            return
        if not hasattr(node.target, "overloadpacket") or _is_symbolic_scalar(node.meta.get("val")):
            self.values[node] = import_scalar_call(self, node)
            return
        self.values[node] = import_call(self, node)

    def written_arg(self, node) -> None:
        """`copy_(input, value)`, an input mutation aot_autograd keeps in the graph (after every read of the
        input): the function returns the value last, and WRITTEN_ARGS names the input the wrapper copies it
        into."""
        destination, source = node.args[0], node.args[1]
        position = self.positions[destination]
        if any(written == position for written, _ in self.written):
            raise UnsupportedGraph(f"{node.name} writes input {destination.name} a second time")
        value = self.operand(source)
        self.written.append((position, value))
        self.values[node] = value  # what the input holds after the call (aot_autograd returns the input)

    def output(self, node) -> None:
        results, none_positions = [], []
        for position, arg in enumerate(_flatten(node.args[0])):
            if arg is None:
                none_positions.append(position)
            else:
                results.append(self.operand(arg))
        self.insert(func.ReturnOp(*results, *(value for _, value in self.written)))
        self.none_positions = none_positions

    def run(self) -> ModuleOp:
        nodes = list(self.gm.graph.nodes)
        for node in nodes:  # all placeholders first: constants that become arguments come after them
            if node.op == "placeholder":
                self.placeholder(node)
        for node in nodes:
            if node.op == "placeholder":
                continue
            if node.op == "get_attr":
                self.get_attr(node)
            elif node.op == "call_function":
                self.call_function(node)
            elif node.op == "output":
                self.output(node)
            else:
                raise UnsupportedGraph(f"FX node kind {node.op} ({node.name}) is not supported")
        return self.module()

    def module(self) -> ModuleOp:
        ret, args = self.block.last_op, self.block.args
        function_type = ([a.type for a in args], [o.type for o in ret.operands])
        function = func.FuncOp(self.name, function_type, Region(self.block))
        if self.none_positions:
            function.attributes[aten.NONE_RESULTS] = DenseArrayBase.from_list(i64, self.none_positions)
        if self.constants:
            function.attributes[aten.CONSTANTS] = ArrayAttr([StringAttr(name) for name, _ in self.constants])
        if self.written:
            written = [position for position, _ in self.written]
            function.attributes[aten.WRITTEN_ARGS] = DenseArrayBase.from_list(i64, written)
        if self.scalar_tensor_args:
            positions = DenseArrayBase.from_list(i64, self.scalar_tensor_args)
            function.attributes[aten.SCALAR_TENSOR_ARGS] = positions
        hints = graph_size_hints(self.gm)
        if hints:
            entries = {name: IntegerAttr(value, i64) for name, value in sorted(hints.items())}
            function.attributes[aten.SIZE_HINTS] = DictionaryAttr(entries)
        definitions = graph_size_definitions(self.gm)
        if definitions:
            texts = {name: StringAttr(expr_text(e)) for name, e in sorted(definitions.items())}
            function.attributes[aten.SIZE_DEFINITIONS] = DictionaryAttr(texts)
        if input_device(self.gm) is None and self.device != "cpu":
            function.attributes[aten.DEVICE] = StringAttr(self.device)
        marks = {
            aten.STATIC_ARG: self.static_args(),
            aten.OWNED_ARG: self.tensor_args(owned_positions(self.gm)),
            aten.DONATED_ARG: self.tensor_args(donated_positions(self.gm)),
        }
        if any(marks.values()):
            function.arg_attrs = ArrayAttr([
                DictionaryAttr({mark: UnitAttr() for mark, positions in marks.items() if k in positions})
                for k in range(len(args))
            ])
        return ModuleOp([function])

    def tensor_args(self, positions: list[int]) -> set[int]:
        """The tensor arguments among placeholder `positions` (fx_key.owned_positions, donated_positions)."""
        args = self.block.args
        chosen = set(positions) - set(self.scalar_tensor_args)
        return {k for k in chosen if k < len(args) and isinstance(args[k].type, aten.TensorType)}

    def static_args(self) -> set[int]:
        """Tensor arguments at fixed addresses: marked static placeholders, then the lifted constants."""
        args = self.block.args
        n_placeholders = len(args) - len(self.constants)
        marked = set(static_positions(self.gm)) - set(self.scalar_tensor_args)
        tensors = {k for k in marked if k < n_placeholders and isinstance(args[k].type, aten.TensorType)}
        return tensors | set(range(n_placeholders, len(args)))


def is_input_mutation(node) -> bool:
    """A `copy_` into a placeholder with no later reader: how aot_autograd keeps an input mutation in its
    graph (keep_inference_input_mutations)."""
    import torch

    if node.target is not torch.ops.aten.copy_.default or node.kwargs:
        return False
    destination, later = node.args[0], node.next
    if not isinstance(destination, torch.fx.Node) or destination.op != "placeholder":
        return False
    while later.op != "root":
        if later.op != "output" and later in destination.users:
            return False
        later = later.next
    return True


def node_source(node) -> str:
    """The node's `irc.source` entry: its name, target and the last frame of its stack trace."""
    from irc.fx_key import target_name

    if node.target is operator.getitem:
        return ""
    packet = getattr(node.target, "overloadpacket", None)  # aten.add, as Inductor's "Original ATen" names it
    target = target_name(packet if packet is not None else node.target).removeprefix("torch.ops.")
    return source_entry(node.name, target.replace(" ", ""), last_frame(node.meta.get("stack_trace") or ""))


MAX_CODE_LENGTH = 60  # of the model line in an irc.source entry: the IR text stays short


def last_frame(stack_trace: str) -> str:
    """`FILE:LINE in FUNCTION, code: CODE` of a traceback's last frame (the model's line), or ""."""
    lines = stack_trace.rstrip().splitlines()
    for k in range(len(lines) - 1, -1, -1):
        frame = lines[k].strip()
        if frame.startswith('File "') and '", line ' in frame:
            path, _, rest = frame[len('File "'):].partition('", line ')
            line, _, function = rest.partition(", in ")
            code = lines[k + 1].strip()[:MAX_CODE_LENGTH] if k + 1 < len(lines) else ""
            return f"{path.replace(chr(92), '/').rsplit('/', 1)[-1]}:{line} in {function}, code: {code}"
    return ""


def effect_token_importers() -> dict:
    """Effect tokens (aot_autograd's unlifted form, as Inductor compiles them: the backend asks for it): ops
    with side effects (`aten._linalg_check_errors`, prints, effectful custom ops) come wrapped in
    `with_effects(token, op, *args)`, which returns the next token and the op's results. The op becomes an
    extern; tokens carry no value in the IR, since the host program runs externs in graph order."""
    import torch

    return {
        torch.ops.higher_order.with_effects: _with_effects,
        torch.ops.prims._make_token.default: lambda importer, node: None,
        torch.ops.prims._sink_tokens.default: lambda importer, node: None,
    }


def _with_effects(importer: FxImporter, node):
    _token, op, *args = node.args
    results = node.meta["val"][1:]
    call = _CallOf(op, tuple(args), node.kwargs, results[0] if len(results) == 1 else tuple(results))
    value = fallback(importer, call)
    return (None, value) if len(results) == 1 else (None, *value)


class _CallOf:
    """The FX node an op called through with_effects would be (what `fallback` reads of a node)."""

    def __init__(self, target, args: tuple, kwargs: dict, value):
        self.target, self.args, self.kwargs, self.meta = target, args, kwargs, {"val": value}


def _fetch_attr(gm, target: str):
    value = gm
    for part in target.split("."):
        if not hasattr(value, part):
            raise UnsupportedGraph(f"get_attr {target}: the graph module has no attribute {part}")
        value = getattr(value, part)
    return value


def _is_symbolic_scalar(value) -> bool:
    import torch

    return isinstance(value, (torch.SymInt, torch.SymFloat, torch.SymBool))


def _flatten(outputs) -> list:
    if isinstance(outputs, (list, tuple)):
        return [leaf for item in outputs for leaf in _flatten(item)]
    return [outputs]


def mark_saved_results(function, saved: frozenset[int]) -> None:
    from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr

    outputs = function.function_type.outputs.data
    old = function.res_attrs.data if function.res_attrs is not None else [DictionaryAttr({})] * len(outputs)
    function.res_attrs = ArrayAttr([
        DictionaryAttr({**attrs.data, **({aten.SAVED_RESULT: UnitAttr()} if k in saved else {})})
        for k, attrs in enumerate(old)
    ])


def import_graph(gm, example_inputs=None, name: str = "forward", inference: bool = False) -> ModuleOp:
    """The aten-level module of an ATen FX graph (node metadata must hold fake/example values)."""
    return import_graph_and_constants(gm, name, inference)[0]


def import_graph_and_constants(
    gm, name: str = "forward", inference: bool = False, saved: frozenset[int] = frozenset(),
    index_bits: int | None | str = "decide",
) -> tuple[ModuleOp, list]:
    """The module and the constant tensors its function takes after the graph's own inputs; `inference`
    marks the function aten.INFERENCE, `saved` the results it marks aten.SAVED_RESULT, `index_bits` (32,
    None, or "decide": fx_index_width decides) aten.INDEX_BITS."""
    install_xdsl_changes()  # irc's op construction and verification from here on
    importer = FxImporter(gm, name)
    module = importer.run()
    bits = symbolic_index_bits(gm) if index_bits == "decide" else index_bits
    for function in module.ops:
        if bits is not None:
            function.attributes[aten.INDEX_BITS] = IntegerAttr(bits, i64)
        if inference:
            function.attributes[aten.INFERENCE] = UnitAttr()
        if saved:
            mark_saved_results(function, saved)
    module.verify()
    return module, [value for _, value in importer.constants]
