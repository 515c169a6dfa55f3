import random

import numpy as np
import pytest

from ai import train
from ai.network import LOSE_KOKS, LOSE_MARS, WIN, Network, flip
from engine.position import Position, Variant


def test_lambda_returns_end_in_the_result_and_alternate_sides():
    v1 = np.array([0.5, 0.1, 0.0, 0.1, 0.0])
    terminal = np.array([0.0, 0.0, 0.0, 1.0, 0.0])  # the player on roll has lost a mars
    targets = train.lambda_returns([v1, terminal], lam=1.0)
    # The last mover won a mars; the player before it (same side as two moves back) lost it.
    assert targets[-1][WIN] == 1.0 and targets[-1][1] == 1.0
    assert targets[0][WIN] == 0.0 and targets[0][LOSE_MARS] == 1.0
    mixed = train.lambda_returns([v1, terminal], lam=0.0)[0]
    assert np.allclose(mixed, flip(v1))  # lambda = 0: one-step TD


def test_terminal_value_by_kind():
    me = [0] * 26
    me[0] = 15
    opp = [0] * 26
    opp[1] = 15  # the loser has all 15 at home: a home mars in long nard
    after = Position("long", opp, me)  # the winner just moved; the loser is on roll
    value = train.terminal_value(after)
    assert value[LOSE_MARS] == 1.0 and value[LOSE_KOKS] == 1.0 and value[WIN] == 0.0


def test_self_play_game_finishes_in_both_variants():
    net = Network.random(8, seed=1)
    for variant in Variant:
        states, values = train.play_game(net, variant, random.Random(2))
        assert len(states) == len(values) > 10
        assert values[-1][LOSE_MARS] in (0.0, 1.0)


def test_training_is_reproducible_and_learns(tmp_path):
    a = train.train(Variant.SHORT, 6, seed=4, hidden=8, out=tmp_path / "a.npz", log=None)
    b = train.train(Variant.SHORT, 6, seed=4, hidden=8, log=None)
    start = Network.random(8, seed=4)
    assert np.array_equal(a.w1, b.w1) and np.array_equal(a.w2, b.w2)
    assert not np.array_equal(a.w1, start.w1)
    assert Network.load(tmp_path / "a.npz").w1.shape == a.w1.shape
    train.train(Variant.LONG, 2, seed=4, hidden=8, log=None)


def test_cli_writes_weights(tmp_path, capsys):
    out = tmp_path / "w.npz"
    assert train.main(["--variant", "long", "--games", "2", "--seed", "1", "--hidden", "4",
                       "--out", str(out), "--checkpoint-every", "1"]) == 0
    assert out.exists()


def test_resume_gives_the_same_weights_as_an_unbroken_run(tmp_path):
    whole = train.train(Variant.LONG, 6, seed=5, hidden=8, log=None)
    ckpt = tmp_path / "run.ckpt"

    def die_at_game_4(message):
        if message.startswith("4 games"):
            raise KeyboardInterrupt  # killed after the checkpoint of game 2

    with pytest.raises(KeyboardInterrupt):
        train.train(Variant.LONG, 6, seed=5, hidden=8, log=die_at_game_4, checkpoint=ckpt,
                    checkpoint_every=2, resume=True)
    resumed = train.train(Variant.LONG, 6, seed=5, hidden=8, log=None, checkpoint=ckpt,
                          checkpoint_every=2, resume=True)
    assert np.array_equal(resumed.w1, whole.w1) and np.array_equal(resumed.w2, whole.w2)
    with pytest.raises(SystemExit):  # a checkpoint of other settings is refused
        train.train(Variant.LONG, 6, seed=6, hidden=8, log=None, checkpoint=ckpt, resume=True)


def test_games_end_at_exact_bear_off_races():
    from ai import bearoff

    net = Network.for_variant(Variant.SHORT, 8, seed=1, scheme=2)
    for seed in range(3):
        states, _ = train.play_game(net, Variant.SHORT, random.Random(seed))
        assert not any(bearoff.is_exact(s) for s in states)
