"""Resign / timeout charges judged as the position stands: who is on roll and the dice.

Positions are hand-made; each side is given in its OWN numbering (its home is 1-6); the
checkers not placed are borne off. `W` is the winner-to-be, `L` the leaver.
"""

import pytest

import ai
from ai.evaluation import abandon_odds
from engine.game import Game, Phase
from engine.position import Position
from engine.result import ResultKind

PLAIN, MARS, KOKS, HOME_MARS = (ResultKind.PLAIN, ResultKind.MARS, ResultKind.KOKS,
                                ResultKind.HOME_MARS)


def side(points: dict[int, int]) -> list[int]:
    counts = [0] * 26
    for p, n in points.items():
        counts[p] = n
    counts[0] = 15 - sum(points.values())
    return counts


def view(variant, winner: dict[int, int], leaver: dict[int, int]) -> Position:
    """The position seen from the winner-to-be (the hook's convention)."""
    return Position(variant, side(winner), side(leaver))


# L holds all six home points, nothing off; W has one checker left on its 1-point.
SIX_POINTS = {1: 3, 2: 3, 3: 3, 4: 2, 5: 2, 6: 2}


@pytest.mark.parametrize("variant", ["short", "long"])
def test_leaver_whose_rolled_dice_bear_off_is_charged_plain(variant):
    pos = view(variant, {1: 1}, SIX_POINTS)
    # With W on roll, W bears its last checker off with any roll: a certain mars (in long
    # nard a home mars: all 15 of L's checkers are home).
    assert ai.expected_loss(pos) is (MARS if variant == "short" else HOME_MARS)
    # L on roll with 6-5 rolled: every legal play bears a checker off (6/off is the only
    # 6), so L cannot be marsed any more.
    assert ai.expected_loss(pos, leaver_on_roll=True, dice=(6, 5)) is PLAIN
    # L on roll before rolling: every roll bears one off from six made points
    # (a 1 from the 1-point, ...): plain too.
    assert ai.expected_loss(pos, leaver_on_roll=True) is PLAIN


@pytest.mark.parametrize("variant", ["short", "long"])
def test_timeout_with_dice_rolled_through_the_game(variant):
    pos = view(variant, {1: 1}, SIX_POINTS)
    # The game waits for the leaver (seat 0, on roll) to move its 6-5, and its time runs out.
    game = Game(variant=pos.variant, position=pos.swapped(), seat=0, phase=Phase.MOVE,
                dice=(6, 5), moved=[True, True])
    result = game.timeout(0, ai.expected_loss)
    assert (result.winner, result.kind, result.points) == (1, PLAIN, 1)


def test_winner_on_roll_certain_to_finish_short():
    # W has two checkers on its 1-point: every roll bears both off.
    assert ai.expected_loss(view("short", {1: 2}, {8: 15})) is MARS
    # L still has a checker on the bar: koks. (L's 8 is W's 17: no contact with W's home.)
    assert ai.expected_loss(view("short", {1: 2}, {8: 14, 25: 1})) is KOKS
    # ... or in W's home (L's 20 is W's 5).
    assert ai.expected_loss(view("short", {1: 2}, {8: 14, 20: 1})) is KOKS
    # L has borne off one checker: plain whatever happens.
    assert ai.expected_loss(view("short", {1: 2}, {8: 14})) is PLAIN


def test_winner_on_roll_certain_to_finish_long():
    # L all home with nothing off: home mars; L not yet home: mars.
    assert ai.expected_loss(view("long", {1: 2}, {6: 15})) is HOME_MARS
    assert ai.expected_loss(view("long", {1: 2}, {8: 15})) is MARS


def test_resign_and_double_timeout_while_the_winner_is_on_roll():
    pos = view("short", {1: 2}, {8: 14, 25: 1})
    game = Game(variant=pos.variant, position=pos, seat=0, phase=Phase.ROLL)
    assert game.resign(1, ai.expected_loss).kind is KOKS
    # W (on roll) doubled; L lets the answer's time run out: W was on roll.
    game = Game(variant=pos.variant, position=view("short", {1: 2}, {8: 15}), seat=0,
                phase=Phase.DOUBLED, cube_enabled=True)
    result = game.timeout(1, ai.expected_loss)
    assert (result.winner, result.kind, result.points) == (0, MARS, 2)


@pytest.mark.parametrize("variant", ["short", "long"])
def test_exact_bear_off_race_numbers(variant):
    # L has 15 on its 6-point and is on roll; W will finish next turn for sure. L escapes the
    # mars only by bearing a checker off now: with a 6, 5-1, 4-2, 3-3 or 2-2: 17 of 36.
    pos = view(variant, {1: 2}, {6: 15})
    mars, big = abandon_odds(pos, leaver_on_roll=True)
    assert mars == pytest.approx(19 / 36, abs=1e-4)
    assert big == pytest.approx(19 / 36 if variant == "long" else 0.0, abs=1e-4)
    assert ai.expected_loss(pos, leaver_on_roll=True) is (MARS if variant == "short"
                                                          else HOME_MARS)
    # Rolled 2-1 (no checker comes off): the mars is certain; rolled 6-1: plain.
    assert abandon_odds(pos, leaver_on_roll=True, dice=(2, 1))[0] == pytest.approx(1.0)
    assert ai.expected_loss(pos, leaver_on_roll=True, dice=(6, 1)) is PLAIN


@pytest.mark.parametrize("variant", ["short", "long"])
def test_openings_are_plain_whoever_is_on_roll(variant):
    start = Position.initial(variant)
    for on_roll in (False, True):
        assert ai.expected_loss(start, leaver_on_roll=on_roll) is PLAIN
    assert ai.expected_loss(start, leaver_on_roll=True, dice=(6, 5),
                            first_turn=variant == "long") is PLAIN


def test_winner_rolled_a_finishing_roll():
    pos = view("short", {2: 1, 1: 1}, {8: 15})
    # W to play 2-1: both checkers off, a mars. W to play 1-1 cannot miss either.
    assert ai.expected_loss(pos, dice=(2, 1)) is MARS
    assert ai.expected_loss(pos, dice=(1, 1)) is MARS


def test_the_bot_adapter_passes_the_position_as_it_stands():
    from core import computer

    pos = view("short", {1: 1}, SIX_POINTS)
    assert computer.expected_loss(pos) is MARS
    assert computer.expected_loss(pos, leaver_on_roll=True, dice=(6, 5)) is PLAIN
