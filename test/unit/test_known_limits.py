"""A graph irc cannot compile for a known reason runs eagerly after one warning line naming the reason; the
traceback only with IRC_TRACEBACK=1 (config.traceback)."""

import logging

import pytest
import torch

from irc import compile as irc_compile
from irc import config


@pytest.fixture
def falling_back(monkeypatch, caplog):
    monkeypatch.setattr(irc_compile, "_REASONS_GIVEN", set())
    torch._dynamo.reset()
    caplog.set_level(logging.INFO, logger="irc")
    dynamo = torch._dynamo.config.patch(capture_dynamic_output_shape_ops=True)
    with config.patch(fallback_on_error=True), dynamo:
        yield caplog
    torch._dynamo.reset()


def warnings_of(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name.startswith("irc") and r.levelno >= logging.WARNING]


def branches(x):
    return torch.cond(x.sum() > 0, lambda x: x.sin(), lambda x: x.cos(), (x,))


def nonzero_count(x):
    return torch.nonzero(x > 0).float().sum(0) + 1


def plain(x):
    return (x.exp() - 1).sum(1)

CASES = {
    "control flow": (branches, {}, "control flow (cond) is not compiled"),
    "unbacked size": (nonzero_count, {}, "aten.nonzero.default: size u0 depends on the values in a tensor"),
    "unknown pass": (plain, {"pipeline": "cse,kernel-fuze"}, "Unrecognized passes: ['kernel-fuze']"),
    "pipeline syntax": (plain, {"pipeline": "cse{,dce"}, "bad pass pipeline: Error parsing"),
    "bad option": (plain, {"pipeline": "kernel-tile{xblock=abc}"}, "kernel-tile: xblock='abc' must be an integer"),
}


@pytest.mark.parametrize("case", CASES)
def test_one_line_names_the_reason(case, falling_back):
    function, settings, reason = CASES[case]
    x = torch.randn(5, 7)
    with config.patch(**settings):
        got = torch.compile(function, backend="irc")(x)
    torch.testing.assert_close(got, function(x))
    [record] = warnings_of(falling_back)
    message = record.getMessage()
    assert "runs eagerly: " in message and reason in message and "\n" not in message, message
    assert not record.exc_info and "Traceback" not in falling_back.text


def test_the_traceback_when_asked_for(falling_back):
    x = torch.randn(5, 7)
    with config.patch(traceback=True):
        torch.compile(nonzero_count, backend="irc")(x)
    [record] = warnings_of(falling_back)
    assert record.exc_info and "Traceback" in falling_back.text


def test_a_bug_says_so_in_one_line_and_a_repeat_is_quieter(falling_back, monkeypatch):
    def broken(*_args, **_kwargs):
        raise KeyError("planted")

    monkeypatch.setattr(irc_compile, "graph_path", broken)
    x = torch.randn(5, 7)
    torch.compile(plain, backend="irc")(x)
    torch.compile(lambda x: plain(x) * 2, backend="irc")(x)
    [record] = warnings_of(falling_back)
    message = record.getMessage()
    assert "a bug in irc (KeyError: 'planted')" in message and "IRC_TRACEBACK=1" in message
    assert not record.exc_info
    assert sum("a bug in irc" in r.getMessage() for r in falling_back.records) == 2  # the second at INFO
