"""`kernel.size`: the i64 value of a symbolic size expression in a host program.

    %n = kernel.size "FloorDiv(s0 - 1, 2) + 1" : i64

A SymInt that the graph computes (a size it returns to the backward graph, a `sym_size` query) is an
expression over the size symbols; the host program binds every symbol from its inputs' shapes, strides or
SymInt arguments, so the value needs no operands. The text is an index expression (dialects/sym_parse.py)
over size symbols only.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ArrayAttr, StringAttr, i64
from xdsl.irdl import IRDLOperation, irdl_op_definition, prop_def, result_def, traits_def
from xdsl.traits import Pure

from irc.dialects.types import DimLike, expr_text, verify_dims


@irdl_op_definition
class SizeOp(IRDLOperation):
    name = "kernel.size"

    size = prop_def(StringAttr)
    result = result_def(i64)

    assembly_format = "$size attr-dict `:` type($result)"
    traits = traits_def(Pure())

    def __init__(self, size: DimLike):
        super().__init__(properties={"size": StringAttr(expr_text(size))}, result_types=[i64])

    def verify_(self) -> None:
        verify_dims(ArrayAttr([self.size]), "kernel.size")

    def value(self):
        """The sympy expression."""
        from irc.dialects.types import parse_sym

        return parse_sym(self.size.data)
