"""loop-simplify: simpler iteration spaces for `loop.pointwise` / `loop.reduction` (loop -> loop).

Drops size-1 dims, orders each op's dims by stride (the result's layout first, then its loads; the innermost
loop is the contiguous one) and merges neighbouring dims that are contiguous in every access (the result's
layout, every load, store and loop.index). Each element keeps its storage offset: the result's type takes
the new sizes with the strides that give the same offsets, and uses other than loads (func.return, externs,
views) see the old type through a `loop.reinterpret`:

    %b = loop.pointwise ranges [3, 1, 9] {                   %b = loop.pointwise ranges [27] {
      %a = loop.load %x[#loop.index<"9*i0 + i2">] : ...  ->    %a = loop.load %x[#loop.index<"i0">] : ...
      ...                                                      ...
    } : !loop.buffer<[3, 1, 9], f32, strides [9, 9, 1]>      } : !loop.buffer<[27], f32, strides [1]>
    func.return %b                                           %v = loop.reinterpret %b : ... to !loop.buffer<[3, 1, 9], ...>
                                                             func.return %v

A pointwise op keeps the boundary between its leading dims of product n and trailing dims of product m when
the block has a reduction over n rows of m elements, so that it can still run inside that reduction's kernel
(kernel-fuse's xr-shaped ops). argmax/argmin keep the order of their reduce dims (it defines the index).
"""

from dataclasses import dataclass, field
from functools import cmp_to_key

import sympy
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.ir import Block, Operation, OpResult
from xdsl.passes import ModulePass
from xdsl.rewriter import Rewriter

from irc.dialects.loop import IndexOp, LoadOp, PointwiseOp, ReductionOp, ReinterpretOp, StoreOp, index_vars
from irc.dialects.types import BufferType, dims_attr
from irc.dialects.loop_analysis.graph import read_roots, storage_root
from irc.dialects.loop_analysis.index import as_expr, loads_of, product, range_sizes, reduce_sizes, same_size, substitute_index
from irc.options import CheckedOptions

LoopLike = PointwiseOp | ReductionOp
ORDER_SENSITIVE_REDUCTIONS = ("argmax", "argmin")
SIZE_HINT = 64  # a size symbol's value when comparing strides


@dataclass
class Dim:
    """A dim of the new iteration space: old index variables merged in row-major order (outer first)."""

    names: list[str]
    sizes: list[sympy.Expr]
    start_protected: bool = False  # a kept xr boundary lies just before this dim

    @property
    def size(self) -> sympy.Expr:
        return product(self.sizes)


@dataclass
class Accesses:
    """The linear coefficient of every old index variable in each access (None: used non-linearly)."""

    coefficients: list[dict[str, sympy.Expr | None]] = field(default_factory=list)

    def contiguous(self, outer: Dim, inner: Dim) -> bool:
        for coeffs in self.coefficients:
            a, b = coeffs[outer.names[-1]], coeffs[inner.names[-1]]
            if a is None or b is None or not same_size(a, b * inner.size):
                return False
            if any(coeffs[n] is None for n in outer.names + inner.names):
                return False
        return True

    def compare(self, a: Dim, b: Dim) -> int:
        """-1 when `a` should be outside `b` (the first access that tells them apart has a larger stride)."""
        for coeffs in self.coefficients:
            ca, cb = coeffs[a.names[-1]], coeffs[b.names[-1]]
            if ca is None or cb is None:
                continue
            ca, cb = _hint(ca), _hint(cb)
            if ca != 0 and cb != 0 and ca != cb:
                return -1 if ca > cb else 1
        return 0


def _hint(expr: sympy.Expr) -> int:
    expr = as_expr(expr)
    return abs(int(expr.subs({s: SIZE_HINT for s in expr.free_symbols})))


def linear_coefficients(expr: sympy.Expr, names: list[str]) -> dict[str, sympy.Expr | None]:
    """expr == rest + sum(c_v * v): c_v per variable, None for a variable that appears in any other way."""
    symbols = {sympy.Symbol(n): n for n in names}
    coefficients: dict[str, sympy.Expr | None] = {n: sympy.Integer(0) for n in names}
    for term in sympy.Add.make_args(sympy.expand(as_expr(expr))):
        used = [symbols[s] for s in term.free_symbols if s in symbols]
        if not used:
            continue
        coefficient = term / sympy.Symbol(used[0]) if len(used) == 1 else None
        if coefficient is None or coefficient.free_symbols & set(symbols) or not size_polynomial(coefficient):
            coefficients.update(dict.fromkeys(used))
        elif coefficients[used[0]] is not None:
            coefficients[used[0]] += coefficient
    return coefficients


def size_polynomial(expr: sympy.Expr) -> bool:
    """Whether `expr` is a polynomial in sizes and size functions (a stride of a convolution's output,
    `64*FloorDiv(s1 - 1, 2) + 64`, is one: each call stands for an unknown integer)."""
    calls = {call: sympy.Dummy() for call in expr.atoms(sympy.Function)}
    return expr.xreplace(calls).is_polynomial()


def result_layouts(op: LoopLike) -> list[sympy.Expr]:
    """The element offset each result is written at, over the op's range variables."""
    names = [sympy.Symbol(n) for n in index_vars(op)[: len(op.ranges.data)]]
    return [sympy.Add(*[v * as_expr(s) for v, s in zip(names, r.type.stride_values())]) for r in op.results]


def body_indices(op: LoopLike) -> list[LoadOp | StoreOp | IndexOp]:
    return [inner for inner in op.walk() if isinstance(inner, LoadOp | StoreOp | IndexOp)]


def accesses_of(op: LoopLike) -> Accesses:
    names = index_vars(op)
    exprs = result_layouts(op) + [inner.index.value() for inner in body_indices(op)]
    return Accesses([linear_coefficients(e, names) for e in exprs])


@dataclass(frozen=True)
class RowSplit:
    """A reduction of the block: `rows` rows of `length` elements."""

    rows: str
    length: str
    reduction: ReductionOp


def row_splits(block: Block) -> list[RowSplit]:
    return [
        RowSplit(str(product(range_sizes(op))), str(product(reduce_sizes(op))), op)
        for op in block.ops
        if isinstance(op, ReductionOp)
    ]


def read_ops(op: Operation) -> set[Operation]:
    """The loop ops whose results `op` loads (through views)."""
    return {
        root.owner
        for load in loads_of(op)
        if isinstance(root := storage_root(load.buffer), OpResult) and isinstance(root.owner, LoopLike)
    }


def is_outer(reduction: ReductionOp) -> bool:
    """Whether the reduction's loads are contiguous along a range dim and not along a reduce dim (a column
    sum, the spatial mean of a channels_last activation)."""
    names = index_vars(reduction)
    ranges = names[: len(reduction.ranges.data)]
    coefficients = [linear_coefficients(load.index.value(), names) for load in loads_of(reduction)]
    r_strided = all(c[r] != 1 for c in coefficients for r in names[len(ranges) :])
    return bool(coefficients) and r_strided and any(c[i] == 1 for c in coefficients for i in ranges)


def same_rows(op: Operation, split: RowSplit, reads: dict) -> bool:
    """Whether every reduction `op` reads has `split`'s rows: a consumer that also reads a reduction over
    other rows (GRN's mean over the channels of a spatial norm) cannot run in this one's kernel."""
    rows = {(s.rows, s.length) for s in [split]}
    return all(
        (str(product(range_sizes(r))), str(product(reduce_sizes(r)))) in rows
        for r in reads[op] if isinstance(r, ReductionOp)
    )


def neighbours(block: Block, splits: list[RowSplit]) -> dict[Operation, list[RowSplit]]:
    """The reductions each pointwise op could share a kernel with: those reading it (directly or through
    other pointwise ops), those it reads and those reading a buffer it reads (a residual sum returned beside
    the layer norm that recomputes it). Only their row boundaries are worth keeping: a boundary kept
    because some unrelated reduction has rows of the same size fixes a channels_last activation's iteration
    order to NCHW, and its kernel reads memory at a stride of its channel count. Outer reductions keep none:
    their producers are read best in storage order, as kernels of their own, and so are consumers that also read
    a reduction over other rows (GRN's scale); other consumers keep it (softmax over dim 0)."""
    reads = {op: read_ops(op) for op in block.ops if isinstance(op, LoopLike)}
    roots = {op: read_roots(op) for op in reads}  # once per op: asked again for every reduction of the block
    related: dict[Operation, list[RowSplit]] = {op: [] for op in reads if isinstance(op, PointwiseOp)}
    readers: dict[Operation, list[PointwiseOp]] = {}
    for op in related:
        for read in reads[op]:
            readers.setdefault(read, []).append(op)
    for split in splits:
        outer = is_outer(split.reduction)
        producers, frontier = set(), [] if outer else [split.reduction]
        while frontier:
            for producer in reads.get(frontier.pop(), ()):
                if isinstance(producer, PointwiseOp) and producer not in producers:
                    producers.add(producer)
                    frontier.append(producer)
        consumers = {op for op in related if split.reduction in reads[op] or roots[split.reduction] & roots[op]}
        if outer:
            consumers = {op for op in consumers if split.reduction in reads[op] and same_rows(op, split, reads)}
        else:
            consumers |= epilogue_chain(split, consumers, readers)
            producers |= epilogue_inputs(split, consumers, reads)
        for op in producers | consumers:
            related[op].append(split)
    return related


def epilogue_chain(split: RowSplit, consumers: set, readers: dict) -> set[PointwiseOp]:
    """Pointwise ops of the reduction's whole shape reading its consumers (through other such ops): its
    epilogue can go on in them (the tangent of the logits added to a log-softmax backward over [2, 128, V],
    which would otherwise merge to one dim and not fit the [256] x [V] kernel)."""
    return whole_shape_reach(split, consumers, readers)


def epilogue_inputs(split: RowSplit, consumers: set, reads: dict) -> set[PointwiseOp]:
    """Pointwise ops of the reduction's whole shape that its epilogue reads (through other such ops): the
    dropout mask drawn for the attention probabilities a softmax computes. Kept in the reduction's rows, they
    run in its kernel; merged to one dim, they were a kernel of their own and the mask a round trip."""
    return whole_shape_reach(split, consumers, reads)


def whole_shape_reach(split: RowSplit, consumers: set, edges: dict) -> set[PointwiseOp]:
    """The pointwise ops of the reduction's whole shape that `edges` (readers or reads) reach from its
    consumers through other such ops, the consumers left out."""
    whole = product(range_sizes(split.reduction)) * product(reduce_sizes(split.reduction))
    found, frontier = set(), list(consumers)
    while frontier:
        for op in edges.get(frontier.pop(), ()):
            fits = isinstance(op, PointwiseOp) and same_size(product(range_sizes(op)), whole)
            if fits and op not in consumers and op not in found:
                found.add(op)
                frontier.append(op)
    return found


def rows_first(op: PointwiseOp, dims: list[Dim], splits: list[RowSplit], accesses: Accesses) -> list[Dim]:
    """Dims in storage order when that order fits a reduction (a dropout mask applied to attention
    probabilities stored transposed for a matmul, beside the softmax backward reading them by rows); else as
    they are when they fit one; else reordered so that the rows of a reduction the op reads come first (it
    can then run inside the reduction's kernel, e.g. softmax over dim 0)."""
    by_stride = sorted(dims, key=cmp_to_key(accesses.compare))
    for order in (by_stride, dims):
        if any(_split_at(order, k) in {(s.rows, s.length) for s in splits} for k in range(1, len(order))):
            return order
    for split in splits:
        reads = [load for load in loads_of(op) if load.buffer.owner is split.reduction]
        used = {str(v) for load in reads for v in load.index.value().free_symbols}
        rows = [d for d in dims if d.names[0] in used]
        rest = [d for d in dims if d.names[0] not in used]
        if rows and rest and _split_at(rows + rest, len(rows)) == (split.rows, split.length):
            return rows + rest
    return dims


def _split_at(dims: list[Dim], k: int) -> tuple[str, str]:
    return str(product([d.size for d in dims[:k]])), str(product([d.size for d in dims[k:]]))


def kept_dims(names: list[str], sizes: list[sympy.Expr]) -> list[Dim]:
    return [Dim([n], [s]) for n, s in zip(names, sizes) if s != 1]


def mark_protected(dims: list[Dim], splits: list[RowSplit]) -> None:
    pairs = {(s.rows, s.length) for s in splits}
    for k in range(1, len(dims)):
        dims[k].start_protected = _split_at(dims, k) in pairs


def segments(dims: list[Dim]) -> list[list[Dim]]:
    """Runs of dims between protected boundaries."""
    runs: list[list[Dim]] = []
    for d in dims:
        if not runs or d.start_protected:
            runs.append([])
        runs[-1].append(d)
    return runs


def simplified(dims: list[Dim], accesses: Accesses, reorder: bool) -> list[Dim]:
    """Each segment ordered by stride (when allowed), then its contiguous neighbours merged."""
    out: list[Dim] = []
    for run in segments(dims):
        if reorder:
            run = sorted(run, key=cmp_to_key(accesses.compare))
        merged: list[Dim] = []
        for d in run:
            if merged and accesses.contiguous(merged[-1], d):
                merged[-1] = Dim(merged[-1].names + d.names, merged[-1].sizes + d.sizes, merged[-1].start_protected)
            else:
                merged.append(Dim(list(d.names), list(d.sizes), d.start_protected))
        out += merged
    return out


def new_iteration_space(op: LoopLike, splits: list[RowSplit]) -> tuple[list[Dim], list[Dim]] | None:
    """(ranges, reduce) of the simplified op, or None when nothing changes."""
    names = index_vars(op)
    ranges, reduce = range_sizes(op), reduce_sizes(op)
    accesses = accesses_of(op)
    range_dims = kept_dims(names[: len(ranges)], ranges)
    if isinstance(op, PointwiseOp):
        range_dims = rows_first(op, range_dims, splits, accesses)
        mark_protected(range_dims, splits)
    reduce_dims = kept_dims(names[len(ranges) :], reduce)
    reorder_reduce = isinstance(op, ReductionOp) and op.kind.data not in ORDER_SENSITIVE_REDUCTIONS
    new_ranges = simplified(range_dims, accesses, True)
    new_reduce = simplified(reduce_dims, accesses, reorder_reduce)
    if isinstance(op, ReductionOp) and not new_reduce:
        new_reduce = [Dim([names[len(ranges)]], [sympy.Integer(1)])]
    old = [[n] for n in names]
    if [d.names for d in new_ranges + new_reduce] == old:
        return None
    return new_ranges, new_reduce


def variable_mapping(op: LoopLike, ranges: list[Dim], reduce: list[Dim]) -> dict[str, sympy.Expr]:
    """Old index variable -> expression over the new ones (valid for accesses linear and contiguous in them)."""
    mapping = {n: sympy.Integer(0) for n in index_vars(op)}
    for prefix, dims in (("i", ranges), ("r", reduce)):
        for k, d in enumerate(dims):
            mapping[d.names[-1]] = sympy.Symbol(f"{prefix}{k}")
    return mapping


def new_result_type(old: BufferType, op: LoopLike, ranges: list[Dim]) -> BufferType:
    strides = dict(zip(index_vars(op), old.stride_values()))
    sizes = [d.size for d in ranges]
    return BufferType(sizes, old.element_type, [strides[d.names[-1]] for d in ranges], old.offset_value())


def simplify_op(op: LoopLike, splits: list[RowSplit]) -> bool:
    space = new_iteration_space(op, splits)
    if space is None:
        return False
    ranges, reduce = space
    mapping = variable_mapping(op, ranges, reduce)
    new_sizes = {f"i{k}": d.size for k, d in enumerate(ranges)} | {f"r{k}": d.size for k, d in enumerate(reduce)}
    result_types = [new_result_type(r.type, op, ranges) for r in op.results]
    for inner in body_indices(op):
        inner.index = substitute_index(inner.index, mapping, new_sizes)
    op.ranges = dims_attr([d.size for d in ranges])
    if isinstance(op, ReductionOp):
        op.reduce = dims_attr([d.size for d in reduce])
    for result, new_type in zip(op.results, result_types):
        retype_result(op, result, new_type)
    return True


def retype_result(op: LoopLike, result, new_type: BufferType) -> None:
    """Gives `result` its new type; uses other than loads keep seeing the old type through a view."""
    old_type = result.type
    if new_type == old_type:
        return
    others = [(use.operation, use.index) for use in result.uses if not isinstance(use.operation, LoadOp)]
    result = Rewriter.replace_value_with_new_type(result, new_type)
    if not others:
        return
    view = ReinterpretOp(result, old_type)
    view.result.name_hint = result.name_hint
    op.parent_block().insert_op_after(view, op)
    for user, index in others:
        user.operands[index] = view.result


def simplify_block(block: Block) -> None:
    splits = row_splits(block)
    related = neighbours(block, splits)
    for op in list(block.ops):
        if isinstance(op, PointwiseOp | ReductionOp):
            simplify_op(op, related.get(op, splits))


@dataclass(frozen=True)
class LoopSimplifyPass(CheckedOptions, ModulePass):
    """Drops size-1 dims, orders dims by stride and merges contiguous dims of loop ops (loop -> loop).

    Option `enabled` (false: the pass does nothing).
    """

    name = "loop-simplify"

    enabled: bool = True

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if not self.enabled:
            return
        for func in [f for f in op.walk() if isinstance(f, FuncOp) and f.body.blocks]:
            simplify_block(func.body.block)
