"""Shared pytest set-up: a private code cache, strict compilation (no silent eager fallback), seeded RNG."""

import os
import tempfile

import pytest

os.environ.setdefault("IRC_CACHE_DIR", tempfile.mkdtemp(prefix="irc-cache-"))
os.environ["IRC_FALLBACK_ON_ERROR"] = "0"
os.environ["IRC_VERIFY"] = "1"  # the IR is verified after every pass in tests (torch.compile's default skips it)


@pytest.fixture(autouse=True)
def _strict_irc():
    from irc import config

    config.fallback_on_error = False
    config.verify_passes = True
    yield


def pytest_collection_modifyitems(config, items):
    try:
        import torch

        has_cuda = torch.cuda.is_available()
    except ImportError:
        has_cuda = False
    skip = pytest.mark.skip(reason="needs a CUDA device")
    for item in items:
        if "gpu" in item.keywords and not has_cuda:
            item.add_marker(skip)
