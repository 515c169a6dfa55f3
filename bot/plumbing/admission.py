"""Back-pressure with fairness: a flood of updates cannot hold up the games being played.

`Admission` is the outermost middleware on `dispatcher.update`. Every update taken (polled,
or posted to the webhook) passes it before anything else runs, and before any database
work:

* **At most `slots` updates are handled at once, up to their answer.** The others wait,
  the presses of people playing first (a game button pressed by someone the bot drew a
  board for lately, `playing`), then the other buttons, then messages and the rest; first
  come, first served within each.
* **At most `waiting` updates wait.** One more sheds the oldest of the lowest kind waiting.
* **One user has at most `per_user` updates taken at once**; more are shed at once: one
  user's flood cannot delay another user's game.
* **A button press that waits `busy_after` seconds is shed** (any other update after
  `drop_after`): no answer comes later than the press is worth.

A shed button press gets a short answer in the presser's Telegram language ("busy, press
again": `busy-try-again`), so nobody's button spins and nothing was done; any other shed
update is dropped. Each shedding is counted and logged once a minute at most.

Fetching is bounded too: polling takes no more updates while `limit` are taken and not
finished (aiogram's `tasks_concurrency_limit`), and the webhook answers 503 then, so
Telegram keeps the updates and sends them again later (`saturated`). What the bot holds in
memory for updates is bounded by these numbers, whatever comes in.

A press's slot is given back as soon as it is answered (`answered`): what follows (its
redraws, the computer's reply) runs on without holding up the presses waiting.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from enum import IntEnum
from typing import Any

from aiogram import BaseMiddleware
from aiogram.types import CallbackQuery, TelegramObject, Update, User
from cachetools import TTLCache

log = logging.getLogger(__name__)
Handler = Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]]
Busy = Callable[[CallbackQuery], Awaitable[None]]  # answers a shed press

SLOTS = 16  # updates handled at once, up to their answer
WAITING = 256  # updates waiting for a slot
LIMIT = 1024  # updates taken and not finished (polling stops taking more, webhook says 503)
PER_USER = 4  # updates of one user taken and not finished
BUSY_AFTER = 4.0  # seconds a press may wait for a slot before it is answered "busy"
DROP_AFTER = 15.0  # seconds any other update may wait before it is dropped
PLAYING_FOR = 600.0  # seconds a player counts as playing after the bot drew them a board
PLAYERS = 10_000  # players remembered as playing (the least recent go first)
REPORT_EVERY = 60.0  # seconds between log lines about shed updates
ONE_USER = "one user's flood"


class Lane(IntEnum):
    """What waits first (lowest value first)."""

    PLAYING = 0  # a game button of somebody the bot drew a board for lately
    PRESS = 1  # any other button
    OTHER = 2  # messages, inline queries, everything else


class _Ticket:
    __slots__ = ("deadline", "lane", "owner", "reason", "started", "waiter")

    def __init__(self, owner: Admission, lane: Lane) -> None:
        self.owner, self.lane = owner, lane
        self.waiter: asyncio.Future[bool] | None = None  # True: go; False: shed
        self.deadline: asyncio.TimerHandle | None = None
        self.started = False  # holds a slot (until answered or finished)
        self.reason = ""  # why it was shed


_ticket: ContextVar[_Ticket | None] = ContextVar("admission_ticket", default=None)


def lane_of(update: Update, playing: Callable[[int], bool]) -> Lane:
    query = update.callback_query
    if query is None:
        return Lane.OTHER
    if (query.data or "").startswith("g:") and playing(query.from_user.id):
        return Lane.PLAYING
    return Lane.PRESS


class Admission(BaseMiddleware):
    def __init__(self, busy: Busy, *, slots: int = SLOTS, waiting: int = WAITING,
                 limit: int = LIMIT, per_user: int = PER_USER,
                 busy_after: float = BUSY_AFTER, drop_after: float = DROP_AFTER,
                 monotonic: Callable[[], float] = time.monotonic) -> None:
        self.busy = busy
        self.slots, self.waiting_limit, self.limit = slots, waiting, limit
        self.per_user, self.busy_after, self.drop_after = per_user, busy_after, drop_after
        self.monotonic = monotonic
        self.handling = 0  # tickets holding a slot
        self.taken = 0  # updates taken and not finished (waiting, handling, after)
        self._lanes: tuple[deque[_Ticket], ...] = tuple(deque() for _ in Lane)
        self._users: Counter[int] = Counter()
        # Players drawn a board lately (the least recent go first beyond PLAYERS).
        self._players: TTLCache[int, bool] = TTLCache(PLAYERS, PLAYING_FOR,
                                                      timer=lambda: self.monotonic())
        self._closed = False
        self.shed: Counter[str] = Counter()  # why updates were shed, since the start
        self._reported: Counter[str] = Counter()
        self._last_report = 0.0

    # -- what other parts tell it ----------------------------------------------------------

    def playing(self, user_id: int) -> None:
        """The bot drew `user_id` a game board: their game buttons go first for a while."""
        self._players[user_id] = True

    def is_playing(self, user_id: int) -> bool:
        """Whether the bot drew `user_id` a board in the last PLAYING_FOR seconds."""
        return user_id in self._players

    @staticmethod
    def answered() -> None:
        """The update being handled has been answered (its press): its slot goes to the
        next one waiting, while it finishes what follows its answer."""
        ticket = _ticket.get()
        if ticket is not None:
            ticket.owner._free(ticket)

    def saturated(self) -> bool:
        """Whether no more updates should be taken now (the webhook answers 503)."""
        return self._closed or self.taken >= self.limit

    @property
    def waiting(self) -> int:
        return sum(len(lane) for lane in self._lanes)

    # -- the middleware --------------------------------------------------------------------

    async def __call__(self, handler: Handler, event: TelegramObject,
                       data: dict[str, Any]) -> Any:
        assert isinstance(event, Update)
        user: User | None = data.get("event_from_user")
        user_id = user.id if user is not None else None
        if self._closed:
            return await self._shed(event, "stopping")
        if user_id is not None and self._users[user_id] >= self.per_user:
            return await self._shed(event, ONE_USER)
        ticket = _Ticket(self, lane_of(event, self.is_playing))
        self.taken += 1
        if user_id is not None:
            self._users[user_id] += 1
        try:
            if not await self._admit(ticket):
                return await self._shed(event, ticket.reason)
            token = _ticket.set(ticket)
            try:
                return await handler(event, data)
            finally:
                _ticket.reset(token)
                self._free(ticket)
        finally:
            self.taken -= 1
            if user_id is not None:
                self._users[user_id] -= 1
                if not self._users[user_id]:
                    del self._users[user_id]

    async def _admit(self, ticket: _Ticket) -> bool:
        """Wait for a slot: True once it holds one, False when shed meanwhile."""
        if self.handling < self.slots and not self.waiting:
            self._start(ticket)
            return True
        loop = asyncio.get_running_loop()
        ticket.waiter = loop.create_future()
        self._lanes[ticket.lane].append(ticket)
        wait = self.busy_after if ticket.lane is not Lane.OTHER else self.drop_after
        ticket.deadline = loop.call_later(wait, self._expire, ticket)
        if self.waiting > self.waiting_limit:
            self._drop_lowest()
        self._next()  # a slot may be free (nothing waited before this one)
        try:
            return await ticket.waiter
        except asyncio.CancelledError:
            if not self._forget(ticket):
                self._free(ticket)  # cancelled just as its turn came: the slot goes on
            raise

    def _start(self, ticket: _Ticket) -> None:
        ticket.started = True
        self.handling += 1

    def _free(self, ticket: _Ticket) -> None:
        if ticket.started:
            ticket.started = False
            self.handling -= 1
            self._next()

    def _next(self) -> None:
        while self.handling < self.slots:
            ticket = next((lane[0] for lane in self._lanes if lane), None)
            if ticket is None:
                return
            self._lanes[ticket.lane].popleft()
            self._settle(ticket, "")
            self._start(ticket)

    def _settle(self, ticket: _Ticket, shed: str) -> None:
        """Wake a waiting ticket: to go (`shed` empty), or to be shed for that reason."""
        if ticket.deadline is not None:
            ticket.deadline.cancel()
        ticket.reason = shed
        if ticket.waiter is not None and not ticket.waiter.done():
            ticket.waiter.set_result(not shed)

    def _expire(self, ticket: _Ticket) -> None:
        if self._forget(ticket):
            self._settle(ticket, "waited too long")

    def _drop_lowest(self) -> None:
        """One too many waiting: shed the oldest of the lowest lane."""
        for lane in reversed(self._lanes):
            if lane:
                self._settle(lane.popleft(), "too many waiting")
                return

    def _forget(self, ticket: _Ticket) -> bool:
        lane = self._lanes[ticket.lane]
        try:
            lane.remove(ticket)
        except ValueError:
            return False
        return True

    async def _shed(self, update: Update, why: str) -> None:
        self.shed[why] += 1
        self._report()
        query = update.callback_query
        if query is not None:
            try:
                await self.busy(query)
            except Exception:  # too late, or Telegram failing: nothing more to do for it
                log.debug("answering a shed press failed", exc_info=True)

    def report(self) -> None:
        """Log what was shed since the last report, at most once a `REPORT_EVERY` (the
        timer loop asks every pass, so the last of a flood is told too)."""
        if self.shed != self._reported:
            self._report()

    def _report(self) -> None:
        now = self.monotonic()
        if now - self._last_report < REPORT_EVERY:
            return
        self._last_report = now
        new = self.shed - self._reported
        self._reported = Counter(self.shed)
        if new:  # a warning when the bot is overloaded; one user's flood is theirs
            level = logging.INFO if set(new) == {ONE_USER} else logging.WARNING
            log.log(level, "%d update(s) shed in the last minute (%s); %d handled now, %d "
                    "waiting", sum(new.values()),
                    ", ".join(f"{count} {why}" for why, count in new.most_common()),
                    self.handling, self.waiting)

    def close(self) -> None:
        """Stopping: nothing more is taken, and every update still waiting is shed (a press
        is answered "busy": its player presses again, on the process that takes over)."""
        self._closed = True
        for lane in self._lanes:
            while lane:
                self._settle(lane.popleft(), "stopping")

