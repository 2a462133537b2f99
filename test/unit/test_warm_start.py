"""A second process compiling the same model finds it in irc's cache: no import to the IR, no
passes, no emission, and for inference graphs whose aot_autograd wrappers do nothing no aot_autograd at all
(issue 18)."""

import json
import os
import subprocess
import sys
import textwrap

MODEL = textwrap.dedent(
    """
    import sys
    import torch
    from irc import metrics
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(33, 17), torch.nn.GELU(), torch.nn.LayerNorm(17))
    x = torch.randn(7, 33)
    with torch.no_grad():
        out = torch.compile(model, backend="irc")(x)
        torch.testing.assert_close(out, model(x))
    phases = sorted(metrics.phase_seconds)
    xdsl = any(name.startswith("xdsl") for name in sys.modules)
    print(metrics.cache_hits, metrics.graphs_compiled, metrics.graph_fallbacks, xdsl, ",".join(phases))
    """
)

# Unseeded: the second process has other weights, buffers and inputs, so a module that kept the first
# process's values would fail the comparison with eager.
MODELS = textwrap.dedent(
    """
    import json
    import torch
    from torch._dynamo.utils import counters
    from irc import metrics

    class Scaled(torch.nn.Module):  # buffers: read, not written
        def __init__(self):
            super().__init__()
            self.linear = torch.nn.Linear(12, 8)
            self.norm = torch.nn.BatchNorm1d(8).eval()
            self.register_buffer("scale", torch.rand(8) + 0.5)
            self.norm.running_mean.normal_()
            self.norm.running_var.uniform_(0.5, 2.0)

        def forward(self, x):
            return self.norm(self.linear(x)).relu() * self.scale

    def mutates(x, y):
        x.mul_(2)
        return (x + y).sin()

    def aliases(x):
        return x.t(), x.exp()

    def run(name, fn, inputs, grad):
        counters.clear()
        metrics.reset()
        torch._dynamo.reset()
        eager_inputs = [t.clone() for t in inputs]
        with torch.set_grad_enabled(grad):
            got = torch.compile(fn, backend="irc")(*inputs)
            want = fn(*eager_inputs)
        torch.testing.assert_close(got, want)
        torch.testing.assert_close(inputs, eager_inputs)  # input mutations as in eager
        aot = counters["aot_autograd"]["total"]
        return name, {"hits": metrics.cache_hits, "graphs": metrics.graphs_compiled, "aot": aot}

    rows = dict([
        run("buffers", Scaled(), [torch.randn(5, 12)], grad=False),
        run("buffers_grad_on", Scaled().requires_grad_(False), [torch.randn(5, 12)], grad=True),
        run("mutation", mutates, [torch.randn(4, 6), torch.randn(4, 6)], grad=False),
        run("aliased_output", aliases, [torch.randn(3, 5)], grad=False),
        run("training", torch.nn.Linear(6, 3), [torch.randn(4, 6)], grad=True),
    ])
    print(json.dumps(rows))
    """
)


def run_model(script, cache_dir) -> str:
    env = {**os.environ, "IRC_CACHE_DIR": str(cache_dir)}
    done = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_a_second_process_hits_the_cache_and_runs_no_passes(tmp_path):
    script = tmp_path / "model.py"
    script.write_text(MODEL)
    cold = run_model(script, tmp_path / "cache").split()
    warm = run_model(script, tmp_path / "cache").split()
    assert cold[:4] == ["0", "1", "0", "True"] and "passes" in cold[4].split(",")
    assert warm[:3] == ["1", "1", "0"]
    assert warm[3:] == ["False"]  # no phase at all, no IR: found by its FX text, xDSL never imported


def test_a_second_process_skips_aot_autograd_only_where_its_wrappers_do_nothing(tmp_path):
    script = tmp_path / "models.py"
    script.write_text(MODELS)
    cold, warm = (json.loads(run_model(script, tmp_path / "cache").splitlines()[-1]) for _ in range(2))
    assert all(row["graphs"] == 1 and row["aot"] == 1 for row in cold.values()), cold
    # inference graphs of plain inputs and buffers: found by the Dynamo graph, aot_autograd never runs
    assert warm["buffers"] == warm["buffers_grad_on"] == {"hits": 1, "graphs": 1, "aot": 0}, warm
    # an input mutation, an output aliasing an input, a training graph: aot_autograd's wrappers are needed,
    # the module itself comes from the cache
    for name in ("mutation", "aliased_output", "training"):
        assert warm[name] == {"hits": 1, "graphs": 1, "aot": 1}, (name, warm)
