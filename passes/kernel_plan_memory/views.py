"""Views of views in the host program, for kernel-plan-memory: each view reads its root buffer.

Layout changes of earlier passes leave chains (loop-simplify merges a buffer's dims and views it back with
the old type; a consumer views that again), each a tensor the wrapper makes, names and frees on every call.
A `loop.reinterpret` of a `loop.reinterpret` reinterprets the first one's source (types carry storage
offsets, so the composed view is the outer type itself); one with its root's type is the root; a view
nothing reads is dropped.

    %a = loop.reinterpret %buf : !b<[8192, 768]> to !b<[8, 1024, 768]>
    %b = loop.reinterpret %a : !b<[8, 1024, 768]> to !b<[8192, 768]>    ->   (uses of %b read %buf)
    %c = loop.reinterpret %a : !b<[8, 1024, 768]> to !b<[8, 768, 1024]>  ->   %c = loop.reinterpret %buf : ...
"""

from __future__ import annotations

from xdsl.ir import Block

from irc.dialects import loop


def fold_view_chains(block: Block) -> None:
    for op in list(block.ops):
        if not isinstance(op, loop.ReinterpretOp):
            continue
        inner = op.source.owner
        if isinstance(inner, loop.ReinterpretOp) and inner.parent is block:
            op.operands[0] = inner.source
        if op.source.type == op.result.type:
            op.result.replace_all_uses_with(op.source)
    for op in reversed(list(block.ops)):
        if isinstance(op, loop.ReinterpretOp) and not op.result.uses:
            op.detach()
            op.erase()
