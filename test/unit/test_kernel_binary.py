"""Kept kernel binaries (irc/runtime/kernel_binary.py) with a fake static launcher and fake compiled kernels:
no GPU needed. A "later process" is a fresh kernel object with the same source and module and no kept runners.
"""

import os

import pytest
import torch

from cuda_fakes import tensor
from irc import metrics
from irc.runtime import cache, kernel_binary, launch, site_launch
from irc.runtime.loader import load

CUBIN = b"\x7fELF fake cubin"
SIGNATURE = {"in_ptr0": "*fp32", "out_ptr0": "*fp32", "xnumel": "i32", "XBLOCK": "constexpr"}
SOURCE = "def triton_poi_fused_add_0(in_ptr0, out_ptr0, xnumel, XBLOCK: tl.constexpr):\n    pass\n"


class Metadata:
    name, num_warps, shared, num_ctas, global_scratch_size = "triton_poi_fused_add_0", 4, 256, 1, 0


class Source:
    def __init__(self, signature):
        self.signature, self.constants = signature, {}


class Compiled:
    """What Triton returns from a first launch: a loaded function, its source, metadata and binaries."""

    function = 0xF00

    def __init__(self, signature):
        self.src, self.metadata, self.asm = Source(signature), Metadata(), {"cubin": CUBIN}

    def __getitem__(self, grid):
        return lambda *args, stream: None


class Kernel:
    """A JITFunction's face: source text, globals (its module's file), argument names; launches are counted."""

    arg_names = ["in_ptr0", "out_ptr0", "xnumel", "XBLOCK"]

    def __init__(self, module_path: str, source: str = SOURCE, signature=None):
        self.src, self.__globals__ = source, {"__file__": module_path}
        self.signature = signature or SIGNATURE
        self.triton_launches = []

    def __getitem__(self, grid):
        def run(*args, **options):
            self.triton_launches.append((grid, args, options))
            return Compiled(self.signature)

        return run


@pytest.fixture
def gpu(monkeypatch, tmp_path):
    """A fake static launcher; returns its log of ("load", ...) and ("launch", ...) calls."""
    calls = []

    class FakeStaticLauncher:
        @staticmethod
        def _load_kernel(path, name, shared, device):
            with open(path, "rb") as f:
                calls.append(("load", f.read(), name, shared, device))
            return (0xAB, 0xBEEF, 32, 0)  # (module, function, registers, spills)

        @staticmethod
        def _launch_kernel(function, x, y, z, warps, shared, types, args, stream):
            calls.append(("launch", function, (x, y, z), warps, shared, types, args))

    monkeypatch.setattr(torch._C, "_StaticCudaLauncher", FakeStaticLauncher, raising=False)
    monkeypatch.setattr(torch._C, "_cuda_getCurrentRawStream", lambda device: 0, raising=False)
    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("IRC_KERNEL_BINARY_CACHE", raising=False)
    monkeypatch.setattr(kernel_binary, "_device_names", {0: "NVIDIA H100 80GB HBM3 sm90"})
    monkeypatch.setattr(kernel_binary, "_module_digests", {})
    monkeypatch.setattr(launch, "_runners", {})
    monkeypatch.setattr(kernel_binary, "_loaded", {})
    metrics.launch_compiles.clear()
    return calls


@pytest.fixture
def module_path(tmp_path):
    path = tmp_path / "module.py"
    path.write_text("# an emitted module\n" + SOURCE)
    return str(path)


def first_launch(kernel, args, options=None, grid=(5,)):
    """A first launch in a process (fresh kept runners); returns the runner kept for later launches."""
    launch._runners.clear()
    kernel_binary._loaded.clear()
    options = options or {"XBLOCK": 64, "num_warps": 4}
    return launch.first_cuda_launch(kernel, grid, args, options, 0)


def records(tmp_path) -> list[str]:
    return sorted(f for _, _, files in os.walk(tmp_path / "cache") for f in files if f != "hmac.key")


def test_a_later_process_launches_the_kept_cubin_without_triton(gpu, module_path, tmp_path):
    a, b = tensor(), tensor()
    first_launch(Kernel(module_path), [a, b, 37])
    assert sorted(f[f.index("."):] for f in records(tmp_path)) == [".cubin", ".kernel.json"]
    assert [c[0] for c in gpu] == []  # the first process launched through Triton (fake: no static calls)

    later = Kernel(module_path)
    runner = first_launch(later, [a, b, 37])
    runner([a, b, 37])
    assert later.triton_launches == []
    assert gpu[0] == ("load", CUBIN, "triton_poi_fused_add_0", 256, 0)
    # the constexpr XBLOCK is not a cubin argument; the global scratch pointer is (null)
    launched = ("launch", 0xBEEF, (5, 1, 1), 4, 256, "OOiO", (a, b, 37, None))
    assert gpu[1:] == [launched, launched]
    assert metrics.launch_compiles["binary"] == 1


def test_a_constant_argument_is_left_out_of_the_kept_launch(gpu, module_path):
    signature = {**SIGNATURE, "xnumel": "constexpr"}
    a, b = tensor(), tensor()
    first_launch(Kernel(module_path, signature=signature), [a, b, 1])
    later = Kernel(module_path, signature=signature)
    first_launch(later, [a, b, 1])
    assert later.triton_launches == [] and gpu[-1] == ("launch", 0xBEEF, (5, 1, 1), 4, 256, "OOO", (a, b, None))


@pytest.mark.parametrize(
    "change",
    [
        lambda k, args, options: (k, [tensor(4100), args[1], 37], options),  # a misaligned input
        lambda k, args, options: (k, [tensor(dtype=torch.float16), args[1], 37], options),  # another dtype
        lambda k, args, options: (k, [*args[:2], 1], options),  # an integer equal to 1
        lambda k, args, options: (k, [*args[:2], 48], options),  # an integer divisible by 16
        lambda k, args, options: (k, [*args[:2], 2**40], options),  # a 64-bit integer
        lambda k, args, options: (k, args, {**options, "XBLOCK": 128}),  # another config
        lambda k, args, options: (k, args, {**options, "num_warps": 8}),
        lambda k, args, options: (Kernel(k.__globals__["__file__"], SOURCE + "#"), args, options),  # source
    ],
)
def test_anything_that_changes_the_binary_is_a_miss(gpu, module_path, change):
    kernel, args, options = Kernel(module_path), [tensor(), tensor(), 37], {"XBLOCK": 64, "num_warps": 4}
    first_launch(kernel, args, options)
    later, args, options = change(Kernel(module_path), args, options)
    first_launch(later, args, options)
    assert len(later.triton_launches) == 1 and not any(c[0] == "load" for c in gpu)


def test_another_device_module_or_version_is_a_miss(gpu, module_path, monkeypatch):
    args = [tensor(), tensor(), 37]
    first_launch(Kernel(module_path), args)
    for name, value in (
        ("_device_names", {0: "NVIDIA A100 sm80"}),
        ("_module_digests", {module_path: "another module text"}),
        ("environment", lambda: ["triton 9.9", "torch 9.9"]),
    ):
        with monkeypatch.context() as m:
            m.setattr(kernel_binary, name, value)
            later = Kernel(module_path)
            first_launch(later, args)
            assert len(later.triton_launches) == 1
    assert not any(c[0] == "load" for c in gpu)


def damage_cubin(tmp_path):
    (cubin,) = [os.path.join(d, f) for d, _, fs in os.walk(tmp_path / "cache") for f in fs if f.endswith(".cubin")]
    with open(cubin, "wb") as f:
        f.write(CUBIN[:5])


def damage_record(tmp_path):
    (entry,) = [os.path.join(d, f) for d, _, fs in os.walk(tmp_path / "cache") for f in fs if f.endswith(".json")]
    with open(entry, "a") as f:
        f.write("x")


@pytest.mark.parametrize("damage", [damage_cubin, damage_record])
def test_a_damaged_entry_takes_tritons_path_and_is_kept_again(gpu, module_path, tmp_path, damage):
    args = [tensor(), tensor(), 37]
    first_launch(Kernel(module_path), args)
    damage(tmp_path)
    later = Kernel(module_path)
    first_launch(later, args)
    assert len(later.triton_launches) == 1 and gpu == []
    again = Kernel(module_path)
    first_launch(again, args)
    assert again.triton_launches == [] and gpu[0][0] == "load"


def test_a_failing_load_or_launch_takes_tritons_path(gpu, module_path, monkeypatch):
    args = [tensor(), tensor(), 37]
    first_launch(Kernel(module_path), args)
    launcher = torch._C._StaticCudaLauncher

    def refuse(*_):
        raise RuntimeError("CUDA error: device kernel image is invalid")

    for name in ("_load_kernel", "_launch_kernel"):
        with monkeypatch.context() as m:
            m.setattr(launcher, name, staticmethod(refuse))
            later = Kernel(module_path)
            first_launch(later, args)
            assert len(later.triton_launches) == 1


def test_the_switch_turns_it_off(gpu, module_path, tmp_path, monkeypatch):
    monkeypatch.setenv("IRC_KERNEL_BINARY_CACHE", "0")
    args = [tensor(), tensor(), 37]
    first_launch(Kernel(module_path), args)
    assert records(tmp_path) == []
    monkeypatch.delenv("IRC_KERNEL_BINARY_CACHE")
    first_launch(Kernel(module_path), args)
    monkeypatch.setenv("IRC_KERNEL_BINARY_CACHE", "0")
    later = Kernel(module_path)
    first_launch(later, args)
    assert len(later.triton_launches) == 1 and gpu == []


def test_nothing_is_kept_where_the_static_launcher_does_not_apply(gpu, module_path, tmp_path):
    first_launch(Kernel(module_path, signature={**SIGNATURE, "xnumel": "nvTmaDesc"}), [tensor(), tensor(), 37])
    assert records(tmp_path) == []


def test_an_emitted_launch_site_takes_the_kept_binary(gpu, module_path, monkeypatch):
    monkeypatch.setattr(site_launch, "cuda_device", lambda args: 0)
    args, configs = [tensor(), tensor(), 37], lambda: ({"XBLOCK": 64, "num_warps": 4}, [])
    site = site_launch.Launcher(Kernel(module_path), "triton_poi_fused_add_0")
    (site.get(((5,),)) or site.first(((5,),), configs))(args)
    kernel_binary._loaded.clear()  # a later process
    later = site_launch.Launcher(Kernel(module_path), "triton_poi_fused_add_0")
    for _ in range(2):
        (later.get(((5,),)) or later.first(((5,),), configs))(args)
    assert later.kernel.triton_launches == [] and [c[0] for c in gpu] == ["load", "launch", "launch"]


def test_a_triton_kernel_of_an_emitted_module_has_a_key(tmp_path, monkeypatch):
    """The key reads Triton's JITFunction (its source and its module's file), so it changes with either."""
    monkeypatch.setattr(kernel_binary, "_device_names", {0: "NVIDIA H100 80GB HBM3 sm90"})
    monkeypatch.setattr(kernel_binary, "_module_digests", {})
    header = "import triton\nimport triton.language as tl\n\n\n@triton.jit\n"
    text = header + "def kernel_0(x_ptr, n, XBLOCK: tl.constexpr):\n    pass\n"
    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path / "cache"))
    keys = []
    for n, module in enumerate((text, text + "\nOTHER = 1\n")):
        kernel = load(cache.store(f"{n:032x}", module), interpret=False).kernel_0
        keys.append(kernel_binary.record_key(kernel, [tensor(), 37], {"XBLOCK": 64}, 0))
    assert None not in keys and keys[0] != keys[1]


def test_a_kept_binary_is_not_compiled_ahead_again(gpu, module_path):
    """compile_pool asks with the stand-ins it binds Triton's JIT to (dtype and alignment of each tensor)."""
    from irc.runtime.compile_pool import MockTensor

    options = {"XBLOCK": 64, "num_warps": 4}
    first_launch(Kernel(module_path), [tensor(), tensor(), 37], options)
    mocks = [MockTensor(torch.float32, True), MockTensor(torch.float32, True), 37]
    assert kernel_binary.recorded(Kernel(module_path), mocks, options, 0)
    assert not kernel_binary.recorded(Kernel(module_path), mocks, {**options, "XBLOCK": 128}, 0)
    assert not kernel_binary.recorded(Kernel(module_path), [MockTensor(torch.float32, False), *mocks[1:]], options, 0)


def test_another_integer_of_the_same_specialization_reuses_the_loaded_binary(gpu, module_path, tmp_path):
    a, b = tensor(), tensor()
    kernel = Kernel(module_path)
    first_launch(kernel, [a, b, 37])
    launch._runners.clear()  # a new launch key in the same process: Triton's compiled function serves it
    launch.first_cuda_launch(kernel, (5,), [a, b, 39], {"XBLOCK": 64, "num_warps": 4}, 0)
    assert len(kernel.triton_launches) == 1 and gpu == [("launch", 0xF00, (5, 1, 1), 4, 256, "OOiO", (a, b, 39, None))]

    later = Kernel(module_path)
    first_launch(later, [a, b, 37])
    launch._runners.clear()
    launch.first_cuda_launch(later, (6,), [a, b, 39], {"XBLOCK": 64, "num_warps": 4}, 0)
    assert later.triton_launches == [] and [c[0] for c in gpu] == ["launch", "load", "launch", "launch"]
    assert gpu[-1] == ("launch", 0xBEEF, (6, 1, 1), 4, 256, "OOiO", (a, b, 39, None))


def test_each_device_loads_its_own_copy(gpu, module_path, monkeypatch):
    monkeypatch.setattr(kernel_binary, "_device_names", {0: "NVIDIA H100 sm90", 1: "NVIDIA H100 sm90"})
    args, options = [tensor(), tensor(), 37], {"XBLOCK": 64, "num_warps": 4}
    first_launch(Kernel(module_path), args, options)
    later = Kernel(module_path)
    first_launch(later, args, options)
    launch._runners.clear()
    launch.first_cuda_launch(later, (5,), args, options, 1)
    assert later.triton_launches == [] and [c[4] for c in gpu if c[0] == "load"] == [0, 1]


def test_an_inconsistent_record_is_a_miss(gpu, module_path):
    import json

    from irc.runtime import cache

    args, options = [tensor(), tensor(), 37], {"XBLOCK": 64, "num_warps": 4}
    first_launch(Kernel(module_path), args, options)
    key = kernel_binary.record_key(Kernel(module_path), args, options, 0)
    entry = json.loads(cache.read(key, suffix=kernel_binary.RECORD_SUFFIX))
    entry["facts"]["kept"] = [0, 1, 5]  # a position past the arguments, with an intact digest
    cache.store(key, json.dumps(entry), suffix=kernel_binary.RECORD_SUFFIX)
    later = Kernel(module_path)
    first_launch(later, args, options)
    assert len(later.triton_launches) == 1 and gpu == []
