"""CUDA graphs on the GPU (irc/runtime/cudagraphs.py): replays against eager on fresh inputs, one recording per
size, parameters read in place, training steps, outputs kept across calls, inputs of every layout, calls that
synchronize, captures that fail (CUDA and its random numbers stay usable), and that a replay runs no Python of
the compiled module and launches no kernel itself."""

import copy

import pytest
import torch

from harness import assert_same, rand
from irc import config, metrics

pytestmark = pytest.mark.gpu


@pytest.fixture(autouse=True)
def _fresh():
    torch._dynamo.reset()
    metrics.reset()
    yield
    torch._dynamo.reset()


@pytest.fixture
def runs(monkeypatch):
    """Paths of the compiled modules whose Python `call` ran natively (every launch from Python goes through
    one); loading a module (compile-time metrics load it too) is not a run."""
    import irc.compile

    calls = []
    load = irc.compile.load

    def counting(path, interpret):
        module = load(path, interpret)
        return module if interpret else _CountedCalls(module, path, calls)

    monkeypatch.setattr(irc.compile, "load", counting)
    return calls


class _CountedCalls:
    """A loaded module whose `call` appends the module's path to `calls`; everything else is the module's."""

    def __init__(self, module, path: str, calls: list):
        self._module, self._path, self._calls = module, path, calls

    def __getattr__(self, name):
        return getattr(self._module, name)

    def call(self, args):
        self._calls.append(self._path)
        return self._module.call(args)


def graphed(fn, **kwargs):
    return torch.compile(fn, backend="irc", options={"triton.cudagraphs": True}, **kwargs)


def block(x, w, b):
    h = torch.nn.functional.gelu(x @ w + b)
    return torch.softmax(h, -1), h.sum(0), (x * 2).t()


def block_inputs(dtype=torch.float32):
    """Values of about unit size after the matmul, so fp16 rounding stays within the softmax's tolerance."""
    shapes = [(37, 129), (129, 65), (65,)]
    return tuple(rand(*shape, dtype=dtype, device="cuda", low=-0.5, high=0.5) for shape in shapes)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_replays_match_eager_on_fresh_inputs(dtype, runs):
    fn = graphed(block)
    for _ in range(6):
        inputs = block_inputs(dtype)
        assert_same(fn(*inputs), block(*inputs))
    assert metrics.cudagraph_recordings == 1 and metrics.cudagraph_replays == 5
    assert not metrics.cudagraph_skips
    assert len(runs) == 2  # the warm-up and the capture; replays run none of the module's Python


def test_a_replay_is_one_graph_launch_and_no_kernel_launch():
    from torch.profiler import ProfilerActivity, profile

    fn = graphed(block)
    inputs = block_inputs()
    for _ in range(3):
        fn(*inputs)
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        got = fn(*inputs)
        torch.cuda.synchronize()
    names = [event.name for event in prof.events()]
    assert any("GraphLaunch" in n for n in names), sorted(set(names))
    assert not [n for n in names if "LaunchKernel" in n], sorted(set(names))  # input copies are memcpys
    assert_same(got, block(*inputs))


@pytest.mark.parametrize("dynamic", [False, True])
def test_each_new_size_is_recorded_once(dynamic, runs):
    fn = graphed(lambda x, y: (torch.relu(x + y).sum(-1), x * y), dynamic=dynamic)
    sizes = [(33, 65), (17, 129), (5, 7)]
    for _ in range(3):
        for rows, cols in sizes:
            x, y = rand(rows, cols, device="cuda"), rand(rows, cols, device="cuda")
            got = fn(x, y)
            assert_same(got, (torch.relu(x + y).sum(-1), x * y))
            del got
    assert metrics.cudagraph_recordings == 3 and metrics.cudagraph_replays == 6
    assert not metrics.cudagraph_skips
    assert len(runs) == 6  # per size: its warm-up and its capture


def test_sizes_beyond_the_limit_launch_normally(monkeypatch):
    monkeypatch.setattr(config, "cudagraph_limit", 2)
    fn = graphed(lambda x: x.sin() * 2, dynamic=True)
    for _ in range(3):
        for n in (33, 65, 129, 257):
            x = rand(n, 3, device="cuda")
            assert_same(fn(x), x.sin() * 2)
    assert metrics.cudagraph_recordings == 2
    assert "more than 2 input signatures (config.cudagraph_limit)" in metrics.cudagraph_skips


def test_parameters_are_read_in_place(runs):
    model = torch.nn.Sequential(torch.nn.Linear(65, 33), torch.nn.ReLU(), torch.nn.Linear(33, 9)).cuda()
    fn = graphed(model)
    with torch.no_grad():
        for _ in range(5):
            x = rand(17, 65, device="cuda")
            assert_same(fn(x), model(x))
            for p in model.parameters():  # an optimizer's update: the same memory, new values
                p.mul_(0.9).add_(0.01)
    assert metrics.cudagraph_recordings == 1 and metrics.cudagraph_replays == 4
    assert not metrics.cudagraph_skips and len(runs) == 2


def test_training_steps_match_eager():
    torch.manual_seed(0)
    model = torch.nn.Sequential(
        torch.nn.Linear(64, 96), torch.nn.BatchNorm1d(96), torch.nn.GELU(), torch.nn.LayerNorm(96),
        torch.nn.Linear(96, 10),
    ).cuda()  # fmt: skip
    reference = copy.deepcopy(model)
    fn = graphed(model)
    optimizers = [torch.optim.SGD(m.parameters(), lr=0.1) for m in (model, reference)]
    for _ in range(6):
        x, target = rand(32, 64, device="cuda"), torch.randint(0, 10, (32,), device="cuda")
        losses = []
        for forward, optimizer in zip((fn, reference), optimizers):
            loss = torch.nn.functional.cross_entropy(forward(x), target)
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()
            losses.append(loss.detach())
        torch.testing.assert_close(losses[0], losses[1], rtol=1e-4, atol=1e-5)
    for got, want in zip(model.state_dict().values(), reference.state_dict().values()):
        torch.testing.assert_close(got, want, rtol=1e-3, atol=1e-4)
    assert metrics.cudagraph_recordings >= 2  # a forward and a backward
    assert metrics.cudagraph_replays >= 8, dict(metrics.cudagraph_skips)
    # the backward reads the forward's saved activations in place; only the saved input x moves every step
    copied = [r for r in metrics.cudagraph_skips if "copied from then on" in r]
    assert len(copied) <= 1, dict(metrics.cudagraph_skips)


def test_outputs_kept_across_calls_keep_their_values():
    fn = graphed(lambda x: (x.exp(), x.sum(0)))
    xs = [rand(33, 17, device="cuda") for _ in range(6)]
    results = [fn(x) for x in xs]
    for x, got in zip(xs, results):
        assert_same(got, (x.exp(), x.sum(0)))
    assert any("still referenced" in reason for reason in metrics.cudagraph_skips)


def test_a_loop_keeping_its_last_result_records_twice_then_replays():
    fn = graphed(lambda x: torch.tanh(x) * 3)
    y = None
    for _ in range(8):
        x = rand(129, 33, device="cuda")
        y = fn(x)
        assert_same(y, torch.tanh(x) * 3)
    assert metrics.cudagraph_recordings == 2 and metrics.cudagraph_replays == 7


def test_inputs_of_every_layout():
    fn = graphed(lambda x, y, z: ((x * y).sum(0), z.float() + 1))
    for _ in range(4):
        x = rand(1, 129, device="cuda").expand(37, 129)
        y = rand(129, 37, device="cuda").t()
        z = rand(40, 20, dtype=torch.float16, device="cuda")[::2, 3:]
        assert_same(fn(x, y, z), ((x * y).sum(0), z.float() + 1))
    assert metrics.cudagraph_replays == 3 and not metrics.cudagraph_skips


def test_outputs_that_view_inputs_view_the_callers_tensors():
    fn = graphed(lambda x: (x[:, 1:], x.cos()))
    for _ in range(4):
        x = rand(9, 17, device="cuda")
        view, cos = fn(x)
        assert view.data_ptr() == x[:, 1:].data_ptr()
        assert_same((view, cos), (x[:, 1:], x.cos()))


def test_an_input_mutated_by_the_program_is_mutated_once_per_call():
    def f(x, y):
        x.add_(1)
        return x * y

    fn = graphed(f)
    x, y = rand(37, 65, device="cuda"), rand(37, 65, device="cuda")
    want = x.clone()
    for _ in range(4):
        got = fn(x, y)
        want.add_(1)
        assert_same(got, want * y)
        assert_same(x, want)


def test_a_cpu_scalar_input_launches_normally():
    fn = graphed(lambda x, s: x * s + 1)
    for _ in range(3):
        x, s = rand(37, 129, device="cuda"), torch.tensor(float(torch.rand(())))
        assert_same(fn(x, s), x * s + 1)
    assert [r for r in metrics.cudagraph_skips if r.startswith("a CPU tensor")]
    assert metrics.cudagraph_recordings == 0


def cuda_works_as_before():
    torch.cuda.synchronize()
    assert not torch.cuda.is_current_stream_capturing()
    assert_same(torch.ones(3, device="cuda") * 2, torch.full((3,), 2.0, device="cuda"))
    torch.cuda.manual_seed(5)
    first = torch.rand(8, device="cuda")
    torch.cuda.manual_seed(5)
    assert_same(torch.rand(8, device="cuda"), first)


def test_a_call_that_synchronizes_is_not_captured():
    from irc.runtime.cudagraphs import SYNCHRONIZES, GraphedCall

    def runner(args):
        (x,) = args
        args.clear()
        return (x / float(x.abs().max()),)  # a device-to-host copy: not capturable

    call = GraphedCall(runner, set(), 8)
    stream = torch.cuda.current_stream()
    for _ in range(4):
        x = rand(1000, device="cuda")
        assert_same(call([x])[0], x / x.abs().max())
    assert torch.cuda.current_stream() == stream
    assert list(metrics.cudagraph_skips) == [SYNCHRONIZES]  # seen in the warm-ups: no capture was started
    assert metrics.cudagraph_recordings == 0
    assert torch.cuda.get_sync_debug_mode() == 0
    cuda_works_as_before()


def test_a_capture_that_fails_leaves_cuda_and_its_random_numbers_as_they_were():
    from irc.runtime.cudagraphs import GraphedCall

    def runner(args):
        (x,) = args
        args.clear()
        noisy = x + torch.rand_like(x)
        if torch.cuda.is_current_stream_capturing():
            torch.cuda.current_stream().synchronize()  # fails the capture; the warm-up does not synchronize
        return (noisy,)

    call = GraphedCall(runner, set(), 8)
    stream = torch.cuda.current_stream()
    for _ in range(3):
        x = rand(1000, device="cuda")
        state = torch.cuda.get_rng_state()
        got = call([x])[0]
        torch.cuda.set_rng_state(state)
        assert_same(got, x + torch.rand_like(x))  # the random numbers of a normal call: the capture took none
    assert torch.cuda.current_stream() == stream
    (reason,) = metrics.cudagraph_skips
    assert reason.startswith("the capture failed"), reason
    assert metrics.cudagraph_recordings == 0
    cuda_works_as_before()


def test_in_place_inputs_that_move_are_followed():
    from irc.runtime.cudagraphs import GraphedCall

    def runner(args):
        x, w = args
        args.clear()
        return (torch.addmm(w[0], x, w), x.cos())

    call = GraphedCall(runner, {1}, 8)
    x = rand(33, 17, device="cuda")
    weights = [rand(17, 17, device="cuda") for _ in range(4)]
    for w in [weights[0]] * 3 + [weights[1]] * 3 + weights[2:] * 3:  # moves: once, then every call
        assert_same(call([x, w]), (torch.addmm(w[0], x, w), x.cos()))
    assert "input 1 (a parameter, buffer or saved tensor) moved: it is copied from then on" in metrics.cudagraph_skips
    assert metrics.cudagraph_replays >= 6


def test_a_call_inside_the_callers_own_capture_launches_into_it():
    fn = graphed(lambda x: (x * 2).sum(0))
    x = rand(64, 33, device="cuda")
    for _ in range(2):
        assert_same(fn(x), (x * 2).sum(0))
    graph, stream = torch.cuda.CUDAGraph(), torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.graph(graph, stream=stream):
        out = fn(x)
    x.copy_(rand(64, 33, device="cuda"))
    graph.replay()
    torch.cuda.synchronize()
    assert_same(out, (x * 2).sum(0))
    assert any("being captured" in reason for reason in metrics.cudagraph_skips)


@pytest.mark.parametrize("how", ["mode", "env"])
def test_reduce_overhead_mode_and_the_environment_switch(how, monkeypatch):
    monkeypatch.setattr(config, "cudagraphs", how == "env")
    kwargs = {"mode": "reduce-overhead"} if how == "mode" else {}
    fn = torch.compile(block, backend="irc", **kwargs)
    for _ in range(4):
        inputs = block_inputs()
        assert_same(fn(*inputs), block(*inputs))
    assert metrics.cudagraph_recordings == 1 and metrics.cudagraph_replays == 3
