"""One timer window per turn (docs/rules.md, "Time, resigning and leaving").

A turn's window opens when the turn passes to a player and covers everything that player
does in it: the cube decision (double or roll), the roll and every step of the move.
Pressing Roll, taking a step or undoing one keeps the deadline. Across a double:

* the doubled player gets a full window of their own to take or drop;
* the doubler's window waits meanwhile (the seconds it had left are kept in the game) and
  goes on after a take with exactly those seconds.

The computer's turns are due at once (the timer loop resumes a computer turn that a stopped
process left half-done). Deadlines are whole seconds, rounded up, so a window is never
shorter than the setting. A board delivered late (after a restart or a Telegram fault)
restarts the window of the player it is for: see `GameService.catch_up`.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from core.live import Live
from engine.game import Phase


def turns_played(history: list[dict[str, Any]]) -> int:
    """How many turns of the game have ended (a move or a pass ends one)."""
    return sum(1 for event in history if event["type"] in ("move", "pass"))


def whole_second(moment: datetime) -> datetime:
    """`moment` rounded up to a whole second (storage keeps whole seconds)."""
    if moment.microsecond:
        return moment.replace(microsecond=0) + timedelta(seconds=1)
    return moment


def next_deadline(stored: dict[str, Any] | None, live: Live, deadline: datetime | None, *,
                  now: datetime, window: timedelta, computer: int | None) -> datetime | None:
    """The deadline after changing the game from `stored` (its saved state as a dict, None
    for a new game) with `deadline` to `live`; keeps `live.paused` up to date."""
    game = live.game
    if game.phase is Phase.OVER:
        live.paused = None
        return None
    fresh = whole_second(now + window)
    same_turn = (stored is not None and stored.get("number", 1) == live.number
                 and turns_played(stored["game"]["history"]) == turns_played(game.history))
    if stored is None or not same_turn:
        live.paused = None
        return now if game.to_act == computer else fresh
    doubled_before = stored["game"]["phase"] == Phase.DOUBLED.value
    if game.phase is Phase.DOUBLED and not doubled_before:  # a double was just offered
        left = (deadline - now).total_seconds() if deadline is not None else window.total_seconds()
        live.paused = max(0.0, left)
        return now if game.to_act == computer else fresh
    if doubled_before and game.phase is not Phase.DOUBLED:  # taken: the doubler goes on
        left = window.total_seconds() if live.paused is None else live.paused
        live.paused = None
        return now if game.to_act == computer else whole_second(now + timedelta(seconds=left))
    if game.to_act == computer:
        return now
    return deadline if deadline is not None else fresh
