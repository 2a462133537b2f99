"""irc: a PyTorch-to-Triton compiler built as MLIR-style rewrite passes on xDSL.

Importing irc is cheap: torch, triton and sympy are imported only by the parts that need them.
"""

__version__ = "0.1.0"
