import numpy as np

from ai.encoding import N_INPUTS, SIDE_INPUTS, encode
from ai.network import LOSE_MARS, WIN, WIN_MARS, Network, equity, flip
from engine.position import Position, Variant


def test_encoding_shape_and_swap_symmetry():
    for variant in ("short", "long"):
        pos = Position.initial(variant)
        x, xs = encode([pos])[0], encode([pos.swapped()])[0]
        assert x.shape == (N_INPUTS,)
        # Each side is encoded in its own numbering: swapping = swapping the halves.
        assert np.array_equal(x[:SIDE_INPUTS], xs[SIDE_INPUTS : 2 * SIDE_INPUTS])
        assert np.array_equal(x[-1:], xs[-1:])


def test_encoding_units():
    me = [0] * 26
    me[6], me[8], me[24] = 5, 3, 7
    opp = [0] * 26
    opp[13] = 15
    x = encode([Position("short", me, opp)])[0]
    assert list(x[5 * 4 : 6 * 4]) == [1, 1, 1, 1.0]  # point 6: five checkers
    assert list(x[7 * 4 : 8 * 4]) == [1, 1, 1, 0]  # point 8: three
    assert x[-1] == 1.0  # contact: my 24 is behind their checkers


def test_flip_is_an_involution_and_negates_equity():
    p = np.array([0.6, 0.2, 0.05, 0.1, 0.01])
    assert np.allclose(flip(flip(p)), p)
    for variant in Variant:
        assert np.isclose(equity(flip(p), variant), -equity(p, variant))
    assert flip(p)[WIN] == 0.4 and flip(p)[WIN_MARS] == p[LOSE_MARS]


def test_equity_counts_the_points_of_each_variant():
    koks_win = np.array([1.0, 1.0, 1.0, 0.0, 0.0])
    assert equity(koks_win, Variant.SHORT) == 3.0
    assert equity(koks_win, Variant.LONG) == 3.0  # home mars: 3, like a mars
    assert equity(np.array([1.0, 1.0, 0.0, 0.0, 0.0]), Variant.SHORT) == 2.0


def test_save_and_load_round_trip(tmp_path):
    net = Network.random(8, seed=3)
    net.save(tmp_path / "n.npz", note="test")
    back = Network.load(tmp_path / "n.npz")
    x = encode([Position.initial("short")])
    assert np.allclose(net.forward(x), back.forward(x), atol=1e-6)
