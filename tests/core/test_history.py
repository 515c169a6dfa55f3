"""core/history.py: what a game's log says, asked in any order."""

from __future__ import annotations

import random

import pytest

from core.history import _decided, came_back, event_at, has_decided
from core.live import Live
from engine.dice import FixedDice
from engine.game import Game, Phase


def decided_oldest_first(live: Live, seat: int) -> bool:
    """The plain reading of "has `seat` decided anything yet": every entry, oldest first."""
    return any(event is not None and _decided(event, seat)
               for event in (event_at(live, i) for i in range(len(live.game.history))))


@pytest.mark.parametrize(("variant", "seed"), [("short", 1), ("short", 2), ("long", 3),
                                               ("long", 4)])
def test_has_decided_newest_first_agrees_with_every_entry_oldest_first(
        variant: str, seed: int) -> None:
    """has_decided looks newest first (a recent move is cheap to judge); it must say what
    reading the whole log from the start says, at every point of whole games with forced
    moves, passes and (short nard) doubles, taken and dropped."""
    rng = random.Random(seed)
    checked = changed = 0
    for _ in range(6):
        game = Game.new(variant, FixedDice(*(rng.randint(1, 6) for _ in range(2000))),
                        cube=variant == "short")
        seen = [False, False]
        while game.phase is not Phase.OVER:
            seat = game.to_act
            if game.phase is Phase.ROLL:
                if game.can_double(seat) and rng.random() < 0.05:
                    game.double(seat)
                else:
                    game.roll(seat, (rng.randint(1, 6), rng.randint(1, 6)))
            elif game.phase is Phase.DOUBLED:
                (game.take if rng.random() < 0.7 else game.drop)(seat)
            else:
                game.play(seat, rng.choice(game.legal_plays()))
            stored = Live(game).dump()
            live = Live.load(stored)  # as each press loads it
            for who in (0, 1):
                expected = decided_oldest_first(Live.load(stored), who)
                assert has_decided(live, who) == expected, (variant, len(game.history), who)
                changed += expected != seen[who]
                seen[who] = expected
                checked += 1
    assert checked > 500 and changed >= 4  # both answers were met, for both seats


def came_back_plainly(live: Live, seat: int) -> bool:
    """The plain reading of "the turn came back to `seat` with nothing decided by the other
    player since `seat` last decided": every entry, oldest first."""
    events = [e for e in (event_at(live, i) for i in range(len(live.game.history))) if e]
    mine = [i for i, e in enumerate(events) if _decided(e, seat)]
    return bool(mine) and not any(_decided(e, 1 - seat) for e in events[mine[-1]:])


@pytest.mark.parametrize(("variant", "seed"), [("short", 5), ("long", 6)])
def test_came_back_after_a_pass_or_a_forced_move_and_only_then(variant: str, seed: int) -> None:
    """At every turn of whole games, `came_back` for the player to act agrees with the
    plain reading; it is met after the other player passed or had their only move played
    (a correspondence game tells no turn then: the player has just acted), and not after
    the other player chose a move."""
    rng = random.Random(seed)
    back = chosen = 0
    for _ in range(8):
        game = Game.new(variant, FixedDice(*(rng.randint(1, 6) for _ in range(2000))),
                        cube=variant == "short")
        while game.phase is not Phase.OVER:
            seat = game.to_act
            if game.phase is Phase.ROLL:
                if game.can_double(seat) and rng.random() < 0.05:
                    game.double(seat)
                else:
                    game.roll(seat, (rng.randint(1, 6), rng.randint(1, 6)))
            elif game.phase is Phase.DOUBLED:
                (game.take if rng.random() < 0.7 else game.drop)(seat)
            else:
                game.play(seat, rng.choice(game.legal_plays()))
            if game.phase is Phase.OVER or game.to_act == seat:
                continue
            live = Live.load(Live(game).dump())
            now = game.to_act
            expected = came_back_plainly(live, now)
            assert came_back(live, now) == expected, (variant, len(game.history))
            last = event_at(live, len(game.history) - 1) or event_at(
                live, len(game.history) - 2)
            back += expected
            chosen += not expected
            if last is not None and _decided(last, 1 - now):
                assert not expected  # the other player chose: this turn is news
    assert back >= 3 and chosen > 100
