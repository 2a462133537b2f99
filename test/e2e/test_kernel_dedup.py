"""Issue 18, item 1: kernels equal up to their name are emitted (so compiled and tuned) once per module.

Identical layers give identical kernels: two layers compile to as many kernels as one, each launched twice.
"""

import re

import torch
import torch.nn.functional as F

from harness import check, rand
from irc import metrics


class Layer(torch.nn.Module):
    def __init__(self, width: int):
        super().__init__()
        self.linear = torch.nn.Linear(width, width)
        self.norm = torch.nn.LayerNorm(width)

    def forward(self, x):
        return self.norm(x + F.gelu(self.linear(x)))


def compiled_kernels(layers: int, device: str) -> tuple[list[str], str]:
    """The kernel names of the emitted module of a stack of `layers` identical layers, and its launch sites
    and call() (one site launcher per launch)."""
    torch.manual_seed(0)
    model = torch.nn.Sequential(*[Layer(24) for _ in range(layers)]).to(device)
    with torch.no_grad():
        check(model, rand(6, 24, device=device))
    with open(metrics.generated_modules[-1]) as f:
        source = f.read()
    kernels = re.findall(r"^def (triton_\w+)\(", source, re.MULTILINE)
    assert len(kernels) == metrics.generated_kernel_count
    return kernels, source[source.index("_launch_0 = ") :]


def test_identical_layers_share_kernels(device):
    one, _ = compiled_kernels(1, device)
    two, wrapper = compiled_kernels(2, device)
    assert len(two) == len(set(two)) == len(one), (one, two)
    for name in two:
        sites = re.findall(rf"^(_launch_\d+) = _Launcher\({name}, ", wrapper, re.MULTILINE)
        launches = [s for s in sites if re.search(rf"^\s+\({s}\.get\(", wrapper, re.MULTILINE)]
        assert len(launches) == 2, (name, wrapper)
