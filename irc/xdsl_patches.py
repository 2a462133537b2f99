"""Fixes to xDSL 0.74 that hostile input needs; imported by irc/registry.py, before anything is parsed.

- The lexer's string-literal pattern `"(?:[^"\\...]+|\\...)*"` nests a `+` inside a `*`, so a string that is
  never closed makes `re` try every split of the line: a quote left open in a 60-character line takes
  minutes (found by tools/fuzz_ir.py). The same language with one character per repetition matches or
  fails in linear time.
"""

import re

from xdsl.utils.mlir_lexer import MLIRLexer

MLIRLexer._unescaped_characters_regex = re.compile(r'"(?:[^"\\\n\v\f]|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*"')
