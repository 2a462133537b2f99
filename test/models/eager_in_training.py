"""Lists what irc runs eagerly (irc.metrics.fallbacks: ATen overloads without a lowering, and extern compute
such as matmuls and convolutions) in the forward and backward graphs of each training model's step.

    .venv/bin/python test/models/eager_in_training.py [name ...]
"""

import os
import sys

sys.path[:0] = [os.path.dirname(__file__), os.path.join(os.path.dirname(__file__), "..", "..", "bench")]

import torch  # noqa: E402
from training import BackwardFallbacks, check_training_step, training_pair  # noqa: E402
from training_models import TRAINING  # noqa: E402
from zoo import not_extern_compute  # noqa: E402


def describe(counts) -> str:
    eager = not_extern_compute(counts)
    extern = {k: v for k, v in counts.items() if k not in eager}
    def show(ops):
        return ", ".join(f"{k.removeprefix('aten::')} x{v}" for k, v in sorted(ops.items())) or "-"

    return f"eager: {show(eager)}; extern compute: {show(extern)}"


def main(names):
    for name in names or TRAINING:
        case = TRAINING[name]
        eager, compiled = training_pair(case.make)
        torch.manual_seed(1)
        seen = BackwardFallbacks()
        check_training_step(eager, compiled, case.loss, *case.inputs(), fallbacks=seen)
        print(name, f"  forward  {describe(seen.forward)}", f"  backward {describe(seen.backward)}", sep="\n",
              flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
