"""Elementwise ops end to end (CPU through Triton's interpreter; CUDA when present), against eager."""

import pytest
import torch

from harness import check, rand

F32, F16, BF16 = torch.float32, torch.float16, torch.bfloat16

UNARY = {
    "neg": torch.neg, "abs": torch.abs, "exp": torch.exp, "exp2": torch.exp2, "expm1": torch.expm1,
    "log": lambda x: torch.log(x.abs() + 0.5), "log1p": lambda x: torch.log1p(x.abs()),
    "log2": lambda x: torch.log2(x.abs() + 0.5), "sqrt": lambda x: torch.sqrt(x.abs()),
    "rsqrt": lambda x: torch.rsqrt(x.abs() + 0.5), "reciprocal": lambda x: torch.reciprocal(x + 10),
    "sin": torch.sin, "cos": torch.cos, "tan": lambda x: torch.tan(x / 4), "tanh": torch.tanh,
    "sigmoid": torch.sigmoid, "erf": torch.erf, "relu": torch.relu,
    "gelu": torch.nn.functional.gelu, "gelu_tanh": lambda x: torch.nn.functional.gelu(x, approximate="tanh"),
    "silu": torch.nn.functional.silu, "sign": torch.sign, "floor": torch.floor, "ceil": torch.ceil,
    "round": torch.round, "trunc": torch.trunc, "isnan": lambda x: torch.isnan(x / (x > 0)),
    "isinf": lambda x: torch.isinf(1 / (x > 0).float()), "logical_not": lambda x: torch.logical_not(x > 0),
    "clamp": lambda x: torch.clamp(x, -1, 0.5), "clamp_min": lambda x: torch.clamp_min(x, 0.1),
    "clamp_max": lambda x: torch.clamp_max(x, 0.1),
}  # fmt: skip

BINARY = {
    "add": torch.add, "sub": torch.sub, "mul": torch.mul, "div": torch.div,
    "div_floor": lambda a, b: torch.div(a, b, rounding_mode="floor"),
    "div_trunc": lambda a, b: torch.div(a, b, rounding_mode="trunc"),
    "remainder": torch.remainder, "minimum": torch.minimum, "maximum": torch.maximum,
    "pow": lambda a, b: torch.pow(a.abs() + 0.1, b), "eq": lambda a, b: a.round() == b.round(),
    "ne": lambda a, b: a.round() != b.round(), "lt": torch.lt, "le": torch.le, "gt": torch.gt, "ge": torch.ge,
    "logical_and": lambda a, b: torch.logical_and(a > 0, b > 0),
    "logical_or": lambda a, b: torch.logical_or(a > 0, b > 0),
    "logical_xor": lambda a, b: torch.logical_xor(a > 0, b > 0),
    "where": lambda a, b: torch.where(a > b, a, b),
    # each added as one row of dialects/elementwise.py
    "hypot": torch.hypot, "copysign": torch.copysign,
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_f32(name, device):
    check(UNARY[name], rand(37, 129, device=device))


@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_f32(name, device):
    check(BINARY[name], rand(37, 129, device=device), rand(37, 129, device=device))


@pytest.mark.parametrize("dtype", [F16, BF16])
@pytest.mark.parametrize("name", ["exp", "sigmoid", "gelu", "silu", "tanh", "relu", "rsqrt", "abs"])
def test_unary_half(name, dtype, device):
    check(UNARY[name], rand(1000, dtype=dtype, device=device))


@pytest.mark.parametrize("dtype", [F16, BF16])
@pytest.mark.parametrize("name", ["add", "mul", "div", "maximum", "lt", "where"])
def test_binary_half(name, dtype, device):
    check(BINARY[name], rand(1000, dtype=dtype, device=device), rand(1000, dtype=dtype, device=device))


@pytest.mark.parametrize("dtype", [torch.int32, torch.int64])
@pytest.mark.parametrize(
    "fn",
    [
        torch.add, torch.mul, torch.sub, torch.maximum, torch.bitwise_and, torch.bitwise_or, torch.bitwise_xor,
        lambda a, b: torch.div(a, b.abs() + 1, rounding_mode="floor"), lambda a, b: torch.remainder(a, b.abs() + 1),
        lambda a, b: a == b, lambda a, b: torch.div(a, b.abs() + 1), lambda a, b: a.abs() + b.neg(),
        lambda a, b: torch.bitwise_not(a) * torch.sign(b),
    ],
)  # fmt: skip
def test_integer_ops(fn, dtype, device):
    check(fn, rand(37, 13, dtype=dtype, low=-50, high=50, device=device), rand(37, 13, dtype=dtype, low=-50, high=50, device=device))


def test_bool_ops(device):
    check(lambda a, b: (a & b) | ~a ^ b, rand(100, dtype=torch.bool, device=device), rand(100, dtype=torch.bool, device=device))


def test_casts(device):
    x = rand(37, 129, device=device) * 40
    check(lambda x: (x.to(torch.float16), x.to(torch.int32), x.to(torch.bool), x.to(torch.bfloat16)), x)
    check(lambda x: (x.to(torch.float32) + 1, x.to(torch.int64) * 2), rand(50, dtype=torch.int32, low=-9, high=9, device=device))


@pytest.mark.parametrize("source", [F32, F16, torch.int32, torch.uint8, torch.bool])
def test_casts_to_bfloat16_round_like_torch(source, device):
    x = rand(37, 129, dtype=source, low=0 if source == torch.uint8 else -300, high=250, device=device)
    fn = lambda x: x.to(BF16) * 1  # noqa: E731
    got = torch.compile(fn, backend="irc")(x)
    assert torch.equal(got, fn(x)), "casts to bfloat16 must round to nearest even, bit for bit"


def test_broadcast_rows_cols_scalars(device):
    x, row, col = rand(37, 129, device=device), rand(129, device=device), rand(37, 1, device=device)
    check(lambda x, r, c: x * r + c - 2.5, x, row, col)
    check(lambda x: x * 3 + 1.5 / (x.abs() + 1), x)


def test_scalar_type_promotion(device):
    i = rand(31, dtype=torch.int32, low=-9, high=9, device=device)
    check(lambda i: (i * 2.5, i + 1, i / 2, i > 1.5, (i > 0) + 1), i)
    h = rand(31, dtype=F16, device=device)
    check(lambda h, f: (h * 2.5, h + f, h.float() * f), h, rand(31, device=device))


def test_creation_ops(device):
    def fn(x):
        d = x.device
        a = torch.full((37, 5), 2.5, device=d) + x[:, :5]
        b = torch.arange(37, device=d).float().unsqueeze(1) * x[:, 5:6]
        c = torch.zeros(5, device=d) + torch.ones(5, device=d) + torch.scalar_tensor(3.0, device=d)
        return a, b, c, torch.arange(3, 40, 2, device=d)

    check(fn, rand(37, 129, device=device))


def test_chain_of_ten_pointwise_ops_is_one_kernel(device):
    def fn(x, y):
        z = x + y
        for _ in range(4):
            z = torch.sigmoid(z) * 2 - y
        return z

    check(fn, rand(1000, device=device), rand(1000, device=device), kernels=1)


def test_multiple_outputs(device):
    check(lambda x: (x + 1, x * 2, x.sin()), rand(37, 129, device=device))


@pytest.mark.parametrize("dtype", [torch.float32, F16, BF16, torch.float64])
def test_gelu_tanh_as_sigmoid(dtype, device):
    """loop-peephole computes the tanh GELU's 1 + tanh(y) as 2 sigmoid(2y): equal to eager at the tails too,
    and the emitted kernel has no tanh left."""
    from irc.compile import compile_module_text
    from irc.tools.fx_to_mlir import capture

    gelu = UNARY["gelu_tanh"]
    tails = torch.tensor([0.0, -0.0, 1e-8, -1e-8, 6.0, -6.0, 20.0, -20.0, 300.0, -300.0, float("inf"), float("-inf"), float("nan")])
    x = torch.cat([rand(517, dtype=torch.float32, low=-8, high=8), tails]).to(dtype).to(device)
    check(gelu, x)
    (text,) = capture(gelu, [x.cpu()])
    source = compile_module_text(text)
    assert "tl.sigmoid" in source and "tanh" not in source.split("def call")[0].split("@triton.jit", 1)[1]


@pytest.mark.parametrize("exponent", [0.5, 2.0, 3.0, 2.5])
def test_constant_powers_at_special_values(exponent, device):
    """x ** 0.5 is a sqrt and small whole powers are products, as ATen's pow kernels compute them: eager's
    values at -1, -0, 0, inf, -inf and nan too."""
    inf, nan = float("inf"), float("nan")
    specials = torch.tensor([-1.0, -0.0, 0.0, inf, -inf, nan, 4.0, 0.3], device=device)
    check(lambda x: (x * 1.0) ** exponent, torch.cat([specials, rand(37, device=device)]))
