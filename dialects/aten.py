"""The aten dialect: value-semantic tensors, one op per op of PyTorch's core ATen opset.

Tensors are `!aten.tensor<[sizes], elt>`; Python scalars (ATen `Scalar`, SymInt, SymFloat) are SSA values of
builtin type f64, i64 or i1. The op families live in helper modules and are re-exported here:

- aten_elementwise: unary and binary tables (UNARY_OPS, BINARY_OPS), where, clamp, convert;
- aten_reductions: the reduction table (REDUCTION_OPS), max_dim, min_dim;
- aten_views: view, permute, transpose, expand, squeeze, unsqueeze, slice, select, as_strided, clone, alias;
- this file: creation ops (full, arange, empty) and the fallback op for everything else;
- aten_random: random numbers (aten.random, reading a seed of a per-call seeds tensor);
- aten_shapes: the shape rules (broadcast_shapes, reduced_shape, normalize_dim) that passes reuse.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseArrayBase,
    DictionaryAttr,
    FloatAttr,
    IntegerAttr,
    StringAttr,
    UnitAttr,
    f64,
    i1,
    i64,
)
from xdsl.ir import Attribute, Dialect, SSAValue, TypeAttribute
from xdsl.irdl import (
    EqAttrConstraint,
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_attr_definition,
    irdl_op_definition,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from irc.dialects.aten_elementwise import (
    BINARY_OPS,
    UNARY_OPS,
    AtenRow,
    BinaryElementwiseOp,
    ClampOp,
    ConvertOp,
    TableEntry,
    TensorOrScalar,
    UnaryElementwiseOp,
    WhereOp,
)
from irc.dialects.aten_arguments import argument_problem
from irc.dialects.aten_format import NUMBER, Number, number_attr, number_value
from irc.dialects.aten_reductions import REDUCTION_OPS, MaxDimOp, MinDimOp, ReductionOp, ReductionRow
from irc.dialects.aten_random import RandomOp
from irc.dialects.aten_shapes import broadcast_shapes, normalize_dim, reduced_shape, shape_of
from irc.dialects.aten_views import (
    AliasOp,
    AsStridedOp,
    CloneOp,
    ExpandOp,
    PermuteOp,
    SelectOp,
    SliceOp,
    SqueezeOp,
    TransposeOp,
    UnsqueezeOp,
    ViewOp,
)
from irc.dialects.operand_ref import OperandRef, verify_call
from irc.dialects.types import TensorType, is_float

Scalar = EqAttrConstraint(f64) | EqAttrConstraint(i64) | EqAttrConstraint(i1)

# ---------------------------------------------------------------------------
# Creation
# ---------------------------------------------------------------------------


@irdl_op_definition
class FullOp(IRDLOperation):
    """`aten.full 1.5 : () -> T` or `aten.full %s : (f64) -> T`: the result type filled with one value.

    Also zeros, ones and scalar_tensor (a 0-d result). The value is a number property, or a scalar operand
    for a value known only at run time.
    """

    name = "aten.full"
    value = opt_prop_def(NUMBER)
    fill = opt_operand_def(Scalar)
    result = result_def(TensorType)
    assembly_format = "(custom<Number>($value)^)? ($fill^)? attr-dict `:` functional-type($fill, $result)"
    custom_directives = (Number,)
    traits = traits_def(Pure())

    def __init__(self, result_type: Attribute, value: int | float | bool | SSAValue):
        if isinstance(value, SSAValue):
            super().__init__(operands=[value], result_types=[result_type])
        else:
            properties = {"value": number_attr(value)}
            super().__init__(operands=[None], result_types=[result_type], properties=properties)

    def verify_(self) -> None:
        if (self.value is None) == (self.fill is None):
            raise VerifyException("full needs exactly one of a value and a fill operand")
        element = self.result.type.element_type
        if isinstance(self.value, FloatAttr) and not is_float(element):
            value = number_value(self.value)
            if not float(value).is_integer():
                raise VerifyException(f"fill value {value} does not fit element type {element}")


@irdl_op_definition
class ArangeOp(IRDLOperation):
    """`aten.arange start = 0 step = 2 : !aten.tensor<[5], i64>`: start + i * step, as long as the result."""

    name = "aten.arange"
    start = prop_def(NUMBER)
    step = prop_def(NUMBER)
    result = result_def(TensorType)
    assembly_format = (
        "`start` `=` custom<Number>($start) `step` `=` custom<Number>($step) attr-dict `:` type($result)"
    )
    custom_directives = (Number,)
    traits = traits_def(Pure())

    def __init__(self, result_type: Attribute, start: int | float = 0, step: int | float = 1):
        properties = {"start": number_attr(start), "step": number_attr(step)}
        super().__init__(result_types=[result_type], properties=properties)

    def verify_(self) -> None:
        if self.result.type.rank != 1:
            raise VerifyException(f"arange result must be 1-d, got rank {self.result.type.rank}")
        if number_value(self.step) == 0:
            raise VerifyException("arange step must be nonzero")


@irdl_op_definition
class EmptyOp(IRDLOperation):
    """`aten.empty : T`: a tensor of the result type with unspecified contents."""

    name = "aten.empty"
    result = result_def(TensorType)
    assembly_format = "attr-dict `:` type($result)"
    traits = traits_def(Pure())

    def __init__(self, result_type: Attribute):
        super().__init__(result_types=[result_type])


# ---------------------------------------------------------------------------
# Fallback
# ---------------------------------------------------------------------------

# Discardable attribute (a dense i64 array) on a function or an op with ATen results that are None rather
# than values (e.g. the grad of an absent bias): their positions, which the results skip. Set by the FX
# import, kept on kernel.extern, read by the memory plan and the wrapper printer.
NONE_RESULTS = "irc.none_results"
# Discardable attribute (a dense i64 array) on an imported function: the positions of its arguments that are
# 0-d CPU tensors passed as scalars (next to device tensors); the wrapper passes their value.
SCALAR_TENSOR_ARGS = "irc.scalar_tensor_args"
# Discardable attribute (a dense i64 array) on an imported function: arguments the call overwrites (an input
# mutation aot_autograd keeps in the graph: a batch norm's running statistics, a cache written in place). The
# function's last results, one per entry, are the new values; the wrapper copies them into those arguments
# after every launch and returns the results before them. Read by `written_args`.
WRITTEN_ARGS = "irc.written_args"
# Discardable attribute (a string) on an imported function without tensor inputs whose tensors live on a
# device other than the CPU: that device's type ("cuda"); the wrapper allocates there.
DEVICE = "irc.device"
# Discardable attribute (a dictionary of strings) on an imported function: size symbols defined by other
# sizes, `{s53008 = "FloorDiv(FloorDiv(s53 - 1, 8) + 1, 2)"}` (a guarded multiple that is an expression,
# fx_divisible.py); the host evaluates each once the symbols in it are bound. Read by `size_definitions`.
SIZE_DEFINITIONS = "irc.size_definitions"
# Discardable attribute (a dictionary of integers) on an imported function with size symbols: the values they
# had when the graph was traced (Dynamo's hints), `{s0 = 20 : i64}`. The code is right for every size; hints
# only pick block sizes for the sizes seen (kernel-tile, as Inductor's size_hint). Read by `size_hints`.
SIZE_HINTS = "irc.size_hints"
# Discardable attribute (an array of strings) on an imported function: the get_attr targets of its trailing
# arguments, lifted constants the backend passes on every call.
CONSTANTS = "irc.constants"
# Unit attribute in the argument attributes of an imported function (`%w: !aten.tensor<...> {irc.static}`): a
# tensor at a fixed address across calls (a parameter, a buffer, a lifted constant). Kept down to the host
# function of the kernel level; the wrapper reads its alignment once and compares its address per call.
STATIC_ARG = "irc.static"
# Unit attribute in the argument attributes of an imported function (`%a: !aten.tensor<...> {irc.owned}`): a
# tensor whose last reference the call holds (a backward's saved activation: aot_autograd passes them in a
# list the call clears), so the memory is freed when the host drops its name. The memory plan counts those
# bytes when it moves launches that free them earlier; it never reuses them (the heuristic may be wrong).
OWNED_ARG = "irc.owned"
# Unit attribute in the argument attributes of an imported function (`%a: !aten.tensor<...> {irc.donated}`): an
# owned tensor that aot_autograd donates (irc/fx_key.py mark_donated_inputs), alone in its storage: once the
# call has read it for the last time, its memory may hold a buffer of the call (Inductor's DonatedBuffer).
DONATED_ARG = "irc.donated"
# Unit attribute on an imported function that aot_autograd compiles for inference: only the caller reads its
# results (no backward graph was traced against their strides), so passes may give them other layouts.
INFERENCE = "irc.inference"
# Integer attribute on an imported function of symbolic sizes (`irc.index_bits = 32`): every tensor of the graph
# spans fewer than 2**31 elements at the traced sizes (irc/fx_index_width.py), so its kernels may index in
# int32 under the host program's check of their extents. Absent: kernels of symbolic sizes index in int64.
INDEX_BITS = "irc.index_bits"
# Unit attribute in the result attributes of a training forward function (`-> (!aten.tensor<...>
# {irc.saved})`): an activation only the backward graph reads. Its layout is the compiler's choice; the
# emitted module lists the strides it chose (OUTPUT_STRIDES) and aot_autograd lays the backward graph's inputs
# out so.
SAVED_RESULT = "irc.saved"


def saved_results(function) -> set[int]:
    """The positions of a function's results marked SAVED_RESULT."""
    attrs = function.res_attrs.data if function.res_attrs is not None else ()
    return {k for k, attr in enumerate(attrs) if SAVED_RESULT in attr.data}


def static_args(function) -> set[int]:
    """The positions of a function's arguments marked STATIC_ARG."""
    return marked_args(function, STATIC_ARG)


def owned_args(function) -> set[int]:
    """The positions of a function's arguments marked OWNED_ARG."""
    return marked_args(function, OWNED_ARG)


def donated_args(function) -> set[int]:
    """The positions of a function's arguments marked DONATED_ARG."""
    return marked_args(function, DONATED_ARG)


def marked_args(function, mark: str) -> set[int]:
    attrs = function.arg_attrs.data if function.arg_attrs is not None else ()
    return {k for k, attr in enumerate(attrs) if mark in attr.data}


@irdl_attr_definition
class OperandRefAttr(OperandRef):
    """`#aten.operand<N>`: in a fallback's args or kwargs, the tensor passed as the op's operand N."""

    name = "aten.operand"


ARGUMENT_KINDS = "a number, string, unit (None), list, type (dtype) or #aten.operand<N>"


def collect_operand_refs(arg: Attribute, refs: set[int]) -> None:
    """Adds the operand indices `arg` refers to; raises on attributes that cannot encode an argument."""
    if isinstance(arg, OperandRefAttr):
        refs.add(arg.index.data)
    elif isinstance(arg, ArrayAttr):
        for item in arg.data:
            collect_operand_refs(item, refs)
    elif not isinstance(arg, IntegerAttr | FloatAttr | StringAttr | UnitAttr | TypeAttribute):
        raise VerifyException(f"unsupported fallback argument {arg}; expected {ARGUMENT_KINDS}")


@irdl_op_definition
class FallbackOp(IRDLOperation):
    """`aten.fallback "aten::mm.default"(%a, %b) {args = [#aten.operand<0>, #aten.operand<1>]} : (...) -> ...`

    An ATen op irc does not lower, run eagerly through PyTorch. `args` and `kwargs` hold the arguments as
    builtin attributes (None is a unit attribute, a dtype its type); tensors refer to operands by index.
    """

    name = "aten.fallback"
    overload = prop_def(StringAttr)
    args = prop_def(ArrayAttr, default_value=ArrayAttr([]))
    kwargs = prop_def(DictionaryAttr, default_value=DictionaryAttr({}))
    inputs = var_operand_def(TensorOrScalar)
    outputs = var_result_def(TensorOrScalar)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$overload `(` $inputs `)` attr-dict `:` functional-type($inputs, $outputs)"

    def __init__(
        self,
        overload: str,
        inputs: Sequence[SSAValue],
        result_types: Sequence[Attribute],
        args: Sequence[Attribute] = (),
        kwargs: Mapping[str, Attribute] | None = None,
    ):
        properties = {
            "overload": StringAttr(overload),
            "args": ArrayAttr(list(args)),
            "kwargs": DictionaryAttr(dict(kwargs or {})),
        }
        super().__init__(operands=[list(inputs)], result_types=[list(result_types)], properties=properties)

    def verify_(self) -> None:
        verify_call(self.name, self.overload.data, self.args, self.kwargs)
        refs: set[int] = set()
        for arg in [*self.args.data, *self.kwargs.data.values()]:
            collect_operand_refs(arg, refs)
        count = len(self.inputs)
        for index in sorted(refs):
            if index >= count:
                raise VerifyException(f"#aten.operand<{index}> refers past the {count} operands")
        for index in range(count):
            if index not in refs:
                raise VerifyException(f"operand {index} is not referenced by args or kwargs")
        head = self.args.data[0] if self.args.data else None
        first = self.inputs[head.index.data].type if isinstance(head, OperandRefAttr) else None
        problem = argument_problem(self.overload.data, self.args.data, first)
        if problem is not None:
            raise VerifyException(f"{self.overload.data}: {problem}")


# ---------------------------------------------------------------------------
# The dialect
# ---------------------------------------------------------------------------


GENERATED_OPS = {
    entry.op.__name__: entry.op
    for table in (UNARY_OPS, BINARY_OPS, REDUCTION_OPS)
    for entry in table.values()
}
globals().update(GENERATED_OPS)  # aten.AddOp, aten.SumOp, ... like the hand-written classes

ATEN_OPS: list[type[IRDLOperation]] = [
    *(entry.op for entry in UNARY_OPS.values()),
    *(entry.op for entry in BINARY_OPS.values()),
    WhereOp,
    ClampOp,
    ConvertOp,
    FullOp,
    ArangeOp,
    EmptyOp,
    RandomOp,
    *(entry.op for entry in REDUCTION_OPS.values()),
    MaxDimOp,
    MinDimOp,
    ViewOp,
    PermuteOp,
    TransposeOp,
    ExpandOp,
    SqueezeOp,
    UnsqueezeOp,
    SliceOp,
    SelectOp,
    AsStridedOp,
    CloneOp,
    AliasOp,
    FallbackOp,
]

Aten = Dialect("aten", ATEN_OPS, [TensorType, OperandRefAttr])

__all__ = [
    "Aten",
    "ATEN_OPS",
    "UNARY_OPS",
    "BINARY_OPS",
    "REDUCTION_OPS",
    "AtenRow",
    "ReductionRow",
    "TableEntry",
    "UnaryElementwiseOp",
    "BinaryElementwiseOp",
    "ReductionOp",
    "OperandRefAttr",
    "TensorType",
    "broadcast_shapes",
    "reduced_shape",
    "normalize_dim",
    "shape_of",
    *(op.__name__ for op in ATEN_OPS),
]


def size_definitions(function) -> dict:
    """{size symbol name: its sympy definition} of a function's SIZE_DEFINITIONS (parsed by grammar, never
    evaluated); a VerifyException naming the attribute where an entry is not a symbol and an expression."""
    from irc.dialects.types import parse_sym

    found = {}
    for name, text in dictionary_attribute(function, SIZE_DEFINITIONS, StringAttr, "strings").items():
        symbol = parse_sym(name)
        if not symbol.is_Symbol:
            raise VerifyException(f"{SIZE_DEFINITIONS}: '{name}' is not a size symbol")
        found[name] = parse_sym(text.data)
    return found


def written_args(function) -> list[int]:
    """The argument positions of a function's WRITTEN_ARGS, one per trailing result; a VerifyException naming
    the attribute where it is not a dense i64 array of distinct arguments that fit the function's results."""
    attr = function.attributes.get(WRITTEN_ARGS)
    if attr is None:
        return []
    if not isinstance(attr, DenseArrayBase):
        raise VerifyException(f"{WRITTEN_ARGS} must be a dense i64 array")
    positions = [int(p) for p in attr.get_values()]
    n_args, n_results = len(function.function_type.inputs.data), len(function.function_type.outputs.data)
    if len(set(positions)) != len(positions) or any(not 0 <= p < n_args for p in positions):
        raise VerifyException(f"{WRITTEN_ARGS} must name distinct arguments of the function")
    if len(positions) > n_results:
        raise VerifyException(
            f"{WRITTEN_ARGS} names {len(positions)} arguments, the function has {n_results} results")
    return positions


def size_hints(function) -> dict[str, int]:
    """{size symbol name: its traced value} of a function's SIZE_HINTS; a VerifyException naming the attribute
    where it is not a dictionary of integers."""
    entries = dictionary_attribute(function, SIZE_HINTS, IntegerAttr, "integers")
    return {name: v.value.data for name, v in entries.items()}


def dictionary_attribute(function, name: str, entry_type: type, entries_are: str) -> dict:
    """The entries of a function's dictionary attribute `name` (none where it is absent); a VerifyException
    naming it where it is not a dictionary of `entry_type`."""
    attr = function.attributes.get(name)
    if attr is None:
        return {}
    entries = getattr(attr, "data", None) if isinstance(attr, DictionaryAttr) else None
    if entries is None or not all(isinstance(v, entry_type) for v in entries.values()):
        raise VerifyException(f"{name} must be a dictionary of {entries_are}")
    return dict(entries)
