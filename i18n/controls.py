"""Time controls in the reader's language, for both doors: "2 min a move",
"8 s + 20 s/point", "1 day a move" (`core.timecontrol` says what a control is)."""

from __future__ import annotations

from typing import Protocol

from i18n import Translator

DAY = 86_400


class Control(Protocol):
    """What naming a control reads of it (`core.timecontrol.TimeControl`)."""

    @property
    def kind(self) -> str: ...  # "move", "clock" or "correspondence"

    @property
    def seconds(self) -> int: ...  # the window or the delay

    @property
    def per_point(self) -> int: ...  # a clock's bank per match point


def span(t: Translator, seconds: int) -> str:
    """A length of time in its largest whole unit: "20 s", "3 min", "2 h"."""
    if seconds and seconds % 3600 == 0:
        return t("tc-hours", hours=seconds // 3600)
    if seconds and seconds % 60 == 0:
        return t("tc-minutes", minutes=seconds // 60)
    return t("tc-seconds", seconds=seconds)


def control_name(t: Translator, control: Control) -> str:
    """The control as a player reads it."""
    if control.kind == "correspondence":
        return t("tc-correspondence", days=control.seconds // DAY)
    if control.kind == "clock":
        return t("tc-clock", delay=span(t, control.seconds), bank=span(t, control.per_point))
    return t("tc-move", span=span(t, control.seconds))
