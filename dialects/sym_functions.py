"""The integer functions of index expressions, as sympy functions (imported lazily, with sympy).

`FloorDiv(a, b)` is Python's `a // b`; `ModularIndexing(x, d, m)` is `(x // d) % m`, as in Inductor;
`CeilDiv`, `Where` and the 0/1 comparisons `Lt`, `Le`, `Eq`, `Ne` carry what else torch's symbolic sizes
hold (fx_sizes.py).
"""

import sympy


class _Division(sympy.Function):
    """An integer division of sizes or indices, folded where both operands are integers."""

    nargs = (2,)
    is_integer = True
    divide = staticmethod(lambda a, b: a // b)

    @classmethod
    def eval(cls, base, divisor):
        if divisor == 0:
            return None  # kept as written: verifiers report it (zero_divisor)
        if divisor == 1:
            return base
        if base.is_Integer and divisor.is_Integer:
            return sympy.Integer(cls.divide(int(base), int(divisor)))
        if base == 0:
            return sympy.Integer(0)
        return None


class FloorDiv(_Division):
    """`FloorDiv(a, b)` is `a // b`."""


class ModularIndexing(sympy.Function):
    nargs = (3,)
    is_integer = True

    @classmethod
    def eval(cls, base, divisor, modulus):
        if divisor == 0 or modulus == 0:
            return None  # kept as written: verifiers report it (zero_divisor)
        if base == 0 or modulus == 1:
            return sympy.Integer(0)
        if base.is_Integer and divisor.is_Integer and modulus.is_Integer:
            return sympy.Integer((int(base) // int(divisor)) % int(modulus))
        return None


class CeilDiv(_Division):
    """`CeilDiv(a, b)` is `-(-a // b)`: torch's ceiling division of sizes (pooling with ceil_mode)."""

    divide = staticmethod(lambda a, b: -(-a // b))


class _Comparison(sympy.Function):
    """1 where the comparison holds, else 0: the conditions of `Where` (torch's Piecewise, sym_ite)."""

    nargs = (2,)
    is_integer = True
    is_nonnegative = True
    compare = staticmethod(lambda a, b: False)

    @classmethod
    def eval(cls, lhs, rhs):
        if lhs.is_Integer and rhs.is_Integer:
            return sympy.Integer(int(cls.compare(int(lhs), int(rhs))))
        return None


class Lt(_Comparison):
    compare = staticmethod(lambda a, b: a < b)


class Le(_Comparison):
    compare = staticmethod(lambda a, b: a <= b)


class Eq(_Comparison):
    compare = staticmethod(lambda a, b: a == b)


class Ne(_Comparison):
    compare = staticmethod(lambda a, b: a != b)


COMPARISONS = (Lt, Le, Eq, Ne)


class Where(sympy.Function):
    """`Where(c, a, b)` is `a` where the integer `c` is nonzero, else `b` (torch's Piecewise and sym_ite)."""

    nargs = (3,)
    is_integer = True

    @classmethod
    def eval(cls, condition, if_true, if_false):
        if condition.is_Integer:
            return if_true if condition != 0 else if_false
        if if_true == if_false:
            return if_true
        return None
