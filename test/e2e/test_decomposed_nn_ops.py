"""Ops ATen computes in kernels of their own that irc lowers through its decompositions (irc/decompositions.py,
decompositions_nn.py, decompositions_segment.py): cdist, pdist, bilinear, multilabel_margin_loss, the chunked
linear cross-entropy, segment_reduce, embedding_bag and nonzero_static; against eager with odd sizes,
non-contiguous inputs, NaN, empty segments and bags, and nothing run eagerly (but the chunked cross-entropy's
matmul)."""

import pytest
import torch
import torch.nn.functional as F

from harness import assert_same, check, rand


@pytest.mark.parametrize("p", [0.0, 1.0, 2.0, 3.5, float("inf")])
def test_cdist(p, device):
    x1, x2 = rand(3, 7, 5, device=device).round(), rand(3, 5, 6, device=device).mT  # ties: p = 0 counts them
    check(lambda a, b: torch.cdist(a, b, p), x1, x2, fallbacks={})
    broadcast = rand(2, 1, 4, 3, device=device), rand(5, 3, device=device)
    check(lambda a, b: torch.cdist(a, b, p, compute_mode="donot_use_mm_for_euclid_dist"), *broadcast, fallbacks={})


@pytest.mark.parametrize("mode", ["use_mm_for_euclid_dist", "use_mm_for_euclid_dist_if_necessary"])
def test_cdist_matmul_form(mode, device):
    """p = 2 through ATen's matmul form (_euclidean_dist): more than 25 rows, or asked for."""
    x1, x2 = rand(29, 6, device=device), rand(9, 6, device=device)
    check(lambda a, b: torch.cdist(a, b, compute_mode=mode), x1, x2, fallbacks={})
    check(lambda a, b: torch.cdist(a, b, compute_mode=mode), x1[:0], x2, fallbacks={})


@pytest.mark.parametrize("p", [0.0, 1.0, 2.0, 2.5, float("inf")])
def test_pdist(p, device):
    x = rand(9, 7, device=device).round()[::2, 1:]
    check(lambda x: F.pdist(x, p), x, fallbacks={})
    check(lambda x: F.pdist(x[:1], p), x, fallbacks={})


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16, torch.int64])
def test_bilinear(dtype, device):
    if device == "cuda" and dtype == torch.int64:
        pytest.skip("eager has no integer baddbmm on CUDA")
    x1, x2 = rand(2, 5, 7, dtype=dtype, device=device), rand(2, 9, 5, dtype=dtype, device=device).mT
    weight, bias = rand(3, 7, 9, dtype=dtype, device=device), rand(3, dtype=dtype, device=device)
    check(lambda a, b, w, c: F.bilinear(a, b, w, c), x1, x2, weight, bias, fallbacks={})
    check(lambda a, b, w: F.bilinear(a[0, 1], b[1, 2], w), x1, x2, weight, fallbacks={})


@pytest.mark.parametrize("reduction", ["none", "mean", "sum"])
def test_multilabel_margin_loss(reduction, device):
    x = rand(7, 7, device=device)
    target = torch.randint(0, 7, (7, 7), device=device)
    target[0, 3], target[1, 0], target[2, 6], target[4, 2] = -1, -1, -1, -1  # a list ends at its first -1
    target[3] = target[3, 0]  # the same label repeated: counted once per repeat, as ATen
    check(lambda x, t: F.multilabel_margin_loss(x, t, reduction=reduction), x, target, fallbacks={})
    check(lambda x, t: F.multilabel_margin_loss(x[2], t[2], reduction=reduction), x.mT, target.mT, fallbacks={})


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
@pytest.mark.skipif(not hasattr(torch.nn, "LinearCrossEntropyOptions"), reason="torch has no chunked linear cross-entropy")
def test_linear_cross_entropy_chunked(reduction, dtype, device):
    x, weight = rand(11, 6, dtype=dtype, device=device), rand(13, 6, dtype=dtype, device=device)
    bias, class_weight = rand(13, dtype=dtype, device=device), rand(13, device=device, low=0.1).to(dtype)
    target = torch.randint(0, 13, (11,), device=device)
    target[4] = 7
    # allow_retain_graph: without it the op warns, which breaks the graph
    options = torch.nn.LinearCrossEntropyOptions(batch_chunk_size=3, allow_retain_graph=True)

    def fn(x, w, b, t, cw):
        return F.linear_cross_entropy(x, w, t, linear_bias=b, weight=cw, reduction=reduction, ignore_index=7,
                                      options=options)

    check(fn, x, weight, bias, target, class_weight, fallbacks={"aten::mm.default": 1})
    def unbatched(x, w, t):
        return F.linear_cross_entropy(x[3], w, t[3], reduction=reduction, options=options)

    check(unbatched, x, weight, target, fallbacks={"aten::mm.default": 1})


def _lengths(dtype, device):
    """Segments of 13 positions in rows of 4, with empty ones."""
    rows = [[3, 0, 6, 4], [0, 0, 13, 0], [1, 2, 3, 7]]
    return torch.tensor(rows, dtype=dtype, device=device)


@pytest.mark.parametrize("reduce", ["sum", "mean", "prod", "max", "min"])
@pytest.mark.parametrize("initial", [None, 1.5])
@pytest.mark.parametrize("bounds", ["lengths", "offsets"])
def test_segment_reduce(reduce, initial, bounds, device):
    data = rand(3, 13, 5, device=device, low=0.5, high=1.5).mT.contiguous().mT
    data[0, 4, 2] = float("nan")
    index_dtype = torch.int32 if initial is None else torch.int64
    lengths = _lengths(index_dtype, device)
    offsets = torch.cat([lengths.new_zeros(3, 1), lengths.cumsum(1).to(index_dtype)], 1)
    segments = {bounds: lengths if bounds == "lengths" else offsets}
    check(lambda d: torch.segment_reduce(d, reduce, **segments, axis=1, initial=initial), data, fallbacks={})
    flat = {bounds: segments[bounds][2]}
    check(lambda d: torch.segment_reduce(d[2, :, 3], reduce, **flat, initial=initial), data, fallbacks={})


def _bag_inputs(device, dtype=torch.float32, index_dtype=torch.int64):
    weight = rand(10, 7, dtype=dtype, device=device)
    weight[4, 2] = float("nan")  # max: NaN where row 4 comes first in its bag, else ignored
    indices = torch.tensor([4, 1, 1, 9, 0, 4, 3, 8, 4, 2, 6], dtype=index_dtype, device=device)
    return weight, indices


@pytest.mark.parametrize("mode", ["sum", "mean", "max"])
@pytest.mark.parametrize("padding_idx", [None, 1, 4])
def test_embedding_bag(mode, padding_idx, device):
    weight, indices = _bag_inputs(device, index_dtype=torch.int32 if padding_idx == 1 else torch.int64)
    offsets = torch.tensor([0, 3, 3, 6, 11], dtype=indices.dtype, device=device)  # an empty bag, one at the end
    check(lambda w, i, o: F.embedding_bag(i, w, o, mode=mode, padding_idx=padding_idx), weight, indices, offsets,
          fallbacks={})
    check(lambda w, i, o: F.embedding_bag(i, w, o, mode=mode, padding_idx=padding_idx, include_last_offset=True),
          weight, indices, offsets, fallbacks={})
    two_d = indices[:10].reshape(5, 2).mT  # bags of 5, non-contiguous
    check(lambda w, i: F.embedding_bag(i, w, mode=mode, padding_idx=padding_idx), weight.mT.contiguous().mT, two_d,
          fallbacks={})


def test_embedding_bag_weights_and_max_norm(device):
    weight, indices = _bag_inputs(device, dtype=torch.bfloat16)
    offsets = torch.tensor([0, 5, 5, 8], device=device)
    per_sample = rand(11, device=device, dtype=torch.bfloat16)
    check(lambda w, i, o, p: F.embedding_bag(i, w, o, mode="sum", per_sample_weights=p), weight, indices, offsets,
          per_sample, fallbacks={})
    norm_type = 1.5 if device == "cpu" else 2.0  # ATen's CUDA renorm raises x, not |x|, to the power: NaN
    for mode in ("sum", "mean", "max"):
        check(lambda w, i, o: F.embedding_bag(i, w.clone(), o, mode=mode, max_norm=2.0, norm_type=norm_type),
              weight.float(), indices, offsets, fallbacks={})


@pytest.mark.parametrize("size", [0, 4, 40])
def test_nonzero_static(size, device):
    x = rand(3, 7, 5, device=device).round().mT  # zeros among them, non-contiguous
    x[1, 2, 3] = float("nan")  # nonzero
    check(lambda x: torch.nonzero_static(x, size=size, fill_value=-3), x, fallbacks={})
    check(lambda x: torch.nonzero_static(x[0] > 0, size=size), x, fallbacks={})


TRAINED = {
    "cdist": lambda a, b: torch.cdist(a, b[:, :5]),
    "bilinear": lambda a, b: F.bilinear(a, a, b.reshape(7, 5, 1).expand(7, 5, 5)),
    "multilabel_margin_loss": lambda a, b: F.multilabel_margin_loss(a, torch.tensor([[1, 4, -1, 0, 2]] * 3)),
    "segment_reduce": lambda a, b: torch.segment_reduce(a.reshape(-1), "max", lengths=torch.tensor([4, 0, 11])),
}


@pytest.mark.parametrize("name", TRAINED)
def test_gradients_through_decompositions(name):
    """ATen's backward formulas read the decomposed forward's results (multilabel_margin_loss: is_target)."""
    a, b = rand(3, 5), rand(7, 5)
    a[1, 2] = a[1, 3]  # a tie for max
    fn = TRAINED[name]
    grads = []
    for run in (fn, torch.compile(fn, backend="irc")):
        x, y = a.clone().requires_grad_(), b.clone().requires_grad_()
        torch.autograd.backward(run(x, y).sum())
        grads.append([x.grad, y.grad])
    assert_same(grads[1][0], grads[0][0])
    assert (grads[1][1] is None) == (grads[0][1] is None)
    if grads[0][1] is not None:
        assert_same(grads[1][1], grads[0][1])
