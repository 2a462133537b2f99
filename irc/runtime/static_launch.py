"""Launching a compiled Triton kernel through PyTorch's static CUDA launcher (the one Inductor uses).

Triton's own launch path (`compiled[grid](...)`: the runner, then the driver's launcher) is several Python
layers, about 10 us per launch; `torch._C._StaticCudaLauncher._launch_kernel` is one C call. It takes the
CUfunction Triton already loaded, the block's warps and shared memory, and the arguments the cubin takes
with a type code each ("O" pointer, "i" int32, "l" int64, "f" float, ...): Triton leaves out of the cubin
the constexprs and the arguments it specialized as constants (an integer equal to 1).

`static_runner` returns None wherever that launcher does not apply (no such torch API, launch hooks set,
scratch memory, several CTAs, an argument type it has no code for); the caller then keeps Triton's path.
"""

from collections.abc import Callable
from typing import NamedTuple

# Triton signature type -> _StaticCudaLauncher type code (as torch/_inductor's static launcher maps them)
TYPE_CODES = {
    "i1": "i", "i8": "b", "i16": "h", "i32": "i", "i64": "l",
    "u1": "I", "u8": "B", "u16": "H", "u32": "I", "u64": "K",
    "fp16": "f", "bf16": "f", "fp32": "f", "f32": "f", "fp64": "d",
}  # fmt: skip


class LaunchFacts(NamedTuple):
    """What the static launcher needs of a compiled kernel besides its loaded function: the block's warps and
    shared memory, the cubin's argument type codes (scratch pointers last), the positions of the runtime
    arguments the cubin takes, the number of (null) scratch pointers, the number of runtime arguments."""

    warps: int
    shared: int
    types: str
    kept: tuple[int, ...]
    scratch: int
    n_args: int


def static_runner(kernel, compiled, grid: tuple, n_args: int, device: int) -> Callable | None:
    """A callable launching `compiled` on `grid` with a list of the kernel's n_args runtime arguments on the
    device's current stream, or None where the static launcher does not apply."""
    facts = launch_facts(kernel, compiled, n_args)
    return None if facts is None else runner(compiled.function, facts, grid, device)


def launch_facts(kernel, compiled, n_args: int) -> LaunchFacts | None:
    """The launch facts of a compiled (and loaded) kernel, or None where the static launcher does not apply."""
    if not usable() or not _plain(compiled):
        return None
    kept, types = _cubin_arguments(kernel, compiled, n_args)
    if kept is None:
        return None
    scratch = _scratch_count(compiled)
    metadata = compiled.metadata
    return LaunchFacts(metadata.num_warps, metadata.shared, types + "O" * scratch, tuple(kept), scratch, n_args)


def usable() -> bool:
    """Whether this torch has the static launcher and no Triton launch hook wants to see launches."""
    return _launcher() is not None and not _has_hooks()


def runner(function: int, facts: LaunchFacts, grid: tuple, device: int) -> Callable:
    """A callable launching the loaded `function` on `grid` with the kernel's runtime argument list."""
    from torch._C import _cuda_getCurrentRawStream as current_stream

    launch = _launcher()._launch_kernel
    warps, shared, types, kept = facts.warps, facts.shared, facts.types, list(facts.kept)
    x, y, z = (*grid, 1, 1, 1)[:3]
    scratch = (None,) * facts.scratch

    def run_all(args):
        launch(function, x, y, z, warps, shared, types, (*args, *scratch), current_stream(device))

    def run_kept(args):
        cubin_args = (*[args[i] for i in kept], *scratch)
        launch(function, x, y, z, warps, shared, types, cubin_args, current_stream(device))

    return run_all if len(kept) == facts.n_args else run_kept


def _launcher():
    try:
        from torch._C import _StaticCudaLauncher
    except ImportError:
        return None
    return _StaticCudaLauncher if hasattr(_StaticCudaLauncher, "_launch_kernel") else None


def _has_hooks() -> bool:
    try:
        from triton import knobs
    except ImportError:
        return True
    hooks = (knobs.runtime.launch_enter_hook, knobs.runtime.launch_exit_hook)
    return any(h is not None and len(getattr(h, "calls", (h,))) > 0 for h in hooks)


def _plain(compiled) -> bool:
    """One CTA, a loaded function, no scratch buffers to allocate, no cooperative or PDL launch."""
    metadata = getattr(compiled, "metadata", None)
    if metadata is None or not isinstance(getattr(compiled, "function", None), int):
        return False
    if getattr(metadata, "num_ctas", 1) != 1 or getattr(metadata, "launch_cooperative_grid", False):
        return False
    if getattr(metadata, "launch_pdl", False):
        return False
    sizes = (getattr(metadata, key, 0) or 0 for key in ("global_scratch_size", "profile_scratch_size"))
    return all(size == 0 for size in sizes)


def _scratch_count(compiled) -> int:
    """Newer Triton cubins take a (null) pointer per scratch kind the metadata names."""
    return sum(hasattr(compiled.metadata, key) for key in ("global_scratch_size", "profile_scratch_size"))


def _cubin_arguments(kernel, compiled, n_args: int) -> tuple[list[int] | None, str]:
    """Positions of the runtime arguments the cubin takes, and their type codes."""
    src = getattr(compiled, "src", None)
    signature, names = getattr(src, "signature", None), list(getattr(kernel, "arg_names", ()))
    if not isinstance(signature, dict) or len(names) < n_args:
        return None, ""
    constants = {_position(key, names) for key in getattr(src, "constants", {})}
    kept, types = [], ""
    for position, name in enumerate(names[:n_args]):
        kind = signature.get(name, signature.get(position))
        if kind == "constexpr" or position in constants:
            continue
        code = "O" if isinstance(kind, str) and kind.startswith("*") else TYPE_CODES.get(kind)
        if code is None:
            return None, ""
        kept.append(position)
        types += code
    return kept, types


def _position(key, names: list[str]) -> int:
    if isinstance(key, str):
        return names.index(key) if key in names else -1
    return key[0] if isinstance(key, tuple) else key
