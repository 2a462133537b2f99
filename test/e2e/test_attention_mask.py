"""SDPA with a mask broadcast along its last dimension (transformers' masks under torch.compile) runs a fused
attention kernel on CUDA, not the f32 math decomposition (irc/fx_attention_mask.py)."""

import pytest
import torch
import torch.nn.functional as F

from harness import check, rand
from irc import metrics

pytestmark = pytest.mark.gpu

FUSED = ("aten::_scaled_dot_product_efficient_attention", "aten::_scaled_dot_product_cudnn_attention",
         "aten::_scaled_dot_product_flash_attention")  # fmt: skip


def ran_fused_attention() -> bool:
    names = list(metrics.fallbacks)
    return any(n.startswith(FUSED) for n in names) and not any("bmm" in n for n in names)


def attention_inputs(batch, heads, length, dim, dtype):
    shape = (batch, heads, length, dim)
    return tuple(rand(*shape, dtype=dtype, device="cuda", low=-1, high=1) for _ in range(3))


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
@pytest.mark.parametrize("length", [128, 197])
def test_a_per_query_mask_runs_fused_attention(dtype, length):
    q, k, v = attention_inputs(3, 4, length, 64, dtype)
    keep = rand(1, 1, length, 1, dtype=torch.bool, device="cuda")
    keep[0, 0, 0, 0] = False  # a fully masked row

    def attend(q, k, v, keep):
        return F.scaled_dot_product_attention(q, k, v, attn_mask=keep.expand(3, 1, length, length)) * 2

    check(attend, q, k, v, keep)
    assert ran_fused_attention(), dict(metrics.fallbacks)


def test_a_mask_built_in_the_graph_runs_fused_attention():
    q, k, v = attention_inputs(2, 12, 256, 64, torch.bfloat16)

    def attend(q, k, v):
        rows = torch.arange(q.shape[2], device=q.device)
        keep = (rows[None, None, :, None] >= 0).expand(q.shape[0], 1, q.shape[2], k.shape[2])
        return F.scaled_dot_product_attention(q, k, v, attn_mask=keep)

    check(attend, q, k, v)
    assert ran_fused_attention(), dict(metrics.fallbacks)
