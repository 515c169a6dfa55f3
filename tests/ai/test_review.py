"""ai.review: the decisions of a game replayed from its engine history, and the figures."""

from __future__ import annotations

import pytest

from ai import review
from ai.review import CHECKER, DOUBLE, TAKE, Decision, Figures
from engine.dice import FixedDice, SeededDice
from engine.game import Game, MatchState, Phase
from engine.position import Position


def decision(seat: int, loss: float, kind: str = CHECKER, played: str = "8/5 8/7",
             index: int = 0) -> Decision:
    return Decision(index, 1, seat, kind, Position.initial("short"), (3, 1), played, "8/5 6/5",
                    -loss, 0.0)


def test_error_rate_is_a_thousand_times_the_mean_loss_per_decision() -> None:
    losses = [0.0, 0.02, 0.05, 0.1, 0.3]
    decisions = [decision(0, loss, index=i) for i, loss in enumerate(losses)]
    decisions.append(decision(1, 0.5))  # the other player's: not counted
    got = review.figures(decisions, 0)
    assert got.decisions == 5
    assert got.total_loss == pytest.approx(0.47)
    assert got.error_rate == pytest.approx(1000 * 0.47 / 5)  # 94.0
    assert (got.inaccuracies, got.errors, got.blunders) == (1, 1, 1)
    assert Figures(seat=0).error_rate == 0.0  # no decisions: nothing lost


def test_grades_use_gnubgs_thresholds() -> None:
    assert [review.grade(x) for x in (0.0, 0.039, 0.04, 0.079, 0.08, 0.159, 0.16, 1.0)] == [
        None, None, "inaccuracy", "inaccuracy", "error", "error", "blunder", "blunder"]


def test_worst_mistakes_are_the_players_own_costliest_first() -> None:
    decisions = [decision(0, 0.05, index=0), decision(0, 0.3, index=1),
                 decision(1, 0.9, index=2), decision(0, 0.01, index=3),
                 decision(0, 0.2, index=4), decision(0, 0.1, index=5)]
    assert [d.index for d in review.worst(decisions, 0)] == [1, 4, 5]
    assert [d.index for d in review.worst(decisions, 1)] == [2]


def _short_game_with_a_blunder() -> Game:
    """Seat 0 opens 3-1 and plays 8/5 8/7 (best: 8/5 6/5, about 0.4 better)."""
    game = Game.new("short", FixedDice(3, 1))
    game.play(0, "8/5 8/7")
    dice = SeededDice(7)
    while game.phase is not Phase.OVER and len(game.history) < 30:
        if game.phase is Phase.ROLL:
            game.roll(game.seat, dice)
        else:
            game.play(game.seat, game.legal_plays()[0])
    return game


def test_spots_skip_forced_moves_and_number_the_turns() -> None:
    game = _short_game_with_a_blunder()
    found = review.spots("short", game.history)
    moves = [e for e in game.history if e["type"] == "move"]
    assert found[0].played == "8/5 8/7" and found[0].dice == (3, 1) and found[0].turn == 1
    assert all(s.kind == CHECKER for s in found)
    assert len(found) <= len(moves)
    assert [s.index for s in found] == list(range(len(found)))
    # Each spot is numbered by its line in the move list (a turn and its reply share one).
    lines = moves_by_line(game.history)
    for spot in found:
        move = lines[spot.turn, spot.seat]
        assert move["move"] == spot.played and move["seat"] == spot.seat
    assert max(s.turn for s in found) < len(moves)


def moves_by_line(history: list[dict]) -> dict[tuple[int, int], dict]:
    """Each move by (its line in the move list, its seat), from the history's own order:
    the starter's move opens a line, the reply completes it."""
    starter = history[0]["starter"]
    out, line = {}, 0
    for event in history:
        if event["type"] in ("move", "pass"):
            line += event["seat"] == starter
            out[line, event["seat"]] = event
    return out


@pytest.mark.parametrize("ply", [1, 2])
def test_a_known_blunder_is_the_worst_mistake_with_the_right_best_move(ply: int) -> None:
    game = _short_game_with_a_blunder()
    history = game.history[:4]  # opening, its roll, the blunder, the reply's roll
    decisions = review.review("short", history, ply=ply)
    [worst] = review.worst(decisions, 0, 1)
    assert worst.played == "8/5 8/7" and worst.best == "8/5 6/5"
    assert worst.loss >= review.BLUNDER and worst.grade == "blunder"
    assert worst.best_equity > worst.played_equity


def test_long_nard_first_turn_and_progress() -> None:
    dice = SeededDice(3)
    game = Game.new("long", dice)
    while len([e for e in game.history if e["type"] == "move"]) < 6:
        if game.phase is Phase.ROLL:
            game.roll(game.seat, dice)
        else:
            game.play(game.seat, game.legal_plays()[-1])
    seen: list[tuple[int, int]] = []
    decisions = review.review("long", game.history, ply=1,
                              progress=lambda done, total: seen.append((done, total)))
    found = review.spots("long", game.history)
    assert seen == [(i + 1, len(found)) for i in range(len(found))]
    lines = moves_by_line(game.history)
    for spot in found:  # the head rule's exception: the mover's first move
        assert spot.first_turn == (spot.turn == 1)
        assert lines[spot.turn, spot.seat]["move"] == spot.played
    assert len(decisions) == len(found)


def _cube_history(take: bool) -> list[dict]:
    game = Game.new("short", FixedDice(3, 1), cube=True)
    game.play(0, "8/5 6/5")
    game.double(1)
    (game.take if take else game.drop)(0)
    return game.history


def _equities(nd: float, dt: float, dp: float = 1.0):
    calls = []

    def equities(position: Position, **args: object) -> dict[str, float]:
        calls.append((position, args))
        return {"no_double": nd, "double_take": dt, "double_pass": dp}

    return equities, calls


def test_cube_decisions_wrong_double_and_wrong_take() -> None:
    found = review.spots("short", _cube_history(take=True), cube=True)
    kinds = [(s.kind, s.seat, s.played) for s in found]
    assert kinds == [(CHECKER, 0, "8/5 6/5"), (DOUBLE, 1, "double"), (TAKE, 0, "take")]
    equities, calls = _equities(nd=0.5, dt=0.2)  # too early: no double, and a take
    double = review.evaluate(found[1], cube_equities=equities)
    assert double is not None and (double.best, double.played_equity) == ("no_double", 0.2)
    assert review.cube_error(double) == "wrong_double" and double.loss == pytest.approx(0.3)
    right = review.evaluate(found[2], cube_equities=equities)
    assert right is not None and right.loss == 0 and review.cube_error(right) is None
    equities, more = _equities(nd=0.1, dt=1.4)  # double/pass 1.0 < double/take: a drop
    take = review.evaluate(found[2], cube_equities=equities)
    assert take is not None
    assert (take.best, take.played_equity, take.best_equity) == ("drop", -1.4, -1.0)
    assert review.cube_error(take) == "wrong_take" and take.loss == pytest.approx(0.4)
    # Both were asked from the doubler's side (seat 1 on roll), money play, centred cube.
    assert calls[0][0] == calls[1][0] == more[0][0] == found[1].position
    assert calls[0][1]["cube_owner"] == "center" and calls[0][1]["match_length"] == 0


def test_a_missed_double_and_a_routine_no_double() -> None:
    game = Game.new("short", FixedDice(3, 1), cube=True)
    game.play(0, "8/5 6/5")
    game.roll(1, (6, 5))  # no double before this roll
    game.play(1, "24/13")
    history = game.history
    found = review.spots("short", history, cube=True)
    assert [(s.kind, s.played) for s in found] == [(CHECKER, "8/5 6/5"), (DOUBLE, "no_double"),
                                                   (CHECKER, "24/13")]
    missed = review.evaluate(found[1], cube_equities=_equities(nd=0.5, dt=0.9)[0])
    assert missed is not None and review.cube_error(missed) == "missed_double"
    assert missed.loss == pytest.approx(0.4)
    assert review.evaluate(found[1], cube_equities=_equities(nd=0.1, dt=-0.5)[0]) is None
    close = review.evaluate(found[1], cube_equities=_equities(nd=0.1, dt=0.0)[0])
    assert close is not None and close.loss == 0 and review.cube_error(close) is None


def test_match_state_from_the_earlier_games() -> None:
    first = Game.new("short", FixedDice(3, 1), match=MatchState(3), cube=True)
    first.play(0, "8/5 6/5")
    first.double(1)
    first.drop(0)
    state = review.match_state(3, [first.history])
    assert state.score == (0, 1) and not state.crawford
    second = Game.new("short", FixedDice(3, 1), match=state, cube=True)
    second.play(0, "8/5 6/5")
    second.double(1)
    second.drop(0)
    assert review.match_state(3, [first.history, second.history]).crawford
    [_, spot, _] = review.spots("short", second.history, match=state, cube=True)
    assert spot.cube["score"] == (1, 0) and spot.cube["match_length"] == 3


def test_a_history_that_does_not_replay_is_refused() -> None:
    game = _short_game_with_a_blunder()
    broken = [dict(e) for e in game.history]
    broken[2] = {**broken[2], "move": "13/10 13/12"}
    broken[3] = {**broken[3], "dice": [9, 9]}
    with pytest.raises(Exception):  # noqa: B017 - the engine's own error
        review.spots("short", broken)
