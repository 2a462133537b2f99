"""irc-run reads input files without running code from them: .pt through torch.load(weights_only=True)
whatever torch's default, .npy without pickled objects."""

import os

import numpy as np
import pytest
import torch

from irc.tools.irc_run import load_inputs


class Planted:
    """Unpickling this writes a marker file (what a hostile input file would do)."""

    def __init__(self, marker: str):
        self.marker = marker

    def __reduce__(self):
        return (open, (self.marker, "w"))


def test_pt_input_never_unpickles_objects(tmp_path, monkeypatch):
    monkeypatch.setenv("TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD", "1")  # torch's default would unpickle anything
    marker, path = tmp_path / "marker", tmp_path / "x.pt"
    torch.save([torch.ones(2), Planted(str(marker))], path)
    with pytest.raises(Exception, match="[Ww]eights only|weights_only"):
        load_inputs([str(path)])
    assert not os.path.exists(marker)


def test_npy_input_never_unpickles_objects(tmp_path):
    path = tmp_path / "x.npy"
    np.save(path, np.array([Planted(str(tmp_path / "marker"))], dtype=object), allow_pickle=True)
    with pytest.raises(ValueError):
        load_inputs([str(path)])
    assert not os.path.exists(tmp_path / "marker")


def test_tensor_inputs_still_load(tmp_path):
    torch.save([torch.arange(3), torch.ones(2)], tmp_path / "x.pt")
    np.save(tmp_path / "y.npy", np.arange(4))
    inputs = load_inputs([str(tmp_path / "x.pt"), str(tmp_path / "y.npy")])
    assert [tuple(v.shape) for v in inputs] == [(3,), (2,), (4,)]
