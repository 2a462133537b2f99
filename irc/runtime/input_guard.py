"""One C call for the layout checks of an emitted call(): its inputs of numeric layouts, each extern's result.

call() checks every tensor input's sizes, strides and dtype, and every extern result's
(irc/target/triton_wrapper_guards.py): one assert_size_stride and a dtype test each, about 0.4 us, the largest part
of the host time of a convolution net's call with its hundreds of parameters. Tensors that passed those checks
at a check site leave a guard made from them there: torch's TensorGuards (the C check Dynamo's tensor guards
are built on: dtype, device, sizes, strides, requires_grad, dispatch keys). Tensors the guard accepts have the
layouts of tensors that passed, so later calls skip the checks; tensors it rejects, for whatever reason (another
layout, requires_grad, a mode), go through the checks again, which decide, and leave a guard of their own. A site
whose tensors keep changing stops making guards after REMADE; without TensorGuards every call checks each tensor.
"""

REMADE = 8  # guards made at one site before it keeps to the checks


def never(*tensors) -> bool:
    return False


class Guards(list):
    """`_guards[site](*tensors)`: the C check of the tensors that last passed at that site (`never` at first);
    `_guards.passed(site, *tensors)` after the checks pass."""

    def __init__(self, sites: int):
        super().__init__([never] * sites)
        self.made = [0] * sites

    def passed(self, site: int, *tensors) -> None:
        if self.made[site] >= REMADE:
            return
        self.made[site] += 1
        guard = tensor_guard(tensors)
        self[site] = guard.check if guard is not None else never


def tensor_guard(tensors: tuple):
    """A TensorGuards of these tensors with every size and stride given (it fills in none itself), or None where
    torch has none that accepts them (a repeated tensor, an older or newer torch)."""
    try:
        from torch._C._dynamo.guards import TensorGuards

        sizes = [list(t.shape) for t in tensors]
        strides = [list(t.stride()) for t in tensors]
        guard = TensorGuards(*tensors, dynamic_dims_sizes=sizes, dynamic_dims_strides=strides)
        return guard if guard.check(*tensors) else None
    except Exception:  # noqa: BLE001 - then the checks stay
        return None
