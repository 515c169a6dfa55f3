"""Distillation of Open Sage into the short network: data, targets, fit, reproducibility."""

import numpy as np
import pytest

from ai import distill
from ai.network import Network

bgsage = pytest.importorskip("bgsage")


def test_positions_are_reproducible_and_legal_boards():
    a = distill.positions(2, seed=3)
    assert np.array_equal(a, distill.positions(2, seed=3))
    assert a.shape[1] == 52 and len(a) > 50
    assert (a[:, :26].sum(axis=1) == 15).all() and (a[:, 26:].sum(axis=1) == 15).all()


def test_targets_are_open_sage_probabilities_and_the_fit_learns(tmp_path):
    boards = distill.positions(3, seed=1)
    t = distill.targets(boards)
    assert ((t >= 0) & (t <= 1)).all()
    assert (t[:, 1] <= t[:, 0] + 1e-6).all()  # a mars is a win
    net = distill.fit(boards, t, hidden=8, epochs=2, seed=1, lr=0.01)
    again = distill.fit(boards, t, hidden=8, epochs=2, seed=1, lr=0.01)
    assert np.array_equal(net.w1, again.w1)
    out = tmp_path / "n.npz"
    assert distill.main(["--games", "1", "--hidden", "4", "--epochs", "1", "--out", str(out),
                         "--data", str(tmp_path / "d.npz")]) == 0
    assert Network.load(out).w1.shape == (203, 4)
