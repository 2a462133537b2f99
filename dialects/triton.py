"""The triton dialect: a mirror of triton.language, one op per `tl.*` call, so each op prints as one line.

Kernels are `triton.func` ops (pointer and scalar parameters, then constexprs); loops use scf.for. This file
holds the kernel structure, arange, the shape ops and the memory ops; the types live in triton_types.py,
the compute ops (elementwise, where, cast, constant, reduce) in triton_compute.py and their tables in
triton_ops_table.py. Everything is re-exported here: `from irc.dialects.triton import LoadOp, BlockType`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from xdsl.dialects.builtin import (
    I32,
    I64,
    ArrayAttr,
    DictionaryAttr,
    FunctionType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    StringAttr,
    SymbolNameConstraint,
)
from xdsl.ir import Attribute, Block, BlockArgument, Dialect, Operation, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    base,
    irdl_op_definition,
    lazy_traits_def,
    operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
)
from xdsl.irdl.declarative_assembly_format import (
    AttributeVariable,
    CustomDirective,
    ParsingState,
    PrintingState,
    irdl_custom_directive,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import (
    HasParent,
    IsolatedFromAbove,
    IsTerminator,
    Pure,
    SymbolOpInterface,
)
from xdsl.utils.exceptions import VerifyException

from irc.dialects.triton_compute import (  # noqa: F401  (re-exported)
    ELEMENTWISE_OP_CLASSES,
    BinaryElementwiseOp,
    CastOp,
    ConstantOp,
    DotOp,
    ReduceOp,
    ScanOp,
    UnaryElementwiseOp,
    WhereOp,
    reduced_dims,
)
from irc.dialects.triton_descriptor import (  # noqa: F401  (re-exported)
    DESCRIPTOR_OPS,
    DESCRIPTOR_TYPES,
    DescriptorLoadOp,
    MakeTensorDescriptorOp,
    TensorDescType,
    TransOp,
)
from irc.dialects.python_names import global_name_error
from irc.dialects.triton_memory import AddPtrOp, AtomicAddOp, AtomicMaxOp, AtomicMinOp, LoadOp, StoreOp
from irc.dialects.triton_memory import ASSERT_MESSAGES, DeviceAssertOp, assert_launch_options  # noqa: F401
from irc.dialects.triton_ops_table import ELEMENTWISE_OPS, REDUCE_KINDS, ReduceRow, TritonRow  # noqa: F401
from irc.dialects.triton_random import RandomOp  # noqa: F401  (re-exported)
from irc.dialects.triton_types import (  # noqa: F401  (re-exported)
    ONE,
    BlockType,
    Dims,
    EvictionPolicy,
    EvictionPolicyAttr,
    PointerType,
    ProgramAxis,
    ProgramAxisAttr,
    ReduceKind,
    ReduceKindAttr,
    broadcast_dims,
    broadcast_types,
    dims_text,
    element_of,
    is_identifier,
    is_scalar,
    shape_of,
    verify_broadcasts_to,
    verify_element,
    verify_pointer_operand,
    verify_result_type,
    with_shape,
)
from irc.dialects.types import (
    DimAttr,
    IndexAttr,
    dim_attr,
    element_type_name,
    is_integer,
    parse_dim,
    print_dim,
    verify_dims,
)

# the generated elementwise op classes by name: AddOp, ExpOp, LogicalAndOp, ...
globals().update({cls.__name__: cls for cls in ELEMENTWISE_OP_CLASSES.values()})

# ---------------------------------------------------------------------------
# Kernel structure: func, return, program_id
# ---------------------------------------------------------------------------

_LAUNCH_PROPERTIES = ("launch", "num_warps", "num_stages", "grid")
# discardable attributes of a triton.func, set by convert-kernel-to-triton for the wrapper printer:
# the value of each size / numel parameter at launch (a dictionary of #loop.index), and the autotune
# candidates (an array of dictionaries of launch options)
ARG_VALUES = "arg_values"
AUTOTUNE = "autotune"
# an array of #loop.index on a triton.func that indexes in int32 under symbolic sizes (the host function's
# aten.INDEX_BITS): its extents, each checked <= 2**31 - 1 by the host program before any launch
INDEX_LIMITS = "index_limits"
# a unit attribute of an scf.for in a triton.func: printed `tl.range(..., flatten=True)` (a persistent
# template's tile loop, whose K loop Triton then pipelines across tiles)
FLATTEN = "triton.flatten"


@irdl_op_definition
class FuncOp(IRDLOperation):
    """A `@triton.jit` kernel: pointer and scalar parameters, then tl.constexpr parameters.

    `arg_names` are the Python parameter names (printed as the block argument names), `constexprs` the
    names of the constexpr parameters appended after them. Optional launch settings: `launch` (constexpr
    values), `num_warps`, `num_stages` and `grid` (1 to 3 index expressions over size symbols).
    """

    name = "triton.func"
    sym_name = prop_def(SymbolNameConstraint())
    function_type = prop_def(FunctionType)
    arg_names = prop_def(ArrayAttr[StringAttr])
    constexprs = prop_def(ArrayAttr[StringAttr])
    launch = opt_prop_def(DictionaryAttr)
    num_warps = opt_prop_def(IntegerAttr[I64])
    num_stages = opt_prop_def(IntegerAttr[I64])
    grid = opt_prop_def(ArrayAttr[IndexAttr])
    body = region_def("single_block")
    traits = traits_def(IsolatedFromAbove(), SymbolOpInterface())

    def __init__(
        self,
        name: str,
        args: Sequence[tuple[str, Attribute]],
        constexprs: Sequence[str] = (),
        body: Region | None = None,
        launch: dict[str, int] | None = None,
        num_warps: int | None = None,
        num_stages: int | None = None,
        grid: Sequence[IndexAttr | str | int] | None = None,
    ):
        types = [t for _, t in args]
        if body is None:
            body = Region(Block(arg_types=types))
        properties: dict[str, Attribute | None] = {
            "sym_name": StringAttr(name),
            "function_type": FunctionType.from_lists(types, []),
            "arg_names": ArrayAttr([StringAttr(n) for n, _ in args]),
            "constexprs": ArrayAttr([StringAttr(n) for n in constexprs]),
            "launch": None if launch is None else DictionaryAttr({k: _i64(v) for k, v in launch.items()}),
            "num_warps": None if num_warps is None else _i64(num_warps),
            "num_stages": None if num_stages is None else _i64(num_stages),
            "grid": None if grid is None else ArrayAttr([_index(g) for g in grid]),
        }
        super().__init__(properties={k: v for k, v in properties.items() if v is not None}, regions=[body])
        self._name_block_args()

    @property
    def args(self) -> tuple[BlockArgument, ...]:
        return tuple(self.body.block.args)

    def parameter_names(self) -> list[str]:
        """The Python parameter list: the arguments, then the constexprs."""
        return [n.data for n in self.arg_names.data] + [n.data for n in self.constexprs.data]

    def _name_block_args(self) -> None:
        for arg, name in zip(self.body.block.args, self.arg_names.data):
            if is_identifier(name.data):
                arg.name_hint = name.data

    def verify_(self) -> None:
        self._verify_signature()
        self._verify_parameter_names()
        self._verify_launch()
        self._verify_body()

    def _verify_signature(self) -> None:
        inputs = self.function_type.inputs.data
        if self.function_type.outputs.data:
            raise VerifyException("triton.func must not return values")
        if len(self.arg_names.data) != len(inputs):
            raise VerifyException(
                f"arg_names has {len(self.arg_names.data)} names for {len(inputs)} arguments"
            )
        if tuple(a.type for a in self.body.block.args) != inputs:
            raise VerifyException("entry block argument types must match function_type")
        for name, t in zip(self.arg_names.data, inputs):
            if not (isinstance(t, PointerType) or is_scalar(t)):
                raise VerifyException(f"argument '{name.data}' has type {t}; expected a pointer or a scalar")

    def _verify_parameter_names(self) -> None:
        error = global_name_error(self.sym_name.data, "triton.func name")
        if error is not None:  # the name of the printed Python function
            raise VerifyException(error)
        names = self.parameter_names()
        for name in names:
            if not is_identifier(name):
                raise VerifyException(f"parameter name '{name}' is not a valid Python identifier")
        for name, count in Counter(names).items():
            if count > 1:
                raise VerifyException(f"parameter name '{name}' is used twice (arguments and constexprs)")

    def _verify_launch(self) -> None:
        constexprs = {n.data for n in self.constexprs.data}
        for key, value in (self.launch.data if self.launch is not None else {}).items():
            if key not in constexprs:
                raise VerifyException(f"launch key '{key}' is not a constexpr of @{self.sym_name.data}")
            if not isinstance(value, IntegerAttr):
                raise VerifyException(f"launch value of '{key}' must be an integer, got {value}")
        warps = self.num_warps.value.data if self.num_warps is not None else 1
        if warps < 1 or warps & (warps - 1):
            raise VerifyException(f"num_warps must be a positive power of two, got {warps}")
        if self.num_stages is not None and self.num_stages.value.data < 1:
            raise VerifyException(f"num_stages must be positive, got {self.num_stages.value.data}")
        if self.grid is not None and not 1 <= len(self.grid.data) <= 3:
            raise VerifyException(f"grid must have 1 to 3 entries, got {len(self.grid.data)}")
        for entry in self.grid.data if self.grid is not None else ():
            verify_dims(ArrayAttr([dim_attr(entry.expr.data)]), f"@{self.sym_name.data} grid")
        limits = self.attributes.get(INDEX_LIMITS)
        if limits is not None and not (
            isinstance(limits, ArrayAttr) and all(isinstance(e, IndexAttr) for e in limits.data)
        ):
            raise VerifyException(f"@{self.sym_name.data} {INDEX_LIMITS} must be an array of #loop.index, got {limits}")

    def _verify_body(self) -> None:
        last = self.body.block.last_op
        if not isinstance(last, ReturnOp):
            raise VerifyException("triton.func body must end with triton.return")
        constexprs = {n.data for n in self.constexprs.data}
        for name in _block_dim_names(self.body):
            if name not in constexprs:
                raise VerifyException(f"block dim '{name}' is not a constexpr of @{self.sym_name.data}")

    @classmethod
    def parse(cls, parser: Parser) -> FuncOp:
        name = parser.parse_symbol_name()
        args = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_argument)
        constexprs: list[str] = []
        if parser.parse_optional_keyword("constexprs"):
            constexprs = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_identifier)
        extra = parser.parse_optional_attr_dict_with_keyword()
        body = parser.parse_region(args)
        types = [a.type for a in args]
        properties: dict[str, Attribute] = {
            "sym_name": name,
            "function_type": FunctionType.from_lists(types, []),
            "arg_names": ArrayAttr([StringAttr(a.name.text[1:]) for a in args]),
            "constexprs": ArrayAttr([StringAttr(n) for n in constexprs]),
        }
        attributes = dict(extra.data) if extra else {}
        for key in _LAUNCH_PROPERTIES:
            if key in attributes:
                properties[key] = attributes.pop(key)
        return cls.create(properties=properties, attributes=attributes, regions=[body])

    def print(self, printer: Printer) -> None:
        self._name_block_args()  # the printer names block arguments after their hints, in a fresh scope
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        with printer.in_parens():
            printer.print_list(self.body.block.args, printer.print_block_argument)
        if self.constexprs.data:
            printer.print_string(" constexprs [")
            printer.print_list(self.constexprs.data, lambda n: printer.print_string(n.data))
            printer.print_string("]")
        extra = {k: self.properties[k] for k in _LAUNCH_PROPERTIES if k in self.properties}
        printer.print_op_attributes({**extra, **self.attributes}, print_keyword=True)
        printer.print_string(" ")
        printer.print_region(self.body, print_entry_block_args=False)


def _i64(value: int) -> IntegerAttr:
    return IntegerAttr(value, 64)


def _index(value: IndexAttr | str | int) -> IndexAttr:
    return value if isinstance(value, IndexAttr) else IndexAttr(value)


def _block_dim_names(region: Region) -> set[str]:
    """The constexpr names in the block types of the values defined inside a region (results, loop args)."""
    names: set[str] = set()
    for op in region.walk():
        values = list(op.results) + [arg for r in op.regions for b in r.blocks for arg in b.args]
        for value in values:
            if isinstance(value.type, BlockType):
                names |= value.type.constexpr_names()
    return names


@irdl_op_definition
class ReturnOp(IRDLOperation):
    """Ends a triton.func (a Python `return` with no value)."""

    name = "triton.return"
    assembly_format = "attr-dict"
    traits = lazy_traits_def(lambda: (IsTerminator(), HasParent(FuncOp), Pure()))


class GridAxisOp(IRDLOperation):
    """An i32 of the launch grid along one axis (`x`, `y` or `z`)."""

    axis = prop_def(ProgramAxisAttr)
    result = result_def(I32)
    assembly_format = "$axis attr-dict `:` type($result)"
    traits = traits_def(Pure())

    def __init__(self, axis: str | ProgramAxis = "x"):
        super().__init__(
            properties={"axis": ProgramAxisAttr(ProgramAxis(axis))}, result_types=[IntegerType(32)]
        )

    @property
    def axis_index(self) -> int:
        return "xyz".index(self.axis.data.value)


@irdl_op_definition
class ProgramIdOp(GridAxisOp):
    """`tl.program_id(axis)`: the index of this program along a launch grid axis."""

    name = "triton.program_id"


@irdl_op_definition
class NumProgramsOp(GridAxisOp):
    """`tl.num_programs(axis)`: the number of programs along a launch grid axis."""

    name = "triton.num_programs"


# ---------------------------------------------------------------------------
# arange and shape ops
# ---------------------------------------------------------------------------


@irdl_custom_directive
class Dim(CustomDirective):
    """An integer or a constexpr name, printed bare (`0`, `XBLOCK`)."""

    PLAIN_DIRECTIVE = True  # parses from its text, prints from the op's fields (irc/xdsl_print.py)

    dim: AttributeVariable

    def parse(self, parser: Parser, state: ParsingState) -> None:
        self.dim.set(state, parse_dim(parser))

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        print_dim(printer, self.dim.get(op))


@irdl_op_definition
class ConstexprOp(IRDLOperation):
    """The value of a tl.constexpr parameter of the enclosing kernel (`XBLOCK` in `pid * XBLOCK`)."""

    name = "triton.constexpr"
    constexpr = prop_def(StringAttr)
    result = result_def()
    custom_directives = (Dim,)
    assembly_format = "custom<Dim>($constexpr) attr-dict `:` type($result)"
    traits = traits_def(Pure())

    def __init__(self, constexpr: str, result_type: Attribute = IntegerType(32)):
        super().__init__(properties={"constexpr": StringAttr(constexpr)}, result_types=[result_type])

    def verify_(self) -> None:
        if not is_integer(self.result.type):
            raise VerifyException(
                f"triton.constexpr result must be an integer scalar, got {self.result.type}"
            )
        if not is_identifier(self.constexpr.data):
            raise VerifyException(f"triton.constexpr name {self.constexpr.data!r} is not a Python identifier")
        func = self.parent_op()
        while func is not None and not isinstance(func, FuncOp):
            func = func.parent_op()
        if func is not None and self.constexpr.data not in {n.data for n in func.constexprs.data}:
            raise VerifyException(
                f"triton.constexpr '{self.constexpr.data}' is not a constexpr of @{func.sym_name.data}"
            )


@irdl_op_definition
class ArangeOp(IRDLOperation):
    """`tl.arange(start, end)`: a 1-D block of i32 counting from start (inclusive) to end (exclusive)."""

    name = "triton.arange"
    start = prop_def(base(IntAttr) | base(StringAttr))
    end = prop_def(base(IntAttr) | base(StringAttr))
    result = result_def(BlockType)
    custom_directives = (Dim,)
    assembly_format = "custom<Dim>($start) `,` custom<Dim>($end) attr-dict `:` type($result)"
    traits = traits_def(Pure())

    def __init__(self, start: int | str, end: int | str, result_type: BlockType | None = None):
        if result_type is None:
            length = end - start if isinstance(end, int) and isinstance(start, int) else end
            result_type = BlockType([length], IntegerType(32))
        super().__init__(
            properties={"start": dim_attr(start), "end": dim_attr(end)}, result_types=[result_type]
        )

    def verify_(self) -> None:
        for bound in (self.start, self.end):
            if isinstance(bound, StringAttr) and not is_identifier(bound.data):
                raise VerifyException(
                    f"triton.arange bound '{bound.data}' must be an integer or a constexpr name"
                )
        t = self.result.type
        if t.rank != 1 or element_type_name(t.element_type) != "i32":
            raise VerifyException(f"triton.arange result must be a 1-D block of i32, got {t}")
        expected = self._expected_length()
        if expected is not None and t.dims[0] != expected:
            raise VerifyException(
                f"triton.arange result length must be {expected.data}, got {t.dims[0].data}"
            )

    def _expected_length(self) -> DimAttr | None:
        if isinstance(self.start, IntAttr) and isinstance(self.end, IntAttr):
            return IntAttr(self.end.data - self.start.data)
        if self.start == IntAttr(0):
            return self.end
        return None


class ShapeOp(IRDLOperation):
    """Base of the ops that take one value and produce a reshaped or broadcast block of the same elements."""

    src = operand_def()
    result = result_def(BlockType)
    assembly_format = "$src attr-dict `:` type($src) `->` type($result)"
    traits = traits_def(Pure())

    def __init__(
        self,
        src: SSAValue | Operation,
        result_type: Attribute,
        properties: dict[str, Attribute] | None = None,
    ):
        super().__init__(operands=[src], result_types=[result_type], properties=properties or {})

    def verify_block_source(self) -> BlockType:
        src = self.src.type
        if not isinstance(src, BlockType):
            raise VerifyException(f"{self.name} source must be a block, got {src}")
        verify_element(f"{self.name} result", self.result.type.element_type, src.element_type)
        return src


@irdl_op_definition
class SplatOp(ShapeOp):
    """`tl.full(shape, scalar)` / implicit splat: a block with every element equal to a scalar or pointer."""

    name = "triton.splat"

    def verify_(self) -> None:
        src = self.src.type
        if not (is_scalar(src) or isinstance(src, PointerType)):
            raise VerifyException(f"triton.splat source must be a scalar or a pointer, got {src}")
        verify_element("triton.splat result", self.result.type.element_type, src)


@irdl_op_definition
class BroadcastOp(ShapeOp):
    """`tl.broadcast_to(x, shape)`: dims of size 1 are repeated; the other dims stay."""

    name = "triton.broadcast"

    def verify_(self) -> None:
        src = self.verify_block_source()
        result = self.result.type
        if src.rank != result.rank:
            raise VerifyException(f"triton.broadcast needs equal ranks, got {src} and {result}")
        for a, b in zip(src.dims, result.dims):
            if a != b and a != ONE:
                raise VerifyException(
                    f"triton.broadcast cannot turn dim {a.data} into {b.data} (only 1 broadcasts)"
                )


@irdl_op_definition
class ExpandDimsOp(ShapeOp):
    """`tl.expand_dims(x, axis)` (`x[:, None]`): inserts a dim of size 1 before `axis`."""

    name = "triton.expand_dims"
    axis = prop_def(IntegerAttr[I64])
    assembly_format = "$src `axis` $axis attr-dict `:` type($src) `->` type($result)"

    def __init__(self, src: SSAValue | Operation, axis: int):
        t = SSAValue.get(src).type
        dims = list(shape_of(t))
        dims.insert(axis, ONE)
        super().__init__(src, BlockType(dims, element_of(t)), {"axis": IntegerAttr(axis, 64)})

    def verify_(self) -> None:
        src = self.verify_block_source()
        axis = self.axis.value.data
        if not 0 <= axis <= src.rank:
            raise VerifyException(f"triton.expand_dims axis {axis} is out of range for rank {src.rank}")
        dims = list(src.dims)
        dims.insert(axis, ONE)
        verify_result_type(self.name, self.result.type, BlockType(dims, src.element_type))


def _factors(dims: Dims) -> tuple[int, Counter[str]]:
    """The number of elements as (product of the integer dims, multiset of the named dims)."""
    return math.prod(d.data for d in dims if isinstance(d, IntAttr)), Counter(
        d.data for d in dims if isinstance(d, StringAttr)
    )


@irdl_op_definition
class ReshapeOp(ShapeOp):
    """`tl.reshape(x, shape)`: the same elements in row-major order under another shape."""

    name = "triton.reshape"

    def verify_(self) -> None:
        src = self.verify_block_source()
        if _factors(src.dims) != _factors(self.result.type.dims):
            raise VerifyException(
                f"triton.reshape from {dims_text(src.dims)} to {dims_text(self.result.type.dims)} "
                "changes the number of elements"
            )


# ---------------------------------------------------------------------------
# The dialect
# ---------------------------------------------------------------------------

Triton = Dialect(
    "triton",
    [
        FuncOp,
        ReturnOp,
        ProgramIdOp,
        NumProgramsOp,
        ConstexprOp,
        ArangeOp,
        SplatOp,
        BroadcastOp,
        ExpandDimsOp,
        ReshapeOp,
        AddPtrOp,
        LoadOp,
        StoreOp,
        AtomicAddOp,
        AtomicMaxOp,
        AtomicMinOp,
        DeviceAssertOp,
        *ELEMENTWISE_OP_CLASSES.values(),
        WhereOp,
        CastOp,
        ConstantOp,
        ReduceOp,
        ScanOp,
        DotOp,
        RandomOp,
        *DESCRIPTOR_OPS,
    ],
    [PointerType, BlockType, ProgramAxisAttr, ReduceKindAttr, EvictionPolicyAttr, *DESCRIPTOR_TYPES],
)
