"""irc/runtime/choice.py: which alternative of a kernel.choice runs, with the measurement faked on CPU tensors."""

import pytest
import torch

from irc import metrics
from irc.runtime import choice


class Alternatives:
    """Two alternatives writing `out`: 'template' (position 0) and 'extern' (1, the default); counts runs."""

    def __init__(self, template_value=1.0, template_fails=False):
        self.out = torch.zeros(8)
        self.runs = {"template": 0, "extern": 0}
        self.template_value, self.template_fails = template_value, template_fails

    def template(self):
        self.runs["template"] += 1
        if self.template_fails:
            raise RuntimeError("does not compile")
        self.out.fill_(self.template_value)

    def extern(self):
        self.runs["extern"] += 1
        self.out.fill_(1.0)

    def call(self, site: choice.Choice):
        site((self.template, self.extern), (), (self.out,))


def make_site(name: str) -> choice.Choice:
    """A site whose decision is cached under a key of its own (the key names the externs, not the site)."""
    return choice.Choice(name, ("template", "extern"), 1, (), (f"aten::{name}",))


@pytest.fixture
def measured(monkeypatch):
    """CPU tensors measured; the template times 1 ms, the extern 2 ms."""
    monkeypatch.setattr(choice, "measurable", lambda reads, writes: True)
    monkeypatch.setattr(choice, "_time", lambda alternative: 1.0 if alternative.__name__ == "template" else 2.0)
    metrics.reset()


def test_nothing_measured_runs_the_default():
    alternatives, site = Alternatives(), make_site("unmeasured")
    alternatives.call(site)
    alternatives.call(site)
    assert alternatives.runs == {"template": 0, "extern": 2}
    assert metrics.choices["unmeasured"] == "extern"


def test_the_faster_runs_and_only_it_after_the_first_call(measured):
    alternatives, site = Alternatives(), make_site("faster")
    alternatives.call(site)
    assert metrics.choices["faster"] == "template"
    before = dict(alternatives.runs)
    for _ in range(3):
        alternatives.call(site)
    assert alternatives.runs == {"template": before["template"] + 3, "extern": before["extern"]}


def test_the_decision_is_cached(measured, monkeypatch):
    Alternatives().call(make_site("cached"))

    def no_measuring(*args):
        raise AssertionError("measured again")

    monkeypatch.setattr(choice, "measure", no_measuring)
    alternatives = Alternatives()
    alternatives.call(make_site("cached"))  # a new module loading the same site
    assert alternatives.runs == {"template": 1, "extern": 0}


def test_an_alternative_that_disagrees_is_never_chosen(measured):
    alternatives, site = Alternatives(template_value=1.5), make_site("wrong")
    alternatives.call(site)
    assert metrics.choices["wrong"] == "extern"
    assert torch.equal(alternatives.out, torch.ones(8))


def test_an_alternative_that_fails_loses(measured):
    alternatives, site = Alternatives(template_fails=True), make_site("failing")
    alternatives.call(site)
    assert metrics.choices["failing"] == "extern"
    assert torch.equal(alternatives.out, torch.ones(8))


def test_an_alternative_needing_aligned_buffers_runs_only_on_them(measured, monkeypatch):
    """A TMA template (reads through tensor descriptors) chosen: on a misaligned buffer the default runs."""
    monkeypatch.setattr(choice, "ensure_allocator", lambda: None)
    site = choice.Choice("aligned", ("template", "extern"), 1, (), ("aten::aligned",), (True, False))
    alternatives = Alternatives()
    storage = torch.zeros(9)
    site((alternatives.template, alternatives.extern), (storage[:8],), (alternatives.out,))
    assert metrics.choices["aligned"] == "template"
    before = dict(alternatives.runs)
    site((alternatives.template, alternatives.extern), (storage[1:],), (alternatives.out,))  # 4 bytes off
    assert alternatives.runs == {"template": before["template"], "extern": before["extern"] + 1}


def test_a_debug_run_writes_the_decision_beside_the_fusion_reports(measured, monkeypatch, tmp_path):
    from irc import config

    monkeypatch.setattr(config, "debug", True)
    monkeypatch.setenv("IRC_DEBUG_DIR", str(tmp_path))
    Alternatives().call(make_site("debugged"))
    (line,) = (tmp_path / "choices.txt").read_text().splitlines()
    assert line == "irc: choice debugged: template 1.0000 ms, extern 2.0000 ms -> template"
