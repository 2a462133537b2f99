"""Loading emitted modules: natively for CUDA tensors, through Triton's interpreter for CPU tensors.

`@triton.jit` decides at decoration time whether it interprets, so a module is executed once per mode.
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
    previous = os.environ.get("TRITON_INTERPRET")
    os.environ["TRITON_INTERPRET"] = "1" if interpret else "0"
    try:
        spec.loader.exec_module(module)  # under TRITON_INTERPRET=1 the module takes irc's libdevice stand-in
    finally:
        if previous is None:
            del os.environ["TRITON_INTERPRET"]
        else:
            os.environ["TRITON_INTERPRET"] = previous
    return module


def needs_interpreter(args) -> bool:
    """CPU tensors run through the interpreter; any CUDA tensor means a native launch."""
    return not any(getattr(a, "is_cuda", False) for a in args)
