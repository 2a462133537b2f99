"""What Triton's interpreter lacks when triton.language was imported before TRITON_INTERPRET was set.

- The standard library's `@triton.jit` functions (tl.sum, tl.sigmoid, tl.rand and its Philox, ...) are then compiled-mode
  JITFunctions, which the interpreter refuses to call: `interpreted_stdlib()` swaps in interpreted twins
  for the duration of a call.
- libdevice has no interpreter implementation: `libdevice_shim()` is the numpy stand-in for the functions
  irc emits (each row of dialects/elementwise.py spelled `libdevice.<f>` brings its `reference`); emitted
  modules use it under TRITON_INTERPRET=1.
- The interpreter patches triton.language for the duration of a launch, but not all of it comes back (Triton
  3.9 leaves tl.core.range, static_assert, multiple_of ... as the interpreter's), and a later native compile
  in the same process (CPU and CUDA tensors mixed) needs the originals: `interpreted_stdlib()` restores every
  language namespace when the call ends.
- Triton 3.6's interpreter turns a one-element tensor into a loop bound with `int(array)`, which newer numpy
  refuses for arrays of one dimension (`for r in range(0, rnumel, RBLOCK)`):
  `squeeze_one_element_loop_bounds()` (called by `interpreted_stdlib()`) squeezes first, as Triton 3.9 does.
- The interpreter truncates float32 -> bfloat16 and bit-casts other types to bfloat16, where the GPU (and
  PyTorch) round to nearest even, and flushes or misplaces bfloat16 subnormals cast to wider types:
  `interpreted_stdlib()` also swaps in a rounding cast and an exact widening one.
- The interpreter's tl.dot multiplies bfloat16 operands as their uint16 bits: `interpreted_stdlib()` swaps in
  a dot that widens them to float32 first (template kernels' GEMMs); its float comparisons compare bfloat16
  bits too (-0.0 != 0.0): they are swapped for ones that widen first.
- The interpreter reduces and scans with a combine function other than its own few (tl.reduce_or, irc's
  NaN-propagating maximum, logcumsumexp's) one element at a time in Python, seconds a launch:
  `interpreted_stdlib()` runs the numpy ufunc the reduction's table row names instead (`fast_reductions`).
- The interpreter skips tl.device_assert outside debug mode: `interpreted_stdlib()` turns it on (without the
  overflow checks) and raises a failed assert as eager's error (`device_error`: IndexError for an index out of
  range, RuntimeError("ZeroDivisionError") for an integer division by zero).
- The interpreter dereferences pointers unchecked, so a kernel's out-of-bounds store corrupts the process's
  heap: `interpreted_stdlib()` checks every access against the launch's arguments (interpreter_bounds.py).
"""

import contextlib
import dataclasses
import threading
import weakref
from types import SimpleNamespace

from irc.runtime.interpreter_bounds import bounds_checks, swap

_lock = threading.RLock()
_twins: dict = {}


def _stdlib_modules():
    import triton.language as tl
    from triton.language import random, standard

    return [tl, standard, random]


@contextlib.contextmanager
def interpreted_stdlib():
    from triton.runtime.interpreter import InterpretedFunction
    from triton.runtime.jit import JITFunction

    with contextlib.suppress(ImportError):
        import triton.experimental.gluon  # noqa: F401  (imported lazily by launches; it needs the originals)
    with _lock:
        snapshots = [(namespace, dict(vars(namespace))) for namespace in _language_namespaces()]
        saved = []
        for module in _stdlib_modules():
            for name, value in list(vars(module).items()):
                if isinstance(value, JITFunction):
                    twin = _twins.setdefault(value, InterpretedFunction(value.fn))
                    saved.append((module, name, value))
                    setattr(module, name, twin)
        squeeze_one_element_loop_bounds()
        builder = _interpreter_builder()
        saved.append((builder, "cast_impl", builder.cast_impl))
        builder.cast_impl = _rounding_cast(builder.cast_impl)
        saved.append((builder, "create_dot", builder.create_dot))
        builder.create_dot = _bfloat16_dot(builder.create_dot)
        for name in FLOAT_COMPARISONS:
            saved.append((builder, name, getattr(builder, name)))
            setattr(builder, name, _bfloat16_comparison(getattr(builder, name)))
        saved.extend(fast_reductions())
        saved.extend(bounds_checks())
        from triton.runtime.interpreter import interpreter_builder as instance

        saved.append((instance, "options", instance.options))
        instance.options = dataclasses.replace(instance.options, debug=True, sanitize_overflow=False)
        try:
            yield
        except Exception as error:  # noqa: BLE001 - a failed tl.device_assert becomes eager's error
            translated = device_error(error)
            if translated is error:
                raise
            raise translated from error
        finally:
            for module, name, value in saved:
                setattr(module, name, value)
            for namespace, before in snapshots:
                _restore_namespace(namespace, before)


def fast_reductions() -> list:
    """Swaps the interpreter's element-by-element reduce and scan for numpy ufuncs where the combine function
    is one a table row names a ufunc for; returns what it replaced as (owner, name, original)."""
    from triton.runtime import interpreter

    swaps = (("ReduceOps", "generic_reduce", _ufunc_reduce), ("ScanOps", "generic_scan", _ufunc_scan))
    return swap((getattr(interpreter, owner, None), name, make) for owner, name, make in swaps)


def _ufunc_reduce(original):
    def run(ufunc, op, data):
        return ufunc.reduce(data, axis=op.axis, keepdims=op.keep_dims)

    return _through_ufunc(original, run)


def _ufunc_scan(original):
    return _through_ufunc(original, lambda ufunc, op, data: ufunc.accumulate(data, axis=op.axis))


def _through_ufunc(original, run):
    """The interpreter's element-by-element `original(op, input)`, or `run(ufunc, op, data)` where a row names
    a ufunc for the op's combine function."""

    def apply(op, input):
        ufunc = _ufunc_for(op.combine_fn, input)
        if ufunc is None:
            return original(op, input)
        import numpy as np

        with np.errstate(all="ignore"):
            return [op.to_tensor(run(ufunc, op, input[0].handle.data), input[0].dtype)]

    return apply


def _ufunc_for(combine_fn, input):
    """The ufunc standing for `combine_fn` over one operand, or None (several operands, bfloat16 data held as
    bits, a combine function no row names)."""
    import triton.language as tl

    fn = getattr(combine_fn, "fn", None)
    if fn is None or len(input) != 1 or input[0].dtype.scalar == tl.bfloat16:
        return None
    if fn not in _resolved:
        _resolved[fn] = _row_ufuncs().get(_source_of(fn))
    return _resolved[fn]


_resolved: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # combine function -> ufunc or None
_ufuncs: dict | None = None


def _row_ufuncs() -> dict:
    """The source of each combine function a reduction or scan row names a numpy ufunc for -> that ufunc."""
    global _ufuncs
    if _ufuncs is None:
        import numpy as np
        from triton.language import standard

        from irc.dialects.triton_ops_table import REDUCE_KINDS, SCAN_KINDS

        ufuncs = {}
        for row in (*REDUCE_KINDS.values(), *SCAN_KINDS.values()):
            if row.helper and row.numpy:
                ufuncs[_undecorated(row.helper)] = getattr(np, row.numpy)
            elif row.standard_combine and row.numpy:
                combine = getattr(standard, row.standard_combine)
                ufuncs[_source_of(getattr(combine, "fn", combine))] = getattr(np, row.numpy)
        _ufuncs = ufuncs
    return _ufuncs


def _source_of(fn) -> str | None:
    import inspect

    try:
        return _undecorated(inspect.getsource(fn))
    except (OSError, TypeError):
        return None


def _undecorated(source: str) -> str:
    return "\n".join(line for line in source.strip().splitlines() if not line.startswith("@"))


def _language_namespaces() -> list:
    """The modules and classes the interpreter's `_patch_lang` rewrites."""
    import triton.language as tl

    candidates = [tl, tl.core, tl.math, tl.standard, tl.tensor, tl.dtype, getattr(tl.core, "tensor_descriptor_base", None)]
    return [c for c in candidates if c is not None]


def _restore_namespace(namespace, before: dict) -> None:
    """Puts back what the call changed; names it added stay (the interpreter caches code that needs them)."""
    now = vars(namespace)
    for name, value in before.items():
        if now.get(name) is not value:
            setattr(namespace, name, value)


def squeeze_one_element_loop_bounds() -> None:
    """Makes the interpreter's `int(tensor)` squeeze first, for good (it only matters in interpreted launches)."""
    import triton.runtime.interpreter as interpreter

    if not getattr(interpreter._patch_lang_tensor, "squeezes_index", False):
        interpreter._patch_lang_tensor = _squeezing_index(interpreter._patch_lang_tensor)


def _squeezing_index(original):
    def patch_lang_tensor(tensor, *scope):
        original(tensor, *scope)
        index = lambda self: int(self.handle.data.squeeze())  # noqa: E731
        if scope and hasattr(scope[0], "set_attr"):
            scope[0].set_attr(tensor, "__index__", index)
        else:
            tensor.__index__ = index

    patch_lang_tensor.squeezes_index = True
    return patch_lang_tensor


def _interpreter_builder():
    from triton.runtime.interpreter import InterpreterBuilder

    return InterpreterBuilder


def float32_to_bfloat16_bits(data):
    """Round-to-nearest-even float32 -> bfloat16, as uint16 bits (c10::BFloat16's rounding; NaN stays NaN)."""
    import numpy as np

    bits = np.asarray(data, dtype=np.float32, order="C").view(np.uint32)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)
    return np.where(np.isnan(data), np.uint16(0x7FC0), rounded)


def bfloat16_bits_to_float32(data):
    """bfloat16 (held as uint16 bits) -> float32, exactly: the bits shifted into the upper half (the
    interpreter's own conversion loses subnormals)."""
    import numpy as np

    return (np.asarray(data).view(np.uint16).astype(np.uint32) << 16).view(np.float32)


def _rounding_cast(original):
    def cast_impl(self, src, dst_type):
        import numpy as np
        import triton.language as tl
        from triton.runtime.interpreter import TensorHandle

        # a comparison of bfloat16 operands keeps their dtype on its handle but holds numpy bools: only uint16
        # data are bfloat16 bits
        if src.dtype.scalar == tl.bfloat16 and dst_type.scalar != tl.bfloat16 and src.data.dtype == np.uint16:
            widened = TensorHandle(bfloat16_bits_to_float32(src.data), tl.float32)
            return widened if dst_type.scalar == tl.float32 else original(self, widened, dst_type)
        if dst_type.scalar != tl.bfloat16 or src.dtype.scalar == tl.bfloat16:
            return original(self, src, dst_type)
        as_float = original(self, src, tl.float32) if src.dtype.scalar != tl.float32 else src
        return TensorHandle(float32_to_bfloat16_bits(as_float.data), tl.bfloat16)

    return cast_impl


FLOAT_COMPARISONS = [f"create_fcmp{order}{p}" for order in "OU" for p in ("LT", "GT", "LE", "GE", "EQ", "NE")]


def _bfloat16_comparison(original):
    """A comparison of bfloat16 values compares their float32 values (the interpreter compares the uint16
    bits: -0.0 != 0.0, negatives above positives)."""

    def compare(self, lhs, rhs):
        import numpy as np
        import triton.language as tl
        from triton.runtime.interpreter import TensorHandle

        def widened(x):
            if x.dtype.scalar != tl.bfloat16 or x.data.dtype != np.uint16:
                return x
            return TensorHandle(bfloat16_bits_to_float32(x.data), tl.float32)

        return original(self, widened(lhs), widened(rhs))

    return compare


def _bfloat16_dot(original):
    def create_dot(self, a, b, d, *args):
        import numpy as np
        import triton.language as tl
        from triton.runtime.interpreter import TensorHandle

        def widened(x):
            if x.dtype.scalar != tl.bfloat16:
                return x
            bits = np.asarray(x.data).astype(np.uint32) << 16
            return TensorHandle(bits.view(np.float32), tl.float32)

        return original(self, widened(a), widened(b), d, *args)

    return create_dot


def _elementwise(np_fn):
    def apply(*args):
        import numpy as np
        import triton.language as tl
        from triton.runtime.interpreter import TensorHandle

        tensors = [a for a in args if isinstance(a, tl.tensor)]
        first = tensors[0]
        data = [a.handle.data if isinstance(a, tl.tensor) else a for a in args]
        with np.errstate(all="ignore"):
            result = np.asarray(np_fn(*data)).astype(first.handle.data.dtype)
        shapes = [t.type.shape for t in tensors if t.type.is_block()]
        result_type = first.type if not shapes else tl.block_type(first.dtype, list(np.broadcast_shapes(*shapes)))
        return tl.tensor(TensorHandle(result, first.handle.dtype.scalar), result_type)

    return apply


def _libdevice():
    from irc.dialects.elementwise import ELEMENTWISE

    functions = {row.libdevice: row.reference for row in ELEMENTWISE.values() if row.libdevice is not None}
    return SimpleNamespace(**{name: _elementwise(fn) for name, fn in functions.items()})


_libdevice_shim = None


def libdevice_shim():
    global _libdevice_shim
    if _libdevice_shim is None:
        _libdevice_shim = _libdevice()
    return _libdevice_shim


# the start of a failed device_assert's message -> the error eager raises (ATen's CPU division: RuntimeError)
DEVICE_ERRORS = {"index out of range": IndexError, "ZeroDivisionError": RuntimeError}


def device_error(error: Exception) -> Exception:
    """The error to raise for an exception out of an interpreted launch: a failed tl.device_assert of irc's
    (an AssertionError inside Triton's InterpreterError) becomes eager's error; anything else stays."""
    cause = error
    while cause is not None and not isinstance(cause, AssertionError):
        cause = cause.__cause__
    message = str(cause) if cause is not None else ""
    for start, kind in DEVICE_ERRORS.items():
        if message.startswith(start):
            return kind(f"{message} (a device-side check of a compiled kernel)")
    return error
