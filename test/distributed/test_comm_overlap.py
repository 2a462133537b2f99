"""The overlap of collectives with independent kernels, read off irc's IR: one process, a fake process group
(torch's "fake" backend: collectives that move nothing), so no second process and no communication."""

import glob
import re

import pytest
import torch
import torch.distributed as dist

from irc import config


@pytest.fixture
def fake_group():
    from torch.testing._internal.distributed.fake_pg import FakeStore

    dist.init_process_group("fake", store=FakeStore(), rank=0, world_size=2)
    yield dist.group.WORLD
    dist.destroy_process_group()


def host_ops(debug_dir, pass_name: str) -> list[str]:
    """The host program's lines after `pass_name`, as written by IRC_DEBUG."""
    (path,) = glob.glob(f"{debug_dir}/*/*-{pass_name}.mlir")
    text = open(path).read()
    host = text[text.index("func.func @forward") :]
    return [line.strip() for line in host.splitlines()[1:]]


def first(lines: list[str], pattern: str) -> int:
    return next(i for i, line in enumerate(lines) if re.search(pattern, line))


def test_wait_comes_after_the_independent_kernels(fake_group, tmp_path):
    import torch.distributed._functional_collectives as funcol

    def f(x, a, b, c):
        reduced = funcol.all_reduce(x @ a, "sum", fake_group)
        independent = (b @ c).relu()
        return reduced * 2, independent

    inputs = [torch.randn(7, 7) for _ in range(4)]
    torch._dynamo.reset()
    with config.patch(debug=True, debug_dir=str(tmp_path)):
        got = torch.compile(f, backend="irc")(*inputs)
    for g, w in zip(got, f(*inputs)):
        torch.testing.assert_close(g, w)

    lines = host_ops(tmp_path, "kernel-overlap-comm")
    start = first(lines, r"_c10d_functional::all_reduce\.default")
    second_mm = first(lines, r'aten::mm\.default"\(%2, %3\)')
    relu = first(lines, r"kernel\.launch @(?!.*wait)")
    wait = first(lines, r"_c10d_functional::wait_tensor\.default")
    assert start < second_mm < wait and relu < wait, lines

    planned = host_ops(tmp_path, "kernel-plan-memory")
    operand = re.search(r"all_reduce\.default\"\((%\d+)\)", "\n".join(planned))[1]
    wait = first(planned, r"wait_tensor\.default")
    reuses = [i for i, line in enumerate(planned) if re.search(rf"kernel\.(reuse|free) {operand} ", line)]
    assert reuses and min(reuses) > wait, planned


def test_interpreters_follow_the_reordered_program(fake_group):
    """Every pass checked by the interpreters (waits are identities there): the pending tensor and the waited
    one are one buffer, which kernel-plan-memory frees only after both are used."""
    import torch.distributed._functional_collectives as funcol

    from irc import metrics

    def f(x, w):
        gathered = funcol.all_gather_tensor(x @ w, 0, fake_group)
        return gathered.relu() + 1, (x * 3).tanh()

    inputs = [torch.randn(5, 6), torch.randn(6, 3)]
    torch._dynamo.reset()
    metrics.reset()
    with config.patch(check_passes=True):
        got = torch.compile(f, backend="irc")(*inputs)
    assert metrics.passes_checked > 0
    for g, w in zip(got, f(*inputs)):
        torch.testing.assert_close(g, w)
