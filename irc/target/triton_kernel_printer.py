"""Prints a triton.func as a `@triton.jit` Python function, one line per op, driven by a table of templates.

Names come from the IR's name hints (xindex, xmask, x0, ...), `tmp<N>` otherwise. Unnamed scalar
constants and constexpr references are written inline, and so is the address of a load or store:

    tmp0 = tl.load(in_ptr0 + (xindex), xmask)
    tmp1 = tl.sigmoid(tmp0)
"""

from __future__ import annotations

import keyword
import re
import struct
from collections.abc import Callable

from xdsl.dialects import scf
from xdsl.ir import Block, BlockArgument, Operation, SSAValue

from irc.dialects import triton
from irc.dialects.triton import BlockType, shape_of
from irc.dialects.random_kinds import RANDOM_KINDS
from irc.dialects.types import element_type_name, is_bool
from irc.target.python_text import checked_name, literal, triton_dtype
from irc.target.source_comments import source_comments

_NOT_IDENTIFIER = re.compile(r"[^A-Za-z0-9_]")
# globals and builtins the printed kernels use: a value named like one would shadow it
RESERVED_NAMES = {"tl", "triton", "libdevice", "torch", "float", "range", "_prod_combine"}
RESERVED_NAMES |= {"_maximum_combine", "_minimum_combine", "_randint64", "_sort_rows", "_sort_round"}
RESERVED_NAMES |= {"_wrapping_abs", "_INTERPRETING"}
_LIBDEVICE_CALL = re.compile(r"libdevice\.([A-Za-z0-9_]+)\(")


def shape_text(dims) -> str:
    return "[" + ", ".join(_dim_text(d.data) for d in dims) + "]"


def _dim_text(dim: int | str) -> str:
    return str(dim) if isinstance(dim, int) else checked_name(dim, "block dim")


class KernelPrinter:
    """Turns one triton.func into Python source lines."""

    def __init__(self, func: triton.FuncOp):
        self.func = func
        self.names: dict[SSAValue, str] = {}
        self.used: set[str] = set(func.parameter_names()) | RESERVED_NAMES
        self.lines: list[str] = []
        self.helpers: list[str] = []
        self.libdevice: set[str] = set()
        self.temporaries = 0

    # -- names and operands ------------------------------------------------------

    def fresh(self, hint: str | None) -> str:
        if hint is None:
            while f"tmp{self.temporaries}" in self.used:
                self.temporaries += 1
            hint = f"tmp{self.temporaries}"
        hint = _NOT_IDENTIFIER.sub("_", hint)
        if hint[0].isdigit() or keyword.iskeyword(hint):
            hint = "v_" + hint
        name, k = hint, 1
        while name in self.used:
            name, k = f"{hint}_{k}", k + 1
        self.used.add(name)
        return name

    def define(self, value: SSAValue) -> str:
        if value not in self.names:
            self.names[value] = self.fresh(value.name_hint)
        return self.names[value]

    def ref(self, value: SSAValue) -> str:
        """How an operand is written: its name, or the inline text of an inlined definition."""
        if value in self.names:
            return self.names[value]
        op = value.owner
        if isinstance(op, triton.ConstantOp):
            text = _scalar_constant(op)
            return f"({text})" if text.startswith("-") else text
        if isinstance(op, triton.ConstexprOp):
            return checked_name(op.constexpr.data, "constexpr name")
        if isinstance(op, INLINED_WHEN_USED_ONCE):
            return EXPRESSIONS[type(op)](self, op)
        raise ValueError(f"a value defined by {getattr(op, 'name', 'a block')} has no name")

    def is_inlined(self, op: Operation) -> bool:
        if isinstance(op, triton.ConstexprOp):
            return True
        if isinstance(op, triton.ConstantOp):
            return not isinstance(op.result.type, BlockType) and op.result.name_hint is None
        if isinstance(op, INLINED_WHEN_USED_ONCE) and op.results[0].name_hint is None:
            uses = list(op.results[0].uses)
            if isinstance(op, triton.AddPtrOp):
                memory = triton.LoadOp | triton.StoreOp | triton.AtomicAddOp | triton.AtomicMaxOp | triton.AtomicMinOp
                return len(uses) == 1 and isinstance(uses[0].operation, memory)
            return len(uses) == 1 and not isinstance(uses[0].operation, scf.ForOp)
        return False

    # -- the function ---------------------------------------------------------------

    def print(self) -> list[str]:
        for arg, name in zip(self.func.body.block.args, self.func.arg_names.data):
            self.names[arg] = name.data
        arg_names = [checked_name(n.data, "parameter name") for n in self.func.arg_names.data]
        params = [_parameter(n, arg) for n, arg in zip(arg_names, self.func.body.block.args)]
        constexprs = [checked_name(n.data, "parameter name") for n in self.func.constexprs.data]
        params += [f"{n}: tl.constexpr" for n in constexprs]
        name = checked_name(self.func.sym_name.data, "kernel name", top_level=True)
        comments = source_comments(self.func)
        self.lines = [*comments, "@triton.jit", f"def {name}({', '.join(params)}):"]
        self.block(self.func.body.block, 1)
        if len(self.lines) == len(comments) + 2:
            self.lines.append("    pass")
        return self.lines

    def block(self, block: Block, depth: int) -> None:
        for op in block.ops:
            if isinstance(op, triton.ReturnOp | scf.YieldOp | scf.ConditionOp) or self.is_inlined(op):
                continue
            if isinstance(op, scf.ForOp):
                self.for_loop(op, depth)
                continue
            if isinstance(op, scf.WhileOp):
                self.while_loop(op, depth)
                continue
            self.statement(op, depth)

    def emit(self, depth: int, text: str) -> None:
        self.lines.append("    " * depth + text)

    def statement(self, op: Operation, depth: int) -> None:
        printer = EXPRESSIONS.get(type(op)) or _elementwise_printer(op)
        if printer is None:
            raise ValueError(f"the triton target cannot print {op.name}")
        text = printer(self, op)
        self.libdevice |= set(_LIBDEVICE_CALL.findall(text))
        if op.results:
            self.emit(depth, f"{self.define(op.results[0])} = {text}")
        else:
            self.emit(depth, text)

    def for_loop(self, op: scf.ForOp, depth: int) -> None:
        """`for iv in range(lb, ub, step):`; each iter_arg is one Python variable (init, body arg, result)."""
        body = op.body.block
        iv = self.define(body.args[0])
        for init, arg, result in zip(op.iter_args, body.args[1:], op.results):
            reuse = init in self.names and len(list(init.uses)) == 1 and not isinstance(init, BlockArgument)
            var = self.names[init] if reuse else self.fresh(arg.name_hint)
            if not reuse:
                self.emit(depth, f"{var} = {self.ref(init)}")
            self.names[arg] = self.names[result] = var
        bounds = f"{self.ref(op.lb)}, {self.ref(op.ub)}, {self.ref(op.step)}"
        loop = f"tl.range({bounds}, flatten=True)" if triton.FLATTEN in op.attributes else f"range({bounds})"
        self.emit(depth, f"for {iv} in {loop}:")
        self.name_updates_after_their_variable(body)
        start = len(self.lines)
        self.block(body, depth + 1)
        yielded = body.last_op
        for arg, value in zip(body.args[1:], yielded.operands if isinstance(yielded, scf.YieldOp) else ()):
            if self.ref(value) != self.names[arg]:
                self.emit(depth + 1, f"{self.names[arg]} = {self.ref(value)}")
        if len(self.lines) == start:
            self.emit(depth + 1, "pass")

    def while_loop(self, op: scf.WhileOp, depth: int) -> None:
        """`while flag:` where the before region computes `flag`: its statements run before the loop and
        again at the end of each step; the values it forwards (and the loop's results) are its variables."""
        before, after = op.before_region.block, op.after_region.block
        variables = []
        for init, arg in zip(op.arguments, before.args):
            self.names[arg] = self.fresh(arg.name_hint)
            variables.append(self.names[arg])
            self.emit(depth, f"{self.names[arg]} = {self.ref(init)}")
        self.block(before, depth)
        condition = before.last_op
        assert isinstance(condition, scf.ConditionOp)
        for value, arg, result in zip(condition.args, after.args, op.results):
            self.names[arg] = self.names[result] = self.ref(value)
        self.emit(depth, f"while {self.ref(condition.condition)}:")
        self.block(after, depth + 1)
        updates = [self.ref(v) for v in after.last_op.operands]
        if set(updates) & set(variables):  # one variable's new value is another's old one: assign at once
            self.emit(depth + 1, f"{', '.join(variables)} = {', '.join(updates)}")
        else:
            for variable, update in zip(variables, updates):
                self.emit(depth + 1, f"{variable} = {update}")
        self.block(before, depth + 1)

    def name_updates_after_their_variable(self, body: Block) -> None:
        """`_acc = tl.where(mask, _acc + v, _acc)`: a yielded value takes its loop variable's name when the
        old value is dead by the time it is computed."""
        yielded = body.last_op
        if not isinstance(yielded, scf.YieldOp):
            return
        order = {op: k for k, op in enumerate(body.ops)}
        for arg, value in zip(body.args[1:], yielded.operands):
            owner = value.owner
            if value in self.names or not isinstance(owner, Operation) or owner.parent_block() is not body:
                continue
            if len(list(value.uses)) != 1 or self.is_inlined(owner):
                continue
            if all(order.get(_in_block(use.operation, body), -1) <= order[owner] for use in arg.uses):
                self.names[value] = self.names[arg]


def _parameter(name: str, arg: BlockArgument) -> str:
    """A scalar f64 parameter says so: Triton takes a Python float argument for an f32 one."""
    return f"{name}: tl.float64" if element_type_name(arg.type) == "f64" else name


def _in_block(op: Operation, block: Block) -> Operation | None:
    """The ancestor of `op` (or itself) directly in `block`."""
    while op is not None and op.parent_block() is not block:
        op = op.parent_op()
    return op


# ---------------------------------------------------------------------------
# Templates: op class -> Python expression
# ---------------------------------------------------------------------------


def _constant(p: KernelPrinter, op: triton.ConstantOp) -> str:
    t = op.result.type
    if isinstance(t, BlockType):
        return f"tl.full({shape_text(t.dims)}, {literal(op.python_value)}, {triton_dtype(t.element_type)})"
    return _scalar_constant(op)


def _scalar_constant(op: triton.ConstantOp, typed: bool = False) -> str:
    """A literal, but an f64 one typed (`typed`, or where f32 cannot hold it): a float literal is f32 to Triton,
    and triton 3.6 rounds it to f32 before comparing it with an f64 value; a libdevice call on f64 values wants
    every operand typed. Not always: Triton's interpreter fails on a 0-d result's `&` with a block."""
    value = op.python_value
    if element_type_name(op.result.type) == "f64" and (typed or struct.unpack("f", struct.pack("f", value))[0] != value):
        return f"tl.full([], {literal(value)}, tl.float64)"
    return literal(value)


def _splat(p: KernelPrinter, op: triton.SplatOp) -> str:
    t = op.result.type
    if isinstance(op.src.type, triton.PointerType):
        return f"{p.ref(op.src)} + tl.zeros({shape_text(t.dims)}, tl.int32)"
    if is_bool(t.element_type):  # Triton's interpreter splats a comparison's result in the compared type
        return f"(tl.full({shape_text(t.dims)}, {p.ref(op.src)}, tl.int8) != 0)"
    return f"tl.full({shape_text(t.dims)}, {p.ref(op.src)}, {triton_dtype(t.element_type)})"


def _expand_dims(p: KernelPrinter, op: triton.ExpandDimsOp) -> str:
    rank, axis = op.result.type.rank, op.axis.value.data
    return f"{p.ref(op.src)}[{', '.join('None' if k == axis else ':' for k in range(rank))}]"


def _cast(p: KernelPrinter, op: triton.CastOp) -> str:
    dtype = triton_dtype(triton.element_of(op.result.type))
    bitcast = ", bitcast=True" if op.bitcast is not None else ""
    source = op.src.owner
    if bitcast and isinstance(source, triton.ConstantOp) and not isinstance(op.src.type, BlockType):
        typed = f"tl.full([], {literal(source.python_value)}, {triton_dtype(triton.element_of(op.src.type))})"
        return f"tl.cast({typed}, {dtype}{bitcast})"  # a literal would be int32 or float32 whatever its type
    if isinstance(op.src, BlockArgument) or isinstance(source, triton.ConstantOp) or p.is_inlined(source):
        return f"tl.cast({p.ref(op.src)}, {dtype}{bitcast})"
    return f"{p.ref(op.src)}.to({dtype}{bitcast})"


def _load(p: KernelPrinter, op: triton.LoadOp) -> str:
    args = [p.ref(op.ptr)]
    if op.mask is not None:
        args.append(p.ref(op.mask))
    if op.other is not None:
        args.append(f"other={p.ref(op.other)}")
    if op.eviction_policy is not None:
        args.append(f"eviction_policy='{op.eviction_policy.data.value}'")
    return f"tl.load({', '.join(args)})"


def _store(p: KernelPrinter, op: triton.StoreOp) -> str:
    mask = "" if op.mask is None else f", {p.ref(op.mask)}"
    return f"tl.store({p.ref(op.ptr)}, {p.ref(op.value)}{mask})"


def _reduce(p: KernelPrinter, op: triton.ReduceOp) -> str:
    row = op.row
    if row.helper and row.helper not in p.helpers:
        p.helpers.append(row.helper)
    keep = "True" if op.keep_dims is not None else "False"
    return row.template.format(p.ref(op.src), axis=op.axis.value.data, keep_dims=keep)


def _scan(p: KernelPrinter, op: triton.ScanOp) -> str:
    row = op.row
    if row.helper and row.helper not in p.helpers:
        p.helpers.append(row.helper)
    length = [] if op.length is None else [p.ref(op.length)]
    return row.template.format(p.ref(op.src), *length, axis=op.axis.value.data)


def _dot(p: KernelPrinter, op: triton.DotOp) -> str:
    precision = f", input_precision={op.input_precision.data!r}" if op.input_precision is not None else ""
    return f"tl.dot({p.ref(op.lhs)}, {p.ref(op.rhs)}, {p.ref(op.acc)}{precision})"


def _where(p: KernelPrinter, op: triton.WhereOp) -> str:
    """tl.where; with two scalar branches Triton types the result as Python literals are typed (int32,
    float32), so the IR's element type is cast to (`tl.where(c, 0, 1)` of i64 meets int64 values later)."""
    text = triton.WhereOp.TEMPLATE.format(*[p.ref(v) for v in op.operands])
    if not isinstance(op.result.type, BlockType) or any(
        isinstance(v.type, BlockType) for v in (op.true_value, op.false_value)
    ):
        return text
    return f"{text}.to({triton_dtype(triton.element_of(op.result.type))})"


def _random(p: KernelPrinter, op: triton.RandomOp) -> str:
    helper = RANDOM_KINDS[op.kind.data].helper
    if helper and helper not in p.helpers:
        p.helpers.append(helper)
    return op.text(p.ref(op.seed), p.ref(op.offset))


def _template(template: str) -> Callable[[KernelPrinter, Operation], str]:
    if template.startswith("libdevice."):
        return lambda p, op: template.format(*[_typed_ref(p, v) for v in op.operands])
    return lambda p, op: template.format(*[p.ref(v) for v in op.operands])


def _typed_ref(p: KernelPrinter, value: SSAValue) -> str:
    owner = value.owner
    if value not in p.names and isinstance(owner, triton.ConstantOp):
        return _scalar_constant(owner, typed=True)
    return p.ref(value)


EXPRESSIONS: dict[type, Callable[[KernelPrinter, Operation], str]] = {
    triton.ProgramIdOp: lambda p, op: f"tl.program_id({op.axis_index})",
    triton.NumProgramsOp: lambda p, op: f"tl.num_programs({op.axis_index})",
    triton.ConstexprOp: lambda p, op: checked_name(op.constexpr.data, "constexpr name"),
    triton.ConstantOp: _constant,
    triton.ArangeOp: lambda p, op: f"tl.arange({op.start.data}, {op.end.data})",
    triton.SplatOp: _splat,
    triton.BroadcastOp: lambda p, op: f"tl.broadcast_to({p.ref(op.src)}, {shape_text(op.result.type.dims)})",
    triton.ExpandDimsOp: _expand_dims,
    triton.ReshapeOp: lambda p, op: f"tl.reshape({p.ref(op.src)}, {shape_text(shape_of(op.result.type))})",
    triton.AddPtrOp: _template("{0} + ({1})"),
    triton.LoadOp: _load,
    triton.StoreOp: _store,
    triton.AtomicAddOp: lambda p, op: _store(p, op).replace("tl.store(", "tl.atomic_add(", 1),
    triton.AtomicMaxOp: lambda p, op: _store(p, op).replace("tl.store(", "tl.atomic_max(", 1),
    triton.AtomicMinOp: lambda p, op: _store(p, op).replace("tl.store(", "tl.atomic_min(", 1),
    triton.WhereOp: _where,
    triton.CastOp: _cast,
    triton.ReduceOp: _reduce,
    triton.ScanOp: _scan,
    triton.DotOp: _dot,
    triton.RandomOp: _random,
    triton.MakeTensorDescriptorOp: lambda p, op: (
        f"tl.make_tensor_descriptor({p.ref(op.base)}, shape=[{', '.join(p.ref(v) for v in op.sizes)}], "
        f"strides=[{', '.join(p.ref(v) for v in op.strides)}], block_shape={shape_text(op.result.type.shape.data)})"
    ),
    triton.DescriptorLoadOp: lambda p, op: f"{p.ref(op.desc)}.load([{', '.join(p.ref(v) for v in op.offsets)}])",
    triton.TransOp: lambda p, op: f"tl.trans({p.ref(op.src)})",
    triton.DeviceAssertOp: lambda p, op: (
        f"tl.device_assert({p.ref(op.cond)}, {triton.ASSERT_MESSAGES[op.kind.data]!r})"
    ),
}


# cheap expressions written into their only user: `xindex = xoffset + tl.arange(0, XBLOCK)[:, None]`
INLINED_WHEN_USED_ONCE = (
    triton.AddPtrOp, triton.ProgramIdOp, triton.NumProgramsOp, triton.ArangeOp, triton.ExpandDimsOp,
)


def _elementwise_printer(op: Operation) -> Callable[[KernelPrinter, Operation], str] | None:
    row = getattr(type(op), "ROW", None)
    if row is None:
        return None
    text = _template(row.template)
    if not row.helper:
        return text

    def with_helper(p: KernelPrinter, op: Operation) -> str:
        if row.helper not in p.helpers:
            p.helpers.append(row.helper)
        return text(p, op)

    return with_helper
