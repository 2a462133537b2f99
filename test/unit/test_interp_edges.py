"""Edges where the reference interpreters once disagreed with eager or with each other (and so with the
kernels under IRC_CHECK_PASSES=1): wrapped Python scalars, a reduction's result dtype, opmath fallbacks,
division of the minimum, bf16 bit casts and NaN."""

import numpy as np
import torch

from irc.interp.differential import PassChecker
from irc.interp.interpreter import run_module
from irc.pipeline import make_context, run_pipeline
from test_interpreters import TO_KERNEL, function, one_op, parse, tensor

BF16 = torch.bfloat16


def aten_level(text: str, *inputs) -> list[np.ndarray]:
    return run_module(parse(text), [np.asarray(v) for v in inputs])


def levels_agree(text: str, inputs: list[np.ndarray], tmp_path) -> None:
    """convert-aten-to-loop .. kernel-tile on these inputs, every level checked against the one before."""
    checker = PassChecker(inputs, dump_folder=lambda: str(tmp_path))
    run_pipeline(parse(text), make_context(), TO_KERNEL, callback=checker)
    assert checker.checked == len(TO_KERNEL.split(","))


def test_a_python_scalar_wraps_into_the_tensor_dtype():
    """-300 >> b with b uint8: eager converts the wrapped number to uint8 (212) instead of raising."""
    b = np.arange(9, dtype=np.uint8)
    text = one_op("aten.bitwise_right_shift {0}, {1}", [("s", "i64"), ("b", tensor([9], "ui8", True))],
                  [tensor([9], "ui8")], {"s": "-300 : i64"})  # fmt: skip
    (got,) = aten_level(text, b)
    assert got.tolist() == torch.bitwise_right_shift(-300, torch.from_numpy(b)).tolist()


def test_sum_accumulates_in_its_result_dtype():
    """sum(f16 -> f32) as sum(x, dtype=float32): no rounding of the total to f16."""
    x = (np.random.default_rng(0).random((37, 29)) * 6 - 3).astype(np.float32)
    f32, f16 = tensor([37, 29], "f32", True), tensor([37, 29], "f16")
    text = function(
        [("x", f32)],
        [f"%h = aten.convert %x : {f32} -> {f16}", f"%r = aten.sum %h dims = [1] : ({f16}) -> ({tensor([37], 'f32')})"],
        [("r", tensor([37], "f32"))],
    )
    (got,) = aten_level(text, x)
    want = torch.from_numpy(x).half().sum(1, dtype=torch.float32)
    assert np.array_equal(got, want.numpy())


def test_grid_sampler_3d_samples_bf16_in_f32():
    """The f32 op rounded once to bf16 (the lowering's meaning), not eager's bf16 steps."""
    x = torch.rand(1, 2, 3, 4, 5).to(BF16)
    grid = (torch.rand(1, 2, 3, 2, 3) * 5 - 2.5).to(BF16)
    x_t, grid_t = tensor([1, 2, 3, 4, 5], "bf16", True), tensor([1, 2, 3, 2, 3], "bf16", True)
    out = tensor([1, 2, 2, 3, 2], "bf16", True)
    op = ('aten.fallback "aten::grid_sampler_3d.default"({0}, {1}) '
          "{{args = [#aten.operand<0>, #aten.operand<1>, 0 : i64, 2 : i64, false]}}")  # fmt: skip
    (got,) = aten_level(one_op(op, [("x", x_t), ("g", grid_t)], [out]), x.float(), grid.float())
    want = torch.grid_sampler_3d(x.float(), grid.float(), 0, 2, False).to(BF16).float()
    assert np.array_equal(got, want.numpy())


def test_trunc_division_of_the_minimum(tmp_path):
    """int64 min / 3 truncates to -3074457345618258602 at every level (|min| wraps to min)."""
    x_t = tensor([6], "i64", True)
    text = one_op('aten.div {0}, {1} rounding_mode = "trunc"', [("x", x_t), ("n", "i64")], [tensor([6], "i64")],
                  {"n": "3 : i64"})  # fmt: skip
    info = np.iinfo(np.int64)
    x = np.array([info.min, info.min + 1, info.max, -7, 7, 0], np.int64)
    (got,) = aten_level(text, x)
    assert got.tolist() == torch.div(torch.from_numpy(x), 3, rounding_mode="trunc").tolist()
    levels_agree(text, [x], tmp_path)


def test_bf16_nextafter_steps_its_own_bits_and_nan_is_positive(tmp_path):
    """The lowering bit-casts bf16 to i16 (bf16 is carried in float32 storage); NaN in, positive NaN out."""
    pairs = [(0.0, -0.0), (1.0, 2.0), (1.0, 0.0), (float("nan"), 1.0), (1.0, float("nan")), (-float("nan"), 0.0)]
    x, y = (torch.tensor([p[k] for p in pairs]).to(BF16).float().numpy() for k in (0, 1))
    t, b = tensor([6], "bf16", True), tensor([6], "bf16")
    text = function(
        [("x", t), ("y", t)],
        [f"%n = aten.nextafter %x, %y : ({t}, {t}) -> ({b})", f"%s = aten.signbit %n : ({b}) -> ({tensor([6], 'i1')})"],
        [("n", b), ("s", tensor([6], "i1"))],
    )
    levels_agree(text, [x, y], tmp_path)
    _, sign = aten_level(text, x, y)
    x16, y16 = torch.from_numpy(x).to(BF16), torch.from_numpy(y).to(BF16)
    assert sign.tolist() == torch.signbit(torch.nextafter(x16, y16)).tolist()


def test_a_python_number_times_bf16_is_read_in_f32(tmp_path):
    """mul and div (rows with opmath_numbers) read the number in float32 as ATen does, not rounded to bf16 first."""
    number = 0.7071067811865476
    x = (torch.rand(64, 64) * 400 - 200).to(BF16)
    t = tensor([64, 64], "bf16", True)
    for name, eager in (("mul", torch.mul), ("div", torch.div)):
        text = one_op(f"aten.{name} {{0}}, {{1}}", [("x", t), ("c", "f64")], [tensor([64, 64], "bf16")],
                      {"c": f"{number} : f64"})  # fmt: skip
        (got,) = aten_level(text, x.float().numpy())
        assert np.array_equal(got, eager(x, number).float().numpy())
        assert not np.array_equal(got, eager(x, torch.tensor(number, dtype=BF16)).float().numpy())  # rounded first
        levels_agree(text, [x.float().numpy()], tmp_path)
