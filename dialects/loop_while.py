"""`loop.while`: a loop inside one element's computation (scf.while's shape, per element).

A body that computes one element may iterate: the values `%p`, `%q` start as the operands, the condition
region says whether to go on, the do region computes the next values; the results are the values once the
condition fails. ATen's recurrences whose length is data (a polynomial's degree, a series that stops when a
term is small enough) are written so:

    %r:2 = loop.while %one, %x : f32, f32 {
    ^bb0(%p: f32, %q: f32):
      %c = arith.cmpf olt, %q, %limit : f32
      loop.condition %c
    } do {
    ^bb0(%p: f32, %q: f32):
      %next = arith.addf %p, %q : f32
      loop.yield %q, %next : f32, f32
    }

Both regions hold scalar ops only (no load, store or index): the loop is a function of its operands and of
the values of the enclosing body. Where elements are computed a block at a time (Triton), every element
runs until its own condition fails: the block loops while any element goes on, and an element whose
condition failed keeps its values.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import i1
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    region_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import HasParent, IsTerminator, Pure, RecursiveMemoryEffect, is_side_effect_free
from xdsl.utils.exceptions import VerifyException

from irc.dialects.loop_scalar import is_scalar


LOOP_OPS = ("loop.pointwise", "loop.reduction", "loop.scan")
MEMORY_OPS = ("loop.load", "loop.store", "loop.index")


@irdl_op_definition
class WhileOp(IRDLOperation):
    """Iterates its values while the condition region yields true (see the module docstring)."""

    name = "loop.while"
    inits = var_operand_def()
    res = var_result_def()
    condition = region_def("single_block")
    body = region_def("single_block")
    traits = traits_def(RecursiveMemoryEffect())

    def __init__(self, inits: Sequence[SSAValue], condition: Region, body: Region):
        types = [SSAValue.get(v).type for v in inits]
        super().__init__(operands=[list(inits)], result_types=[types], regions=[condition, body])

    @staticmethod
    def build(inits: Sequence[SSAValue]) -> tuple[WhileOp, Block, Block]:
        """A loop over `inits` with empty regions; returns it, the condition block and the body block."""
        types = [SSAValue.get(v).type for v in inits]
        condition, body = Block(arg_types=types), Block(arg_types=types)
        return WhileOp(inits, Region(condition), Region(body)), condition, body

    def verify_(self) -> None:
        types = [v.type for v in self.inits]
        for t in types:
            if not is_scalar(t):
                raise VerifyException(f"loop.while values must be scalars, got {t}")
        if getattr(_enclosing_loop(self), "name", None) not in LOOP_OPS:
            raise VerifyException(
                "loop.while must be inside a loop.pointwise, loop.reduction or loop.scan body"
            )
        regions = (("condition", self.condition, "loop.condition"), ("do", self.body, "loop.yield"))
        for what, region, terminator in regions:
            block = region.block
            if [a.type for a in block.args] != types:
                raise VerifyException(
                    f"loop.while {what} region arguments must have the values' types {_text(types)}"
                )
            if getattr(block.last_op, "name", None) != terminator:
                raise VerifyException(f"loop.while {what} region must end with {terminator}")
            for op in block.walk():
                if op.name in MEMORY_OPS or not (isinstance(op, WhileOp) or is_side_effect_free(op)):
                    raise VerifyException(f"loop.while regions hold scalar ops only, got {op.name}")
        yielded = [v.type for v in self.body.block.last_op.operands]
        if yielded != types:
            raise VerifyException(f"loop.while do region yields {_text(yielded)}, expected {_text(types)}")

    @classmethod
    def parse(cls, parser: Parser) -> WhileOp:
        inits = parser.parse_optional_undelimited_comma_separated_list(
            parser.parse_optional_unresolved_operand, parser.parse_unresolved_operand
        ) or []
        parser.parse_punctuation(":")
        pos = parser.pos
        types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        if len(types) != len(inits):
            parser.raise_error(f"loop.while has {len(inits)} values but {len(types)} types", pos, parser.pos)
        inits = [parser.resolve_operand(v, t) for v, t in zip(inits, types)]
        condition = parser.parse_region()
        parser.parse_keyword("do")
        body = parser.parse_region()
        attributes = parser.parse_optional_attr_dict()
        op = cls(inits, condition, body)
        op.attributes |= attributes
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.inits, printer.print_operand)
        printer.print_string(" : ")
        printer.print_list([v.type for v in self.inits], printer.print_attribute)
        printer.print_string(" ")
        printer.print_region(self.condition, print_entry_block_args=True)
        printer.print_string(" do ")
        printer.print_region(self.body, print_entry_block_args=True)
        printer.print_op_attributes(self.attributes)


@irdl_op_definition
class ConditionOp(IRDLOperation):
    """Ends a loop.while condition region: `loop.condition %c` (i1: go on)."""

    name = "loop.condition"
    value = operand_def(i1)
    traits = traits_def(IsTerminator(), HasParent(WhileOp), Pure())
    assembly_format = "$value attr-dict"

    def __init__(self, value: SSAValue | Operation):
        super().__init__(operands=[value])


def _enclosing_loop(op: Operation) -> Operation | None:
    parent = op.parent_op()
    while isinstance(parent, WhileOp):
        parent = parent.parent_op()
    return parent


def _text(types: Sequence[Attribute]) -> str:
    return "(" + ", ".join(str(t) for t in types) + ")"


WHILE_OPS: tuple[type[Operation], ...] = (WhileOp, ConditionOp)
