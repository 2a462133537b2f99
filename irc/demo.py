"""`make run`: compile the Inductor notes' ToyModule with torch.compile(backend="irc") and check it against eager.

Runs on a machine without a GPU: CPU tensors go through Triton's interpreter.
"""

import sys


def toy_module():
    import torch

    class ToyModule(torch.nn.Module):
        def forward(self, x, y, u):
            z = x + y
            z = z.reshape(x.shape[1], x.shape[0])
            h = x @ u
            return torch.sigmoid(h.sum(1)), z

    return ToyModule()


def summary(graphs: int, kernels: int, externs: dict[str, int]) -> str:
    """What was compiled: an extern is an ATen op the compiled module calls (a matmul's cuBLAS), not a failure;
    graphs that ran eagerly after a compiler error are reported apart."""
    called = ", ".join(f"{name} x{count}" for name, count in sorted(externs.items())) or "none"
    return f"irc: compiled {graphs} graph(s) into {kernels} Triton kernel(s) and externs: {called}"


def main() -> int:
    import torch

    from irc import metrics

    torch.manual_seed(0)
    d0, d1 = 37, 129
    x, y, u = torch.randn(d0, d1), torch.randn(d0, d1), torch.randn(d1, 17)
    model = toy_module()
    metrics.reset()
    compiled = torch.compile(model, backend="irc")
    got = compiled(x, y, u)
    want = model(x, y, u)
    for g, w in zip(got, want):
        torch.testing.assert_close(g, w, rtol=1e-4, atol=1e-4)
    print(summary(metrics.graphs_compiled, metrics.generated_kernel_count, dict(metrics.fallbacks)))
    for path in metrics.generated_modules:
        print(f"irc: generated module {path}")
        with open(path) as f:
            for line in f:
                if line.startswith("def triton_"):
                    print("   kernel", line[4:line.index("(")])
    if metrics.graph_fallbacks:
        print(f"irc: {metrics.graph_fallbacks} graph(s) ran eagerly after a compiler error", file=sys.stderr)
        return 1
    print("irc: results match eager")
    return 0


if __name__ == "__main__":
    sys.exit(main())
