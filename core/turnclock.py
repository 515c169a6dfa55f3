"""One timer window per turn (docs/rules.md, "Time, resigning and leaving" and "Time
controls").

A turn's window is the game's time control's (`core.timecontrol`): a fixed window, a day or
more of correspondence, or a match clock's delay plus the player's bank; a clock's bank
loses what the player used beyond the delay when their turn (or their answer to a double)
ends. A turn's window opens when the turn passes to a player and covers everything that player
does in it: the cube decision (double or roll), the roll and every step of the move.
Pressing Roll, taking a step or undoing one keeps the deadline. Across a double:

* the doubled player gets a full window of their own to take or drop;
* the doubler's window waits meanwhile (the seconds it had left are kept in the game) and
  goes on after a take with exactly those seconds.

The computer's turns are due at once (the timer loop resumes a computer turn that a stopped
process left half-done). Deadlines are whole seconds, rounded up, so a window is never
shorter than the setting. A board delivered late (after a restart or a Telegram fault)
restarts the window of the player it is for: see `GameService.catch_up`; one that reached
its player whole seconds after its save (a group's pace) moves the deadline on by those
seconds: `GameService.board_reached`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from core.live import Live, PendingTurn
from core.timecontrol import TimeControl
from engine.events import Event
from engine.game import Phase


def turns_played(history: Sequence[Event]) -> int:
    """How many turns of the game have ended (a move or a pass ends one)."""
    return sum(1 for event in history if event["type"] in ("move", "pass"))


def whole_second(moment: datetime) -> datetime:
    """`moment` rounded up to a whole second (storage keeps whole seconds)."""
    if moment.microsecond:
        return moment.replace(microsecond=0) + timedelta(seconds=1)
    return moment


def _actor(stored: dict[str, Any]) -> int:
    """The seat the stored state waited for (`Game.to_act` without building the game)."""
    game = stored["game"]
    seat: int = game["seat"]
    return 1 - seat if game["phase"] == Phase.DOUBLED.value else seat


def charge(stored: dict[str, Any], live: Live, deadline: datetime | None, *, now: datetime,
           control: TimeControl, computer: int | None) -> None:
    """A match clock's bank after the player the stored state waited for acted at `now`:
    what was left of it, or less when the time left to the deadline is less (the delay is
    spent first, so only time past it comes off the bank)."""
    if not control.clocked or deadline is None:
        return
    pending = PendingTurn.of(stored.get("pending"))
    if pending is not None and pending.played is not None:  # a turn sent after its undo
        now = min(now, pending.played)  # moment: the player's time stopped at the last die
    seat = _actor(stored)
    if seat == computer:
        return
    banks = live.banks or [control.bank(live.game.match.length)] * 2
    left = max(0.0, (deadline - now).total_seconds())
    banks[seat] = min(banks[seat], left)
    live.banks = banks


def turn_seconds(live: Live, control: TimeControl) -> float:
    """The seconds a turn of the player to act gets when it begins now."""
    banks = live.banks
    return control.turn(banks[live.game.to_act] if banks else None)


def fresh_deadline(live: Live, control: TimeControl, now: datetime) -> datetime:
    """The deadline of a turn of the player to act that begins at `now`."""
    return whole_second(now + timedelta(seconds=turn_seconds(live, control)))


def next_deadline(stored: dict[str, Any] | None, live: Live, deadline: datetime | None, *,
                  now: datetime, control: TimeControl,
                  computer: int | None) -> datetime | None:
    """The deadline after changing the game from `stored` (its saved state as a dict, None
    for a new game) with `deadline` to `live`; keeps `live.paused` and a match clock's
    banks (`live.banks`) up to date."""
    game = live.game
    if control.clocked and live.banks is None:
        live.banks = [control.bank(game.match.length)] * 2
    if game.phase is Phase.OVER:
        if stored is not None:
            charge(stored, live, deadline, now=now, control=control, computer=computer)
        live.paused = None
        return None
    same_turn = (stored is not None and stored.get("number", 1) == live.number
                 and turns_played(stored["game"]["history"]) == turns_played(game.history))
    doubled_before = stored is not None and stored["game"]["phase"] == Phase.DOUBLED.value
    offered = same_turn and game.phase is Phase.DOUBLED and not doubled_before
    answered = same_turn and doubled_before and game.phase is not Phase.DOUBLED
    if stored is not None and (not same_turn or offered or answered):
        charge(stored, live, deadline, now=now, control=control, computer=computer)
    fresh = fresh_deadline(live, control, now)
    if stored is None or not same_turn:
        live.paused = None
        return now if game.to_act == computer else fresh
    if offered:  # a double was just offered: the doubler's time waits
        left = ((deadline - now).total_seconds() if deadline is not None
                else turn_seconds(live, control))
        live.paused = max(0.0, left)
        return now if game.to_act == computer else fresh
    if answered:  # taken: the doubler goes on with the time they had left
        left = turn_seconds(live, control) if live.paused is None else live.paused
        live.paused = None
        return now if game.to_act == computer else whole_second(now + timedelta(seconds=left))
    if game.to_act == computer:
        return now
    return deadline if deadline is not None else fresh
