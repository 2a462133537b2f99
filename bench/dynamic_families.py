"""Dynamic shapes over the dashboard's families (bench/families.py): does any graph run eagerly, and are results
right, when a model is compiled with `dynamic=True` or meets a second input size?

    python3 bench/dynamic_families.py --out DIR --parallel 4            # every family, CUDA, fp32
    python3 bench/dynamic_families.py --only resnet50,gpt2 --train      # a training step (loss and gradients)

Each model runs in a process of its own at a small batch (2) and three sizes (images: the model's side and two
smaller ones, or batches 2, 3 and 5 where the model takes one image size only; text: 64, 96 and 77 tokens): once with `dynamic=True`, once with Dynamo's automatic dynamic shapes
(the second size recompiles with symbolic sizes). Per variant: irc's graph fallbacks, graphs compiled,
recompilations after the first size, and the largest error against eager in fp32 (TF32 off) relative to eager's
largest value (with --train: of the loss and of every parameter gradient, relative to the largest gradient).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
SEQUENCES = (64, 96, 77)


def sized_inputs(family, model, device: str) -> list[tuple]:
    import torch

    if family.source == "timm":
        side = model.pretrained_cfg.get("input_size", (3, 224, 224))[-1]
        sides = [(torch.randn(2, 3, s, s, device=device),) for s in (side, side - side // 4, side - side // 8)]
        if takes_other_sides(model, sides[1]):
            return sides
        # a model built for one image size (a ViT's position embedding): the batch varies instead
        return [(torch.randn(n, 3, side, side, device=device),) for n in (2, 3, 5)]
    (ids, *extra) = family.make_inputs(device, torch.float32)
    high = int(ids.max()) + 1
    sizes = []
    for n in SEQUENCES:
        if family.name == "whisper_base":  # its features keep their length; the decoder's tokens vary
            sizes.append((ids[:2], torch.randint(0, 51865, (2, n // 4), device=device)))
        elif extra:
            sizes.append((torch.randint(0, high, (2, n), device=device),
                          torch.randint(0, high, (2, n // 4), device=device)))
        else:
            sizes.append((torch.randint(0, high, (2, n), device=device),))
    return sizes


def takes_other_sides(model, inputs) -> bool:
    import torch

    try:
        with torch.no_grad():
            model(*inputs)
        return True
    except (RuntimeError, AssertionError, ValueError):
        return False


def relative_error(got, want) -> float:
    scale = max(float(want.abs().max()), 1e-30)
    return float((got.float() - want.float()).abs().max()) / scale


def run_variant(family, dynamic: bool | None, train: bool, device: str) -> dict:
    import torch

    from irc import metrics

    torch._dynamo.reset()
    model, _ = family.build(device=device)
    model = model.train() if train else model
    if train:
        for m in model.modules():  # no randomness: dropout off, batch norm still in training mode
            if isinstance(m, torch.nn.Dropout):
                m.p = 0.0
    compiled = torch.compile(model, backend="irc", dynamic=dynamic)
    row = {"fallbacks": [], "graphs": [], "error": [], "seconds": []}
    for inputs in sized_inputs(family, model, device):
        before = (metrics.graph_fallbacks, metrics.graphs_compiled)
        start = time.perf_counter()
        row["error"].append(train_error(model, compiled, inputs) if train else infer_error(model, compiled, inputs))
        row["seconds"].append(round(time.perf_counter() - start, 1))
        row["fallbacks"].append(metrics.graph_fallbacks - before[0])
        row["graphs"].append(metrics.graphs_compiled - before[1])
    return row


def infer_error(model, compiled, inputs) -> float:
    import torch

    with torch.no_grad():
        return relative_error(compiled(*inputs), model(*inputs))


def train_error(model, compiled, inputs) -> float:
    def grads(fn):
        model.zero_grad(set_to_none=True)
        out = fn(*inputs)
        out.float().square().mean().backward()
        return out.detach(), {n: p.grad.clone() for n, p in model.named_parameters() if p.grad is not None}

    out, got = grads(compiled)
    ref_out, want = grads(model)
    scale = max((float(g.abs().max()) for g in want.values()), default=1.0) or 1.0
    missing = set(want) ^ set(got)
    worst = max((float((got[n] - want[n]).abs().max()) / scale for n in want if n in got), default=0.0)
    return max(relative_error(out, ref_out), worst, float("inf") if missing else 0.0)


def one_model(name: str, train: bool) -> dict:
    import torch

    sys.path.insert(0, HERE)
    from families import FAMILIES

    torch.backends.cuda.matmul.allow_tf32 = torch.backends.cudnn.allow_tf32 = False
    device = "cuda" if torch.cuda.is_available() else "cpu"
    row = {"model": name, "train": train}
    for variant, dynamic in (("dynamic_true", True), ("automatic", None)):
        try:
            row[variant] = run_variant(FAMILIES[name], dynamic, train, device)
        except Exception as exc:  # noqa: BLE001 - a failing model is a row, not the end of the run
            row[variant] = {"exception": f"{type(exc).__name__}: {exc}"[:500], "trace": traceback.format_exc()[-1500:]}
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", help="comma-separated family names (default: all)")
    parser.add_argument("--train", action="store_true")
    parser.add_argument("--parallel", type=int, default=1)
    parser.add_argument("--out", default=".", help="a folder for rows.jsonl and each model's log")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print("ROW " + json.dumps(one_model(args.one, args.train)), flush=True)
        return
    sys.path.insert(0, HERE)
    from families import FAMILIES

    names = args.only.split(",") if args.only else list(FAMILIES)
    os.makedirs(args.out, exist_ok=True)
    running: list = []
    while names or running:
        while names and len(running) < args.parallel:
            name = names.pop(0)
            log = open(os.path.join(args.out, f"{name}.log"), "w")
            cmd = [sys.executable, __file__, "--one", name] + (["--train"] if args.train else [])
            running.append((name, log, subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)))
        time.sleep(1)
        for item in [r for r in running if r[2].poll() is not None]:
            running.remove(item)
            item[1].close()
            report(args.out, item[0])


def report(out: str, name: str) -> None:
    with open(os.path.join(out, f"{name}.log")) as log:
        rows = [line[4:] for line in log if line.startswith("ROW ")]
    row = json.loads(rows[-1]) if rows else {"model": name, "crashed": True}
    with open(os.path.join(out, "rows.jsonl"), "a") as f:
        f.write(json.dumps(row) + "\n")
    print(summary(row), flush=True)


def summary(row: dict) -> str:
    parts = [row["model"]]
    for variant in ("dynamic_true", "automatic"):
        v = row.get(variant, {})
        if "exception" in v:
            parts.append(f"{variant}: {v['exception'][:150]}")
        elif v:
            errors = ", ".join(f"{e:.1e}" for e in v["error"])
            parts.append(f"{variant}: fallbacks {v['fallbacks']} graphs {v['graphs']} err [{errors}] s {v['seconds']}")
    return " | ".join(parts) if "crashed" not in row else f"{row['model']}: crashed"


if __name__ == "__main__":
    main()
