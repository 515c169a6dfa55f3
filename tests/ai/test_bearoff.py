"""The one-sided bear-off database: its move generator agrees with the engine, its numbers
with hand counts, and races it decides are scored exactly."""

import random

import numpy as np
import pytest

from ai import bearoff
from engine.movegen import legal_moves
from engine.position import Position


def _side(points: dict[int, int]) -> list[int]:
    side = [0] * 26
    for p, n in points.items():
        side[p] = n
    side[0] = 15 - sum(points.values())
    return side


# The opponent parked where it can never interfere: its own home, no contact.
FAR = {"short": _side({1: 15}), "long": _side({1: 15})}


@pytest.mark.parametrize("variant", ["short", "long"])
def test_moves_agree_with_the_engine(variant):
    rng = random.Random(7)
    boards = bearoff.all_boards()
    for _ in range(300):
        board = rng.choice(boards[1:])
        me = _side({p: n for p, n in enumerate(board, start=1) if n})
        pos = Position(variant, me, FAR[variant])
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        engine = {tuple(p.after.opp[1:7]) for p in legal_moves(pos, dice)}
        assert bearoff.results(board, dice) == engine, (board, dice)


def test_database_covers_every_home_board():
    db = bearoff.database()
    assert len(db.boards) == 54264  # C(21, 6)
    assert np.allclose(db.finish.sum(axis=1), 1.0)
    full = np.array([sum(b) == 15 for b in db.boards])
    assert np.allclose(db.first_off[full].sum(axis=1), 1.0)


def test_hand_counted_values():
    db = bearoff.database()
    # One checker on the 6-point: off at once with a 6, or a sum of 6 or more (5-1, 4-2,
    # ...), or 2-2 and higher doubles: 11 + 11 + 5 = 27 of 36 rolls.
    assert db.finish_dist(_side({6: 1}))[1] == pytest.approx(27 / 36, abs=1e-4)
    # Fifteen on the 6-point: the first checker comes off at once with a 6 (11 rolls),
    # 5-1 or 4-2 (6/1/off, 6/2/off: 4 rolls), 3-3 or 2-2 (2 rolls): 17 of 36.
    assert db.first_off_dist(_side({6: 15}))[1] == pytest.approx(17 / 36, abs=1e-4)
    # Two checkers on the 1-point always come off in one turn.
    assert db.finish_dist(_side({1: 2}))[1] == pytest.approx(1.0, abs=1e-4)


@pytest.mark.parametrize("variant", ["short", "long"])
def test_race_probabilities(variant):
    # I (on roll) bear my last two checkers off at once: a sure win, and a mars against a
    # side that has borne off nothing (in long nard with all 15 at home: a home mars).
    pos = Position(variant, _side({1: 2}), _side({6: 15}))
    assert bearoff.is_exact(pos)
    p = bearoff.race_probabilities(pos)
    assert p[0] == pytest.approx(1.0) and p[1] == pytest.approx(1.0)
    assert p[2] == pytest.approx(1.0 if variant == "long" else 0.0)
    # Reversed: I have 15 on the 6-point and the opponent finishes next turn; I avoid the
    # mars only by bearing one off now (17 of 36 rolls).
    p = bearoff.race_probabilities(pos.swapped())
    assert p[0] == pytest.approx(0.0) and p[3] == pytest.approx(19 / 36, abs=1e-4)


def test_contact_is_not_exact():
    short = Position("short", _side({1: 14, 24: 1}), _side({2: 15}))
    assert not bearoff.is_exact(short)
    me = [0] * 26
    me[1], me[13] = 14, 1  # one checker still on my 13: not past the opponent's start
    assert not bearoff.no_contact(Position("long", me, _side({2: 15})))
