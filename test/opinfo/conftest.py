import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))


@pytest.fixture(scope="module")
def sweep_dynamo_settings():
    """The sweep's Dynamo settings for a module's tests, the previous ones restored after it."""
    import torch._dynamo

    import sweep

    saved = torch._dynamo.config.get_config_copy()
    sweep.configure_dynamo()
    yield
    torch._dynamo.config.load_config(saved)
    torch._dynamo.reset()
