"""reproduce.sh, as the debug folders hold it: irc's tools run by the Python that compiled the graph
(`python -m irc.tools.irc_opt`), so the script runs as written without the tools on PATH (a virtual
environment that is not activated)."""

import os
import shlex
import stat
import sys

TOOL_MODULES = {"irc-opt": "irc.tools.irc_opt", "irc-reduce": "irc.tools.irc_reduce",
                "irc-run": "irc.tools.irc_run"}  # fmt: skip


def tool_command(tool: str, *args: str) -> str:
    """The shell line running `tool` with `args` (each quoted)."""
    return " ".join([shlex.quote(sys.executable), "-m", TOOL_MODULES[tool], *map(shlex.quote, args)])


def write_script(path: str, comments: list[str], commands: list[str]) -> str:
    """An executable shell script: `comments` as `#` lines, then `commands`."""
    lines = ["#!/bin/sh", *(f"# {line}" for line in comments), *commands]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path
