"""loop-inline: compose `loop.pointwise` producers into the bodies of their consumers (loop -> loop).

A load `%p[idx]` of a pointwise producer's buffer becomes a copy of the producer's body, evaluated at the
producer coordinates of the element at offset `idx` (sym.decompose over the producer's layout); loads through
`loop.reinterpret` first become loads of the view's source (index + view offset - source offset):

    %p = loop.pointwise ranges [3, 9] {                    %s = loop.reduction sum ranges [3] reduce [9] {
      %a = loop.load %x[#loop.index<"9*i0 + i1">] : ...      %a = loop.load %x[#loop.index<"9*i0 + r0">] : ...
      %e = math.exp %a : f32                          ->     %e = math.exp %a : f32
      loop.yield %e : f32                                    loop.yield %e : f32
    } : !loop.buffer<[3, 9], f32, strides [9, 1]>          } : !loop.buffer<[3], f32, strides [1]>
    %s = loop.reduction sum ranges [3] reduce [9] {
      %v = loop.load %p[#loop.index<"9*i0 + r0">] : ...
      loop.yield %v : f32
    } : !loop.buffer<[3], f32, strides [1]>

Producers still used elsewhere stay; dead ones (and dead views) are erased. Reductions are never inlined.
An expensive producer (more than `max_body_ops` body ops or more than `max_reads` loads, or random numbers) is
inlined only where that computes each of its elements once: a single load site, not inside a reduction at an
index that does not move with the r loop. A producer written to memory anyway (an extern or the return reads
it) is not composed into a reduction that reads its buffer linearly in the r loop where its own loads would not
be (a column sum of a stacked, permuted gradient reads the stacked buffer), nor a narrowing cast written
anyway into a reduction (the sum reads the narrow copy). Views never materialize: loads through them read
the source.

At a gather load site (`%p[#loop.index<"9*i0 + t0">] gather(%k) bounds [9]`) the producer's body is composed at
the gathered coordinates (t0 < 9 is known), and its loads take the site's gather values: a cheap recompute
of one element per consumer point. Producers computing loop.index values are not composed there. The load
read 0 where a gather value is outside its bound (a padding, a pooling window past the edge), so the composed
value is selected only inside the bounds (`arith.select`, 0 elsewhere), unless it is a load masked the same way.

The pass is linear in the size of its input: each load is considered once, and a producer whose only use is a
pointwise consumer at the same point takes the consumer's ops instead of being copied into it (a chain of
elementwise ops composes by moving each op once; a repeated read of one element reuses the first). A checked
gather site passes its check on to the loads composed there (never beside an unchecked gather of the producer).
"""

from collections.abc import Sequence
from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, IntegerAttr, IntegerType, ModuleOp, Signedness
from xdsl.dialects.func import FuncOp
from xdsl.ir import Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import Rewriter

import sympy

from irc.dialects.loop import (
    CHECK_OPS,
    CastOp,
    IndexOp,
    LoadOp,
    PointwiseOp,
    RandomOp,
    ReductionOp,
    ReinterpretOp,
    ScanOp,
    StoreOp,
    YieldOp,
)
from irc.dialects.model_source import set_sources, sources_of
from irc.dialects.sym import SIZE_SYMBOL, longer_than, simplify_index, substitute
from irc.dialects.types import BufferType, IndexAttr, dim_value, element_bytes, is_float
from irc.options import CheckedOptions, option
from irc.dialects.loop_analysis.graph import may_write_memory
from irc.dialects.loop_analysis.index import (
    fold_reinterpret_load,
    layout_coords,
    loads_of,
    loop_ranges,
    substitute_index,
)

LoopLike = PointwiseOp | ReductionOp | ScanOp


def load_sites(value: SSAValue) -> int:
    """How many places read a buffer: each load is one, each other use (return, extern, view) is one."""
    return len(list(value.uses))


def recomputes_per_r_step(load: LoadOp, consumer: LoopLike) -> bool:
    """A load inside a reduction whose index does not move with the r loop reads one element many times."""
    if not isinstance(consumer, ReductionOp):
        return False
    return not any(name.startswith("r") for name in load.index.symbols())


def keeps_in_memory(load: LoadOp, producer: PointwiseOp, consumer: LoopLike, mapping: dict, limit: int) -> bool:
    """Whether the producer is read from memory at this site instead of composed, judged on its loads' composed
    indices (made once here for both reasons):
    - under symbolic sizes, a composed index would print longer than `limit` characters (reshapes of divided
      sizes, an interpolation back to a patch grid, compose into 100,000 characters and more);
    - the producer is written to memory anyway (an extern or the return reads it) and the consumer is a
      reduction reading its buffer linearly in the r loop where the composed loads would not be (the bias
      gradient of a fused QKV projection summing the stacked q, k and v gradients would select among three
      masked loads at divided positions, and its rows would no longer split into coalesced partial sums);
    - the producer is written anyway, the consumer is a reduction and the producer a narrowing cast (a ViT's
      bias gradient summed the f32 residual gradient again, where its bf16 copy for the matmul was there at
      half the bytes)."""
    symbolic = any(SIZE_SYMBOL.fullmatch(str(s)) for c in mapping.values() for s in c.free_symbols)
    materialized = not all(isinstance(use.operation, LoadOp) for use in producer.result.uses)
    if isinstance(consumer, ReductionOp) and materialized and narrowing_cast(producer):
        return True
    scrambles = isinstance(consumer, ReductionOp) and materialized and r_linear(load.index.value())
    if not (symbolic or scrambles):
        return False
    ranges = loop_ranges(consumer) | {f"t{k}": b for k, b in enumerate(load.bound_values())}
    for op in producer.body.block.ops:
        if not isinstance(op, LoadOp):
            continue
        own = {f"t{k}": sympy.Symbol(f"t{k + len(load.indirect)}") for k in range(len(op.indirect))}
        composed = substitute(substitute(op.index.value(), own), mapping)
        if symbolic and longer_than(composed, 4 * limit):
            return True  # too long to simplify cheaply, and simplifying rarely shortens 4 times
        composed = simplify_index(composed, ranges)
        if symbolic and longer_than(composed, limit) or scrambles and not r_linear(composed):
            return True
    return False


def narrowing_cast(producer: PointwiseOp) -> bool:
    """A body that loads one element and casts it to a narrower type (an f32 gradient's bf16 copy for a
    matmul): a reduction reading the copy reads fewer bytes than one reading its source."""
    ops = [op for op in producer.body.block.ops if not isinstance(op, YieldOp)]
    loads = [op for op in ops if isinstance(op, LoadOp)]
    if len(loads) != 1 or not all(isinstance(op, LoadOp | CastOp) for op in ops):
        return False
    return element_bytes(producer.result.type.element_type) < element_bytes(loads[0].result.type)


def r_linear(expr: sympy.Expr) -> bool:
    """No r variable inside a FloorDiv, a ModularIndexing or any other function of the expression."""
    return not any(
        name.startswith("r") for call in expr.atoms(sympy.Function) for name in map(str, call.free_symbols)
    )


def no_writes_between(producer: Operation, consumer: Operation) -> bool:
    """Moving the producer's reads down to the consumer is safe when nothing in between writes memory."""
    op = producer.next_op
    while op is not None and op is not consumer:
        if may_write_memory(op):
            return False
        op = op.next_op
    return op is consumer


@dataclass(frozen=True)
class BodyFacts:
    """What inlining asks of a pointwise body, gathered in one walk and added up when two bodies merge:
    its size (ops but the yield), loads, random numbers, stores, loop.index values or run-time checks, and
    whether its gather loads are checked (the set of their flags)."""

    size: int
    reads: int
    random: bool
    stores: bool
    index_values: bool
    gather_checks: frozenset

    @staticmethod
    def of(op: Operation) -> "BodyFacts":
        inner = [o for o in op.walk() if o is not op and not isinstance(o, YieldOp)]
        loads = [o for o in inner if isinstance(o, LoadOp)]
        return BodyFacts(
            len(inner), len(loads), any(isinstance(o, RandomOp) for o in inner),
            any(isinstance(o, StoreOp) for o in inner),
            any(isinstance(o, (IndexOp, *CHECK_OPS)) for o in inner),
            frozenset(o.checked is not None for o in loads if o.indirect),
        )  # fmt: skip

    def composed(self, producer: "BodyFacts", site: LoadOp, selecting: Sequence[Operation]) -> "BodyFacts":
        """The facts of this body once the producer's is copied in at `site` (its ops, less the site), with
        the ops selecting the value inside a gather site's bounds; counted as a walk of the body would."""
        site_checks = {site.checked is not None} if site.indirect else set()
        return BodyFacts(
            self.size - 1 + producer.size + len(selecting), self.reads - 1 + producer.reads,
            self.random or producer.random, self.stores or producer.stores,
            self.index_values or producer.index_values or any(isinstance(o, IndexOp) for o in selecting),
            self.gather_checks | producer.gather_checks | site_checks,
        )  # fmt: skip

    def merged(self, consumer: "BodyFacts") -> "BodyFacts":
        """The facts of this body followed by the consumer's, less the consumer's (plain) load of it."""
        return BodyFacts(
            self.size + consumer.size - 1, self.reads + consumer.reads - 1, self.random or consumer.random,
            self.stores or consumer.stores, self.index_values or consumer.index_values,
            self.gather_checks | consumer.gather_checks,
        )  # fmt: skip


def facts_of(op: Operation, policy: "InlinePolicy") -> BodyFacts:
    """BodyFacts of a loop op, walked once until its body changes (inline_into drops or replaces them)."""
    known = policy.facts.get(op)
    if known is None:
        known = policy.facts[op] = BodyFacts.of(op)
    return known


def is_expensive(producer: PointwiseOp, policy: "InlinePolicy") -> bool:
    """Too many ops, or too many loads (Inductor's realize_reads_threshold), to compute an element twice; or
    random numbers (ten Philox rounds each; Inductor realizes random results)."""
    facts = facts_of(producer, policy)
    return facts.size > policy.max_body_ops or facts.reads > policy.max_reads or facts.random


def inlinable_producer(load: LoadOp, consumer: LoopLike, policy: "InlinePolicy") -> PointwiseOp | None:
    """The pointwise producer of the loaded buffer, when composing it into the consumer is legal and cheap."""
    producer = load.buffer.owner
    if (
        not isinstance(producer, PointwiseOp)
        or producer.result is None
        or producer.parent is not consumer.parent
    ):
        return None
    facts = facts_of(producer, policy)
    if facts.stores or layout_coords(load.index.value(), producer.result.type) is None:
        return None
    if load.indirect and facts.index_values:
        return None  # its index values (or divisors) would depend on the gathered values, out of range too
    if not checks_carry_over(load, facts):
        return None
    several = load_sites(producer.result) > 1 or recomputes_per_r_step(load, consumer)
    if several and is_expensive(producer, policy):
        return None
    return producer if no_writes_between(producer, consumer) else None


def checks_carry_over(load: LoadOp, producer: BodyFacts) -> bool:
    """Whether a checked load's index check survives the producer's composition (it moves to the producer's
    loads, which take the load's gather values beside their own: one `checked` flag must fit both)."""
    if load.checked is not None and not producer.reads:
        return False
    return not load.indirect or producer.gather_checks <= {load.checked is not None}


def substitute_body_indices(op: Operation, mapping: dict, ranges: dict, site: LoadOp) -> Operation:
    """Rewrites the load/store/index expressions of a cloned body op with the producer-to-consumer mapping;
    a load reading at a gathered position takes the gather values of the load site `site` (renumbered)."""
    for inner in op.walk():
        if isinstance(inner, IndexOp) or isinstance(inner, LoadOp) and not (inner.indirect or site.indirect):
            inner.index = substitute_index(inner.index, mapping, ranges)
    if not isinstance(op, LoadOp) or not (op.indirect or site.indirect):
        return op
    return gathered_load(op, mapping, ranges, site)


def gathered_load(op: LoadOp, mapping: dict, ranges: dict, site: LoadOp) -> LoadOp:
    """A cloned producer load at the (gathered) position of `site`: its gather values are the site's (t0..)
    then its own, renumbered, with the unused ones dropped. Replaces (and erases) the clone `op`."""
    shift = len(site.indirect)
    own = {f"t{k}": sympy.Symbol(f"t{k + shift}") for k in range(len(op.indirect))}
    expr = substitute(op.index.value(), own)
    values = list(site.indirect) + list(op.indirect)
    bounds = site.bound_values() + op.bound_values()
    ranges = ranges | {f"t{k}": b for k, b in enumerate(bounds)}
    expr = substitute_index(IndexAttr(expr), mapping, ranges).value()
    used = [k for k in range(len(values)) if sympy.Symbol(f"t{k}") in expr.free_symbols]
    expr = substitute(expr, {f"t{k}": sympy.Symbol(f"t{n}") for n, k in enumerate(used)})
    checked = any((site if k < shift else op).checked is not None for k in used)
    rebuilt = LoadOp(op.buffer, expr, [values[k] for k in used], [bounds[k] for k in used], checked)
    rebuilt.result.name_hint = op.result.name_hint
    op.erase()
    return rebuilt


def producer_mapping(load: LoadOp, producer: PointwiseOp, consumer: LoopLike) -> dict:
    """The producer's index variables as expressions of the consumer's (and the load's t values)."""
    ranges = loop_ranges(consumer) | {f"t{k}": b for k, b in enumerate(load.bound_values())}
    coords = [simplify_index(c, ranges) for c in layout_coords(load.index.value(), producer.result.type)]
    return {f"i{d}": c for d, c in enumerate(coords)}


def inline_load(
    load: LoadOp, producer: PointwiseOp, consumer: LoopLike, mapping: dict
) -> tuple[list[LoadOp], list[Operation]]:
    """Replaces `load` by a copy of the producer's body evaluated at the loaded element's coordinates;
    returns the copied loads and the ops selecting the composed value inside a gather site's bounds."""
    value_map: dict[SSAValue, SSAValue] = {}
    block = load.parent_block()
    copied: list[LoadOp] = []
    selecting: list[Operation] = []
    for op in producer.body.block.ops:
        if isinstance(op, YieldOp):
            value = value_map.get(op.values[0], op.values[0])
            if load.indirect:
                value, selecting = zero_outside_bounds(load, value)
            load.result.replace_all_uses_with(value)
            break
        clone = substitute_body_indices(op.clone(value_map), mapping, loop_ranges(consumer), load)
        value_map.update(zip(op.results, clone.results))
        block.insert_op_before(clone, load)
        copied += [inner for inner in clone.walk() if isinstance(inner, LoadOp)]
    load.detach()
    load.erase()
    return copied, selecting


def read_key(op: Operation) -> tuple | None:
    """What identifies a plain load's element: its buffer and index (None for other ops and gathers)."""
    return (op.buffer, op.index) if isinstance(op, LoadOp) and not op.indirect else None


def plain_reads(op: PointwiseOp, policy: "InlinePolicy") -> dict:
    """The first plain load of each element at the top level of the body of `op` (kept in policy.reads while
    bodies merge)."""
    known = policy.reads.get(op)
    if known is None:
        known = policy.reads[op] = {}
        for inner in op.body.block.ops:
            key = read_key(inner)
            if key is not None:
                known.setdefault(key, inner.results[0])
    return known


def mergeable(load: LoadOp, producer: PointwiseOp, consumer: LoopLike, mapping: dict) -> bool:
    """Whether the producer's body can become the consumer's as it is (no copy): its only use is this load of
    a pointwise consumer over the same ranges, at the same coordinates (the index variables map to
    themselves), so each element's composed body is the producer's, then the consumer's."""
    same_point = len(mapping) == len(consumer.ranges.data) and all(str(c) == n for n, c in mapping.items())
    return (
        isinstance(consumer, PointwiseOp) and consumer.result is not None and not load.indirect
        and load_sites(producer.result) == 1
        and same_point and load.parent_op() is consumer and producer.ranges == consumer.ranges
    )  # fmt: skip


def merge_into_producer(
    load: LoadOp, producer: PointwiseOp, consumer: PointwiseOp, reads: dict | None
) -> PointwiseOp:
    """The consumer's body appended to the producer's (the load reads the producer's yielded value), as one
    pointwise at the consumer's place with its result: moves the consumer's ops, never the producer's, so a
    chain of pointwise ops composes in time linear in its length. With `reads` (the producer's plain loads by
    buffer and index; None where a body stores), a consumer load of an element the producer reads takes its
    value (one read of it per element, as CSE would leave, which finds it slowly in long bodies)."""
    body = producer.body.block
    produced = body.last_op
    assert isinstance(produced, YieldOp)
    load.result.replace_all_uses_with(produced.values[0])
    load.detach()
    load.erase()
    produced.detach()
    produced.erase()
    for op in list(consumer.body.block.ops):
        key = read_key(op) if reads is not None else None
        if key is not None and key in reads:
            op.results[0].replace_all_uses_with(reads[key])
            op.detach()
            op.erase()
            continue
        if key is not None:
            reads[key] = op.results[0]
        op.detach()
        body.add_op(op)
    ranges = [dim_value(d) for d in consumer.ranges.data]
    merged = PointwiseOp(ranges, producer.detach_region(producer.body), consumer.result.type)
    merged.attributes.update(consumer.attributes)
    set_sources(merged, sources_of(producer) + sources_of(consumer))
    merged.result.name_hint = consumer.result.name_hint
    consumer.parent_block().insert_op_before(merged, consumer)
    consumer.result.replace_all_uses_with(merged.result)
    for op in (consumer, producer):
        op.detach()
        op.erase()
    return merged


def zero_outside_bounds(site: LoadOp, value: SSAValue) -> tuple[SSAValue, list[Operation]]:
    """The composed `value` where every gather value of `site` is inside its bound, else 0, as the load read:
    a producer whose element is not 0 there (a constant, exp of a masked load) must not leak into a padding
    or a neighbouring input of a cat. A composed body that is itself a load masked by all of them stays."""
    owner = value.owner
    if isinstance(owner, LoadOp) and set(site.indirect) <= set(owner.indirect):
        return value, []
    ops: list[Operation] = []
    inside = None
    for t, bound in zip(site.indirect, site.bound_values()):
        zero = arith.ConstantOp(IntegerAttr(0, t.type))
        size = arith.ConstantOp(IntegerAttr(bound, t.type)) if isinstance(bound, int) else IndexOp(IndexAttr(bound), t.type)
        low, high = arith.CmpiOp(t, zero, "sge"), arith.CmpiOp(t, size, "slt")
        ops += [zero, size, low, high]
        for check in (low, high):
            inside = check if inside is None else arith.AndIOp(inside, check)
            ops += [] if inside is check else [inside]
    element = value.type
    unsigned = isinstance(element, IntegerType) and element.signedness.data != Signedness.SIGNLESS
    if unsigned:  # arith takes signless integers only: select in a signless type holding every value
        wide = CastOp(value, IntegerType(max(32, 2 * element.width.data)))
        ops.append(wide)
        value = wide.result
    zero_value = arith.ConstantOp(
        FloatAttr(0.0, value.type) if is_float(value.type) else IntegerAttr(0, value.type)
    )
    select = arith.SelectOp(inside, value, zero_value)
    chosen = [CastOp(select.result, element)] if unsigned else []
    inserted = [*ops, zero_value, select, *chosen]
    site.parent_block().insert_ops_before(inserted, site)
    return (chosen[0].result if chosen else select.result), inserted


def inline_into(consumer: LoopLike, policy: "InlinePolicy") -> set[Operation]:
    """Folds view loads and inlines every eligible producer into `consumer`; returns the producers used.

    Loads are visited once each, in body order, the loads a composition copies in before the rest: a load not
    inlinable stays so as its consumer grows (the producers' uses and sizes do not change)."""
    pending = loads_of(consumer)
    for load in pending:
        while fold_reinterpret_load(load):
            pass
    inlined: set[Operation] = set()
    while pending:
        load = pending.pop(0)
        producer = inlinable_producer(load, consumer, policy)
        if producer is None:
            continue
        mapping = producer_mapping(load, producer, consumer)
        if keeps_in_memory(load, producer, consumer, mapping, policy.max_index_chars):
            continue
        inlined.add(producer)
        if mergeable(load, producer, consumer, mapping):
            facts = facts_of(producer, policy).merged(facts_of(consumer, policy))
            reads = None if facts.stores else plain_reads(producer, policy)  # a load after a store may differ
            consumer = merge_into_producer(load, producer, consumer, reads)
            pending = [p for p in pending if p.parent is not None]  # a load merged into an earlier read is gone
            policy.facts[consumer] = facts  # counted before sharing reads, as the bodies were before CSE
            if reads is not None:
                policy.reads[consumer] = reads
        else:
            set_sources(consumer, sources_of(producer) + sources_of(consumer))
            before = facts_of(consumer, policy), facts_of(producer, policy)
            copied, selecting = inline_load(load, producer, consumer, mapping)
            policy.facts[consumer] = before[0].composed(before[1], load, selecting)
            policy.reads.pop(consumer, None)
            pending = copied + pending
    return inlined


def erase_dead(block: Block, producers: set[Operation]) -> None:
    """Erases inlined producers and views that nothing uses any more (last first, so chains go too)."""
    for op in reversed(list(block.ops)):
        dead = bool(op.results) and all(not r.uses for r in op.results)
        if dead and (op in producers or isinstance(op, ReinterpretOp)):
            op.detach()
            op.erase()


def round_trip_source(op: PointwiseOp) -> SSAValue | None:
    """`n` where the op yields `cast(n : narrow to wide)` of `n = cast(v : wide to narrow)`, floats only: the
    wide value holds no more than the narrow one."""
    value = op.yield_op().values[0] if len(op.results) == 1 else None
    widen = value.owner if value is not None and isinstance(value.owner, CastOp) else None
    narrow = widen.operands[0] if widen is not None else None
    if narrow is None or not isinstance(narrow.owner, CastOp):
        return None
    narrow_type, wide_type = narrow.type, value.type
    if not (is_float(narrow_type) and is_float(wide_type)) or narrow_type.bitwidth >= wide_type.bitwidth:
        return None
    return narrow


def narrow_round_trip(op: PointwiseOp) -> None:
    """A kept producer yielding a value rounded to a narrower float and widened again (bf16 math upcast for
    the next op) stores the narrow value, and its loads widen it: half the bytes, the same values."""
    narrow = round_trip_source(op)
    if narrow is None or not all(isinstance(use.operation, LoadOp) for use in op.results[0].uses):
        return
    wide, widen = op.results[0].type, op.yield_op().values[0].owner
    op.yield_op().operands[0] = narrow
    if not widen.results[0].uses:
        widen.detach()
        widen.erase()
    Rewriter.replace_value_with_new_type(
        op.results[0], BufferType(wide.sizes(), narrow.type, wide.stride_values(), wide.offset_value())
    )
    for load in [use.operation for use in op.results[0].uses]:
        value = Rewriter.replace_value_with_new_type(load.results[0], narrow.type)
        widened = CastOp(value, wide.element_type)
        value.replace_uses_with_if(widened.results[0], lambda use: use.operation is not widened)
        load.parent_block().insert_op_after(widened, load)


def inline_block(block: Block, policy: "InlinePolicy") -> None:
    """Runs loop-inline over the top-level loop ops of one block, in order (producers before consumers)."""
    inlined: set[Operation] = set()
    for op in list(block.ops):
        if isinstance(op, PointwiseOp | ReductionOp | ScanOp):
            inlined |= inline_into(op, policy)
    erase_dead(block, inlined)
    for op in list(block.ops):
        if isinstance(op, PointwiseOp) and op.results:
            narrow_round_trip(op)


@dataclass(frozen=True)
class LoopInlinePass(CheckedOptions, ModulePass):
    """Inlines pointwise producers into their consumers and folds loads through views (loop -> loop).

    Options: `max_body_ops` and `max_reads` (a producer with more body ops or more loads is expensive: it is
    not recomputed for several load sites or per r step of a reduction), `max_index_chars` (under symbolic sizes, a
    producer whose composed load indices would print longer stays in memory), `enabled` (false: the pass does
    nothing).
    """

    name = "loop-inline"

    max_body_ops: int = option(30, low=0)
    max_reads: int = option(4, low=0)
    max_index_chars: int = option(10_000, low=1)
    enabled: bool = True

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if not self.enabled:
            return
        for func in [f for f in op.walk() if isinstance(f, FuncOp) and f.body.blocks]:
            inline_block(func.body.block, InlinePolicy(self.max_body_ops, self.max_reads, self.max_index_chars))


@dataclass(frozen=True)
class InlinePolicy:
    """When a producer is expensive: more than `max_body_ops` body ops or more than `max_reads` loads; the
    BodyFacts of the loop ops walked so far."""

    max_body_ops: int
    max_reads: int
    max_index_chars: int = 10_000
    facts: dict = field(default_factory=dict, compare=False, hash=False)
    reads: dict = field(default_factory=dict, compare=False, hash=False)  # plain_reads of merged bodies
