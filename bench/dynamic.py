"""Dynamic shapes on the GPU: a CNN and a decoder, each compiled static and with `dynamic=True`, irc against
Inductor, timed at three sizes.

    python3 bench/dynamic.py --out DIR/dynamic.json             # H200: bf16, the sizes below
    python3 bench/dynamic.py --only cnn --variants irc_dynamic,inductor_dynamic
    python3 bench/dynamic.py --smoke --out /tmp/dynamic.json    # CPU, tiny sizes, Triton's interpreter

Models: a ResNet-18-like CNN defined here (channels_last; the batch varies) and GPT-2 built from its
`transformers` config with random weights (the sequence length varies). Variants: irc and Inductor each with
`dynamic=False` (every size compiles again: the reference) and `dynamic=True` (one graph with symbolic sizes
expected to serve every size). Each variant starts from a fresh Dynamo and calls the sizes in order: the first
call at a size is timed as its compile seconds (with the graphs the backend compiled during that call: more
than zero after the first size is a recompilation), then the call is timed (do_bench median on CUDA) and its
output compared with eager's. Compile caches (irc's and Inductor's) live in a fresh temporary folder, so
compiles are cold. A markdown table is printed; --out writes every number as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
import traceback

# sizes: (batch, image side) for the CNN, (batch, sequence length) for the decoder
SIZES = {"cnn": [(8, 224), (20, 224), (32, 224)], "gpt2": [(8, 128), (8, 300), (8, 512)]}
SMOKE_SIZES = {"cnn": [(2, 32), (3, 32), (2, 24)], "gpt2": [(2, 16), (2, 24), (3, 13)]}
VARIANTS = {  # name -> (backend, dynamic)
    "irc_static": ("irc", False),
    "irc_dynamic": ("irc", True),
    "inductor_static": ("inductor", False),
    "inductor_dynamic": ("inductor", True),
}
TOLERANCE = {"bfloat16": 0.1, "float32": 1e-3}  # max |compiled - eager| / max |eager|


def resnet18_like(width: int, classes: int):
    """ResNet-18's layout (a 7x7 stride-2 stem, max pooling, four stages of two basic blocks, the first of
    each later stage strided, adaptive average pooling, a linear head) at base width `width`."""
    import torch
    from torch import nn

    class Block(nn.Module):
        def __init__(self, cin: int, cout: int, stride: int):
            super().__init__()
            self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
            self.bn1 = nn.BatchNorm2d(cout)
            self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
            self.bn2 = nn.BatchNorm2d(cout)
            self.down = None
            if stride != 1 or cin != cout:
                self.down = nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout))

        def forward(self, x):
            y = torch.relu(self.bn1(self.conv1(x)))
            y = self.bn2(self.conv2(y))
            return torch.relu(y + (x if self.down is None else self.down(x)))

    widths = [width, 2 * width, 4 * width, 8 * width]
    stem = nn.Conv2d(3, width, 7, 2, 3, bias=False)
    layers = [stem, nn.BatchNorm2d(width), nn.ReLU(), nn.MaxPool2d(3, 2, 1)]
    cin = width
    for stage, cout in enumerate(widths):
        layers += [Block(cin, cout, 1 if stage == 0 else 2), Block(cout, cout, 1)]
        cin = cout
    layers += [nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(cin, classes)]
    return nn.Sequential(*layers)


def build(name: str, smoke: bool, device: str, dtype):
    """(module to compile, size -> inputs)."""
    import torch

    torch.manual_seed(0)
    if name == "cnn":
        model = resnet18_like(8 if smoke else 64, 10 if smoke else 1000)
        model = model.to(device=device, dtype=dtype, memory_format=torch.channels_last).eval()

        def inputs(size):
            batch, side = size
            x = torch.randn(batch, 3, side, side, device=device, dtype=dtype)
            return (x.contiguous(memory_format=torch.channels_last),)

        return model, inputs
    import transformers

    class Logits(torch.nn.Module):
        def __init__(self, lm):
            super().__init__()
            self.lm = lm

        def forward(self, ids):
            return self.lm(input_ids=ids).logits

    shape = dict(n_layer=2, n_embd=32, n_head=2, vocab_size=128, n_positions=64) if smoke else {}
    config = transformers.GPT2Config(use_cache=False, **shape)
    model = transformers.GPT2LMHeadModel(config).to(device=device, dtype=dtype).eval()

    def token_inputs(size):
        batch, length = size
        return (torch.randint(0, config.vocab_size, (batch, length), device=device),)

    return Logits(model), token_inputs


def counting_backend(backend: str, counter: list[int]):
    """`backend` with a count of the graphs it is asked to compile (Dynamo calls it once per graph)."""
    from torch._dynamo import lookup_backend

    inner = lookup_backend(backend)

    def compile_graph(graph_module, example_inputs):
        counter[0] += 1
        return inner(graph_module, example_inputs)

    return compile_graph


def relative_error(got, want) -> float:
    want = want.float()
    scale = want.abs().max().item() or 1.0
    return (got.float() - want).abs().max().item() / scale


def call_ms(fn, inputs, device: str) -> float:
    if device != "cuda":
        start = time.perf_counter()
        fn(*inputs)
        return (time.perf_counter() - start) * 1e3
    from triton.testing import do_bench

    return do_bench(lambda: fn(*inputs), warmup=25, rep=200, return_mode="median")


def run_variant(model, sizes, inputs_per_size, wants, variant: str, device: str) -> dict:
    """One variant at every size in order: first-call seconds, graphs compiled, ms, error against eager."""
    import torch

    from irc import metrics

    backend, dynamic = VARIANTS[variant]
    torch._dynamo.reset()
    metrics.reset()
    graphs = [0]
    compiled = torch.compile(model, backend=counting_backend(backend, graphs), dynamic=dynamic)
    rows = []
    for size, inputs, want in zip(sizes, inputs_per_size, wants):
        before = graphs[0]
        row = {"size": list(size)}
        try:
            with torch.no_grad():
                start = time.perf_counter()
                got = compiled(*inputs)
                if device == "cuda":
                    torch.cuda.synchronize()
                row["compile_s"] = time.perf_counter() - start
                row["graphs"] = graphs[0] - before
                row["error"] = relative_error(got, want)
                row["ms"] = call_ms(compiled, inputs, device)
        except Exception as error:  # noqa: BLE001 - a failure is a result to report
            row["failed"] = f"{type(error).__name__}: {error}"[:300]
            traceback.print_exc()
        rows.append(row)
    result = {"sizes": rows, "recompilations": max(0, graphs[0] - (rows[0].get("graphs") or 0))}
    if backend == "irc":
        result["graph_fallbacks"] = metrics.graph_fallbacks
    return result


def run_model(name: str, variants: list[str], smoke: bool, device: str, dtype) -> dict:
    import torch

    model, make_inputs = build(name, smoke, device, dtype)
    sizes = (SMOKE_SIZES if smoke else SIZES)[name]
    inputs_per_size = [make_inputs(size) for size in sizes]
    with torch.no_grad():
        wants = [model(*inputs) for inputs in inputs_per_size]
        eager = [call_ms(model, inputs, device) for inputs in inputs_per_size]
    result = {"model": name, "sizes": [list(s) for s in sizes], "eager_ms": eager, "variants": {}}
    for variant in variants:
        print(f"{name}: {variant}", file=sys.stderr, flush=True)
        result["variants"][variant] = run_variant(
            model, sizes, inputs_per_size, wants, variant, device
        )
        result["variants"][variant]["ok"] = all(
            "failed" not in row and row["error"] <= TOLERANCE[str(dtype).removeprefix("torch.")]
            for row in result["variants"][variant]["sizes"]
        )
    return result


def _cell(row: dict, key: str, digits: int) -> str:
    return "failed" if "failed" in row else f"{row[key]:.{digits}f}"


def table(results: list[dict]) -> str:
    """Markdown: per model and variant, ms and first-call seconds at each size, recompilations."""
    lines = []
    for result in results:
        sizes = " / ".join("x".join(map(str, s)) for s in result["sizes"])
        lines += [
            f"\n**{result['model']}** (sizes {sizes}; eager ms "
            + " / ".join(f"{ms:.3f}" for ms in result["eager_ms"])
            + ")\n",
            "| variant | ms per size | first-call s per size | total compile s | recompilations "
            "| irc graph fallbacks | matches eager |",
            "|---|---|---|---:|---:|---:|---|",
        ]
        for variant, data in result["variants"].items():
            rows = data["sizes"]
            matches = "yes" if data["ok"] else "NO"
            total = sum(row.get("compile_s", 0.0) for row in rows)
            lines.append(
                f"| {variant} | {' / '.join(_cell(r, 'ms', 3) for r in rows)} "
                f"| {' / '.join(_cell(r, 'compile_s', 1) for r in rows)} | {total:.1f} "
                f"| {data['recompilations']} | {data.get('graph_fallbacks', '')} | {matches} |"
            )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--out", help="write the results as JSON here")
    parser.add_argument("--only", default="cnn,gpt2", help="models: cnn, gpt2")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--smoke", action="store_true", help="tiny sizes on CPU (Triton's interpreter), fp32")
    args = parser.parse_args()
    cache = tempfile.mkdtemp(prefix="irc-dynamic-bench-")
    os.environ.setdefault("IRC_CACHE_DIR", os.path.join(cache, "irc"))
    os.environ.setdefault("TORCHINDUCTOR_CACHE_DIR", os.path.join(cache, "inductor"))
    import torch

    device = "cpu" if args.smoke else "cuda"
    dtype = torch.float32 if args.smoke else torch.bfloat16
    torch._dynamo.config.cache_size_limit = max(torch._dynamo.config.cache_size_limit, 8)
    variants = args.variants.split(",")
    results = [run_model(name, variants, args.smoke, device, dtype) for name in args.only.split(",")]
    device_name = torch.cuda.get_device_name() if device == "cuda" else "cpu"
    print(f"## Dynamic shapes ({device_name}, {str(dtype).removeprefix('torch.')})")
    print(table(results))
    if args.out:
        with open(args.out, "w") as f:
            json.dump({"device": device_name, "dtype": str(dtype), "results": results}, f, indent=1)


if __name__ == "__main__":
    main()
