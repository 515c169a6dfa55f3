"""Time controls: how much time a player has for a turn (docs/rules.md, "Time controls").

A control is written as a short token, which is also what a game stores and what travels in
links and buttons:

* `m120` — a window per move: 120 seconds for every turn (the classic two-minute rule);
* `c8+20` — a match clock: each turn first uses an 8-second delay, then the player's bank,
  which starts at 20 seconds per point of the match and lasts the whole match;
* `d1` — correspondence: one day for every turn.

The host offers a list of them (`TIME_CONTROLS`, the first is the default). A game keeps its
token, so a game begun under a control the host no longer offers plays on under it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

DAY = 86_400
CLOCK_WARNING = 10.0  # seconds left on a match clock when the player is warned
_TOKEN = re.compile(r"^(?:m(\d{1,6})|c(\d{1,4})\+(\d{1,5})|d(\d{1,2}))$")
MOVE_LIMITS = (10, 86_400)  # seconds a move window may be
CLOCK_LIMITS = ((0, 600), (1, 7_200))  # delay, bank per point
DAY_LIMITS = (1, 14)


class Kind(StrEnum):
    MOVE = "move"  # a fixed window per turn
    CLOCK = "clock"  # a delay per turn, then a bank per match point
    CORRESPONDENCE = "correspondence"  # days per turn; many games at once


class UnknownControl(ValueError):
    """A token that names no time control, or one outside its limits."""


class NotLive(UnknownControl):
    """A correspondence control (or none at all) where only a live one fits."""


@dataclass(frozen=True)
class TimeControl:
    token: str
    kind: Kind
    seconds: int  # the window (move, correspondence) or the delay (clock)
    per_point: int = 0  # clock: the bank's seconds per match point

    @classmethod
    def parse(cls, token: str) -> TimeControl:
        """The control a token names; `UnknownControl` for anything else."""
        found = _TOKEN.match(token.strip()) if isinstance(token, str) else None
        if found is None:
            raise UnknownControl(f"not a time control: {token!r}")
        move, delay, bank, days = found.groups()
        if move is not None:
            control = cls(f"m{int(move)}", Kind.MOVE, int(move))
            low, high = MOVE_LIMITS
            ok = low <= control.seconds <= high
        elif days is not None:
            control = cls(f"d{int(days)}", Kind.CORRESPONDENCE, int(days) * DAY)
            ok = DAY_LIMITS[0] <= int(days) <= DAY_LIMITS[1]
        else:
            control = cls(f"c{int(delay)}+{int(bank)}", Kind.CLOCK, int(delay), int(bank))
            (dlow, dhigh), (blow, bhigh) = CLOCK_LIMITS
            ok = dlow <= control.seconds <= dhigh and blow <= control.per_point <= bhigh
        if not ok:
            raise UnknownControl(f"time control out of range: {token!r}")
        return control

    @property
    def correspondence(self) -> bool:
        return self.kind is Kind.CORRESPONDENCE

    @property
    def clocked(self) -> bool:
        """Whether the player has a bank that lasts the match (running out loses it)."""
        return self.kind is Kind.CLOCK

    @property
    def days(self) -> int:
        return self.seconds // DAY

    def bank(self, match_length: int) -> float:
        """A clock's bank at the start of a match of `match_length` points."""
        return float(self.per_point * max(1, match_length)) if self.clocked else 0.0

    def turn(self, bank: float | None) -> float:
        """Seconds a turn that begins now gives: the window, or the delay plus the bank."""
        if self.clocked:
            return self.seconds + max(0.0, bank or 0.0)
        return float(self.seconds)

    def warn_before(self) -> int:
        """Seconds before the deadline at which the player is warned (once a turn): a
        quarter of a window, 10 seconds of a clock."""
        if self.clocked:
            return int(CLOCK_WARNING)
        return self.seconds // 4


@lru_cache(maxsize=64)
def stored_control(token: str) -> TimeControl:
    """The control a stored game's token names (parsed once per token)."""
    return TimeControl.parse(token)


def offered(setting: str, *, default_move: int) -> tuple[TimeControl, ...]:
    """The controls a host offers, from its `TIME_CONTROLS` setting (tokens separated by
    commas or spaces); an empty setting offers the classic window of `default_move`
    seconds, two clock speeds and correspondence of one and three days. The first is the
    default. `UnknownControl` for a token that names none, `ValueError` for repeats."""
    tokens = [t for t in re.split(r"[\s,]+", setting.strip()) if t]
    if not tokens:
        tokens = [f"m{default_move}", "c8+20", "c15+180", "d1", "d3"]
    controls = tuple(TimeControl.parse(t) for t in tokens)
    seen = [c.token for c in controls]
    if len(set(seen)) != len(seen):
        raise ValueError(f"a time control is offered twice: {setting!r}")
    return controls


class Offer:
    """The controls a host offers, looked up by token."""

    def __init__(self, controls: tuple[TimeControl, ...]) -> None:
        if not controls:
            raise ValueError("at least one time control must be offered")
        self.controls = controls
        self.default = controls[0]
        self._by_token = {c.token: c for c in controls}

    def get(self, token: str | None) -> TimeControl:
        """The offered control `token` names (None: the default); `UnknownControl` for a
        token that is not offered (whatever it names)."""
        if token is None:
            return self.default
        found = self._by_token.get(token)
        if found is None:
            raise UnknownControl(f"time control not offered: {token!r}")
        return found

    def live(self) -> tuple[TimeControl, ...]:
        """The controls for games played in one sitting (all but correspondence)."""
        return tuple(c for c in self.controls if not c.correspondence)

    def choices(self, *, live_only: bool) -> tuple[TimeControl, ...]:
        """The controls a new game may be chosen with: every offered one, or only the live
        ones (a game against the computer, a tournament's: played in one sitting)."""
        return self.live() if live_only else self.controls

    def choose(self, token: str | None, *, live_only: bool = False) -> TimeControl:
        """The control `token` chooses among `choices` (empty or None: the default, or the
        first live one); `UnknownControl` for one that is not offered, `NotLive` for one
        that does not fit (correspondence where only live ones do)."""
        among = self.choices(live_only=live_only)
        if not among:
            raise NotLive("no control fits")
        if not token:
            return self.default if self.default in among else among[0]
        control = self.get(token)
        if control not in among:
            raise NotLive(f"time control not for this game: {token!r}")
        return control
