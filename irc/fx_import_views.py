"""Import rows of views: each a builder `(importer, node, args) -> value(s)` of the import table
(fx_import_table.py), making aten-dialect view ops (no copy unless the row is a `<view>_copy`)."""

from __future__ import annotations

from irc.dialects import aten
from irc.fx_types import Builder, carries, result_type, size_dim, value_type

INT64_MAX = 2**63 - 1


def view_like(cls, **prop_keys: str) -> Builder:
    def build(importer, node, args):
        props = {k: args[v] for k, v in prop_keys.items()}
        return importer.insert(cls(importer.operand(args["self"]), result_type(node), **props)).result

    return build


def squeeze(importer, node, args):
    """ATen ignores listed dims whose size is not 1; the aten op lists only the dims it removes."""
    shape = node.args[0].meta["val"].shape
    dims = args.get("dim", None)
    if dims is None:
        dims = range(len(shape))
    elif isinstance(dims, int):
        dims = [dims]
    dims = sorted({d % len(shape) for d in dims if len(shape) and shape[d] == 1})
    if not dims and list(shape) != list(node.meta["val"].shape):
        return None
    if not dims:  # nothing to remove (the aten op's empty list would remove every size-1 dim)
        return importer.insert(aten.AliasOp(importer.operand(args["self"]), result_type(node))).result
    return importer.insert(aten.SqueezeOp(importer.operand(args["self"]), result_type(node), dims)).result


def slice_(importer, node, args):
    start, end, step = args.get("start"), args.get("end"), args.get("step", 1)
    start = 0 if start is None else start
    end = INT64_MAX if end is None else end
    if not all(isinstance(v, int) for v in (start, end, step)):
        return whole_slice(importer, node, args, start, step)
    built = aten.SliceOp(importer.operand(args["self"]), result_type(node), args.get("dim", 0), start, end, step)
    return importer.insert(built).result


def whole_slice(importer, node, args, start, step):
    """`x[:, :s0]` where s0 is the dim's own size (a cache's keys sliced to their length): all of x."""
    source, result, dim = importer.operand(args["self"]), result_type(node), args.get("dim", 0)
    if start != 0 or step != 1 or source.type.shape.data[dim] != result.shape.data[dim]:
        return None
    return importer.insert(aten.AliasOp(source, result)).result


def narrow(importer, node, args):
    start, length = args["start"], args["length"]
    if not (isinstance(start, int) and isinstance(length, int)):
        return None
    built = aten.SliceOp(importer.operand(args["self"]), result_type(node), args["dim"], start, start + length, 1)
    return importer.insert(built).result


@carries("split_size")  # the pieces' sizes
def split(importer, node, args):
    """split / split_with_sizes as one slice view per piece (no runtime call: the views cost no kernel)."""
    dim, pieces = args.get("dim", 0), node.meta["val"]
    sizes = args.get("split_sizes") or [piece.shape[dim] for piece in pieces]
    if not all(isinstance(size, int) for size in sizes) or len(sizes) != len(pieces):
        return None
    source, built, start = importer.operand(args["self"]), [], 0
    for size, piece in zip(sizes, pieces):
        op = aten.SliceOp(source, value_type(piece), dim, start, start + size, 1)
        built.append(importer.insert(op).result)
        start += size
    return tuple(built)


def unbind(importer, node, args):
    source, dim = importer.operand(args["self"]), args.get("dim", 0)
    ops = [aten.SelectOp(source, value_type(piece), dim, k) for k, piece in enumerate(node.meta["val"])]
    return tuple(importer.insert(op).result for op in ops)


def select(importer, node, args):
    if not isinstance(args["index"], int):
        return None
    built = aten.SelectOp(importer.operand(args["self"]), result_type(node), args["dim"], args["index"])
    return importer.insert(built).result


@carries("size", "stride", "storage_offset")  # read from the result's example value
def as_strided(importer, node, args):
    value = node.meta["val"]
    strides = [size_dim(s) for s in value.stride()]
    offset = size_dim(value.storage_offset())
    return importer.insert(aten.AsStridedOp(importer.operand(args["self"]), result_type(node), strides, offset)).result


@carries("size")  # in the result's type
def as_strided_copy(importer, node, args):
    """The view of as_strided (strides and offset from the arguments: the copy's own layout is its own), copied."""
    source = node.args[0].meta["val"]
    offset = args.get("storage_offset")
    strides = [size_dim(s) for s in args["stride"]]
    offset = size_dim(source.storage_offset() if offset is None else offset)
    view = aten.AsStridedOp(importer.operand(args["self"]), value_type(node.meta["val"]), strides, offset)
    return importer.insert(aten.CloneOp(importer.insert(view).result, result_type(node))).result


def unbind_copy(importer, node, args):
    pieces = unbind(importer, node, args)
    return tuple(
        importer.insert(aten.CloneOp(piece, value_type(value))).result for piece, value in zip(pieces, node.meta["val"])
    )


def copied(view: Builder) -> Builder:
    """A `<view>_copy` op: the view, then a copy (values, not an alias of the input)."""

    def build(importer, node, args):
        viewed = view(importer, node, args)
        return None if viewed is None else importer.insert(aten.CloneOp(viewed, result_type(node))).result

    build.carried = getattr(view, "carried", frozenset())
    return build
