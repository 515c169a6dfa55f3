"""The timer loop's work: one pass (`tick`) keeps every game's promises over time.

Each pass, in this order:
1. sends the result messages waiting in the outbox (`Announcer.deliver`);
2. redraws the board messages left behind their game (the process stopped between saving a
   change and drawing it, or Telegram failed), which also gives a player to act who never
   saw the board of their turn a fresh window (`GameService.catch_up`);
3. times out overdue turns (`GameService.expire`) and warns the players whose turn has a
   quarter of its window left, exactly then: `tick` returns the time until the next
   deadline or warning, and the loop sleeps no longer than that. Every process runs this
   loop: a timeout is applied under the game's database lock by whichever process takes
   it first (the others skip the game), and a warning is claimed in the database;
4. runs the other work due on the same beat (`also`, e.g. matchmaking).

Deadlines, outbox notices and the versions the boards show are all in the database, so the
first pass after a restart finds whatever the stopped process left undone.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from bot.plumbing.telegram_io import send_text
from bot.services.people import People
from core.live import Live
from storage import boards, games
from storage.models import Game as Row

if TYPE_CHECKING:
    from bot.services.games import GameService

log = logging.getLogger(__name__)
WARN_BEFORE = 0.25  # warn when a quarter of the turn's time is left
RECENT = timedelta(days=1)  # finished games whose final boards are still looked after
SETTLING = timedelta(seconds=10)  # a game saved this lately is still being drawn
RETRY_CAP = 60.0  # seconds: the longest pause between redraw attempts of one game


class Timers:
    def __init__(self, service: GameService, people: People, *,
                 clock: Callable[[], datetime],
                 expire: Callable[[int], Awaitable[None]] | None = None,
                 also: tuple[Callable[[], Awaitable[None]], ...] = ()) -> None:
        self.service, self.people, self.clock = service, people, clock
        self.expire = expire or service.expire  # e.g. Boarding's: calls off unseen games
        self.also = also  # other work due on the same beat (e.g. matchmaking)
        self.bot, self.db = service.bot, service.db
        self.window = timedelta(seconds=service.settings.move_timeout_seconds)
        self._warned: dict[int, datetime] = {}  # game -> the deadline it was warned about
        self._retry: dict[int, tuple[int, datetime]] = {}  # game -> (failures, next try)
        self._started = False

    async def tick(self) -> float:
        """One pass of the timer loop; returns the seconds until the next deadline or
        warning known (the loop's longest useful sleep)."""
        now = self.clock()
        try:
            await self.service.announcer.deliver()
        except Exception:  # the outbox stays: the next pass tries again
            log.exception("delivering the outbox failed")
        await self._repair(now)
        wake = await self._deadlines(now)
        for work in self.also:
            try:
                await work()
            except Exception:
                log.exception("timed work %s failed", work)
        return wake

    # -- boards left behind --------------------------------------------------------------

    async def _repair(self, now: datetime) -> None:
        # At start-up every game behind is caught up; later, games saved in the last few
        # seconds are left to the press that saved them (it is drawing them now).
        changed_before = now if not self._started else now - SETTLING
        self._started = True
        behind = await boards.games_behind(self.db, now - RECENT, changed_before)
        self._retry = {game: self._retry[game] for game in behind if game in self._retry}
        for game_id in behind:
            if (self.service.locks.locked(game_id) or self.service.publisher.coalescer.waiting(
                    game_id)
                    or self._retry.get(game_id, (0, now))[1] > now):
                continue
            try:
                await self.service.catch_up(game_id)
            except Exception:  # Telegram is failing: try again later, less and less often
                failures = self._retry.get(game_id, (0, now))[0] + 1
                pause = min(RETRY_CAP, 2.0 ** failures)
                self._retry[game_id] = (failures, now + timedelta(seconds=pause))
                log.exception("redrawing game %s failed; again in %.0f s", game_id, pause)
            else:
                self._retry.pop(game_id, None)

    # -- deadlines and warnings ----------------------------------------------------------

    async def _deadlines(self, now: datetime) -> float:
        quarter = self.window * WARN_BEFORE
        due = await games.due_games(self.db, now + quarter)
        # Only games still due can need a warning: forget the rest (finished, moved on).
        self._warned = {row.id: self._warned[row.id] for row in due if row.id in self._warned}
        wake: list[datetime] = []
        for row in due:
            assert row.deadline is not None
            try:
                if row.deadline <= now:
                    await self.expire(row.id)
                    continue
                if self._warned.get(row.id) != row.deadline:
                    self._warned[row.id] = row.deadline
                    # Every process's loop sees the game due: the database gives the
                    # warning to one of them (sent at most once: a process killed between
                    # the claim and the message leaves this turn unwarned).
                    if await games.claim_warning(self.db, row.id, row.deadline):
                        await self._warn(row, now)
                wake.append(row.deadline)
            except Exception:  # one game's trouble must not hold up the others' timers
                log.exception("the timer failed on game %s", row.id)
        upcoming = await games.next_deadline(self.db, now + quarter)
        if upcoming is not None:
            wake.append(upcoming - quarter)
        return max(0.0, min(((w - self.clock()).total_seconds() for w in wake),
                            default=float("inf")))

    async def _warn(self, row: Row, now: datetime) -> None:
        live = Live.load(row.state_json)
        player = row.players[live.game.to_act]
        if player is None or row.deadline is None:
            return
        t = await self.people.translator(player)
        left = max(0, round((row.deadline - now).total_seconds()))
        await send_text(self.bot, player, t("timer-warning", seconds=left))
