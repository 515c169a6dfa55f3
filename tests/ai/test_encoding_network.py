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


def test_scheme_two_long_features_by_hand():
    from ai.encoding import n_inputs

    me, opp = [0] * 26, [0] * 26
    for p in (8, 7, 6, 5, 4, 3):  # six points in a row along the opponent's route
        me[p] = 2
    me[24] = 3
    opp[24], opp[2] = 10, 5  # ten on its head (my 12, behind my block), five on my 14
    x = encode([Position("long", me, opp)], 2)[0]
    assert x.shape == (n_inputs(Variant.LONG, 2),) == (219,)
    scale = np.array([15] * 6 + [6, 15])
    # Mine: every checker moves a 1 or a 2; a 3 leaves 3/off out (not counted); from 8..3
    # fewer checkers have room for 4, 5, 6; 24 is never blocked. The block is 6 long with
    # the opponent's 10 head checkers behind it.
    assert list(np.round(x[203:211] * scale)) == [15, 15, 13, 11, 9, 7, 6, 10]
    # Its head checkers land on my 11, 10, 9 but not on my 8, 7, 6 (held by me); its 2 can
    # move a 1 only. Its longest run is 1 point, with my 3 checkers on 24 behind it.
    assert list(np.round(x[211:219] * scale)) == [15, 10, 10, 0, 0, 0, 1, 3]
    assert x[202] == 1.0  # contact
    # Swapping the sides swaps the feature blocks.
    xs = encode([Position("long", opp, me)], 2)[0]
    assert np.array_equal(x[203:211], xs[211:219])


def test_scheme_one_is_unchanged_for_short_nard():
    pos = Position.initial("short")
    assert np.array_equal(encode([pos], 1), encode([pos], 2))


def test_network_remembers_its_scheme(tmp_path):
    net = Network.for_variant(Variant.LONG, 4, seed=1, scheme=2)
    net.save(tmp_path / "n.npz")
    back = Network.load(tmp_path / "n.npz")
    assert back.scheme == 2 and back.w1.shape == (219, 4)
