"""A generator of large random aten-level graphs, for the minifier's tests."""

import random

UNARY = ["sigmoid", "tanh", "neg", "abs", "exp", "relu"]
BINARY = ["add", "mul", "maximum", "minimum"]


def chain_graph(ops: int, planted: str | None = None, seed: int = 0, rows: int = 37, cols: int = 19) -> str:
    """`ops` elementwise ops (plus sums) over two [rows, cols] inputs; `planted` is used exactly once, midway."""
    rng = random.Random(seed)
    t = f"!aten.tensor<[{rows}, {cols}], f32>"
    arg = f"!aten.tensor<[{rows}, {cols}], f32, strides [{cols}, 1]>"
    row = f"!aten.tensor<[{rows}], f32>"
    values = [("x", arg), ("y", arg)]
    lines, outputs = [], []
    for k in range(ops):
        name = f"v{k}"
        if planted and k == ops // 2:
            (a, ta), (b, tb) = values[-1], rng.choice(values)
            lines.append(f"%{name} = aten.{planted} %{a}, %{b} : ({ta}, {tb}) -> {t}")
        elif k % 10 == 9:
            a, ta = values[-1]
            lines.append(f"%{name} = aten.sum %{a} dims = [1] : ({ta}) -> {row}")
            outputs.append((name, row))
            continue
        elif rng.random() < 0.4:
            a, ta = values[-1]
            lines.append(f"%{name} = aten.{rng.choice(UNARY)} %{a} : ({ta}) -> {t}")
        else:
            (a, ta), (b, tb) = values[-1], rng.choice(values[-6:])
            lines.append(f"%{name} = aten.{rng.choice(BINARY)} %{a}, %{b} : ({ta}, {tb}) -> {t}")
        values.append((name, t))
    outputs.append(values[-1])
    signature = f"%x: {arg}, %y: {arg}"
    returns = ", ".join(t for _, t in outputs)
    body = "\n".join("  " + line for line in lines)
    names = ", ".join("%" + n for n, _ in outputs)
    return f"func.func @forward({signature}) -> ({returns}) {{\n{body}\n  func.return {names} : {returns}\n}}\n"
