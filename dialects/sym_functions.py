"""The integer functions of index expressions, as sympy functions (imported lazily, with sympy).

`FloorDiv(a, b)` is Python's `a // b`; `ModularIndexing(x, d, m)` is `(x // d) % m`, as in Inductor.
"""

import sympy


class FloorDiv(sympy.Function):
    nargs = (2,)
    is_integer = True

    @classmethod
    def eval(cls, base, divisor):
        if divisor == 0:
            return None  # kept as written: verifiers report it (zero_divisor)
        if divisor == 1:
            return base
        if base.is_Integer and divisor.is_Integer:
            return sympy.Integer(int(base) // int(divisor))
        if base == 0:
            return sympy.Integer(0)
        return None


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
