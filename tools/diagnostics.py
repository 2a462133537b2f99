"""How irc's command-line tools end: a diagnostic and an exit code, never a Python traceback.

`run_tool("irc-opt", body, argv)` runs `body(argv)` (which returns an exit code) and turns what it raises
into one of:

- a user error (bad input, bad options, unreadable or unwritable files, input nested too deeply for the
  parser): `irc-opt: error: ...`, exit 1; a parse or verifier error as `file:line:col: error: ...` with the
  source line or the op underlined (irc/source_locations.py);
- anything else, a bug in irc: one line `irc-opt: internal error: ...` that says so and where to report it,
  exit 2; the traceback only with `--traceback` (or IRC_TRACEBACK=1).

The body runs in a thread with a large stack and a high recursion limit, so deeply nested but valid IR (xDSL
parses, verifies and prints regions recursively) still works, and what is deeper still ends in a
diagnostic rather than a RecursionError or a crash.

The objects a tool leaves are released with its process: the collector's last collection at exit, which
walks and frees the IR object by object (a second for a 5 MB module), is skipped (`gc.freeze` at exit), unless
Triton was loaded (its bindings report objects still alive at exit as leaks).
"""

from __future__ import annotations

import atexit
import gc
import os
import sys
import threading
import traceback
from collections.abc import Callable, Sequence

REPORT = "this is a bug in irc: please report it, with the input, in irc's issue tracker"
RECURSION_LIMIT = 60_000
STACK_BYTES = 1 << 30


def user_errors() -> tuple[type[BaseException], ...]:
    """Exceptions that describe a problem with the input or the options, not with irc."""
    from xdsl.utils.arg_spec import ArgSpecParseError
    from xdsl.utils.exceptions import DiagnosticException, ParseError, PassFailedException, VerifyException

    return (ParseError, DiagnosticException, VerifyException, PassFailedException, ArgSpecParseError, ValueError)


def wants_traceback(argv: list[str]) -> bool:
    """Removes `--traceback` from argv; whether it (or IRC_TRACEBACK=1) asks for tracebacks."""
    found = "--traceback" in argv
    while "--traceback" in argv:
        argv.remove("--traceback")
    from irc import config

    return found or config.traceback


def add_traceback_argument(parser) -> None:
    """Lists --traceback in a tool's --help (run_tool takes it out of argv before the parser runs)."""
    parser.add_argument("--traceback", action="store_true", help="print the Python traceback of a failure")


AFTER_PASS = "irc_after_pass"  # the attribute of an exception naming the pass after which it was raised


def describe_located(prog: str, exc: BaseException) -> str | None:
    """The diagnostic of a parse error or an op's verifier error, led by the source position where known."""
    from xdsl.utils.exceptions import ParseError, VerifyException

    from irc.source_locations import AttributeVerifyError, describe_parse_error, describe_verify_error, failing_op

    if isinstance(exc, (ParseError, AttributeVerifyError)):
        return describe_parse_error(exc)
    if isinstance(exc, VerifyException) and (op := failing_op(exc)) is not None:
        return describe_verify_error(op, str(exc), getattr(exc, AFTER_PASS, ""), prog)
    return None


def describe(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        where = f" '{exc.filename}'" if exc.filename else ""
        return f"cannot access{where}: {exc.strerror}"
    return str(exc) or type(exc).__name__


def diagnose(prog: str, exc: BaseException, show_traceback: bool) -> int:
    """Prints the diagnostic for `exc` on stderr; returns the exit code."""
    if show_traceback:
        traceback.print_exception(exc, file=sys.stderr)
    if isinstance(exc, KeyboardInterrupt):
        return 130
    if isinstance(exc, RecursionError):
        message, code = "input nested too deeply (regions, ops or expressions) for irc to handle", 1
    elif isinstance(exc, MemoryError):
        message, code = "out of memory", 1
    elif isinstance(exc, OSError):
        message, code = describe(exc), 1
    elif isinstance(exc, user_errors()):
        located = describe_located(prog, exc)
        if located is not None:
            print(located, file=sys.stderr)
            return 1
        message, code = describe(exc), 1
    else:
        first = (str(exc).splitlines() or [""])[0][:200]
        hint = "" if show_traceback else "; rerun with --traceback to see where"
        print(f"{prog}: internal error: {type(exc).__name__}: {first} ({REPORT}{hint})", file=sys.stderr)
        return 2
    print(f"{prog}: error: {message}", file=sys.stderr)
    return code


def run_tool(prog: str, body: Callable[[list[str]], int | None], argv: Sequence[str] | None = None) -> int:
    """Runs `body(argv)` as described above; returns the exit code (the caller passes it to sys.exit)."""
    args = list(sys.argv[1:] if argv is None else argv)
    show = wants_traceback(args)
    outcome: list = [1]

    def target() -> None:
        try:
            outcome[0] = body(args) or 0
        except SystemExit as exc:  # argparse's usage errors and explicit exits
            outcome[0] = _exit_code(exc.code)
        except BrokenPipeError:
            outcome[0] = _broken_pipe()
        except BaseException as exc:  # every failure ends in a diagnostic
            try:
                outcome[0] = diagnose(prog, exc, show)
            except BrokenPipeError:
                outcome[0] = _broken_pipe()

    atexit.unregister(_leave_objects_to_exit)
    atexit.register(_leave_objects_to_exit)
    limit = sys.getrecursionlimit()
    size = threading.stack_size()
    try:
        threading.stack_size(STACK_BYTES)
        sys.setrecursionlimit(max(limit, RECURSION_LIMIT))
        worker = threading.Thread(target=target, name=prog, daemon=True)
        worker.start()
        worker.join()
    except KeyboardInterrupt:
        return 130
    finally:
        threading.stack_size(size)
        sys.setrecursionlimit(limit)
    _flush()
    return outcome[0]


def _leave_objects_to_exit() -> None:
    if "triton" not in sys.modules:
        gc.freeze()


def _exit_code(code) -> int:
    if code is None or isinstance(code, int):
        return code or 0
    print(code, file=sys.stderr)
    return 1


def _broken_pipe() -> int:
    """The reader of stdout went away (`irc-opt ... | head`): stop quietly, as cat does."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return 141


def _flush() -> None:
    try:
        sys.stdout.flush()
    except (BrokenPipeError, ValueError):
        _broken_pipe()
