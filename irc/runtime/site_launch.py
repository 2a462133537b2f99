"""The launch sites of an emitted module: each keeps its compiled kernels' direct runners under a key.

The emitted `call(args)` computes each launch's key from what its IR says (see
irc/target/triton_wrapper_launch.py) and launches with one dict lookup and one runner call; only a key not
seen yet goes through planning (autotuning on the first CUDA launch) and Triton's own launch path.
"""

import operator
import weakref
from collections.abc import Callable

from irc.runtime import autotune
from irc.runtime.launch import cuda_device, first_cuda_launch

_sites: "weakref.WeakSet[Launcher]" = weakref.WeakSet()


class Launcher(dict):
    """The launches of one launch site of an emitted module: its key -> a runner taking the argument list.

    The key holds the grid, the call's device and its inputs' 16-byte alignment (computed once per call), the
    integer scalars and the alignment of tensors not aligned by construction. A kept runner is one lookup
    away:

        (_launch_0.get(key) or _launch_0.first(key, configs))(args)

    `first` plans the launch (autotuning on the first CUDA call), launches through Triton and, on CUDA, keeps
    the compiled kernel's direct runner under the key. On CPU (Triton's interpreter) every launch goes through
    Triton.
    """

    def __init__(self, kernel, name: str):
        super().__init__()
        self.kernel, self.name = kernel, name
        _sites.add(self)

    __hash__, __eq__ = object.__hash__, object.__eq__  # a site is itself (in a WeakSet), whatever it keeps

    def first(self, key: tuple, configs: Callable[[], tuple[dict, list[dict]]]) -> Callable[[list], None]:
        """A runner for a key not seen yet; `configs()` = (the heuristic config, the autotune candidates)."""
        return lambda args: self._launch_first(key, configs, args)

    def _launch_first(self, key: tuple, configs, args: list) -> None:
        grid = key[0]
        config = autotune.choose(self.name, self.kernel, grid, args, *configs())
        planned, options = autotune.split_grid(grid, config)
        device = cuda_device(args)
        if device is None:
            self.kernel[planned](*args, **options)
            return
        self[key] = first_cuda_launch(self.kernel, planned, args, options, device) or (
            lambda later: self.kernel[planned](*later, **options)
        )


class StaticInputs:
    """The alignment of a module's static inputs (arguments the IR marks `irc.static`: parameters, buffers,
    constants), their part of the per-call key: `_static_inputs(args)` in the emitted call().

    Their addresses are read on the first call and kept with the key part they give (True when all are 16-byte
    aligned, else each one's alignment); a later call compares the addresses with the kept ones in C (one
    call where PyTorch has it, else a map over the inputs) and reads their alignment again only when one
    moved, so a static input moved to a misaligned address gets a key of its own, and its own compiled
    kernel, as any misaligned input does.
    """

    def __init__(self, positions: tuple[int, ...]):
        self.positions = list(positions)
        self.take = operator.itemgetter(*positions) if len(positions) > 1 else lambda args: (args[positions[0]],)
        self.pointers: list | None = None  # indexed like the call's arguments (torch's C comparison)
        self.kept: list[int] = []  # in the order of positions
        self.key: bool | tuple[bool, ...] = True

    def __call__(self, args: list):
        try:
            if self.pointers is not None and self.same(args):
                return self.key
        except (TypeError, RuntimeError, IndexError, AttributeError):  # not a tensor: call()'s checks name it
            pass
        return self.read(args)

    def same(self, args: list) -> bool:
        if _same_pointers is not None:
            return _same_pointers(args, self.pointers, self.positions)
        return list(map(_data_ptr, self.take(args))) == self.kept

    def read(self, args: list):
        kept = [getattr(t, "data_ptr", lambda: None)() for t in self.take(args)]
        self.pointers = [None] * len(args)
        for k, pointer in zip(self.positions, kept):
            self.pointers[k] = pointer
        aligned = tuple(p is not None and p % 16 == 0 for p in kept)
        self.kept, self.key = kept, all(aligned) or aligned
        return self.key


def _torch_functions():
    """torch.Tensor.data_ptr, and torch's C comparison of data pointers at positions (CUDA builds; its
    cudagraph trees use it) or None."""
    import torch

    return torch.Tensor.data_ptr, getattr(torch._C, "_tensors_data_ptrs_at_indices_equal", None)


_data_ptr, _same_pointers = _torch_functions()


def alignments(*tensors) -> tuple[bool, ...]:
    """Each tensor's 16-byte alignment: the per-call key part when not every input is aligned."""
    return tuple(t.data_ptr() % 16 == 0 for t in tensors)


def forget() -> None:
    """Drops every site's kept runners: the next launch of each plans (and chooses its config) again."""
    for site in list(_sites):
        site.clear()
