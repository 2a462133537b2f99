"""Input guards of the emitted `call(args)`: every tensor input is checked against the layout it was compiled for.

Dynamo's guards normally recompile before a mismatch reaches the compiled code; these checks catch direct
misuse of the module (and a wrong stride from a caller) with a clear message instead of a wrong answer:

    def call(args):
        arg0_1, arg1_1 = args
        args.clear()
        _check_rank(arg0_1, 0, 2, torch.float32)      # inputs with symbolic sizes, before symbols are bound
        s0 = arg0_1.shape[0]
        _check_input(arg0_1, 0, (s0, 5), (5, 1), torch.float32)
        _check_input(arg1_1, 1, (s0,), (1,), torch.float32)   # s0 must agree with arg0_1's

Many inputs of numeric layouts (a network's parameters) are checked one by one only until a call's inputs pass,
and an extern's result until one passes; later calls with tensors like those pass one C check instead
(`_guards[site]`, irc/runtime/input_guard.py).
"""

from __future__ import annotations

from xdsl.ir import SSAValue

from irc.dialects import triton
from irc.dialects.sym import INT32_MAX, largest_bounds
from irc.dialects.types import BufferType
from irc.target.python_text import python_expr, python_tuple, torch_dtype

# Module-level helpers of the emitted wrapper. Strides of dims of size 1 are not checked (they never matter).
# Views and allocations go through the C++ helpers Inductor's wrappers use (no dispatcher, no argument
# parsing): about half the host time of torch.as_strided and torch.empty_strided per call.
GUARD_HELPERS = '''
try:
    from torch._C._dynamo.guards import assert_size_stride as _assert_size_stride
except ImportError:

    def _assert_size_stride(tensor, size, stride):
        same = tuple(tensor.shape) == tuple(size) and all(
            n <= 1 or s == t for n, s, t in zip(size, stride, tensor.stride())
        )
        if not same:
            raise AssertionError("layout differs")

from irc.runtime.input_guard import Guards as _Guards

try:
    from torch._C._dynamo.guards import _reinterpret_tensor as reinterpret_tensor
except ImportError:

    def reinterpret_tensor(base, size, stride, offset_increment):
        return torch.as_strided(base, size, stride, base.storage_offset() + offset_increment)

if os.environ.get("TRITON_INTERPRET") == "1":

    def reinterpret_tensor(base, size, stride, offset_increment):
        """Interpreted (CPU) modules: torch checks that a view fits its storage, which the C helper does not
        (a view past the end would let an extern write over the heap)."""
        return torch.as_strided(base, size, stride, base.storage_offset() + offset_increment)


def _allocator(device):
    """empty_strided(size, stride, dtype) on `device`."""
    fast = _EMPTY_STRIDED.get(device.type)
    if fast is not None and (device.type != "cuda" or device.index == torch.cuda.current_device()):
        return fast
    return lambda size, stride, dtype: torch.empty_strided(size, stride, dtype=dtype, device=device)


def _empty_strided_helpers():
    try:
        from torch._C._dynamo import guards
    except ImportError:
        return {}
    return {kind: getattr(guards, f"_empty_strided_{kind}", None) for kind in ("cpu", "cuda")}


_EMPTY_STRIDED = _empty_strided_helpers()


def _layout_error(tensor, position, want):
    got = f"sizes {tuple(tensor.shape)}, strides {tuple(tensor.stride())}, dtype {tensor.dtype}"
    return ValueError(
        f"irc: input {position} has {got}, but this code was compiled for {want} "
        "(torch.compile recompiles for new shapes; call the compiled module only with inputs like its example)"
    )


def _check_rank(tensor, position, rank, dtype):
    if tensor.dim() != rank or tensor.dtype != dtype:
        raise _layout_error(tensor, position, f"{rank} dims, dtype {dtype}")


def _extern_result(tensor, size, stride, dtype):
    """An extern's result in the layout the IR declares for it: the result itself, or a copy where the strides
    ATen returned differ (a meta function's strides need not be the kernel's, and irc lays out the extern's
    inputs its own way, not necessarily as the traced graph did). An undefined result (None, as cuDNN
    attention's unused sequence offsets) stays as it is: nothing reads it."""
    if tensor is None:
        return tensor
    try:
        _assert_size_stride(tensor, size, stride)
        if tensor.dtype is dtype:
            return tensor
    except AssertionError:
        pass
    if tuple(tensor.shape) != tuple(size) or tensor.dtype is not dtype:
        raise RuntimeError(
            f"irc: an extern returned sizes {tuple(tensor.shape)}, dtype {tensor.dtype}; "
            f"compiled for sizes {tuple(size)}, dtype {dtype}"
        )
    from irc.runtime.layout import copy_to_layout

    return copy_to_layout(tensor, size, stride)


def _check_input(tensor, position, size, stride, dtype):
    try:
        _assert_size_stride(tensor, size, stride)
        if tensor.dtype is dtype:
            return
    except AssertionError:
        pass
    raise _layout_error(tensor, position, f"sizes {tuple(size)}, strides {tuple(stride)}, dtype {dtype}")
'''


def tensor_inputs(printer) -> list[tuple[int, SSAValue]]:
    return [(k, arg) for k, arg in enumerate(printer.args) if isinstance(arg.type, BufferType)]


def rank_guards(printer) -> list[str]:
    """Rank and dtype checks of the inputs whose sizes bind symbols (before `shape[d]` is read)."""
    lines = []
    for position, arg in tensor_inputs(printer):
        t = arg.type
        if not t.is_static() or any(not isinstance(s, int) for s in t.stride_values()):
            lines.append(f"_check_rank({printer.names[arg]}, {position}, {t.rank}, {torch_dtype(t.element_type)})")
    return lines


def layout_guards(printer, sizes) -> list[str]:
    """Size, stride and dtype checks of every tensor input. Of GUARDED_INPUTS or more inputs of numeric sizes and
    strides, only the first call's (and those of inputs unlike earlier ones) check them one by one: later calls
    pass one C check (irc/runtime/input_guard.py). Inputs of symbolic sizes are checked every call."""
    inputs = tensor_inputs(printer)
    fixed = [(k, arg) for k, arg in inputs if _numeric_layout(arg.type)]
    if len(fixed) < GUARDED_INPUTS:
        return input_checks(printer, sizes, inputs)
    names, site = ", ".join(printer.names[arg] for _, arg in fixed), printer.guard_site()
    lines = [f"if not _guards[{site}]({names}):"]
    lines += ["    " + line for text in input_checks(printer, sizes, fixed) for line in text.split("\n")]
    lines.append(f"    _guards.passed({site}, {names})")
    symbolic = [(k, arg) for k, arg in inputs if not _numeric_layout(arg.type)]
    return lines + input_checks(printer, sizes, symbolic)


GUARDED_INPUTS = 4  # fewer inputs are checked one by one: about what the guard's own call costs


def _numeric_layout(t) -> bool:
    return t.is_static() and all(isinstance(s, int) for s in t.stride_values())


def input_checks(printer, sizes, inputs: list[tuple[int, SSAValue]]) -> list[str]:
    """Size, stride and dtype checks of these inputs, in terms of the bound size symbols: one C call per
    input (Inductor's assert_size_stride) and one dtype test; only when one fails, the Python checks that name
    the input."""
    if not inputs:
        return []
    fast, named, dtypes = ["try:"], ["except AssertionError:"], []
    for position, arg in inputs:
        t, name = arg.type, printer.names[arg]
        size, stride = python_tuple(sizes(t.shape)), python_tuple(sizes(t.strides))
        dtype = torch_dtype(t.element_type)
        fast.append(f"    _assert_size_stride({name}, {size}, {stride})")
        named.append(f"    _check_input({name}, {position}, {size}, {stride}, {dtype})")
        dtypes.append(f"{name}.dtype is not {dtype}")
    fast.append(f"    if ({dtypes[0]}" + "".join(f"\n            or {d}" for d in dtypes[1:]) + "):")
    fast.append("        raise AssertionError")
    return [*fast, *named, "    raise"]


def extern_result_check(printer, name: str, size: str, stride: str, dtype: str) -> list[str]:
    """An extern's result in its declared layout: a guard's C check once a result has passed at this site, else
    one C call when ATen's layout is the declared one (as in Inductor's wrapper), `_extern_result` (a copy, or a
    clear error) otherwise."""
    site = printer.guard_site()
    return [
        f"if not _guards[{site}]({name}):",
        "    try:",
        f"        _assert_size_stride({name}, {size}, {stride})",
        f"        if {name}.dtype is not {dtype}:",
        "            raise AssertionError",
        f"        _guards.passed({site}, {name})",
        "    except (AssertionError, TypeError):  # TypeError: an undefined (None) result",
        f"        {name} = _extern_result({name}, {size}, {stride}, {dtype})",
    ]


def index_limit_check(kernels) -> list[str]:
    """One check of the extents of the kernels that index in int32 under symbolic sizes (their
    `index_limits`), before any launch: sizes beyond them raise instead of wrapping an index."""
    limits = [e.value() for k in kernels for e in getattr(k.attributes.get(triton.INDEX_LIMITS), "data", ())]
    if not limits:
        return []
    over = " or ".join(f"{python_expr(e)} > {INT32_MAX}" for e in largest_bounds(limits))
    message = ("irc: these sizes take offsets beyond 2**31 - 1, and this module's kernels index in int32 "
               "(compiled for smaller sizes; torch.compile guards against this and compiles again)")
    return [f"if {over}:", f"    raise RuntimeError({message!r})"]
