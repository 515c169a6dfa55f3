"""core/history.py: what a game's log says, asked in any order."""

from __future__ import annotations

import random

import pytest

from core.history import came_back, event_at, has_decided, is_decision
from core.live import Live
from engine.dice import FixedDice
from engine.game import Game, Phase


def decided_oldest_first(live: Live, seat: int) -> bool:
    """The plain reading of "has `seat` decided anything yet": every entry, oldest first."""
    return any(event is not None and is_decision(event, seat)
               for event in (event_at(live, i) for i in range(len(live.game.history))))


@pytest.mark.parametrize(("variant", "seed"), [("short", 1), ("short", 2), ("long", 3),
                                               ("long", 4)])
@pytest.mark.slow
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
    mine = [i for i, e in enumerate(events) if is_decision(e, seat)]
    return bool(mine) and not any(is_decision(e, 1 - seat) for e in events[mine[-1]:])


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
            if last is not None and is_decision(last, 1 - now):
                assert not expected  # the other player chose: this turn is news
    assert back >= 3 and chosen > 100


def test_a_dump_writes_what_the_copied_history_writes_without_copying_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Live.dump reads the history's own events (no copy of each, a press's dump is
    O(history)); its text is the one written from `Game.to_dict()`'s copies, at every
    point of a whole game, and loading it gives the game back."""
    import json

    rng = random.Random(5)
    game = Game.new("short", FixedDice(*(rng.randint(1, 6) for _ in range(2000))), cube=True)
    copies = []
    plain_dict = dict

    class Counting(dict):  # type: ignore[type-arg]
        def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
            copies.append(1)
            super().__init__(*args, **kwargs)

    states = 0
    while game.phase is not Phase.OVER:
        seat = game.to_act
        if game.phase is Phase.ROLL:
            game.roll(seat, (rng.randint(1, 6), rng.randint(1, 6)))
        else:
            game.play(seat, rng.choice(game.legal_plays()))
        live = Live(game)
        expected = {"game": game.to_dict(), "number": 1, "steps": []}
        monkeypatch.setattr("builtins.dict", Counting)
        try:
            dumped = live.dump()
        finally:
            monkeypatch.setattr("builtins.dict", plain_dict)
        assert dumped == json.dumps(expected, separators=(",", ":"), ensure_ascii=False)
        assert Live.load(dumped).game.to_dict() == game.to_dict()
        states += 1
    assert states > 20 and len(game.history) > 20
    assert not copies  # no event of the history was copied to be dumped


def test_the_state_a_live_was_loaded_from_is_read_as_stored_after_any_change() -> None:
    """`Live.stored` hands the save the parse the state was loaded from (no second parse
    of the same text a press): it stays what the text says whatever the game does after
    loading (rolls, moves, banks charged, seats that roll by themselves), and another text
    is parsed anew."""
    import json

    rng = random.Random(7)
    game = Game.new("short", FixedDice(*(rng.randint(1, 6) for _ in range(2000))), cube=True)
    checked = 0
    while game.phase is not Phase.OVER and checked < 60:
        before = Live(game, banks=[30.0, 25.0], rolls_always=[1])
        text = before.dump()
        live = Live.load(text)
        assert live.stored(text) is live.stored(text)  # the load's own parse
        seat = live.game.to_act
        if live.game.phase is Phase.ROLL:
            live.game.roll(seat, (rng.randint(1, 6), rng.randint(1, 6)))
        else:
            live.game.play(seat, rng.choice(live.game.legal_plays()))
        assert live.banks is not None
        live.banks[seat] = 1.5
        live.rolls_always.append(0)
        assert live.stored(text) == json.loads(text)
        changed = live.dump()
        assert live.stored(changed) == json.loads(changed) != json.loads(text)
        game = live.game
        checked += 1
    assert checked == 60
