"""Graphs the OpInfo sweep (test/opinfo) found running eagerly as a whole or giving a wrong answer (issue 21).

Each one now compiles with the ops irc cannot lower as externs inside the compiled graph (`check` asserts no
whole-graph fallback) and matches eager: effect tokens around linalg ops, complex and wide unsigned values
(extern-only dtypes, also where a lowering of pads or cats would have made them a kernel), views returned
from a graph, lifted constants, squeeze of several dims, results with no elements, integer pow and average
pooling, a where of two scalar i64 branches, and masked loads of inlined producers.
"""

import pytest
import torch

from harness import check, rand

from irc import metrics


def compiled(fn):
    torch._dynamo.reset()
    metrics.reset()
    return torch.compile(fn, backend="irc")


# -- effect tokens: ops with side effects (linalg's error checks) are ordered externs ----------------------


@pytest.mark.parametrize(
    "fn",
    [torch.linalg.inv, torch.linalg.cholesky, lambda a: torch.linalg.solve(a, a[:, :1] * 2), torch.linalg.det],
    ids=["inv", "cholesky", "solve", "det"],
)
def test_linalg_with_error_checks(fn, device):
    a = rand(5, 5, device=device)
    spd = a @ a.mT + 5 * torch.eye(5, device=device)
    check(lambda m: fn(m) * 2 + 1, spd)
    if device == "cuda":
        pytest.xfail("CUDA's traced graph holds no _linalg_check_errors (errors not checked: see the next test)")
    assert "aten::_linalg_check_errors.default" in metrics.fallbacks or fn is torch.linalg.det
    assert metrics.generated_kernel_count >= 1


def test_linalg_error_is_raised_by_the_compiled_graph(device):
    f = compiled(lambda m: torch.linalg.inv(m) + 1)
    f(torch.eye(3, device=device))
    if device == "cuda":
        pytest.xfail("on CUDA the traced graph holds no _linalg_check_errors: a singular matrix is not reported")
    with pytest.raises(torch.linalg.LinAlgError):
        f(torch.zeros(3, 3, device=device))


# -- extern-only dtypes: complex numbers and wide unsigned integers flow between externs ------------------


def test_fft_of_a_computed_input(device):
    x = rand(4, 16, device=device)
    check(lambda x: torch.fft.rfft(x.relu() * 2).abs() + 1, x)
    check(lambda x: torch.fft.irfft(torch.fft.rfft(x), n=16) - x, x)
    assert metrics.generated_kernel_count >= 1


def test_padded_fft2(device):
    """fft2 of a larger size pads a complex tensor: constant_pad_nd stays an extern on complex values."""
    x = rand(2, 6, 7, device=device)
    check(lambda x: torch.fft.fft2(x * 2, s=(3, 10)).abs(), x)
    check(lambda x: torch.fft.ifftn(x, s=(8, 9), dim=(1, 2)).real + 1, x)


def test_complex_inputs_and_outputs(device):
    z = torch.randn(3, 5, dtype=torch.complex64, device=device)
    check(lambda z: torch.view_as_real(z * 2), z)
    check(lambda z: (z.real + 1, z.imag * 2, z.abs()), z)
    check(lambda x: torch.polar(x.abs() + 1, x), rand(3, 5, device=device))
    check(lambda x: torch.linalg.eigvals(x).abs().sum(), rand(4, 4, device=device))


def test_stft(device):
    x = rand(2, 64, device=device)
    window = torch.hann_window(16, device=device)
    check(lambda x, w: torch.stft(x * 2, 16, window=w, return_complex=True).abs(), x, window)


def test_uint64_values(device):
    x = torch.randint(0, 1000, (4, 6), device=device)
    check(lambda x: x.to(torch.uint64).to(torch.int64) * 3, x)
    check(lambda x: x.to(torch.int64) + 1, x.to(torch.uint64))
    check(lambda x: (x * 2).to(torch.uint32), x)


# -- views and constants -----------------------------------------------------------------------------------


def test_views_of_inputs_returned(device):
    x, y = rand(3, 4, device=device), rand(4, 3, device=device)
    for fn in (lambda x: x.mT, lambda x: x.T, lambda x: x.view(2, 6), lambda x: x[1:, ::2]):
        check(fn, x)
    check(lambda x, y: x.view_as(y), x, y)
    check(lambda x, y: x.reshape_as(y), x, y)
    check(lambda x, y: x[:1].expand_as(y.mT), x, y)


def test_masked_reductions_with_constants(device):
    x, mask = rand(4, 7, device=device), rand(4, 7, device=device) > 0
    check(lambda x, m: torch.masked.sum(x, 1, mask=m), x, mask)
    check(lambda x, m: torch.masked.amax(x, 1, mask=m), x, mask)
    check(lambda x: x[torch.tensor([0, 2, 3], device=x.device)] * 2, x)


@pytest.mark.parametrize("dims", [(), (0,), (1, 3), (-1,), (1, 2), (0, 1, 2, 3)], ids=str)
def test_squeeze_of_several_dims(dims, device):
    check(lambda x: torch.squeeze(x, dims) + 1, rand(5, 1, 5, 1, device=device))
    check(lambda x: torch.squeeze(x, dims) * 2, rand(1, 1, 1, 1, device=device))


def test_results_with_no_elements(device):
    check(lambda n: torch.eye(0, device=n.device) + n.sum(), rand(3, device=device))
    check(lambda x: (x[:, :0].exp(), x[2:2] + 1, x.sum(1)), rand(3, 4, device=device))


# -- integer arithmetic whose Triton form is missing or typed differently ----------------------------------


def test_integer_avg_pool(device):
    """eager's int64 average pooling is a kernel too: an int64 sum divided truncating toward zero."""
    if device == "cuda":
        pytest.skip("ATen has no integer avg_pool2d on CUDA")
    x = torch.randint(-50, 50, (2, 3, 7, 8), device=device)
    check(lambda x: torch.nn.functional.avg_pool2d(x, 3, 2) + 1, x, fallbacks={})
    check(lambda x: torch.nn.functional.avg_pool2d(x.float(), 3, 2), x, fallbacks={})


def test_integer_pow(device):
    x = torch.randint(-4, 5, (5, 6), device=device)
    check(lambda x: (x**2, torch.pow(x, 3) + 1, 2**x.abs()), x)
    # square-and-multiply kernels: wrapping products, negative exponents (1, +-1 or 0) as ATen's powi
    e = torch.randint(-3, 45, (5, 6), device=device)
    check(lambda x, e: (x**e, x.to(torch.int8) ** 5, x.to(torch.int32) ** e.to(torch.int32), x**2), x, e, fallbacks={})


def test_where_of_two_scalar_int64_branches(device):
    """tl.where(c, 0, 1) is int32 in Triton; meeting int64's maximum it must already be int64."""
    target = torch.randint(-1, 3, (4, 1), device=device)
    check(lambda t: torch.where(t == -1, torch.arange(1, device=t.device), 1).amin(-1), target)
    check(lambda x: torch.where(x > 0, 0, 1).to(torch.int64).amin(), rand(1, device=device))


@pytest.mark.parametrize("shape", [(), (5,), (3, 5)], ids=str)
def test_multilabel_margin_loss(shape, device):
    """PyTorch's decomposition counts the positions after a row's -1 end marker as class 0; irc's own
    (irc/decompositions_nn.py) reads only those before it."""
    x = torch.randn(shape, device=device)
    target = torch.randint(-1, shape[-1] if shape else 1, shape, device=device)
    check(lambda x, t: torch.nn.functional.multilabel_margin_loss(x, t), x, target, fallbacks={})


# -- masked loads of inlined producers read 0 outside their bounds -----------------------------------------


def test_max_pool_backward_with_ceil_mode(device):
    x = rand(2, 3, 5, 6, device=device)

    def fn(x):
        out, indices = torch.nn.functional.max_pool2d_with_indices(x, 3, 2, ceil_mode=True)
        grad = torch.ones_like(out)
        return torch.ops.aten.max_pool2d_with_indices_backward(grad, x, [3, 3], [2, 2], [0, 0], [1, 1], True, indices)

    check(fn, x)


def test_pad_and_cat_of_computed_values(device):
    x = rand(3, 5, device=device)
    check(lambda x: torch.nn.functional.pad(x.exp(), (2, 1, 1, 0)), x)
    check(lambda x: torch.nn.functional.pad(torch.ones_like(x) * 3, (1, 2)), x)
    check(lambda x: torch.cat([x.exp(), torch.full_like(x, 2.0), x.cos()], 1), x)


def test_gather_with_an_empty_unsigned_index(device):
    """An empty uint8 index (eager accepts it) used to fail the graph: its wrap-around compared ui8 with i32."""
    x = rand(5, device=device)
    check(lambda x, i: torch.gather(x, 0, i) + 1, x, torch.zeros(0, dtype=torch.uint8, device=device))


# -- bfloat16 comparisons: a bool result stored from compared bfloat16 values (the interpreter's shim read the
# bools as bfloat16 bits and stored False everywhere) ----------------------------------------------------------


def test_bfloat16_truth_values(device):
    x = rand(7, 9, device=device, dtype=torch.bfloat16)
    x[0, :4] = torch.tensor([0.0, -0.0, 1e-39, float("nan")])
    y = rand(7, 9, device=device, dtype=torch.bfloat16).round()
    check(lambda x, y: (x.bool(), torch.logical_and(x, y), torch.logical_or(x, y), x != 0.5), x, y, kernels=1)


# -- a Python number times or divided by a half-precision tensor: ATen reads the number in float32, not rounded to
# bfloat16 first (multi_head_attention_forward's query scaling, 1/sqrt(2), was a bf16 ulp off and its softmax
# weights 3e-4 off) ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
def test_half_precision_times_a_python_number(dtype, device):
    x = rand(64, 64, device=device, dtype=dtype, low=-200.0, high=200.0)
    fn = lambda x: (x * 0.7071067811865476, x / 0.7071067811865476, 0.3 / x, x // 0.7071067811865476)  # noqa: E731
    exact = check(fn, x) if device == "cpu" else check(fn, x)[:1]  # CUDA eager divides by a Python number
    for got, want in zip(exact, fn(x)):  # through its reciprocal (div_true_kernel_cuda): an ulp from a division
        assert torch.equal(got, want)  # exactly: the tolerance would pass an ulp off
    assert not torch.equal(fn(x)[0], x * torch.tensor(0.7071067811865476, dtype=dtype))  # the rounded number differs


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
def test_half_precision_times_a_size(dtype, device):
    """A number the graph computes (a dynamic size) is read in float32 too: 257 is 256 in bfloat16."""
    x = rand(257, device=device, dtype=dtype)
    got = check(lambda x: (x * x.shape[0], x / x.shape[0]), x, dynamic=True)
    assert torch.equal(got[0], x * 257) and torch.equal(got[1], x / 257)
