"""`aten.random`: a tensor of counter-based random numbers (rand, randn, randint; dialects/random_kinds.py).

    %seeds = aten.fallback "aten::randint.low"() {args = [-9223372036854775808 : i64,
               9223372036854775807 : i64, [2 : i64]], kwargs = {dtype = i64, device = "device:cpu"},
               irc.seeds} : () -> !aten.tensor<[2], i64>
    %r = aten.random "rand" %seeds {seed = 0 : i64} : (!aten.tensor<[2], i64>) -> !aten.tensor<[3, 5], f32>
    %k = aten.random "randint" %seeds {seed = 1 : i64, low = 0 : i64, high = 10 : i64} : ... -> ...<[7], i64>

`seed` picks the element of `seeds` (one per random op of the graph, as Inductor's lookup_seed); element i
of the result (row-major) is the kind's value at offset i. The result may have any float type (rand, randn)
or any numeric type (randint): values are generated as the kind's row says (f32 or i64) and converted, a rand
that rounds up to 1 becoming 0 (as ATen's CUDA uniform keeps its upper bound out).
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerAttr, StringAttr, i64
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
from xdsl.ir import SSAValue, Attribute
from xdsl.utils.exceptions import VerifyException

from irc.dialects.random_kinds import RANDOM_KINDS, bounds_of, bounds_problem, is_seed_type, kind_properties
from irc.dialects.types import TensorType, dim_value, is_bool, is_float, is_integer


@irdl_op_definition
class RandomOp(IRDLOperation):
    """Random numbers of one kind, from seed `seed` of `seeds`; see the module docstring."""

    name = "aten.random"
    kind = prop_def(StringAttr)
    seed = prop_def(IntegerAttr)
    low = opt_prop_def(IntegerAttr)
    high = opt_prop_def(IntegerAttr)
    seeds = operand_def(TensorType)
    result = result_def(TensorType)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$kind $seeds attr-dict `:` functional-type($seeds, $result)"
    traits = traits_def(Pure())

    def __init__(
        self, kind: str, seeds: SSAValue, seed: int, result_type: Attribute, low: int | None = None,
        high: int | None = None,
    ):
        properties = {**kind_properties(kind, low, high), "seed": IntegerAttr(seed, i64)}
        super().__init__(operands=[seeds], result_types=[result_type], properties=properties)

    def bounds(self) -> tuple[int | None, int | None]:
        return bounds_of(self.low, self.high)

    def verify_(self) -> None:
        kind = self.kind.data
        problem = bounds_problem(kind, *self.bounds())
        if problem is not None:
            raise VerifyException(problem)
        seeds = self.seeds.type
        if seeds.rank != 1 or not is_seed_type(seeds.element_type):
            raise VerifyException(f"aten.random seeds must be a 1-d i64 tensor, got {seeds}")
        count, seed = dim_value(seeds.shape.data[0]), self.seed.value.data
        if seed < 0 or (isinstance(count, int) and seed >= count):
            raise VerifyException(f"aten.random seed {seed} is not an index of the {count} seeds")
        element = self.result.type.element_type
        bounded = RANDOM_KINDS[kind].bounded
        numeric = is_float(element) or (bounded and is_integer(element) and not is_bool(element))
        if not numeric:
            wanted = "a float or integer" if bounded else "a float"
            raise VerifyException(f"aten.random {kind} result must have {wanted} element type, got {element}")
