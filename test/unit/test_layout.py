"""The tree's rules (issue 16): a pass imports dialects, analyses and xDSL, never another pass; the target
imports no pass; no file is longer than 600 lines."""

import ast
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# source folder -> the package it installs as (pyproject's package-dir)
PACKAGES = {"irc": "irc", "dialects": "irc.dialects", "passes": "irc.passes", "tools": "irc.tools"}
MAX_LINES = 600


def python_files(folder: str):
    for dirpath, dirnames, files in os.walk(os.path.join(ROOT, folder)):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py"):
                yield os.path.join(dirpath, name)


def module_name(path: str) -> str:
    rel = os.path.relpath(path, ROOT)[: -len(".py")].split(os.sep)
    parts = PACKAGES[rel[0]].split(".") + rel[1:]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: str) -> set[str]:
    """Every module `path` imports anywhere (top level, in functions, under TYPE_CHECKING), made absolute."""
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    package = module_name(path)
    if not path.endswith("__init__.py"):
        package = package.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")
                parent = parent[: len(parent) - node.level + 1]
                base = ".".join(parent + ([base] if base else []))
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return found


def pass_of(module: str) -> str | None:
    """`kernel_fuse` for irc.passes.kernel_fuse.plan; None outside irc.passes."""
    parts = module.split(".")
    return parts[2] if parts[:2] == ["irc", "passes"] and len(parts) > 2 else None


def cross_pass_imports() -> list[str]:
    """`<file> imports irc.passes.<other pass>`, once per file and pass."""
    found = set()
    for path in python_files("passes"):
        own = pass_of(module_name(path))
        for imported in imported_modules(path):
            other = pass_of(imported)
            if other is not None and other != own:
                found.add(f"{os.path.relpath(path, ROOT)} imports irc.passes.{other}")
    return sorted(found)


def import_graph() -> dict[str, set[str]]:
    """Module -> the irc modules it imports (anywhere in the file; `from a import b` counts as importing a.b
    where that is a module, else a)."""
    modules = {module_name(path): path for folder in PACKAGES for path in python_files(folder)}

    def resolve(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    return {
        module: {r for name in imported_modules(path) if (r := resolve(name)) is not None and r != module}
        for module, path in modules.items()
    }


def import_circles() -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    graph = import_graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while not component or component[-1] != v:
                component.append(stack.pop())
            if len(component) > 1:
                circles.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return circles


def test_no_pass_imports_another_pass():
    assert cross_pass_imports() == []


def test_no_import_circles():
    """No module imports one that (directly or not) imports it back, also inside functions or under
    TYPE_CHECKING."""
    assert import_circles() == []


@pytest.mark.parametrize("folder", ["irc", "dialects", "tools"])
def test_only_the_registry_names_passes(folder):
    """The target, runtime, interpreters, dialects and analyses import no pass (the registry names them as
    strings; tests may import them)."""
    found = [
        f"{os.path.relpath(path, ROOT)} imports {imported}"
        for path in python_files(folder)
        for imported in sorted(imported_modules(path))
        if pass_of(imported) is not None or imported == "irc.passes"
    ]
    assert found == []


def test_files_are_short():
    long = []
    for folder in ("irc", "dialects", "passes", "tools"):
        for path in python_files(folder):
            with open(path) as f:
                lines = sum(1 for _ in f)
            if lines > MAX_LINES:
                long.append(f"{os.path.relpath(path, ROOT)}: {lines} lines")
    assert long == []
