"""Index and size expressions read by a grammar, never evaluated as Python.

IR files are untrusted input, so the text of `#loop.index<"...">` and of symbolic sizes is parsed here into
sympy objects built directly (sympy's own parser runs `eval`). The grammar is exactly what irc prints,
sympy's spelling of integer polynomials over symbols with irc's index functions:

    expr  := ["+" | "-"] term (("+" | "-") term)*          9*i0 + r0, -i0 + s0 - 1
    term  := unary ("*" unary)*                            2*s0*s1
    unary := "-" unary | power                             -FloorDiv(i0, 3)
    power := atom ["**" unary]                             s0**2 (a constant exponent in 0..64)
    atom  := INTEGER | NAME | FUNC "(" expr ("," expr)* ")" | "(" expr ")"
    FUNC  := FloorDiv | CeilDiv (2 arguments) | ModularIndexing (3) | Min | Max (2 to 64)
           | Where (3: a condition, its value where nonzero, else) | Lt | Le | Eq | Ne (2; 1 or 0)

Names are identifiers without a leading underscore; which names an expression may use (index variables,
size symbols, constexpr names) is for the verifier of the op or type that holds it (`unknown_names`). The
parser has no recursion (one explicit stack), and bounds what it builds: the text's length, the nesting
depth, integers within int64, exponents, and the number of terms and the degree the expression would have
once multiplied out, so no input makes it hang or exhaust memory. Results are memoized by text.
"""

from __future__ import annotations

import re
from functools import lru_cache

import sympy

from irc.dialects.sym_functions import CeilDiv, Eq, FloorDiv, Le, Lt, Max, Min, ModularIndexing, Ne, Where

MAX_TEXT = 100_000
MAX_DEPTH = 32
MAX_EXPONENT = 64
MAX_TERMS = 4096
MAX_DEGREE = 64
INT64_MAX = (1 << 63) - 1

FUNCTIONS = {"FloorDiv": (FloorDiv, 2, 2), "CeilDiv": (CeilDiv, 2, 2),
             "ModularIndexing": (ModularIndexing, 3, 3),
             "Min": (Min, 2, 64), "Max": (Max, 2, 64), "Where": (Where, 3, 3),
             "Lt": (Lt, 2, 2), "Le": (Le, 2, 2), "Eq": (Eq, 2, 2), "Ne": (Ne, 2, 2)}  # fmt: skip

_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_][A-Za-z0-9_]*)(\s*\()?|(\*\*|[-+*(),])|(\S))")
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")

# binary operators: precedence, right-associative
_BINARY = {"+": (1, False), "-": (1, False), "*": (2, False), "**": (4, True)}
_NEGATE = 3


class IndexSyntaxError(ValueError):
    """Text that is not an index expression as irc prints them."""


@lru_cache(maxsize=1 << 16)
def parse_sym(text: str) -> sympy.Expr:
    """The sympy expression of `text`; IndexSyntaxError (a ValueError) when it is not one."""
    if not isinstance(text, str):
        raise IndexSyntaxError(f"expected index expression text, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise IndexSyntaxError(f"index expression of {len(text)} characters (at most {MAX_TEXT})")
    return _Parser().parse(_tokens(text)).value()


def _tokens(text: str) -> list[tuple[str, str]]:
    """("int", digits), ("name", name), ("call", function name: the name and its "("), ("punct", text)."""
    tokens, position, end = [], 0, len(text.rstrip())
    while position < end:
        match = _TOKEN.match(text, position)
        integer, name, call, punctuation, other = match.groups()
        if other is not None:
            raise IndexSyntaxError(f"unexpected character '{other}'")
        if integer is not None:
            tokens.append(("int", integer))
        elif name is not None:
            if not _NAME.fullmatch(name):
                raise IndexSyntaxError(f"invalid name '{name}'")
            if call and name not in FUNCTIONS:
                raise IndexSyntaxError(f"unknown function '{name}'; expected one of {', '.join(FUNCTIONS)}")
            if not call and name in FUNCTIONS:
                raise IndexSyntaxError(f"'{name}' needs arguments")
            tokens.append(("call" if call else "name", name))
        else:
            tokens.append(("punct", punctuation))
        position = match.end()
    return tokens


class _Node:
    """A built sub-expression with what bounds it: its terms and degree once multiplied out.

    Chains of + and of * stay lists until used (`value()`), so a long sum is built once, not term by term.
    """

    __slots__ = ("expr", "addends", "factors", "terms", "degree")

    def __init__(self, expr, terms: int, degree: int, addends=None, factors=None):
        self.expr, self.terms, self.degree, self.addends, self.factors = expr, terms, degree, addends, factors

    def value(self) -> sympy.Expr:
        if self.expr is None:
            self.expr = sympy.Add(*self.addends) if self.addends is not None else sympy.Mul(*self.factors)
            _check_integers(self.expr)
            self.addends = self.factors = None
        return self.expr


class _Parser:
    """Shunting-yard over the tokens with explicit operand and operator stacks: no recursion."""

    def __init__(self):
        self.operands: list[_Node] = []
        # entries: ("op", symbol, precedence, right-associative), ("neg",), ("paren",), ("call", name, count)
        self.operators: list[tuple] = []
        self.depth = 0

    def parse(self, tokens: list[tuple[str, str]]) -> _Node:
        if not tokens:
            raise IndexSyntaxError("empty expression")
        expect_operand = True
        for kind, value in tokens:
            if expect_operand:
                expect_operand = self._operand_token(kind, value)
            else:
                expect_operand = self._operator_token(kind, value)
        if expect_operand:
            raise IndexSyntaxError("expression ends where an operand is expected")
        while self.operators:
            if self.operators[-1][0] in ("paren", "call"):
                raise IndexSyntaxError("unbalanced '('")
            self._reduce()
        if len(self.operands) != 1:
            raise IndexSyntaxError("malformed expression")
        return self.operands[0]

    def _operand_token(self, kind: str, value: str) -> bool:
        """Handles a token where an operand is expected; returns whether one is still expected."""
        if kind == "int":
            if len(value) > 19 and int(value) > INT64_MAX:
                raise IndexSyntaxError(f"integer {value[:24]}{'...' if len(value) > 24 else ''} out of int64 range")
            number = int(value)
            if number > INT64_MAX:
                raise IndexSyntaxError(f"integer {value} out of int64 range")
            self.operands.append(_Node(sympy.Integer(number), 1, 0))
            return False
        if kind == "name":
            self.operands.append(_Node(sympy.Symbol(value), 1, 1))
            return False
        if kind == "call":
            self._open(("call", value, 1))
            return True
        if value == "(":
            self._open(("paren",))
            return True
        if value == "-":
            self._open(("neg",))
            return True
        if value == "+":
            return True
        raise IndexSyntaxError(f"expected an operand, got '{value}'")

    def _open(self, entry: tuple) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise IndexSyntaxError(f"index expression nested deeper than {MAX_DEPTH}")
        self.operators.append(entry)

    def _operator_token(self, kind: str, value: str) -> bool:
        """Handles a token after an operand; returns whether an operand is expected next."""
        if kind != "punct" or value == "(":
            raise IndexSyntaxError(f"expected an operator, got '{value}'")
        if value in _BINARY:
            precedence, right = _BINARY[value]
            while self.operators:
                top = self.operators[-1]
                top_precedence = _NEGATE if top[0] == "neg" else top[2] if top[0] == "op" else None
                if top_precedence is None or top_precedence < precedence or (top_precedence == precedence and right):
                    break
                self._reduce()
            self.operators.append(("op", value, precedence, right))
            return True
        if value == ")":
            self._close_group()
            return False
        # ","
        self._reduce_group()
        top = self.operators[-1] if self.operators else None
        if top is None or top[0] != "call":
            raise IndexSyntaxError("',' outside a function's arguments")
        self.operators[-1] = ("call", top[1], top[2] + 1)
        return True

    def _reduce_group(self) -> None:
        while self.operators and self.operators[-1][0] not in ("paren", "call"):
            self._reduce()

    def _close_group(self) -> None:
        self._reduce_group()
        if not self.operators:
            raise IndexSyntaxError("unbalanced ')'")
        entry = self.operators.pop()
        self.depth -= 1
        if entry[0] == "paren":
            return
        _, name, count = entry
        function, low, high = FUNCTIONS[name]
        if count < low or (high is not None and count > high):
            expected = f"{low}" if low == high else f"{low} to {high}"
            raise IndexSyntaxError(f"{name} takes {expected} arguments, got {count}")
        args = self.operands[-count:]
        del self.operands[-count:]
        self.operands.append(_Node(function(*[a.value() for a in args]), 1, max(a.degree for a in args)))

    def _reduce(self) -> None:
        entry = self.operators.pop()
        if entry[0] == "neg":
            self.depth -= 1
            operand = self._pop_operand()
            self.operands.append(_Node(-operand.value(), operand.terms, operand.degree))
            return
        right = self._pop_operand()
        left = self._pop_operand()
        symbol = entry[1]
        if symbol in ("+", "-"):
            addend = right.value() if symbol == "+" else -right.value()
            addends = left.addends if left.expr is None and left.addends is not None else [left.value()]
            addends.append(addend)
            node = _Node(None, left.terms + right.terms, max(left.degree, right.degree), addends=addends)
        elif symbol == "*":
            factors = left.factors if left.expr is None and left.factors is not None else [left.value()]
            factors.append(right.value())
            node = _Node(None, left.terms * right.terms, left.degree + right.degree, factors=factors)
        else:
            node = self._power(left, right)
        if node.terms > MAX_TERMS:
            raise IndexSyntaxError(f"index expression of more than {MAX_TERMS} terms")
        if node.degree > MAX_DEGREE:
            raise IndexSyntaxError(f"index expression of degree more than {MAX_DEGREE}")
        self.operands.append(node)

    @staticmethod
    def _power(base: _Node, exponent: _Node) -> _Node:
        e = exponent.value()
        if not (e.is_Integer and 0 <= int(e) <= MAX_EXPONENT):
            raise IndexSyntaxError(f"exponent must be an integer from 0 to {MAX_EXPONENT}, got {e}")
        e = int(e)
        b = base.value()
        if b.is_Integer and abs(int(b)).bit_length() * e > 64:
            raise IndexSyntaxError("integer out of int64 range")
        if base.terms == 1 or e == 0:
            terms = 1
        else:
            terms = base.terms**e if e * base.terms.bit_length() <= 24 else MAX_TERMS + 1
        node = _Node(b**e, terms, base.degree * e)
        _check_integers(node.expr)
        return node

    def _pop_operand(self) -> _Node:
        if not self.operands:
            raise IndexSyntaxError("malformed expression")
        return self.operands.pop()


def _check_integers(expr: sympy.Expr) -> None:
    """Every integer in `expr` within int64 (products of large literals can leave it)."""
    if expr.is_Integer:
        if abs(int(expr)) > INT64_MAX:
            raise IndexSyntaxError("integer out of int64 range")
        return
    for atom in expr.atoms(sympy.Integer):
        if abs(int(atom)) > INT64_MAX:
            raise IndexSyntaxError("integer out of int64 range")
