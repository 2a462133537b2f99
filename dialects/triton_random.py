"""`triton.random`: Triton's counter-based random numbers (`tl.rand`, `tl.randn`, a randint4x helper for
randint; the rows of dialects/random_kinds.py), a block of the offset's shape.

    %r = triton.random "rand" %seed, %offset : (i64, !triton.block<[8], i32>) -> !triton.block<[8], f32>
    %k = triton.random "randint" %seed, %offset {low = 0 : i64, high = 10 : i64} : (...) -> ...<[8], i64>
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerAttr, StringAttr
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

from irc.dialects.random_kinds import (
    RANDOM_KINDS,
    bounds_of,
    bounds_problem,
    generated_type,
    is_seed_type,
    kind_properties,
)
from irc.dialects.triton_types import broadcast_types, dims_text, element_of, with_shape
from irc.dialects.types import element_type_name


@irdl_op_definition
class RandomOp(IRDLOperation):
    """The kind's values at `offset` (a block of integers) for `seed` (an i64 scalar or block)."""

    name = "triton.random"
    kind = prop_def(StringAttr)
    low = opt_prop_def(IntegerAttr)
    high = opt_prop_def(IntegerAttr)
    seed = operand_def()
    offset = operand_def()
    result = result_def()
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$kind $seed `,` $offset attr-dict `:` functional-type(operands, results)"
    traits = traits_def(Pure())

    def __init__(
        self, kind: str, seed: SSAValue, offset: SSAValue, low: int | None = None, high: int | None = None
    ):
        properties = kind_properties(kind, low, high)
        shape = broadcast_types([SSAValue.get(seed).type, SSAValue.get(offset).type])
        result_type = with_shape(shape, generated_type(kind))
        super().__init__(operands=[seed, offset], result_types=[result_type], properties=properties)

    def bounds(self) -> tuple[int | None, int | None]:
        return bounds_of(self.low, self.high)

    def text(self, seed: str, offset: str) -> str:
        """The Triton expression (its helper, if any, is the kind's row's)."""
        low, high = self.bounds()
        size = None if low is None else high - low
        return RANDOM_KINDS[self.kind.data].template.format(seed=seed, offset=offset, low=low, size=size)

    def verify_(self) -> None:
        problem = bounds_problem(self.kind.data, *self.bounds())
        if problem is not None:
            raise VerifyException(problem)
        if not is_seed_type(element_of(self.seed.type)):
            raise VerifyException(f"triton.random seed must be i64, got {self.seed.type}")
        if element_type_name(element_of(self.offset.type)) not in ("i32", "i64"):
            raise VerifyException(f"triton.random offset must hold i32 or i64, got {self.offset.type}")
        shape = broadcast_types([self.seed.type, self.offset.type])
        expected = with_shape(shape, generated_type(self.kind.data))
        if self.result.type != expected:
            raise VerifyException(
                f"triton.random {self.kind.data} result must be {expected} (shape {dims_text(shape)}), "
                f"got {self.result.type}"
            )
