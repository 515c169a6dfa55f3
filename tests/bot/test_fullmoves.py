"""One-tap full moves against the engine, on positions from random play in both variants:
the buttons offer exactly the results still reachable, at most six, each exactly once, in
an order that depends only on the stored state; a tap plays a legal way to its result."""

from __future__ import annotations

import random

import pytest

from core.fullmoves import ONE_TAP_LIMIT, finish_steps, finishes, one_taps
from core.live import Live
from engine.dice import FixedDice
from engine.game import Game, Phase
from engine.position import Position
from engine.randomplay import random_positions
from engine.resolve import apply_steps, resolve_move
from engine.turn import Turn

POSITIONS = 1500


def live_at(position: Position, dice: tuple[int, int], first: bool) -> Live:
    game = Game.new(position.variant, FixedDice(6, 1))
    game.position, game.phase, game.dice, game.seat = position, Phase.MOVE, dice, 0
    game.moved = [not first, True]
    return Live(game)


def reachable(turn: Turn) -> set[Position]:
    """Every result reachable from the turn's current steps (exhaustive, no shortcut)."""
    out: set[Position] = set()

    def walk() -> None:
        if turn.is_complete:
            out.add(apply_steps(turn.position, turn.steps))
        for step in turn.legal_steps():
            turn.play(step)
            try:
                walk()
            finally:
                turn.undo()

    walk()
    return out


@pytest.mark.parametrize("variant", ["short", "long"])
def test_one_tap_buttons_are_exactly_the_reachable_results(variant: str) -> None:
    rng = random.Random(7)
    shown = 0
    for position, dice, first in random_positions(variant, POSITIONS, seed=11):
        live = live_at(position, dice, first)
        turn = live.turn()
        if turn.is_pass:
            assert finishes(live) is None
            continue
        for _ in range(rng.choice((0, 0, 1, 2))):  # sometimes with steps already taken
            steps = turn.legal_steps()
            if not steps or (turn.is_complete and rng.random() < 0.5):
                break
            step = rng.choice(steps)
            live.steps.append((step.src, step.dst))
            turn = live.turn()
        options = finishes(live)
        if options is None:
            if not live.steps:
                assert len(turn.plays) > ONE_TAP_LIMIT
            else:
                assert len(reachable(turn)) > ONE_TAP_LIMIT
            continue
        shown += 1
        results = reachable(turn)
        assert len(options) == len(results) <= ONE_TAP_LIMIT
        labels = [str(option.move) for option in options]
        assert labels == sorted(labels) and len(set(labels)) == len(labels)
        seen = set()
        offered = one_taps(live)
        if live.steps and len(turn.remaining_dice) <= 1:
            assert offered == []
        else:
            assert offered == [option for option in options if option.rest]
        for index, option in enumerate(offered):
            assert finish_steps(live, index) == option.rest
        for option in options:
            for step in option.rest:  # the steps replay one by one, each legal in turn
                turn.play((step.src, step.dst), step.die)
            result = apply_steps(turn.position, turn.steps)
            assert turn.is_complete and result in results
            for _ in option.rest:
                turn.undo()
            seen.add(result)
            # The label is the whole turn in the usual notation, naming that very result.
            assert resolve_move(position, dice, str(option.move),
                                first_turn=first).after == result.swapped()
        assert seen == results
    assert shown > POSITIONS // 10  # the test did see many one-tap keyboards


def test_the_order_does_not_depend_on_the_turn_object() -> None:
    position = Position("short", [13, 0, 1, 0, 0, 0, 1] + [0] * 19, [0, 15] + [0] * 24)
    first = finishes(live_at(position, (6, 4), False))
    again = finishes(live_at(position, (4, 6), False))
    assert first == again and [str(o.move) for o in first] == ["6/off", "6/off 2/off"]


def test_no_such_button() -> None:
    live = live_at(Position.initial("short"), (6, 5), False)
    assert finishes(live) is None
    with pytest.raises(KeyError):
        finish_steps(live, 0)
