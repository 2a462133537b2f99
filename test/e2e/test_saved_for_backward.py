"""What a training forward saves for its backward: the partitioner's choices on irc's joint graph.

No-op nodes leave the joint graph before it is partitioned (irc/fx_noops.py), a pooling backward reads its
input for its layout alone (irc/decompositions_nn.py shape_only_input) and a cat drops its empty inputs
(irc/decompositions.py): none makes the forward save a second buffer where one serves. The backward computes
a late-read product where it is read (irc/fx_sink.py).
"""

import pytest
import torch
import torch.nn.functional as F
from torch import nn

import torch._functorch.partitioners as partitioners
from harness import assert_same


@pytest.fixture
def saved(monkeypatch):
    """The fake values of what each compiled forward saves for its backward, one list per graph."""
    found = []
    partition = partitioners.min_cut_rematerialization_partition

    def recording(joint, inputs, **kwargs):
        forward, backward = partition(joint, inputs, **kwargs)
        output = next(iter(forward.graph.find_nodes(op="output")))
        kept = output.args[0][kwargs["num_fwd_outputs"]:]
        found.append([(node.target, node.meta.get("val")) for node in kept])
        return forward, backward

    monkeypatch.setattr(partitioners, "min_cut_rematerialization_partition", recording)
    return found


def step_gradients(model, x):
    """Gradients of eager's and irc's step (sum of the outputs), parameters then the input."""
    results = []
    for fn in (model, torch.compile(model, backend="irc")):
        model.zero_grad(set_to_none=True)
        x.grad = None
        fn(x).sum().backward()
        results.append([p.grad for p in model.parameters()] + [x.grad])
    return results


class StemAndPool(nn.Module):
    """A ResNet stem: convolution, batch norm in training mode, ReLU, max pooling; then a global average."""

    def __init__(self):
        super().__init__()
        self.conv, self.norm = nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8)

    def forward(self, x):
        y = F.max_pool2d(F.relu(self.norm(self.conv(x))), 3, 2, 1)
        return F.adaptive_avg_pool2d(y, 1).flatten(1)


@pytest.mark.parametrize("channels_last", [False, True])
def test_pooled_activation_is_recomputed_not_saved(saved, channels_last):
    """The ReLU's output feeds the max pooling's backward only through its layout: the forward saves the
    convolution's output (the batch norm's backward reads it) and recomputes the ReLU from it, not both."""
    torch.manual_seed(0)
    model = StemAndPool()
    x = torch.randn(3, 3, 15, 13, requires_grad=True)
    if channels_last:
        model = model.to(memory_format=torch.channels_last)
        x = x.detach().to(memory_format=torch.channels_last).requires_grad_()
    want, got = step_gradients(model, x)
    full_size = [v for _, v in saved[0] if isinstance(v, torch.Tensor) and tuple(v.shape) == (3, 8, 15, 13)]
    assert len(full_size) == 1, [(t, tuple(v.shape)) for t, v in saved[0]]
    for g, e in zip(got, want):
        assert_same(g, e)


class Attention(nn.Module):
    def __init__(self, dim=32, heads=2):
        super().__init__()
        self.qkv, self.out, self.heads = nn.Linear(dim, 3 * dim), nn.Linear(dim, dim), heads

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        y = F.scaled_dot_product_attention(q, k, v)
        return self.out(y.transpose(1, 2).reshape(b, t, d))


def test_attention_output_saved_once(saved):
    """The attention backward reads its output through an alias the joint graph carries; with the alias gone
    the forward saves the output once and recomputes the output projection's input from it."""
    torch.manual_seed(0)
    model, x = Attention(), torch.randn(3, 7, 32, requires_grad=True)
    want, got = step_gradients(model, x)
    assert not any(target is torch.ops.aten.alias.default for target, _ in saved[0]), saved[0]
    big = [v for _, v in saved[0] if isinstance(v, torch.Tensor) and v.numel() == 3 * 7 * 32]
    assert len(big) == 5, [tuple(v.shape) for v in big]  # x, q, k, v and the attention's output
    for g, e in zip(got, want):
        assert_same(g, e)


def traced(fn, *inputs):
    from torch.fx.experimental.proxy_tensor import make_fx

    return make_fx(fn, tracing_mode="fake")(*inputs)


def targets(gm) -> list:
    return [node.target for node in gm.graph.nodes if node.op == "call_function"]


def test_noop_nodes_removed_where_layout_and_aliasing_allow():
    """alias, same-layout clone and same-shape view go; a clone to channels_last changes the strides and
    stays; a clone returned beside the input it copies stays (the output would alias the input)."""
    from irc.fx_noops import remove_noop_nodes

    aten = torch.ops.aten

    def fn(x):
        a = aten.alias.default(x).sin() + aten.clone.default(x).cos() + aten.view.default(x, list(x.shape))
        return a, aten.clone.default(x, memory_format=torch.channels_last).exp(), aten.clone.default(x)

    gm = traced(fn, torch.randn(2, 3, 4, 5))
    assert remove_noop_nodes(gm.graph) == 3
    gm.recompile()
    assert targets(gm).count(aten.clone.default) == 2 and aten.alias.default not in targets(gm)
    x = torch.randn(2, 3, 4, 5)
    for g, e in zip(gm(x), fn(x)):
        assert_same(g, e)
        assert g.stride() == e.stride()


class TiedLM(nn.Module):
    """An embedding whose weight is also the output head's (GPT-2, OPT, T5): its gradient is the sum of the
    head's weight gradient and the embedding's."""

    def __init__(self, vocab=300, width=8):
        super().__init__()
        self.embed, self.mix = nn.Embedding(vocab, width, padding_idx=1), nn.Linear(width, width)

    def forward(self, ids):
        h = torch.tanh(self.mix(self.embed(ids)))
        return h @ self.embed.weight.t()


@pytest.mark.parametrize("autocast", [False, True])
def test_head_weight_gradient_computed_where_it_is_added(monkeypatch, autocast):
    """The head's weight gradient [vocab, width] is read only where the embedding's gradient is added to it:
    the backward computes it there, not first (it would be alive through every layer's backward); under
    autocast its conversion to the parameter's float32 moves with it."""
    import irc.fx_sink

    orders = []
    sink = irc.fx_sink.sink_products

    def recording(graph):
        moved = sink(graph)
        orders.append([str(node.target) for node in graph.nodes if node.op == "call_function"])
        return moved

    monkeypatch.setattr(irc.fx_sink, "sink_products", recording)
    torch.manual_seed(0)
    model, ids = TiedLM(), torch.randint(0, 300, (3, 11))
    grads = []
    for fn in (model, torch.compile(model, backend="irc")):
        model.zero_grad(set_to_none=True)
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=autocast):
            loss = fn(ids).float().square().mean()
        loss.backward()
        grads.append([p.grad for p in model.parameters()])
    (order,) = orders
    products = [k for k, target in enumerate(order) if target == "aten.mm.default"]
    embedding = order.index("aten.embedding_dense_backward.default") if (
        "aten.embedding_dense_backward.default" in order) else max(
        k for k, target in enumerate(order) if "index_put" in target or "scatter" in target)
    assert products[-1] > embedding, order
    for g, e in zip(*grads[::-1]):
        if autocast:  # bfloat16 products in another order than eager's
            torch.testing.assert_close(g, e, rtol=2e-2, atol=2e-2 * e.abs().max().item())
        else:
            assert_same(g, e)


def test_concatenation_with_an_empty_cache_saves_no_copy(saved):
    """A KV cache's first step concatenates an empty past with the new keys: the concatenation is the keys
    themselves, so the forward saves the projection's view, not a copy made by a cat."""
    torch.manual_seed(0)
    proj = nn.Linear(16, 16)
    past = torch.zeros(2, 2, 0, 8)

    def keys(x):
        k = proj(x).view(2, 5, 2, 8).transpose(1, 2)
        k = torch.cat([past, k], dim=-2)
        return (k @ k.transpose(-1, -2)).softmax(-1)

    x = torch.randn(2, 5, 16, requires_grad=True)
    results = []
    for fn in (keys, torch.compile(keys, backend="irc")):
        proj.zero_grad(set_to_none=True)
        x.grad = None
        fn(x).square().sum().backward()
        results.append([proj.weight.grad, proj.bias.grad, x.grad])
    assert not any(target is torch.ops.aten.cat.default for target, _ in saved[0]), saved[0]
    for g, e in zip(results[1], results[0]):
        assert_same(g, e)
