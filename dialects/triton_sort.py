"""The Triton source of the sort rows of triton.scan (`_sort_rows`): a bitonic sorting network over the last
axis of a block whose length is a power of two (RBLOCK), carrying each element's position.

Values compare as torch.sort orders them: NaN above everything, equal values (and NaNs) in position order, so
the sort is stable; lanes at or past `rnumel` (a padded row's tail) sort after every real element. Each round
pairs elements 2**k apart through a reshape to [.., 2, 2**k], reading both members of a pair by a masked sum
over the middle axis of the values' bits (exact: one of the two terms is zero), and swaps them by xor where
the pair is out of order (in the direction `flip` gives it in the merging stages).
"""

SORT_HELPER = '''@triton.jit
def _sort_round(x, idx, rnumel, flip, k: tl.constexpr, n: tl.constexpr, descending: tl.constexpr):
    shape: tl.constexpr = [(x.numel >> n) * 2**k, 2, 2 ** (n - k - 1)]
    bits: tl.constexpr = tl.core.get_int_dtype(bitwidth=x.dtype.primitive_bitwidth, signed=True)
    ix = x.to(bits, bitcast=True)
    second = tl.arange(0, 2)[None, :, None]
    first = 1 - second
    pairs = tl.reshape(ix, shape)
    ileft = tl.reshape(tl.broadcast_to(tl.sum(pairs * first.to(bits), 1).to(bits)[:, None, :], shape), x.shape)
    iright = tl.reshape(tl.broadcast_to(tl.sum(pairs * second.to(bits), 1).to(bits)[:, None, :], shape), x.shape)
    places = tl.reshape(idx, shape)
    lidx = tl.reshape(tl.broadcast_to(tl.sum(places * first, 1)[:, None, :], shape), x.shape)
    ridx = tl.reshape(tl.broadcast_to(tl.sum(places * second, 1)[:, None, :], shape), x.shape)
    left = ileft.to(x.dtype, bitcast=True)
    right = iright.to(x.dtype, bitcast=True)
    lnan = left != left
    rnan = right != right
    if descending:
        swap = (left < right) | (rnan & ~lnan)
    else:
        swap = (left > right) | (lnan & ~rnan)
    swap = swap | (((left == right) | (lnan & rnan)) & (lidx > ridx))
    lvalid = lidx < rnumel
    rvalid = ridx < rnumel
    swap = ((rvalid & ~lvalid) | ((rvalid == lvalid) & swap)) ^ flip
    values = (ix ^ tl.where(swap, ileft ^ iright, tl.zeros_like(ix))).to(x.dtype, bitcast=True)
    return values, idx ^ tl.where(swap, lidx ^ ridx, tl.zeros_like(idx))


@triton.jit
def _sort_rows(x, rnumel, descending: tl.constexpr):
    idx = tl.broadcast_to(tl.arange(0, x.shape[1])[None, :], x.shape)
    n: tl.constexpr = tl.standard._log2(x.shape[1])
    for stage in tl.static_range(1, n + 1):
        if stage < n:
            halves = tl.broadcast_to(tl.arange(0, 2)[None, :, None], [x.numel >> (stage + 1), 2, 2**stage])
            flip = tl.reshape(halves, x.shape) != 0  # no constexpr assigned in the loop: triton 3.6 refuses
        else:
            flip = tl.zeros(x.shape, tl.int1)
        for k in tl.static_range(stage):
            x, idx = _sort_round(x, idx, rnumel, flip, k + n - stage, n, descending)
    return x, idx.to(tl.int64)
'''
