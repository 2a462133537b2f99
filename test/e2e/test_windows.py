"""What the model zoo needed, op by op, against eager: lifted tensor constants, cat, constant_pad_nd, pooling
(max, avg, adaptive avg; forward and backward), batch norm (eval and train), the hard activations.

None of them may run eagerly (fallbacks={}): they are kernels like any pointwise op. Variants share one
compiled graph each (several outputs), so the file stays quick.
"""

import torch
import torch.nn.functional as F

from harness import assert_same, check, rand
from irc import metrics


def check_grad(fn, *inputs):
    """fn compiled and eager, forward and the gradients of every input (one random cotangent)."""
    torch._dynamo.reset()
    metrics.reset()
    eager = [x.detach().clone().requires_grad_() for x in inputs]
    compiled = [x.detach().clone().requires_grad_() for x in inputs]
    want = fn(*eager)
    got = torch.compile(fn, backend="irc")(*compiled)
    assert_same(got.detach(), want.detach())
    cotangent = torch.rand_like(want)
    for g, w in zip(
        torch.autograd.grad(got, compiled, cotangent), torch.autograd.grad(want, eager, cotangent)
    ):
        assert_same(g, w)
    assert metrics.graph_fallbacks == 0 and metrics.graphs_compiled == 2
    assert dict(metrics.fallbacks) == {}, dict(metrics.fallbacks)


def flat(*outputs):
    """Several outputs as one vector (a backward through all of them at once)."""
    return torch.cat([o.flatten() for o in outputs])


# -- lifted tensor constants -------------------------------------------------------------------------------


def test_lifted_tensor_constants(device):
    """torch.tensor(...) in traced code: a 0-d constant is folded, an empty one is an empty tensor, any other
    is passed to the compiled code after the inputs."""

    def fn(x):
        table = torch.tensor([[1.0, -2.0, 3.0]], device=x.device)
        return x * table + torch.tensor(2.5, device=x.device) + torch.tensor([], device=x.device).sum()

    check(fn, rand(5, 3, device=device), fallbacks={})


# -- cat and pad -------------------------------------------------------------------------------------------


def test_cat_is_a_kernel(device):
    def fn(x, y, h, e):
        return (
            torch.cat([x.sin(), y, x * 2], 0) + 1,  # one kernel: the cat reads the sine by index
            torch.cat([x, y], -1),
            torch.cat([e, h, y[0].t()], 1),  # a legacy empty input, f16 promoted to f32, a transposed view
        )

    x, y, h = rand(4, 6, 5, device=device), rand(4, 6, 5, device=device), rand(5, 3, device=device).half()
    check(fn, x, y, h, torch.tensor([], device=device), kernels=3, fallbacks={})


def test_cat_channels_last_keeps_the_layout(device):
    x = rand(2, 3, 5, 5, device=device).to(memory_format=torch.channels_last)
    got = check(lambda x: torch.cat([x, x.relu()], 1), x, fallbacks={})
    assert got.stride() == torch.cat([x, x], 1).stride()


def test_cat_with_dynamic_sizes():
    torch._dynamo.reset()
    metrics.reset()
    fn = torch.compile(lambda x, y: torch.cat([x, y], 0) * 2, backend="irc", dynamic=True)
    for rows in (3, 7):
        x, y = rand(rows, 9), rand(rows + 2, 9)
        assert_same(fn(x, y), torch.cat([x, y], 0) * 2)
    assert dict(metrics.fallbacks) == {} and metrics.graphs_compiled == 1


def test_constant_pad(device):
    def fn(x):
        return F.pad(x, (1, 2)) * 2, F.pad(x, (1, 2, 0, 3), value=-1.5), F.pad(x, (2, -1, -1, 1), value=3.0)

    check(fn, rand(2, 5, 7, device=device), kernels=3, fallbacks={})
    check(lambda x: F.pad(x, (1, 1, 2, 0), value=2.0), rand(2, 5, 7, device=device, dtype=torch.bfloat16))


def test_cat_and_pad_backward():
    check_grad(lambda x, y: flat(torch.cat([x, y.exp()], 1), F.pad(x, (1, -1)).sin()), rand(3, 4), rand(3, 2))


# -- pooling -----------------------------------------------------------------------------------------------

POOLS = [
    lambda x: F.max_pool2d(x, 3, 2, 1),
    lambda x: F.max_pool2d(x, 2),
    lambda x: F.max_pool2d(x, 3, 2, 1, dilation=2, ceil_mode=True),
    lambda x: F.max_pool2d(x, (2, 3), (1, 2)),
    lambda x: F.avg_pool2d(x, 3, 2, 1),
    lambda x: F.avg_pool2d(x, 3, 2, 1, ceil_mode=True, count_include_pad=False),
    lambda x: F.avg_pool2d(x, 2),
    lambda x: F.avg_pool2d(x, 2, 3),  # kernel shorter than the stride
    lambda x: F.avg_pool2d(x, (2, 3), (1, 2), (1, 1), divisor_override=5),
    lambda x: F.adaptive_avg_pool2d(x, (4, 5)),  # windows of different lengths
    lambda x: F.adaptive_avg_pool2d(x, 3),
    lambda x: F.adaptive_avg_pool2d(x, 1),
]


def test_pool_forward(device):
    check(lambda x: tuple(pool(x) for pool in POOLS), rand(2, 3, 9, 11, device=device), fallbacks={})


def test_pool_backward():
    backwards = [POOLS[k] for k in (0, 2, 5, 7, 9)]  # padding, dilation and ceil_mode, stride > kernel, adaptive
    check_grad(lambda x: flat(*(pool(x) for pool in backwards)), rand(2, 3, 9, 11))


def test_max_pool_indices_layouts_dtypes_and_nan(device):
    def fn(x, y, z):
        return (
            F.max_pool2d(x, 3, 2, 1, return_indices=True),
            F.max_pool2d(y, 2, return_indices=True),
            F.max_pool2d(z, 3, 2, 1),
        )

    x = rand(2, 4, 8, 8, device=device).to(memory_format=torch.channels_last)
    y = rand(3, 8, 7, device=device)  # unbatched
    y[0, 1, 2] = float("nan")  # a NaN is the maximum of its windows
    check(fn, x, y, rand(2, 3, 9, 9, device=device, dtype=torch.bfloat16), fallbacks={})


# -- batch norm and activations ----------------------------------------------------------------------------


def test_batch_norm_eval_fuses_with_relu(device):
    bn = torch.nn.BatchNorm2d(6).to(device).eval()
    with torch.no_grad():
        bn.running_mean.uniform_(-1, 1)
        bn.running_var.uniform_(0.5, 2)
        bn.weight.uniform_()
        bn.bias.uniform_()
    check(lambda x: torch.relu(bn(x)), rand(2, 6, 5, 5, device=device), kernels=1, fallbacks={})


def test_batch_norm_train_step():
    torch.manual_seed(0)
    eager, compiled = (torch.nn.BatchNorm2d(6) for _ in range(2))
    x = rand(4, 6, 5, 5)
    want = eager(x).relu()
    torch._dynamo.reset()
    metrics.reset()
    got = torch.compile(lambda x: compiled(x).relu(), backend="irc")(x)
    assert_same(got, want)
    assert_same(compiled.running_mean, eager.running_mean)
    assert_same(compiled.running_var, eager.running_var)
    assert dict(metrics.fallbacks) == {}
    check_grad(lambda x, w: F.batch_norm(x, None, None, w, None, training=True), x, rand(6))


ACTIVATIONS = [F.hardtanh, F.relu6, F.hardswish, F.hardsigmoid, F.elu, F.leaky_relu]


def test_activations(device):
    check(lambda x: tuple(fn(x) * 2 for fn in ACTIVATIONS), rand(7, 33, device=device), fallbacks={})


def test_activations_backward():
    check_grad(lambda x: flat(*(fn(x) for fn in ACTIVATIONS)), rand(7, 33))
