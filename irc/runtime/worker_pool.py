"""A pool of worker processes (`python -m irc.runtime.compile_worker`) fed pickled tasks over pipes.

Not multiprocessing: its spawn and forkserver start methods import the user's main script in every worker
(running a script without a `__main__` guard again), and fork is unsafe once CUDA is initialised. Each worker
reads length-prefixed pickles `(function name, arguments)` from stdin and writes `(ok, value)` back; one thread
per worker hands it tasks from a shared queue, so a slow task never holds up the others. Workers exit when
their stdin closes (the parent exits or `shutdown()`); a worker that dies is started again for the next task.
"""

import atexit
import os
import pickle
import queue
import struct
import subprocess
import sys
import threading
from concurrent.futures import Future

_STOP = object()


def send(stream, value) -> None:
    data = pickle.dumps(value)
    stream.write(struct.pack("<Q", len(data)) + data)
    stream.flush()


def receive(stream):
    header = stream.read(8)
    if len(header) < 8:
        raise EOFError("worker closed its pipe")
    (size,) = struct.unpack("<Q", header)
    return pickle.loads(stream.read(size))


class WorkerPool:
    def __init__(self, workers: int, env: dict[str, str] | None = None):
        self.size = workers
        self.env = {**os.environ, **(env or {})}
        self.tasks: queue.SimpleQueue = queue.SimpleQueue()
        self.threads = [threading.Thread(target=self._serve, daemon=True) for _ in range(workers)]
        for thread in self.threads:
            thread.start()
        atexit.register(self.shutdown)

    def submit(self, function: str, *args) -> Future:
        """Runs irc.runtime.compile_worker.<function>(*args) in a worker."""
        future: Future = Future()
        self.tasks.put((future, function, args))
        return future

    def shutdown(self) -> None:
        for _ in self.threads:
            self.tasks.put(_STOP)

    def _start(self) -> subprocess.Popen:
        command = [sys.executable, "-m", "irc.runtime.compile_worker"]
        return subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=self.env)

    def _serve(self) -> None:
        worker = self._start()  # started at once: its imports overlap the parent's work
        while (task := self.tasks.get()) is not _STOP:
            future, function, args = task
            if not future.set_running_or_notify_cancel():
                continue
            try:
                if worker.poll() is not None:
                    worker = self._start()
                send(worker.stdin, (function, args))
                ok, value = receive(worker.stdout)
            except (OSError, EOFError, pickle.PickleError) as error:
                worker.kill()
                future.set_exception(RuntimeError(f"irc compile worker failed: {error}"))
                continue
            if ok:
                future.set_result(value)
            else:
                future.set_exception(RuntimeError(value))
        worker.stdin.close()
        worker.wait()
