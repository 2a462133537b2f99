"""Bad user input raises as eager does: indices out of range (gather, embedding, x[idx], scatters, index_put)
stop the compiled kernel through its device-side check (an IndexError on CPU), valid ones (negative indices
where eager wraps them) keep working, and IRC_ASSERT_INDIRECT_INDEXING=0 drops the checks."""

import pytest
import torch
import torch.nn.functional as F

from harness import rand
from irc import config, metrics


def compiled(fn):
    torch._dynamo.reset()
    metrics.reset()  # what the worker's earlier tests counted is not this compile's
    return torch.compile(fn, backend="irc")


def raises_like_eager(fn, *args):
    """Eager raises on these arguments; so does the compiled function (and it did compile: no fallback)."""
    with pytest.raises((IndexError, RuntimeError)):
        fn(*args)
    # under IRC_CHECK_PASSES the aten level's interpreter (eager ATen) raises first, with eager's message
    with pytest.raises((IndexError, RuntimeError), match="index out of range|out of bounds"):
        compiled(fn)(*args)
    assert metrics.graphs_compiled > 0 and not metrics.fallbacks


OUT_OF_RANGE = {
    "index_past_end": (lambda x, i: x[i] * 2, (10,), [0, 3, 10]),
    "index_before_start": (lambda x, i: x[i] + 1, (10,), [0, -11]),
    "gather_past_end": (lambda x, i: torch.gather(x, 1, i) * 2, (3, 4), [[4], [0], [1]]),
    "gather_negative": (lambda x, i: torch.gather(x, 1, i) * 2, (3, 4), [[-1], [0], [1]]),
    "embedding_vocabulary_size": (lambda w, i: F.embedding(i, w) * 2, (5, 3), [1, 5]),
    "scatter_add_past_end": (lambda x, i: x.scatter_add(1, i, torch.ones_like(i, dtype=x.dtype)), (3, 4),
                             [[4], [0], [1]]),
    "index_put_past_end": (lambda x, i: x.index_put((i,), torch.ones(x.shape[1])) + 1, (3, 4), [3]),
    "scatter_add_rows_past_end": (lambda x, i: x.scatter_add(0, i, torch.ones_like(i, dtype=x.dtype)), (3, 4),
                                  [[0, 1, 3, 2], [1, 1, 1, 1]]),
    "index_put_accumulate": (lambda x, i: x.index_put((i,), torch.ones(x.shape[1]), accumulate=True), (3, 4),
                             [0, -4]),
    # one index per row (scatter.py: a compare with each position, its index checked by loop.in_range);
    # eager's scatters wrap no negative index
    "scatter_value_past_end": (lambda x, i: x.scatter(1, i, -1.0) * 2, (3, 5), [[1], [5], [0]]),
    "scatter_value_negative": (lambda x, i: x.scatter(0, i, 2.0) + 1, (4, 3), [[0, -1, 2]]),
    "scatter_src_past_end": (lambda x, i: x.scatter(1, i, x[:, :1] * 3), (3, 4), [[0], [1], [7]]),
    "scatter_reduce_negative": (lambda x, i: x.scatter_reduce(1, i, x[:, 2:3], "amax"), (3, 4),
                                [[2], [-1], [0]]),
}


@pytest.mark.parametrize("name", list(OUT_OF_RANGE))
def test_out_of_range_index_raises(name):
    fn, shape, index = OUT_OF_RANGE[name]
    raises_like_eager(fn, rand(*shape), torch.tensor(index))


def test_valid_indices_still_work():
    x, w = rand(10), rand(5, 3)
    for fn, args in [
        (lambda x, i: x[i] * 2, (x, torch.tensor([0, -1, -10, 9]))),
        (lambda w, i: F.embedding(i, w) + 1, (w, torch.tensor([[0, 4], [2, 2]]))),
        (lambda x, i: torch.gather(x, 0, i) * 3, (x, torch.tensor([9, 0, 3]))),
    ]:
        torch.testing.assert_close(compiled(fn)(*args), fn(*args))


@pytest.mark.unchecked  # the aten level's interpreter (eager ATen) raises on the indices out of range
def test_checks_can_be_switched_off(monkeypatch):
    monkeypatch.setattr(config, "assert_indirect_indexing", False)
    x = rand(10)
    out = compiled(lambda x, i: x[i] * 2)(x, torch.tensor([0, 3, 12]))
    torch.testing.assert_close(out, torch.tensor([x[0] * 2, x[3] * 2, 0.0]))
    y = rand(3, 5)  # a one-per-row scatter's index out of range matches no position
    out = compiled(lambda y, i: y.scatter(1, i, -1.0) * 2)(y, torch.tensor([[1], [5], [-1]]))
    expected = y.clone()
    expected[0, 1] = -1.0
    torch.testing.assert_close(out, expected * 2)


def test_index_select_out_of_range_raises():
    fn = lambda x, i: torch.index_select(x, 0, i) * 2  # noqa: E731
    x = rand(4, 3)
    with pytest.raises((IndexError, RuntimeError)):
        compiled(fn)(x, torch.tensor([4]))


DIVISIONS = {
    "floor": lambda a, b: torch.div(a, b, rounding_mode="floor") + 1,
    "trunc": lambda a, b: torch.div(a, b, rounding_mode="trunc") * 2,
    "floor_divide": lambda a, b: a // b - 1,
    "remainder": lambda a, b: a % b + 1,
    "fmod": lambda a, b: torch.fmod(a, b) * 3,
}


@pytest.mark.parametrize("name", sorted(DIVISIONS))
def test_integer_division_by_zero_raises_on_cpu(name):
    fn = DIVISIONS[name]
    a, b = torch.randint(-50, 50, (7, 13)), torch.randint(1, 9, (7, 13))
    torch.testing.assert_close(compiled(fn)(a, b), fn(a, b))  # nonzero divisors: values as eager's
    b[3, 5] = 0
    with pytest.raises(RuntimeError, match="ZeroDivisionError"):
        fn(a, b)
    with pytest.raises(RuntimeError, match="ZeroDivisionError"):
        compiled(fn)(a, b)


def test_integer_division_by_a_zero_scalar_raises():
    fn = lambda a: (a + 1) // 0  # noqa: E731
    a = torch.randint(-50, 50, (5, 3))
    with pytest.raises(RuntimeError, match="ZeroDivisionError"):
        fn(a)
    with pytest.raises(RuntimeError, match="ZeroDivisionError"):
        compiled(fn)(a)


def test_division_checks_only_where_eager_raises():
    """CUDA's kernels do not raise for an integer division by zero (they give a value): no check there; and a
    nonzero constant divisor needs none."""
    from irc.pipeline_spec import configured_pipeline

    assert "check_division=false" in configured_pipeline(cuda=True)
    assert "check_division" not in configured_pipeline(cuda=False)
    fn = lambda a: a // 3 + a % 7  # noqa: E731
    a = torch.randint(-50, 50, (6, 5))
    metrics.reset()
    torch.testing.assert_close(compiled(fn)(a), fn(a))
    assert not any("device_assert" in open(p).read() for p in metrics.generated_modules)
