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
        quotient = exact_quotient(base, divisor)
        return quotient if quotient is not None else cls._beside_a_constant(base, divisor)

    @classmethod
    def _beside_a_constant(cls, base, divisor):
        """q + c // d where base is d*q + c (c an integer): always for an integer d; for d = k*names (a
        non-zero divisor, so every name at least 1, and d at least k) where c // d is the same for every d >= k
        (FloorDiv(4*s0 + 1, 2*s0) is 2)."""
        constant, rest = base.as_coeff_Add()
        multiple = exact_quotient(rest, divisor) if constant.is_Integer and constant != 0 else None
        if multiple is None:
            return None
        c = int(constant)
        if divisor.is_Integer:
            return multiple + cls.divide(c, int(divisor))
        least = int(divisor.as_coeff_Mul()[0])
        near, far = cls.divide(c, least), cls.divide(c, abs(c) * least + least)
        return multiple + near if near == far else None


def exact_quotient(base, divisor):
    """`base / divisor` where that is a polynomial of integer coefficients (FloorDiv(2*s0, 2) and
    CeilDiv(s0**2, s0) are s0) and `divisor` an integer above 1 or a product of names; else None."""
    if not (divisor.is_Integer and int(divisor) > 1 or _monomial(divisor)):
        return None
    quotients = [term / divisor for term in sympy.Add.make_args(base)]
    if all(_integer_term(q) for q in quotients):
        return sympy.Add(*quotients)
    return None


def _monomial(expr) -> bool:
    """A positive integer times a product of integer-valued factors (names, integer functions, powers)."""
    coefficient, rest = expr.as_coeff_Mul()
    return coefficient.is_Integer and int(coefficient) > 0 and rest != 1 and _integer_term(rest)


def _integer_term(term) -> bool:
    """An integer times integer-valued factors: names, integer functions, their positive integer powers."""
    coefficient, rest = term.as_coeff_Mul()
    if not coefficient.is_Integer:
        return False
    return all(
        factor.is_Symbol or getattr(factor, "is_integer", False) and not factor.is_Pow
        or factor.is_Pow and factor.args[1].is_Integer and int(factor.args[1]) > 0
        for factor in sympy.Mul.make_args(rest)
        if factor != 1
    )


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
        if exact_quotient(base, divisor * modulus) is not None:
            return sympy.Integer(0)
        constant, rest = base.as_coeff_Add()
        if constant.is_Integer and constant != 0 and divisor.is_Integer and modulus.is_Integer:
            if exact_quotient(rest, divisor * modulus) is not None:  # (m*d*k + c) // d % m is c // d % m
                return sympy.Integer((int(constant) // int(divisor)) % int(modulus))
        return None


class CeilDiv(_Division):
    """`CeilDiv(a, b)` is `-(-a // b)`: torch's ceiling division of sizes (pooling with ceil_mode)."""

    divide = staticmethod(lambda a, b: -(-a // b))


class _Extremum(sympy.Function):
    """The largest (Max) or smallest (Min) of integer arguments: nested ones flattened, integers folded into
    one, repeats and arguments a constant apart from another dropped, the rest in a canonical order. Unlike
    sympy.Max, no search for an order between symbolic arguments through the assumptions (which took minutes
    on the nested sizes of a deep network's padding)."""

    is_integer = True
    pick = staticmethod(max)

    @classmethod
    def eval(cls, *args):
        flat = [a for arg in args for a in (arg.args if isinstance(arg, cls) else (arg,))]
        numbers = [int(a) for a in flat if a.is_Integer]
        kept = [sympy.Integer(cls.pick(numbers))] if numbers else []
        for arg in sorted({a for a in flat if not a.is_Integer}, key=sympy.default_sort_key):
            kept = cls._keep(kept, arg)
        if len(kept) == 1:
            return kept[0]
        return None if tuple(kept) == args else cls(*kept)

    @classmethod
    def _keep(cls, kept: list, arg) -> list:
        """`kept` with `arg` added, dropping what it dominates (or `arg`, when dominated): arguments whose
        difference is a number."""
        for k, other in enumerate(kept):
            difference = arg - other
            if difference.is_Number:
                return kept if cls.pick(difference, 0) == 0 else [*kept[:k], arg, *kept[k + 1:]]
        return [*kept, arg]

    def _eval_is_nonnegative(self):
        return self._holds([a.is_nonnegative for a in self.args])

    def _eval_is_positive(self):
        return self._holds([a.is_positive for a in self.args])

    def _holds(self, facts: list) -> bool | None:
        """True where the facts of the arguments prove it of the result (one for Max, all for Min)."""
        return True if (any if self.pick is max else all)(f is True for f in facts) else None


class Max(_Extremum):
    pick = staticmethod(max)


class Min(_Extremum):
    pick = staticmethod(min)


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
