"""Printing without a `print()` call per token (imported by irc/xdsl_patches.py).

xDSL's printer writes every token through `print(text, end="", file=stream)`, which also writes the empty
`end` and looks the stream up again: a third of the printing of a large module. A token without a newline is
now written to the stream directly (the same text, the same column count); text with newlines and the line
breaks themselves keep xDSL's path (indentation and the callbacks run after a new line).

An op's attribute dictionary in a declarative format prints nothing when the op has no attributes and none of
the properties the dictionary would show: that case no longer builds the merged dictionaries to find out.
"""

import sys

from xdsl.irdl.declarative_assembly_format import AttrDictDirective
from xdsl.utils.base_printer import BasePrinter


def _written_directly(print_string):
    def print_text(self, text, *, indent=None):
        if type(text) is not str or "\n" in text:
            return print_string(self, text, indent=indent)
        self._current_column += len(text)
        stream = self.stream
        (sys.stdout if stream is None else stream).write(text)

    print_text.__wrapped__ = print_string
    return print_text


BasePrinter.print_string = _written_directly(BasePrinter.print_string)


def _empty_first(print_attr_dict):
    def print_attributes(self: AttrDictDirective, printer, state, op) -> None:
        if op.attributes or not op.properties.keys().isdisjoint(self.expected_properties):
            print_attr_dict(self, printer, state, op)

    print_attributes.__wrapped__ = print_attr_dict
    return print_attributes


AttrDictDirective.print = _empty_first(AttrDictDirective.print)
