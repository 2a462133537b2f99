"""Lowering of flat-index sympy expressions to triton index arithmetic (convert-kernel-to-triton).

Index values are never negative, so FloorDiv and ModularIndexing use Triton's truncating `//` and `%`, and
CeilDiv(a, b) is `(a + b - 1) // b`; Min, Max, Where and the 0/1 comparisons of symbolic sizes are
elementwise:

    ModularIndexing(xindex, 9, 3) + 3*FloorDiv(xindex, 27)  ->  x0 = (xindex // 9) % 3; x1 = xindex // 27 ...

Every subexpression is emitted once per scope (memoized); coordinates of the flat indices get Inductor's
names (x0, x1, ..., r0, ...).
"""

from __future__ import annotations

import sympy
from xdsl.ir import SSAValue

from irc.dialects.sym_functions import COMPARISONS, CeilDiv, FloorDiv, Max, Min, ModularIndexing, Where
from irc.passes.convert_kernel_to_triton.context import LoweringContext, Scope
from irc.passes.convert_kernel_to_triton.schedule import fail


class IndexLowering:
    """Emits the triton ops computing one sympy index expression in a scope."""

    def __init__(self, ctx: LoweringContext, scope: Scope):
        self.ctx, self.scope = ctx, scope
        self.builder = scope.builder
        self.index_type = ctx.index_type

    def lower(self, expr: sympy.Expr) -> SSAValue:
        scope = self.scope.for_expr(expr)
        if scope is not self.scope:
            return IndexLowering(self.ctx, scope).lower(expr)
        memo = self.scope.exprs
        if expr not in memo:
            memo[expr] = self._lower(expr)
        return memo[expr]

    def _lower(self, expr: sympy.Expr) -> SSAValue:
        b = self.builder
        if expr.is_Integer:
            return b.const(int(expr), self.index_type)
        if expr.is_Symbol:
            return self._symbol(expr.name)
        if expr.is_Add:
            return self._fold("add", _ordered_terms(expr.args))
        if expr.is_Mul:
            return self._fold("mul", _ordered_terms(expr.args))
        if isinstance(expr, FloorDiv):
            return b.binary("trunc_div", self.lower(expr.args[0]), self.lower(expr.args[1]), self._name(expr))
        if isinstance(expr, ModularIndexing):
            base, divisor, modulus = expr.args
            quotient = self.lower(FloorDiv(base, divisor))
            return b.binary("trunc_rem", quotient, self.lower(modulus), self._name(expr))
        if expr.is_Pow and expr.exp.is_Integer and expr.exp > 0:
            return self._fold("mul", [expr.base] * int(expr.exp))
        if isinstance(expr, CeilDiv):
            base, divisor = expr.args
            return b.binary("trunc_div", self.lower(base + divisor - 1), self.lower(divisor))
        if isinstance(expr, Min | Max):
            return self._fold("minimum" if isinstance(expr, Min) else "maximum", list(expr.args))
        if isinstance(expr, COMPARISONS):
            return b.cast(self._condition(expr), self.index_type)
        if isinstance(expr, Where):
            condition, if_true, if_false = expr.args
            return b.where(self._condition(condition), self.lower(if_true), self.lower(if_false))
        raise fail(f"cannot lower index expression {expr}")

    def _condition(self, expr: sympy.Expr) -> SSAValue:
        """An i1 value: a comparison's own, else whether the integer `expr` is nonzero."""
        if isinstance(expr, COMPARISONS):
            lhs, rhs = expr.args
            return self.builder.binary(_COMPARISON_OPS[type(expr).__name__], self.lower(lhs), self.lower(rhs))
        return self.builder.binary("ne", self.lower(expr), self.lower(sympy.Integer(0)))

    def _fold(self, op_name: str, terms: list[sympy.Expr]) -> SSAValue:
        value = self.lower(terms[0])
        for term in terms[1:]:
            value = self.builder.binary(op_name, value, self.lower(term))
        return value

    def _symbol(self, name: str) -> SSAValue:
        if name in self.scope.index:
            return self.scope.index[name]
        if name in self.ctx.symbols:
            return self.ctx.symbols[name]
        raise fail(f"index expression uses '{name}', which is neither a size symbol nor a flat index")

    def _name(self, expr: sympy.Expr) -> str | None:
        """`x<n>` / `r<n>` for a coordinate of xindex / rindex (one number per distinct coordinate)."""
        base = expr.args[0]
        if not (base.is_Symbol and base.name in ("yindex", "xindex", "rindex")):
            return None
        names = self.ctx.coordinate_names
        if expr not in names:
            prefix = base.name[0]
            names[expr] = f"{prefix}{sum(1 for n in names.values() if n[0] == prefix)}"
        return names[expr]


_COMPARISON_OPS = {"Lt": "lt", "Le": "le", "Eq": "eq", "Ne": "ne"}


def _ordered_terms(args) -> list[sympy.Expr]:
    """Non-constant terms first (`x0 + 9`, `x1 * 9`), as Inductor writes them."""
    return sorted(args, key=lambda a: a.is_number)
