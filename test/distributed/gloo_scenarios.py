"""Distributed programs compiled by irc against eager, run by each of two gloo processes on CPU.

    python gloo_scenarios.py RANK WORLD_SIZE INIT_FILE RESULTS_JSON [SCENARIO ...]

Each scenario runs the same program eagerly and compiled (same seeds, each rank its own data) and raises when
the results differ; the results file maps each scenario to "ok" or the error's text. test_gloo.py starts
the processes.
"""

from __future__ import annotations

import copy
import json
import sys
import traceback

import torch
import torch.distributed as dist
from torch import nn

from irc import metrics

TOLERANCE = dict(rtol=1e-4, atol=1e-5)
STEPS = 3


def close(got, want, what: str) -> None:
    torch.testing.assert_close(got, want, **TOLERANCE, msg=lambda m: f"{what}: {m}")


def functional_collectives(rank: int, world: int) -> None:
    import torch.distributed._functional_collectives as funcol

    group = dist.group.WORLD

    def f(x, w):
        summed = funcol.all_reduce(x @ w, "sum", group)
        gathered = funcol.all_gather_tensor(x.sin(), 0, group)
        scattered = funcol.reduce_scatter_tensor(x.cos() * 2, "sum", 0, group)
        independent = (x * 3).tanh().sum(0)
        return summed + 1, gathered * 3, scattered.relu(), independent

    torch.manual_seed(rank)
    x, w = torch.randn(6, 5), torch.randn(5, 7)
    want = f(x, w)
    got = torch.compile(f, backend="irc")(x, w)
    for i, (g, e) in enumerate(zip(got, want)):
        close(g, e, f"output {i}")


class Block(nn.Module):
    """A linear layer and, but for the last block, tanh. The program's own classes: Dynamo starts no frame
    inside torch.nn's modules (a bare nn.Sequential under torch.compile(DDP(...)), or an nn.Linear compiled
    under fully_shard's hooks, would run eagerly)."""

    def __init__(self, width_in: int, width_out: int, last: bool):
        super().__init__()
        self.linear, self.last = nn.Linear(width_in, width_out), last

    def forward(self, x):
        y = self.linear(x)
        return y if self.last else torch.tanh(y)


class MLP(nn.Module):
    def __init__(self, widths: tuple[int, ...] = (13, 17, 11, 3)):
        super().__init__()
        torch.manual_seed(0)
        pairs = list(zip(widths, widths[1:]))
        self.layers = nn.ModuleList(Block(a, b, i == len(pairs) - 1) for i, (a, b) in enumerate(pairs))

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


def train(model: nn.Module, params: nn.Module, batch) -> list[torch.Tensor]:
    """STEPS steps of SGD on `batch(step)`'s inputs and targets; the losses."""
    optimizer = torch.optim.SGD(params.parameters(), lr=0.1)
    losses = []
    for step in range(STEPS):
        x, y = batch(step)
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        losses.append(loss.detach())
    return losses


def rank_batch(rank: int):
    """Each rank its own data (data parallel)."""

    def batch(step: int):
        torch.manual_seed(100 * rank + step)
        return torch.randn(9, 13), torch.randn(9, 3)

    return batch


def compare_training(eager: nn.Module, compiled, params: nn.Module, batch) -> None:
    """Trains `eager` and `compiled` (whose parameters `params` holds) alike: equal losses and parameters."""
    want, got = train(eager, eager, batch), train(compiled, params, batch)
    close(torch.stack(got), torch.stack(want), "losses")
    for (name, p), q in zip(eager.named_parameters(), params.parameters()):
        close(_full(q), _full(p), name)


def _full(t):
    return t.full_tensor() if hasattr(t, "full_tensor") else t.detach()


def ddp_of_compiled(rank: int, world: int) -> None:
    from torch.nn.parallel import DistributedDataParallel as DDP

    eager = DDP(MLP())
    compiled = DDP(torch.compile(MLP(), backend="irc"))
    metrics.reset()
    compare_training(eager, compiled, compiled, rank_batch(rank))
    compiled_graphs(2)  # forward and backward


def compiled_ddp(rank: int, world: int) -> None:
    """Dynamo's DDP optimizer splits the graph at the buckets' boundaries: a model of a few MB, 1 MB buckets
    (the first bucket may not be smaller than 1 MB)."""
    from torch.nn.parallel import DistributedDataParallel as DDP

    eager = DDP(MLP((13, 600, 500, 3)), bucket_cap_mb=1)
    ddp = DDP(MLP((13, 600, 500, 3)), bucket_cap_mb=1)
    compiled = torch.compile(ddp, backend="irc")
    metrics.reset()
    compare_training(eager, compiled, ddp, rank_batch(rank))
    compiled_graphs(4)  # forward and backward of each bucket's part


def compiled_graphs(least: int) -> None:
    if metrics.graphs_compiled + metrics.cache_hits < least or metrics.graph_fallbacks:
        counts = f"{metrics.graphs_compiled} compiled, {metrics.cache_hits} cache hits"
        raise AssertionError(f"{counts}, {metrics.graph_fallbacks} run eagerly; expected {least} graphs")


def fsdp2_compiled_blocks(rank: int, world: int) -> None:
    from torch.distributed.fsdp import fully_shard

    def sharded(compile_blocks: bool) -> nn.Module:
        model = MLP()
        for index, layer in enumerate(model.layers):
            fully_shard(layer)
            if compile_blocks:
                model.layers[index] = torch.compile(layer, backend="irc")
        return fully_shard(model)

    eager, compiled = sharded(False), sharded(True)
    metrics.reset()
    compare_training(eager, compiled, compiled, rank_batch(rank))
    compiled_graphs(2)


def fsdp2_compiled_model(rank: int, world: int) -> None:
    from torch.distributed.fsdp import fully_shard

    def sharded() -> nn.Module:
        model = MLP()
        for layer in model.layers:
            fully_shard(layer)
        return fully_shard(model)

    eager, model = sharded(), sharded()
    compiled = torch.compile(model, backend="irc")
    metrics.reset()
    compare_training(eager, compiled, model, rank_batch(rank))
    compiled_graphs(2)


def tensor_parallel(rank: int, world: int) -> None:
    from torch.distributed.device_mesh import init_device_mesh
    from torch.distributed.tensor.parallel import ColwiseParallel, RowwiseParallel, parallelize_module

    mesh = init_device_mesh("cpu", (world,))

    def block() -> nn.Module:
        torch.manual_seed(0)
        model = nn.Sequential(nn.Linear(12, 22), nn.GELU(), nn.Linear(22, 5))
        return parallelize_module(model, mesh, {"0": ColwiseParallel(), "2": RowwiseParallel()})

    eager, parallel = block(), block()
    compiled = torch.compile(parallel, backend="irc")
    metrics.reset()
    compare_training(eager, compiled, parallel, same_batch)
    compiled_graphs(2)


def same_batch(step: int):
    """Every rank the same batch (tensor parallel splits the weights)."""
    torch.manual_seed(step)
    return torch.randn(7, 12), torch.randn(7, 5)


def sequence_parallel(rank: int, world: int) -> None:
    """A LayerNorm over sequence shards (SequenceParallel), then a column- and a row-parallel linear layer:
    all_gather before the first, reduce_scatter after the second, in the forward and backward graphs."""
    from torch.distributed.device_mesh import init_device_mesh
    from torch.distributed.tensor import Shard
    from torch.distributed.tensor.parallel import (
        ColwiseParallel,
        RowwiseParallel,
        SequenceParallel,
        parallelize_module,
    )

    mesh = init_device_mesh("cpu", (world,))
    plan = {
        "0": SequenceParallel(),
        "1": ColwiseParallel(input_layouts=Shard(1)),
        "3": RowwiseParallel(output_layouts=Shard(1)),
    }

    def block() -> nn.Module:
        torch.manual_seed(0)
        model = nn.Sequential(nn.LayerNorm(12), nn.Linear(12, 22), nn.GELU(), nn.Linear(22, 12))
        return parallelize_module(model, mesh, plan)

    def batch(step: int):  # every rank the same sequence; each takes its shard of the positions
        torch.manual_seed(step)
        x, y = torch.randn(3, 2 * world, 12), torch.randn(3, 2 * world, 12)
        return x.chunk(world, dim=1)[rank], y.chunk(world, dim=1)[rank]

    eager, parallel = block(), block()
    compiled = torch.compile(parallel, backend="irc")
    metrics.reset()
    compare_training(eager, compiled, parallel, batch)
    compiled_graphs(2)


SCENARIOS = {
    "functional_collectives": functional_collectives,
    "ddp_of_compiled": ddp_of_compiled,
    "compiled_ddp": compiled_ddp,
    "fsdp2_compiled_blocks": fsdp2_compiled_blocks,
    "fsdp2_compiled_model": fsdp2_compiled_model,
    "tensor_parallel": tensor_parallel,
    "sequence_parallel": sequence_parallel,
}


def main(rank: int, world: int, init_file: str, results_path: str, names: list[str]) -> None:
    dist.init_process_group("gloo", init_method=f"file://{init_file}", rank=rank, world_size=world)
    results = {}
    for name in names or list(SCENARIOS):
        torch._dynamo.reset()
        torch.nn.parallel.DistributedDataParallel._active_ddp_module = None  # left set by a failed scenario
        try:
            SCENARIOS[name](rank, world)
            results[name] = "ok"
        except Exception:  # reported to the test, which fails with the text
            results[name] = traceback.format_exc()
        dist.barrier()
    with open(results_path, "w") as f:
        json.dump(results, f)
    dist.destroy_process_group()


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5:])
