"""The clock lines of a board's caption: what time a turn has left, as its time control
keeps it (docs/rules.md, "Time controls"):

* a move window: the minutes and seconds left for this turn;
* a match clock: both players' time, the delay and the bank (the player to act as their
  clock stands now, the other as their next turn will begin);
* correspondence: when the turn ends, in the reader's time zone (named with its offset,
  `i18n.zones`), and how long that is from now.
"""

from __future__ import annotations

from datetime import datetime

from core.clockface import turn_face
from core.live import Live
from core.timecontrol import TimeControl
from engine.game import Phase
from i18n import Translator
from i18n.zones import local_time


def clock_time(seconds: float) -> str:
    """`0:08`, `3:20`, `1:05:00`: whole seconds, rounded down."""
    whole = max(0, int(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def time_span(t: Translator, seconds: float) -> str:
    """A long wait in words: `2 d 5 h`, `5 h 12 min`, `12 min` (rounded down)."""
    minutes = max(0, int(seconds)) // 60
    days, rest = divmod(minutes, 1440)
    hours, minutes = divmod(rest, 60)
    if days:
        return t("span-days", days=days, hours=hours) if hours else \
            t("span-whole-days", days=days)
    if hours:
        return t("span-hours", hours=hours, minutes=minutes)
    return t("span-minutes", minutes=minutes)


def deadline_line(t: Translator, deadline: datetime, now: datetime) -> str:
    """A correspondence turn's end in the reader's zone, and the time to it."""
    when, zone = local_time(deadline, t.language)
    return t("corr-deadline", when=when, zone=zone,
             left=time_span(t, (deadline - now).total_seconds()))


def clock_lines(t: Translator, live: Live, names: tuple[str, str], *,
                control: TimeControl | None, deadline: datetime | None, now: datetime,
                computer_seat: int | None) -> list[str]:
    """The caption's clock lines (none when no person's turn is being timed). `control`
    None: the host's move window (a game begun before time controls)."""
    game = live.game
    if deadline is None or game.phase is Phase.OVER or game.to_act == computer_seat:
        return []
    left = max(0.0, (deadline - now).total_seconds())
    if control is not None and control.correspondence:
        return [deadline_line(t, deadline, now)]
    if control is None or not control.clocked or not live.banks:
        whole = int(left)
        return [t("time-left", minutes=whole // 60, seconds=f"{whole % 60:02d}")]
    # The split of the mover's time (the delay first, then the bank) is the core's.
    face = turn_face(live, control, deadline, computer_seat, now)
    assert face.banks is not None
    sides = []
    for seat, bank in enumerate(face.banks):
        if bank is None:  # the computer's: no clock
            continue
        # The other player's delay is the one their next turn begins with.
        delay = face.delay if seat == face.mover and face.delay is not None \
            else float(control.seconds)
        sides.append(t("clock-side", name=names[seat], delay=clock_time(delay),
                       bank=clock_time(bank)))
    return [t("clock-line", sides=" · ".join(sides))]
