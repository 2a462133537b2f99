"""One C call for the layout checks of the tensor inputs of an emitted call() whose sizes and strides are numbers.

call() checks every tensor input's sizes, strides and dtype (irc/target/triton_wrapper_guards.py): one
assert_size_stride per input, about 0.3 us each, the largest part of the host time of a convolution net's call
with its hundreds of parameters. A call whose inputs passed those checks leaves a guard made from them: torch's
TensorGuards (the C check Dynamo's tensor guards are built on: dtype, device, sizes, strides, requires_grad,
dispatch keys). Inputs a kept guard accepts have the layouts of inputs that passed, so that call skips the
per-input checks; inputs every kept guard rejects, for whatever reason (another layout, requires_grad, a mode),
go through the per-input checks, which decide, and leave a guard of their own. Without TensorGuards every call
checks input by input.
"""

KEPT = 4  # guards a module keeps (inputs alternating between kinds, say with and without requires_grad)


class InputGuard:
    """`_input_guard(*tensors)`: whether these inputs are like those of an earlier call that passed the checks;
    `_input_guard.passed(*tensors)` after the checks pass."""

    def __init__(self):
        self.guards: list = []

    def __call__(self, *tensors) -> bool:
        for guard in self.guards:
            if guard.check(*tensors):
                return True
        return False

    def passed(self, *tensors) -> None:
        guard = tensor_guard(tensors)
        if guard is not None:
            self.guards = [guard, *self.guards[: KEPT - 1]]


def tensor_guard(tensors: tuple):
    """A TensorGuards of these tensors with every size and stride given (it fills in none itself), or None where
    torch has none that accepts them."""
    try:
        from torch._C._dynamo.guards import TensorGuards

        sizes = [list(t.shape) for t in tensors]
        strides = [list(t.stride()) for t in tensors]
        guard = TensorGuards(*tensors, dynamic_dims_sizes=sizes, dynamic_dims_strides=strides)
        return guard if guard.check(*tensors) else None
    except Exception:  # noqa: BLE001 - an older or newer torch: the per-input checks stay
        return None
