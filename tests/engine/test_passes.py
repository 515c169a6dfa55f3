"""Why a turn passes (`engine.passes.explain`), on hand-made positions of both variants."""

from __future__ import annotations

import pytest

from engine.dice import FixedDice
from engine.errors import EngineError
from engine.game import Game, Phase
from engine.passes import DieBlock, Entry, PassKind, PassReason, Try, Why, explain
from engine.position import BAR, OFF, Position
from engine.randomplay import random_positions
from testkit.positions import position_of


def test_short_bar_checker_facing_closed_entry_points() -> None:
    # My entry points for 6 and 5 are my 19 and 20 = the opponent's 6 and 5.
    pos = position_of("short", {BAR: 2, 13: 13}, {6: 3, 5: 2, 24: 10})
    why = explain(pos, (5, 6))
    assert why.kind is PassKind.BAR and why.bar == 2
    assert why.closed == (Entry(6, 19, 3), Entry(5, 20, 2))
    assert why.blocks == ()


def test_short_bar_double_names_its_one_point() -> None:
    pos = position_of("short", {BAR: 1, 6: 14}, {6: 2, 24: 13})
    why = explain(pos, (6, 6))
    assert why.closed == (Entry(6, 19, 2),)


def test_short_no_checker_can_move_because_points_are_held() -> None:
    # Everything on my 13; the opponent holds my 7 and 8 (its 18 and 17).
    pos = position_of("short", {13: 15}, {18: 2, 17: 2, 1: 11})
    why = explain(pos, (6, 5))
    assert why.kind is PassKind.NO_MOVE
    assert why.blocks == (DieBlock(6, (Try(13, 7, Why.HELD),)),
                          DieBlock(5, (Try(13, 8, Why.HELD),)))
    assert why.blocks[0].points(Why.HELD) == (7,)


def test_short_bearing_off_is_not_allowed_with_a_checker_outside() -> None:
    # 7/1 lands on the opponent's point; the checkers on 2 may not bear off: 7 is out.
    pos = position_of("short", {7: 1, 2: 14}, {24: 2, 1: 13})
    why = explain(pos, (6, 6))
    [block] = why.blocks
    assert block.tries == (Try(7, 1, Why.HELD), Try(2, OFF, Why.NOT_ALL_HOME))
    assert block.reasons == (Why.HELD, Why.NOT_ALL_HOME)


def test_short_a_larger_number_waits_for_the_higher_checker() -> None:
    # All home: 6/2 is held, and the 4 cannot take the checker on 1 off while 6 stands.
    pos = position_of("short", {6: 2, 1: 1}, {23: 2, 1: 13})
    why = explain(pos, (4, 4))
    assert why.blocks == (DieBlock(4, (Try(6, 2, Why.HELD),
                                       Try(1, OFF, Why.HIGHER_CHECKER))),)


def test_long_one_opposing_checker_holds_a_point() -> None:
    # The opponent's single checkers on its 6 and 7 are my 18 and 19.
    pos = position_of("long", {24: 15}, {24: 13, 6: 1, 7: 1})
    why = explain(pos, (6, 5))
    assert why.kind is PassKind.NO_MOVE
    assert why.blocks == (DieBlock(6, (Try(24, 18, Why.HELD),)),
                          DieBlock(5, (Try(24, 19, Why.HELD),)))


def test_long_six_block_rule() -> None:
    # 13/7 would make 7..2 with every opposing checker still on its head (my 12).
    pos = position_of("long", {13: 10, 6: 1, 5: 1, 4: 1, 3: 1, 2: 1}, {24: 15})
    why = explain(pos, (6, 6))
    [block] = why.blocks
    assert block.tries[0] == Try(13, 7, Why.SIX_BLOCK)
    assert block.points(Why.NOT_ALL_HOME) == (OFF,)
    assert {t.src for t in block.tries[1:]} == {6, 5, 4, 3, 2}


def test_a_roll_that_can_be_played_has_no_pass_reason() -> None:
    with pytest.raises(EngineError):
        explain(Position.initial("short"), (6, 5))
    with pytest.raises(EngineError):
        explain(position_of("short", {}, {1: 15}), (6, 5))  # the game is over


def test_the_reason_round_trips_as_json_data() -> None:
    for pos, dice in [
        (position_of("short", {BAR: 2, 13: 13}, {6: 3, 5: 2, 24: 10}), (5, 6)),
        (position_of("long", {13: 10, 6: 1, 5: 1, 4: 1, 3: 1, 2: 1}, {24: 15}), (6, 6)),
    ]:
        why = explain(pos, dice)
        assert PassReason.from_dict(pos.variant, why.to_dict()) == why


def test_a_game_logs_the_reason_with_the_pass() -> None:
    game = Game.new("short", FixedDice(6, 1))
    game.position = position_of("short", {BAR: 1, 13: 14}, {6: 2, 5: 2, 24: 11})
    game.phase, game.dice = Phase.ROLL, None
    game.roll(game.seat, (6, 5))
    event = game.history[-1]
    assert event["type"] == "pass"
    assert event["why"] == {"kind": "bar", "dice": [6, 5], "bar": 1,
                            "closed": [[6, 19, 2], [5, 20, 2]]}


@pytest.mark.parametrize("variant", ["short", "long"])
def test_every_pass_of_random_play_is_explained(variant: str) -> None:
    passes = 0
    for pos, dice, first in random_positions(variant, 10_000, seed=5):
        try:
            why = explain(pos, dice, first)
        except EngineError:
            continue
        passes += 1
        if why.kind is PassKind.BAR:
            assert {e.die for e in why.closed} == set(dice)
            assert all(e.opponent_checkers >= 2 for e in why.closed)
            continue
        for block in why.blocks:  # every checker of mine tried every number
            assert [t.src for t in block.tries] == [p for p in range(24, 0, -1) if pos.me[p]]
    assert passes > 20
