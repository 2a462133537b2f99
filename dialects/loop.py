"""The loop dialect: buffers computed over iteration spaces (Inductor's Pointwise/Reduction/LoopBody).

A `loop.pointwise` or `loop.reduction` owns a single-block body that computes one element. Its index variables
have no SSA values: they are named by position (`i0, i1, ...` over `ranges`, `r0, r1, ...` over a reduction's
`reduce` dims) and appear inside `#loop.index<"...">` expressions, which address buffers by element offset.

    %b = loop.reduction sum ranges [3] reduce [9] {
      %a = loop.load %x[#loop.index<"9*i0 + r0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
      loop.yield %a : f32
    } : !loop.buffer<[3], f32, strides [1]>

A `loop.scan` is a pointwise whose values are then scanned (cumulative sum, product, log-sum-exp, max, min) along the
last dim of its ranges (Inductor's Scan): at (i0, i1) it holds the sum of the body's values at (i0, 0) ...
(i0, i1). It reads the whole scanned dim before it writes, so it is never inlined into a consumer and runs as
a kernel of its own (a persistent reduction over the scanned dim: `tl.cumsum`, `tl.associative_scan`).

Scalar math in bodies uses xDSL's `arith` and `math`; this dialect adds only the scalar ops they lack.
"""

from collections.abc import Sequence
from functools import lru_cache

from xdsl.dialects.builtin import ArrayAttr, IndexType, IntAttr, StringAttr, UnitAttr
from xdsl.ir import Attribute, Block, Dialect, Operation, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    lazy_traits_def,
    operand_def,
    opt_prop_def,
    opt_result_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.traits import (
    HasAncestor,
    HasParent,
    IsTerminator,
    MemoryReadEffect,
    MemoryWriteEffect,
    Pure,
)
from xdsl.utils.exceptions import VerifyException

from irc.dialects.loop_effects import BufferProducerEffects
from irc.dialects.loop_format import BufferElement, Combine, Dims, Keyword
from irc.dialects.loop_gather import INDEX_RESULT_TYPES, gather_properties, verify_gather
from irc.dialects.loop_kinds import REDUCTION_KINDS, SCAN_KINDS, STORE_COMBINES, YIELD_RULES  # noqa: F401
from irc.dialects.loop_kinds import SORT_KINDS, ReductionKind, scan_problem
from irc.dialects.loop_scalar import SCALAR_OP_CLASSES, SCALAR_OPS, require  # noqa: F401 (re-exported)
from irc.dialects.loop_random import RandomOp  # noqa: F401 (re-exported)
from irc.dialects.loop_checks import CHECK_OPS, InRangeOp, NonzeroOp  # noqa: F401 (re-exported)
from irc.dialects.loop_while import WHILE_OPS, ConditionOp, WhileOp  # noqa: F401 (re-exported)
from irc.dialects.types import (
    BufferType,
    DimLike,
    IndexAttr,
    dim_text,
    dim_value,
    dims_attr,
    element_type_name,
    index_scope_problem,
    same_integer_bits,
    shorten,
    verify_dims,
)

DimsAttr = ArrayAttr[IntAttr | StringAttr]


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------


def dims_text(dims: ArrayAttr) -> str:
    return "[" + ", ".join(dim_text(d) for d in dims.data) + "]"


def index_vars(op: "PointwiseOp | ReductionOp") -> list[str]:
    """The index variable names of a pointwise/reduction: `i0, i1, ...` then `r0, r1, ...`."""
    names = [f"i{k}" for k in range(len(op.ranges.data))]
    if isinstance(op, ReductionOp):
        names += [f"r{k}" for k in range(len(op.reduce.data))]
    return names


def enclosing_loop(op: Operation) -> "LoopOp | None":
    """The nearest pointwise/reduction/scan around `op`, at any depth of nesting."""
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, LoopOp):
        parent = parent.parent_op()
    return parent


def loads(op: Operation) -> list["LoadOp"]:
    """Every loop.load inside `op`'s regions, nested regions included."""
    return [o for o in op.walk() if isinstance(o, LoadOp)]


def stores(op: Operation) -> list["StoreOp"]:
    """Every loop.store inside `op`'s regions, nested regions included."""
    return [o for o in op.walk() if isinstance(o, StoreOp)]


def verify_index_scope(op: Operation, index: IndexAttr) -> None:
    """An index uses only the index variables of the enclosing pointwise/reduction (and, in a gather load,
    its t values) and size symbols, never divides by zero, and never reaches before a buffer's storage."""
    loop = enclosing_loop(op)
    if loop is None:
        return  # HasAncestor reports it
    indirect = len(op.indirect) if isinstance(op, LoadOp | StoreOp) else 0
    sizes = len(loop.ranges.data), len(loop.reduce.data) if isinstance(loop, ReductionOp) else 0
    names, defined = _names(*sizes, 0), _names(*sizes, indirect)  # index_vars(loop), then indirect_vars(op)
    key = (id(index), defined, op.name, loop.name)
    problem = _by_identity(key, (index,), lambda: index_scope_problem(index, defined, op.name, loop.name))
    if problem is not None:
        raise VerifyException(problem)
    text = index.expr.data
    buffer = getattr(op, "buffer", None)
    # only unconditional accesses: directly in the loop's body (a nested region may guard its own)
    if buffer is not None and isinstance(buffer.type, BufferType) and not indirect and op.parent_op() is loop:
        offset, dims = buffer.type.offset, (loop.ranges, getattr(loop, "reduce", None))
        key = (text, names, id(dims[0]), id(dims[1]), id(offset))
        lowest = _by_identity(key, (dims, offset), lambda: lowest_element(text, names, tuple(loop_dims(loop)),
                                                                            offset))  # fmt: skip
        if lowest is not None and lowest < 0:
            raise VerifyException(
                f"{op.name} index '{shorten(text)}' reaches element {lowest}, before the start of the buffer"
            )


_BY_IDENTITY: dict[tuple, tuple] = {}


def _by_identity(key: tuple, keep: tuple, compute):
    """compute() memoized by the ids of the attributes in `keep`, which large modules share."""
    known = _BY_IDENTITY.get(key)
    if known is None:
        known = (keep, compute())
        if len(_BY_IDENTITY) < 1 << 15:
            _BY_IDENTITY[key] = known
    return known[1]


@lru_cache(maxsize=1 << 10)
def _names(ranges: int, reduce: int, indirect: int) -> tuple[str, ...]:
    """index_vars of a loop of that many ranges and reduce dims, then indirect_vars of that many t values."""
    return tuple(f"i{k}" for k in range(ranges)) + tuple(f"r{k}" for k in range(reduce)) + tuple(
        f"t{k}" for k in range(indirect)
    )


@lru_cache(maxsize=1 << 14)
def lowest_element(text: str, names: tuple, dims: tuple, offset) -> int | None:
    """offset + the lowest value of an index over the loop's dims (`names` their variables), if a number."""
    from irc.dialects.sym import index_bounds, symbol

    sizes = {symbol(n): dim_value(d) for n, d in zip(names, dims)}
    bounds = index_bounds(IndexAttr(text).value(), sizes)
    start = dim_value(offset)
    if bounds is None or not isinstance(start, int) or not bounds[0].is_Integer:
        return None
    return int(bounds[0]) + start


def loop_dims(loop: "PointwiseOp | ReductionOp") -> list:
    """The ranges, then a reduction's reduce dims: the sizes of index_vars(loop), in order."""
    return list(loop.ranges.data) + (list(loop.reduce.data) if isinstance(loop, ReductionOp) else [])


def indirect_vars(op: Operation) -> list[str]:
    """`t0, t1, ...`: the data-dependent index values of a gather load or scatter store, named by position."""
    return [f"t{k}" for k in range(len(op.indirect))] if isinstance(op, LoadOp | StoreOp) else []


def verify_element(op: Operation, what: str, t: Attribute, buffer: BufferType) -> None:
    """A loaded or stored value must have the buffer's element type."""
    element = buffer.element_type
    if t != element:
        raise VerifyException(f"{op.name} {what} has type {t} but the buffer's element type is {element}")


def _body_region(body: Region | Sequence[Operation]) -> Region:
    return body if isinstance(body, Region) else Region(Block(body))


def _index(index: IndexAttr | DimLike) -> IndexAttr:
    return index if isinstance(index, IndexAttr) else IndexAttr(index)

# ---------------------------------------------------------------------------
# Body ops: loads, stores, index values, yield
# ---------------------------------------------------------------------------


@irdl_op_definition
class LoadOp(IRDLOperation):
    """Reads one element: `%v = loop.load %x[#loop.index<"9*i0 + r0">] : !loop.buffer<...>`.

    The index is the element offset from the buffer's data pointer, i.e. sum(index_d * stride_d).

    A gather (data-dependent) load names integer values of its body as `t0, t1, ...` in its index, each with
    the size it indexes: `loop.load %x[#loop.index<"5000*i0 + t0">] gather(%t : i64) bounds [5000] : ...`.
    An index value outside [0, bound) reads 0, or with `checked` stops the program with "index out of range"
    (as eager raises). Dependence analysis sees a gather load as reading any element along the gathered dims.
    """

    name = "loop.load"
    buffer = operand_def(BufferType)
    indirect = var_operand_def()
    index = prop_def(IndexAttr)
    bounds = opt_prop_def(DimsAttr)
    checked = opt_prop_def(UnitAttr)
    result = result_def()
    traits = lazy_traits_def(lambda: (HasAncestor(PointwiseOp, ReductionOp, ScanOp), MemoryReadEffect()))
    custom_directives = (BufferElement, Dims)
    assembly_format = (
        "$buffer `[` qualified($index) `]` (`gather` `(` $indirect^ `:` type($indirect) `)` "
        "`bounds` custom<Dims>($bounds))? (`checked` $checked^)? attr-dict "
        "`:` custom<BufferElement>(type($buffer), type($result))"
    )

    def __init__(
        self,
        buffer: SSAValue | Operation,
        index: IndexAttr | DimLike,
        indirect: Sequence[SSAValue] = (),
        bounds: Sequence[DimLike] = (),
        checked: bool = False,
    ):
        buffer_type = SSAValue.get(buffer).type
        assert isinstance(buffer_type, BufferType), f"loop.load needs a buffer, got {buffer_type}"
        properties = gather_properties(_index(index), indirect, bounds, checked)
        super().__init__(
            operands=[buffer, list(indirect)], properties=properties, result_types=[buffer_type.element_type]
        )

    def bound_values(self) -> list:
        return [dim_value(d) for d in self.bounds.data] if self.bounds is not None else []

    def verify_(self) -> None:
        verify_element(self, "result", self.result.type, self.buffer.type)
        verify_index_scope(self, self.index)
        verify_gather(self, "gather")


@irdl_op_definition
class StoreOp(IRDLOperation):
    """Writes one element: `loop.store %v, %out[#loop.index<"i0">] : !loop.buffer<...>`.

    A scatter store names integer values as `t0, t1, ...` in its index, as a gather load does:
    `loop.store %v, %out[#loop.index<"10*i0 + t0">] scatter(%k : i64) bounds [10] add : ...`; an index value
    outside [0, bound) writes nothing, or with `checked` stops the program with "index out of range". With a
    combine keyword (STORE_COMBINES: `add`, `max`, `min`) the element becomes that of itself and the value,
    atomically (several points may reach one element); without one, one of their values is written, in no
    particular order.
    """

    name = "loop.store"
    value = operand_def()
    buffer = operand_def(BufferType)
    indirect = var_operand_def()
    index = prop_def(IndexAttr)
    bounds = opt_prop_def(DimsAttr)
    checked = opt_prop_def(UnitAttr)
    combine = opt_prop_def(StringAttr)
    traits = lazy_traits_def(lambda: (HasAncestor(PointwiseOp, ReductionOp, ScanOp), MemoryWriteEffect()))
    custom_directives = (BufferElement, Dims, Combine)
    assembly_format = (
        "$value `,` $buffer `[` qualified($index) `]` (`scatter` `(` $indirect^ `:` type($indirect) `)` "
        "`bounds` custom<Dims>($bounds))? (`checked` $checked^)? (custom<Combine>($combine)^)? attr-dict "
        "`:` custom<BufferElement>(type($buffer), type($value))"
    )

    def __init__(
        self,
        value: SSAValue | Operation,
        buffer: SSAValue | Operation,
        index: IndexAttr | DimLike,
        indirect: Sequence[SSAValue] = (),
        bounds: Sequence[DimLike] = (),
        combine: str | None = None,
        checked: bool = False,
    ):
        properties = gather_properties(_index(index), indirect, bounds, checked)
        if combine is not None:
            properties["combine"] = StringAttr(combine)
        super().__init__(operands=[value, buffer, list(indirect)], properties=properties)

    def bound_values(self) -> list:
        return [dim_value(d) for d in self.bounds.data] if self.bounds is not None else []

    def verify_(self) -> None:
        verify_element(self, "value", self.value.type, self.buffer.type)
        verify_index_scope(self, self.index)
        verify_gather(self, "scatter")
        if self.combine is not None:
            kind = self.combine.data
            if kind not in STORE_COMBINES:
                raise VerifyException(f"unknown store combine '{kind}'; expected one of {', '.join(STORE_COMBINES)}")
            accepts, expected = STORE_COMBINES[kind]
            require(self, accepts(self.value.type), f"{kind} needs {expected}", self.value.type)




@irdl_op_definition
class IndexOp(IRDLOperation):
    """An index expression as a scalar value: `%i = loop.index #loop.index<"i0 + 1"> : i64`."""

    name = "loop.index"
    index = prop_def(IndexAttr)
    result = result_def()
    traits = lazy_traits_def(lambda: (HasAncestor(PointwiseOp, ReductionOp, ScanOp), Pure()))
    assembly_format = "qualified($index) attr-dict `:` type($result)"

    def __init__(self, index: IndexAttr | DimLike, result_type: Attribute):
        super().__init__(properties={"index": _index(index)}, result_types=[result_type])

    def verify_(self) -> None:
        t = self.result.type
        ok = isinstance(t, IndexType) or element_type_name(t) in INDEX_RESULT_TYPES
        require(self, ok, f"result must be one of {', '.join(INDEX_RESULT_TYPES)}", t)
        verify_index_scope(self, self.index)


@irdl_op_definition
class YieldOp(IRDLOperation):
    """Ends a pointwise/reduction body (or a loop.while step) with its values: `loop.yield %v : f32`."""

    name = "loop.yield"
    values = var_operand_def()
    traits = lazy_traits_def(
        lambda: (IsTerminator(), HasParent(PointwiseOp, ReductionOp, ScanOp, WhileOp), Pure())
    )
    assembly_format = "attr-dict ($values^ `:` type($values))?"

    def __init__(self, *values: SSAValue | Operation):
        super().__init__(operands=[list(values)])


# The scalar ops arith/math lack live in loop_scalar.py; re-exported here (SigmoidOp, CastOp, ...).
globals().update({cls.__name__: cls for cls in SCALAR_OP_CLASSES.values()})

# ---------------------------------------------------------------------------
# Views
# ---------------------------------------------------------------------------


@irdl_op_definition
class ReinterpretOp(IRDLOperation):
    """A view of the same storage with another layout (sizes, strides, offset); the element type stays, or an
    i64 buffer is seen as ui64 (the same bits: hash_tensor's result).

    `%v = loop.reinterpret %b : !loop.buffer<[4, 3], f32, strides [3, 1]>
                              to !loop.buffer<[3, 4], f32, strides [1, 3]>`
    """

    name = "loop.reinterpret"
    source = operand_def(BufferType)
    result = result_def(BufferType)
    traits = traits_def(Pure())
    assembly_format = "$source attr-dict `:` type($source) `to` type($result)"

    def __init__(self, source: SSAValue | Operation, result_type: BufferType):
        super().__init__(operands=[source], result_types=[result_type])

    def verify_(self) -> None:
        src, dst = self.source.type.element_type, self.result.type.element_type
        if src != dst and not same_integer_bits(src, dst):
            raise VerifyException(
                f"loop.reinterpret must keep the element type (or see an i64 as ui64), got {src} to {dst}"
            )


# ---------------------------------------------------------------------------
# Iteration spaces
# ---------------------------------------------------------------------------


class LoopOp(IRDLOperation):
    """Shared checks of pointwise and reduction: dims, a body without block arguments ending in loop.yield."""

    ranges = prop_def(DimsAttr)
    body = region_def("single_block")
    traits = traits_def(BufferProducerEffects())

    def yield_op(self) -> YieldOp:
        """The body's terminator."""
        last = self.body.block.last_op
        if not isinstance(last, YieldOp):
            raise VerifyException(f"{self.name} body must end with loop.yield")
        return last

    def verify_body(self) -> YieldOp:
        verify_dims(self.ranges, f"{self.name} ranges")
        if self.body.block.args:
            raise VerifyException(
                f"{self.name} body must have no block arguments; index variables are named "
                "i0, i1, ... (and r0, r1, ... for reduce dims)"
            )
        return self.yield_op()

    def verify_result_sizes(self) -> None:
        for k, result in enumerate(self.results):
            if result.type.shape != self.ranges:
                raise VerifyException(
                    f"{self.name} result {k} sizes {dims_text(result.type.shape)} "
                    f"do not match ranges {dims_text(self.ranges)}"
                )


@irdl_op_definition
class PointwiseOp(LoopOp):
    """One element per point of `ranges`:
    `%b = loop.pointwise ranges [3, s0] { ... loop.yield %v : f32 } : !loop.buffer<[3, s0], f32, ...>`.

    No result when the body only stores.
    """

    name = "loop.pointwise"
    result = opt_result_def(BufferType)
    custom_directives = (Dims,)
    assembly_format = "`ranges` custom<Dims>($ranges) $body attr-dict-with-keyword (`:` type($result)^)?"

    def __init__(
        self,
        ranges: Sequence[DimLike],
        body: Region | Sequence[Operation],
        result_type: BufferType | None = None,
    ):
        super().__init__(
            properties={"ranges": dims_attr(ranges)},
            regions=[_body_region(body)],
            result_types=[[] if result_type is None else [result_type]],
        )

    def verify_(self) -> None:
        yielded = self.verify_body().values
        if len(yielded) != len(self.results):
            raise VerifyException(
                f"loop.pointwise body yields {len(yielded)} values but the op has {len(self.results)} results"
            )
        self.verify_result_sizes()
        if self.result is not None and yielded[0].type != self.result.type.element_type:
            raise VerifyException(
                f"loop.pointwise yields {yielded[0].type} but its result has element type "
                f"{self.result.type.element_type}"
            )


def reduction_result_types(kind: str, ranges: Sequence[DimLike], yield_type: Attribute) -> list[BufferType]:
    """Contiguous result buffers of a reduction of `kind` whose body yields `yield_type`."""
    spec = REDUCTION_KINDS[kind]
    return [BufferType(ranges, spec.result_element_type(yield_type)) for _ in spec.results]


@irdl_op_definition
class ReductionOp(LoopOp):
    """Reduces the body's values over `reduce` for each point of `ranges`:
    `%b = loop.reduction sum ranges [3] reduce [9] { ... loop.yield %v : f32 } : !loop.buffer<[3], f32, ...>`.

    Results by kind (REDUCTION_KINDS): sum/prod/max/min the yield type, argmax/argmin i64, any/all i1,
    welford three buffers (mean, m2, count) of the yield's float type.
    """

    name = "loop.reduction"
    kind = prop_def(StringAttr)
    reduce = prop_def(DimsAttr)
    buffers = var_result_def(BufferType)
    custom_directives = (Dims, Keyword)
    assembly_format = (
        "custom<Keyword>($kind) `ranges` custom<Dims>($ranges) `reduce` custom<Dims>($reduce) $body "
        "attr-dict-with-keyword `:` type($buffers)"
    )

    def __init__(
        self,
        kind: str,
        ranges: Sequence[DimLike],
        reduce: Sequence[DimLike],
        body: Region | Sequence[Operation],
        result_types: Sequence[BufferType],
    ):
        super().__init__(
            properties={"kind": StringAttr(kind), "ranges": dims_attr(ranges), "reduce": dims_attr(reduce)},
            regions=[_body_region(body)],
            result_types=[list(result_types)],
        )

    @property
    def kind_spec(self) -> ReductionKind:
        return REDUCTION_KINDS[self.kind.data]

    def verify_(self) -> None:
        if self.kind.data not in REDUCTION_KINDS:
            raise VerifyException(
                f"unknown reduction kind '{self.kind.data}'; expected one of {', '.join(REDUCTION_KINDS)}"
            )
        verify_dims(self.reduce, "loop.reduction reduce")
        if not self.reduce.data:
            raise VerifyException("loop.reduction needs at least one reduce dim")
        yielded = self.verify_body().values
        if len(yielded) != 1:
            raise VerifyException(f"loop.reduction body must yield exactly one value, got {len(yielded)}")
        self.verify_yield_type(yielded[0].type)
        self.verify_results(yielded[0].type)

    def verify_yield_type(self, t: Attribute) -> None:
        expected = YIELD_RULES[self.kind_spec.yields][1]
        require(self, self.kind_spec.accepts(t), f"{self.kind.data} body must yield {expected}", t)

    def verify_results(self, yield_type: Attribute) -> None:
        spec = self.kind_spec
        if len(self.results) != len(spec.results):
            raise VerifyException(
                f"loop.reduction {self.kind.data} has {len(spec.results)} results "
                f"({', '.join(spec.results)}), got {len(self.results)}"
            )
        self.verify_result_sizes()
        expected = spec.result_element_type(yield_type)
        for k, result in enumerate(self.results):
            if result.type.element_type != expected:
                raise VerifyException(
                    f"loop.reduction {self.kind.data} result {k} has element type "
                    f"{result.type.element_type}, expected {expected}"
                )


@irdl_op_definition
class ScanOp(LoopOp):
    """`%b = loop.scan sum ranges [3, s0] { ... loop.yield %v : f32 } : !loop.buffer<[3, s0], f32, ...>`:
    the running `kind` of the body's values along the last dim of `ranges`, or (SORT_KINDS) that row sorted,
    or the positions of its sorted values."""

    name = "loop.scan"
    kind = prop_def(StringAttr)
    result = result_def(BufferType)
    custom_directives = (Dims, Keyword)
    assembly_format = (
        "custom<Keyword>($kind) `ranges` custom<Dims>($ranges) $body attr-dict-with-keyword `:` type($result)"
    )

    def __init__(
        self,
        kind: str,
        ranges: Sequence[DimLike],
        body: Region | Sequence[Operation],
        result_type: BufferType,
    ):
        super().__init__(
            properties={"kind": StringAttr(kind), "ranges": dims_attr(ranges)},
            regions=[_body_region(body)],
            result_types=[result_type],
        )

    def verify_(self) -> None:
        kind = self.kind.data
        if kind not in SCAN_KINDS:
            raise VerifyException(f"unknown scan kind '{kind}'; expected one of {', '.join(SCAN_KINDS)}")
        yielded = self.verify_body().values
        if not self.ranges.data:
            raise VerifyException("loop.scan needs at least one dim (it scans the last)")
        if len(yielded) != 1:
            raise VerifyException(f"loop.scan body must yield exactly one value, got {len(yielded)}")
        self.verify_result_sizes()
        problem = scan_problem(kind, yielded[0].type, self.result.type.element_type, self.ranges.data[-1])
        if problem is not None:
            raise VerifyException(problem)


def scanned_value(op: ScanOp) -> SSAValue:
    """The value the body yields at each point, before the scan."""
    return op.yield_op().values[0]


Loop = Dialect(
    "loop",
    [LoadOp, StoreOp, IndexOp, YieldOp, *SCALAR_OP_CLASSES.values(), RandomOp, ReinterpretOp, PointwiseOp,
     ReductionOp, ScanOp, *WHILE_OPS, *CHECK_OPS],
    [BufferType, IndexAttr],
)
