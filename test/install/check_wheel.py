"""Builds irc's wheel, installs it alone in a fresh environment and uses it from outside the source tree.

`make test` runs it (`make wheel-check`). The fresh environment borrows the dependencies (torch, triton, xdsl,
...) of the interpreter running this script, without its editable install of irc, so what is imported and run
comes from the wheel only: every module of the package (pkgutil.walk_packages), `python -m irc.demo` and the
console scripts. Every file the source tree tracks under the package roots must be in the wheel.

usage: python test/install/check_wheel.py [--keep]   (--keep leaves the temporary folder for inspection)
"""

import os
import shutil
import site
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# where each package root of the source tree lands in the wheel (pyproject.toml's package-dir)
PACKAGE_ROOTS = {"irc": "irc", "dialects": "irc/dialects", "passes": "irc/passes", "tools": "irc/tools"}
IMPORT_EVERY_MODULE = """
import importlib, pkgutil, sys
import irc
assert irc.__file__.startswith(sys.argv[1]), f"irc imported from {irc.__file__}, not the installed wheel"
names = [m.name for m in pkgutil.walk_packages(irc.__path__, "irc.")]
for name in names:
    module = importlib.import_module(name)
    assert module.__file__.startswith(sys.argv[1]), f"{name} imported from {module.__file__}"
print(f"imported {len(names)} modules of irc from the wheel")
"""
FIND_BACKEND = """
import torch._dynamo
assert "irc" in torch._dynamo.list_backends(exclude_tags=()), "no torch_dynamo_backends entry point for irc"
"""


def run(command: list[str], **kwargs) -> str:
    print("+", " ".join("<script>" if "\n" in str(part) else str(part) for part in command), flush=True)
    done = subprocess.run(command, text=True, capture_output=True, **kwargs)
    if done.returncode:
        sys.exit(f"{done.stdout}{done.stderr}\ncheck_wheel: failed ({done.returncode}): {' '.join(command)}")
    return done.stdout


def source_copy(dest: Path) -> Path:
    """The files git tracks or would track (no build outputs, no stale build/), copied to `dest`."""
    listed = run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT).split("\0")
    for name in filter(None, listed):
        if (ROOT / name).is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, dest / name)
    return dest


def build_wheel(source: Path, dist: Path) -> Path:
    """The wheel `pip wheel .` builds in `source`, after a first build with a module since removed (what a
    build folder left from an earlier build in place must not bring back)."""
    build = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(dist)]
    removed = source / "irc" / "removed_since.py"
    removed.write_text("")
    run([*build, "."], cwd=source)
    removed.unlink()
    for old in dist.glob("*.whl"):
        old.unlink()
    run([*build, "."], cwd=source)
    (wheel,) = dist.glob("*.whl")
    return wheel


def check_wheel_contents(wheel: Path, source: Path) -> None:
    """The wheel's package files are the files under the package roots (modules and data alike)."""
    inside = {name for name in zipfile.ZipFile(wheel).namelist() if name.startswith("irc/")}
    tree = set()
    for root, target in PACKAGE_ROOTS.items():
        for path in (source / root).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                tree.add(f"{target}/{path.relative_to(source / root).as_posix()}")
    for problem, names in (("lacks", tree - inside), ("has files not in the tree", inside - tree)):
        if names:
            listed = ", ".join(sorted(names)[:20])
            sys.exit(f"check_wheel: {wheel.name} {problem}: {len(names)} files: {listed}")
    print(f"{wheel.name}: its {len(inside)} package files are the tree's")


def borrowed_dependencies(dest: Path) -> Path:
    """The running interpreter's site-packages as links, less any installed irc (editable or not)."""
    dest.mkdir()
    for packages in dict.fromkeys(site.getsitepackages()):
        for entry in Path(packages).iterdir():
            if not is_irc(entry.name) and not (dest / entry.name).exists():
                (dest / entry.name).symlink_to(entry)
    return dest


def is_irc(entry: str) -> bool:
    """Whether a site-packages entry is an installed irc: its package, dist-info or editable finder."""
    name = entry.lower().replace("-", "_")
    return name in ("irc", "irc_compiler") or name.startswith(("irc_", "__editable__")) and "irc" in name


def site_packages(python: Path) -> str:
    return run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).strip()


def fresh_environment(where: Path, dependencies: Path) -> Path:
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True)
    python = where / "bin" / "python"
    # after the environment's own site-packages, so the wheel installed there comes first
    add_dependencies = f"import site; site.addsitedir({str(dependencies)!r})\n"
    Path(site_packages(python), "borrowed_dependencies.pth").write_text(add_dependencies)
    return python


def main() -> None:
    keep = "--keep" in sys.argv
    scratch = Path(tempfile.mkdtemp(prefix="irc-wheel-check-"))
    try:
        source = source_copy(scratch / "source")
        wheel = build_wheel(source, scratch / "dist")
        check_wheel_contents(wheel, source)
        python = fresh_environment(scratch / "env", borrowed_dependencies(scratch / "deps"))
        run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", "--no-index",
             str(wheel)])  # fmt: skip
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "IRC_", "VIRTUAL_ENV"))}
        env |= {"PYTHONSAFEPATH": "1", "IRC_CACHE_DIR": str(scratch / "cache")}
        env["PATH"] = f"{python.parent}:/usr/bin:/bin"
        outside = scratch / "elsewhere"
        outside.mkdir()
        use = dict(cwd=outside, env=env)
        print(run([str(python), "-c", IMPORT_EVERY_MODULE, site_packages(python)], **use), end="")
        run([str(python), "-c", FIND_BACKEND], **use)
        print(run([str(python), "-m", "irc.demo"], **use), end="")
        for script in ("irc-opt", "irc-run", "irc-reduce", "irc-fx-to-mlir"):
            run([str(python.parent / script), "--help"], **use)
        print(f"check_wheel: {wheel.name} works installed alone")
    finally:
        if keep:
            print(f"check_wheel: left {scratch}")
        else:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
