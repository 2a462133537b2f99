"""kernel-fuse's report: every group and every rejected candidate as text, the op graph as DOT and SVG.

`write_report(prefix, functions)` writes `prefix.txt`, `prefix.dot` and `prefix.svg`. The SVG comes from
graphviz's `dot` when it is installed, else from a small layered layout drawn here. Ops are named by their
position in the host block before fusion (`op3`) and their result's name; an op fused into a template as
the prologue computing an operand is listed as `prologue: op2 ...` in its group.
"""

import html
import os
import shutil
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.ir import Operation

from irc.dialects.kernel import ExternOp, LaunchOp
from irc.dialects.kernel_analysis.prologue import prologues
from irc.dialects.kernel_template import TEMPLATE_OPS, ChoiceOp
from irc.dialects.loop import PointwiseOp, ReductionOp
from irc.passes.kernel_fuse.build import kernel_op_names
from irc.passes.kernel_fuse.plan import Decision, FusionPlanner

PALETTE = (
    "#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462",
    "#b3de69", "#fccde5", "#bc80bd", "#ccebc5", "#ffed6f", "#a6cee3",
)  # fmt: skip
HOST_COLOUR = "#e0e0e0"


@dataclass
class FunctionReport:
    """What kernel-fuse decided for one host function."""

    name: str
    labels: list[str]  # per op position
    edges: list[tuple[int, int]]
    groups: list[tuple[str | None, list[int]]]  # (kernel name or None for a host op, op positions)
    decisions: list[Decision]
    kernel_bytes: dict[str, tuple[str, str]]  # kernel -> (bytes read, bytes written)
    choices: list[str]  # one line per kernel.choice of the host
    prologues: set[int]  # positions of the ops fused into templates as prologues


def describe(op: Operation, position: int) -> str:
    """`op3 %buf1 = loop.reduction sum [3] x [9] (add, sum)`."""
    names = [f"%{r.name_hint}" for r in op.results if r.name_hint]
    text = f"op{position}" + (f" {', '.join(names)} =" if names else "") + f" {op.name}"
    if isinstance(op, ReductionOp):
        text += f" {op.kind.data} {_dims(op.ranges)} x {_dims(op.reduce)}"
    elif isinstance(op, PointwiseOp):
        text += f" {_dims(op.ranges)}"
    elif isinstance(op, TEMPLATE_OPS):
        text += f" {_dims(op.ranges)} x [{_dim_text(op.lhs.type.shape.data[-1])}]"
    if isinstance(op, (PointwiseOp, ReductionOp, *TEMPLATE_OPS)):
        text += f" ({', '.join(dict.fromkeys(kernel_op_names([op])))})"
    if isinstance(op, ExternOp):
        text += f' "{op.overload.data}"'
    return text


def _dim_text(dim) -> str:
    return str(getattr(dim, "data", dim))


def _dims(dims) -> str:
    return "[" + ", ".join(str(getattr(d, "data", d)) for d in dims.data) + "]"


def describe_choice(op: ChoiceOp) -> str:
    """`fused_gelu_mm_0: template (@fused_gelu_mm_0) or extern (aten::mm.default, @gelu_1), default extern`."""
    parts = []
    for name, region in zip(op.names, op.bodies):
        steps = [f"@{o.callee.string_value()}" if isinstance(o, LaunchOp) else o.overload.data
                 for o in region.block.ops if isinstance(o, LaunchOp | ExternOp)]  # fmt: skip
        parts.append(f"{name} ({', '.join(steps)})")
    default = op.names[op.default.data]
    return f"{op.site.data}: {' or '.join(parts)}; measured on the first CUDA call, else {default}"


def function_report(name: str, planner: FusionPlanner, kernel_names, bytes_by_kernel, labels, func) -> FunctionReport:
    """Collects a function's report after its kernels were built (kernel_names: one per planned item; labels:
    each op described before the build; func: the host built)."""
    positions = planner.graph.index
    items = [[positions[op] for op in item] for item in planner.planned_items]
    edges = [(a, b) for a, succs in enumerate(planner.graph.succs) for b in sorted(succs)]
    groups = list(zip(kernel_names, items))
    choices = [describe_choice(op) for op in func.walk() if isinstance(op, ChoiceOp)]
    fused = {positions[op] for item in planner.planned_items if len(item) > 1 for op in prologues(item)}
    return FunctionReport(name, labels, edges, groups, planner.decisions, bytes_by_kernel, choices, fused)


# ---------------------------------------------------------------------------
# Text
# ---------------------------------------------------------------------------


def report_text(functions: Sequence[FunctionReport]) -> str:
    lines = []
    for f in functions:
        lines.append(f"func @{f.name}: kernels {sum(1 for k, _ in f.groups if k)}")
        lines.append("")
        lines.append("groups:")
        for kernel, members in f.groups:
            if kernel is None:
                lines.append(f"  host: {f.labels[members[0]]}")
                continue
            read, written = f.kernel_bytes.get(kernel, ("?", "?"))
            lines.append(f"  {kernel}: reads {read} bytes, writes {written} bytes")
            lines += [f"    {'prologue: ' if k in f.prologues else ''}{f.labels[k]}" for k in members]
        lines.append("")
        lines.append("candidates (round, kind, score in bytes saved, outcome):")
        for d in f.decisions:
            outcome = "fused" if d.rejected is None else f"rejected: {d.rejected}"
            lines.append(f"  round {d.round}: {d.kind} {_item(d.first)} + {_item(d.second)}, score {d.score}: {outcome}")
        lines.append("")
        if f.choices:  # which alternative runs: irc.metrics.choices, and the log ("irc: choice ...")
            lines.append("choices (templates or cuBLAS, chosen by measuring them at run time):")
            lines += [f"  {c}" for c in f.choices]
            lines.append("")
    return "\n".join(lines)


def _item(members: tuple[int, ...]) -> str:
    return "{" + ", ".join(f"op{k}" for k in members) + "}"


# ---------------------------------------------------------------------------
# Graph pictures
# ---------------------------------------------------------------------------


def colours(f: FunctionReport) -> dict[int, tuple[str, str]]:
    """op position -> (fill colour, kernel name or "host")."""
    out, kernels = {}, 0
    for kernel, members in f.groups:
        colour = HOST_COLOUR if kernel is None else PALETTE[kernels % len(PALETTE)]
        kernels += kernel is not None
        for k in members:
            out[k] = (colour, kernel or "host")
    return out


def report_dot(functions: Sequence[FunctionReport]) -> str:
    lines = ["digraph fusion {", "  node [shape=box, style=filled, fontname=monospace];"]
    for n, f in enumerate(functions):
        lines.append(f'  subgraph cluster_{n} {{ label="@{f.name}";')
        fill = colours(f)
        for k, label in enumerate(f.labels):
            colour, kernel = fill.get(k, (HOST_COLOUR, "host"))
            text = (label + "\\n" + kernel).replace('"', "'")
            lines.append(f'    f{n}_op{k} [label="{text}", fillcolor="{colour}"];')
        lines += [f"    f{n}_op{a} -> f{n}_op{b};" for a, b in f.edges]
        lines.append("  }")
    lines.append("}")
    return "\n".join(lines) + "\n"


def layered_svg(functions: Sequence[FunctionReport]) -> str:
    """A plain SVG: one row per dependence depth, boxes coloured by kernel, lines for dependences."""
    box_w, box_h, gap_x, gap_y, char_w = 420, 44, 30, 40, 6.2
    shapes, width, top = [], 0, 20
    for f in functions:
        shapes.append(f'<text x="10" y="{top}" font-size="14" font-weight="bold">@{html.escape(f.name)}</text>')
        top += 15
        depth = [0] * len(f.labels)
        for a, b in sorted(f.edges, key=lambda e: e[1]):
            depth[b] = max(depth[b], depth[a] + 1)
        rows: dict[int, list[int]] = {}
        for k, d in enumerate(depth):
            rows.setdefault(d, []).append(k)
        where = {}
        for d, ops in sorted(rows.items()):
            for col, k in enumerate(ops):
                where[k] = (10 + col * (box_w + gap_x), top + d * (box_h + gap_y))
        fill = colours(f)
        for a, b in f.edges:
            (xa, ya), (xb, yb) = where[a], where[b]
            shapes.append(
                f'<line x1="{xa + box_w / 2}" y1="{ya + box_h}" x2="{xb + box_w / 2}" y2="{yb}" '
                'stroke="#555" marker-end="url(#arrow)"/>'
            )
        for k, (x, y) in where.items():
            colour, kernel = fill.get(k, (HOST_COLOUR, "host"))
            label = f.labels[k][: int(box_w / char_w) - 2]
            shapes.append(f'<rect x="{x}" y="{y}" width="{box_w}" height="{box_h}" fill="{colour}" stroke="#333"/>')
            shapes.append(f'<text x="{x + 6}" y="{y + 17}" font-size="11">{html.escape(label)}</text>')
            shapes.append(f'<text x="{x + 6}" y="{y + 34}" font-size="11" fill="#333">{html.escape(kernel)}</text>')
            width = max(width, x + box_w + 10)
        top += (max(depth, default=0) + 1) * (box_h + gap_y) + 20
    header = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{max(width, 200)}" height="{top}" font-family="monospace">'
        '<defs><marker id="arrow" markerWidth="8" markerHeight="8" refX="8" refY="4" orient="auto">'
        '<path d="M0,0 L8,4 L0,8 z" fill="#555"/></marker></defs>'
    )
    return "\n".join([header, *shapes, "</svg>"]) + "\n"


def render_svg(dot_text: str, functions: Sequence[FunctionReport]) -> str:
    """graphviz's rendering when `dot` is installed (and works), else the plain layered one."""
    dot = shutil.which("dot")
    if dot is not None:
        done = subprocess.run([dot, "-Tsvg"], input=dot_text, capture_output=True, text=True, check=False)
        if done.returncode == 0:
            return done.stdout
    return layered_svg(functions)


def write_report(prefix: str, functions: Sequence[FunctionReport]) -> list[str]:
    """Writes prefix.txt, prefix.dot and prefix.svg; returns their paths."""
    folder = os.path.dirname(prefix)
    if folder:
        os.makedirs(folder, exist_ok=True)
    dot_text = report_dot(functions)
    contents = {".txt": report_text(functions), ".dot": dot_text, ".svg": render_svg(dot_text, functions)}
    paths = []
    for suffix, text in contents.items():
        with open(prefix + suffix, "w") as f:
            f.write(text)
        paths.append(prefix + suffix)
    return paths
