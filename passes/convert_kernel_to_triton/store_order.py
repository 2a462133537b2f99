"""Stores of a straight-line kernel body after all of its loads, as Inductor emits them.

Triton keeps a load that follows a store in program order (the pointers may alias), so a kernel whose outputs
are stored as soon as they are computed waits for each store's address before the next input's loads issue:

    %a = triton.load (in_ptr0 + x) ...      ->    %a = triton.load (in_ptr0 + x) ...
    triton.store (out_ptr0 + x), %f(%a)           %b = triton.load (in_ptr1 + x) ...
    %b = triton.load (in_ptr1 + x) ...            triton.store (out_ptr0 + x), %f(%a)
    triton.store (out_ptr1 + x), %g(%a, %b)       triton.store (out_ptr1 + x), %g(%a, %b)

The stores keep their order among themselves. A body that holds a loop or writes memory other than by plain
stores (atomics) stays as it is. Each thread's loads already come before its stores in the IR's meaning (a
loop op reads its inputs, then writes its result), so moving the stores later reads nothing an earlier store
wrote.
"""

from irc.dialects import triton

ATOMICS = (triton.AtomicAddOp, triton.AtomicMaxOp, triton.AtomicMinOp)


def sink_stores(func: triton.FuncOp) -> None:
    """Moves the top-level stores of `func`'s body to just before its return, in their order."""
    block = func.body.block
    ops = list(block.ops)
    if any(op.regions or isinstance(op, ATOMICS) for op in ops):
        return
    terminator = block.last_op
    for store in [op for op in ops if isinstance(op, triton.StoreOp)]:
        store.detach()
        block.insert_op_before(store, terminator)
