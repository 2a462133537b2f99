"""torch's associative_scan with combine_mode="generic" (transformers' Mamba and FalconMamba scan so on the
CPU under torch.compile) over a length that changes between calls.

The scan halves the length level by level (odd and even elements, `x[0:-1:2]` and `x[1::2]`) until one element
is left, branching on the length at every level. Dynamo's guards then hold the length at one value only
together (6 <= s0 <= 7 and `Eq(Mod(s0, 2), 0)`), and equate the halves of two inputs' lengths
(`Eq(s1//2, s0//2)`) where the range fixes only one of them; irc reads both as the one value
(fx_pinned.py, fx_sizes._guarded_values), so the halves broadcast.
"""

import torch
from test_dynamic_shapes import check_training
from torch import nn
from torch._higher_order_ops.associative_scan import associative_scan

from irc import metrics


def combine(left, right):
    (a_left, b_left), (a_right, b_right) = left, right
    return a_left * a_right, a_right * b_left + b_right


def linear_recurrence(a, b):
    """states[t] = a[t] * states[t - 1] + b[t] along dim 1."""
    return associative_scan(combine, (a, b), dim=1, combine_mode="generic")[1]


class GatedScan(nn.Module):
    def __init__(self, width: int = 4):
        super().__init__()
        self.gate, self.value = nn.Linear(width, width), nn.Linear(width, width)

    def forward(self, x):
        return linear_recurrence(torch.sigmoid(self.gate(x)), self.value(x))


def test_scan_of_two_inputs_at_a_dynamic_length():
    torch._dynamo.reset()
    metrics.reset()
    compiled = torch.compile(linear_recurrence, backend="irc", dynamic=True)
    for length in (8, 6):
        a, b = torch.rand(2, length, 4), torch.randn(2, length, 4)
        torch.testing.assert_close(compiled(a, b), linear_recurrence(a, b))
    assert metrics.graph_fallbacks == 0


def test_scan_trained_at_four_lengths():
    """Automatic dynamic shapes: the second length recompiles with a symbolic one, forward and backward."""
    check_training(GatedScan, [(2, 8, 4), (2, 6, 4), (2, 7, 4), (2, 13, 4)])
