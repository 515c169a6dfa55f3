"""What a game's clocks show at a moment (docs/rules.md, "Time controls"), for any door.

The stored deadline is the only clock: a turn's time left is the deadline minus now. Under
a match clock the turn's time is the delay first, then the player's bank, so the mover's
bank shows what is left of it (never more than the time left) and the delay the rest; the
other player's bank stands still. The computer has no clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from core.live import Live
from core.timecontrol import TimeControl
from storage.models import Game as Row


@dataclass(frozen=True)
class ClockFace:
    control: TimeControl
    deadline: datetime | None  # the running turn's (None: no turn runs)
    remaining: float | None  # seconds from `now` to the deadline (never below 0)
    mover: int | None  # the seat whose time runs (None: nobody's, e.g. the computer's turn)
    delay: float | None = None  # match clock: the mover's delay left
    banks: tuple[float | None, float | None] | None = None  # match clock, by seat (None:
    # the computer): the mover's what is left of it now, the other's as it stands


def clock_face(row: Row, live: Live, control: TimeControl, now: datetime) -> ClockFace:
    """The clocks of the stored game `row`/`live` under `control` at `now`."""
    deadline = live.turn_deadline(row.deadline) if row.status == "active" else None
    return turn_face(live, control, deadline, row.computer_seat, now)


def turn_face(live: Live, control: TimeControl, deadline: datetime | None,
              computer_seat: int | None, now: datetime) -> ClockFace:
    """The clocks of a game in play whose running turn ends at `deadline` (None: no turn
    runs), the computer in `computer_seat`, at `now`."""
    game = live.game
    running = deadline is not None and game.to_act != computer_seat
    mover = game.to_act if running else None
    remaining = max(0.0, (deadline - now).total_seconds()) \
        if running and deadline is not None else None
    if not control.clocked:
        return ClockFace(control, deadline if running else None, remaining, mover)
    stored = live.banks or [control.bank(game.match.length)] * 2
    banks: list[float | None] = [None if seat == computer_seat else float(stored[seat])
                                 for seat in (0, 1)]
    delay = None
    if mover is not None and remaining is not None:
        bank = banks[mover] or 0.0
        delay = max(0.0, remaining - bank)
        banks[mover] = min(bank, remaining)
    return ClockFace(control, deadline if running else None, remaining, mover, delay,
                     (banks[0], banks[1]))
