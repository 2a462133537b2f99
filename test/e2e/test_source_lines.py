"""The emitted module names, above each kernel, the model lines its ops came from (irc.source)."""

import inspect

import torch

from harness import rand


def model(x, w):
    scaled = x * w + 1
    return torch.softmax(scaled, -1).relu()


def test_output_code_shows_the_model_lines_above_the_kernel_fusing_them(tmp_path, monkeypatch):
    monkeypatch.setenv("IRC_DEBUG", "1")
    monkeypatch.setenv("IRC_DEBUG_DIR", str(tmp_path / "dbg"))
    monkeypatch.setenv("IRC_CACHE_DIR", str(tmp_path / "cache"))
    torch._dynamo.reset()
    x, w = rand(5, 37), rand(37)
    torch.testing.assert_close(torch.compile(model, backend="irc")(x, w), model(x, w))
    code = (tmp_path / "dbg" / "inference_0" / "output_code.py").read_text().splitlines()
    first = inspect.getsourcelines(model)[1]
    file = "test_source_lines.py"
    kernel = next(k for k, line in enumerate(code) if line.startswith("def triton_per_fused"))
    assert code[kernel - 1] == "@triton.jit"
    assert code[kernel - 3] == f"# File: {file}:{first + 1} in model, code: scaled = x * w + 1"
    returned = "return torch.softmax(scaled, -1).relu()"
    assert code[kernel - 2] == f"# File: {file}:{first + 2} in model, code: {returned}"
    nodes = code[kernel - 4]
    assert nodes.startswith("# Source Nodes: [mul, add, ") and "Original ATen: [aten.mul, aten.add, " in nodes
