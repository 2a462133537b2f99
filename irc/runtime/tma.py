"""Global scratch memory for kernels that make tensor descriptors on the device (a TMA template, Triton's
`tl.make_tensor_descriptor`): Triton asks the allocator `triton.set_allocator` installs, per thread (a context
variable); irc installs one that takes the memory from PyTorch's caching allocator on the current device."""

from contextvars import ContextVar

_installed: ContextVar[bool] = ContextVar("irc_tma_allocator", default=False)


def ensure_allocator() -> None:
    """Installs the allocator in the calling thread's context, once, unless one is installed already (by the
    program or by Inductor)."""
    if _installed.get():
        return
    import torch
    import triton

    if _has_allocator():
        _installed.set(True)
        return

    def allocate(size: int, alignment: int, stream):
        return torch.empty(size, dtype=torch.int8, device=torch.cuda.current_device())

    triton.set_allocator(allocate)
    _installed.set(True)


def _has_allocator() -> bool:
    try:
        from triton.runtime import _allocation
    except ImportError:  # a Triton without the module: install ours
        return False
    null = getattr(_allocation, "_NULL_ALLOCATOR", None)
    current = getattr(_allocation, "_allocator", None)
    return null is not None and current is not None and current.get() is not null
