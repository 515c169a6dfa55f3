"""Our network's truncated rollouts (`ai.rollout`, the long reference set's judge): the
signs and the truncation checked against the bear-off database's exact values, the first
roll stratified, a finished game valued by what it won."""

from __future__ import annotations

import pytest

from ai import bearoff, rollout
from ai.network import equity
from engine.position import CHECKERS, Position

# A long-nard race both sides have home, the opponent (`me`) on roll after the move.
ME = [7, 3, 3, 2] + [0] * 22
OPP = [7, 2, 3, 0, 3] + [0] * 21


def exact_for_mover(after: Position) -> float:
    """Minus the exact equity of the player on roll: the mover's."""
    return -float(equity(bearoff.race_probabilities(after)[None, :], after.variant)[0])


def test_the_truncation_and_the_signs_against_the_exact_race() -> None:
    after = Position("long", ME, OPP)
    assert bearoff.is_exact(after)
    exact = exact_for_mover(after)
    assert exact < -0.5  # the opponent, on roll and ahead, is a big favourite
    no_dice = rollout.rollout(after, [[] for _ in range(36)])
    assert no_dice.equity == pytest.approx(exact) and no_dice.se == 0
    one_ply = rollout.rollout(after, rollout.dice_of(1, 36, 1))
    assert one_ply.equity == pytest.approx(exact, abs=0.01) and one_ply.se > 0


def test_the_first_roll_is_stratified_and_the_dice_are_seeded() -> None:
    dice = rollout.dice_of(7, 72, 4)
    assert [trial[0] for trial in dice[:36]] == rollout.ORDERED
    assert [trial[0] for trial in dice[36:]] == rollout.ORDERED
    assert all(len(trial) == 4 for trial in dice)
    assert dice == rollout.dice_of(7, 72, 4) != rollout.dice_of(8, 72, 4)


def test_a_finished_game_is_what_it_won() -> None:
    me, opp = [0] * 26, [0] * 26
    me[24], opp[0] = CHECKERS, CHECKERS  # the mover bore off all, the other never moved
    after = Position("long", me, opp)
    got = rollout.rollout(after, rollout.dice_of(1, 36, 3))
    assert got.equity >= 2 and got.se == 0
