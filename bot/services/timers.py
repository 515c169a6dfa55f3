"""The turn timer: one pass (`tick`) times out overdue turns and warns turns running out.

Deadlines are a column of the game, so a pass after a restart finds turns that expired
while the bot was down. The game service applies a timeout; this module only finds them.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from aiogram import Bot

from bot.config import Settings
from bot.services.live import Live
from bot.services.people import People
from bot.telegram_io import send_text
from storage import games
from storage.db import Database
from storage.models import Game as Row

log = logging.getLogger(__name__)
WARN_BEFORE = 0.25  # warn when a quarter of the turn's time is left


class Timers:
    def __init__(self, bot: Bot, db: Database, settings: Settings, people: People, *,
                 clock: Callable[[], datetime],
                 expire: Callable[[int], Awaitable[None]],
                 also: tuple[Callable[[], Awaitable[None]], ...] = ()) -> None:
        self.bot, self.db, self.settings, self.people = bot, db, settings, people
        self.clock, self.expire = clock, expire
        self.also = also  # other work due on the same beat (e.g. matchmaking)
        self._warned: dict[int, datetime] = {}  # game -> the deadline it was warned about

    async def tick(self) -> None:
        """One pass of the timer loop: time out overdue turns, warn those running out."""
        now = self.clock()
        warn_from = now + timedelta(seconds=self.settings.move_timeout_seconds * WARN_BEFORE)
        due = await games.expired_games(self.db, warn_from)
        # Only games still due can need a warning: forget the rest (finished, moved on).
        self._warned = {row.id: self._warned[row.id] for row in due if row.id in self._warned}
        for row in due:
            try:
                if row.deadline is not None and row.deadline <= now:
                    await self.expire(row.id)
                elif self._warned.get(row.id) != row.deadline:
                    self._warned[row.id] = row.deadline  # type: ignore[assignment]
                    await self._warn(row)
            except Exception:  # one game's trouble must not hold up the others' timers
                log.exception("the timer failed on game %s", row.id)
        for work in self.also:
            try:
                await work()
            except Exception:
                log.exception("timed work %s failed", work)

    async def _warn(self, row: Row) -> None:
        live = Live.load(row.state_json)
        player = row.players[live.game.to_act]
        if player is None or row.deadline is None:
            return
        t = await self.people.translator(player)
        left = max(0, int((row.deadline - self.clock()).total_seconds()))
        await send_text(self.bot, player, t("timer-warning", seconds=left))
