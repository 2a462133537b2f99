"""A content-addressed code cache: emitted modules are stored under the hash of what produced them.

Every entry starts with a line `# irc-cache sha256=<digest of the rest>`. Entries are written to a temporary
file in the entry's folder, flushed to disk and renamed over the entry (os.replace), so a reader sees the old
entry or the new one, never a half-written file, and two processes compiling the same graph at once both
end with a whole entry (the last rename wins; both contents are the same). An entry whose digest does not
match its text (truncated by a full disk or a killed writer, corrupted, edited) is a miss: the caller
compiles again and stores a good entry over it. Binary entries (compiled kernels) are stored under their own
sha256, written the same way, and read only by a caller that knows that digest and checks it.
"""

import hashlib
import os
import tempfile

from irc import config

HEADER = "# irc-cache sha256="


def cache_root() -> str:
    return os.environ.get("IRC_CACHE_DIR", config.cache_dir)


def key_of(*parts: str) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode())
        digest.update(b"\0")
    return digest.hexdigest()[:32]


def path_for(key: str, suffix: str = ".py") -> str:
    return os.path.join(cache_root(), key[:2], key + suffix)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def read(key: str, suffix: str = ".py") -> str | None:
    """The text stored under `key`, or None when there is no entry or it is damaged."""
    try:
        with open(path_for(key, suffix), encoding="utf-8") as f:
            data = f.read()
    except (OSError, UnicodeDecodeError):
        return None
    header, newline, text = data.partition("\n")
    if not newline or not header.startswith(HEADER) or header[len(HEADER) :] != _digest(text):
        return None
    return text


def lookup(key: str, suffix: str = ".py") -> str | None:
    """The path of an intact entry for `key`, or None (no entry, or a damaged one to compile again)."""
    return path_for(key, suffix) if read(key, suffix) is not None else None


def store(key: str, text: str, suffix: str = ".py") -> str:
    """Writes the entry atomically (temporary file, fsync, rename) and returns its path."""
    return write_atomically(path_for(key, suffix), f"{HEADER}{_digest(text)}\n{text}".encode())


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
    os.makedirs(folder, exist_ok=True)
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
