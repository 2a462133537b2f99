"""Site launchers (irc/runtime/site_launch.py) and the keys the emitted call() gives them: no GPU needed.

A GPU keeps a compiled kernel's direct runner per key; here `cuda_device` and launch.py's `direct_runner` are stubbed so
the CPU path keeps runners too (each still runs the kernel through Triton's interpreter), and a new key shows
up as a new direct runner.
"""

import pytest
import torch

from irc import metrics
from irc.runtime import launch as launch_path, site_launch
from irc.runtime.loader import load


class FakeKernel:
    def __init__(self):
        self.runs = []

    def __getitem__(self, grid):
        return lambda *args, **config: self.runs.append((grid, args, config))


@pytest.fixture
def kept(monkeypatch):
    """Runners kept as on a GPU; returns the list of (grid, options) each new runner was made for."""
    made = []

    def runner(kernel, compiled, grid, n_args, options, device):
        made.append((grid, options))
        return lambda args: kernel[grid](*args, **options)

    monkeypatch.setattr(site_launch, "cuda_device", lambda args: 0)
    monkeypatch.setattr(launch_path, "direct_runner", runner)
    return made


def launch(site, key, args, configs):
    (site.get(key) or site.first(key, configs))(args)


def test_a_kept_runner_serves_its_key_and_configs_are_planned_once(kept):
    kernel, planned = FakeKernel(), []
    site = site_launch.Launcher(kernel, "k")
    configs = lambda: planned.append(1) or ({"XBLOCK": 64}, [])  # noqa: E731
    for _ in range(3):
        launch(site, ((5,), (0, True)), [1, 2, 37], configs)
    assert planned == [1] and kept == [((5,), {"XBLOCK": 64})]
    assert len(kernel.runs) == 3 and all(run == ((5,), (1, 2, 37), {"XBLOCK": 64}) for run in kernel.runs)


def test_a_new_key_plans_again_and_a_candidate_grid_is_launched(kept):
    kernel = FakeKernel()
    site = site_launch.Launcher(kernel, "k")
    configs = lambda: ({"XBLOCK": 64, "grid": (2, 3)}, [])  # noqa: E731
    launch(site, ((5,), (0, True), 37), [1, 37], configs)
    launch(site, ((5,), (0, (True, False)), 37), [1, 37], configs)  # an input not 16-byte aligned
    launch(site, ((5,), (0, True), 16), [1, 16], configs)  # another integer scalar
    launch(site, ((5,), (0, True), 37), [1, 37], configs)
    assert len(kept) == 3 and all(grid == (2, 3) for grid, _ in kept)
    assert [run[0] for run in kernel.runs] == [(2, 3)] * 4
    site_launch.forget()
    launch(site, ((5,), (0, True), 37), [1, 37], configs)
    assert len(kept) == 4


def test_on_cpu_every_launch_goes_through_triton():
    kernel = FakeKernel()
    site = site_launch.Launcher(kernel, "k")
    for _ in range(2):
        launch(site, ((5,), (-1, True)), [1], lambda: ({"XBLOCK": 8}, []))
    assert len(site) == 0 and len(kernel.runs) == 2


def compiled_module(fn, *inputs):
    metrics.reset()
    torch._dynamo.reset()
    torch.compile(fn, backend="irc")(*inputs)
    return load(metrics.generated_modules[-1], interpret=True)


def misaligned(*size) -> torch.Tensor:
    """A contiguous tensor whose data starts 4 bytes past a 16-byte boundary."""
    n = torch.Size(size).numel()
    return torch.randn(n + 1)[1:].view(size)


def test_misaligned_inputs_and_extern_results_get_their_own_runners(kept):
    def fn(x, w, y):
        return torch.relu(x @ w) + y * 2.0

    x, w, y = torch.randn(6, 5), torch.randn(5, 7), torch.randn(6, 7)
    module = compiled_module(fn, x, w, y)  # keeps the runner of aligned inputs
    for inputs in [(x, w, y), (x.clone(), w.clone(), y.clone()), (x, w, misaligned(6, 7)), (x, w, y)]:
        (got,) = module.call(list(inputs))
        torch.testing.assert_close(got, fn(*inputs))
    assert len(kept) == 2  # aligned inputs share one runner; the misaligned y has its own


def test_emitted_keys_say_what_the_ir_does_not(kept):
    """The inputs kernels read (x, y) are checked once per call, in `_spec`; of the launch's own arguments
    only the convolution's result (ATen's memory) is checked: mm.out writes a buffer irc allocated."""
    import inspect

    def fn(x, w, a, b, y):
        return torch.relu(torch.nn.functional.conv2d(x, w)) + y, torch.relu(a @ b) + 1

    x, w, a, b, y = (torch.randn(*s) for s in [(2, 3, 6, 6), (4, 3, 3, 3), (6, 5), (5, 7), (4, 4)])
    source = inspect.getsource(compiled_module(fn, x, w, a, b, y).call)
    spec = "_spec = (arg0_1.get_device(), (arg0_1.data_ptr() | arg2_1.data_ptr()) % 16 == 0"  # x, y
    assert f"{spec} or _alignments(arg0_1, arg2_1))" in source
    assert source.count(".data_ptr() % 16 == 0") == 2  # the convolution's result, in the .get and .first keys
    assert "torch.convolution(" in source and "torch.ops.aten.convolution" not in source  # the cheaper binding
