"""Every load and store of an interpreted launch checked against the memory of the launch's own arguments.

Triton's interpreter dereferences a kernel's pointers in the host process: a store past a buffer's end does
not fault, it corrupts the heap, and the process dies later ("double free or corruption", a segfault) far
from the kernel that did it. `bounds_checks()` records the storages of each launch's tensor arguments and
fails an access (masked-off lanes excluded) outside all of them at once, with a RuntimeError naming the
kernel.
"""

import threading

_launch = threading.local()


class OutOfBoundsAccess(RuntimeError):
    pass


def bounds_checks() -> list:
    """Swaps in the checking launch and accesses; returns what it replaced as (owner, name, original)."""
    from triton.runtime import interpreter

    builder, executor = interpreter.InterpreterBuilder, interpreter.GridExecutor
    swaps = [
        (executor, "_init_args_hst", _recording_arguments),
        (executor, "__call__", _naming_kernel),
        (builder, "create_masked_load", lambda original: _checked(original, "load", (1, "ptrs"), (2, "mask"))),
        (builder, "create_masked_store", lambda original: _checked(original, "store", (1, "ptrs"), (3, "mask"))),
        (builder, "create_atomic_rmw", lambda original: _checked(original, "atomic", (2, "ptr"), (4, "mask"))),
    ]
    return swap(swaps)


def swap(swaps) -> list:
    """Replaces each (owner, name, make) attribute that exists by make(original); returns what it replaced as
    (owner, name, original)."""
    replaced = []
    for owner, name, make in swaps:
        original = getattr(owner, name, None)
        if original is not None:
            replaced.append((owner, name, original))
            setattr(owner, name, make(original))
    return replaced


def _naming_kernel(original):
    def call(self, *args, **kwargs):
        _launch.kernel = getattr(self.fn, "__name__", "kernel")
        return original(self, *args, **kwargs)

    return call


def _recording_arguments(original):
    def init_args_hst(self, args_dev, kwargs):
        args_hst, kwargs_hst = original(self, args_dev, kwargs)
        _launch.ranges = _storage_ranges([*args_hst, *kwargs_hst.values()])
        return args_hst, kwargs_hst

    return init_args_hst


def _storage_ranges(arguments) -> tuple:
    """Sorted (starts, ends) of the storages behind the tensor arguments (tuples and descriptors opened)."""
    import numpy as np

    spans = set()
    pending = list(arguments)
    while pending:
        argument = pending.pop()
        if isinstance(argument, tuple | list):
            pending.extend(argument)
        elif hasattr(argument, "base") and hasattr(argument, "block_shape"):
            pending.append(argument.base)
        elif hasattr(argument, "untyped_storage"):
            storage = argument.untyped_storage()
            spans.add((storage.data_ptr(), storage.data_ptr() + storage.nbytes()))
    ordered = sorted(spans)
    starts = np.array([start for start, _ in ordered], dtype=np.uint64)
    return starts, np.array([end for _, end in ordered], dtype=np.uint64)


def _checked(original, access: str, pointers: tuple[int, str], mask: tuple[int, str]):
    """`original` with its pointer argument checked where its mask is on; each is found at its position
    (self included) or by its name."""

    def argument(args, kwargs, where):
        position, name = where
        return args[position] if len(args) > position else kwargs.get(name)

    def run(*args, **kwargs):
        ranges = getattr(_launch, "ranges", None)
        if ranges is not None:
            _check(argument(args, kwargs, pointers), argument(args, kwargs, mask), ranges, access)
        return original(*args, **kwargs)

    return run


def _check(pointers, mask, ranges, access: str) -> None:
    import numpy as np

    addresses = np.asarray(pointers.data, dtype=np.uint64)
    if mask is not None:
        addresses = addresses[np.broadcast_to(np.asarray(mask.data, dtype=bool), addresses.shape)]
    if addresses.size == 0:
        return
    width = np.uint64(max(1, pointers.get_element_ty().primitive_bitwidth // 8))
    starts, ends = ranges
    slot = np.searchsorted(starts, addresses, side="right").astype(np.int64) - 1
    inside = (slot >= 0) & (addresses + width <= ends[np.maximum(slot, 0)])
    if not inside.all():
        first = int(addresses[~inside][0])
        kernel = getattr(_launch, "kernel", "kernel")
        raise OutOfBoundsAccess(
            f"irc: kernel {kernel}: a {access} at address {first:#x} lies outside every argument's memory "
            f"({int((~inside).sum())} of {addresses.size} elements)"
        )
