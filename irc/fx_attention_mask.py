"""Dense attention masks for scaled_dot_product_attention on CUDA, in the Dynamo graph before aot_autograd.

PyTorch picks the SDPA kernel while tracing: a mask whose last dimension is strided (a padding or position
mask broadcast to [B, H, L, S] by `expand`, as transformers builds it under torch.compile) rules out the fused
kernels (cuDNN, memory-efficient), and the op decomposes into the math path: two f32 batched matmuls and a
softmax over [B, H, L, S], what Inductor runs for BERT and ViT. A contiguous copy of a boolean mask lets a
fused kernel run. The math path gives 0 for a query whose keys are all masked, a fused kernel does not, so
such rows are set to 0 after it (the row test and the copy are made once per mask):

    attn = torch._C._nn.scaled_dot_product_attention(q, k, v, attn_mask=mask)
->
    dense = mask.contiguous()
    live = mask.any(-1, keepdim=True)
    fused = torch._C._nn.scaled_dot_product_attention(q, k, v, attn_mask=dense)
    attn = torch.where(live, fused, 0.0)

Only for dropout-free calls (the kernels draw different random numbers).
"""

from __future__ import annotations

# scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, ...)
POSITIONS = {"attn_mask": 3, "dropout_p": 4, "is_causal": 5}


def densify_attention_masks(gm) -> int:
    """Runs every CUDA SDPA call of `gm` whose boolean mask has a strided last dimension with a contiguous
    copy of it; returns how many calls changed."""
    import torch

    made: dict = {}  # mask node -> (dense copy, rows with a key left)
    position = {node: k for k, node in enumerate(gm.graph.nodes)}
    calls = gm.graph.find_nodes(op="call_function", target=torch._C._nn.scaled_dot_product_attention)
    targets = sorted((node for node in calls if rewritable(node)), key=position.__getitem__)
    for node in targets:
        mask = argument(node, "attn_mask")
        if mask not in made:  # before the mask's first SDPA call, so never between graph inputs
            made[mask] = dense_and_live(gm.graph, mask, node)
        dense, live = made[mask]
        node.replace_input_with(mask, dense)
        zero_masked_rows(gm.graph, node, live)
    if targets:
        gm.recompile()
    return len(targets)


def rewritable(node) -> bool:
    import torch

    mask = argument(node, "attn_mask")
    if not isinstance(mask, torch.fx.Node) or argument(node, "dropout_p") not in (None, 0, 0.0):
        return False
    value = mask.meta.get("example_value")
    return (
        argument(node, "is_causal") in (None, False)
        and isinstance(value, torch.Tensor)
        and value.is_cuda
        and value.dtype == torch.bool
        and value.dim() >= 2
        and value.size(-1) > 1
        and value.stride(-1) != 1
    )


def argument(node, name: str):
    position = POSITIONS[name]
    return node.kwargs.get(name, node.args[position] if len(node.args) > position else None)


def dense_and_live(graph, mask, first_call):
    value = mask.meta["example_value"]
    with graph.inserting_before(first_call):
        dense = graph.call_method("contiguous", (mask,))
        live = graph.call_method("any", (mask, -1), {"keepdim": True})
    dense.meta["example_value"] = fake_empty(value, value.shape)
    live.meta["example_value"] = fake_empty(value, (*value.shape[:-1], 1))
    return dense, live


def zero_masked_rows(graph, node, live) -> None:
    import torch

    with graph.inserting_after(node):
        kept = graph.call_function(torch.where, (live, node, 0.0))
    kept.meta["example_value"] = node.meta.get("example_value")
    node.replace_all_uses_with(kept, delete_user_cb=lambda user: user is not kept)


def fake_empty(like, shape):
    """An example value of `shape`, made in the fake mode `like` was traced in."""
    import contextlib

    import torch

    mode = getattr(like, "fake_mode", None)
    with mode if mode is not None else contextlib.nullcontext():
        return torch.empty(shape, dtype=like.dtype, device=like.device)
