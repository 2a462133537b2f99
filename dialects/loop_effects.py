"""The memory effects of loop ops that produce buffers (loop.pointwise, loop.reduction, loop.scan)."""

from xdsl.ir import Operation, SSAValue
from xdsl.traits import EffectInstance, IsTerminator, MemoryEffectKind, RecursiveMemoryEffect, get_effects


def is_written_later(buffer: SSAValue) -> bool:
    """Whether an op other than a read writes into `buffer` (or a view of it), or may: a loop.store into it,
    an extern's `outs`, any use by an op of unknown effects but a terminator (returning it)."""
    for use in buffer.uses:
        user = use.operation
        if user.has_trait(IsTerminator):
            continue
        if user.name == "loop.reinterpret":
            if is_written_later(user.results[0]):
                return True
            continue
        effects = get_effects(user)
        if effects is None or any(e.kind is not MemoryEffectKind.READ for e in effects):
            return True
    return False


class BufferProducerEffects(RecursiveMemoryEffect):
    """A loop op's effects are its body's, plus an allocation when a later op writes into one of its result
    buffers: two such ops computing the same values are two buffers, which CSE must not merge into one (both
    scatter-adds of an embedding's backward would accumulate into a single zeroed buffer)."""

    @classmethod
    def get_effects(cls, op: Operation):
        effects = super().get_effects(op)
        if effects is not None and any(is_written_later(r) for r in op.results):
            effects = effects | {EffectInstance(MemoryEffectKind.ALLOC)}
        return effects
