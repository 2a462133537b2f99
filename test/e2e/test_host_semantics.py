"""The host program keeps eager semantics: input mutation, views of inputs, aliasing outputs, guards, streams."""

import pytest
import torch

from harness import assert_same, check, rand
from irc import metrics
from irc.runtime.loader import load


def check_mutation(fn, *inputs, **kwargs):
    """Eager and compiled runs on copies of the inputs: same results and the same inputs afterwards."""
    torch._dynamo.reset()
    metrics.reset()
    eager_inputs = [x.clone() for x in inputs]
    compiled_inputs = [x.clone() for x in inputs]
    want = fn(*eager_inputs)
    got = torch.compile(fn, backend="irc", **kwargs)(*compiled_inputs)
    assert_same(got, want)
    assert_same(compiled_inputs, eager_inputs)
    assert metrics.graph_fallbacks == 0
    return got, compiled_inputs


def same_storage(a, b) -> bool:
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()


def test_input_mutated_in_place(device):
    def fn(x, y):
        x.add_(1)
        y.mul_(x)
        return (x.sin() + y).sum(0)

    check_mutation(fn, rand(13, 7, device=device), rand(13, 7, device=device))


def test_mutated_input_returned_is_the_input(device):
    got, (x,) = check_mutation(lambda x: x.mul_(2), rand(9, 5, device=device))
    assert got is x


def test_input_mutated_through_a_view(device):
    def fn(x):
        x[1:, ::2].mul_(3)
        x.t()[0].add_(1)
        return x.exp()

    check_mutation(fn, rand(6, 7, device=device))


def test_input_overwritten_by_copy(device):
    check_mutation(lambda x, y: x.copy_(y.relu() * 2), rand(5, 11, device=device), rand(5, 11, device=device))


def test_intermediates_mutated_in_place(device):
    def fn(x):
        y = x * 2
        y.add_(1)
        y[:, 0].mul_(-1)
        y.mul_(x)
        return y.sum(1), y

    check(fn, rand(7, 9, device=device))


@pytest.mark.parametrize("dynamic", [False, True])
def test_outputs_that_are_views_of_inputs(device, dynamic):
    got, (x,) = check_mutation(lambda x: (x.t(), x[1:].view(-1), x.sum()), rand(4, 5, device=device), dynamic=dynamic)
    assert same_storage(got[0], x) and same_storage(got[1], x)
    got[0][0, 0] = 123.0
    assert x[0, 0].item() == 123.0


def test_aliasing_outputs_stay_aliased(device):
    def fn(x):
        y = x + 1
        return y, y.view(-1), y[0], y.t()

    got = check(fn, rand(4, 5, device=device))
    assert all(same_storage(g, got[0]) for g in got[1:])
    got[0][0, 1] = -7.0
    assert got[1][1].item() == -7.0 and got[2][1].item() == -7.0 and got[3][1, 0].item() == -7.0


def eager_and_compiled(make, device):
    """Two copies of `make()` with the same state, and the second compiled by irc from a fresh Dynamo."""
    torch.manual_seed(0)
    eager, compiled = make().to(device), make().to(device)
    compiled.load_state_dict(eager.state_dict())
    torch._dynamo.reset()
    metrics.reset()
    return eager, compiled, torch.compile(compiled, backend="irc")


@pytest.mark.parametrize("training", [True, False])
def test_batch_norm_updates_running_stats(device, training):
    def make():
        return torch.nn.BatchNorm2d(3, momentum=0.3).train(training)

    eager, compiled, run = eager_and_compiled(make, device)
    for _ in range(2):
        x = rand(4, 3, 5, 7, device=device)
        assert_same(run(x), eager(x))
    assert metrics.graph_fallbacks == 0
    for name in ("running_mean", "running_var", "num_batches_tracked"):
        assert_same(getattr(compiled, name), getattr(eager, name))


def test_the_module_writes_mutated_inputs(device):
    """aot_autograd keeps input mutations in the graph, as for Inductor: the forward module's kernels write
    the new running statistics and the step counter into the buffers themselves (in place, no copy)."""
    def make():  # no convolution bias: before a batch norm its gradient is zero but for rounding
        convolution = torch.nn.Conv2d(3, 5, 3, bias=False)
        return torch.nn.Sequential(convolution, torch.nn.BatchNorm2d(5), torch.nn.ReLU())

    eager, compiled, run = eager_and_compiled(make, device)
    for _ in range(3):
        x = rand(2, 3, 9, 7, device=device)
        run(x).square().sum().backward()
        eager(x).square().sum().backward()
    assert metrics.graph_fallbacks == 0
    assert_same(list(compiled.state_dict().values()), list(eager.state_dict().values()))
    assert_same([p.grad for p in compiled.parameters()], [p.grad for p in eager.parameters()])
    sources = [open(path).read() for path in metrics.generated_modules]
    assert sum(source.count("torch._foreach_copy_(") for source in sources) == 0


def test_a_mutation_reading_other_elements_is_not_in_place(device):
    """The new value reads the old one transposed: computed in a buffer of its own, then copied over."""
    def fn(x, y):
        x.copy_(x.t() * 2 + y)
        return x.sum(1)

    check_mutation(fn, rand(9, 9, device=device), rand(9, 9, device=device))
    sources = [open(path).read() for path in metrics.generated_modules]
    assert sum(source.count("torch._foreach_copy_(") for source in sources) == 1


def compiled_module(fn, *inputs, dynamic=False):
    torch._dynamo.reset()
    metrics.reset()
    torch.compile(fn, backend="irc", dynamic=dynamic)(*inputs)
    return load(metrics.generated_modules[-1], interpret=True)


def test_guard_rejects_other_sizes_strides_and_dtypes(device):
    module = compiled_module(lambda x, y: x + y, rand(4, 5, device=device), rand(4, 5, device=device))
    good = rand(4, 5, device=device)
    for bad, text in (
        (rand(4, 6, device=device), "input 1 has sizes (4, 6)"),
        (rand(5, 4, device=device).t(), "strides (1, 4)"),
        (rand(4, 5, device=device).double(), "dtype torch.float64"),
        (rand(20, device=device), "sizes (20,)"),
    ):
        with pytest.raises(ValueError, match="irc: input 1 has .* but this code was compiled for sizes \\(4, 5\\)"):
            module.call([good, bad])
        with pytest.raises(ValueError, match=text.replace("(", "\\(").replace(")", "\\)")):
            module.call([good, bad])


def test_guard_checks_symbols_bound_from_other_inputs(device):
    module = compiled_module(lambda x, y: x * y.unsqueeze(1), rand(6, 5, device=device), rand(6, device=device), dynamic=True)
    args = module.get_args()  # every size symbol 8
    args[-1] = rand(9, device=args[-1].device)
    with pytest.raises(ValueError, match=f"irc: input {len(args) - 1} has sizes \\(9,\\)"):
        module.call(args)


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_launches_on_the_current_stream():
    fn = lambda x, w: torch.relu(x @ w).sum(1) * 2  # noqa: E731
    x, w = rand(300, 200, device="cuda"), rand(200, 100, device="cuda")
    want = fn(x, w)
    run = torch.compile(fn, backend="irc")
    run(x, w)
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        late = torch.empty_like(x)
        torch.cuda._sleep(50_000_000)  # work on the default stream would read `late` before it is written
        late.copy_(x)
        got = run(late, w)
    side.synchronize()
    assert_same(got, want)


@pytest.mark.parametrize("make", [lambda d: torch.ones(3, 4, device=d) * 2, lambda d: torch.tril_indices(5, 7, -1, device=d)])
def test_a_graph_without_inputs_makes_tensors_on_their_device(make, device):
    """A graph without tensor inputs computes on the device its tensors are made on (the function's irc.device
    attribute when that is not the CPU), not on the CPU."""
    check(lambda: make(device))


def fake_graph(fn, make_inputs=tuple):
    """The ATen graph of fn traced on fake tensors (CUDA ones too, without a GPU) that make_inputs makes."""
    from torch._subclasses.fake_tensor import FakeTensorMode
    from torch.fx.experimental.proxy_tensor import make_fx

    with FakeTensorMode(allow_non_fake_inputs=True):
        return make_fx(fn, tracing_mode="fake")(*make_inputs())


def test_a_graph_without_inputs_names_its_device():
    from irc.compile import compile_module_text
    from irc.fx_import import import_graph

    module = import_graph(fake_graph(lambda: torch.ones(3, 4, device="cuda") * 2))
    assert module.ops.first.attributes["irc.device"].data == "cuda"
    assert "_allocator(torch.device('cuda'))" in compile_module_text(str(module))


def test_cpu_algorithms_stay_eager_on_cuda():
    """The special polynomials and zeta are lowered as ATen's CPU kernels compute them; CUDA eager's differ
    (saturating degree conversion, float32 sums), so a CUDA graph keeps them as externs."""
    from irc.dialects import aten
    from irc.fx_import import import_graph

    def fn(x, n):
        return torch.special.chebyshev_polynomial_t(x, n) + torch.special.zeta(x, n)

    for device, externs in (("cpu", 0), ("cuda", 2)):
        gm = fake_graph(fn, lambda: (torch.empty(5, device=device), torch.empty(5, device=device)))
        fallbacks = [op for op in import_graph(gm).walk() if isinstance(op, aten.FallbackOp)]
        assert len(fallbacks) == externs, (device, fallbacks)
