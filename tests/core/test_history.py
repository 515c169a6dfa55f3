"""core/history.py: what a game's log says, asked in any order."""

from __future__ import annotations

import random

import pytest

from core.history import _decided, event_at, has_decided
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
