"""densify_attention_masks: a CUDA SDPA mask with a strided last dimension gets a contiguous copy (fake CUDA
tensors: no GPU needed)."""

import operator

import torch
from torch._subclasses.fake_tensor import FakeTensorMode

from irc.fx_attention_mask import densify_attention_masks

SDPA = torch._C._nn.scaled_dot_product_attention


def sdpa_graph(mask_value, as_keyword: bool = True) -> torch.fx.GraphModule:
    graph = torch.fx.Graph()
    mode = FakeTensorMode()
    with mode:
        q = torch.empty(2, 3, 8, 16, device=mask_value.device)
    nodes = []
    for name, value in (("q", q), ("k", q), ("v", q), ("mask", mask_value)):
        node = graph.placeholder(name)
        node.meta["example_value"] = value
        nodes.append(node)
    args, kwargs = (nodes, {}) if not as_keyword else (nodes[:3], {"attn_mask": nodes[3]})
    out = graph.call_function(SDPA, tuple(args), kwargs)
    graph.output(graph.call_function(operator.mul, (out, 2.0)))
    return torch.fx.GraphModule(torch.nn.Module(), graph)


def fake_mask(device: str, size, expand):
    with FakeTensorMode():
        return torch.empty(size, dtype=torch.bool, device=device).expand(expand)


def sdpa_mask(gm) -> torch.fx.Node:
    (node,) = gm.graph.find_nodes(op="call_function", target=SDPA)
    return node.kwargs.get("attn_mask", node.args[3] if len(node.args) > 3 else None)


def test_a_strided_cuda_mask_gets_a_contiguous_copy():
    for as_keyword in (True, False):
        gm = sdpa_graph(fake_mask("cuda", (1, 1, 8, 1), (2, 1, 8, 8)), as_keyword)
        assert densify_attention_masks(gm) == 1
        gm.graph.lint()
        dense = sdpa_mask(gm)
        assert (dense.op, dense.target, dense.args[0].name) == ("call_method", "contiguous", "mask")
        assert dense.meta["example_value"].stride() == (64, 64, 8, 1)
        (attention,) = gm.graph.find_nodes(op="call_function", target=SDPA)
        (kept,) = attention.users
        live, _, zero = kept.args
        assert (kept.target, zero) == (torch.where, 0.0)
        assert (live.target, live.args, live.kwargs) == ("any", (dense.args[0], -1), {"keepdim": True})
        assert [user.target for user in kept.users] == [operator.mul]


def test_one_copy_of_a_mask_serves_every_layer():
    graph = torch.fx.Graph()
    with FakeTensorMode():
        q = torch.empty(2, 3, 8, 16, device="cuda")
    mask = graph.placeholder("mask")  # before the other graph input: the copy comes after both
    mask.meta["example_value"] = fake_mask("cuda", (1, 1, 8, 1), (2, 1, 8, 8))
    x = graph.placeholder("x")
    x.meta["example_value"] = q
    for _ in range(3):
        x = graph.call_function(SDPA, (x, x, x), {"attn_mask": mask})
        x.meta["example_value"] = q
    graph.output(x)
    gm = torch.fx.GraphModule(torch.nn.Module(), graph)
    assert densify_attention_masks(gm) == 3
    gm.graph.lint()
    assert [n.op for n in gm.graph.nodes][:3] == ["placeholder", "placeholder", "call_method"]
    assert [n.target for n in gm.graph.nodes if n.op == "call_method"] == ["contiguous", "any"]
    assert len(gm.graph.find_nodes(op="call_function", target=torch.where)) == 3


def test_masks_the_fused_kernels_take_stay():
    masks = [fake_mask("cuda", (2, 1, 1, 8), (2, 1, 8, 8)), fake_mask("cpu", (1, 1, 8, 1), (2, 1, 8, 8)),
             fake_mask("cuda", (2, 1, 8, 1), (2, 1, 8, 1))]  # fmt: skip
    with FakeTensorMode():
        masks.append(torch.empty(1, 1, 8, 1, device="cuda").expand(2, 1, 8, 8))  # additive masks stay
    for mask in masks:
        gm = sdpa_graph(mask)
        assert densify_attention_masks(gm) == 0
        assert sdpa_mask(gm).name == "mask"


def test_dropout_is_left_alone():
    gm = sdpa_graph(fake_mask("cuda", (1, 1, 8, 1), (2, 1, 8, 8)))
    (attention,) = gm.graph.find_nodes(op="call_function", target=SDPA)
    attention.kwargs = {**attention.kwargs, "dropout_p": 0.1}
    assert densify_attention_masks(gm) == 0


def test_a_call_without_mask_is_left_alone():
    graph = torch.fx.Graph()
    q = graph.placeholder("q")
    graph.output(graph.call_function(SDPA, (q, q, q), {"is_causal": True}))
    gm = torch.fx.GraphModule(torch.nn.Module(), graph)
    assert densify_attention_masks(gm) == 0


def test_the_rewritten_graph_computes_what_the_call_did():
    """Run on CPU tensors (the mask's example value says CUDA): the copy, the row test and the zeroing give
    what the call gave, zeros for fully masked rows included."""
    import torch.nn.functional as F

    def attend(q, k, v, keep):
        return F.scaled_dot_product_attention(q, k, v, attn_mask=keep) * 2

    gm = torch.fx.symbolic_trace(attend)
    mask = next(n for n in gm.graph.nodes if n.name == "keep")
    mask.meta["example_value"] = fake_mask("cuda", (1, 1, 8, 1), (2, 1, 8, 8))
    assert densify_attention_masks(gm) == 1
    q, k, v = (torch.randn(2, 3, 8, 16) for _ in range(3))
    keep = torch.rand(1, 1, 8, 1) > 0.5
    keep[0, 0, :2] = torch.tensor([[False], [True]])
    keep = keep.expand(2, 1, 8, 8)
    want = attend(q, k, v, keep)
    got = gm(q, k, v, keep)
    torch.testing.assert_close(got, want)
    assert bool((got[:, :, 0] == 0).all())
