"""PR and luck (`ai.luck`), pinned on positions counted by hand with the real evaluator
(bear-off races the database decides exactly) and on the aggregation's arithmetic."""

import pytest

from ai import luck, review
from ai.review import CHECKER, Decision, Spot
from engine.dice import SeededDice
from engine.game import Game, Phase
from engine.position import Position
from engine.result import ResultKind

# The roller's last checker on its 6-point bears off with 27 of the 36 rolls: every
# non-double of 6 pips or more (11 of the 15, twice each) and every double from 2-2 up.
HITS = 27
MISSES = ((1, 1), (1, 2), (1, 3), (1, 4), (2, 3))  # 9 of the 36 rolls


def _side(points: dict[int, int], off: int | None = None) -> list[int]:
    side = [0] * 26
    for p, n in points.items():
        side[p] = n
    side[0] = 15 - sum(points.values()) if off is None else off
    return side


def _last_checker(opp: dict[int, int], variant: str) -> Position:
    return Position(variant, _side({6: 1}), _side(opp))


@pytest.mark.parametrize("variant", ["short", "long"])
def test_a_race_won_or_lost_on_this_roll(variant):
    """The opponent bears its last checker off next turn: a hit wins 1, a miss loses 1.
    The mean is (27 - 9) / 36 = 0.5; a hit is +0.5 of luck, a miss -1.5."""
    position = _last_checker({1: 1}, variant)
    values = luck.roll_values(position)
    misses = {dice for dice, value in values.items() if value < 0}
    assert misses == set(MISSES)
    assert all(values[dice] == pytest.approx(1.0) for dice in values if dice not in misses)
    assert all(values[dice] == pytest.approx(-1.0) for dice in misses)
    assert luck.average(values) == pytest.approx((HITS - 9) / 36) == pytest.approx(0.5)
    assert luck.roll_luck(position, (6, 5)) == pytest.approx(0.5)
    assert luck.roll_luck(position, (5, 6)) == pytest.approx(0.5)  # the order is no matter
    assert luck.roll_luck(position, (2, 1)) == pytest.approx(-1.5)
    assert luck.roll_luck(position, (1, 1)) == pytest.approx(-1.5)
    assert luck.roll_luck(position, (2, 2)) == pytest.approx(0.5)


@pytest.mark.parametrize(("variant", "mars"), [("short", 2), ("long", 3)])
def test_a_mars_on_this_roll_or_a_plain_win_next(variant, mars):
    """The opponent has all 15 on its 1-point: a hit wins a mars (2 points in short nard,
    3 in long), a miss still wins next turn, but plain (the opponent bears off meanwhile).
    Short: mean (27 x 2 + 9) / 36 = 1.75, a hit +0.25, a miss -0.75; long: mean 2.5, a hit
    +0.5, a miss -1.5."""
    position = _last_checker({1: 15}, variant)
    values = luck.roll_values(position)
    mean = (HITS * mars + 9) / 36
    assert luck.average(values) == pytest.approx(mean)
    assert values[(6, 6)] == pytest.approx(mars)
    assert values[(1, 2)] == pytest.approx(1.0)
    assert luck.roll_luck(position, (6, 6)) == pytest.approx(mars - mean)
    assert luck.roll_luck(position, (2, 1)) == pytest.approx(1 - mean)
    expected = {"short": (0.25, -0.75), "long": (0.5, -1.5)}[variant]
    assert (luck.roll_luck(position, (6, 4)), luck.roll_luck(position, (4, 1))) \
        == pytest.approx(expected)


def test_the_cube_multiplies_a_roll_luck():
    position = _last_checker({1: 1}, "short")
    at = {value: luck.luck_of(luck.Roll(0, position, (2, 1), False, value))
          for value in (1, 2, 4)}
    assert at == pytest.approx({1: -1.5, 2: -3.0, 4: -6.0})


def test_luck_each_side_and_the_luck_adjusted_result():
    """Seat 0 rolled a hit (+0.5) then a miss (-1.5); seat 1 a miss (-1.5). Seat 0's luck is
    -1.0, seat 1's -1.5; seat 0 won 2 points: adjusted, 2 - (-1.0 - -1.5) = 1.5, and seat 1
    -2 - (-1.5 - -1.0) = -1.5 (the two adjusted results always cancel)."""
    position = _last_checker({1: 1}, "short")
    found = [luck.Roll(0, position, (6, 5), False, 1), luck.Roll(1, position, (2, 1), False, 1),
             luck.Roll(0, position, (1, 1), False, 1)]
    got = luck.total(found, [luck.luck_of(r) for r in found])
    assert got.rolls == (2, 1)
    assert got.luck == pytest.approx((-1.0, -1.5))
    assert luck.adjusted(2.0, *got.luck) == pytest.approx(1.5)
    assert luck.adjusted(-2.0, got.luck[1], got.luck[0]) == pytest.approx(-1.5)


def test_result_points_are_signed_for_each_seat():
    history = [{"type": "opening"}, {"type": "result", "winner": 1, "kind": "mars",
                                     "points": 4, "reason": "borne_off"}]
    assert luck.result_points(history, 1) == 4.0
    assert luck.result_points(history, 0) == -4.0
    assert luck.result_points(history[:1], 0) == 0.0


def _two_checker_race() -> Position:
    """Checkers on the 4- and 3-points against an opponent that finishes next turn."""
    return Position("short", _side({4: 1, 3: 1}), _side({1: 1}))


def test_an_exact_decision_loses_two_points():
    """With 4-3, 4/off 3/off wins; 4/1 3/off leaves a checker and loses: 2.0 lost."""
    position = _two_checker_race()
    spot = Spot(index=0, turn=1, seat=0, kind=CHECKER, position=position, dice=(4, 3),
                played="4/1 3/off")
    decision = review.evaluate(spot, 2)
    assert decision is not None
    assert (decision.played_equity, decision.best_equity) == pytest.approx((-1.0, 1.0))
    assert decision.loss == pytest.approx(2.0)


def _decision(seat: int, loss: float) -> Decision:
    return Decision(0, 1, seat, CHECKER, _two_checker_race(), (4, 3), "x", "y", -loss, 0.0)


def test_pr_is_500_times_the_mean_loss_per_decision():
    """Ten decisions, one losing 2.0 (the decision above), nine losing nothing:
    500 x 2.0 / 10 = 100. Nine decisions: too few for a PR."""
    ten = [_decision(0, 2.0)] + [_decision(0, 0.0)] * 9 + [_decision(1, 0.5)] * 12
    mine = review.figures(ten, 0)
    assert mine.decisions == 10
    assert luck.pr(mine.total_loss, mine.decisions) == pytest.approx(100.0)
    theirs = review.figures(ten, 1)
    assert luck.pr(theirs.total_loss, theirs.decisions) == pytest.approx(250.0)
    assert luck.pr(2.0, luck.MIN_DECISIONS - 1) is None
    assert luck.pr(0.0, luck.MIN_DECISIONS) == 0.0
    assert luck.pr(0.06, 20) == pytest.approx(1.5)  # 0.003 per decision: world class
    assert luck.MIN_DECISIONS == 10


def _played_game(variant: str, seed: int) -> Game:
    """A game of seeded dice, every turn its first legal play."""
    dice = SeededDice(seed)
    game = Game.new(variant, dice)
    while game.phase is not Phase.OVER:
        if game.phase is Phase.ROLL:
            game.roll(game.seat, dice)
        else:
            game.play(game.seat, game.legal_plays()[0])
    return game


@pytest.mark.parametrize("variant", ["short", "long"])
def test_a_whole_game_counts_each_roll_once(variant):
    """Every roll of the history but short nard's opening throw is judged, for its roller;
    each side's luck is the sum of its rolls' luck."""
    game = _played_game(variant, 3)
    found = luck.rolls(variant, game.history, None, False)
    logged = [e for e in game.history if e["type"] == "roll" and not e.get("opening")]
    assert [(r.seat, list(r.dice)) for r in found] == [(e["seat"], e["dice"]) for e in logged]
    starter = game.history[0]["starter"]
    if variant == "long":  # the starter's first roll counts, with the head rule's exception
        assert (found[0].seat, found[0].first_turn) == (starter, True)
        assert found[0].position == Position.initial(variant)
    else:  # the opening throw is the starter's first roll: the other side's roll is first
        assert found[0].seat == 1 - starter
    got = luck.game_luck(variant, game.history, None, False)
    assert got.rolls == (sum(r.seat == 0 for r in found), sum(r.seat == 1 for r in found))
    by_hand = [0.0, 0.0]
    for r in found:
        by_hand[r.seat] += luck.roll_luck(r.position, r.dice, r.first_turn)
    assert got.luck == pytest.approx(tuple(by_hand))
    assert all(abs(x) < 3.0 * n for x, n in zip(got.luck, got.rolls, strict=True))


def test_rolls_after_a_take_count_at_the_cubes_value():
    """Seat 1 doubles before its first roll and seat 0 takes: seat 1's rolls from then on
    are judged at the cube's 2 (the game itself then resigned, which ends the counting)."""
    dice = SeededDice(5)
    game = Game.new("short", dice, cube=True)
    game.play(game.seat, game.legal_plays()[0])
    doubler = game.seat
    game.double(doubler)
    game.take(1 - doubler)
    game.roll(doubler, dice)
    if game.phase is Phase.MOVE:
        game.play(doubler, game.legal_plays()[0])
    game.roll(1 - doubler, dice)
    game.resign(doubler, lambda position, **stands: ResultKind.PLAIN)
    found = luck.rolls("short", game.history, None, True)
    assert [(r.seat, r.cube_value) for r in found] == [(doubler, 2), (1 - doubler, 2)]
    got = luck.game_luck("short", game.history, None, True)
    assert got.luck[doubler] == pytest.approx(
        2 * luck.roll_luck(found[0].position, found[0].dice, found[0].first_turn))
