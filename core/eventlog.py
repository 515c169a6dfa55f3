"""The move log, derived: what happened between the stored state of a game and its new one.

Nothing writes log lines by hand. The engine records every event of a game in its history
(the opening throws, each roll, move and pass, the cube actions, a resignation or timeout,
the result); when a change is saved, the log lines are the events the stored state does not
have yet, with the game of the match they belong to, plus the steps a player took or undid
on the buttons while building a move. So whatever path changed the game (a press, the
computer, automatic rolls and forced moves, the timer, a new game or the next game of a
match), its log is complete by construction.

Notation per kind (`seat` is the actor; the result's seat is the winner):
opening "5-3" (seat 0's die, seat 1's die; seat = the starter), roll and pass "6-5",
move "24/18 13/11*", double and take the cube value ("2"), drop / resign / timeout "",
result "mars 2 borne_off" (kind, points, reason), step "24/18", undo "24/18" (the step
taken back).
Each engine event is also stored as JSON (`data`): the list of a game's `data` is exactly
its engine history, which a replay feeds back through the engine.
"""

from __future__ import annotations

import json
from typing import Any

from core.live import Live, Taken
from engine.events import Event
from engine.moves import Step
from storage.models import LogEntry


def notation(event: Event) -> str:
    """An engine event's log notation (the module's docstring lists it per kind)."""
    if event["type"] in ("opening", "roll", "pass"):
        return "-".join(str(d) for d in event["dice"])
    if event["type"] == "move":
        return event["move"]
    if event["type"] in ("double", "take"):
        return str(event["value"])
    if event["type"] == "result":
        return f"{event['kind']} {event['points']} {event['reason']}"
    return ""


def actor(event: Event) -> int:
    """Whose log line an event is: the starter's for the opening, the winner's for the
    result, else the seat that acted."""
    if event["type"] == "opening":
        return event["starter"]
    if event["type"] == "result":
        return event["winner"]
    return event["seat"]


def entry(event: Event, number: int) -> LogEntry:
    """The log line of one engine event of game `number` of the match."""
    return LogEntry(event["type"], notation(event), actor(event), number,
                    json.dumps(event, separators=(",", ":"), ensure_ascii=False))


def since(before: dict[str, Any] | None, live: Live) -> list[LogEntry]:
    """The log lines of everything `live` has that `before` (the stored state as a dict,
    or None for a game not stored yet) does not: new engine events, new or undone steps."""
    if before is None or before.get("number", 1) != live.number:
        return [entry(event, live.number) for event in live.game.history]
    logged = len(before["game"]["history"])
    entries = [entry(event, live.number) for event in live.game.history[logged:]]
    if entries:  # a move or a pass ended the turn: its steps are in the move
        return entries
    return _steps(before["steps"], live)


def _steps(stored: list[list[int]], live: Live) -> list[LogEntry]:
    """Steps taken (with their hits) or undone since the stored state, within one turn."""
    old = [(step[0], step[1]) for step in stored]  # saved as [src, dst] or [src, dst, die]
    new = [(step.src, step.dst) for step in map(Taken.of, live.steps)]
    seat, number = live.game.seat, live.number
    if new[:len(old)] == old and len(new) > len(old):
        taken = live.turn().steps[len(old):]
        return [LogEntry("step", str(step), seat, number) for step in taken]
    if old[:len(new)] == new and len(old) > len(new):
        return [LogEntry("undo", str(Step(src, dst)), seat, number)
                for src, dst in reversed(old[len(new):])]
    return []
