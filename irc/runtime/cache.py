"""A content-addressed code cache: emitted modules are stored under the hash of what produced them."""

import hashlib
import os
import tempfile

from irc import config


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


def lookup(key: str, suffix: str = ".py") -> str | None:
    path = path_for(key, suffix)
    return path if os.path.exists(path) else None


def store(key: str, text: str, suffix: str = ".py") -> str:
    """Writes atomically, so concurrent processes never see a half-written file."""
    path = path_for(key, suffix)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), suffix=".tmp")
    with os.fdopen(fd, "w") as f:
        f.write(text)
    os.replace(tmp, path)
    return path
