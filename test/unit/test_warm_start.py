"""A second process compiling the same model finds it in irc's cache: no import to the IR, no
passes, no emission (issue 18)."""

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


def run_model(script, cache_dir) -> list[str]:
    env = {**os.environ, "IRC_CACHE_DIR": str(cache_dir)}
    done = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.split()


def test_a_second_process_hits_the_cache_and_runs_no_passes(tmp_path):
    script = tmp_path / "model.py"
    script.write_text(MODEL)
    cold = run_model(script, tmp_path / "cache")
    warm = run_model(script, tmp_path / "cache")
    assert cold[:4] == ["0", "1", "0", "True"] and "passes" in cold[4].split(",")
    assert warm[:3] == ["1", "1", "0"]
    assert warm[3:] == ["False"]  # no phase at all, no IR: found by its FX text, xDSL never imported
