"""Distributed training throughput of eager, Inductor and irc: FSDP2 training of a Llama-like decoder
(tokens/s) and DDP training of a ResNet-like network (images/s), one torchrun job, every backend in turn.

    torchrun --nproc-per-node 2 bench/distributed.py                      # both workloads, CUDA and NCCL
    torchrun --nproc-per-node 4 bench/distributed.py --workloads fsdp_llama --steps 30
    torchrun --nproc-per-node 2 bench/distributed.py --profile /tmp/trace  # irc's steps: a trace per rank
    python3 bench/distributed.py --smoke    # two gloo processes on CPU, tiny sizes: eager and irc, 2 steps

Each rank builds the same model (same seed), wraps it (FSDP2: every decoder block `fully_shard`ed and
compiled, then the root; DDP: `DDP(torch.compile(model))`, or with `--ddp-outer` `torch.compile(DDP(model))`,
split by Dynamo's DDP optimizer), warms up, then times `--steps` steps (forward, backward, AdamW). The time of
a step is the slowest rank's. The table (markdown, the section for bench/RESULTS.md) is printed by rank 0;
`--json` writes the numbers. NVLink multicast stays off in every process (NCCL_NVLS_ENABLE=0,
TORCH_SYMM_MEM_DISABLE_MULTICAST=1, NVSHMEM_DISABLE_NVLS=1).
"""

import os

for _name in ("NCCL_NVLS_ENABLE", "NVSHMEM_DISABLE_NVLS", "TORCH_SYMM_MEM_DISABLE_MULTICAST"):
    os.environ[_name] = "0" if _name == "NCCL_NVLS_ENABLE" else "1"

import argparse  # noqa: E402
import json  # noqa: E402
import socket  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from dataclasses import dataclass  # noqa: E402

import torch  # noqa: E402
import torch.distributed as dist  # noqa: E402
import torch.nn.functional as F  # noqa: E402
from torch import nn  # noqa: E402


@dataclass
class Sizes:
    """Model and batch sizes of a run (full on the GPU, tiny for --smoke)."""

    vocab: int = 32000
    dim: int = 2048
    layers: int = 8
    heads: int = 16
    hidden: int = 5632
    seq: int = 2048
    batch: int = 4
    images: int = 64
    image_size: int = 224
    channels: int = 64


SMOKE = Sizes(
    vocab=97, dim=32, layers=2, heads=4, hidden=48, seq=16, batch=2, images=4, image_size=16, channels=8
)


# ---------------------------------------------------------------------------
# Models
# ---------------------------------------------------------------------------


class RMSNorm(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return x * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + 1e-6).to(x.dtype) * self.weight


class DecoderBlock(nn.Module):
    """Llama's block: RMSNorm, causal attention with rotary-free heads, RMSNorm, SwiGLU MLP."""

    def __init__(self, s: Sizes):
        super().__init__()
        self.heads = s.heads
        self.attention_norm, self.mlp_norm = RMSNorm(s.dim), RMSNorm(s.dim)
        self.qkv = nn.Linear(s.dim, 3 * s.dim, bias=False)
        self.out = nn.Linear(s.dim, s.dim, bias=False)
        self.gate_up = nn.Linear(s.dim, 2 * s.hidden, bias=False)
        self.down = nn.Linear(s.hidden, s.dim, bias=False)

    def forward(self, x):
        batch, seq, dim = x.shape
        q, k, v = self.qkv(self.attention_norm(x)).view(batch, seq, 3, self.heads, -1).unbind(2)
        attention = F.scaled_dot_product_attention(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2),
                                                   is_causal=True)
        x = x + self.out(attention.transpose(1, 2).reshape(batch, seq, dim))
        gate, up = self.gate_up(self.mlp_norm(x)).chunk(2, dim=-1)
        return x + self.down(F.silu(gate) * up)


class Decoder(nn.Module):
    def __init__(self, s: Sizes):
        super().__init__()
        self.embed = nn.Embedding(s.vocab, s.dim)
        self.blocks = nn.ModuleList(DecoderBlock(s) for _ in range(s.layers))
        self.norm = RMSNorm(s.dim)
        self.head = nn.Linear(s.dim, s.vocab, bias=False)

    def forward(self, tokens):
        x = self.embed(tokens)
        for block in self.blocks:
            x = block(x)
        return self.head(self.norm(x))


class Residual(nn.Module):
    def __init__(self, channels: int, stride: int):
        super().__init__()
        out = channels * stride
        self.conv1 = nn.Conv2d(channels, out, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(out)
        self.conv2 = nn.Conv2d(out, out, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(out)
        self.skip = nn.Sequential() if stride == 1 else nn.Sequential(
            nn.Conv2d(channels, out, 1, stride, bias=False), nn.BatchNorm2d(out)
        )

    def forward(self, x):
        y = F.relu(self.bn1(self.conv1(x)))
        return F.relu(self.bn2(self.conv2(y)) + self.skip(x))


class ResNetLike(nn.Module):
    """A ResNet-18-like network: stem, four stages of two residual blocks, pooling, classifier."""

    def __init__(self, s: Sizes, classes: int = 1000):
        super().__init__()
        c = s.channels
        self.stem = nn.Sequential(nn.Conv2d(3, c, 7, 2, 3, bias=False), nn.BatchNorm2d(c), nn.ReLU(),
                                  nn.MaxPool2d(3, 2, 1))
        stages = []
        for stage in range(4):
            width = c * 2**stage
            stages += [Residual(width // 2 if stage else width, 2 if stage else 1), Residual(width, 1)]
        self.stages = nn.Sequential(*stages)
        self.fc = nn.Linear(c * 8, classes)

    def forward(self, images):
        return self.fc(self.stages(self.stem(images)).mean((2, 3)))


# ---------------------------------------------------------------------------
# Workloads: model, wrapping, one batch, the loss
# ---------------------------------------------------------------------------


def compiler(backend: str):
    if backend == "eager":
        return lambda module: module
    return lambda module: torch.compile(module, backend="irc" if backend == "irc" else "inductor")


def fsdp_llama(s: Sizes, backend: str, device, args):
    from torch.distributed.fsdp import MixedPrecisionPolicy, fully_shard

    torch.manual_seed(0)
    model = Decoder(s).to(device)
    policy = MixedPrecisionPolicy()
    if device.type == "cuda":
        policy = MixedPrecisionPolicy(param_dtype=torch.bfloat16, reduce_dtype=torch.float32)
    compile_module = compiler(backend)
    for index, block in enumerate(model.blocks):
        fully_shard(block, mp_policy=policy)
        model.blocks[index] = compile_module(block)
    fully_shard(model, mp_policy=policy)

    def batch(step: int):
        generator = torch.Generator(device="cpu").manual_seed(1000 * dist.get_rank() + step)
        tokens = torch.randint(0, s.vocab, (s.batch, s.seq + 1), generator=generator).to(device)
        return tokens[:, :-1], tokens[:, 1:]

    def loss(inputs, targets):
        return F.cross_entropy(model(inputs).flatten(0, 1).float(), targets.flatten())

    return model, batch, loss, s.batch * s.seq, "tokens/s"


def ddp_resnet(s: Sizes, backend: str, device, args):
    from torch.nn.parallel import DistributedDataParallel as DDP

    torch.manual_seed(0)
    model = ResNetLike(s).to(device).to(memory_format=torch.channels_last)
    ids = [device.index] if device.type == "cuda" else None
    if args.ddp_outer:
        ddp = DDP(model, device_ids=ids)
        wrapped = compiler(backend)(ddp)
    else:
        ddp = wrapped = DDP(compiler(backend)(model), device_ids=ids)

    def batch(step: int):
        generator = torch.Generator(device="cpu").manual_seed(1000 * dist.get_rank() + step)
        images = torch.randn(s.images, 3, s.image_size, s.image_size, generator=generator)
        labels = torch.randint(0, 1000, (s.images,), generator=generator)
        return images.to(device).to(memory_format=torch.channels_last), labels.to(device)

    def loss(images, labels):
        with torch.autocast(device.type, torch.bfloat16, enabled=device.type == "cuda"):
            return F.cross_entropy(wrapped(images).float(), labels)

    return ddp, batch, loss, s.images, "images/s"


WORKLOADS = {"fsdp_llama": fsdp_llama, "ddp_resnet": ddp_resnet}


# ---------------------------------------------------------------------------
# Timing
# ---------------------------------------------------------------------------


def synchronize(device) -> None:
    if device.type == "cuda":
        torch.cuda.synchronize(device)


def run_backend(workload: str, backend: str, s: Sizes, device, args) -> dict:
    """Per-rank items per second over the timed steps (the slowest rank's step time) and the last loss."""
    torch._dynamo.reset()
    model, batch, loss_of, items, unit = WORKLOADS[workload](s, backend, device, args)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4, foreach=device.type == "cuda")

    def step(number: int) -> torch.Tensor:
        loss = loss_of(*batch(number))
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        return loss.detach()

    for number in range(args.warmup):
        step(number)
    synchronize(device)
    dist.barrier()
    profiler = profiling(args, workload, backend)
    start = time.perf_counter()
    with profiler:
        for number in range(args.warmup, args.warmup + args.steps):
            loss = step(number)
    synchronize(device)
    elapsed = torch.tensor([time.perf_counter() - start], dtype=torch.float64, device=device)
    dist.all_reduce(elapsed, op=dist.ReduceOp.MAX)
    seconds = elapsed.item() / args.steps
    return {"workload": workload, "backend": backend, "unit": unit, "step_ms": seconds * 1e3,
            "per_second": items * dist.get_world_size() / seconds, "loss": float(loss)}


def profiling(args, workload: str, backend: str):
    import contextlib

    if not args.profile or backend != "irc":
        return contextlib.nullcontext()
    from torch.profiler import ProfilerActivity, profile, tensorboard_trace_handler

    folder = os.path.join(args.profile, workload)
    activities = [ProfilerActivity.CPU] + [ProfilerActivity.CUDA] * torch.cuda.is_available()
    return profile(activities=activities, on_trace_ready=tensorboard_trace_handler(folder))


def table(rows: list[dict], title: str) -> str:
    lines = [f"## {title}", "", "| workload | backend | step ms | throughput | vs Inductor | last loss |",
             "|---|---|---|---|---|---|"]
    for row in rows:
        same = [r for r in rows if r["workload"] == row["workload"]]
        inductor = next((r for r in same if r["backend"] == "inductor"), None)
        ratio = f"{row['per_second'] / inductor['per_second']:.2f}x" if inductor else "-"
        lines.append(f"| {row['workload']} | {row['backend']} | {row['step_ms']:.1f} | "
                     f"{row['per_second']:.0f} {row['unit']} | {ratio} | {row['loss']:.4f} |")
    return "\n".join(lines)


def worker(args) -> None:
    cuda = torch.cuda.is_available() and not args.smoke
    dist.init_process_group("nccl" if cuda else "gloo")
    rank, world = dist.get_rank(), dist.get_world_size()
    device = torch.device(f"cuda:{int(os.environ.get('LOCAL_RANK', rank))}" if cuda else "cpu")
    if cuda:
        torch.cuda.set_device(device)
    sizes = SMOKE if args.smoke else Sizes()
    rows = []
    for workload in args.workloads.split(","):
        for backend in args.backends.split(","):
            rows.append(run_backend(workload, backend, sizes, device, args))
    if rank == 0:
        kind = torch.cuda.get_device_name(device) if cuda else "CPU, gloo"
        print(table(rows, f"Distributed ({kind} x{world})"), flush=True)
        if args.json:
            with open(args.json, "w") as f:
                json.dump(rows, f, indent=1)
    dist.destroy_process_group()


def smoke(args) -> int:
    """Two gloo processes on CPU running this script's worker on tiny sizes."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    command = [sys.executable, __file__, "--smoke-worker", "--workloads", args.workloads, "--backends",
               args.backends, "--steps", str(args.steps), "--warmup", str(args.warmup)]
    command += ["--ddp-outer"] * args.ddp_outer + (["--json", args.json] if args.json else [])
    processes = []
    for rank in range(2):
        env = {**os.environ, "RANK": str(rank), "WORLD_SIZE": "2", "LOCAL_RANK": str(rank),
               "MASTER_ADDR": "127.0.0.1", "MASTER_PORT": str(port), "OMP_NUM_THREADS": "1"}
        processes.append(subprocess.Popen(command, env=env))
    return max(process.wait() for process in processes)


def main() -> None:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--workloads", default=",".join(WORKLOADS))
    parser.add_argument("--backends", default="")
    parser.add_argument("--steps", type=int, default=0)
    parser.add_argument("--warmup", type=int, default=0)
    parser.add_argument("--ddp-outer", action="store_true", help="torch.compile(DDP(model)) for ddp_resnet")
    parser.add_argument("--profile", default="", help="folder for a profiler trace of irc's timed steps")
    parser.add_argument("--json", default="", help="write the rows here")
    parser.add_argument("--smoke", action="store_true", help="two gloo processes on CPU, tiny sizes")
    parser.add_argument("--smoke-worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.smoke = args.smoke or args.smoke_worker
    args.backends = args.backends or ("eager,irc" if args.smoke else "eager,inductor,irc")
    args.steps = args.steps or (2 if args.smoke else 20)
    args.warmup = args.warmup or (1 if args.smoke else 5)
    if args.smoke and not args.smoke_worker:
        sys.exit(smoke(args))
    worker(args)


if __name__ == "__main__":
    main()
