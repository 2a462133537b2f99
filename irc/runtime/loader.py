"""Loading emitted modules: natively for CUDA tensors, through Triton's interpreter for CPU tensors.

`@triton.jit` decides at decoration time whether it interprets, so a module is executed once per mode. The same
holds for Triton's own library (tl.sum, tl.sigmoid, ...): triton.language is imported in native mode before any
module is executed, so a CPU call first does not leave interpreted stdlib functions behind for later CUDA
compiles (interpreter_shims swaps in interpreted twins for the duration of each interpreted call).
"""

import importlib.util
import os
import threading
from types import ModuleType

_loaded: dict[tuple[str, bool], ModuleType] = {}
_lock = threading.Lock()


def load(path: str, interpret: bool) -> ModuleType:
    key = (path, interpret)
    with _lock:
        if key not in _loaded:
            _loaded[key] = _exec_module(path, interpret)
        return _loaded[key]


def _exec_module(path: str, interpret: bool) -> ModuleType:
    name = f"irc_generated_{os.path.basename(path)[:-3]}_{'interp' if interpret else 'native'}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    _import_triton_language_natively()
    previous = os.environ.get("TRITON_INTERPRET")
    os.environ["TRITON_INTERPRET"] = "1" if interpret else "0"
    try:
        spec.loader.exec_module(module)
        if interpret and hasattr(module, "libdevice"):
            from irc.runtime.interpreter_shims import libdevice_shim

            module.libdevice = libdevice_shim()
    finally:
        if previous is None:
            del os.environ["TRITON_INTERPRET"]
        else:
            os.environ["TRITON_INTERPRET"] = previous
    return module


def _import_triton_language_natively() -> None:
    previous = os.environ.pop("TRITON_INTERPRET", None)
    try:
        import triton.language  # noqa: F401
    finally:
        if previous is not None:
            os.environ["TRITON_INTERPRET"] = previous


def needs_interpreter(args) -> bool:
    """CPU tensors run through the interpreter; any CUDA tensor means a native launch."""
    import torch

    tensors = [a for a in args if isinstance(a, torch.Tensor)]
    return not any(t.is_cuda for t in tensors)
