"""The import table: ATen overload packets -> builders of aten-dialect ops.

A row maps an op name (`torch.ops.aten.<name>`) to a function `(importer, node, args) -> value(s)`, where
`args` binds the node's arguments to the schema's parameter names (defaults filled in). Ops without a row,
rows that decline an odd argument by returning None, and ops on dtypes only externs handle (complex, wide
unsigned) become `aten.fallback` (irc/fx_fallback.py). A result with no elements (static sizes) is
`aten.empty`, whatever the op: nothing is computed.

No argument is dropped silently: `args` records which parameters a row read, and a node with an argument
that its row did not read (other than at its default, or one of `RESULT_TYPED`, whose meaning the result's
type carries) becomes `aten.fallback` too, so the op runs eagerly with all its arguments.
"""

from __future__ import annotations

import logging
import operator

from xdsl.dialects import arith
from xdsl.dialects.builtin import f32, f64, i64

from irc.dialects import aten
from irc.dialects.elementwise import SPECIAL_POLYNOMIALS
from irc.fx_fallback import fallback
from irc.fx_import_composite import COMPOSITE_ROWS
from irc.fx_import_views import (
    as_strided,
    as_strided_copy,
    copied,
    narrow,
    select,
    slice_,
    split,
    squeeze,
    unbind,
    unbind_copy,
    view_like,
)
from irc.fx_types import (
    TORCH_DTYPES,
    Builder,
    Importer,
    all_supported,
    carries,
    UnsupportedGraph,
    op_name,
    result_type,
    tensor_type,
    value_type,
)

log = logging.getLogger("irc")


# Parameters whose meaning the result's type (from the node's example value) carries: the result's sizes and
# dtype, and its memory layout, which irc chooses itself for values inside a graph (none of these changes a
# value). A row may declare more of its own through `carries`.
RESULT_TYPED = frozenset({"size", "shape", "dtype", "layout", "pin_memory", "non_blocking", "memory_format"})


class Arguments(dict):
    """A node's arguments by schema parameter name; remembers which ones a row read."""

    def __init__(self, values: dict, defaults: dict):
        super().__init__(values)
        self.defaults = defaults
        self.read: set[str] = set()

    def __getitem__(self, key):
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key, default=None):
        self.read.add(key)
        return super().get(key, default)

    def with_values(self, **values) -> Arguments:
        """A copy with `values` set (a row that fixes a parameter for another row); reads count on both."""
        copy = Arguments({**self, **values}, self.defaults)
        copy.read = self.read
        return copy

    def unread(self, carried: frozenset[str] = frozenset()) -> list[str]:
        """Parameters that were neither read nor at their default nor carried by the result's type."""
        return [
            name
            for name, value in self.items()
            if name not in self.read
            and name not in RESULT_TYPED
            and name not in carried
            and not (name in self.defaults and _same(value, self.defaults[name]))
        ]


def _same(value, default) -> bool:
    return type(value) is type(default) and value == default


def bind(node) -> Arguments:
    """The node's arguments by schema parameter name, defaults included."""
    schema = node.target._schema
    bound, defaults = {}, {}
    for position, param in enumerate(schema.arguments):
        if param.has_default_value():
            defaults[param.name] = param.default_value
        if position < len(node.args):
            bound[param.name] = node.args[position]
        elif param.name in node.kwargs:
            bound[param.name] = node.kwargs[param.name]
        elif param.has_default_value():
            bound[param.name] = param.default_value
    return Arguments(bound, defaults)


def unary(name: str) -> Builder:
    op = aten.UNARY_OPS[name].op

    def build(importer, node, args):
        props = {"approximate": args.get("approximate", "none")} if name == "gelu" else {}
        operand = args["self"] if "self" in args else args["x"]  # special_airy_ai(Tensor x) and others
        return importer.insert(op(importer.operand(operand), result_type(node), **props)).result

    return build


def binary(
    name: str, lhs: str = "self", rhs: str = "other", swap: bool = False, rounding_mode: str | None = None
) -> Builder:
    op = aten.BINARY_OPS[name].op

    def build(importer, node, args):
        a, b = args[lhs], args[rhs]
        if swap:
            a, b = b, a
        alpha = args.get("alpha", 1)
        if alpha != 1:
            return None
        mode = rounding_mode or args.get("rounding_mode")
        props = {"rounding_mode": mode} if mode is not None else {}
        operands = [importer.operand(a), importer.operand(b)]
        if not any(isinstance(v.type, aten.TensorType) for v in operands):  # torch.div(SymInt, int)
            operands[0] = scalar_as_tensor(importer, operands[0])
        result = op(*operands, result_type(node), **props)
        return importer.insert(result).result

    return build


def scalar_as_tensor(importer, value):
    """A number as the 0-d tensor eager wraps it in (float32 for a Python float, as torch.tensor gives)."""
    element = f32 if value.type == f64 else value.type
    return importer.insert(aten.FullOp(aten.TensorType([], element), value)).result


def float_pow(builder: Builder) -> Builder:
    """pow of floats only (an extern otherwise)."""

    def build(importer, node, args):
        return builder(importer, node, args) if node.meta["val"].dtype.is_floating_point else None

    return build


def numeric_pow(builder: Builder) -> Builder:
    """pow of numbers: floats through libdevice.pow, integers by square-and-multiply (convert-aten-to-loop's
    ipow); a power of bools runs eagerly."""

    def build(importer, node, args):
        return builder(importer, node, args) if str(node.meta["val"].dtype) != "torch.bool" else None

    return build


def where(importer, node, args):
    cond, a, b = (importer.operand(args[k]) for k in ("condition", "self", "other"))
    return importer.insert(aten.WhereOp(cond, a, b, result_type(node))).result


def clamp(lo: str | None, hi: str | None) -> Builder:
    def build(importer, node, args):
        low = args.get(lo) if lo else None
        high = args.get(hi) if hi else None
        low_v = importer.operand(low) if low is not None else None
        high_v = importer.operand(high) if high is not None else None
        if low_v is None and high_v is None:
            return None
        return importer.insert(aten.ClampOp(importer.operand(args["self"]), result_type(node), low_v, high_v)).result

    return build


def convert(importer, node, args):
    value = node.meta["val"]
    source = node.args[0].meta["val"]
    args.get("device")  # a copy to another device is an extern (below); one to the same device is a convert
    if hasattr(source, "device") and value.device != source.device:
        return None
    return importer.insert(aten.ConvertOp(importer.operand(args["self"]), result_type(node))).result


def on_graph_device(builder: Builder) -> Builder:
    """A creation row: builds where the result lives on the graph's device, declines (an extern) elsewhere."""

    def build(importer, node, args):
        args.get("device")
        return builder(importer, node, args) if importer.on_graph_device(node.meta["val"]) else None

    build.carried = getattr(builder, "carried", frozenset())
    return build


def cpu_algorithm(builder: Builder) -> Builder:
    """A row lowered as ATen's CPU kernel computes it: built in a CPU graph, declined (an extern) in a CUDA one,
    where eager's kernel differs (the special polynomials convert NaN and infinite degrees by saturating, zeta
    sums in float32)."""

    def build(importer, node, args):
        return builder(importer, node, args) if importer.device == "cpu" else None

    build.carried = getattr(builder, "carried", frozenset())
    return build


def full(value_key: str | None, fixed=None) -> Builder:
    def build(importer, node, args):
        value = fixed if value_key is None else args[value_key]
        if not isinstance(value, (bool, int, float)):
            value = importer.operand(value)
        return importer.insert(aten.FullOp(result_type(node), value)).result

    return build


@carries("end")  # in the result's size
def arange(importer, node, args):
    start, step = args.get("start", 0), args.get("step", 1)
    if not all(isinstance(v, (int, float)) for v in (start, step)):
        return None
    return importer.insert(aten.ArangeOp(result_type(node), start, step)).result


@carries("stride")  # a layout only: irc lays out its values itself
def empty(importer, node, args):
    return importer.insert(aten.EmptyOp(result_type(node))).result


def reduction(name: str, dims_key: str | None = "dim") -> Builder:
    op = aten.REDUCTION_OPS[name].op

    def build(importer, node, args):
        dims = args.get(dims_key) if dims_key else None
        if dims is None:
            dims = []
        elif isinstance(dims, int):
            dims = [dims]
        if not node.args[0].meta["val"].dim():
            dims = []
        props = {}
        if name in ("var", "std"):
            correction, unbiased = args.get("correction"), args.get("unbiased")
            if correction is None:
                correction = 0 if unbiased is False else 1
            props["correction"] = float(correction)
        keepdim = bool(args.get("keepdim", False))
        built = op(importer.operand(args["self"]), result_type(node), list(dims), keepdim, **props)
        return importer.insert(built).result

    return build


def values_and_indices(name: str) -> Builder:
    def build(importer, node, args):
        values_type = value_type(node.meta["val"][0])
        cls = aten.MaxDimOp if name == "max" else aten.MinDimOp
        built = importer.insert(cls(importer.operand(args["self"]), values_type, args["dim"], bool(args["keepdim"])))
        return tuple(built.results)

    return build


def var_mean(importer, node, args):
    """var_mean as its two reductions (they read the same rows, so fusion puts them in one kernel)."""
    var_value, mean_value = node.meta["val"]
    built = []
    for name, value in (("var", var_value), ("mean", mean_value)):
        fake = type("Node", (), {"meta": {"val": value}, "args": node.args})
        built.append(reduction(name)(importer, fake, args))
    return tuple(built)


def same_value(importer, node, args):
    return importer.operand(args["self"])


def round_(importer, node, args):
    """round(x, decimals=d) as eager computes it, in the op math type (f32 for f16 / bf16):
    nearbyint(x * 10**d) / 10**d, and for d < 0 nearbyint(x / 10**-d) * 10**-d."""
    decimals = args.get("decimals", 0)
    if not isinstance(decimals, int):
        return None
    x = importer.operand(args["self"])
    if decimals == 0:
        return importer.insert(aten.UNARY_OPS["round"].op(x, result_type(node))).result
    value = node.meta["val"]
    if not value.dtype.is_floating_point:
        return None
    import torch

    opmath = torch.float32 if value.dtype in (torch.float16, torch.bfloat16) else value.dtype
    compute = tensor_type(value.to(opmath) if opmath != value.dtype else value, with_strides=False)
    if opmath != value.dtype:
        x = importer.insert(aten.ConvertOp(x, compute)).result
    scale = importer.constant(10.0 ** abs(decimals))
    mul, div = aten.BINARY_OPS["mul"].op, aten.BINARY_OPS["div"].op
    first, second = (mul, div) if decimals > 0 else (div, mul)
    scaled = importer.insert(first(x, scale, compute)).result
    rounded = importer.insert(aten.UNARY_OPS["round"].op(scaled, compute)).result
    result = importer.insert(second(rounded, scale, compute)).result
    if opmath != value.dtype:
        result = importer.insert(aten.ConvertOp(result, result_type(node))).result
    return result


TABLE: dict[str, Builder] = {
    **{name: unary(name) for name in aten.UNARY_OPS},
    **{name: binary(name) for name in aten.BINARY_OPS},
    "rsub": binary("sub", swap=True),
    **{f"special_{name}": unary(name) for name in ("i1", "i0e", "i1e", "erfcx", "ndtri", "bessel_j0")},
    **{f"special_{name}": unary(name) for name in ("bessel_j1", "bessel_y0", "bessel_y1", "airy_ai")},
    "special_spherical_bessel_j0": unary("spherical_bessel_j0"),
    **{f"special_{name}": cpu_algorithm(binary(name, "x", "n")) for name in SPECIAL_POLYNOMIALS},
    "special_zeta": cpu_algorithm(binary("zeta")),
    **{f"special_{scaled}modified_bessel_k{n}": unary(f"{scaled}modified_bessel_k{n}") for scaled in ("", "scaled_")
       for n in (0, 1)},  # fmt: skip
    **COMPOSITE_ROWS,
    "special_modified_bessel_i0": unary("i0"),
    "special_modified_bessel_i1": unary("i1"),
    "true_divide": binary("div"),
    "floor_divide": binary("div", rounding_mode="floor"),
    "__lshift__": binary("bitwise_left_shift"),
    "__rshift__": binary("bitwise_right_shift"),
    "where": where,
    "clamp": clamp("min", "max"),
    "clamp_min": clamp("min", None),
    "clamp_max": clamp(None, "max"),
    "_to_copy": convert,
    "convert_element_type": convert,
    "full": on_graph_device(full("fill_value")),
    "scalar_tensor": on_graph_device(full("s")),
    "zeros": on_graph_device(full(None, 0)),
    "ones": on_graph_device(full(None, 1)),
    "arange": on_graph_device(arange),
    "empty": on_graph_device(empty),
    "empty_strided": on_graph_device(empty),
    "sum": reduction("sum"),
    "mean": reduction("mean"),
    "prod": reduction("prod"),
    "amax": reduction("amax"),
    "amin": reduction("amin"),
    "any": reduction("any"),
    "all": reduction("all"),
    "argmax": reduction("argmax"),
    "argmin": reduction("argmin"),
    "var": reduction("var"),
    "std": reduction("std"),
    "hash_tensor": reduction("hash_tensor"),
    "view": view_like(aten.ViewOp),
    "_unsafe_view": view_like(aten.ViewOp),
    "reshape": view_like(aten.ViewOp),
    "permute": view_like(aten.PermuteOp, dims="dims"),
    "transpose": view_like(aten.TransposeOp, dim0="dim0", dim1="dim1"),
    "expand": carries("implicit")(view_like(aten.ExpandOp)),
    "squeeze": squeeze,
    "unsqueeze": view_like(aten.UnsqueezeOp, dim="dim"),
    "slice": slice_,
    "narrow": narrow,
    "select": select,
    "split": split,
    "split_with_sizes": split,
    "unbind": unbind,
    "as_strided": as_strided,
    "as_strided_copy": as_strided_copy,
    "unbind_copy": unbind_copy,
    "clone": view_like(aten.CloneOp),
    "lift_fresh_copy": view_like(aten.CloneOp),
    "alias": view_like(aten.AliasOp),
    "detach": view_like(aten.AliasOp),
}

VIEWS_WITH_COPIES = ("view", "permute", "transpose", "expand", "squeeze", "unsqueeze", "slice", "narrow", "select")
TABLE.update({f"{name}_copy": copied(TABLE[name]) for name in (*VIEWS_WITH_COPIES, "alias", "detach")})

# (name, overload) rows where one overload means something else than the packet's default row
OVERLOAD_TABLE: dict[tuple[str, str], Builder] = {
    ("max", "dim"): values_and_indices("max"),
    ("min", "dim"): values_and_indices("min"),
    ("max", "default"): reduction("amax", None),
    ("min", "default"): reduction("amin", None),
    ("max", "other"): binary("maximum"),
    ("min", "other"): binary("minimum"),
    # an integer base given as a Python number stays eager: Triton computes the powers of a literal as int32
    ("pow", "Scalar"): float_pow(binary("pow", lhs="self", rhs="exponent")),
    ("pow", "Tensor_Scalar"): numeric_pow(binary("pow", lhs="self", rhs="exponent")),
    ("pow", "Tensor_Tensor"): numeric_pow(binary("pow", lhs="self", rhs="exponent")),
    ("where", "self"): where,
    ("view", "dtype"): lambda importer, node, args: None,  # a bit cast, not a conversion: an extern
    ("round", "decimals"): round_,
    ("var_mean", "correction"): var_mean,
    ("clamp", "Tensor"): clamp("min", "max"),
}


def import_call(importer: Importer, node):
    name, overload = op_name(node.target)
    builder = OVERLOAD_TABLE.get((name, overload)) or TABLE.get(name)
    if builder is None or node.target.namespace != "aten" and name != "convert_element_type":
        return fallback(importer, node)
    if overload in ("out",) or not all_supported(node, name):
        return fallback(importer, node)
    if not all(importer.on_graph_device(v) for v in _tensor_values(node.meta.get("val"))):
        return fallback(importer, node)  # irc's kernels compute values on the graph's device only
    if _is_empty_result(node.meta.get("val")):  # no element to compute, whatever the op
        return importer.insert(aten.EmptyOp(result_type(node))).result
    args = bind(node)
    if "self" not in args and "a" in args:
        args["self"] = args["a"]
    last = importer.block.last_op
    built = builder(importer, node, args)
    unread = args.unread(getattr(builder, "carried", frozenset())) if built is not None else []
    if unread:
        log.info("irc: %s runs eagerly: its import row does not read %s", node.target, ", ".join(unread))
        _erase_after(importer, last)  # the row would drop an argument: the op runs eagerly with all of them
        built = None
    return fallback(importer, node) if built is None else built


def _is_empty_result(value) -> bool:
    """A single tensor of static sizes with no elements, of a dtype irc's kernels handle."""
    import torch

    if not isinstance(value, torch.Tensor) or str(value.dtype).removeprefix("torch.") not in TORCH_DTYPES:
        return False
    sizes = [*value.shape]
    return all(isinstance(s, int) for s in sizes) and 0 in sizes


def _tensor_values(value) -> list:
    import torch

    values = value if isinstance(value, (list, tuple)) else [value]
    return [v for v in values if isinstance(v, torch.Tensor)]


def _erase_after(importer: Importer, last) -> None:
    """Removes the ops a row inserted after `last` (its own results only use each other)."""
    ops = list(importer.block.ops)
    start = 0 if last is None else ops.index(last) + 1
    for op in reversed(ops[start:]):
        op.detach()
        op.erase()


SCALAR_OPS = {
    operator.add: (arith.AddiOp, arith.AddfOp),
    operator.sub: (arith.SubiOp, arith.SubfOp),
    operator.mul: (arith.MuliOp, arith.MulfOp),
    operator.floordiv: (arith.FloorDivSIOp, None),
    operator.truediv: (None, arith.DivfOp),
}


def import_scalar_call(importer: Importer, node):
    """SymInt arithmetic (`s0 * 3`) and sym_size-like queries as i64 (or f64) scalar ops."""
    import torch

    value = node.meta.get("val")
    if isinstance(value, torch.SymInt):
        return importer.symbol_value(value)
    ops = SCALAR_OPS.get(node.target)
    if ops is None:
        raise UnsupportedGraph(f"scalar function {node.target} is not supported")
    is_float = isinstance(value, (float, torch.SymFloat))
    op = ops[1 if is_float else 0]
    if op is None:
        raise UnsupportedGraph(f"scalar function {node.target} on {type(value).__name__} is not supported")
    lhs, rhs = (importer.operand(a) for a in node.args)
    if is_float:  # a SymFloat of SymInts (`numel / 8` in batch norm): the integers as f64
        lhs, rhs = (_as_f64(importer, v) for v in (lhs, rhs))
    if lhs.type != rhs.type:
        raise UnsupportedGraph(f"mixed scalar types in {node.target}")
    return importer.insert(op(lhs, rhs)).result


def _as_f64(importer: Importer, value):
    if value.type == f64:
        return value
    if value.type != i64:
        raise UnsupportedGraph(f"scalar of type {value.type} in SymFloat arithmetic")
    return importer.insert(arith.SIToFPOp(value, f64)).result
