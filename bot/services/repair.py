"""Boards Telegram would not let us draw in time are drawn again later, and boards left
behind their game are found and drawn (`sweep`, each pass of the timer loop).

The retry policy (`bot/plumbing/retry.py`) does not wait out a long 429 (or a failing Telegram)
while a game's lock is held: it gives the redraw up and tells the scope's hook. The hook
lands here: after the time Telegram asked for, the game is loaded as stored *then* and
every board message of it is brought up to date (`GameService.catch_up`, which the timer
loop also uses for boards left behind), so the player to move always gets a board with the
buttons to move, sooner than the timer loop's next look would. A redraw that fails again
schedules the next one, up to `ATTEMPTS` times. One pending redraw per game: a newer
give-up finds it already planned (it draws whatever is stored when it runs).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from bot.plumbing.pacing import Coalescer
from bot.plumbing.retry import FAULTS, GiveUp, on_give_up, waiting_at_most
from core.games import GameService
from storage import boards, games
from storage.db import Database
from storage.errors import DatabaseBlip, GameNotFound

log = logging.getLogger(__name__)
Sleep = Callable[[float], Awaitable[None]]

BOARD_METHODS = frozenset({"sendPhoto", "editMessageMedia", "editMessageReplyMarkup",
                           "editMessageCaption"})
ATTEMPTS = 5
# While it redraws, a repair holds the game's lock too: the same short allowance.
REPAIR_WAIT = 2.0
RECENT = timedelta(days=1)  # finished games whose final boards are still looked after
SETTLING = timedelta(seconds=10)  # a game saved this lately is still being drawn
# A sweep after the first looks again at the saves of this long before the previous sweep's
# window ended: a save stamped by a process's clock and committed later (a statement may wait
# up to a minute: PostgreSQL's command timeout), or by a process whose clock is ahead, is
# still in some sweep's window (docs/storage.md, "Boards behind their game").
MARGIN = timedelta(seconds=60)
RETRY_CAP = 60.0  # seconds: the longest pause between sweeps' attempts at one game
ASKED = 500  # the most games kept from earlier sweeps that one sweep asks about again
DATABASE_LATER = 2.0  # seconds before a redraw the database failed is tried again


class BoardRepair:
    def __init__(self, service: GameService, db: Database, coalescer: Coalescer, *,
                 clock: Callable[[], datetime], sleep: Sleep = asyncio.sleep,
                 attempts: int = ATTEMPTS) -> None:
        self.service, self.db, self.coalescer = service, db, coalescer
        self.clock, self.sleep, self.attempts = clock, sleep, attempts
        # The upper bound of the previous sweep's window of saves (None: no sweep yet; the
        # first, at start-up, takes every game behind).
        self._mark: datetime | None = None
        # The games found behind and not caught up yet -> (failures, next try).
        self._backoff: dict[int, tuple[int, datetime]] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}  # by game id: bounded by games
        self._failures: dict[int, int] = {}  # game -> redraws given up in a row
        self._lookups: set[asyncio.Future[None]] = set()  # finding a player's game
        self._running: set[asyncio.Task[None]] = set()  # every redraw not finished yet

    # -- the hooks the retry policy calls ------------------------------------------------

    def hook_for_player(self, player_id: int) -> GiveUp:
        """For an update's handling: a board given up is one of the player's active game."""
        def hook(method: str, after: float) -> None:
            if method in BOARD_METHODS:
                self._spawn(self._player_game(player_id, after))
        return hook

    def hook_for_game(self, game_id: int) -> GiveUp:
        def hook(method: str, after: float) -> None:
            if method in BOARD_METHODS:
                self.schedule(game_id, after)
        return hook

    # -- scheduling ------------------------------------------------------------------------

    def later(self, game_id: int, after: float) -> None:
        """Redraw the game's boards in `after` seconds: a redraw found another send of a
        board on its way (`BoardPublisher._deliver`). Not a failure: not counted."""
        if game_id in self._tasks:
            return
        task = asyncio.create_task(self._redraw(game_id, after))
        self._tasks[game_id] = task
        self._running.add(task)
        task.add_done_callback(self._running.discard)
        task.add_done_callback(lambda _: self._tasks.pop(game_id, None))

    def schedule(self, game_id: int, after: float) -> None:
        """Redraw the game's boards in `after` seconds (unless that is planned already)."""
        if game_id in self._tasks:
            return
        failures = self._failures.get(game_id, 0)
        if failures >= self.attempts:
            log.warning("game %s: Telegram refused its boards %d times; the next press or "
                        "/games redraws them", game_id, failures)
            self._failures.pop(game_id, None)
            return
        self._failures[game_id] = failures + 1
        task = asyncio.create_task(self._redraw(game_id, after))
        self._tasks[game_id] = task
        self._running.add(task)
        task.add_done_callback(self._running.discard)
        task.add_done_callback(lambda _: self._tasks.pop(game_id, None))

    def _spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self._lookups.add(task)
        task.add_done_callback(self._lookups.discard)

    async def _player_game(self, player_id: int, after: float) -> None:
        """Redraw the player's open games (their live game and correspondence games: the
        update may have been about any of them)."""
        try:
            rows = await games.open_games(self.db, player_id)
        except DatabaseBlip:  # the sweep finds the board behind once the database answers
            return
        for row in rows:
            self.schedule(row.id, after)

    async def _redraw(self, game_id: int, after: float) -> None:
        await self.sleep(after)
        self._tasks.pop(game_id, None)  # a give-up from here on plans the next attempt
        failed = False

        def again(method: str, later: float) -> None:
            nonlocal failed
            if method in BOARD_METHODS:
                failed = True
                self.schedule(game_id, later)

        try:
            with waiting_at_most(REPAIR_WAIT), on_give_up(again):
                # The boards behind the stored game, as the timer loop's catch-up draws
                # them (a player to act who never saw their turn gets a fresh window).
                await self.service.catch_up(game_id)
        except GameNotFound:
            pass
        except FAULTS:  # given up again: `again` has planned the next attempt
            pass
        except DatabaseBlip:  # logged once per outage: try again a little later
            failed = True
            self.later(game_id, DATABASE_LATER)
        except Exception:
            log.exception("redrawing game %s failed", game_id)
        finally:
            if not failed:
                self._failures.pop(game_id, None)

    # -- the timer loop's sweep ------------------------------------------------------------

    async def sweep(self) -> None:
        """Redraw the board messages left behind their game (the process stopped between
        saving a change and drawing it, or Telegram failed); the game core gives a player to
        act who never saw the board of their turn a fresh window (`GameService.catch_up`).

        The first sweep (at start-up) looks at every game in play and catches up every game
        behind. Later ones look only at the games saved since the previous sweep's upper
        bound, less `MARGIN` (`games_behind(changed_since=)`, from an index: the cost follows
        the games saved lately, not the games waiting), at the messages due again
        (`recheck_at`: a failed send, a send taken over from a process that is gone) and at
        the games this process found behind and has not caught up yet. Games saved in the
        last `SETTLING` seconds are left to the action that saved them (it is drawing them
        now). Why nothing is missed: docs/storage.md, "Boards behind their game"."""
        now = self.clock()
        first = self._mark is None  # every game in play, however lately saved
        since = None if self._mark is None else self._mark - MARGIN
        # The games kept from earlier sweeps, the soonest due first, at most `ASKED` a pass
        # (one statement's parameters); the others wait in `_backoff` for a later pass.
        asked = sorted(self._backoff, key=lambda game: self._backoff[game][1])[:ASKED]
        set_of_asked = set(asked)
        behind = await boards.games_behind(self.db, now - RECENT,
                                           None if first else now - SETTLING, now=now,
                                           changed_since=since, also=asked)
        # Only once read: an outage leaves the mark where it was.
        self._mark = now if first else now - SETTLING
        # Every game found is kept until caught up (it may be older than the next window);
        # one asked about and not found is no longer behind.
        kept = {game: at for game, at in self._backoff.items() if game not in set_of_asked}
        self._backoff = kept | {game: self._backoff.get(game, (0, now)) for game in behind}
        for game_id in behind:
            if (self.service.busy(game_id) or self.coalescer.waiting(game_id)
                    or self._backoff[game_id][1] > now):
                continue
            try:
                await self.service.catch_up(game_id)
            except DatabaseBlip:  # logged once per outage: the next pass goes on
                return
            except Exception:  # Telegram is failing: try again later, less and less often
                failures = self._backoff[game_id][0] + 1
                pause = min(RETRY_CAP, 2.0 ** failures)
                self._backoff[game_id] = (failures, now + timedelta(seconds=pause))
                log.exception("redrawing game %s failed; again in %.0f s", game_id, pause)
            else:
                self._backoff.pop(game_id, None)

    # -- tests and shutdown ----------------------------------------------------------------

    async def planned(self) -> None:
        """Wait until every give-up heard so far has been planned as a redraw (tests)."""
        while self._lookups:
            await asyncio.gather(*self._lookups, return_exceptions=True)
        await asyncio.sleep(0)  # a planned redraw's task starts

    async def drain(self) -> None:
        """Wait until every planned redraw has run (tests)."""
        while self._running or self._lookups:
            await asyncio.gather(*self._running, *self._lookups, return_exceptions=True)

    async def close(self) -> None:
        for task in [*self._running, *self._lookups]:
            task.cancel()
        for task in [*self._running, *self._lookups]:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def __len__(self) -> int:
        return len(self._tasks)
