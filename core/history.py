"""What happened in a game, as facts read from the engine's history.

* `since_last_action`: everything since a player last decided something (their last chosen
  move, double, take or drop): the opponent's moves with their hits (`13/7*`), passes with
  their dice and reason, moves that played themselves, cube actions, the opening throws and
  the result. A door words them (the Telegram caption) and marks the moves among them
  (`marks`) on the board, so nothing the computer did in a quick run goes unseen.
* `event_at`: one entry of the history as an `Event` (rolls are not events of their own: a
  move or a pass shows its dice).

Everything is read from the stored game (`Live`), so it is the same after a restart.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.live import Live
from engine.events import PassEvent, pair, seat_of
from engine.game import Phase
from engine.movegen import is_forced
from engine.moves import Move
from engine.passes import PassReason, explain

Segments = tuple[tuple[int, int], ...]
SHOWN = frozenset({"opening", "move", "pass", "double", "take", "drop", "resign", "timeout",
                   "result"})
DECISIONS = frozenset({"double", "take", "drop", "resign"})  # besides a chosen move


@dataclass(frozen=True)
class Event:
    """One thing that happened, from the engine's history (`index` is its place there)."""

    index: int
    kind: str  # one of SHOWN
    seat: int | None  # who did it (the starter for the opening, the winner for a result)
    dice: tuple[int, int] | None = None  # the roll of a move or pass; the opening's two dice
    move: str = ""  # a move's notation
    forced: bool = False  # the only legal move: it played itself
    why: PassReason | None = None
    value: int = 0  # the cube's new value (double, take); a result's points
    result: str = ""  # a result's kind: plain, mars, koks, home_mars

    def thrown(self) -> tuple[int, int]:
        return thrown(self.dice)

    def segments(self) -> Segments:
        return tuple((step.src, step.dst) for step in Move.parse(self.move).steps)


def thrown(dice: tuple[int, int] | None) -> tuple[int, int]:
    """A roll's dice as backgammon writes them, the larger first (5-2, not 2-5): the way
    every text writes a roll (captions, statuses, /log, the analysis)."""
    high, low = sorted(dice or (0, 0), reverse=True)
    return high, low


def event_at(live: Live, index: int) -> Event | None:
    """The history entry `index` as an event; None for what is shown elsewhere (rolls)."""
    length = len(live.game.history)
    if live.memo.get("events", (None,))[0] != length:
        live.memo["events"] = (length, {})
    memo = live.memo["events"][1]
    if index not in memo:
        memo[index] = _event(live, index)
    event: Event | None = memo[index]
    return event


def _event(live: Live, index: int) -> Event | None:
    raw = live.game.history[index]
    kind = raw["type"]
    if kind not in SHOWN:  # a roll: its move or pass shows its dice
        return None
    if raw["type"] == "opening":
        return Event(index, kind, raw["starter"], dice=pair(raw["dice"]))
    if raw["type"] == "result":
        return Event(index, kind, raw["winner"], value=raw["points"], result=raw["kind"])
    seat = raw["seat"]
    if raw["type"] == "move":
        dice = pair(raw["dice"])
        before = live.before(index)
        forced = before is not None and is_forced(before, dice,
                                                  first_turn=live.first_turn(index))
        return Event(index, kind, seat, dice=dice, move=raw["move"], forced=forced)
    if raw["type"] == "pass":
        dice = pair(raw["dice"])
        return Event(index, kind, seat, dice=dice, why=_why_passed(live, raw, index, dice))
    if raw["type"] == "double" or raw["type"] == "take":
        return Event(index, kind, seat, value=raw["value"])
    return Event(index, kind, seat)


def _why_passed(live: Live, raw: PassEvent, index: int,
                dice: tuple[int, int]) -> PassReason | None:
    """The reason logged with the pass, or worked out from the board before the roll (a
    game stored before reasons were logged)."""
    logged = raw.get("why")
    if logged:
        return PassReason.from_dict(live.game.variant, logged)
    before = live.before(index)
    return explain(before, dice, live.first_turn(index)) if before is not None else None


def is_decision(event: Event, seat: int) -> bool:
    """Whether `seat` chose this itself (a forced move, a pass or a roll chooses nothing)."""
    if event.seat != seat:
        return False
    return event.kind in DECISIONS or (event.kind == "move" and not event.forced)


def has_decided(live: Live, seat: int) -> bool:
    """Whether `seat` has decided anything in this game yet (a move of its choosing, a cube
    action): forced moves and passes choose nothing.

    Looked for newest first, among `seat`'s own entries only: whether a move was forced needs
    the board before it, worked out backwards from now (`Live.before`), so a recent move costs
    a few steps back where the first one costs the whole game."""
    history = live.game.history
    for index in range(len(history) - 1, -1, -1):
        raw = history[index]
        if seat_of(raw) != seat or (raw["type"] != "move" and raw["type"] not in DECISIONS):
            continue
        event = event_at(live, index)
        if event is not None and is_decision(event, seat):
            return True
    return False


def came_back(live: Live, seat: int) -> bool:
    """Whether the turn came back to `seat` without the other player deciding anything since
    `seat` last did (the other passed, or their only move played itself): `seat` has just
    acted and is still at the board. False before `seat` has decided anything in this game
    (a new game of a match, its first turn)."""
    history = live.game.history
    for index in range(len(history) - 1, -1, -1):
        event = event_at(live, index)
        if event is None:
            continue
        if is_decision(event, seat):
            return True
        if is_decision(event, 1 - seat) or event.kind in ("opening", "result"):
            return False
    return False


def since_last_action(live: Live, seat: int) -> list[Event]:
    """What happened since `seat` last decided something, oldest first.

    When nothing has moved since (the other player has not played yet), the player's own
    last move or double stays in the list, so the board never goes blank.
    """
    history = live.game.history
    found: list[Event] = []
    for index in range(len(history) - 1, -1, -1):
        event = event_at(live, index)
        if event is None:
            continue
        if is_decision(event, seat):
            if event.kind in ("move", "double") and not any(
                    e.kind in ("move", "pass") for e in found):
                found.append(event)
            break
        found.append(event)
    found.reverse()
    if live.game.phase is Phase.DOUBLED and found and found[-1].kind == "double":
        found.pop()  # the caption's status line asks about it
    return found


def marks(events: list[Event], seat: int) -> tuple[tuple[Segments, bool], ...]:
    """The moves among `events` to mark on `seat`'s board, oldest first: (segments, whether
    `seat` made the move); segments are in the mover's numbering."""
    return tuple((event.segments(), event.seat == seat) for event in events
                 if event.kind == "move")
