"""Printing without a `print()` call per token (imported by irc/xdsl_patches.py).

xDSL's printer writes every token through `print(text, end="", file=stream)`, which also writes the empty
`end` and looks the stream up again: a third of the printing of a large module. A token without a newline is
now written to the stream directly (the same text, the same column count); text with newlines and the line
breaks themselves keep xDSL's path (indentation and the callbacks run after a new line).
"""

import sys

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
