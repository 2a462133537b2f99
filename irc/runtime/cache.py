"""A content-addressed code cache: emitted modules are stored under the hash of what produced them.

The folder is private to this user (irc/runtime/cache_dir.py). Every entry starts with a line
`# irc-cache hmac-sha256=<HMAC of the entry's name and the rest>` under the folder's key, so an entry
this user's irc did not write (planted, copied from elsewhere, edited) is a miss. Entries are written to a
temporary file in the entry's folder, flushed to disk and renamed over the entry (os.replace), so a reader
sees the old entry or the new one, never a half-written file, and two processes compiling the same graph at
once both end with a whole entry (the last rename wins; both contents are the same). An entry whose
signature does not match its text (truncated by a full disk or a killed writer, corrupted, edited, signed
elsewhere) is a miss: the caller compiles again and stores a good entry over it. Binary entries (compiled
kernels) are stored under their own sha256, written the same way, and read only by a caller that knows that
digest (from a signed entry) and checks it.
"""

import hashlib
import hmac
import os
import tempfile

from irc import config
from irc.runtime.cache_dir import key_of_root, private_root

HEADER = "# irc-cache hmac-sha256="


def cache_root() -> str:
    """IRC_CACHE_DIR (or ~/.cache/irc) where it is private to this user, else another private folder."""
    return private_root(os.environ.get("IRC_CACHE_DIR", config.cache_dir))


def key_of(*parts: str) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode())
        digest.update(b"\0")
    return digest.hexdigest()[:32]


def path_for(key: str, suffix: str = ".py") -> str:
    return os.path.join(cache_root(), key[:2], key + suffix)


def signature(path: str, body: bytes) -> str | None:
    """The HMAC of the entry at `path` with text `body` under its folder's key (None: the folder is not
    private). The entry's name is signed too, so an entry does not stand for another."""
    key = key_of_root(os.path.dirname(os.path.dirname(os.path.abspath(path))))
    if key is None:
        return None
    return hmac.new(key, os.path.basename(path).encode() + b"\0" + body, hashlib.sha256).hexdigest()


def read_verified(path: str) -> bytes | None:
    """The whole entry at `path` (header line included), read once, or None when it is missing, damaged or
    not signed with this user's key. Callers use these bytes, never the file again."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    header, newline, body = data.partition(b"\n")
    expected = signature(path, body)
    if not newline or expected is None or not hmac.compare_digest(header, (HEADER + expected).encode()):
        return None
    return data


def read(key: str, suffix: str = ".py") -> str | None:
    """The text stored under `key`, or None when there is no entry or it is damaged or foreign."""
    data = read_verified(path_for(key, suffix))
    try:
        return None if data is None else data.partition(b"\n")[2].decode("utf-8")
    except UnicodeDecodeError:
        return None


def lookup(key: str, suffix: str = ".py") -> str | None:
    """The path of an intact entry for `key`, or None (no entry, or a damaged one to compile again)."""
    return path_for(key, suffix) if read(key, suffix) is not None else None


def store(key: str, text: str, suffix: str = ".py") -> str:
    """Writes the entry atomically (temporary file, fsync, rename) and returns its path."""
    path, body = path_for(key, suffix), text.encode()
    signed = signature(path, body)
    if signed is None:
        raise OSError(f"irc: the cache folder {cache_root()} is not private")
    return write_atomically(path, HEADER.encode() + signed.encode() + b"\n" + body)


def discard(path: str) -> None:
    """Removes a bad entry (one that failed to load), so the next lookup compiles and stores a good one."""
    try:
        os.unlink(path)
    except OSError:
        pass


def store_binary(data: bytes, suffix: str) -> str:
    """Stores `data` under its own sha256 (a binary entry is checked against the digest its reader knows)."""
    return write_atomically(path_for(hashlib.sha256(data).hexdigest(), suffix), data)


def read_binary(digest: str, suffix: str) -> str | None:
    """The path of the binary entry stored under `digest`, or None when it is missing or does not match it."""
    path = path_for(digest, suffix)
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    return path if hashlib.sha256(data).hexdigest() == digest else None


def write_atomically(path: str, data: bytes) -> str:
    folder = os.path.dirname(path)
    os.makedirs(folder, mode=0o700, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=os.path.basename(path) + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return path
