"""Fixes to xDSL 0.74 that hostile input needs; imported by irc/registry.py, before anything is parsed.

- The lexer's string-literal pattern `"(?:[^"\\...]+|\\...)*"` nests a `+` inside a `*`, so a string that is
  never closed makes `re` try every split of the line: a quote left open in a 60-character line takes
  minutes (found by tools/fuzz_ir.py). The same language with one character per repetition matches or
  fails in linear time.
"""

import re
import struct

from xdsl.dialects.builtin import StructPackableType
from xdsl.utils.mlir_lexer import MLIRLexer

MLIRLexer._unescaped_characters_regex = re.compile(r'"(?:[^"\\\n\v\f]|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*"')

# - Packing a dense array (`dims = [9223372036854775808]`) raised struct.error, which is neither a parse
#   error nor a ValueError: a value out of its element type's range is now a ValueError, which the tools
#   report as a diagnostic.


def _checked_pack(pack):
    def checked(self, values):
        try:
            return pack(self, values)
        except struct.error as exc:
            raise ValueError(f"value out of range for {self}: {exc}") from None

    return checked


StructPackableType.pack = _checked_pack(StructPackableType.pack)
