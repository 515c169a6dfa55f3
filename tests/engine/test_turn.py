"""The step interface: destinations keep their promise, dice are known."""

from __future__ import annotations

import pytest

from engine.movegen import has_legal_move, is_forced, legal_moves, play_reaching
from engine.moves import Step
from engine.position import CHECKERS, OFF, Position
from engine.randomplay import random_positions
from engine.turn import Turn
from testkit.positions import position_of


@pytest.mark.parametrize("variant", ["short", "long"])
def test_six_off_is_the_six_and_the_winning_move_can_be_built(variant: str) -> None:
    turn = Turn(position_of(variant, {6: 1, 2: 1}, {1: 5, 2: 5, 3: 5}), (6, 4))
    assert turn.destinations(6) == {2: (Step(6, 2),), OFF: (Step(6, OFF),)}
    turn.play((6, OFF))
    assert [(s.src, s.dst) for s in turn.legal_steps()] == [(2, OFF)]
    turn.play((2, OFF))
    assert turn.is_complete and turn.finish().after.opp[OFF] == CHECKERS


def test_a_combined_destination_is_offered_only_when_all_its_ways_agree() -> None:
    blot_on_7 = position_of("short", {13: 2, 6: 13}, {18: 1, 1: 14})
    assert set(Turn(blot_on_7, (6, 5)).destinations(13)) == {8, 7}  # 13→2 is ambiguous
    eight_closed = position_of("short", {13: 2, 6: 13}, {18: 1, 17: 2, 1: 12})
    dests = Turn(eight_closed, (6, 5)).destinations(13)
    assert dests[2] == (Step(13, 7, True), Step(7, 2))
    plain = Turn(Position.initial("short"), (6, 5)).destinations(13)
    assert plain == {8: (Step(13, 8),), 7: (Step(13, 7),), 2: (Step(13, 8), Step(8, 2))}


def test_each_step_knows_its_die() -> None:
    turn = Turn(position_of("short", {3: 1, 1: 1}, {1: 5, 2: 5, 3: 5}), (6, 3))
    turn.play((3, OFF))
    assert [t.die for t in turn.taken] == [6] and turn.remaining_dice == (3,)
    turn.undo()
    turn.play((3, OFF), die=3)  # a saved turn restores the die it used
    assert [t.die for t in turn.taken] == [3] and turn.remaining_dice == (6,)
    turn.play((1, OFF))
    assert [t.die for t in turn.taken] == [3, 6] and turn.is_complete


def test_the_same_board_by_another_order_is_the_same_node() -> None:
    turn = Turn(Position.initial("short"), (3, 1))
    turn.play((8, 5))
    turn.play((6, 5))
    after_one_order = turn.node
    turn.reset()
    turn.play((6, 5))
    turn.play((8, 5))
    assert turn.node == after_one_order


@pytest.mark.parametrize("variant", ["short", "long"])
def test_the_kept_results_of_a_roll_are_legal_moves_results(variant: str) -> None:
    """`Game.play`, the pass check and the captions read a roll's kept results
    (`play_reaching`, `has_legal_move`, `is_forced`): the same plays `legal_moves` lists, a
    repeated roll included."""
    for pos, dice, first in random_positions(variant, 300, seed=7):
        for _ in range(2):  # the second time from the kept results
            plays = legal_moves(pos, dice, first_turn=first)
            assert has_legal_move(pos, dice, first_turn=first) == bool(plays)
            for play in plays:
                assert play_reaching(pos, dice, play.after, first_turn=first) == play
            turn = Turn(pos, dice, first_turn=first)
            assert [p.after for p in turn.plays] == [p.after for p in plays]
            assert is_forced(pos, dice, first_turn=first) == turn.is_forced == (len(plays) == 1)
        assert play_reaching(pos, dice, pos, first_turn=first) is None
