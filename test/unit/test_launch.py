"""The direct launch path (irc/runtime/launch.py), with fake kernels: no GPU needed."""

import pytest
import torch

from cuda_fakes import tensor
from irc.runtime import launch


class FakeCompiled:
    def __init__(self, runs):
        self.runs = runs

    def __getitem__(self, grid):
        return lambda *args, stream: self.runs.append(("direct", grid, args))


class FakeKernel:
    arg_names = ["in_ptr0", "out_ptr0", "xnumel", "XBLOCK"]

    def __init__(self):
        self.runs = []

    def __getitem__(self, grid):
        def run(*args, **config):
            self.runs.append(("triton", grid, args, config))
            return FakeCompiled(self.runs)

        return run


@pytest.fixture(autouse=True)
def fresh_runners(monkeypatch):
    monkeypatch.setattr(launch, "_runners", {})
    monkeypatch.setattr(torch._C, "_cuda_getCurrentRawStream", lambda device: 0, raising=False)


def test_later_launches_skip_triton_and_append_the_constexprs():
    kernel, chosen = FakeKernel(), []
    config_of = lambda: chosen.append(1) or ((5,), {"XBLOCK": 64, "num_warps": 4})  # noqa: E731
    a, b = tensor(4096), tensor(8192)
    for _ in range(3):
        launch.launch(kernel, (5,), [a, b, 37], config_of)
    assert [r[0] for r in kernel.runs] == ["triton", "direct", "direct"]
    assert kernel.runs[1] == ("direct", (5, 1, 1), (a, b, 37, 64))
    assert chosen == [1]


def test_new_alignment_or_scalar_goes_through_triton_again():
    kernel = FakeKernel()
    config_of = lambda: ((5,), {"XBLOCK": 64})  # noqa: E731
    launch.launch(kernel, (5,), [tensor(4096), tensor(8192), 37], config_of)
    launch.launch(kernel, (5,), [tensor(4100), tensor(8192), 37], config_of)  # not 16-byte aligned
    launch.launch(kernel, (5,), [tensor(4096), tensor(8192), 16], config_of)  # another size
    assert [r[0] for r in kernel.runs] == ["triton", "triton", "triton"]


def test_a_candidate_with_its_own_grid_launches_on_it():
    kernel = FakeKernel()
    for _ in range(2):
        launch.launch(kernel, (5,), [tensor(0), tensor(0), 37], lambda: ((2, 3), {"XBLOCK": 64}))
    assert kernel.runs[0][1] == (2, 3) and kernel.runs[1][:2] == ("direct", (2, 3, 1))


def test_cpu_tensors_always_go_through_triton():
    kernel = FakeKernel()
    for _ in range(2):
        launch.launch(kernel, (5,), [torch.rand(4), torch.rand(4), 37], lambda: ((5,), {"XBLOCK": 64}))
    assert [r[0] for r in kernel.runs] == ["triton", "triton"]


def test_a_parameter_the_config_does_not_give_keeps_the_triton_path():
    kernel = FakeKernel()
    for _ in range(2):
        launch.launch(kernel, (5,), [tensor(0), tensor(0), 37], lambda: ((5,), {"num_warps": 4}))
    assert [r[0] for r in kernel.runs] == ["triton", "triton"]


# -- the static launcher (irc/runtime/static_launch.py) ---------------------------------------------------


class FakeSource:
    def __init__(self, signature, constants=None):
        self.signature, self.constants = signature, constants or {}


class FakeMetadata:
    num_warps, shared, num_ctas, global_scratch_size = 4, 128, 1, 0


class StaticCompiled(FakeCompiled):
    """A compiled kernel as Triton gives it after the first launch: loaded function, source, metadata."""

    function = 0xF00

    def __init__(self, runs, signature, constants=None):
        super().__init__(runs)
        self.src, self.metadata = FakeSource(signature, constants), FakeMetadata()


class StaticKernel(FakeKernel):
    def __init__(self, signature, constants=None):
        super().__init__()
        self.signature, self.constants = signature, constants

    def __getitem__(self, grid):
        def run(*args, **config):
            self.runs.append(("triton", grid, args, config))
            return StaticCompiled(self.runs, self.signature, self.constants)

        return run


SIGNATURE = {"in_ptr0": "*fp32", "out_ptr0": "*fp16", "xnumel": "i32", "XBLOCK": "constexpr"}


@pytest.fixture
def static_launches(monkeypatch):
    launched = []

    class FakeStaticLauncher:
        @staticmethod
        def _launch_kernel(function, x, y, z, warps, shared, types, args, stream):
            launched.append((function, (x, y, z), warps, shared, types, args))

    monkeypatch.setattr(torch._C, "_StaticCudaLauncher", FakeStaticLauncher, raising=False)
    return launched


def test_later_launches_go_through_the_static_launcher(static_launches):
    kernel, a, b = StaticKernel(SIGNATURE), tensor(4096), tensor(8192)
    for _ in range(3):
        launch.launch(kernel, (5,), [a, b, 37], lambda: ((5,), {"XBLOCK": 64}))
    assert [r[0] for r in kernel.runs] == ["triton"]
    # the constexpr XBLOCK is not a cubin argument; the global scratch pointer is (null)
    assert static_launches == [(0xF00, (5, 1, 1), 4, 128, "OOiO", (a, b, 37, None))] * 2


def test_arguments_triton_specialized_as_constants_are_left_out(static_launches):
    kernel, a, b = StaticKernel({**SIGNATURE, "xnumel": "constexpr"}), tensor(0), tensor(0)
    for _ in range(2):
        launch.launch(kernel, (5,), [a, b, 1], lambda: ((5,), {"XBLOCK": 64}))
    assert static_launches == [(0xF00, (5, 1, 1), 4, 128, "OOO", (a, b, None))]


def test_an_argument_type_without_a_code_keeps_the_triton_path(static_launches):
    kernel = StaticKernel({**SIGNATURE, "xnumel": "nvTmaDesc"})
    for _ in range(2):
        launch.launch(kernel, (5,), [tensor(0), tensor(0), 37], lambda: ((5,), {"XBLOCK": 64}))
    assert static_launches == [] and [r[0] for r in kernel.runs] == ["triton", "direct"]
