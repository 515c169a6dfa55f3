"""The engine's default charge for an abandoned game (`race_estimate`), judged as the
position stands: whose turn it is and the dice already rolled. Sides are given in their
own numbering; checkers not placed are borne off. `W` wins, `L` leaves."""

import pytest

from engine.game import Game, Phase
from engine.position import Position
from engine.result import ResultKind, race_estimate

PLAIN, MARS, KOKS, HOME_MARS = (ResultKind.PLAIN, ResultKind.MARS, ResultKind.KOKS,
                                ResultKind.HOME_MARS)
SIX_POINTS = {1: 3, 2: 3, 3: 3, 4: 2, 5: 2, 6: 2}


def side(points: dict[int, int]) -> list[int]:
    counts = [0] * 26
    for p, n in points.items():
        counts[p] = n
    counts[0] = 15 - sum(points.values())
    return counts


def view(variant, winner, leaver) -> Position:
    return Position(variant, side(winner), side(leaver))


@pytest.mark.parametrize("variant", ["short", "long"])
def test_rolled_dice_that_bear_off_save_the_leaver(variant):
    # L holds six home points with nothing off; W has one checker on its 1-point.
    pos = view(variant, {1: 1}, SIX_POINTS)
    # W on roll finishes with every roll: a mars (long nard: all 15 of L home, home mars).
    assert race_estimate(pos) is (MARS if variant == "short" else HOME_MARS)
    # L on roll with 6-5: every legal play bears a checker off (6/off is the only 6).
    assert race_estimate(pos, leaver_on_roll=True, dice=(6, 5)) is PLAIN
    # L on roll before rolling: every roll bears one off from six made points.
    assert race_estimate(pos, leaver_on_roll=True) is PLAIN
    game = Game(variant=pos.variant, position=pos.swapped(), seat=0, phase=Phase.MOVE,
                dice=(6, 5), moved=[True, True])
    assert game.timeout(0).kind is PLAIN  # L's time ran out with 6-5 in hand


@pytest.mark.parametrize("variant", ["short", "long"])
def test_the_leaver_on_roll_is_a_roll_ahead(variant):
    # W has two checkers on its 6 (12 pips): it finishes this roll only with 6-6.
    # L: four on its 7, eleven home: after any roll of W's it needs 4 + 1 = 5 pips minus 8
    # for being on roll: plain. With L on roll first, every roll brings its four towards
    # home and W, on roll with 12 pips, is not beaten: plain too.
    pos = view(variant, {6: 2}, {7: 4, 6: 11})
    assert race_estimate(pos) is PLAIN
    # L far from home (all 15 on its 12: 91 pips to its first checker off) against the
    # same W: mars whoever is on roll.
    far = view(variant, {6: 2}, {12: 15})
    assert race_estimate(far) is MARS
    assert race_estimate(far, leaver_on_roll=True) is MARS
    game = Game(variant=far.variant, position=far.swapped(), seat=0, phase=Phase.ROLL,
                moved=[True, True])
    assert game.resign(0).kind is MARS  # L resigns on its own turn
    assert race_estimate(view(variant, {6: 1}, {12: 15}), leaver_on_roll=True) is MARS


def test_winner_rolled_a_finish():
    # W to play 2-1 with checkers on its 2 and 1: both come off; L has a checker on the bar.
    pos = view("short", {2: 1, 1: 1}, {8: 14, 25: 1})
    assert race_estimate(pos, dice=(2, 1)) is KOKS
    game = Game(variant=pos.variant, position=pos, seat=0, phase=Phase.MOVE, dice=(2, 1))
    assert game.resign(1).kind is KOKS
    # Long nard: L all home with nothing off: a home mars.
    assert race_estimate(view("long", {2: 1, 1: 1}, {6: 15}), dice=(2, 1)) is HOME_MARS


def test_leaver_rolled_dice_that_do_not_bear_off():
    # L has 15 on its 7-point and rolls 2-1: nothing comes off; after its best play it still
    # needs 13 + 1 pips, W (to move) needs 2: mars.
    pos = view("short", {1: 2}, {7: 15})
    assert race_estimate(pos, leaver_on_roll=True, dice=(2, 1)) is MARS
    # The opening position stays plain with the dice in hand, whoever holds them.
    start = Position.initial("short")
    assert race_estimate(start, leaver_on_roll=True, dice=(6, 5)) is PLAIN
    assert race_estimate(start, dice=(6, 5)) is PLAIN
    assert race_estimate(start, leaver_on_roll=True) is PLAIN
