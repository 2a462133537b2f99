"""The launch sites of an emitted module: each keeps its compiled kernels' direct runners under a key.

The emitted `call(args)` computes each launch's key from what its IR says (see
irc/target/triton_wrapper_launch.py) and launches with one dict lookup and one runner call; only a key not
seen yet goes through planning (autotuning on the first CUDA launch) and Triton's own launch path.
"""

import weakref
from collections.abc import Callable

from irc import metrics
from irc.runtime import autotune
from irc.runtime.launch import cuda_device, direct_runner

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
        with metrics.phase("kernel compile"):
            compiled = self.kernel[planned](*args, **options)
        runner = direct_runner(self.kernel, compiled, planned, len(args), options, device)
        self[key] = runner or (lambda later: self.kernel[planned](*later, **options))


def alignments(*tensors) -> tuple[bool, ...]:
    """Each tensor's 16-byte alignment: the per-call key part when not every input is aligned."""
    return tuple(t.data_ptr() % 16 == 0 for t in tensors)


def forget() -> None:
    """Drops every site's kept runners: the next launch of each plans (and chooses its config) again."""
    for site in list(_sites):
        site.clear()
