"""`loop.random`: one counter-based random number of a body (dialects/random_kinds.py) from a seed and an
offset.

    %s = loop.load %seeds[#loop.index<"1">] : !loop.buffer<[2], i64, strides [1]>
    %o = loop.index #loop.index<"5*i0 + i1"> : i64
    %r = loop.random "rand" %s, %o : i64 -> f32
    %k = loop.random "randint" %s, %o {low = 0 : i64, high = 10 : i64} : i64 -> i64

The offset is the element's linear index in the random op's result, so the value depends on the element only,
wherever a pass moves the computation; the result has the kind's generated type (f32 or i64).
"""

from __future__ import annotations

from xdsl.dialects.builtin import IndexType, IntegerAttr, StringAttr, i64
from xdsl.ir import SSAValue
from xdsl.irdl import (
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from irc.dialects.random_kinds import bounds_of, bounds_problem, generated_type, kind_properties
from irc.dialects.types import element_type_name


@irdl_op_definition
class RandomOp(IRDLOperation):
    """The kind's value at `offset` for `seed` (an i64); see the module docstring."""

    name = "loop.random"
    kind = prop_def(StringAttr)
    low = opt_prop_def(IntegerAttr)
    high = opt_prop_def(IntegerAttr)
    seed = operand_def(i64)
    offset = operand_def()
    result = result_def()
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$kind $seed `,` $offset attr-dict `:` type($offset) `->` type($result)"
    traits = traits_def(Pure())

    def __init__(
        self, kind: str, seed: SSAValue, offset: SSAValue, low: int | None = None, high: int | None = None
    ):
        properties = kind_properties(kind, low, high)
        super().__init__(operands=[seed, offset], result_types=[generated_type(kind)], properties=properties)

    def bounds(self) -> tuple[int | None, int | None]:
        return bounds_of(self.low, self.high)

    def verify_(self) -> None:
        problem = bounds_problem(self.kind.data, *self.bounds())
        if problem is not None:
            raise VerifyException(problem)
        offset = self.offset.type
        if not (isinstance(offset, IndexType) or element_type_name(offset) in ("i32", "i64")):
            raise VerifyException(f"loop.random offset must be an i32, i64 or index, got {offset}")
        expected = generated_type(self.kind.data)
        if self.result.type != expected:
            kind, got = self.kind.data, self.result.type
            raise VerifyException(f"loop.random {kind} result must be {expected}, got {got}")
