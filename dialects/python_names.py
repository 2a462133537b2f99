"""What IR may put into the Python that irc prints, and which ATen overloads it may call.

IR is untrusted input: no name or string in it runs as code. The verifiers check every name that is printed
into the emitted module (kernel and choice names, parameter names, keyword arguments) and every overload an
extern calls; the triton target and the resolvers check again. No xDSL, torch or sympy at import (the emitted
module imports `resolve_overload` on a warm start).

    identifier_error("triton_poi_fused_add_0", "kernel name")  -> None
    identifier_error("k(): pass\\nimport os", "kernel name")   -> "kernel name 'k(): pass\\nimport os' is ..."
    overload_error("import_module::__call__.__call__")         -> "overload ... namespace 'import_module' ..."
    decode_object("memory_format:torch.channels_last")         -> ("memory_format", "torch.channels_last")
    resolve_overload("aten::mm.default")                       -> torch.ops.aten.mm.default
"""

from __future__ import annotations

import builtins
import keyword
import re

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
MAX_NAME_LENGTH = 1000
_OVERLOAD = re.compile(r"(?P<ns>[A-Za-z_]\w*)::(?P<name>[A-Za-z_]\w*)(?:\.(?P<variant>[A-Za-z_]\w*))?", re.A)

# the public names at the top level of an emitted module (irc/target/triton_prelude.py, emit_triton.py): a
# kernel named like one would replace it
EMITTED_MODULE_GLOBALS = frozenset({
    "os", "time", "torch", "triton", "tl", "libdevice", "math", "call", "get_args",
    "benchmark_compiled_module", "reinterpret_tensor", "KERNELS", "FALLBACKS", "KERNEL_BYTES",
    "MINIMUM_BYTES", "PEAK_BYTES_PLANNED", "BUFFER_BYTES", "OUTPUT_STRIDES", "PRECOMPILE",
})  # fmt: skip

# namespaces of the ATen overloads an extern may call: PyTorch's operator libraries (the functional
# collectives included) and torch.nn's own ops; IRC_EXTERN_NAMESPACES adds others, and so does a graph
# torch.compile hands irc for the ops it calls (admit_namespaces)
EXTERN_NAMESPACES = frozenset({
    "aten", "prims", "_c10d_functional", "c10d_functional", "_c10d_functional_autograd", "torch_nn",
})  # fmt: skip

# fx_import encodes torch.layout, torch.memory_format and torch.device arguments as "<kind>:<value>" strings;
# each kind decodes through this table and nothing else
LAYOUTS = frozenset({
    "torch.strided", "torch.sparse_coo", "torch.sparse_csr", "torch.sparse_csc", "torch.sparse_bsr",
    "torch.sparse_bsc", "torch._mkldnn", "torch.jagged",
})  # fmt: skip
MEMORY_FORMATS = frozenset({
    "torch.contiguous_format", "torch.preserve_format", "torch.channels_last", "torch.channels_last_3d",
})  # fmt: skip
_DEVICE = re.compile(r"[a-z][a-z0-9_]*(:[0-9]{1,4})?")
ENCODED_OBJECTS = {
    "layout": LAYOUTS.__contains__,
    "memory_format": MEMORY_FORMATS.__contains__,
    "device": lambda value: _DEVICE.fullmatch(value) is not None,
}


class UnsafeOverload(ValueError):
    """An overload text that does not name an ATen overload irc may call."""


def identifier_error(name: str, what: str) -> str | None:
    """Why `name` cannot be printed as a Python identifier (ASCII, not a keyword), or None."""
    if len(name) > MAX_NAME_LENGTH or not _IDENTIFIER.fullmatch(name) or keyword.iskeyword(name):
        return f"{what} {_quoted(name)} is not a Python identifier"
    return None


def global_name_error(name: str, what: str) -> str | None:
    """identifier_error, and not a name the emitted module already has at its top level (its private `_*`
    helpers, its imports and tables, Python's builtins)."""
    error = identifier_error(name, what)
    if error is None and (name.startswith("_") or name in EMITTED_MODULE_GLOBALS or hasattr(builtins, name)):
        reason = "a builtin, an import or a _private name"
        error = f"{what} {_quoted(name)} is reserved in the emitted module ({reason})"
    return error


# namespaces of the operator objects in graphs torch.compile handed irc in this process (the program's own
# torch.library ops): IR and cache entries name nothing the program does not call itself
_admitted: set[str] = set()


def admit_namespaces(namespaces) -> None:
    _admitted.update(n for n in namespaces if isinstance(n, str) and _IDENTIFIER.fullmatch(n))


def admitted_namespaces() -> tuple[str, ...]:
    return tuple(sorted(_admitted))


def extern_namespaces() -> frozenset[str]:
    from irc import config

    extra = config.extern_namespaces
    named = {n.strip() for n in extra.split(",") if _IDENTIFIER.fullmatch(n.strip())}
    return EXTERN_NAMESPACES | named | _admitted


def split_overload(text: str) -> tuple[str, str, str]:
    """`aten::sum.dim_IntList` -> ("aten", "sum", "dim_IntList"); the variant is "default" when absent.
    Raises UnsafeOverload for anything else, or for a namespace not in extern_namespaces()."""
    match = _OVERLOAD.fullmatch(text) if len(text) <= MAX_NAME_LENGTH else None
    if match is None:
        raise UnsafeOverload(f"overload {_quoted(text)} must be spelled ns::name or ns::name.overload")
    namespace = match["ns"]
    if namespace not in extern_namespaces():
        raise UnsafeOverload(
            f"overload {_quoted(text)}: namespace '{namespace}' is not one irc calls "
            f"({', '.join(sorted(extern_namespaces()))}; IRC_EXTERN_NAMESPACES adds others)"
        )
    return namespace, match["name"], match["variant"] or "default"


def overload_error(text: str) -> str | None:
    try:
        split_overload(text)
    except UnsafeOverload as error:
        return str(error)
    return None


def decode_object(text: str) -> tuple[str, str] | None:
    """(kind, value) of an encoded torch object ("layout:torch.strided"); None for a plain string. Raises
    ValueError for a kind of ENCODED_OBJECTS whose value is not in its table."""
    kind, _, value = text.partition(":")
    if kind not in ENCODED_OBJECTS or not value:
        return None
    if not ENCODED_OBJECTS[kind](value):
        known = f"'{kind}' must be one of irc's known values"
        raise ValueError(f"argument {_quoted(text)}: {known}, not {_quoted(value)}")
    return kind, value


def encoded_object_error(text: str) -> str | None:
    try:
        decode_object(text)
    except ValueError as error:
        return str(error)
    return None


def resolve_overload(text: str):
    """The torch._ops.OpOverload `text` names (`aten::mm.default`): only a real overload of an allowed
    namespace, found without calling anything the text names; UnsafeOverload otherwise."""
    import torch

    namespace, name, variant = split_overload(text)
    found = getattr(torch.ops, namespace, None)
    if isinstance(found, torch._ops._OpNamespace):
        found = _attribute(found, name)
    if isinstance(found, torch._ops.OpOverloadPacket):
        found = _attribute(found, variant)
    if not isinstance(found, torch._ops.OpOverload) or found.namespace != namespace:
        raise UnsafeOverload(f"overload {_quoted(text)} is not an ATen operator overload known to torch")
    return found


def _attribute(owner, name: str):
    try:
        return getattr(owner, name)
    except (AttributeError, RuntimeError):  # torch.ops raises RuntimeError for some unknown names
        return None


def _quoted(text: str) -> str:
    """A name in a message: repr-escaped (newlines and quotes visible), long ones cut."""
    return repr(text if len(text) <= 80 else text[:77] + "...")
