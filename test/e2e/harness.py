"""Compile with backend="irc" and compare against eager on fresh random inputs."""

import torch

from irc import metrics
from irc.interp.compare import cancellation_allowance

TOLERANCES = {
    torch.float16: dict(rtol=1e-2, atol=1e-2),
    torch.bfloat16: dict(rtol=5e-2, atol=5e-2),
    torch.float32: dict(rtol=1e-4, atol=1e-5),
    torch.float64: dict(rtol=1e-7, atol=1e-7),
}


def devices() -> list[str]:
    return ["cpu", "cuda"] if torch.cuda.is_available() else ["cpu"]


def rand(*shape, dtype=torch.float32, device="cpu", low=-3.0, high=3.0):
    """Fresh random values (never zeros); ints in [low, high), bools half true."""
    if dtype == torch.bool:
        return torch.rand(*shape, device=device) > 0.5
    if not dtype.is_floating_point:
        return torch.randint(int(low), int(high), shape, device=device, dtype=dtype)
    return (torch.rand(*shape, device=device, dtype=torch.float32) * (high - low) + low).to(dtype)


def product_rand(*shape, **kwargs):
    """Fresh random values in [-0.75, 0.75): a product's rounding error stays well inside f32's tolerance."""
    return rand(*shape, **kwargs) / 4


def assert_same(got, want):
    if isinstance(want, (tuple, list)):
        assert isinstance(got, (tuple, list)) and len(got) == len(want)
        for g, w in zip(got, want):
            assert_same(g, w)
        return
    if not isinstance(want, torch.Tensor):
        assert got == want
        return
    assert got.shape == want.shape, (got.shape, want.shape)
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    tol = dict(TOLERANCES.get(want.dtype, dict(rtol=0, atol=0)))
    if want.is_floating_point():  # where a sum's terms cancel, its error follows the output's size
        tol["atol"] += cancellation_allowance(want.detach().double().cpu().numpy(), tol["rtol"])
    torch.testing.assert_close(got, want, equal_nan=True, **tol)


def check(fn, *inputs, dynamic=False, kernels=None, fallbacks=None):
    """Runs fn compiled by irc and eagerly; asserts equal results and, if given, the kernel count."""
    torch._dynamo.reset()
    metrics.reset()
    want = fn(*inputs)
    got = torch.compile(fn, backend="irc", dynamic=dynamic)(*inputs)
    assert_same(got, want)
    assert metrics.graph_fallbacks == 0
    if kernels is not None:
        assert metrics.generated_kernel_count == kernels, metrics.generated_kernel_count
    if fallbacks is not None:
        assert dict(metrics.fallbacks) == fallbacks, dict(metrics.fallbacks)
    return got


def lowered_externs(fn, inputs, spec: str) -> list:
    """The kernel.extern ops of `fn`'s one graph after the passes of `spec` (up to convert-aten-to-loop)."""
    from xdsl.parser import Parser

    from irc.dialects import kernel
    from irc.pipeline import make_context, run_pipeline
    from irc.tools.fx_to_mlir import capture

    (text,) = capture(fn, list(inputs))
    module = Parser(make_context(), text).parse_module()
    run_pipeline(module, make_context(), spec)
    return [op for op in module.walk() if isinstance(op, kernel.ExternOp)]
