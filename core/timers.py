"""The timer loop's work: one pass (`tick`) keeps every game's promises over time.

Each pass, in this order:
1. the doors' work due first (`first`: the Telegram door sends the result messages waiting
   in the outbox and redraws the board messages left behind their game);
2. times out overdue turns (`expire`, `GameService.expire` unless a door wraps it) and
   warns the players whose turn is near its end, exactly then (announced as
   `What.WARNING`; each game stores how long before its deadline: `core.timecontrol`):
   `tick` returns the time until the next deadline or warning, and the
   loop sleeps no longer than that. Every process runs this loop: a timeout is applied
   under the game's database lock by whichever process takes it first (the others skip
   the game), and a warning is claimed in the database. A pass looks at no more than
   `batch` games (`storage.games.WAKE_BATCH`), the earliest due first: after an outage
   that left thousands due, it returns 0 and the loop comes back at once for the rest.
   A full batch none of whose games could be settled (each raised) does not spin the loop:
   the next pass, after `STALLED` seconds, reads the games after it, and the ones that
   failed are tried again once a pass has reached the last game due;
3. runs the other work due on the same beat (`also`, e.g. matchmaking).

Deadlines, outbox notices and what each view shows are all in the database, so the first
pass after a restart finds whatever the stopped process left undone.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime

from core.events import Change, What
from core.games import GameService
from core.live import Live
from storage import games
from storage.errors import DatabaseBlip

log = logging.getLogger(__name__)
Work = Callable[[], Awaitable[object]]
STALLED = 1.0  # seconds before the pass after a full batch that settled none of its games


class Timers:
    def __init__(self, service: GameService, *, clock: Callable[[], datetime],
                 expire: Callable[[int], Awaitable[None]] | None = None,
                 first: Sequence[Work] = (), also: Sequence[Work] = (),
                 batch: int = games.WAKE_BATCH) -> None:
        self.service, self.clock = service, clock
        self.batch = batch  # the most games a pass looks at; a full batch: again at once
        # Past a full batch that failed throughout: the next passes read the games after it.
        self._after: games.WakeKey | None = None
        self.db = service.db
        self.expire = expire or service.expire  # e.g. the door's: calls off unseen games
        # Read at every pass: the assembly (`core.assembly`) adds the doors' work to them.
        self.first, self.also = first, also

    async def tick(self) -> float:
        """One pass of the timer loop; returns the seconds until the next deadline or
        warning known (the loop's longest useful sleep)."""
        now = self.clock()
        for work in self.first:
            await self._run(work)
        try:
            wake = await self._deadlines(now)
        except DatabaseBlip:  # logged once per outage (storage.outage): again in a second
            wake = 1.0
        for work in self.also:
            await self._run(work)
        return wake

    @staticmethod
    async def _run(work: Work) -> None:
        try:
            await work()
        except DatabaseBlip:  # logged once per outage (storage.outage): the next pass
            pass
        except Exception:  # what is left undone is found again by the next pass
            log.exception("timed work %s failed", getattr(work, "__qualname__", work))

    async def _deadlines(self, now: datetime) -> float:
        # At most `batch` games a pass; a warned game comes back at its deadline only
        # (`games.WAKE`), so games waiting for days cost nothing until then.
        due = await games.waking_games(self.db, now, limit=self.batch, after=self._after)
        failed = 0
        for row in due:
            assert row.deadline is not None
            try:
                if row.deadline <= now:
                    await self.expire(row.id)
                    continue
                # Every process's loop sees the game due: the database gives the warning to
                # one of them (given at most once: a process killed between the claim and
                # the message leaves this turn unwarned).
                if await games.claim_warning(self.db, row.id, row.deadline):
                    live = Live.load(row.state_json)
                    # (A turn waiting to be sent (`Live.pending`) is no turn running out.)
                    if row.players[live.game.to_act] is not None and live.pending is None:
                        await self.service.announce(
                            Change(row, live, What.WARNING, live.game.to_act))
            except DatabaseBlip:  # the database is not answering: the next pass
                raise
            except Exception:  # one game's trouble must not hold up the others' timers
                failed += 1
                log.exception("the timer failed on game %s", row.id)
        # The turns it sent are shown (and the computer answers them) each in a task of its
        # own, so no game waits for another's; the pass ends when they are done.
        await self.service.settle()
        if len(due) >= self.batch:
            if failed < len(due):
                return 0.0  # more are due: the next pass at once
            # Not one settled: the same batch again at once would spin and never reach the
            # games after it. Past it, after a pause.
            self._after = await games.wake_key(self.db, due[-1].id) or self._after
            return STALLED
        self._after = None  # the last game due reached: the next pass from the first
        upcoming = await games.next_wake(self.db, now)
        if upcoming is None:
            return float("inf")
        return max(0.0, (upcoming - self.clock()).total_seconds())
