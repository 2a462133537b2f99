"""Kernels compiled ahead of the first launch (irc/runtime/compile_pool.py), on CPU.

Triton compiles for a GPU target without a GPU (ptxas ships with it); a stand-in driver answers the JIT's
questions about the current device, so the JIT captures and later looks up exactly what it would on an H100.
"""

import inspect
import os

import pytest
import torch

from irc import metrics
from irc.compile import compile_to_path
from irc.runtime import compile_pool, compile_worker
from irc.runtime.loader import load

from test_cache import ATEN


class FakeCudaDriver:
    def get_current_device(self):
        return 0

    def get_current_stream(self, device=None):
        return 0

    def get_current_target(self):
        from triton.backends.compiler import GPUTarget

        return GPUTarget("cuda", 90, 32)


@pytest.fixture(autouse=True)
def fresh_dynamo():
    """Each test compiles as a new process would: Dynamo keeps state per code object across tests, and a graph
    of torch.nn.Sequential.forward compiled before with other sizes makes these sizes dynamic (automatic dynamic
    shapes), whose kernels are not precompiled without size hints."""
    torch._dynamo.reset()


@pytest.fixture
def gpu_target(tmp_path, monkeypatch):
    """Fresh irc and Triton caches, and Triton's JIT believing it runs on an sm90 GPU."""
    from triton.runtime.driver import driver

    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("TRITON_CACHE_DIR", str(tmp_path / "triton"))
    previous = driver._active
    driver.set_active(FakeCudaDriver())
    yield tmp_path
    driver._active = previous


@pytest.fixture
def compiles(monkeypatch):
    """Counts triton.compile calls by kernel name."""
    import triton

    seen = []
    real = triton.compile

    def counting(src, *args, **kwargs):
        seen.append(src.name)
        return real(src, *args, **kwargs)

    monkeypatch.setattr(triton, "compile", counting)
    return seen


def compile_all(path, requests):
    for name, request in requests:
        compile_worker.compile_kernel(path, name, request)


def mocks_of(arguments):
    return compile_pool.mock_arguments(arguments, {})


def test_the_first_launch_loads_what_a_worker_compiled(gpu_target, compiles):
    path = compile_to_path(ATEN)
    requests = compile_pool.compile_requests(path, {}, tuning=False)
    assert [name for name, _ in requests] == load(path, interpret=False).KERNELS
    compile_all(path, requests)
    assert len(compiles) == len(requests)
    entries = set(os.listdir(gpu_target / "triton"))
    module = load(path, interpret=False)
    for name, arguments, options in module.PRECOMPILE:
        compiled = getattr(module, name).run(*mocks_of(arguments), grid=(1,), warmup=True, **options[0])
        assert compiled is not None
    assert len(compiles) == len(requests)  # the launches compiled nothing: all found in Triton's cache
    assert set(os.listdir(gpu_target / "triton")) == entries


def test_identical_kernels_compile_once(gpu_target, compiles):
    def layer():  # the matmul keeps the layers' kernels apart
        return torch.nn.Sequential(torch.nn.Linear(48, 48), torch.nn.LayerNorm(48), torch.nn.GELU())

    layers = torch.nn.Sequential(*[layer() for _ in range(4)])
    metrics.reset()
    compiled = torch.compile(layers, backend="irc")
    x = torch.randn(5, 48)
    with torch.no_grad():
        torch.testing.assert_close(compiled(x), layers(x))
    module = load(metrics.generated_modules[-1], interpret=False)
    launches = inspect.getsource(module.call).count(".first(")  # one site launcher call per launch
    requests = compile_pool.compile_requests(metrics.generated_modules[-1], {}, tuning=False)
    assert [name for name, _ in requests] == module.KERNELS and len(module.KERNELS) < launches
    compile_all(metrics.generated_modules[-1], requests)
    assert sorted(compiles) == sorted(module.KERNELS)  # four layers: each kernel compiled once
    assert compile_pool.compile_requests(metrics.generated_modules[-1], {}, tuning=False) == []


def test_the_pool_compiles_in_worker_processes(gpu_target, monkeypatch):
    from irc import config

    monkeypatch.setattr(config, "compile_threads", 2)
    monkeypatch.setattr(compile_pool, "_pool", None)
    path = compile_to_path(ATEN)
    metrics.reset()
    try:
        assert compile_pool.precompile(path, {}, tuning=True) == len(load(path, interpret=False).KERNELS)
        compile_pool.wait(path)
    finally:
        compile_pool._pool.shutdown()
    assert metrics.phase_seconds["kernel compile"] > 0 and not compile_pool._pending
    assert compile_pool.compile_requests(path, {}, tuning=True) == []  # all in Triton's cache now


def test_a_worker_error_is_reported_not_raised_in_the_worker(gpu_target):
    from irc.runtime.worker_pool import WorkerPool

    pool = WorkerPool(1)
    try:
        future = pool.submit("compile_kernel", "/nonexistent/module.py", "k", {})
        with pytest.raises(RuntimeError):
            future.result(timeout=300)
        assert pool.submit("ready").result(timeout=300) > 0  # the worker lives on
    finally:
        pool.shutdown()


def test_unknown_scalar_values_are_not_guessed():
    assert compile_pool.mock_arguments((("tensor", "float32", True), ("scalar",)), {}) is None
    assert compile_pool.mock_arguments((("size", "s0 + 1"),), {}) is None
    assert compile_pool.mock_arguments((("size", "s0 + 1"),), {"s0": 7}) == [8]
    tensor, number = compile_pool.mock_arguments((("tensor", "bfloat16", False), ("float",)), {})
    assert tensor.dtype == torch.bfloat16 and tensor.data_ptr() % 16 and isinstance(number, float)


def test_cpu_graphs_start_no_pool(monkeypatch, tmp_path):
    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(compile_pool, "_pool", None)
    compiled = torch.compile(lambda x: torch.relu(x) * 2, backend="irc")
    x = torch.randn(33)
    torch.testing.assert_close(compiled(x), torch.relu(x) * 2)
    assert compile_pool._pool is None and not compile_pool._pending


def test_one_thread_turns_the_pool_off(gpu_target, monkeypatch):
    from irc import config

    monkeypatch.setattr(config, "compile_threads", 1)
    monkeypatch.setattr(compile_pool, "_pool", None)
    compile_pool.warm_up(cuda=True)
    assert compile_pool.precompile(compile_to_path(ATEN), {}, tuning=False) == 0
    assert compile_pool._pool is None


def test_threads_follow_the_machine(monkeypatch):
    from irc import config

    monkeypatch.setattr(config, "compile_threads", 0)
    assert 1 <= compile_pool.compile_threads() <= compile_pool.MAX_THREADS
    monkeypatch.setattr(config, "compile_threads", 3)
    assert compile_pool.compile_threads() == 3


def test_the_first_cuda_call_waits_for_its_kernels_once(monkeypatch, tmp_path):
    from concurrent.futures import Future

    import irc.compile as driver_module

    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(driver_module, "device_name", lambda: "NVIDIA H100")
    compiled = Future()
    compiled.set_result(0.25)
    monkeypatch.setitem(compile_pool._pending, "module.py", [compiled])
    monkeypatch.setattr(driver_module, "first_calls", {"module.py"})
    metrics.reset()

    class Module:
        def call(self, args):
            return args[::-1]

    assert driver_module.first_call("module.py", Module(), [1, 2]) == [2, 1]
    assert not driver_module.first_calls and "module.py" not in compile_pool._pending
    assert "kernel compile" in metrics.phase_seconds
    assert compile_pool.kernels_compiled("module.py", "NVIDIA H100")


def test_a_module_whose_first_call_ran_before_is_not_precompiled_again(gpu_target, monkeypatch):
    import irc.compile as driver_module

    sent = []
    monkeypatch.setattr(compile_pool, "precompile", lambda path, sizes, tuning: sent.append(path))
    monkeypatch.setattr(driver_module, "first_calls", set())
    monkeypatch.setattr(driver_module, "device_name", lambda: "NVIDIA H100")
    path = compile_to_path(ATEN)
    driver_module.precompile(path, {})
    compile_pool.mark_compiled(path, "NVIDIA H100")  # as the first call does once it returns
    driver_module.precompile(path, {})
    assert sent == [path]
    monkeypatch.setattr(driver_module, "device_name", lambda: "NVIDIA A100")  # another device
    driver_module.precompile(path, {})
    monkeypatch.setattr(driver_module, "device_name", lambda: "NVIDIA H100")
    monkeypatch.setenv("TRITON_CACHE_DIR", str(gpu_target / "other-triton"))  # another Triton cache
    driver_module.precompile(path, {})
    assert sent == [path] * 3


def test_dynamic_sizes_compile_at_the_graphs_size_hints(gpu_target):
    metrics.reset()
    compiled = torch.compile(lambda x: torch.softmax(x, -1) * 2, backend="irc", dynamic=True)
    x = torch.randn(37, 129)
    torch.testing.assert_close(compiled(x), torch.softmax(x, -1) * 2)
    path = metrics.generated_modules[-1]
    rows = load(path, interpret=False).PRECOMPILE
    symbols = {str(s) for _, arguments, _ in rows for kind, *rest in arguments if kind == "size"
               for s in compile_pool._symbols(rest[0])}  # fmt: skip
    assert symbols and compile_pool.compile_requests(path, {}, tuning=False) == []  # unknown: not guessed
    requests = compile_pool.compile_requests(path, dict.fromkeys(symbols, 37), tuning=False)
    assert len(requests) == len(rows)
    assert all("i32" in request["signature"].values() for _, request in requests)


def test_launch_compiles_are_counted_by_cache_hit(gpu_target):
    path = compile_to_path(ATEN)
    module = load(path, interpret=False)
    name, arguments, options = module.PRECOMPILE[0]
    metrics.reset()
    with compile_pool.counting_launch_compiles():
        getattr(module, name).run(*mocks_of(arguments), grid=(1,), warmup=True, **options[0])
    assert dict(metrics.launch_compiles) == {"compiled": 1}
    compile_all(path, compile_pool.compile_requests(path, {}, tuning=False))  # nothing left: cached
    getattr(module, name).device_caches.clear()  # as a new process would start
    metrics.reset()
    with compile_pool.counting_launch_compiles():
        getattr(module, name).run(*mocks_of(arguments), grid=(1,), warmup=True, **options[0])
    assert dict(metrics.launch_compiles) == {"cached": 1}
