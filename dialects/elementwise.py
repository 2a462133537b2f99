"""Elementwise ops, one row each: the single source of truth every level derives from.

A row gives, for one op:
- `name`, `arity`: the aten op `aten.<name>` and the triton op `triton.<name>` (where the row has them);
- `aten`: the aten op's result element-type rule and operand constraint (aten_elementwise.py; None: no aten op);
- `loop`: how convert-aten-to-loop computes one element, per category of the computation type ("float",
  "int", "bool"): a scalar op name (`math.atan2`; `arith.cmpf olt` with a predicate) applied to the operands,
  or the name of one of convert-aten-to-loop's body builders (`sign`, `gelu`, ...); `operands`: the dtype the
  operands are read in (the result's, the promoted operands', i1, or each operand's own);
- `scalar`: a loop scalar op (`loop.<name>`, dialects/loop_scalar.py) for what xDSL's arith and math lack, by
  type rule ("float", "float2", "float_to_bool", "numeric", "power");
- `triton`: the Triton spelling (a `str.format` template over the operands; `libdevice.<f>(...)` runs on the
  interpreter through the stand-in derived from `reference`), its operand class and result rule
  (triton_ops_table.py); `lowers`: the loop-level ops convert-kernel-to-triton turns into this triton op,
  which the loop interpreter also evaluates with `reference`;
- `reference`: the numpy implementation (irc/interp/loop_numpy.py and the libdevice stand-in,
  irc/runtime/interpreter_shims.py).

Adding an op costs one row (and a test): `hypot` and `copysign` below are each nothing but their row.
numpy is imported when a reference is first called, not when this module is.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# aten result rules (aten_elementwise.verify_result_rule)
SAME, FLOAT, BOOL, PROMOTE = "same", "float", "bool", "promote"


def numpy(name: str) -> Callable[..., Any]:
    """numpy's `name`, looked up on the first call."""
    return lambda *args: getattr(__import__("numpy"), name)(*args)


def widened(name: str) -> Callable[..., Any]:
    """numpy's `name` computed in float64 and rounded to the operand's type: nearer libm's acosf (eager's)
    than numpy's float32 arccos, though not equal to it everywhere; n * acos(x) (Chebyshev's closed forms)
    multiplies an ulp of difference by n."""

    def apply(x):
        import numpy as np

        x = np.asarray(x)
        if x.dtype != np.float32:
            return getattr(np, name)(x)
        return getattr(np, name)(x.astype(np.float64)).astype(np.float32)

    return apply


def vectorized(name: str) -> Callable[..., Any]:
    """Python's math.`name` applied element by element (numpy has no erf, erfc, lgamma), in float64."""

    def apply(*args):
        import math

        import numpy as np

        return np.vectorize(getattr(math, name), otypes=[np.float64])(*args)

    return apply


def aten_reference(name: str) -> Callable[..., Any]:
    """ATen's `torch.<name>` on numpy arrays (no numpy function exists: erfinv, i0, the Bessel functions...):
    the reference of functions that libdevice computes on the GPU."""

    def apply(*args):
        import numpy as np
        import torch

        function = torch
        for part in name.split("."):
            function = getattr(function, part)
        tensors = [torch.from_numpy(np.ascontiguousarray(a)) if isinstance(a, np.ndarray) else a for a in args]
        return function(*tensors).numpy()

    return apply


def _trunc_div(a, b):
    """C's integer division (toward zero) without |a|, which wraps for the type's minimum."""
    import numpy as np

    with np.errstate(all="ignore"):
        return np.floor_divide(np.subtract(a, np.fmod(a, b)), b)


def _power(x, y):
    """ATen's pow: x ** 0.5 is sqrt(x), as its kernels compute it (-0 and nan at -0 and -inf, where numpy's
    power gives 0 and inf); convert-kernel-to-triton prints it so."""
    import numpy as np

    with np.errstate(invalid="ignore"):
        return np.where(np.asarray(y) == 0.5, np.sqrt(x), np.power(x, y))


def _rsqrt(x):
    import numpy as np

    return 1 / np.sqrt(x)


def _sigmoid(x):
    import numpy as np

    return 1 / (1 + np.exp(-x))


@dataclass(frozen=True)
class ElementwiseRow:
    """One elementwise op at every level (see the module docstring)."""

    name: str
    arity: int
    aten: tuple[str, str] | None = None
    loop: dict[str, str] = field(default_factory=dict)
    operands: str = "result"
    scalar: str | None = None
    triton: str | None = None
    triton_operands: str = "math"
    triton_result: str = "same"
    triton_helper: str = ""
    """Source the emitted module must define for the Triton spelling (a `@triton.jit` function), if any."""
    lowers: tuple[str, ...] = ()
    reference: Callable[..., Any] | None = None
    doc: str = ""
    """What the loop scalar op computes (rows with `scalar`)."""
    opmath_numbers: bool = False
    """A Python-number operand is read in the compute type (f32 for f16 / bf16), not rounded to the op's
    dtype first: ATen's mul and div kernels read a wrapped scalar as their opmath type."""

    @property
    def libdevice(self) -> str | None:
        """The libdevice function the Triton spelling calls, if any."""
        found = re.match(r"libdevice\.(\w+)\(", self.triton or "")
        return found.group(1) if found else None


def _rows(*rows: ElementwiseRow) -> dict[str, ElementwiseRow]:
    table = {}
    for row in rows:
        assert row.name not in table, f"two rows named {row.name}"
        table[row.name] = row
    return table


def float_math(name: str, arity: int = 1, triton: str | None = None, reference=None, **kw) -> ElementwiseRow:
    """A floating-point function: aten op (float result), math.<name> in loop bodies, Triton `triton`
    (default libdevice.<name>), numpy reference."""
    operands = ", ".join(f"{{{k}}}" for k in range(arity))
    return ElementwiseRow(
        name, arity, (FLOAT, "any"), {"float": f"math.{name}"},
        triton=triton or f"libdevice.{name}({operands})", lowers=(f"math.{name}",),
        reference=reference or numpy(name), **kw,
    )  # fmt: skip


def libdevice_math(
    name: str, function: str | None = None, reference=None, arity: int = 1, operands: str = "any"
) -> ElementwiseRow:
    """A floating-point function xDSL's math dialect lacks: aten op (float result), loop.<name> in loop bodies,
    Triton libdevice.<function> (default: <name>), reference (default: ATen's torch.<name>)."""
    arguments = ", ".join(f"{{{k}}}" for k in range(arity))
    return ElementwiseRow(
        name, arity, (FLOAT, operands), {"float": f"loop.{name}"}, scalar="float" if arity == 1 else "float2",
        triton=f"libdevice.{function or name}({arguments})", lowers=(f"loop.{name}",),
        reference=reference or aten_reference(name), doc=f"{name}(x) (ATen's torch.{name})",
    )  # fmt: skip


def rounding(name: str, scalar_op: str, triton: str, reference) -> ElementwiseRow:
    """floor/ceil/round/trunc: the math op for floats, the identity for integers and bools."""
    return ElementwiseRow(
        name, 1, (SAME, "numeric"), {"float": scalar_op, "int": "identity", "bool": "identity"},
        triton=triton, lowers=(scalar_op,), reference=reference,
    )  # fmt: skip


def compare(name: str, triton: str, floats: str, signed: str, unsigned: str) -> ElementwiseRow:
    """A comparison in the promoted operand dtype; i1 compares unsigned (true > false)."""
    loop = {"float": f"arith.cmpf {floats}", "int": f"arith.cmpi {signed}", "bool": f"arith.cmpi {unsigned}"}
    return ElementwiseRow(
        name, 2, (BOOL, "any"), loop, "promoted", triton=triton, triton_operands="any", triton_result="i1"
    )


def bitwise(name: str, scalar_op: str, triton: str, reference: str) -> ElementwiseRow:
    return ElementwiseRow(
        name, 2, (PROMOTE, "integer_or_bool"), {"int": scalar_op, "bool": scalar_op},
        triton=triton, triton_operands="int_or_bool", lowers=(scalar_op,), reference=numpy(reference),
    )  # fmt: skip


def logical(name: str, scalar_op: str, triton: str | None = None) -> ElementwiseRow:
    return ElementwiseRow(
        name, 2, (BOOL, "any"), {"bool": scalar_op}, "bool", triton=triton, triton_operands="bool"
    )


def triton_only(name: str, arity: int, triton: str, operands: str, lowers=(), reference=None, helper="") -> ElementwiseRow:
    """A triton op with no aten op of its name (division variants, shifts, ...)."""
    return ElementwiseRow(
        name, arity, triton=triton, triton_operands=operands, lowers=lowers, triton_helper=helper,
        reference=numpy(reference) if isinstance(reference, str) else reference,
    )  # fmt: skip


SPECIAL_POLYNOMIALS = (
    *(f"{shifted}chebyshev_polynomial_{kind}" for shifted in ("", "shifted_") for kind in "tuvw"),
    "hermite_polynomial_h", "hermite_polynomial_he", "laguerre_polynomial_l", "legendre_polynomial_p",
)  # fmt: skip

_FLOORDIV = "tl.where((({0} % {1}) != 0) & (({0} < 0) != ({1} < 0)), {0} // {1} - 1, {0} // {1})"
# C's |x| of a signed integer of at most 32 bits (the minimum is its own |x|) in PTX: the GPU compiler takes
# tl.abs's result as non-negative, so a `%`, `//` or `< 0` after it went unsigned at the minimum
_WRAPPING_ABS_HELPER = """_INTERPRETING = tl.constexpr(os.environ.get("TRITON_INTERPRET") == "1")


@triton.jit
def _wrapping_abs(x):
    if _INTERPRETING:
        result = tl.where(x < 0, -x, x)
    else:
        result = tl.inline_asm_elementwise(
            "{ .reg .pred p; .reg .s32 t; setp.lt.s32 p, $1, 0; neg.s32 t, $1; selp.b32 $0, t, $1, p; }",
            "=r,r", [x.to(tl.int32)], dtype=tl.int32, is_pure=True, pack=1,
        ).to(x.dtype)
    return result
"""
_MOD = "tl.where((({0} % {1}) != 0) & ((({0} % {1}) < 0) != ({1} < 0)), {0} % {1} + {1}, {0} % {1})"
_NAN_MIN = "tl.minimum({0}, {1}, propagate_nan=tl.PropagateNan.ALL)"
_NAN_MAX = "tl.maximum({0}, {1}, propagate_nan=tl.PropagateNan.ALL)"

ELEMENTWISE: dict[str, ElementwiseRow] = _rows(
    # -- binary arithmetic ----------------------------------------------------------------------------
    ElementwiseRow("add", 2, (PROMOTE, "any"), {"float": "arith.addf", "int": "arith.addi", "bool": "arith.ori"},
                   triton="{0} + {1}", triton_operands="numeric", lowers=("arith.addf", "arith.addi"),
                   reference=numpy("add")),
    ElementwiseRow("sub", 2, (PROMOTE, "numeric"), {"float": "arith.subf", "int": "arith.subi"},
                   triton="{0} - {1}", triton_operands="numeric", lowers=("arith.subf", "arith.subi"),
                   reference=numpy("subtract")),
    ElementwiseRow("mul", 2, (PROMOTE, "any"), {"float": "arith.mulf", "int": "arith.muli", "bool": "arith.andi"},
                   triton="{0} * {1}", triton_operands="numeric", lowers=("arith.mulf", "arith.muli"),
                   reference=numpy("multiply"), opmath_numbers=True),
    ElementwiseRow("div", 2, (FLOAT, "any"), {"float": "divide", "int": "divide"}, opmath_numbers=True),
    ElementwiseRow("remainder", 2, (PROMOTE, "numeric"), {"float": "loop.remainder", "int": "loop.remainder"},
                   scalar="numeric", doc="Python's x % y (sign of the divisor)"),
    ElementwiseRow("minimum", 2, (PROMOTE, "any"),
                   {"float": "arith.minimumf", "int": "arith.minsi", "bool": "arith.andi"},
                   triton=_NAN_MIN, triton_operands="numeric",
                   lowers=("arith.minimumf", "arith.minsi", "arith.minui"), reference=numpy("minimum")),
    ElementwiseRow("maximum", 2, (PROMOTE, "any"),
                   {"float": "arith.maximumf", "int": "arith.maxsi", "bool": "arith.ori"},
                   triton=_NAN_MAX, triton_operands="numeric",
                   lowers=("arith.maximumf", "arith.maxsi", "arith.maxui"), reference=numpy("maximum")),
    ElementwiseRow("pow", 2, (PROMOTE, "any"), {"float": "math.powf", "int": "ipow"},
                   triton="libdevice.pow({0}, {1})", lowers=("math.powf", "math.fpowi", "math.ipowi"),
                   reference=_power),
    ElementwiseRow("fmax", 2, (PROMOTE, "any"), {"float": "fmax", "int": "arith.maxsi", "bool": "arith.ori"}),
    ElementwiseRow("fmin", 2, (PROMOTE, "any"), {"float": "fmin", "int": "arith.minsi", "bool": "arith.andi"}),
    float_math("atan2", 2),
    ElementwiseRow("hypot", 2, (FLOAT, "float"), {"float": "loop.hypot"}, scalar="float2",
                   triton="libdevice.hypot({0}, {1})", lowers=("loop.hypot",), reference=numpy("hypot"),
                   doc="sqrt(x * x + y * y) without undue overflow"),
    float_math("copysign", 2),
    triton_only("truediv", 2, "{0} / {1}", "float", ("arith.divf",), "divide"),
    triton_only("floordiv", 2, _FLOORDIV, "integer", ("arith.floordivsi", "loop.floordiv"), "floor_divide"),
    triton_only("mod", 2, _MOD, "integer", ("loop.remainder",), "mod"),
    # C semantics (round toward zero): Python's on the non-negative values of index arithmetic
    triton_only("trunc_div", 2, "{0} // {1}", "integer", ("arith.divsi", "arith.divui"), _trunc_div),
    triton_only("trunc_rem", 2, "{0} % {1}", "integer", ("arith.remsi", "arith.remui"), "fmod"),
    triton_only("wrapping_abs", 1, "_wrapping_abs({0})", "integer", reference="abs", helper=_WRAPPING_ABS_HELPER),
    ElementwiseRow("fmod", 2, (PROMOTE, "numeric"), {"float": "loop.fmod", "int": "arith.remsi"}, scalar="float2",
                   doc="C's fmod(x, y) (the sign of x)", triton="{0} % {1}", triton_operands="float",
                   lowers=("loop.fmod", "arith.remf"), reference=numpy("fmod")),
    # -- bitwise and logical -------------------------------------------------------------------------------
    bitwise("bitwise_and", "arith.andi", "{0} & {1}", "bitwise_and"),
    bitwise("bitwise_or", "arith.ori", "{0} | {1}", "bitwise_or"),
    bitwise("bitwise_xor", "arith.xori", "{0} ^ {1}", "bitwise_xor"),
    ElementwiseRow("bitwise_left_shift", 2, (PROMOTE, "integer"), {"int": "shift_left"}),
    ElementwiseRow("bitwise_right_shift", 2, (PROMOTE, "integer"), {"int": "shift_right"}),
    triton_only("lshift", 2, "{0} << {1}", "integer", ("arith.shli",), "left_shift"),
    triton_only("rshift", 2, "{0} >> {1}", "integer", ("arith.shrsi",), "right_shift"),
    logical("logical_and", "arith.andi", "{0} & {1}"),
    logical("logical_or", "arith.ori", "{0} | {1}"),
    logical("logical_xor", "arith.xori"),
    ElementwiseRow("gcd", 2, (PROMOTE, "integer"), {"int": "gcd"}),
    ElementwiseRow("lcm", 2, (PROMOTE, "integer"), {"int": "lcm"}),
    # -- comparisons ---------------------------------------------------------------------------------------
    compare("eq", "{0} == {1}", "oeq", "eq", "eq"),
    compare("ne", "{0} != {1}", "une", "ne", "ne"),
    compare("lt", "{0} < {1}", "olt", "slt", "ult"),
    compare("le", "{0} <= {1}", "ole", "sle", "ule"),
    compare("gt", "{0} > {1}", "ogt", "sgt", "ugt"),
    compare("ge", "{0} >= {1}", "oge", "sge", "uge"),
    # -- unary ----------------------------------------------------------------------------------------------
    ElementwiseRow("neg", 1, (SAME, "numeric"), {"float": "arith.negf", "int": "neg"},
                   triton="-{0}", triton_operands="numeric", lowers=("arith.negf",), reference=numpy("negative")),
    ElementwiseRow("abs", 1, (SAME, "numeric"), {"float": "math.absf", "int": "math.absi"},
                   triton="tl.abs({0})", triton_operands="numeric", lowers=("math.absf", "math.absi"),
                   reference=numpy("abs")),
    ElementwiseRow("relu", 1, (SAME, "numeric"), {"float": "relu", "int": "relu"}),
    ElementwiseRow("sign", 1, (SAME, "any"), {"float": "sign", "int": "sign", "bool": "identity"}),
    rounding("floor", "math.floor", "tl.floor({0})", numpy("floor")),
    rounding("ceil", "math.ceil", "tl.ceil({0})", numpy("ceil")),
    rounding("round", "math.roundeven", "libdevice.nearbyint({0})", numpy("rint")),
    rounding("trunc", "math.trunc", "tl.where({0} < 0, tl.ceil({0}), tl.floor({0}))", numpy("trunc")),
    ElementwiseRow("bitwise_not", 1, (SAME, "integer_or_bool"), {"int": "bitwise_not", "bool": "bitwise_not"},
                   triton="~{0}", triton_operands="int_or_bool"),
    ElementwiseRow("isnan", 1, (BOOL, "any"), {"float": "isnan", "int": "false", "bool": "false"}, "self",
                   scalar="float_to_bool", doc="x is NaN", triton="{0} != {0}", triton_operands="float", triton_result="i1",
                   lowers=("loop.isnan",), reference=numpy("isnan")),
    ElementwiseRow("isinf", 1, (BOOL, "any"), {"float": "loop.isinf", "int": "false", "bool": "false"}, "self",
                   scalar="float_to_bool", doc="x is +inf or -inf", triton='tl.abs({0}) == float("inf")', triton_operands="float",
                   triton_result="i1", lowers=("loop.isinf",), reference=numpy("isinf")),
    ElementwiseRow("signbit", 1, (BOOL, "any"), {"float": "loop.signbit", "int": "is_negative", "bool": "false"},
                   "self", scalar="float_to_bool", doc="the sign bit of x is set (-0.0 and -NaN too)",
                   triton="libdevice.signbit({0}) != 0", triton_operands="math", triton_result="i1",
                   lowers=("loop.signbit",), reference=numpy("signbit")),
    ElementwiseRow("frexp_mantissa", 1, (SAME, "float"), {"float": "frexp_mantissa"}),  # frexp's two results
    ElementwiseRow("frexp_exponent", 1, ("i32", "float"), {"float": "frexp_exponent"}, "self"),
    ElementwiseRow("logical_not", 1, (BOOL, "any"), {"bool": "logical_not"}, "bool"),
    triton_only("not", 1, "{0} == 0", "bool"),
    ElementwiseRow("sigmoid", 1, (FLOAT, "any"), {"float": "loop.sigmoid"}, scalar="float", doc="1 / (1 + exp(-x))",
                   triton="tl.sigmoid({0})", lowers=("loop.sigmoid",), reference=_sigmoid),
    ElementwiseRow("silu", 1, (FLOAT, "float"), {"float": "silu"}),
    ElementwiseRow("gelu", 1, (FLOAT, "float"), {"float": "gelu"}),
    ElementwiseRow("reciprocal", 1, (FLOAT, "any"), {"float": "reciprocal"}, triton="1.0 / {0}",
                   triton_operands="float"),
    float_math("exp", triton="tl.exp({0})"),
    float_math("exp2", triton="tl.exp2({0})"),
    float_math("expm1"),
    float_math("log", triton="tl.log({0})"),
    float_math("log1p"),
    float_math("log2", triton="tl.log2({0})"),
    float_math("sqrt", triton="tl.sqrt({0})"),
    float_math("rsqrt", triton="tl.rsqrt({0})", reference=_rsqrt),
    float_math("erf", triton="tl.erf({0})", reference=vectorized("erf")),
    float_math("sin", triton="tl.sin({0})"),
    float_math("cos", triton="tl.cos({0})"),
    float_math("tan"),
    float_math("tanh"),
    float_math("asin", reference=numpy("arcsin")),
    float_math("acos", reference=widened("arccos")),
    float_math("atan", reference=numpy("arctan")),
    float_math("sinh"),
    float_math("cosh"),
    float_math("asinh", reference=numpy("arcsinh")),
    float_math("acosh", reference=numpy("arccosh")),
    float_math("atanh", reference=numpy("arctanh")),
    float_math("log10"),
    libdevice_math("erfc", reference=vectorized("erfc")),
    libdevice_math("lgamma"),
    libdevice_math("erfinv"),
    ElementwiseRow("digamma", 1, (FLOAT, "any"), {"float": "digamma"}),
    ElementwiseRow("trigamma", 1, (FLOAT, "any"), {"float": "trigamma"}),  # polygamma(1, x); no ATen op of its own
    ElementwiseRow("angle", 1, (FLOAT, "any"), {"float": "angle"}),
    ElementwiseRow("spherical_bessel_j0", 1, (FLOAT, "any"), {"float": "spherical_bessel_j0"}),
    libdevice_math("i0", "cyl_bessel_i0"),
    libdevice_math("i1", "cyl_bessel_i1", aten_reference("special.i1")),
    ElementwiseRow("i0e", 1, (FLOAT, "any"), {"float": "i0e"}),
    ElementwiseRow("i1e", 1, (FLOAT, "any"), {"float": "i1e"}),
    *(ElementwiseRow(name, 1, (FLOAT, "any"), {"float": name}) for name in (
        "modified_bessel_k0", "modified_bessel_k1", "scaled_modified_bessel_k0", "scaled_modified_bessel_k1",
        "airy_ai")),
    # orthogonal polynomials of a degree tensor: a recurrence whose length is the degree (a loop.while)
    *(ElementwiseRow(name, 2, (FLOAT, "any"), {"float": name}) for name in SPECIAL_POLYNOMIALS),
    ElementwiseRow("zeta", 2, (FLOAT, "any"), {"float": "zeta"}),  # Hurwitz's; its sum's length is data too
    # the regularized incomplete gamma functions P and Q: series and a continued fraction as loop.while
    ElementwiseRow("igamma", 2, (FLOAT, "float"), {"float": "igamma"}),
    ElementwiseRow("igammac", 2, (FLOAT, "float"), {"float": "igammac"}),
    libdevice_math("erfcx", reference=aten_reference("special.erfcx")),
    libdevice_math("ndtri", "normcdfinv", aten_reference("special.ndtri")),
    libdevice_math("bessel_j0", "j0", aten_reference("special.bessel_j0")),
    libdevice_math("bessel_j1", "j1", aten_reference("special.bessel_j1")),
    libdevice_math("bessel_y0", "y0", aten_reference("special.bessel_y0")),
    libdevice_math("bessel_y1", "y1", aten_reference("special.bessel_y1")),
    # f32 and f64 through libdevice; f16 and bf16 step their own bits (convert-aten-to-loop's nextafter)
    ElementwiseRow("nextafter", 2, (FLOAT, "float"), {"float": "nextafter"}, scalar="float2",
                   triton="libdevice.nextafter({0}, {1})", lowers=("loop.nextafter",), reference=numpy("nextafter"),
                   doc="the next float after x toward y (ATen's torch.nextafter)"),
)  # fmt: skip
