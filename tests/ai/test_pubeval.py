import random

import pytest

from ai import pubeval
from engine.movegen import legal_moves
from engine.position import Position

# Reference scores computed with gnubg-nn 1.1.0a11's `pub_eval_score` (an independent C
# implementation of pubeval), so this test needs no extra package. Each row: the position
# after the move (the mover is `opp`), the race flag, gnubg's score.
REFERENCE = [
    ([0, 0, 2, 1, 0, 0, 3, 1, 2, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0],
     [0, 0, 0, 0, 0, 1, 5, 0, 3, 1, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0],
     False, 4.0245),
    ([0, 2, 0, 0, 3, 2, 3, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 1, 0, 1, 0],
     [0, 0, 3, 0, 0, 1, 3, 0, 1, 2, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0],
     False, 7.7098),
    ([0, 2, 0, 3, 2, 2, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2],
     [0, 0, 4, 0, 1, 1, 1, 0, 0, 2, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0],
     False, 5.8574),
    ([0, 2, 0, 3, 2, 2, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 1, 0, 2, 0],
     [0, 0, 4, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 4, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 1],
     False, -0.7690),
    ([0, 0, 2, 2, 3, 3, 2, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
     [2, 3, 3, 3, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
     True, -12.0307),
]


@pytest.mark.parametrize(("me", "opp", "race", "expected"), REFERENCE)
def test_matches_reference_values(me, opp, race, expected):
    after = Position("short", me, opp)
    assert pubeval.is_race(after) is race
    assert pubeval.score(after, race) == pytest.approx(expected, abs=1e-3)


def test_all_off_is_the_best_score():
    me = [0] * 26
    me[1] = 15
    opp = [15] + [0] * 25
    assert pubeval.score(Position("short", me, opp), True) == pubeval.WIN_SCORE


def test_matches_gnubg_nn_on_random_positions():
    gnubg_nn = pytest.importorskip("gnubg_nn")
    rng = random.Random(5)
    pos, checked = Position.initial("short"), 0
    while checked < 200:
        plays = legal_moves(pos, (rng.randint(1, 6), rng.randint(1, 6)))
        if not plays:
            pos = pos.swapped()
            continue
        after = rng.choice(plays).after
        if after.is_over:
            pos = Position.initial("short")
            continue
        # gnubg's board: [the mover (pubeval's "computer"), the other], points 1..24 + bar.
        board = [list(after.opp[1:26]), list(after.me[1:26])]
        race = pubeval.is_race(after)
        assert pubeval.score(after, race) == pytest.approx(
            gnubg_nn.pub_eval_score(board), abs=1e-3)
        checked += 1
        pos = after
