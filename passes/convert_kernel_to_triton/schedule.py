"""Analysis of a kernel.kernel for convert-kernel-to-triton: roles of its loop ops, their coordinates, and
the order (phases of r loops) in which a reduction kernel computes them.

Roles (the contract's kernel level):
- "x":  a pointwise with prod(ranges) == numel, computed once per x position;
- "r":  a reduction with prod(ranges) == numel and prod(reduce) == rnumel;
- "xr": in reduction kernels, a pointwise whose leading ranges multiply to numel and trailing ones to
        rnumel, computed inside an r loop.

Phases: a reduction needs every reduction it depends on to be finished, so a looped kernel runs one r loop
per dependence level (softmax: max, then sum of exp(x - max), then a last loop storing exp(x - max) / sum).
With online softmax (dialects/loop_analysis/online_softmax.py) a sum of exp(x - max) joins its max's phase.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

import sympy
from xdsl.dialects.builtin import ArrayAttr, IntAttr, StringAttr
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.utils.exceptions import PassFailedException

from irc.dialects import kernel as kernel_dialect
from irc.dialects import loop
from irc.dialects.kernel_analysis.prologue import prologues
from irc.dialects.kernel_template import TEMPLATE_OPS
from irc.dialects.sym import as_expr
from irc.dialects.types import BufferType, IndexAttr, dim_value
from irc.passes.convert_kernel_to_triton.index import FlatPart, is_zero, part
from irc.dialects.loop_analysis.online_softmax import OnlinePair, pairs

_INDEX_VARIABLE = re.compile(r"[irt][0-9]+")


def fail(message: str) -> PassFailedException:
    return PassFailedException(f"convert-kernel-to-triton: {message}")


def product(sizes: Iterable) -> sympy.Expr:
    return sympy.Mul(*[as_expr(s) for s in sizes])


def sizes_of(dims: ArrayAttr) -> list:
    return [dim_value(d) for d in dims.data]


def dims_text(dims: ArrayAttr) -> str:
    return "[" + ", ".join(str(d.data) for d in dims.data) + "]"


def resolve(buffer: SSAValue) -> tuple[SSAValue, sympy.Expr]:
    """The buffer under a chain of loop.reinterpret, and the element offset of the view from it."""
    delta = sympy.Integer(0)
    while isinstance(buffer.owner, loop.ReinterpretOp):
        view = buffer.owner
        delta += as_expr(view.result.type.offset_value())
        delta -= as_expr(view.source.type.offset_value())
        buffer = view.source
    return buffer, delta


@dataclass
class Phase:
    """One r loop: the reductions it accumulates, the xr ops whose effects (stores) it performs, and the x
    ops computed right after it."""

    reductions: list[Operation] = field(default_factory=list)
    xr_runs: list[Operation] = field(default_factory=list)
    x_after: list[Operation] = field(default_factory=list)


class KernelAnalysis:
    """Roles, coordinates and the phase schedule of one kernel.kernel."""

    def __init__(self, kernel: kernel_dialect.KernelOp, online_softmax: bool = False):
        self.kernel = kernel
        self.name = kernel.sym_name.data
        body = list(kernel.body.block.ops)
        self.matmul = next((op for op in body if isinstance(op, TEMPLATE_OPS)), None)
        self.prologues = {op.result: op for op in prologues(body)}
        """A template's operands computed per tile (template_prologue.py) -> their loop.pointwise."""
        loop_kinds = loop.PointwiseOp | loop.ReductionOp | loop.ScanOp
        tiles = set(self.prologues.values())
        self.loop_ops = [op for op in body if isinstance(op, loop_kinds) and op not in tiles]
        self.other_ops = [
            op
            for op in body
            if not isinstance(op, loop_kinds) and op is not self.matmul and not _is_structural(op)
        ]
        self.producers = {result: op for op in self.loop_ops for result in op.results}
        if self.matmul is not None:
            self.producers.update(dict.fromkeys(self.matmul.products, self.matmul))
        self.outputs = self._outputs(body[-1])
        self.numel = as_expr(dim_value(kernel.numel))
        self.rnumel = as_expr(dim_value(kernel.rnumel))
        self.is_reduction = kernel.kind.data in ("reduction", "persistent_reduction")
        self.ynumel = None if kernel.ynumel is None else as_expr(dim_value(kernel.ynumel))
        self.template = kernel.kind.data == "template"
        if self.template:
            if self.matmul is None:
                raise fail(f"@{self.name}: a template kernel without a kernel.matmul")
            self.ynumel = product(sizes_of(self.matmul.ranges)[:-1])
        self.xnumel = self.numel if self.ynumel is None else sympy.cancel(self.numel / self.ynumel)
        self.leading_dims: dict[Operation, int] = {}
        self.roles = {op: self._role(op) for op in self.loop_ops}
        if self.matmul is not None:
            self.roles[self.matmul] = "x"
            self.leading_dims[self.matmul] = len(self.matmul.ranges.data) - 1
        looped = kernel.kind.data == "reduction"
        self.online: dict[Operation, OnlinePair] = pairs(self.loop_ops) if online_softmax and looped else {}
        """Sum reduction -> the max it shares an r loop with (online softmax); final after schedule()."""

    # -- outputs and dependences ------------------------------------------------

    def _outputs(self, terminator: Operation) -> dict[SSAValue, int]:
        outputs: dict[SSAValue, int] = {}
        for k, value in enumerate(terminator.operands):
            if value not in self.producers:
                raise fail(f"@{self.name} yields output {k}, which no loop op of the kernel produces")
            outputs.setdefault(value, k)
        return outputs

    def internal_producer(self, buffer: SSAValue) -> Operation | None:
        root, _ = resolve(buffer)
        return self.producers.get(root)

    def dependences(self, op: Operation) -> list[Operation]:
        found = []
        for load in loop.loads(op):
            producer = self.internal_producer(load.buffer)
            if producer is not None and producer not in found:
                found.append(producer)
        return found

    def has_effects(self, op: Operation) -> bool:
        return any(r in self.outputs for r in op.results) or bool(loop.stores(op))

    # -- roles ---------------------------------------------------------------------

    def _role(self, op: Operation) -> str:
        ranges = sizes_of(op.ranges)
        if isinstance(op, loop.ReductionOp):
            return self._reduction_role(op, ranges)
        if isinstance(op, loop.ScanOp):
            return self._scan_role(op, ranges)
        if is_zero(product(ranges) - self.numel):
            if self.ynumel is not None and (split := self._y_dims(ranges)) is not None:
                self.leading_dims[op] = split
            return "x"
        if self.is_reduction:
            for k in range(len(ranges) + 1):
                if is_zero(product(ranges[:k]) - self.numel) and is_zero(product(ranges[k:]) - self.rnumel):
                    self.leading_dims[op] = k
                    return "xr"
        space = f"numel {self.numel}" + (f" x rnumel {self.rnumel}" if self.is_reduction else "")
        ranges = dims_text(op.ranges)
        raise fail(f"@{self.name}: loop.pointwise ranges {ranges} do not fit the kernel's {space}")

    def _y_dims(self, ranges: list) -> int | None:
        """How many leading dims of a 2-D tiled kernel's loop op are its y dims (their product is ynumel); in a
        template, None when no prefix of them is (the op's positions are then the flat `tindex`)."""
        for k in range(len(ranges) + 1):
            if is_zero(product(ranges[:k]) - self.ynumel):
                return k
        if self.template:
            return None
        raise fail(f"@{self.name}: loop.pointwise ranges {ranges} do not divide into ynumel {self.ynumel} x more")

    def _scan_role(self, op: Operation, ranges: list) -> str:
        """A scan is xr-shaped with its scanned (last) dim the whole r range, in a persistent kernel."""
        fits = is_zero(product(ranges[:-1]) - self.numel) and is_zero(as_expr(ranges[-1]) - self.rnumel)
        if self.kernel.kind.data != "persistent_reduction" or not fits:
            raise fail(
                f"@{self.name}: loop.scan ranges {dims_text(op.ranges)} need a persistent reduction kernel with "
                f"numel {self.numel} x rnumel {self.rnumel} of its ranges"
            )
        self.leading_dims[op] = len(ranges) - 1
        return "xr"

    def _reduction_role(self, op: Operation, ranges: list) -> str:
        if not self.is_reduction:
            raise fail(f"@{self.name}: pointwise kernel holds a loop.reduction")
        reduce = sizes_of(op.reduce)
        if not (is_zero(product(ranges) - self.numel) and is_zero(product(reduce) - self.rnumel)):
            raise fail(
                f"@{self.name}: loop.reduction ranges {dims_text(op.ranges)} reduce {dims_text(op.reduce)} "
                f"do not fit the kernel's numel {self.numel} x rnumel {self.rnumel}"
            )
        return "r"

    # -- coordinates --------------------------------------------------------------

    def parts(self, op: Operation) -> list[FlatPart]:
        """The flat indices whose coordinates are the op's index variables."""
        ranges = sizes_of(op.ranges)
        names = [f"i{k}" for k in range(len(ranges))]
        role = self.roles[op]
        if role == "x" and op in self.leading_dims:
            k = self.leading_dims[op]
            return [part("yindex", names[:k], ranges[:k]), part("xindex", names[k:], ranges[k:])]
        if role == "x" and self.template:
            return [part("tindex", names, ranges)]
        if role == "x":
            return [part("xindex", names, ranges)]
        if role == "xr":
            k = self.leading_dims[op]
            return [part("xindex", names[:k], ranges[:k]), part("rindex", names[k:], ranges[k:])]
        reduce = sizes_of(op.reduce)
        return [part("xindex", names, ranges), part("rindex", [f"r{k}" for k in range(len(reduce))], reduce)]

    def result_parts(self, op: Operation) -> list[FlatPart]:
        """The flat indices of the positions of the op's results (a reduction's are x positions only)."""
        return self.parts(op)[:1] if self.roles[op] == "r" else self.parts(op)

    # -- schedule -------------------------------------------------------------------

    def schedule(self) -> tuple[list[Operation], list[Phase]]:
        """x ops computed before any r loop, and the phases (r loops) in order."""
        level: dict[Operation, int] = {}
        for op in self.loop_ops:
            level[op] = self._level(op, level)
        self.online = {s: p for s, p in self.online.items() if level[s] == level[p.max_op]}
        count = max([level[op] for op in self.loop_ops if self.roles[op] == "r"] + [0])
        for op in self.loop_ops:
            if self.roles[op] == "xr" and self.has_effects(op):
                count = max(count, level[op] + 1)
        phases = [Phase() for _ in range(count)]
        prelude: list[Operation] = []
        for op in self.loop_ops:
            role = self.roles[op]
            if role == "r":
                phases[level[op] - 1].reductions.append(op)
            elif role == "xr" and self.has_effects(op):
                phases[level[op]].xr_runs.append(op)
            elif role == "x":
                (phases[level[op] - 1].x_after if level[op] else prelude).append(op)
        return prelude, phases

    def _level(self, op: Operation, level: dict[Operation, int]) -> int:
        """x/r: the phase after which the value exists; xr: the last phase whose results it needs."""
        role = self.roles[op]
        needs = []
        for dep in self.dependences(op):
            dep_role = self.roles[dep]
            if role == "x" and dep_role == "xr":
                raise fail(
                    f"@{self.name}: an x-shaped loop.pointwise reads the xr-shaped result of another op"
                )
            shares_loop = op in self.online and self.online[op].max_op is dep
            needs.append(level[dep] + (1 if role == "r" and not shares_loop else 0))
        if role == "r":
            return max([1, *needs])
        return max([0, *needs])

    # -- size symbols ------------------------------------------------------------

    def size_symbols(self) -> list[str]:
        """Size symbols the generated code may use, in natural order (s0, s1, s2, ..., s10)."""
        found: set[str] = set()
        for attr in (self.kernel.numel, self.kernel.rnumel, self.kernel.ynumel):
            found |= _symbols(attr)
        for op in self.loop_ops:
            found |= _symbols(op.ranges)
            if isinstance(op, loop.ReductionOp):
                found |= _symbols(op.reduce)
            for inner in op.walk():
                for prop in inner.properties.values():
                    if isinstance(prop, IndexAttr):
                        found |= prop.symbols()
                if isinstance(inner, loop.LoadOp | loop.StoreOp) and inner.bounds is not None:
                    found |= _symbols(inner.bounds)  # gathered values' masks and checks compare with them
        for result in self.outputs:
            found |= _type_symbols(result.type)
        for op in self.other_ops:
            if isinstance(op, kernel_dialect.SizeOp):
                found |= {s.name for s in op.value().free_symbols}
        found = {s for s in found if not _INDEX_VARIABLE.fullmatch(s)}
        return sorted(found, key=_natural_key)


def _is_structural(op: Operation) -> bool:
    return isinstance(op, kernel_dialect.YieldOp | loop.ReinterpretOp)


def _symbols(attr: Attribute) -> set[str]:
    if isinstance(attr, IntAttr):
        return set()
    if isinstance(attr, StringAttr):
        return {s.name for s in as_expr(dim_value(attr)).free_symbols}
    if isinstance(attr, ArrayAttr):
        return set().union(*[_symbols(a) for a in attr.data]) if attr.data else set()
    return set()


def _type_symbols(t: Attribute) -> set[str]:
    if not isinstance(t, BufferType):
        return set()
    return _symbols(t.shape) | _symbols(t.strides) | _symbols(t.offset)


def _natural_key(name: str) -> tuple:
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", name))
