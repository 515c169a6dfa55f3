"""Every finished match analysed without a press (docs/ai.md, "PR on every match").

The transaction that finishes a match queues it (`storage.reviews`). On the match's end and
on every timer beat, `MatchReviews.tick` claims up to `limit` queued matches for this
process (0: off); each game of a claimed match is analysed by the game's one analysis job
(`AnalysisJobs.complete`: the same job a 📊 press joins, in the same niced worker process,
so the CPU it takes is that one process's at most), then the doors hear both players' PR
and luck over the match (`ReviewNews.reviewed`) and the match leaves the queue. While a
review runs its claim is renewed on the timer's beat; a killed process's claim runs out and
another beat (here after a restart, or in another process) takes the match up again. A game
another process is analysing is waited for on a later beat; a failure is tried again
`storage.reviews.TRIES` times.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Protocol

from core.analysis import AnalysisJobs, Skill, match_skill
from core.events import Change, What
from storage import analysis, games, reviews
from storage.db import Database
from storage.errors import DatabaseBlip
from storage.models import Game as Row

log = logging.getLogger(__name__)
CLAIM = timedelta(seconds=60)  # a review's claim, renewed on the timer's beat
RENEW_AFTER = timedelta(seconds=15)
AGAIN = timedelta(seconds=30)  # a match held elsewhere or failed is tried again after this
Clock = Callable[[], datetime]


class ReviewNews(Protocol):
    """What a door shows when a finished match is analysed."""

    async def reviewed(self, row: Row, skills: dict[int, Skill]) -> None:
        """Each seat's PR and luck over the match (`Skill.pr` None: too short to judge).
        A door tells whom it can and raises nothing for a chat that fails."""


class MatchReviews:
    """This process's share of the queue: at most `limit` matches at once."""

    def __init__(self, db: Database, jobs: AnalysisJobs, news: ReviewNews, *, clock: Clock,
                 limit: int) -> None:
        self.db, self.jobs, self.news, self.clock, self.limit = db, jobs, news, clock, limit
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._renewed: dict[int, datetime] = {}
        self._ticks: set[asyncio.Task[None]] = set()  # ticks a match's end started
        self._one = asyncio.Lock()  # one tick at a time: the limit holds

    async def on_change(self, change: Change) -> None:
        """A game ended: a tick at once, in a task of its own (the press goes on)."""
        if change.what is What.ENDED and self.limit:
            task = asyncio.create_task(self.tick(), context=contextvars.Context())
            self._ticks.add(task)
            task.add_done_callback(self._ticks.discard)

    async def tick(self) -> None:
        """Renew the claims of the reviews running here; claim what the limit allows."""
        if not self.limit:
            return
        async with self._one:
            await self._tick()

    async def _tick(self) -> None:
        now = self.clock()
        for game_id in list(self._tasks):
            if now - self._renewed.get(game_id, now) >= RENEW_AFTER:
                await reviews.renew(self.db, game_id, now + CLAIM)
                self._renewed[game_id] = now
        free = self.limit - len(self._tasks)
        for game_id in await reviews.claim(self.db, now, now + CLAIM, free):
            if game_id in self._tasks:  # claimed again by a tick that ran beside this one
                continue
            self._renewed[game_id] = now
            self._tasks[game_id] = asyncio.create_task(self._review(game_id),
                                                       context=contextvars.Context())

    def running(self) -> int:
        return len(self._tasks)

    async def drain(self) -> None:
        """Wait for the reviews running here (tests)."""
        while self._tasks or self._ticks:
            await asyncio.gather(*self._ticks, *self._tasks.values(), return_exceptions=True)

    def abandon(self) -> None:
        """Cancel the reviews as a killed process would leave them (tests of a restart)."""
        for task in self._tasks.values():
            task.cancel()

    async def stop(self) -> None:
        """Stop the reviews and give up their claims: the next start takes them at once."""
        for tick in list(self._ticks):
            tick.cancel()
        tasks = dict(self._tasks)
        for task in tasks.values():
            task.cancel()
        await asyncio.gather(*tasks.values(), return_exceptions=True)
        for game_id in tasks:
            await reviews.release(self.db, game_id)

    async def _review(self, game_id: int) -> None:
        try:
            await self._analyse(game_id)
        except asyncio.CancelledError:
            raise
        except DatabaseBlip:  # logged once per outage; the claim runs out, taken up again
            pass
        except Exception:
            log.exception("reviewing match %s failed", game_id)
            await self._again(game_id, failed=True)
        finally:
            self._tasks.pop(game_id, None)
            self._renewed.pop(game_id, None)

    async def _analyse(self, game_id: int) -> None:
        row = await games.load_game(self.db, game_id)
        for number in range(1, len(await games.game_results(self.db, game_id)) + 1):
            if not await self.jobs.complete(game_id, number):
                # Forgotten: it failed; still running: another process holds it.
                failed = await analysis.status(self.db, game_id, number) is None
                await self._again(game_id, failed=failed)
                return
        skills = {seat: match_skill(m)
                  for seat, m in (await analysis.match_figures(self.db, game_id)).items()}
        await self.news.reviewed(row, skills)
        await reviews.told(self.db, game_id)

    async def _again(self, game_id: int, *, failed: bool) -> None:
        if await reviews.retry(self.db, game_id, self.clock() + AGAIN,
                               failed=failed) == "failed":
            log.warning("match %s: its analysis failed %d times, given up", game_id,
                        reviews.TRIES)
