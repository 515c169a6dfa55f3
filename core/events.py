"""Announcements: each committed change of a game, told to whoever shows it.

The core saves first and announces after (with the database's lock released), in the
order the changes were made. The Telegram door's listener redraws board messages and sends
result messages; the web door's pushes the new state to open pages. A listener draws from
the `row` and `live` it is given (the game as stored at `version`), never from a cache.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import StrEnum

from core.live import Live
from storage.models import Game as Row

log = logging.getLogger(__name__)


class What(StrEnum):
    BEGAN = "began"  # a new game was stored (its first turn may have played itself)
    STEP = "step"  # a step of the turn being built (or taken back): only `seat` sees it
    MOVED = "moved"  # anything else saved: a turn played, a roll, a cube action
    ENDED = "ended"  # a game ended (the next of a match may have begun); the result waits
    #                  in the outbox
    REFUSED = "refused"  # an action the rules refused: everybody is shown the stored game
    SHOW = "show"  # `seat` may not have the stored game in front of them: show it again
    BEHIND = "behind"  # show the stored game wherever a view is behind it (repairs)
    WARNING = "warning"  # a quarter of the turn's time is left for `seat`
    CALLED_OFF = "called-off"  # the game never began: a player could not be shown it


@dataclass(frozen=True, slots=True)
class Change:
    """What happened to game `row.id`, now at `row.version` (`live` is its state)."""

    row: Row
    live: Live
    what: What
    seat: int | None = None  # the seat concerned (STEP, SHOW, WARNING), None: everybody

    @property
    def game_id(self) -> int:
        return self.row.id

    @property
    def version(self) -> int:
        return self.row.version


Listener = Callable[[Change], Awaitable[None]]


class Announcements:
    """The subscribers of every game's changes, called in the order they subscribed."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    async def announce(self, change: Change) -> None:
        """Tell every listener; one's failure does not keep the others from hearing it,
        and the first failure is raised after all have been told."""
        failed: BaseException | None = None
        for listener in self._listeners:
            try:
                await listener(change)
            except Exception as exc:
                failed = failed or exc
        if failed is not None:
            raise failed
