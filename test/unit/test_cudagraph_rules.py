"""CUDA graph rules (irc/runtime/cudagraphs.py) on the CPU: options, the reasons a graph launches normally, and the
replay policy (signatures, in-place and copied inputs, outputs still referenced) with the CUDA parts of a
recording replaced by a CPU stand-in whose "replay" overwrites the recorded output memory as a graph does."""

import contextlib
import logging
import warnings

import pytest
import torch

from irc import config, metrics
from irc.runtime import cudagraphs
from irc.runtime.cudagraph_recording import Recording
from irc.runtime.cudagraphs import GraphedCall, requested


@pytest.fixture(autouse=True)
def _fresh_metrics():
    torch._dynamo.reset()
    metrics.reset()
    cudagraphs._logged.clear()  # each reason is logged once per process
    yield
    torch._dynamo.reset()


# -- options ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "mode, options, env, want",
    [
        (None, None, False, False),
        (None, None, True, True),
        ("default", None, False, False),
        ("reduce-overhead", None, False, True),
        ("max-autotune", None, False, True),
        ("max-autotune-no-cudagraphs", None, True, False),
        (None, {"triton.cudagraphs": True}, False, True),
        (None, {"cudagraphs": True}, False, True),
        (None, {"triton.cudagraphs": False}, True, False),
        (None, {"cudagraphs": True, "triton.cudagraphs": True}, False, True),
        (None, {"some.other.option": 1}, False, False),
    ],
)
def test_options_and_modes(mode, options, env, want, monkeypatch):
    monkeypatch.setattr(config, "cudagraphs", env)
    assert requested(mode, options) is want


@pytest.mark.parametrize(
    "mode, options, message",
    [
        ("fastest", None, "unknown torch.compile mode"),
        (None, {"triton.cudagraphs": 1}, "must be True or False"),
        (None, {"cudagraphs": "yes"}, "must be True or False"),
        (None, {"cudagraphs": True, "triton.cudagraphs": False}, "disagree"),
        (None, ["triton.cudagraphs"], "must be a dict"),
    ],
)
def test_bad_options_are_errors(mode, options, message):
    with pytest.raises(ValueError, match=message):
        requested(mode, options)


@pytest.mark.parametrize(
    "kwargs, want",
    [
        (dict(mode="reduce-overhead"), True),
        (dict(options={"triton.cudagraphs": True}), True),
        (dict(options={"cudagraphs": True}), True),
        (dict(), False),
        (dict(mode="max-autotune-no-cudagraphs"), False),
    ],
)
def test_torch_compile_passes_mode_and_options_to_the_compiler(kwargs, want, monkeypatch, caplog, tmp_path):
    import irc.compile

    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path))  # a warm Dynamo-level hit would call no compiler

    seen = []
    original = irc.compile.compile_fx_graph

    def spy(gm, example_inputs, **flags):
        seen.append(flags.get("cudagraphs"))
        return original(gm, example_inputs, **flags)

    monkeypatch.setattr(irc.compile, "compile_fx_graph", spy)
    monkeypatch.setattr(config, "cudagraphs", False)
    x = torch.randn(6, 5)
    with caplog.at_level(logging.WARNING):
        got = torch.compile(lambda x: x.cos() + 1, backend="irc", **kwargs)(x)
    torch.testing.assert_close(got, x.cos() + 1)
    assert seen == [want]
    assert "ignoring extra kwargs" not in caplog.text


def test_unknown_mode_is_a_clear_error():
    with pytest.raises(Exception, match="unknown torch.compile mode"):
        torch.compile(lambda x: x + 1, backend="irc", mode="fastest")(torch.randn(3))


# -- graphs that launch normally ---------------------------------------------------------------------------------


def test_cpu_tensors_launch_normally_with_the_reason_recorded(caplog):
    torch.manual_seed(0)
    x, w = torch.randn(37, 19), torch.randn(19)
    fn = torch.compile(lambda x, w: torch.relu(x * w).sum(0), backend="irc", options={"triton.cudagraphs": True})
    with caplog.at_level(logging.WARNING, logger="irc"):
        for _ in range(3):
            x, w = torch.randn(37, 19), torch.randn(19)
            torch.testing.assert_close(fn(x, w), torch.relu(x * w).sum(0))
    (reason,) = metrics.cudagraph_skips
    assert reason.startswith("a CPU tensor")
    assert metrics.cudagraph_recordings == metrics.cudagraph_replays == 0
    assert "CUDA graphs: a CPU tensor" in caplog.text


def graph_of(fn, *inputs):
    from torch.fx.experimental.proxy_tensor import make_fx

    return make_fx(fn)(*inputs)


def test_mutated_inputs_are_found_through_views():
    def f(x, w, b):
        x[1:].mul_(2)
        b.add_(1)
        return x * w

    gm = graph_of(f, torch.randn(4, 3), torch.randn(3), torch.randn(3))
    assert cudagraphs.mutated_inputs(gm) == ({0, 2}, set())
    assert cudagraphs.mutation_reason(gm, static={0, 2}) is None  # parameters/buffers: replayable
    assert "mutates input 0" in cudagraphs.mutation_reason(gm, static={2})
    assert "mutates input 2" in cudagraphs.mutation_reason(gm, static={0})


def test_set_on_an_input_is_never_replayed():
    gm = graph_of(lambda x, y: x.set_(y), torch.randn(4), torch.randn(4))
    assert cudagraphs.mutated_inputs(gm)[1] == {0}
    assert "set_" in cudagraphs.mutation_reason(gm, static={0, 1})


def test_pure_graphs_mutate_nothing():
    gm = graph_of(lambda x, w: (x @ w).relu().view(-1), torch.randn(4, 3), torch.randn(3, 2))
    assert cudagraphs.mutated_inputs(gm) == (set(), set())
    assert cudagraphs.devices_reason(gm, []) == "a CPU tensor (x_1)"
    assert cudagraphs.devices_reason(graph_of(lambda x: x + 1, torch.randn(2, device="meta")), []) is None


def test_ops_the_host_must_wait_for_are_not_captured():
    from torch.fx.experimental.proxy_tensor import make_fx

    gm = make_fx(lambda x: torch.ops.aten.nonzero.default(x), tracing_mode="symbolic")(torch.randn(5))
    assert cudagraphs.op_reason(gm) == "aten.nonzero.default has a data-dependent output shape (the host reads the device)"
    assert cudagraphs.op_reason(graph_of(lambda x, i: x[i] * 2, torch.randn(5, 3), torch.tensor([4, 0]))) is None
    graph = torch.fx.Graph()
    total = graph.call_function(torch.ops.aten.sum.default, (graph.placeholder("x"),))
    graph.output(graph.call_function(torch.ops.aten._local_scalar_dense.default, (total,)))
    reason = cudagraphs.op_reason(torch.fx.GraphModule({}, graph))
    assert reason == "aten._local_scalar_dense.default returns a value the host reads from the device"
    assert cudagraphs.op_reason(graph_of(lambda x: x.sin().sum(), torch.randn(5))) is None


def test_static_inputs_are_parameters_in_a_forward_and_saved_tensors_in_a_backward(monkeypatch):
    seen = []

    def spy(runner, gm, constants):
        names = [n.name for n in cudagraphs.placeholders(gm)]
        seen.append((names, cudagraphs.static_inputs(gm, len(constants))))
        return runner

    monkeypatch.setattr(cudagraphs, "cudagraphify", spy)
    model = torch.nn.Sequential(torch.nn.Linear(5, 3), torch.nn.Tanh())
    fn = torch.compile(model, backend="irc", options={"cudagraphs": True})
    fn(torch.randn(2, 5)).sum().backward()
    (fw_names, fw_static), (bw_names, bw_static) = seen
    assert fw_static == {0, 1} and len(fw_names) == 3  # weight, bias; the input is copied
    assert {bw_names[k] for k in bw_static} == {n for n in bw_names if not n.startswith("tangents")}


# -- the replay policy, with a CPU stand-in for the graph ---------------------------------------------------------


class CpuRecording(Recording):
    """Capture runs the call once for its output memory; a replay runs it on what the graph would read (the
    recording's buffers, the in-place inputs) and writes the results into that memory, as a graph does."""

    @contextlib.contextmanager
    def on_side_stream(self):
        yield

    @contextlib.contextmanager
    def synchronizations(self):
        yield []

    def capture_outputs(self, inputs):
        # a capture runs nothing: in-place inputs (which the call may update) are not touched
        return self.runner([a.clone() if k in self.in_place else a for k, a in enumerate(inputs)])

    def replay(self, args):
        self.reads = self.inputs(args)
        return super().replay(args)

    def launch(self):
        reads, self.reads = self.reads, None
        fresh = self.runner(list(reads))
        for position, kept, *_ in self.plan.aliases + self.plan.copies:
            kept.copy_(fresh[position])


class CpuGraphedCall(GraphedCall):
    on_cpu = True


def graphed(fn, static=(), limit=8, recorder=CpuRecording):
    calls = []

    def runner(args):
        calls.append(len(args))
        values = list(args)
        args.clear()
        return fn(*values)

    call = CpuGraphedCall(runner, set(static), limit, recorder)
    return (lambda *inputs: call(list(inputs))), calls


def test_replays_give_fresh_inputs_results():
    fn, calls = graphed(lambda x, w: (torch.tanh(x * w), (x - w).sum(1)), static={1})
    w = torch.randn(7)
    for _ in range(5):
        x = torch.randn(9, 7)
        got = fn(x, w)
        torch.testing.assert_close(got[0], torch.tanh(x * w))
        torch.testing.assert_close(got[1], (x - w).sum(1))
        del got  # else the next call finds the outputs referenced (test_a_loop_keeping_its_last_outputs)
    assert metrics.cudagraph_recordings == 1 and metrics.cudagraph_replays == 4
    assert len(calls) == 1 + 4 + 1  # warm-up, stand-in replays, capture
    assert not metrics.cudagraph_skips


def test_an_output_still_referenced_is_never_overwritten():
    fn, _ = graphed(lambda x: (x * 2, x + 1))
    xs = [torch.randn(5, 3) for _ in range(6)]
    fn(xs[0])  # recorded
    kept = fn(xs[1])  # replay: aliases of the graph's memory
    view = fn(xs[2])[1][1:]  # a view of the second output of the third call
    results = [fn(x) for x in xs[3:]]
    torch.testing.assert_close(kept[0], xs[1] * 2)
    torch.testing.assert_close(kept[1], xs[1] + 1)
    torch.testing.assert_close(view, (xs[2] + 1)[1:])
    for x, (a, b) in zip(xs[3:], results):
        torch.testing.assert_close(a, x * 2)
        torch.testing.assert_close(b, x + 1)
    assert any("still referenced" in r for r in metrics.cudagraph_skips)
    assert metrics.cudagraph_replays >= 2


def test_a_loop_keeping_its_last_outputs_records_again_once_and_copies_them():
    fn, _ = graphed(lambda x: (x.exp(), x.sum()))
    out = None
    for _ in range(6):
        x = torch.randn(8)
        out = fn(x)  # the previous `out` is still referenced during the call
        torch.testing.assert_close(out[0], x.exp())
        torch.testing.assert_close(out[1], x.sum())
    assert metrics.cudagraph_recordings == 2 and metrics.cudagraph_replays == 5  # the second recording at once
    assert list(metrics.cudagraph_skips) == [
        "outputs [0, 1] of a replay were still referenced at the next call: they are returned as copies from then on"
    ]


def test_outputs_dropped_before_the_next_call_stay_aliases():
    fn, _ = graphed(lambda x: (x.exp(),))
    fn(torch.randn(8))
    first = fn(torch.randn(8))[0].data_ptr()
    for _ in range(3):
        assert fn(torch.randn(8))[0].data_ptr() == first  # the same graph memory, nothing copied
    assert not metrics.cudagraph_skips and metrics.cudagraph_recordings == 1


def test_a_new_signature_records_anew_up_to_the_limit():
    fn, _ = graphed(lambda x, n: (x[:n] * 3,), limit=2)
    for rows, n in [(5, 2), (6, 2), (5, 3), (5, 2), (6, 2), (7, 4), (7, 4)]:
        x = torch.randn(rows, 4)
        torch.testing.assert_close(fn(x, n)[0], x[:n] * 3)
    assert metrics.cudagraph_recordings == 2
    assert metrics.cudagraph_replays == 2
    assert list(metrics.cudagraph_skips) == ["more than 2 input signatures (config.cudagraph_limit)"]


def test_an_in_place_input_that_moved_is_recorded_again_where_it_is():
    fn, _ = graphed(lambda x, w: (x @ w,), static={1})
    x, w = torch.randn(3, 4), torch.randn(4, 2)
    fn(x, w)
    fn(x, w)
    w2 = torch.randn(4, 2)  # a backward's saved tensor after its forward was recorded again
    for _ in range(3):
        torch.testing.assert_close(fn(x, w2)[0], x @ w2)
    assert metrics.cudagraph_recordings == 2 and metrics.cudagraph_replays == 4
    assert list(metrics.cudagraph_skips) == [
        "input 1 (a parameter, buffer or saved tensor) moved: recorded again where it is"
    ]


def test_an_in_place_input_that_keeps_moving_is_copied():
    fn, _ = graphed(lambda x, w: (x @ w,), static={1})
    x = torch.randn(3, 4)
    for _ in range(8):
        w = torch.randn(4, 2)
        kept = [w, torch.randn(4, 2)]  # a new address every call
        torch.testing.assert_close(fn(x, w)[0], x @ w)
    w.mul_(-1)  # the copy is taken at every call
    torch.testing.assert_close(fn(x, w)[0], x @ w)
    assert "input 1 (a parameter, buffer or saved tensor) moved: it is copied from then on" in metrics.cudagraph_skips
    assert metrics.cudagraph_replays >= 4 and kept


def test_in_place_inputs_are_read_where_they_are():
    fn, _ = graphed(lambda x, w: (x + w,), static={1})
    x, w = torch.randn(3, 4), torch.randn(4)
    fn(x, w)
    for _ in range(3):
        w.add_(10)  # an optimizer step between calls
        torch.testing.assert_close(fn(x, w)[0], x + w)
    assert metrics.cudagraph_replays == 3 and not metrics.cudagraph_skips


def test_expanded_and_strided_inputs_are_copied():
    fn, _ = graphed(lambda x, y: (x * y,))
    for _ in range(3):
        x, y = torch.randn(6, 1).expand(6, 5), torch.randn(5, 12)[:, ::2].t()
        torch.testing.assert_close(fn(x, y)[0], x * y)
    assert metrics.cudagraph_replays == 2


def test_inputs_whose_elements_overlap_launch_normally():
    fn, calls = graphed(lambda x: (x * 2,))
    for _ in range(2):
        base = torch.randn(8)
        x = base.as_strided((3, 3), (1, 1))
        torch.testing.assert_close(fn(x)[0], x * 2)
    assert list(metrics.cudagraph_skips) == ["input 0 has a layout whose elements share memory"]
    assert metrics.cudagraph_recordings == 0


def test_outputs_that_are_views_of_inputs_view_the_callers_input():
    fn, _ = graphed(lambda x: (x[1:], x.sum()))
    for _ in range(3):
        x = torch.randn(4, 3)
        view, total = fn(x)
        assert view.data_ptr() == x[1:].data_ptr()
        torch.testing.assert_close(total, x.sum())


class FailingCapture(CpuRecording):
    def capture_outputs(self, inputs):
        raise RuntimeError("operation not permitted when stream is capturing\nmore")


def test_a_failed_capture_launches_normally_for_that_signature():
    fn, calls = graphed(lambda x: (x.sin(),), recorder=FailingCapture)
    for _ in range(3):
        x = torch.randn(10)
        torch.testing.assert_close(fn(x)[0], x.sin())
    assert list(metrics.cudagraph_skips) == [
        "the capture failed (RuntimeError: operation not permitted when stream is capturing)"
    ]
    assert len(calls) == 3 and metrics.cudagraph_recordings == 0


class SynchronizingWarmUps(CpuRecording):
    """Warm-ups that wait for the device `waits` times in all (a class attribute: a signature may get a new
    recording); a capture of such a call would fail."""

    waits = 0

    @contextlib.contextmanager
    def synchronizations(self):
        seen = []
        yield seen
        if SynchronizingWarmUps.waits:
            SynchronizingWarmUps.waits -= 1
            seen.append("called a synchronizing CUDA operation")

    def capture_outputs(self, inputs):
        if SynchronizingWarmUps.waits:
            raise AssertionError("a capture of a call that synchronizes was started")
        return super().capture_outputs(inputs)


def test_a_call_whose_warm_ups_synchronize_is_never_captured(monkeypatch):
    monkeypatch.setattr(SynchronizingWarmUps, "waits", 100)
    fn, calls = graphed(lambda x: (x.sin(),), recorder=SynchronizingWarmUps)
    for _ in range(4):
        x = torch.randn(10)
        torch.testing.assert_close(fn(x)[0], x.sin())
    assert list(metrics.cudagraph_skips) == [cudagraphs.SYNCHRONIZES]
    assert len(calls) == 4 and metrics.cudagraph_recordings == 0
    assert SynchronizingWarmUps.waits == 100 - cudagraphs.SYNCHRONIZING_WARM_UPS  # later calls: no warm-up


def test_a_first_call_that_synchronizes_once_is_warmed_up_again_then_captured(monkeypatch):
    monkeypatch.setattr(SynchronizingWarmUps, "waits", 1)  # a module's first call waiting for work of its own
    fn, calls = graphed(lambda x: (x.sin(),), recorder=SynchronizingWarmUps)
    for _ in range(5):
        x = torch.randn(10)
        torch.testing.assert_close(fn(x)[0], x.sin())
    assert not metrics.cudagraph_skips
    assert metrics.cudagraph_recordings == 1 and metrics.cudagraph_replays == 3


@pytest.mark.parametrize("mode", [0, 1])
def test_synchronizations_are_seen_under_the_sync_debug_mode(mode, monkeypatch):
    modes = [mode]
    monkeypatch.setattr(torch.cuda, "get_sync_debug_mode", lambda: modes[-1])
    monkeypatch.setattr(torch.cuda, "set_sync_debug_mode", modes.append)
    recording = Recording(lambda args: (), [torch.randn(2)], set(), set())
    with pytest.warns(UserWarning) as issued:
        with recording.synchronizations() as seen:
            assert modes[-1] == 1
            warnings.warn("called a synchronizing CUDA operation (Triggered internally)")
            warnings.warn("something else")
    assert seen == ["called a synchronizing CUDA operation (Triggered internally)"]
    assert modes[-1] == mode
    again = [str(w.message) for w in issued]
    assert again == ["something else"] if mode == 0 else len(again) == 2  # the caller's own "warn" mode keeps both


def test_synchronizations_keep_the_callers_error_mode(monkeypatch):
    modes = [2]
    monkeypatch.setattr(torch.cuda, "get_sync_debug_mode", lambda: modes[-1])
    monkeypatch.setattr(torch.cuda, "set_sync_debug_mode", modes.append)
    with Recording(lambda args: (), [torch.randn(2)], set(), set()).synchronizations() as seen:
        assert modes[-1] == 2
    assert modes[-1] == 2 and seen == []


class AbandonedGraph:
    def __init__(self, events):
        self.events = events

    def capture_end(self):
        self.events.append("capture_end")
        raise RuntimeError("operation failed due to a previous error during capture")

    def reset(self):
        self.events.append("reset")


@pytest.mark.parametrize("allocating", [True, False])
def test_an_abandoned_capture_is_ended_and_its_pool_and_random_numbers_restored(allocating, monkeypatch):
    from irc.runtime import cudagraph_recording

    events = []

    def end_allocating(device, pool):
        events.append(("end", device, pool))
        if not allocating:
            raise RuntimeError("endAllocatePool: not currently recording to mempool_id")

    monkeypatch.setattr(torch.cuda, "is_current_stream_capturing", lambda: True)
    monkeypatch.setattr(torch._C, "_cuda_endAllocateToPool", end_allocating, raising=False)
    monkeypatch.setattr(torch._C, "_cuda_releasePool", lambda *a: events.append(("release", *a)), raising=False)
    monkeypatch.setattr(cudagraph_recording, "restore_random_numbers", lambda d: events.append(("rng", d)))
    device = torch.device("cuda", 1)
    graph = AbandonedGraph(events)
    cudagraph_recording.abandon_capture(graph, (0, 7), device)
    released = [("release", 1, (0, 7))] if allocating else []
    assert events == ["capture_end", ("end", 1, (0, 7)), *released, "reset", ("rng", device)]
    assert graph in cudagraph_recording._abandoned


def test_cpu_inputs_of_a_cuda_graph_launch_normally():
    call = GraphedCall(lambda args: (args[0] + 1,), set(), 8, CpuRecording)
    x = torch.randn(3)
    torch.testing.assert_close(call([x])[0], x + 1)
    assert list(metrics.cudagraph_skips) == ["a tensor on cpu (input 0)"]


def test_a_failing_warm_up_raises_and_the_next_call_warms_up_again():
    failures = [RuntimeError("out of memory")]

    def fn(x):
        if failures:
            raise failures.pop()
        return (x + 1,)

    call, calls = graphed(fn)
    with pytest.raises(RuntimeError, match="out of memory"):
        call(torch.randn(4))
    for _ in range(3):
        x = torch.randn(4)
        torch.testing.assert_close(call(x)[0], x + 1)
    assert metrics.cudagraph_recordings == 1 and metrics.cudagraph_replays == 2


def test_copied_outputs_keep_their_layout_and_empty_outputs_are_fresh():
    fn, _ = graphed(lambda x: (x.t() * 2, x[:0] + 1))
    kept = []
    for _ in range(4):
        x = torch.randn(5, 3)
        kept.append((x, fn(x)))
    for x, (t, empty) in kept:
        torch.testing.assert_close(t, x.t() * 2)
        assert t.stride() == (x.t() * 2).stride() and empty.shape == (0, 3)


def test_a_mutated_in_place_input_that_keeps_moving_turns_graphs_off():
    def runner(args):
        x, w = args
        args.clear()
        w.add_(1)  # a buffer the graph updates: copying it would update the copy
        return (x * w,)

    call = CpuGraphedCall(runner, {1}, 8, CpuRecording, mutated={1})
    x = torch.randn(3)
    for _ in range(6):
        w = torch.randn(3)
        want = w + 1
        torch.testing.assert_close(call([x, w])[0], x * want)
        torch.testing.assert_close(w, want)  # updated exactly once, in the caller's tensor
    assert "input 1, which the graph mutates, keeps moving" in metrics.cudagraph_skips
