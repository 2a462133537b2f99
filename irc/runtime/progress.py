"""Progress of long compile steps: one updating line on a terminal, log lines otherwise.

`total` None counts steps without a total (kernels tuned during a call).

Nothing is shown for a step that ends within AFTER_SECONDS. After that, on a terminal (stderr is a tty) one
line is rewritten in place (`\\r`) at most every REDRAW_SECONDS and finished with a newline; elsewhere
(a log file, CI) the logger `irc` gets a line when the step turns slow and one when it ends.

    with Progress("compiling Triton kernels", total=40) as progress:
        for ...:
            progress.step()
    # irc: compiling Triton kernels 17/40 (3.1 s)
"""

import logging
import sys
import time

log = logging.getLogger("irc")

AFTER_SECONDS = 2.0
REDRAW_SECONDS = 0.1


class Progress:
    def __init__(self, what: str, total: int | None, stream=None):
        self.what, self.total, self.done = what, total, 0
        self.stream = stream or sys.stderr
        self.start = self.drawn = time.perf_counter()
        self.shown = False

    def __enter__(self) -> "Progress":
        return self

    def step(self, count: int = 1) -> None:
        self.done += count
        now = time.perf_counter()
        if now - self.start < AFTER_SECONDS or (self.shown and now - self.drawn < REDRAW_SECONDS):
            return
        if self._terminal():
            self.stream.write(f"\r{self._line(now)}")
            self.stream.flush()
        elif not self.shown:
            log.warning("%s ...", self._line(now))
        self.shown, self.drawn = True, now

    def __exit__(self, *exc) -> bool:
        now = time.perf_counter()
        if not self.shown and (now - self.start < AFTER_SECONDS or not self.done):
            return False  # quick, or nothing done (a first call that tuned nothing)
        if self._terminal():
            self.stream.write(f"\r{self._line(now)}\n")
            self.stream.flush()
        else:
            log.warning("%s", self._line(now))
        return False

    def _line(self, now: float) -> str:
        count = self.done if self.total is None else f"{self.done}/{self.total}"
        return f"irc: {self.what} {count} ({now - self.start:.1f} s)"

    def _terminal(self) -> bool:
        try:
            return self.stream.isatty()
        except (AttributeError, ValueError):
            return False
