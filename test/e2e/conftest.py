import contextlib
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))


def _devices():
    import torch

    return ["cpu", "cuda"] if torch.cuda.is_available() else ["cpu"]


@pytest.fixture(params=_devices())
def device(request):
    """Every end-to-end test runs on CPU (Triton's interpreter) and, when present, on CUDA."""
    return request.param


@pytest.fixture(autouse=True)
def _no_mm_choices():
    """Matmul templates off on every device (by default CUDA inputs get measured template/cuBLAS choices, which
    add kernels): kernel counts and externs mean the same on CPU and CUDA; test_mm_template and test_mm_choice
    switch them on."""
    from irc import config

    saved, config.mm_template = config.mm_template, "off"
    yield
    config.mm_template = saved


@pytest.fixture
def templates():
    """kernel-mm-template switched on (as IRC_MM_TEMPLATE=1 does), without choices."""
    from irc import config

    config.mm_template = "1"
    yield
    config.mm_template = "off"


@pytest.fixture(autouse=True)
def _checked_compiles(request):
    """Every e2e compile also runs the pipeline with print/parse between passes and asserts the same code, and
    (IRC_CHECK_PASSES) interprets every pass on the first call's inputs, naming the first that diverges. The
    pass checks are off for tests marked `slow` (whole networks at several sizes) and `unchecked` (the cache
    paths the checks turn off, long numerical sweeps of kernels other tests check)."""
    from irc import config

    unchecked = request.node.get_closest_marker("slow") or request.node.get_closest_marker("unchecked")
    saved = config.check_roundtrip, config.check_passes
    config.check_roundtrip, config.check_passes = True, not unchecked
    yield
    config.check_roundtrip, config.check_passes = saved


@pytest.fixture(autouse=True)
def _no_tf32():
    """fp32 convolutions and matmuls in full precision, so eager and irc differ only by summation order."""
    import torch

    # torch.testing's common_utils (the OpInfo tests import it) freezes the cudnn flags for plain assignment
    unfrozen = getattr(torch.backends, "__allow_nonbracketed_mutation", contextlib.nullcontext)
    saved = torch.backends.cudnn.allow_tf32, torch.backends.cuda.matmul.allow_tf32
    with unfrozen():
        torch.backends.cudnn.allow_tf32 = torch.backends.cuda.matmul.allow_tf32 = False
    yield
    with unfrozen():
        torch.backends.cudnn.allow_tf32, torch.backends.cuda.matmul.allow_tf32 = saved
