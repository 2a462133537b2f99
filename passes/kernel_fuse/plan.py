"""Fusion planning for kernel-fuse: which top-level loop ops of a block share a kernel, and in what order.

Every top-level op starts as its own item; loop ops are fusable. Each round scores every related pair of
fusable items (bytes saved: a buffer read from registers instead of memory, written never when it becomes
internal, an input element both read at the same position read once), then merges pairs greedily, best
first (at equal scores a fusion without a template first: cuBLAS may beat the template), each item at most
once a round, when the merge is legal:
- one iteration space fits all members (loop_analysis.index.space_of);
- every read of a buffer produced inside reads the element written at the same position (proved symbolically);
- no member writes (loop.store) memory another member touches;
- no cycle: neither item reaches the other through a third;
- a template (a kernel.matmul) takes one matmul, pointwise ops at its output positions (its epilogue) and,
  for an operand, the loop.pointwise computing it when that is a prologue only the template reads and whose
  recomputation per tile pays (dialects/kernel_analysis/prologue.py): a cast or scale of one buffer, run in
  registers on each operand tile; the template's space is that of its matmul and epilogue.
  A prologue reading a buffer no loop op computes is bound to its template; one reading a computed buffer
  competes by score (its producer may gain more from it).
Rounds repeat until nothing changes. The schedule is a topological order of the items, stable by position.
"""

import heapq
from collections.abc import Iterator
from dataclasses import dataclass

import sympy
from xdsl.ir import Block, Operation, SSAValue

from irc.dialects.kernel_analysis.prologue import fusion_problem, prologues, template_operands, tma_readable
from irc.dialects.kernel_template import TEMPLATE_OPS, TMA
from irc.dialects.loop import SORT_KINDS, LoadOp, ReductionOp, ScanOp, enclosing_loop, loads
from irc.dialects.sym import as_expr
from irc.dialects.types import BufferType, element_bytes
from irc.dialects.loop_analysis.graph import (
    FUSABLE_OPS,
    DependenceGraph,
    read_roots,
    storage_root,
    top_level_ancestor,
    written_roots,
)
from irc.dialects.loop_analysis.index import Space, read_together, reads_same_position, space_of

MAX_ROUNDS = 64
# a size symbol counts as this many elements when scoring
SIZE_HINT = 64
# horizontal candidates: each reader of an input is paired with this many later readers
HORIZONTAL_WINDOW = 8


@dataclass(frozen=True)
class FusionOptions:
    """Which kinds of fusion kernel-fuse may do."""

    vertical: bool = True
    """producer -> consumer, other than epilogues (pointwise chains, prologues, reductions over one row)"""
    horizontal: bool = True
    """independent ops of one iteration space that share an input"""
    epilogue: bool = True
    """pointwise consumers (x- or xr-shaped) of a reduction's or a template's results"""
    prologue: bool = True
    """the pointwise computing a template's operand (a cast or scale of one buffer), recomputed per tile"""


def buffer_bytes(value: SSAValue) -> int:
    """Bytes of a buffer's elements, with size symbols counted as SIZE_HINT."""
    t = value.type
    if not isinstance(t, BufferType):
        return 0
    count = as_expr(t.numel())
    count = count.subs({s: SIZE_HINT for s in count.free_symbols}) if not count.is_Integer else count
    return int(count) * element_bytes(t.element_type)


def _operands_read(op: Operation) -> set[SSAValue]:
    """The buffers a template op reads as its operands (none for other ops)."""
    return set(template_operands(op)) if isinstance(op, TEMPLATE_OPS) else set()


def _offset(buffer: SSAValue) -> sympy.Expr:
    return as_expr(buffer.type.offset_value())


@dataclass(frozen=True)
class Decision:
    """One candidate pair considered in a round (members are op positions); `rejected` None: fused."""

    round: int
    first: tuple[int, ...]
    second: tuple[int, ...]
    kind: str
    score: int
    rejected: str | None


class FusionPlanner:
    """Greedy fusion over the top-level ops of one block (indices are positions in block order)."""

    def __init__(self, block: Block, options: FusionOptions):
        self.block = block
        self.options = options
        self.graph = DependenceGraph(block)
        self.ops = self.graph.ops
        self.item_of = list(range(len(self.ops)))
        self.members: dict[int, list[int]] = {k: [k] for k in range(len(self.ops))}
        self.reads = [read_roots(op) for op in self.ops]
        self.writes = [written_roots(op) for op in self.ops]
        self.producer_of = {
            r: k for k, op in enumerate(self.ops) if isinstance(op, FUSABLE_OPS) for r in op.results
        }
        self.users = {r: self._users(r) for r in self.producer_of}
        self.loaded = [{load.buffer for load in loads(op)} | _operands_read(op) for op in self.ops]
        self.bound = self._bound_prologues() if options.prologue else {}
        self.read_checks: dict[tuple, bool] = {}
        self.spaces: dict[tuple[int, ...], Space | None] = {}
        self.round = 0
        self.decisions: list[Decision] = []
        self.seen_rejections: set[tuple] = set()
        self.planned_items: list[list[Operation]] = []

    def _bound_prologues(self) -> dict[int, int]:
        """Prologues that can fuse into their templates and read no buffer a loop op of this block computes
        (position -> the template's): they fuse with nothing else. A prologue reading a computed buffer
        competes by score like any fusion: joining its producer (a softmax's normalization before P @ V) may
        save more than the template does, and cuBLAS then keeps the matmul."""
        found = prologues(self.ops)
        computed = self.producer_of.keys()
        return {
            self.graph.index[op]: self.graph.index[template]
            for op, template in found.items()
            if fusion_problem(op, template) is None and not self.reads[self.graph.index[op]] & computed
        }

    def _users(self, value: SSAValue) -> set[int | None]:
        """The top-level ops using a value (None for the terminator or anything outside the items)."""
        owners = (top_level_ancestor(use.operation, self.block) for use in value.uses)
        return {self.graph.index.get(owner) for owner in owners}

    # -- driver -------------------------------------------------------------

    def plan(self) -> list[list[Operation]]:
        """Fuses, then returns the items in emission order (each a list of ops: a group, or one host op)."""
        for _ in range(MAX_ROUNDS):
            if not self.fuse_round():
                break
        self.planned_items = [[self.ops[k] for k in self.members[item]] for item in self.schedule()]
        return self.planned_items

    def fuse_round(self) -> bool:
        candidates = []
        for a, b in self.candidate_pairs():
            kind = self.kind(a, b)
            score = self.score(a, b)
            if not getattr(self.options, kind):
                self.record(a, b, kind, score, f"{kind} fusion is switched off")
            elif score <= 0:
                self.record(a, b, kind, score, "saves no memory traffic")
            else:
                into_template = self.has_matmul(a) or self.has_matmul(b)
                candidates.append((-score, into_template, self.members[a][0], self.members[b][0], a, b, kind))
        touched: set[int] = set()
        for minus_score, _, _, _, a, b, kind in sorted(candidates):
            if a in touched or b in touched:
                continue  # tried again next round
            reason = self.rejection(a, b)
            self.record(a, b, kind, -minus_score, reason)
            if reason is None:
                self.merge(a, b)
                touched |= {a, b}
        self.round += 1
        return bool(touched)

    def record(self, a: int, b: int, kind: str, score: int, rejected: str | None) -> None:
        """Keeps a decision for the fusion report; a rejection repeated in a later round is kept once."""
        decision = Decision(self.round, tuple(self.members[a]), tuple(self.members[b]), kind, score, rejected)
        key = (decision.first, decision.second, rejected)
        if rejected is None or key not in self.seen_rejections:
            self.decisions.append(decision)
            self.seen_rejections.add(key)

    def is_fusable(self, item: int) -> bool:
        return isinstance(self.ops[self.members[item][0]], FUSABLE_OPS)

    # -- candidates and scores ----------------------------------------------

    def candidate_pairs(self) -> Iterator[tuple[int, int]]:
        pairs: set[tuple[int, int]] = set()
        readers: dict[SSAValue, list[int]] = {}
        for k, op in enumerate(self.ops):
            if not isinstance(op, FUSABLE_OPS):
                continue
            for value in self.loaded[k]:
                if value in self.producer_of:
                    pairs.add(self._ordered(self.item_of[self.producer_of[value]], self.item_of[k]))
            for root in self.reads[k]:
                readers.setdefault(root, []).append(self.item_of[k])
        for items in readers.values():
            unique = list(dict.fromkeys(items))
            for j, a in enumerate(unique):
                pairs.update(self._ordered(a, b) for b in unique[j + 1 : j + 1 + HORIZONTAL_WINDOW])
        return iter(sorted(p for p in pairs if p[0] != p[1]))

    def _ordered(self, a: int, b: int) -> tuple[int, int]:
        return (a, b) if self.members[a][0] <= self.members[b][0] else (b, a)

    def reads_from(self, consumer: int, producer: int) -> bool:
        """Whether a member of `consumer` loads a buffer a member of `producer` computes."""
        produced = {r for k in self.members[producer] for r in self.ops[k].results}
        return any(self.loaded[k] & produced for k in self.members[consumer])

    def has_reduction(self, item: int) -> bool:
        return any(isinstance(self.ops[k], ReductionOp) for k in self.members[item])

    def has_scan(self, item: int) -> bool:
        return any(isinstance(self.ops[k], ScanOp) for k in self.members[item])

    def sorts_of_one_row(self, a: int, b: int) -> bool:
        """Whether a and b only sort rows of the same ranges (a sort's values and indices: one kernel)."""
        ops = [self.ops[k] for k in self.members[a] + self.members[b]]
        sorts = all(isinstance(op, ScanOp) and op.kind.data in SORT_KINDS for op in ops)
        return sorts and len({op.ranges for op in ops}) == 1 and not (self.reads_from(a, b) or self.reads_from(b, a))

    def has_matmul(self, item: int) -> bool:
        return any(isinstance(self.ops[k], TEMPLATE_OPS) for k in self.members[item])

    def feeds_template(self, producer: int, consumer: int) -> bool:
        """Whether a member of `producer` computes an operand of a template op of `consumer`."""
        produced = {r for k in self.members[producer] for r in self.ops[k].results}
        templates = (self.ops[k] for k in self.members[consumer] if isinstance(self.ops[k], TEMPLATE_OPS))
        return any(v in produced for t in templates for v in template_operands(t))

    def kind(self, a: int, b: int) -> str:
        """prologue (computes a template's operand), vertical, epilogue (a pointwise-only consumer of a group
        with reductions or a matmul) or horizontal."""
        for producer, consumer in ((a, b), (b, a)):
            if self.feeds_template(producer, consumer):
                return "prologue"
            if self.reads_from(consumer, producer):
                computes = self.has_reduction(producer) or self.has_matmul(producer)
                epilogue = computes and not (self.has_reduction(consumer) or self.has_matmul(consumer))
                return "epilogue" if epilogue else "vertical"
        return "horizontal"

    def score(self, a: int, b: int) -> int:
        """Bytes of memory traffic the fusion saves."""
        union = set(self.members[a]) | set(self.members[b])
        saved = 0
        for producer, consumer in ((a, b), (b, a)):
            consumer_loads = set().union(*(self.loaded[k] for k in self.members[consumer]))
            for k in self.members[producer]:
                for result in self.ops[k].results:
                    if result in consumer_loads:
                        internal = self.users[result] <= union
                        saved += buffer_bytes(result) * (2 if internal else 1)
        produced = {r for k in union for r in self.ops[k].results}
        shared = (self._item_reads(a) & self._item_reads(b)) - produced
        return saved + sum(buffer_bytes(root) for root in shared if self.read_by_both(a, b, root))

    def _item_reads(self, item: int) -> set[SSAValue]:
        return set().union(*(self.reads[k] for k in self.members[item]))

    def read_by_both(self, a: int, b: int, root: SSAValue) -> bool:
        """Whether a load of item a and one of item b read the same elements of `root` at each position of
        their common space (disjoint slices of one buffer share no bytes: fusing them saves nothing). Items
        with no common space count the root as shared: the score is then what fusion could save, and the
        rejection says why it cannot."""
        space = self.space(sorted(self.members[a] + self.members[b]))
        if space is None:
            return True
        return any(
            self._together(first, second, space)
            for first in self._root_loads(a, root)
            for second in self._root_loads(b, root)
        )

    def _root_loads(self, item: int, root: SSAValue) -> list[tuple[LoadOp, Operation, sympy.Expr]]:
        """The loads of an item's members that read `root` directly in the member, each with its op and its
        buffer's offset from the root's."""
        found = []
        for k in self.members[item]:
            op = self.ops[k]
            for load in loads(op):
                if storage_root(load.buffer) is root and enclosing_loop(load) is op:
                    found.append((load, op, _offset(load.buffer) - _offset(root)))
        return found

    def _together(self, first: tuple, second: tuple, space: Space) -> bool:
        key = (id(first[0]), id(second[0]), space.key())
        if key not in self.read_checks:
            self.read_checks[key] = read_together(first, second, space)
        return self.read_checks[key]

    def space(self, union: list[int]) -> Space | None:
        key = tuple(union)
        if key not in self.spaces:
            self.spaces[key] = space_of([self.ops[k] for k in union])
        return self.spaces[key]

    # -- legality -----------------------------------------------------------

    def rejection(self, a: int, b: int) -> str | None:
        """Why merging items a and b is illegal, or None when it is legal."""
        if not (self.is_fusable(a) and self.is_fusable(b)):
            return "not a loop op"
        if (self.has_scan(a) or self.has_scan(b)) and not self.sorts_of_one_row(a, b):
            return "a scan is a kernel of its own"
        union = sorted(self.members[a] + self.members[b])
        if any(self.bound[k] not in union for k in union if k in self.bound):
            return "a prologue fuses into its template only"
        template = self.template_rejection(union)
        if template is not None:
            return template
        core = self.core(union)
        space = self.space(core)
        if space is None:
            return "incompatible iteration spaces"
        if not self.hazard_free(union):
            return "a member stores into memory another member uses"
        if self.creates_cycle(a, b):
            return "would create a cycle (one reaches the other through a third kernel or host op)"
        if not self.reads_line_up(core, space):
            return "mismatched indices: a load does not read the element its producer writes at that position"
        return None

    def template_rejection(self, union: list[int]) -> str | None:
        """Why the ops cannot form a template (one matmul and its epilogue), or None."""
        matmuls = [self.ops[k] for k in union if isinstance(self.ops[k], TEMPLATE_OPS)]
        if not matmuls:
            return None
        if len(matmuls) > 1:
            return "a template holds one matmul"
        if any(isinstance(self.ops[k], ReductionOp) for k in union):
            return "a template's epilogue holds no reduction"
        return self.prologue_rejection(union, matmuls[0])

    def prologue_rejection(self, union: list[int], matmul: Operation) -> str | None:
        """Why the members computing the template's operands are not its prologues, or None."""
        found = prologues(self.ops[k] for k in union)
        computed = [self.ops[k] for k in union if set(self.ops[k].results) & set(template_operands(matmul))]
        if any(op not in found for op in computed):
            return "a template computes its operands only in prologues (a loop.pointwise each)"
        for op in computed:
            if TMA in matmul.attributes and not tma_readable(op):
                return "a TMA template cannot read the prologue's source through a descriptor"
            problem = fusion_problem(op, matmul)
            if problem is not None:
                return f"no prologue: {problem}"
            if self.loaded[self.graph.index[op]] & {r for k in union for r in self.ops[k].results}:
                return "a prologue reads what its kernel computes"
        return None

    def core(self, union: list[int]) -> list[int]:
        """The members of a union without its prologues (they run per operand tile, outside its space)."""
        found = prologues(self.ops[k] for k in union)
        return [k for k in union if self.ops[k] not in found]

    def hazard_free(self, union: list[int]) -> bool:
        """No member stores into memory that another member reads or writes, or that a member computes."""
        for k in union:
            for root in self.writes[k]:
                if self.producer_of.get(root) in union:
                    return False
                if any(root in self.reads[j] or root in self.writes[j] for j in union if j != k):
                    return False
        return True

    def reads_line_up(self, union: list[int], space: Space) -> bool:
        """Every load of a buffer produced inside the union reads what its producer wrote at that position."""
        inside = set(union)
        for k in union:
            for load in loads(self.ops[k]):
                producer = self.producer_of.get(load.buffer)
                if producer in inside and not self._read_check(load, k, producer, space):
                    return False
        return True

    def _read_check(self, load: LoadOp, consumer: int, producer: int, space: Space) -> bool:
        key = (id(load), space.key())
        if key not in self.read_checks:
            self.read_checks[key] = reads_same_position(load, self.ops[consumer], self.ops[producer], space)
        return self.read_checks[key]

    def item_succs(self, item: int) -> set[int]:
        return {self.item_of[s] for k in self.members[item] for s in self.graph.succs[k]} - {item}

    def creates_cycle(self, a: int, b: int) -> bool:
        return self._reaches_through_other(a, b) or self._reaches_through_other(b, a)

    def _reaches_through_other(self, source: int, target: int) -> bool:
        stack = [i for i in self.item_succs(source) if i != target]
        seen = set(stack)
        while stack:
            for nxt in self.item_succs(stack.pop()):
                if nxt == target:
                    return True
                if nxt not in seen and nxt != source:
                    seen.add(nxt)
                    stack.append(nxt)
        return False

    # -- merging and scheduling -----------------------------------------------

    def merge(self, a: int, b: int) -> None:
        for k in self.members[b]:
            self.item_of[k] = a
        self.members[a] = sorted(self.members[a] + self.members.pop(b))

    def schedule(self) -> list[int]:
        """The items in a topological order, earliest first position first."""
        succs = {item: self.item_succs(item) for item in self.members}
        indegree = dict.fromkeys(self.members, 0)
        for targets in succs.values():
            for t in targets:
                indegree[t] += 1
        ready = [(self.members[i][0], i) for i, d in indegree.items() if d == 0]
        heapq.heapify(ready)
        order: list[int] = []
        while ready:
            _, item = heapq.heappop(ready)
            order.append(item)
            for t in succs[item]:
                indegree[t] -= 1
                if indegree[t] == 0:
                    heapq.heappush(ready, (self.members[t][0], t))
        assert len(order) == len(self.members), "fusion made a dependence cycle"
        return order
