"""The kernel dialect: fusion groups (future kernels) and the host program that runs them.

This is Inductor's Scheduler output and wrapper code as IR. A `kernel.kernel` is a symbol holding the loop ops
fused into one future kernel, with its kind, iteration space and (after tiling) its launch config:

    kernel.kernel @fused_add_sigmoid_sum_0(%arg0: !loop.buffer<[3, 9], f32, strides [9, 1]>)
        -> (!loop.buffer<[3], f32, strides [1]>) persistent_reduction numel 3 rnumel 9 {xblock = 1, rblock = 16} {
      ...loop ops...
      kernel.yield %b : !loop.buffer<[3], f32, strides [1]>
    }

The host program is a plain `func.func @call` made of `kernel.alloc`, `kernel.launch` (destination passing),
`kernel.extern` (calls into PyTorch eager), `kernel.reuse` and `kernel.free`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from xdsl.dialects.builtin import (
    I64,
    ArrayAttr,
    DictionaryAttr,
    FunctionType,
    IndexType,
    IntAttr,
    IntegerAttr,
    StringAttr,
    SymbolRefAttr,
    UnitAttr,
)
from xdsl.dialects.utils import AbstractYieldOperation
from xdsl.ir import Attribute, Block, Dialect, Operation, Region, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_attr_definition,
    irdl_op_definition,
    lazy_traits_def,
    operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import (
    HasParent,
    IsolatedFromAbove,
    IsTerminator,
    MemoryAllocEffect,
    MemoryFreeEffect,
    Pure,
    SymbolOpInterface,
    SymbolTable,
)
from xdsl.utils.exceptions import VerifyException

from irc.dialects.kernel_config import (
    CONFIG_FIELDS,
    at_config_group,
    candidate_attr,
    parse_config_group,
    print_config_group,
    verify_candidate,
    verify_config_value,
)
from irc.dialects.kernel_space import verify_iteration_space
from irc.dialects.kernel_template import ChoiceOp, DualMatmulOp, MatmulOp  # noqa: F401  (re-exported: kernel.MatmulOp, ...)
from irc.dialects.operand_ref import OperandRef, verify_call
from irc.dialects.python_names import identifier_error
from irc.dialects.types import (
    BufferType,
    DimLike,
    dim_attr,
    dim_value,
    element_bytes,
    element_type_name,
    parse_dim,
    print_dim,
    verify_dims,
)

# ---------------------------------------------------------------------------
# Tables
# ---------------------------------------------------------------------------

# kernel kind -> the short name Inductor puts in kernel names
KERNEL_KINDS = {"pointwise": "poi", "reduction": "red", "persistent_reduction": "per", "template": "tem"}


DEVICES = ("cpu", "cuda")

_DEVICE = re.compile(r"(?P<type>[a-z]+)(:[0-9]+)?")
_NOT_IDENTIFIER_CHAR = re.compile(r"[^A-Za-z0-9_]")


def kernel_name(op_names: Sequence[str], index: int) -> str:
    """A kernel's symbol, named after what it computes: `fused_add_sigmoid_sum_0`.

    Op names are sorted and de-duplicated; `fused_` appears only when there is more than one. The kind is not
    part of the symbol: it is the kernel's `kind` property, and `triton_name` derives the printed name from both.
    """
    names = sorted({_NOT_IDENTIFIER_CHAR.sub("_", n) for n in op_names})
    return "_".join([*(["fused"] if len(names) > 1 else []), *names, str(index)])


def triton_name(kind: str, name: str) -> str:
    """Inductor-style name of a kernel of `kind` called `name`: `triton_per_fused_add_sigmoid_sum_0`."""
    if kind not in KERNEL_KINDS:
        raise ValueError(f"unknown kernel kind '{kind}'; expected one of {', '.join(KERNEL_KINDS)}")
    return f"triton_{KERNEL_KINDS[kind]}_{name}"


def storage_bytes(t: BufferType) -> int | None:
    """Bytes of memory a buffer spans (offset included), or None when any size, stride or offset is symbolic."""
    dims = (*t.shape.data, *t.strides.data, t.offset)
    if not all(isinstance(d, IntAttr) for d in dims):
        return None
    sizes, strides = t.sizes(), t.stride_values()
    if 0 in sizes:
        return 0
    extent = t.offset_value() + sum((size - 1) * stride for size, stride in zip(sizes, strides)) + 1
    return extent * element_bytes(t.element_type)


def _is_buffer_or_scalar(t: Attribute) -> bool:
    return isinstance(t, BufferType | IndexType) or element_type_name(t) is not None


def _types_text(types: Sequence[Attribute]) -> str:
    return "(" + ", ".join(str(t) for t in types) + ")"


# ---------------------------------------------------------------------------
# Attributes
# ---------------------------------------------------------------------------


@irdl_attr_definition
class OperandRefAttr(OperandRef):
    """`#kernel.operand<N>`: the N-th tensor operand of a `kernel.extern`, inside its args or kwargs."""

    name = "kernel.operand"


def operand_refs(attr: Attribute) -> list[OperandRefAttr]:
    """Every `#kernel.operand<N>` inside `attr`, looking through arrays and dictionaries."""
    if isinstance(attr, OperandRefAttr):
        return [attr]
    if isinstance(attr, ArrayAttr):
        return [ref for a in attr.data for ref in operand_refs(a)]
    if isinstance(attr, DictionaryAttr):
        return [ref for a in attr.data.values() for ref in operand_refs(a)]
    return []


# ---------------------------------------------------------------------------
# kernel.kernel and kernel.yield
# ---------------------------------------------------------------------------


@irdl_op_definition
class KernelOp(IRDLOperation):
    """A fusion group: the loop ops of one future kernel, its kind, iteration space and tiling config."""

    name = "kernel.kernel"

    sym_name = prop_def(StringAttr)
    function_type = prop_def(FunctionType)
    kind = prop_def(StringAttr)
    numel = prop_def(IntAttr | StringAttr)
    rnumel = prop_def(IntAttr | StringAttr)
    ynumel = opt_prop_def(IntAttr | StringAttr)
    xblock = opt_prop_def(IntegerAttr[I64])
    yblock = opt_prop_def(IntegerAttr[I64])
    rblock = opt_prop_def(IntegerAttr[I64])
    num_warps = opt_prop_def(IntegerAttr[I64])
    num_stages = opt_prop_def(IntegerAttr[I64])
    group_m = opt_prop_def(IntegerAttr[I64])
    programs = opt_prop_def(IntegerAttr[I64])
    configs = opt_prop_def(ArrayAttr)
    reverse_programs = opt_prop_def(UnitAttr)
    """Programs walk the tiles last first (program i takes tile num_programs - 1 - i): a kernel re-reading
    what the kernel before it read in order finds the most recently loaded tiles still in L2."""

    body = region_def("single_block")

    traits = traits_def(SymbolOpInterface(), IsolatedFromAbove())

    def __init__(
        self,
        sym_name: str,
        inputs: Sequence[Attribute],
        outputs: Sequence[Attribute],
        kind: str,
        numel: DimLike,
        rnumel: DimLike = 1,
        body: Region | None = None,
        config: Mapping[str, int] | None = None,
        configs: Sequence[Mapping[str, int]] | None = None,
    ):
        properties: dict[str, Attribute] = {
            "sym_name": StringAttr(sym_name),
            "function_type": FunctionType.from_lists(inputs, outputs),
            "kind": StringAttr(kind),
            "numel": dim_attr(numel),
            "rnumel": dim_attr(rnumel),
        }
        properties.update({key: IntegerAttr(value, 64) for key, value in (config or {}).items()})
        if configs is not None:
            properties["configs"] = ArrayAttr([candidate_attr(c) for c in configs])
        super().__init__(properties=properties, regions=[body or Region(Block(arg_types=inputs))])

    @property
    def config(self) -> dict[str, int]:
        """The tiling config entries that are set, e.g. `{"xblock": 1, "rblock": 16}`."""
        return {key: attr.value.data for key, attr in self._config_attrs().items()}

    @property
    def candidates(self) -> list[dict[str, int]]:
        """The autotune candidates, each a dict of config entries."""
        if self.configs is None:
            return []
        return [{key: v.value.data for key, v in c.data.items()} for c in self.configs.data]

    def _config_attrs(self) -> dict[str, IntegerAttr]:
        return {key: self.properties[key] for key in CONFIG_FIELDS if key in self.properties}

    def verify_(self) -> None:
        error = identifier_error(self.sym_name.data, "kernel.kernel name")
        if error is not None:  # it becomes part of a Python function's name (triton_name)
            raise VerifyException(error)
        self.verify_kind_and_sizes()
        for key, attr in self._config_attrs().items():
            verify_config_value(key, attr.value.data)
        for number, candidate in enumerate(self.configs.data if self.configs is not None else ()):
            verify_candidate(number, candidate)
        self.verify_tiles()
        if self.reverse_programs is not None and self.kind.data == "template":
            raise VerifyException(f"reverse_programs is not supported on template kernel @{self.sym_name.data}")
        self.verify_signature()
        verify_iteration_space(self)

    def verify_kind_and_sizes(self) -> None:
        kind = self.kind.data
        if kind not in KERNEL_KINDS:
            raise VerifyException(f"unknown kernel kind '{kind}'; expected one of {', '.join(KERNEL_KINDS)}")
        verify_dims(ArrayAttr([self.numel]), "kernel numel")
        verify_dims(ArrayAttr([self.rnumel]), "kernel rnumel")
        if kind == "pointwise" and self.rnumel != IntAttr(1):
            raise VerifyException(f"pointwise kernel must have rnumel 1, got {self.rnumel.data}")

    def verify_tiles(self) -> None:
        """A 2-D tiled kernel: pointwise, ynumel a static divisor of a static numel; yblock needs ynumel."""
        if self.ynumel is None:
            if self.kind.data == "template":
                return
            if self.yblock is not None:
                raise VerifyException("yblock needs a 2-D tiled kernel (ynumel)")
            for number, candidate in enumerate(self.candidates):
                if "yblock" in candidate:
                    where = f"autotune config {number}: "
                    raise VerifyException(f"{where}yblock needs a 2-D tiled kernel (ynumel)")
            return
        if self.kind.data != "pointwise":
            raise VerifyException(f"ynumel (2-D tiles) is only for pointwise kernels, not {self.kind.data}")
        verify_dims(ArrayAttr([self.ynumel]), "kernel ynumel")
        if self.ynumel == IntAttr(0):
            raise VerifyException("ynumel must be positive, got 0")
        if not _divides(self.ynumel, self.numel):
            raise VerifyException(f"ynumel {self.ynumel.data} does not divide numel {self.numel.data}")

    def verify_signature(self) -> None:
        inputs, outputs = self.function_type.inputs.data, self.function_type.outputs.data
        for t in outputs:
            if not isinstance(t, BufferType):
                raise VerifyException(f"kernel outputs must be !loop.buffer types, got {t}")
        block = self.body.block
        arg_types = tuple(arg.type for arg in block.args)
        if arg_types != inputs:
            raise VerifyException(
                f"kernel block arguments {_types_text(arg_types)} do not match "
                f"function type inputs {_types_text(inputs)}"
            )
        terminator = block.last_op
        if not isinstance(terminator, YieldOp):
            raise VerifyException("kernel body must end with kernel.yield")
        yielded = tuple(v.type for v in terminator.arguments)
        if yielded != outputs:
            raise VerifyException(
                f"kernel.yield types {_types_text(yielded)} do not match kernel outputs {_types_text(outputs)}"
            )

    @classmethod
    def parse(cls, parser: Parser) -> KernelOp:
        sym_name = parser.parse_symbol_name()
        args = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_argument)
        outputs = _parse_output_types(parser)
        properties: dict[str, Attribute] = {
            "sym_name": sym_name,
            "function_type": FunctionType.from_lists([a.type for a in args], outputs),
            "kind": StringAttr(parser.parse_identifier("expected a kernel kind")),
        }
        parser.parse_keyword("numel")
        properties["numel"] = parse_dim(parser)
        parser.parse_keyword("rnumel")
        properties["rnumel"] = parse_dim(parser)
        if parser.parse_optional_keyword("ynumel") is not None:
            properties["ynumel"] = parse_dim(parser)
        if parser.parse_optional_keyword("reverse_programs") is not None:
            properties["reverse_programs"] = UnitAttr()
        if at_config_group(parser):
            properties.update(parse_config_group(parser))
        attributes = parser.parse_optional_attr_dict_with_keyword()
        body = parser.parse_region(args)
        return cls.create(
            properties=properties,
            attributes=attributes.data if attributes is not None else {},
            regions=[body],
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        printer.print_string("(")
        printer.print_list(self.body.block.args, lambda a: _print_typed_argument(printer, a))
        printer.print_string(")")
        if self.function_type.outputs.data:
            printer.print_string(" -> (")
            printer.print_list(self.function_type.outputs.data, printer.print_attribute)
            printer.print_string(")")
        printer.print_string(f" {self.kind.data} numel ")
        print_dim(printer, self.numel)
        printer.print_string(" rnumel ")
        print_dim(printer, self.rnumel)
        if self.ynumel is not None:
            printer.print_string(" ynumel ")
            print_dim(printer, self.ynumel)
        if self.reverse_programs is not None:
            printer.print_string(" reverse_programs")
        if self._config_attrs() or self.configs is not None:
            print_config_group(printer, self._config_attrs(), self.configs)
        printer.print_op_attributes(self.attributes, print_keyword=True)
        printer.print_string(" ")
        printer.print_region(self.body, print_entry_block_args=False, print_empty_block=False)


def _divides(divisor: DimLike, dividend: DimLike) -> bool:
    """Whether `dividend / divisor` is a whole number (static), or a polynomial in the size symbols."""
    if isinstance(divisor, IntAttr) and isinstance(dividend, IntAttr):
        return dividend.data % divisor.data == 0
    import sympy

    from irc.dialects.sym import as_expr

    quotient = sympy.cancel(as_expr(dim_value(dividend)) / as_expr(dim_value(divisor)))
    return sympy.fraction(sympy.together(quotient))[1] == 1


def _parse_output_types(parser: Parser) -> list[Attribute]:
    if parser.parse_optional_punctuation("->") is None:
        return []
    types = parser.parse_optional_comma_separated_list(parser.Delimiter.PAREN, parser.parse_type)
    return types if types is not None else [parser.parse_type()]


def _print_typed_argument(printer: Printer, arg: SSAValue) -> None:
    printer.print_ssa_value(arg)
    printer.print_string(": ")
    printer.print_attribute(arg.type)


@irdl_op_definition
class YieldOp(AbstractYieldOperation[Attribute]):
    """Ends a `kernel.kernel` body, yielding the buffers the kernel writes (or, without operands, a region of a
    `kernel.choice`)."""

    name = "kernel.yield"

    traits = lazy_traits_def(lambda: (IsTerminator(), HasParent(KernelOp, ChoiceOp), Pure()))


# ---------------------------------------------------------------------------
# Host program ops
# ---------------------------------------------------------------------------


@irdl_op_definition
class AllocOp(IRDLOperation):
    """`%b = kernel.alloc : !loop.buffer<...>`: new memory; `device "cpu"` where it differs from the inputs'."""

    name = "kernel.alloc"

    device = opt_prop_def(StringAttr)
    result = result_def(BufferType)

    assembly_format = "(`device` $device^)? attr-dict `:` type($result)"
    traits = traits_def(MemoryAllocEffect())

    def __init__(self, buffer_type: BufferType, device: str | None = None):
        properties = {} if device is None else {"device": StringAttr(device)}
        super().__init__(properties=properties, result_types=[buffer_type])

    def verify_(self) -> None:
        if self.device is None:
            return
        match = _DEVICE.fullmatch(self.device.data)
        if match is None or match.group("type") not in DEVICES:
            raise VerifyException(
                f"unknown device '{self.device.data}'; expected one of {', '.join(DEVICES)}, optionally with ':N'"
            )


@irdl_op_definition
class LaunchOp(IRDLOperation):
    """`kernel.launch @k(%ins) outs(%outs) : (...) -> (...)`: runs a kernel that writes its `outs` buffers."""

    name = "kernel.launch"

    callee = prop_def(SymbolRefAttr)
    ins = var_operand_def()
    outs = var_operand_def(BufferType)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    assembly_format = (
        "$callee `(` $ins `)` `outs` `(` $outs `)` attr-dict `:` `(` type($ins) `)` `->` `(` type($outs) `)`"
    )

    def __init__(self, callee: str | SymbolRefAttr, ins: Sequence[SSAValue], outs: Sequence[SSAValue]):
        callee = SymbolRefAttr(callee) if isinstance(callee, str) else callee
        super().__init__(operands=[ins, outs], properties={"callee": callee})

    def verify_(self) -> None:
        for t in self.ins.types:
            if not _is_buffer_or_scalar(t):
                raise VerifyException(f"kernel.launch inputs must be buffers or scalars, got {t}")
        kernel = self.lookup_kernel()
        if kernel is not None:
            self.verify_against(kernel)

    def lookup_kernel(self) -> KernelOp | None:
        """The launched kernel; None when the op is not (yet) inside a symbol table."""
        try:
            found = SymbolTable.lookup_symbol(self, self.callee)
        except ValueError:
            return None
        callee = self.callee.string_value()
        if found is None:
            raise VerifyException(f"unknown kernel @{callee}")
        if found.name == "triton.func":
            return None  # the kernel after convert-kernel-to-triton; the target checks the arguments
        if not isinstance(found, KernelOp):
            raise VerifyException(f"@{callee} is a {found.name}, not a kernel.kernel")
        return found

    def verify_against(self, kernel: KernelOp) -> None:
        callee = self.callee.string_value()
        for what, passed, expected in (
            ("inputs", self.ins.types, kernel.function_type.inputs.data),
            ("outputs", self.outs.types, kernel.function_type.outputs.data),
        ):
            if tuple(passed) != tuple(expected):
                raise VerifyException(
                    f"kernel.launch of @{callee} passes {what} {_types_text(passed)} "
                    f"but the kernel takes {_types_text(expected)}"
                )


@irdl_op_definition
class ExternOp(IRDLOperation):
    """`%r = kernel.extern "aten::mm.default"(%a, %b) {args = [...], kwargs = {...}} : (...) -> (...)`.

    A call into PyTorch eager at run time. Non-tensor arguments are builtin attributes in `args`/`kwargs`;
    tensor arguments appear there as `#kernel.operand<N>` (N counts `ins` then `outs`).
    """

    name = "kernel.extern"

    overload = prop_def(StringAttr)
    args = prop_def(ArrayAttr, default_value=ArrayAttr([]))
    kwargs = prop_def(DictionaryAttr, default_value=DictionaryAttr({}))
    ins = var_operand_def()
    outs = var_operand_def(BufferType)
    res = var_result_def()

    irdl_options = (AttrSizedOperandSegments(as_property=True), ParsePropInAttrDict())
    assembly_format = (
        "$overload `(` $ins `)` (`outs` `(` $outs^ `:` type($outs) `)`)? attr-dict"
        " `:` `(` type($ins) `)` `->` `(` type($res) `)`"
    )

    def __init__(
        self,
        overload: str,
        ins: Sequence[SSAValue],
        result_types: Sequence[Attribute],
        args: Sequence[Attribute] = (),
        kwargs: Mapping[str, Attribute] | None = None,
        outs: Sequence[SSAValue] = (),
    ):
        properties = {
            "overload": StringAttr(overload),
            "args": ArrayAttr(args),
            "kwargs": DictionaryAttr(dict(kwargs or {})),
        }
        super().__init__(operands=[ins, outs], result_types=[result_types], properties=properties)

    def verify_(self) -> None:
        verify_call(self.name, self.overload.data, self.args, self.kwargs)
        for what, types in (("operands", self.operand_types), ("results", self.result_types)):
            for t in types:
                if not _is_buffer_or_scalar(t):
                    raise VerifyException(f"kernel.extern {what} must be buffers or scalars, got {t}")
        count = len(self.operands)
        for ref in operand_refs(self.args) + operand_refs(self.kwargs):
            if ref.index.data >= count:
                raise VerifyException(f"extern argument {ref} refers past the {count} operands")


def verify_unused_after(op: Operation, value: SSAValue, what: str) -> None:
    """A freed or reused buffer is dead: no op after `op` in its block may use it."""
    block = op.parent_block()
    for use in value.uses if block is not None else ():
        user = block.find_ancestor_op_in_block(use.operation)
        if user is not None and user is not op and op.is_before_in_block(user):
            raise VerifyException(f"{what} is used after {op.name} by {use.operation.name}")


@irdl_op_definition
class FreeOp(IRDLOperation):
    """`kernel.free %b : !loop.buffer<...>`: the buffer's memory is no longer needed."""

    name = "kernel.free"

    buffer = operand_def(BufferType)

    assembly_format = "$buffer attr-dict `:` type($buffer)"
    traits = traits_def(MemoryFreeEffect())

    def __init__(self, buffer: SSAValue):
        super().__init__(operands=[buffer])

    def verify_(self) -> None:
        verify_unused_after(self, self.buffer, "freed buffer")


@irdl_op_definition
class ReuseOp(IRDLOperation):
    """`%new = kernel.reuse %old : T to U`: the memory of a dead buffer serves a new one of the same byte size."""

    name = "kernel.reuse"

    source = operand_def(BufferType)
    result = result_def(BufferType)

    assembly_format = "$source attr-dict `:` type($source) `to` type($result)"

    def __init__(self, source: SSAValue, result_type: BufferType):
        super().__init__(operands=[source], result_types=[result_type])

    def verify_(self) -> None:
        verify_unused_after(self, self.source, "reused buffer")
        old, new = self.source.type, self.result.type
        old_bytes, new_bytes = storage_bytes(old), storage_bytes(new)
        if old_bytes is not None and new_bytes is not None and old_bytes != new_bytes:
            raise VerifyException(
                f"kernel.reuse needs the same byte size: {old} spans {old_bytes} bytes but {new} spans {new_bytes}"
            )


Kernel = Dialect(
    "kernel",
    [KernelOp, YieldOp, AllocOp, LaunchOp, ExternOp, FreeOp, ReuseOp, MatmulOp, DualMatmulOp, ChoiceOp],
    [OperandRefAttr],
)
