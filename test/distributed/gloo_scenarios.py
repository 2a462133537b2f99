"""Distributed programs compiled by irc against eager, run by each of two gloo processes on CPU.

    python gloo_scenarios.py RANK WORLD_SIZE INIT_FILE RESULTS_JSON [SCENARIO ...]

Each scenario runs the same program eagerly and compiled (same seeds, each rank its own data) and raises when
the results differ; the results file maps each scenario to "ok" or the error's text. test_gloo.py starts
the processes.
"""

from __future__ import annotations

import faulthandler
import json
import os
import sys
import time
import traceback
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Callable

import tiny_models
import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch import nn

from irc import metrics

RTOL, ATOL = 1e-4, 1e-5  # fp32; ATOL scaled by the largest value compared
STEPS = 20


def close(got, want, what: str) -> None:
    scale = max(1.0, want.abs().max().item()) if want.numel() else 1.0
    torch.testing.assert_close(got, want, rtol=RTOL, atol=ATOL * scale, msg=lambda m: f"{what}: {m}")


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


@dataclass(frozen=True)
class Workload:
    """A model to train, its loss and its batches: `batch(seed)` gives inputs and targets. `bucket_bytes`:
    DDP buckets small enough that Dynamo's DDP optimizer splits the model into a few graphs."""

    model: Callable[[], nn.Module]
    loss: Callable
    batch: Callable
    optimizer: Callable
    bucket_bytes: int


def sgd(parameters):
    return torch.optim.SGD(parameters, lr=0.05, momentum=0.9)


def adamw(parameters):
    return torch.optim.AdamW(parameters, lr=2e-3, weight_decay=0.01)


WORKLOADS = {
    "decoder": Workload(
        tiny_models.Decoder, tiny_models.decoder_loss, tiny_models.token_batch, adamw, bucket_bytes=48 << 10
    ),
    "resnet": Workload(tiny_models.ResNet, F.cross_entropy, tiny_models.image_batch, sgd, 4 << 10),
}


def train(model: nn.Module, params: nn.Module, work: Workload, seeds) -> list[torch.Tensor]:
    """STEPS optimizer steps on a fresh batch each (`seeds(step)`); the losses."""
    optimizer = work.optimizer(params.parameters())
    losses = []
    for step in range(STEPS):
        inputs, targets = work.batch(seeds(step))
        loss = work.loss(model(inputs), targets)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        losses.append(loss.detach())
    return losses


def rank_seeds(rank: int):
    """Each rank its own data (data parallel)."""
    return lambda step: 1000 * rank + step


def same_seeds(step: int) -> int:
    """Every rank the same batch (tensor parallel splits the weights)."""
    return step


def compare_training(eager: nn.Module, compiled, params: nn.Module, work: Workload, seeds) -> None:
    """Trains `eager` and `compiled` (whose parameters and buffers `params` holds) alike: equal losses at
    every step, equal parameters and buffers (batch norm's running statistics) at the end."""
    want, got = train(eager, eager, work, seeds), train(compiled, params, work, seeds)
    for step, (g, e) in enumerate(zip(got, want)):
        close(g, e, f"loss of step {step}")
    for (name, p), q in zip(eager.named_parameters(), params.parameters()):
        close(_full(q), _full(p), name)
    for (name, p), q in zip(eager.named_buffers(), params.buffers()):
        close(q, p, name)


def _full(t):
    return t.full_tensor() if hasattr(t, "full_tensor") else t.detach()


@contextmanager
def split_buckets(work: Workload):
    """DDP buckets of `work.bucket_bytes`, the first too (Dynamo's DDP optimizer reads its first bucket's cap
    from torch.distributed's default, 1 MB, more than a tiny model)."""
    default = dist._DEFAULT_FIRST_BUCKET_BYTES
    dist._DEFAULT_FIRST_BUCKET_BYTES = work.bucket_bytes
    try:
        yield work.bucket_bytes / 2**20
    finally:
        dist._DEFAULT_FIRST_BUCKET_BYTES = default


def ddp_of_compiled(rank: int, world: int, work: Workload) -> None:
    from torch.nn.parallel import DistributedDataParallel as DDP

    eager = DDP(work.model())
    compiled = DDP(torch.compile(work.model(), backend="irc"))
    metrics.reset()
    compare_training(eager, compiled, compiled, work, rank_seeds(rank))
    compiled_graphs(2)  # forward and backward


def compiled_ddp(rank: int, world: int, work: Workload) -> None:
    """Dynamo's DDP optimizer splits the graph at the buckets' boundaries."""
    from torch.nn.parallel import DistributedDataParallel as DDP

    with split_buckets(work) as bucket_mb:
        eager = DDP(work.model(), bucket_cap_mb=bucket_mb)
        ddp = DDP(work.model(), bucket_cap_mb=bucket_mb)
        compiled = torch.compile(ddp, backend="irc")
        metrics.reset()
        compare_training(eager, compiled, ddp, work, rank_seeds(rank))
    compiled_graphs(4)  # forward and backward of each bucket's part


def compiled_graphs(least: int) -> None:
    if metrics.graphs_compiled + metrics.cache_hits < least or metrics.graph_fallbacks:
        counts = f"{metrics.graphs_compiled} compiled, {metrics.cache_hits} cache hits"
        raise AssertionError(f"{counts}, {metrics.graph_fallbacks} run eagerly; expected {least} graphs")


def fsdp2_compiled_blocks(rank: int, world: int, work: Workload) -> None:
    from torch.distributed.fsdp import fully_shard

    def sharded(compile_blocks: bool) -> nn.Module:
        model = work.model()
        for index, block in enumerate(model.blocks):
            fully_shard(block)
            if compile_blocks:
                model.blocks[index] = torch.compile(block, backend="irc")
        return fully_shard(model)

    eager, compiled = sharded(False), sharded(True)
    metrics.reset()
    compare_training(eager, compiled, compiled, work, rank_seeds(rank))
    compiled_graphs(2)


def fsdp2_compiled_model(rank: int, world: int, work: Workload) -> None:
    from torch.distributed.fsdp import fully_shard

    def sharded() -> nn.Module:
        model = work.model()
        for block in model.blocks:
            fully_shard(block)
        return fully_shard(model)

    eager, model = sharded(), sharded()
    compiled = torch.compile(model, backend="irc")
    metrics.reset()
    compare_training(eager, compiled, model, work, rank_seeds(rank))
    compiled_graphs(2)


def tensor_parallel(rank: int, world: int, work: Workload) -> None:
    """Each block's attention heads and MLP columns split over the ranks (Megatron style); the embedding,
    norms and head replicated."""
    from torch.distributed.tensor.parallel import ColwiseParallel, RowwiseParallel

    plan = {"attention.q": ColwiseParallel(), "attention.k": ColwiseParallel(),
            "attention.v": ColwiseParallel(), "attention.out": RowwiseParallel(),
            "mlp.gate": ColwiseParallel(), "mlp.up": ColwiseParallel(),
            "mlp.down": RowwiseParallel()}  # fmt: skip
    compare_parallel(work, lambda model, mesh: parallelize_blocks(model, mesh, plan))


def sequence_parallel(rank: int, world: int, work: Workload) -> None:
    """Tensor parallel whose norms and residual stream are sharded along the sequence (SequenceParallel):
    all_gather before attention and MLP, reduce_scatter after, in the forward and backward graphs."""
    from torch.distributed.tensor import Replicate, Shard
    from torch.distributed.tensor.parallel import (
        ColwiseParallel,
        PrepareModuleInput,
        RowwiseParallel,
        SequenceParallel,
        parallelize_module,
    )

    gather = PrepareModuleInput(input_layouts=(Shard(1),), desired_input_layouts=(Replicate(),))
    plan = {"attention_norm": SequenceParallel(), "attention": gather, "attention.q": ColwiseParallel(),
            "attention.k": ColwiseParallel(), "attention.v": ColwiseParallel(),
            "attention.out": RowwiseParallel(output_layouts=Shard(1)), "mlp_norm": SequenceParallel(),
            "mlp": gather, "mlp.gate": ColwiseParallel(), "mlp.up": ColwiseParallel(),
            "mlp.down": RowwiseParallel(output_layouts=Shard(1))}  # fmt: skip
    ends = {"embed": RowwiseParallel(input_layouts=Replicate(), output_layouts=Shard(1)),
            "norm": SequenceParallel(),
            "head": ColwiseParallel(input_layouts=Shard(1), output_layouts=Replicate())}  # fmt: skip

    def parallelize(model, mesh):
        parallelize_module(model, mesh, ends)
        return parallelize_blocks(model, mesh, plan)

    even = replace(work, batch=lambda seed: tiny_models.token_batch(seed, sequence=tiny_models.SEQUENCE + 1))
    compare_parallel(even, parallelize)  # DTensor over gloo needs equal shards (eager too)


def parallelize_blocks(model: nn.Module, mesh, plan: dict) -> nn.Module:
    from torch.distributed.tensor.parallel import parallelize_module

    for block in model.blocks:
        parallelize_module(block, mesh, plan)
    return model


def compare_parallel(work: Workload, parallelize) -> None:
    from torch.distributed.device_mesh import init_device_mesh

    mesh = init_device_mesh("cpu", (dist.get_world_size(),))
    eager, parallel = parallelize(work.model(), mesh), parallelize(work.model(), mesh)
    compiled = torch.compile(parallel, backend="irc")
    metrics.reset()
    compare_training(eager, compiled, parallel, work, same_seeds)
    compiled_graphs(2)


COMBINATIONS = {
    "ddp_of_compiled": (ddp_of_compiled, ("decoder", "resnet")),
    "compiled_ddp": (compiled_ddp, ("decoder", "resnet")),
    "fsdp2_compiled_blocks": (fsdp2_compiled_blocks, ("decoder", "resnet")),
    "fsdp2_compiled_model": (fsdp2_compiled_model, ("decoder", "resnet")),
    "tensor_parallel": (tensor_parallel, ("decoder",)),
    "sequence_parallel": (sequence_parallel, ("decoder",)),
}


def run_combination(combination, workload: str):
    return lambda rank, world: combination(rank, world, WORKLOADS[workload])


def one_rank_fails(rank: int, world: int) -> None:
    """Rank 1 raises while rank 0 waits for it in a collective (what main does then is tested)."""
    if rank == 1:
        raise RuntimeError("rank 1 fails on purpose")
    dist.all_reduce(torch.ones(3))


SCENARIOS = {
    "functional_collectives": functional_collectives,
    "one_rank_fails": one_rank_fails,
    **{
        f"{name}-{workload}": run_combination(combination, workload)
        for name, (combination, workloads) in COMBINATIONS.items()
        for workload in workloads
    },
}


COLLECTIVE_TIMEOUT = timedelta(minutes=2)  # a rank the other waits for this long in a collective: both fail
SCENARIO_SECONDS = 300  # a scenario running longer prints every thread's stack and ends its process


def main(rank: int, world: int, init_file: str, results_path: str, names: list[str]) -> None:
    """Runs the scenarios in order. The first that fails on a rank ends that rank's process at once (its
    results written): the other rank, maybe waiting inside one of the scenario's collectives, then fails
    there (its peer closed the connection) instead of waiting for the timeout, and ends too."""
    faulthandler.enable()  # a crash in native code prints the Python stack of every thread
    dist.init_process_group(
        "gloo", init_method=f"file://{init_file}", rank=rank, world_size=world, timeout=COLLECTIVE_TIMEOUT
    )
    names = names or list(SCENARIOS)
    results: dict[str, str] = {}
    for index, name in enumerate(names):
        results[name] = run_scenario(name, rank, world)
        stopped = None if results[name] == "ok" else f"not run: {name} failed on rank {rank}"
        if stopped is None and not all_finished():
            stopped = f"not run: the other rank did not finish {name}"
        if stopped is not None:
            results.update({later: stopped for later in names[index + 1 :]})
            finish(results, results_path)
    finish(results, results_path, clean=True)


def all_finished() -> bool:
    """Whether every rank finished the scenario (False: one ended or timed out)."""
    try:
        dist.barrier()
        return True
    except Exception:  # noqa: BLE001 - the connection to a rank that ended is closed
        return False


def run_scenario(name: str, rank: int, world: int) -> str:
    """"ok", or the text of what the scenario raised."""
    torch._dynamo.reset()
    start = time.perf_counter()
    faulthandler.dump_traceback_later(SCENARIO_SECONDS, exit=True)
    try:
        SCENARIOS[name](rank, world)
        return "ok"
    except Exception:  # reported to the test, which fails with the text
        return traceback.format_exc()
    finally:
        faulthandler.cancel_dump_traceback_later()
        print(f"{name}: {time.perf_counter() - start:.1f} s", file=sys.stderr)


def finish(results: dict[str, str], results_path: str, clean: bool = False) -> None:
    """Writes the results and ends the process; `clean` after every scenario passed on every rank, else at
    once (no wait for the other rank, no destructor waiting on a collective that never completes)."""
    with open(results_path, "w") as f:
        json.dump(results, f)
    if clean:
        dist.destroy_process_group()
        sys.exit(0)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5:])
