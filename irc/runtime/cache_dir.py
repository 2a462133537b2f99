"""The cache's folder and its key: a folder only this user can write, and a secret that signs its entries.

Whoever can write the cache folder can make irc run code, so a folder owned by another user, writable by its
group or by others, or inside a folder anyone may rename it out of, is refused with one warning and a private
one is used instead: the default ~/.cache/irc, else <tmp>/irc-<uid>, else a fresh temporary folder. Folders
irc creates are 0700 (entries are written 0600 by mkstemp). The key is 32 random bytes in `hmac.key` (0600)
of the private folder; an entry signed under another key (copied from another user or machine) is a miss.
"""

import contextlib
import logging
import os
import stat
import tempfile
import threading

log = logging.getLogger("irc")

KEY_FILE = "hmac.key"
KEY_BYTES = 32
_roots: dict[str, str] = {}  # configured folder -> the private folder used for it
_keys: dict[str, bytes] = {}  # private folder -> its key
_lock = threading.Lock()


def private_root(configured: str) -> str:
    """`configured` where it is (or is made) a private folder of this user, else another (warned once)."""
    with _lock:
        if configured not in _roots:
            problem = folder_problem(configured, create=True)
            root = os.path.realpath(configured)
            if problem is not None:
                root = fallback_root(configured)
                log.warning("irc: not using the cache folder %s (%s); using %s", configured, problem, root)
            _roots[configured] = root
        return _roots[configured]


def fallback_root(refused: str) -> str:
    default = os.path.join(os.path.expanduser("~"), ".cache", "irc")
    uid = os.getuid()
    for candidate in (default, os.path.join(tempfile.gettempdir(), f"irc-{uid}")):
        real = os.path.realpath(candidate)
        if real != os.path.realpath(refused) and folder_problem(candidate, create=True) is None:
            return real
    return tempfile.mkdtemp(prefix=f"irc-{uid}-")  # 0700, made here and now: private by construction


def folder_problem(folder: str, create: bool = False) -> str | None:
    """Why `folder` is not private to this user (None when it is); `create` makes it 0700 when missing."""
    try:
        if create and not os.path.lexists(folder):
            os.makedirs(folder, mode=0o700, exist_ok=True)
        real = os.path.realpath(folder)
        info = os.stat(real)
    except OSError as error:
        return f"cannot be made: {error.strerror}"
    if not stat.S_ISDIR(info.st_mode):
        return "not a folder"
    if info.st_uid != os.getuid():
        return f"owned by uid {info.st_uid}"
    if info.st_mode & 0o022:
        return f"writable by {'others' if info.st_mode & 0o002 else 'its group'}"
    return _parent_problem(real)


def _parent_problem(real: str) -> str | None:
    """A folder anyone can write without the sticky bit lets anyone swap the cache folder out of it."""
    parent = os.path.dirname(real)
    while True:
        try:
            mode = os.stat(parent).st_mode
        except OSError:
            return "its parent folder cannot be read"
        if mode & 0o002 and not mode & stat.S_ISVTX:
            return f"inside {parent}, which anyone can write"
        if parent == os.path.dirname(parent):
            return None
        parent = os.path.dirname(parent)


def key_of_root(root: str) -> bytes | None:
    """The key of the private folder `root` (made on its first use as the cache), or None where `root` is not
    private or has no key."""
    with _lock:
        if root not in _keys:
            if folder_problem(root) is not None:
                return None
            made_here = root in _roots.values()  # else another folder (a compile worker's parent's): read only
            key = _read_or_make_key(root) if made_here else _read_key(os.path.join(root, KEY_FILE))
            if key is None:
                return None
            _keys[root] = key
        return _keys[root]


def _read_or_make_key(root: str) -> bytes | None:
    """The key in `root`, made (or remade where damaged: another size, owner or mode; old entries then miss)
    under a lock on the folder, so processes starting on one fresh folder at once all use the same key."""
    path = os.path.join(root, KEY_FILE)
    key = _read_key(path)
    if key is not None:
        return key
    with _folder_locked(root):
        key = _read_key(path)
        if key is None:
            fd, tmp = tempfile.mkstemp(dir=root, prefix=KEY_FILE + ".", suffix=".tmp")
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(os.urandom(KEY_BYTES))
                    f.flush()
                    os.fsync(f.fileno())
                os.replace(tmp, path)
            finally:
                if os.path.lexists(tmp):
                    os.unlink(tmp)
            key = _read_key(path)
    return key


@contextlib.contextmanager
def _folder_locked(root: str):
    """An exclusive lock on the folder `root` among processes (flock; none where the system has no fcntl)."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    fd = os.open(root, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # releases the lock


def _read_key(path: str) -> bytes | None:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(f.fileno())
        key = f.read(KEY_BYTES + 1)
    private = stat.S_ISREG(info.st_mode) and info.st_uid == os.getuid() and not info.st_mode & 0o077
    return key if private and len(key) == KEY_BYTES else None
