"""One-tap full moves pressed through the core (core/fullmoves.py, `Act.FULL` in
core/games.py), with no door: a tap plays exactly the finish the core offers at that
index, on the stored state; an index the core does not offer, a tap with one die left, a
tap of the wrong player or on an old version changes nothing. Both engines.
(tests/bot/test_fullmoves.py checks `finishes` itself against the engine.)"""

from __future__ import annotations

import random

import pytest

from core.actions import Act, Action, Refusal
from core.events import What
from core.fullmoves import one_taps
from core.settings import UNDO_WINDOW
from engine.game import Phase, Reason
from engine.position import Position
from engine.randomplay import random_positions
from engine.resolve import resolve_move
from testkit.core_door import (
    ALI,
    VALI,
    Table,
    act,
    ask,
    craft,
    friends,
    stored,
    to_act,
)

# The mover's last two checkers on 6 and 2, the opponent's all on its 1-point (my 24):
# with 6-4 the finishes are "6/off" and "6/off 2/off".
BEAR_OFF = Position("short", [13, 0, 1, 0, 0, 0, 1] + [0] * 19, [0, 15] + [0] * 24)


async def _bear_off(t: Table) -> tuple[int, int, int]:
    """A game stored at BEAR_OFF with 6-4 to play: (its id, the mover, their seat)."""
    game_id = await friends(t)
    seat = (await to_act(t, game_id))[1]
    await craft(t, game_id, BEAR_OFF, seat=seat, dice=(6, 4))
    player = (await to_act(t, game_id))[0]
    return game_id, player, seat


async def test_a_tap_plays_the_whole_finish_and_the_turn_is_sent(table: Table) -> None:
    t = table
    game_id, player, seat = await _bear_off(t)
    row, live = await stored(t, game_id)
    labels = [str(option.move) for option in one_taps(live)]
    assert labels == ["6/off", "6/off 2/off"]
    assert await ask(t, player, act(row, Act.FULL, labels.index("6/off 2/off"))) == [None]
    row, live = await stored(t, game_id)
    assert row.version == 3 and [(s.src, s.dst) for s in live.steps] == [(6, 0), (2, 0)]
    assert live.pending is not None  # played to its last die: sent in a moment (no Done)
    assert t.heard.of(game_id)[-1] == (What.STEP, seat)
    t.clock.advance(UNDO_WINDOW)
    await t.core.timers.tick()
    row, live = await stored(t, game_id)
    assert row.status == "finished" and row.winner_seat == seat
    assert live.game.result is not None and live.game.result.reason is Reason.BORNE_OFF


async def test_a_tap_the_core_does_not_offer_changes_nothing(table: Table) -> None:
    t = table
    game_id, player, seat = await _bear_off(t)
    row = (await stored(t, game_id))[0]
    t.heard.changes.clear()
    assert await ask(t, player, act(row, Act.FULL, 2)) == [Refusal.ILLEGAL]  # two offered
    assert await ask(t, player, act(row, Act.FULL, -1)) == [Refusal.ILLEGAL]
    assert t.heard.of(game_id) == [(What.REFUSED, seat)] * 2
    assert (await stored(t, game_id))[0].version == row.version
    # With one die left the step buttons finish the turn: no one-tap button, none pressed.
    assert await ask(t, player, act(row, Act.GO, 6, 0)) == [None]
    row, live = await stored(t, game_id)
    assert one_taps(live) == []
    assert await ask(t, player, act(row, Act.FULL, 0)) == [Refusal.ILLEGAL]
    assert (await stored(t, game_id))[0].version == row.version


async def test_a_tap_of_the_wrong_player_or_an_old_board_changes_nothing(
        table: Table) -> None:
    t = table
    game_id, player, _ = await _bear_off(t)
    row = (await stored(t, game_id))[0]
    other = VALI if player == ALI else ALI
    assert await ask(t, other, act(row, Act.FULL, 0)) == [Refusal.NOT_YOUR_TURN]
    old = Action(game_id, row.version - 1, Act.FULL, 0)
    assert await ask(t, player, old) == [Refusal.STALE]
    assert (await stored(t, game_id))[0].version == row.version


@pytest.mark.parametrize("variant", ["short", "long"])
async def test_each_tap_plays_the_finish_it_names(table: Table, variant: str) -> None:
    """On positions from random play: tapping button `i` and sending the turn plays the
    move the button's label names, whatever steps were taken before."""
    t = table
    game_id = await friends(t, variant=variant)
    rng = random.Random(5)
    tapped = 0
    for position, dice, first in random_positions(variant, 400, seed=17):
        if first or position.me[0] or position.opp[0]:  # no bear-off: the game goes on
            continue
        seat = (await to_act(t, game_id))[1]
        await craft(t, game_id, position, seat=seat, dice=dice)
        player, _, row, live = await to_act(t, game_id)
        if rng.random() < 0.5 and live.game.turn().legal_steps():  # one step taken first
            step = rng.choice(live.game.turn().legal_steps())
            assert await ask(t, player, act(row, Act.GO, step.src, step.dst)) == [None]
            row, live = await stored(t, game_id)
        options = one_taps(live)
        if not options:
            continue
        index = rng.randrange(len(options))
        assert await ask(t, player, act(row, Act.FULL, index)) == [None]
        row, live = await stored(t, game_id)
        if live.game.seat == seat and live.game.phase is Phase.MOVE:
            assert await ask(t, player, act(row, Act.DONE)) == [None]
        row, live = await stored(t, game_id)
        played = next(e for e in reversed(live.game.history)
                      if e["type"] == "move" and e["seat"] == seat)
        assert resolve_move(position, dice, played["move"]).after == resolve_move(
            position, dice, str(options[index].move)).after
        tapped += 1
        if tapped == 12:
            break
    assert tapped == 12
