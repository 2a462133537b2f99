"""Issue 4's checks: how many kernels each program compiles to, and the bytes they move against the minimum.

The minimum is every graph input read once and every graph output written once (irc.metrics.minimum_bytes
of the last compile); irc.metrics.bytes_moved is what the kernels read and write, from the kernel-level IR.
"""

import os

import pytest
import torch
import torch.nn.functional as F

from harness import check, rand
from irc import metrics

ROWS, COLS = 37, 129  # odd sizes: masks on both axes


def pointwise_chain(x):
    for k in range(10):
        x = torch.sin(x) * 1.5 if k % 2 else x + 0.25
    return x


def layer_norm_relu(x, w, b):
    return torch.relu(F.layer_norm(x, (x.shape[-1],), w, b))


def rms_norm(x, w):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * w


def residual_layer_norm(x, residual, w, b):
    h = x + residual
    return h, F.layer_norm(h, (h.shape[-1],), w, b)


def mean_var(x):
    return x.mean(1), x.var(1)


def bias_gelu(x, b):
    return F.gelu(x + b)


def x_rows():
    return rand(ROWS, COLS)


# name -> (program, inputs, whether its kernel is a persistent reduction)
ONE_KERNEL = {
    "pointwise_chain": (pointwise_chain, lambda: [x_rows()], False),
    "softmax": (lambda x: torch.softmax(x, -1), lambda: [x_rows()], True),
    "log_softmax": (lambda x: torch.log_softmax(x, -1), lambda: [x_rows()], True),
    "layer_norm_relu": (layer_norm_relu, lambda: [x_rows(), rand(COLS), rand(COLS)], True),
    "rms_norm": (rms_norm, lambda: [x_rows(), rand(COLS)], True),
    "sigmoid_sum_add": (lambda x, y: torch.sigmoid(torch.sum(x + y, 1)), lambda: [x_rows(), x_rows()], True),
    "bias_gelu": (bias_gelu, lambda: [x_rows(), rand(COLS)], False),
    "sin_and_cos": (lambda x: (x.sin(), x.cos()), lambda: [x_rows()], False),
    "mean_var": (mean_var, lambda: [x_rows()], True),
    "residual_layer_norm": (residual_layer_norm, lambda: [x_rows(), x_rows(), rand(COLS), rand(COLS)], True),
}


def tensor_bytes(values) -> int:
    values = values if isinstance(values, (tuple, list)) else [values]
    return sum(v.numel() * v.element_size() for v in values if isinstance(v, torch.Tensor))


@pytest.mark.parametrize("name", sorted(ONE_KERNEL))
def test_one_kernel(name):
    program, make_inputs, _ = ONE_KERNEL[name]
    inputs = make_inputs()
    check(program, *inputs, kernels=1, fallbacks={})


@pytest.mark.parametrize("name", sorted(n for n, (_, _, persistent) in ONE_KERNEL.items() if persistent))
def test_persistent_reductions_move_the_minimum_bytes(name):
    program, make_inputs, _ = ONE_KERNEL[name]
    inputs = make_inputs()
    got = check(program, *inputs, kernels=1)
    minimum = tensor_bytes(inputs) + tensor_bytes(got)
    assert metrics.minimum_bytes == minimum
    assert metrics.bytes_moved == minimum, (metrics.bytes_moved, minimum)


@pytest.mark.parametrize("name", ["pointwise_chain", "bias_gelu", "sin_and_cos"])
def test_pointwise_kernels_move_the_minimum_bytes(name):
    program, make_inputs, _ = ONE_KERNEL[name]
    inputs = make_inputs()
    got = check(program, *inputs, kernels=1)
    assert metrics.bytes_moved == tensor_bytes(inputs) + tensor_bytes(got)


@pytest.mark.parametrize("cols", [COLS, 5003])
def test_cross_entropy_forward_in_at_most_two_kernels(cols):
    logits, target = rand(ROWS, cols), torch.randint(0, cols, (ROWS,))
    target[::5] = -100  # ignore_index rows
    check(F.cross_entropy, logits, target, fallbacks={})
    assert metrics.generated_kernel_count <= 2, metrics.generated_kernel_count
    # the logits are read once (the target logit by a gather load in the row kernel); only row vectors besides
    extra = metrics.bytes_moved - metrics.minimum_bytes
    assert 0 <= extra <= 4 * 8 * ROWS, (metrics.bytes_moved, metrics.minimum_bytes)
    assert metrics.buffer_bytes < tensor_bytes([logits]), metrics.buffer_bytes  # no [N, C] buffer


def test_bytes_of_dynamic_sizes_use_the_actual_sizes():
    x = rand(ROWS, COLS)
    got = check(lambda x: torch.softmax(x, -1), x, dynamic=True, kernels=1)
    assert metrics.bytes_moved >= tensor_bytes([x, got])


def test_debug_writes_the_fusion_report(tmp_path, monkeypatch):
    monkeypatch.setenv("IRC_DEBUG", "1")
    monkeypatch.setenv("IRC_DEBUG_DIR", str(tmp_path / "dbg"))
    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path / "cache"))
    check(residual_layer_norm, x_rows(), x_rows(), rand(COLS), rand(COLS), kernels=1)
    (folder,) = os.listdir(tmp_path / "dbg")
    report = (tmp_path / "dbg" / folder / "fusion.txt").read_text()
    assert "func @forward: kernels 1" in report and "fused" in report
    assert "digraph fusion" in (tmp_path / "dbg" / folder / "fusion.dot").read_text()
    assert (tmp_path / "dbg" / folder / "fusion.svg").read_text().lstrip().startswith(("<svg", "<?xml"))


@pytest.mark.parametrize("dim", [0, 1, -1])
def test_gather_is_one_kernel(dim):
    x = rand(37, 129)
    index = torch.randint(0, x.shape[dim], (5, 7) if dim == 0 else (37, 3))
    check(lambda x, i: torch.gather(x, dim, i) * 2, x, index, fallbacks={})


def test_gather_of_half_values():
    x = rand(37, 129, dtype=torch.float16)
    check(lambda x, i: torch.gather(x, 1, i), x, torch.randint(0, 129, (37, 1)), fallbacks={})


@pytest.mark.parametrize(
    ("program", "name"),
    [
        ("sigmoid_sum_add", "triton_per_fused_add_sigmoid_sum_0"),
        ("softmax", "triton_per_fused_amax_div_exp_sub_sum_0"),
        ("sin_and_cos", "triton_poi_fused_cos_sin_0"),
    ],
)
def test_kernel_names_describe_their_content(program, name):
    fn, make_inputs, _ = ONE_KERNEL[program]
    check(fn, *make_inputs(), kernels=1)
    assert [kernel for kernel, _, _ in metrics.kernel_bytes] == [name]


def test_views_never_materialize():
    """Views are index remappings: only the computed outputs are written, each kernel reading x once. x.t() * 2
    is written in eager's layout (x.t()'s, column-major), so it has a kernel of its own."""
    x = x_rows()
    got = check(lambda x: (x.t(), x.t() * 2, x.reshape(-1)[3:], x.t().reshape(-1) + 1), x, kernels=2)
    assert got[1].stride() == x.t().stride()
    assert metrics.bytes_moved == 2 * tensor_bytes(x) + tensor_bytes([got[1], got[3]])
