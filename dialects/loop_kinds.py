"""The kinds of the loop dialect's reductions and scans: what their bodies yield and what they produce."""

from collections.abc import Callable
from dataclasses import dataclass

from xdsl.dialects.builtin import IntAttr
from xdsl.ir import Attribute

from irc.dialects.types import dim_text, element_type, element_type_name, is_bool, is_float, is_integer


# What a reduction body may yield: rule name -> (predicate, description)
YIELD_RULES: dict[str, tuple[Callable[[Attribute], bool], str]] = {
    "any": (lambda t: element_type_name(t) is not None, "a supported element type"),
    "bool": (is_bool, "i1"),
    "float": (is_float, "a float"),
    "integer": (is_integer, "an integer (not i1)"),
}


@dataclass(frozen=True)
class ReductionKind:
    """How a reduction kind types its body's yield and its results."""

    results: tuple[str, ...]
    """The names of the result buffers, in order."""
    yields: str
    """What the body yields: a key of YIELD_RULES."""
    result_type: str | None
    """The results' element type name, or None for the yield's type."""

    def accepts(self, t: Attribute) -> bool:
        return YIELD_RULES[self.yields][0](t)

    def result_element_type(self, yield_type: Attribute) -> Attribute:
        return yield_type if self.result_type is None else element_type(self.result_type)


REDUCTION_KINDS: dict[str, ReductionKind] = {
    "sum": ReductionKind(("sum",), "any", None),
    "prod": ReductionKind(("prod",), "any", None),
    "max": ReductionKind(("max",), "any", None),
    "min": ReductionKind(("min",), "any", None),
    # the flattened index over the reduce dims of the first extreme value
    "argmax": ReductionKind(("index",), "any", "i64"),
    "argmin": ReductionKind(("index",), "any", "i64"),
    "any": ReductionKind(("any",), "bool", "i1"),
    "all": ReductionKind(("all",), "bool", "i1"),
    "welford": ReductionKind(("mean", "m2", "count"), "float", None),
    "xor_sum": ReductionKind(("xor_sum",), "integer", None),
}

# the row ops of a persistent kernel sorting its row (NaN largest, equal values in index order: a stable sort)
SORT_KINDS = ("sort", "sort_descending", "argsort", "argsort_descending")
# the longest row a sort holds: Inductor sorts rows up to 512 (one persistent block, a bitonic network) in
# Triton and leaves longer ones to ATen
SORT_MAX = 512

# kind -> what the body must yield (a predicate on the element type, and its description)
SCAN_KINDS: dict[str, tuple] = {
    "sum": (lambda t: True, "a supported element type"),
    "prod": (lambda t: True, "a supported element type"),
    "logsumexp": (is_float, "a float"),
    "max": (lambda t: not is_bool(t), "a number"),  # NaN propagates, as torch.cummax's values
    "min": (lambda t: not is_bool(t), "a number"),
    # the row sorted (sort) or the positions in the row of its sorted values (argsort, i64)
    **{kind: (lambda t: not is_bool(t), "a number") for kind in SORT_KINDS},
}
SCAN_RESULTS = {"argsort": "i64", "argsort_descending": "i64"}


def scan_problem(kind: str, yielded: Attribute, result: Attribute, length: Attribute) -> str | None:
    """What is wrong with a loop.scan of `kind` yielding `yielded` into `result` elements over rows of
    `length` (the last range), if anything."""
    accepts, expected = SCAN_KINDS[kind]
    if not accepts(yielded):
        return f"loop.scan {kind} body must yield {expected}, got {yielded}"
    want = element_type(SCAN_RESULTS[kind]) if kind in SCAN_RESULTS else yielded
    if result != want:
        return f"loop.scan {kind} of {yielded} gives {want} elements, but its result has element type {result}"
    if kind in SORT_KINDS and not (isinstance(length, IntAttr) and length.data <= SORT_MAX):
        return f"loop.scan {kind} sorts rows of a static length up to {SORT_MAX}, got {dim_text(length)}"
    return None

# How a store combines its value with the element it writes (atomically: several points may reach one
# element), and what it asks of the element type. Floats that take part in max and min hold no NaN (a lowering
# keeps NaN out of them: Triton's float atomics order bit patterns, so a NaN's sign decides what it does).
STORE_COMBINES: dict[str, tuple[Callable[[Attribute], bool], str]] = {
    "add": (lambda t: not is_bool(t), "a number"),
    "max": (lambda t: element_type_name(t) in ("i32", "i64", "f32", "f64"), "i32, i64, f32 or f64"),
    "min": (lambda t: element_type_name(t) in ("i32", "i64", "f32", "f64"), "i32, i64, f32 or f64"),
}
