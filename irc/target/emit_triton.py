"""Emission of a triton-level module as Python source (stub until the end-to-end issue)."""

from xdsl.dialects.builtin import ModuleOp


def emit_module(module: ModuleOp, wrapper: bool = True) -> str:
    from irc.dialects import triton

    names = [op.sym_name.data for op in module.walk() if isinstance(op, triton.FuncOp)]
    lines = ["import triton", "import triton.language as tl", ""]
    lines += [f"# kernel {name}: emission not implemented yet" for name in names]
    return "\n".join(lines) + "\n"
