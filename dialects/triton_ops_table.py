"""The triton dialect's op tables: elementwise ops and reduction kinds, each row one op.

A row says how the op prints as Triton Python (a `str.format` template over operand names, so the printer
emits `tmp2 = <template>`), how many operands it takes and which element types it accepts and produces.
The elementwise rows are the Triton columns of dialects/elementwise.py (one row per op for every level);
reduction kinds are one row here. `triton_compute.py` makes the op classes.

Templates prefer `tl.*` and plain operators, which also run under TRITON_INTERPRET=1; the rows spelled with
`libdevice.*` compile on GPUs only (Triton's interpreter has no libdevice): a CPU run needs a shim for them.
Float `%` is C's fmod in Triton; integer `//` and `%` truncate, so floordiv and mod spell Python's semantics.
"""

from collections.abc import Callable
from dataclasses import dataclass

from xdsl.ir import Attribute

from irc.dialects.elementwise import ELEMENTWISE
from irc.dialects.triton_sort import SORT_HELPER
from irc.dialects.types import element_type_name, is_bool, is_float, is_integer


def _is_numeric(t: Attribute) -> bool:
    return is_float(t) or is_integer(t)


def _is_math_float(t: Attribute) -> bool:
    """tl.exp, tl.log, libdevice.* and friends accept only fp32 and fp64."""
    return element_type_name(t) in ("f32", "f64")


def _is_int_or_bool(t: Attribute) -> bool:
    return is_integer(t) or is_bool(t)


def _is_scalar(t: Attribute) -> bool:
    return element_type_name(t) is not None


# operand class -> (predicate on an element type, how a verifier message names the class)
OPERAND_CLASSES: dict[str, tuple[Callable[[Attribute], bool], str]] = {
    "numeric": (_is_numeric, "an integer or float type (not i1)"),
    "float": (is_float, "a float type"),
    "math": (_is_math_float, "f32 or f64"),
    "integer": (is_integer, "an integer type (not i1)"),
    "int_or_bool": (_is_int_or_bool, "an integer type or i1"),
    "bool": (is_bool, "i1"),
    "any": (_is_scalar, "a scalar element type"),
    "sortable": (_is_numeric, "an integer or float type (not i1)"),
}

# result rules: "same" = the operands' element type, "i1" = a predicate, "index" = i32 or i64 (argmax)
RESULT_RULES = ("same", "i1", "index")


@dataclass(frozen=True)
class TritonRow:
    """One triton elementwise op: Triton spelling, operand count, accepted operand class, result rule."""

    template: str
    arity: int
    operands: str = "numeric"
    result: str = "same"
    helper: str = ""

    def __post_init__(self):
        assert self.operands in OPERAND_CLASSES and self.result in RESULT_RULES
        assert self.template.format(*[f"a{k}" for k in range(self.arity)])


ELEMENTWISE_OPS: dict[str, TritonRow] = {
    name: TritonRow(row.triton, row.arity, row.triton_operands, row.triton_result, row.triton_helper)
    for name, row in ELEMENTWISE.items()
    if row.triton is not None
}


@dataclass(frozen=True)
class ReduceRow:
    """One reduction kind: Triton spelling over `{0}`, `{axis}`, `{keep_dims}`, operand class, result rule.

    `helper` is the source of a `@triton.jit` combine function the emitted module must define, if any.
    `numpy` names the numpy ufunc whose `reduce` (`accumulate` for a scan) Triton's interpreter may run
    instead of calling the combine function element by element: the helper's, or tl.standard's
    `standard_combine`.
    """

    template: str
    operands: str = "numeric"
    result: str = "same"
    helper: str = ""
    numpy: str = ""
    standard_combine: str = ""


_PROD_HELPER = """@triton.jit
def _prod_combine(a, b):
    return a * b
"""

_MAXIMUM_HELPER = """@triton.jit
def _maximum_combine(a, b):
    return tl.maximum(a, b, propagate_nan=tl.PropagateNan.ALL)
"""

_MINIMUM_HELPER = """@triton.jit
def _minimum_combine(a, b):
    return tl.minimum(a, b, propagate_nan=tl.PropagateNan.ALL)
"""

REDUCE_KINDS: dict[str, ReduceRow] = {
    "sum": ReduceRow("tl.sum({0}, {axis}, keep_dims={keep_dims})"),
    "prod": ReduceRow("tl.reduce({0}, {axis}, _prod_combine, keep_dims={keep_dims})", helper=_PROD_HELPER,
                      numpy="multiply"),
    "max": ReduceRow("tl.max({0}, {axis}, keep_dims={keep_dims})"),
    "min": ReduceRow("tl.min({0}, {axis}, keep_dims={keep_dims})"),
    "argmax": ReduceRow("tl.argmax({0}, {axis}, keep_dims={keep_dims})", result="index"),
    "argmin": ReduceRow("tl.argmin({0}, {axis}, keep_dims={keep_dims})", result="index"),
    "any": ReduceRow("tl.reduce_or({0}, {axis}, keep_dims={keep_dims})", "bool", numpy="bitwise_or",
                     standard_combine="_or_combine"),
    "xor_sum": ReduceRow("tl.xor_sum({0}, {axis}, keep_dims={keep_dims})", "integer", numpy="bitwise_xor",
                         standard_combine="_xor_combine"),
    # NaN-propagating max/min (torch's amax/amin), like the elementwise maximum/minimum rows
    "maximum": ReduceRow("tl.reduce({0}, {axis}, _maximum_combine, keep_dims={keep_dims})",
                         helper=_MAXIMUM_HELPER, numpy="maximum"),
    "minimum": ReduceRow("tl.reduce({0}, {axis}, _minimum_combine, keep_dims={keep_dims})",
                         helper=_MINIMUM_HELPER, numpy="minimum"),
}

# log(exp(a) + exp(b)) as ATen's logcumsumexp combines: NaN propagates, two equal infinities stay themselves
_LOGADDEXP_HELPER = """@triton.jit
def _logaddexp_combine(a, b):
    hi = tl.where(a > b, a, b)
    lo = tl.where(a > b, b, a)
    same_inf = (lo == hi) & ((lo == float("inf")) | (lo == float("-inf")))
    combined = tl.where(same_inf, lo, hi + tl.log(1.0 + tl.exp(lo - hi)))
    return tl.where((a != a) | (b != b), a + b, combined)
"""

# scans along an axis (tl.cumsum, ...): the same rows as reductions, {0} and {axis} their operands
SCAN_KINDS: dict[str, ReduceRow] = {
    "sum": ReduceRow("tl.cumsum({0}, {axis})"),
    "prod": ReduceRow("tl.cumprod({0}, {axis})"),
    "logsumexp": ReduceRow("tl.associative_scan({0}, {axis}, _logaddexp_combine)", "float",
                           helper=_LOGADDEXP_HELPER, numpy="logaddexp"),
    "max": ReduceRow("tl.associative_scan({0}, {axis}, _maximum_combine)", helper=_MAXIMUM_HELPER,
                     numpy="maximum"),
    "min": ReduceRow("tl.associative_scan({0}, {axis}, _minimum_combine)", helper=_MINIMUM_HELPER,
                     numpy="minimum"),
    # rows sorted along the last axis (axis 1 of [XBLOCK, RBLOCK]), {1} the number of real lanes (`length`)
    **{
        f"{name}{suffix}": ReduceRow(f"_sort_rows({{0}}, {{1}}, {descending})[{part}]", "sortable", result,
                                     helper=SORT_HELPER)
        for name, part, result in (("sort", 0, "same"), ("argsort", 1, "index"))
        for suffix, descending in (("", False), ("_descending", True))
    },  # fmt: skip
}


def accepts(operand_class: str, element_type: Attribute) -> bool:
    return OPERAND_CLASSES[operand_class][0](element_type)


def describe(operand_class: str) -> str:
    return OPERAND_CLASSES[operand_class][1]


def result_element_ok(rule: str, operand_element: Attribute, result_element: Attribute) -> bool:
    """Whether `result_element` is what `rule` makes of operands of type `operand_element`."""
    if rule == "same":
        return result_element == operand_element
    if rule == "i1":
        return is_bool(result_element)
    return element_type_name(result_element) in ("i32", "i64")


def expected_result_text(rule: str, operand_element: Attribute) -> str:
    return {"same": str(operand_element), "i1": "i1", "index": "i32 or i64"}[rule]
