"""Fixes to xDSL 0.74 that hostile input (and large graphs) need; imported by irc/registry.py, before anything
is parsed.

- The lexer's string-literal pattern `"(?:[^"\\...]+|\\...)*"` nests a `+` inside a `*`, so a string that is
  never closed makes `re` try every split of the line: a quote left open in a 60-character line takes
  minutes (found by tools/fuzz_ir.py). The same language with one character per repetition matches or
  fails in linear time.
"""

import re
import struct

from xdsl.dialects.builtin import StructPackableType
from xdsl.ir import Operation
from xdsl.transforms.common_subexpression_elimination import OperationInfo
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


# - cse's key of an op hashes its name, attributes, operands and result types but not its regions: every
#   loop.pointwise / loop.reduction without operands (their bodies load outer buffers) shares one hash, so
#   each one is compared region by region with all those before it, quadratic in the graph (1 ms per aten op
#   on 48-layer BERT). The key now also hashes the names of the ops in its regions and the values from outside
#   that they use: structurally equivalent regions have the same of both, so equal keys still hash equal.


def _region_key(op: Operation) -> tuple:
    inner = [o for region in op.regions for o in region.walk()]
    defined = {v for o in inner for v in o.results}
    defined.update(a for region in op.regions for block in region.blocks for a in block.args)
    outside = tuple(v for o in inner for v in o.operands if v not in defined)
    return tuple(o.name for o in inner), outside


def _hash_with_regions(op_hash):
    def hashed(self):
        if not self.op.regions:
            return op_hash(self)
        return hash((op_hash(self), _region_key(self.op)))

    return hashed


OperationInfo.__hash__ = _hash_with_regions(OperationInfo.__hash__)
