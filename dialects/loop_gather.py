"""What loop.load and loop.store share as gather loads and scatter stores: their t values, bounds and the
`checked` flag (an index value outside [0, bound) stops the program instead of reading 0 or writing
nothing)."""

from collections.abc import Sequence

from xdsl.dialects.builtin import IndexType, UnitAttr
from xdsl.ir import SSAValue
from xdsl.utils.exceptions import VerifyException

from irc.dialects.loop_scalar import require
from irc.dialects.types import DimLike, IndexAttr, dims_attr, element_type_name, verify_dims

INDEX_RESULT_TYPES = ("index", "i64", "i32")


def gather_properties(
    index: IndexAttr, indirect: Sequence[SSAValue], bounds: Sequence[DimLike], checked: bool
) -> dict:
    properties = {"index": index} | ({"bounds": dims_attr(bounds)} if indirect else {})
    return properties | ({"checked": UnitAttr()} if checked else {})


def verify_gather(op: "LoadOp | StoreOp", what: str) -> None:
    """As many bounds as t values, each value an integer; `checked` only with t values."""
    unchecked_or_gathered = op.checked is None or bool(op.indirect)
    require(op, unchecked_or_gathered, "checked needs gather or scatter values", op.buffer.type)
    if op.bounds is None and not op.indirect:
        return
    bounds = op.bounds.data if op.bounds is not None else ()
    if len(bounds) != len(op.indirect):
        raise VerifyException(f"{op.name} has {len(op.indirect)} {what} values but {len(bounds)} bounds")
    if op.bounds is not None:
        verify_dims(op.bounds, f"{op.name} bounds")
    for k, value in enumerate(op.indirect):
        ok = isinstance(value.type, IndexType) or element_type_name(value.type) in INDEX_RESULT_TYPES
        require(op, ok, f"{what} value t{k} must be one of {', '.join(INDEX_RESULT_TYPES)}", value.type)
