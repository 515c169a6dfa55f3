"""Paced edits: at most `limit` messages per `window` seconds per chat, spread evenly, and
the latest board replacing one still waiting.

Telegram allows a group about 20 messages a minute. Sending them as fast as they come lets
20 through at once and then nothing for the rest of the minute: in a quick game the board
froze for 40-50 s, and every press on the frozen board was "out of date". So each chat's
redraws are spaced evenly, `window / (limit - reserved)` seconds apart (3.3 s for a group,
18 a minute): a redraw goes at once when the chat has been quiet that long, else it waits
for its turn, and a newer redraw of the same board replaces the waiting one. Messages sent
some other way (results, joins, the first board) are counted with `note`; the two reserved
places of each window absorb them, so a press is on the group's board within about 3 s and
the chat never exceeds the limit (the window is checked as well).

Nothing about the game is lost this way: the database holds every move, and a redraw shows
the game as stored when it is sent.

Several processes (PostgreSQL) share one allowance per group: with a `SharedPace` each send
first claims its place in the database (`storage.pacing`, the same rule, under the chat
row's lock), so the group's pace holds whichever process draws which board.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Hashable

from storage import pacing
from storage.db import Database
from storage.errors import DatabaseBlip

log = logging.getLogger(__name__)
Send = Callable[[], Awaitable[object]]


class SharedPace:
    """The chats' allowances kept in the database, for every process at once."""

    def __init__(self, db: Database, clock: Callable[[], float] = time.time) -> None:
        self.db, self.clock = db, clock  # wall-clock seconds: shared by every process

    async def claim(self, chat: int, *, limit: int, window: float, spacing: float) -> float:
        return await pacing.claim(self.db, chat, self.clock(), limit=limit, window=window,
                                  spacing=spacing)

    async def note(self, chat: int, *, window: float) -> None:
        await pacing.note(self.db, chat, self.clock(), window=window)

    async def sweep(self, window: float) -> None:
        await pacing.forget_quiet(self.db, self.clock() - window)

GROUP_EDITS_PER_MINUTE = 20
# Of each window's allowance, this many are left to messages sent some other way (a result,
# a join, the first board): the paced redraws use the rest, so a few such messages do not
# push a redraw past the window's limit and stall the board.
RESERVED = 2
SWEEP_EVERY = 1024


class Coalescer:
    """Per chat: the pace. Per (chat, slot), e.g. one board message: the latest redraw."""

    def __init__(self, limit: int = GROUP_EDITS_PER_MINUTE, window: float = 60.0, *,
                 reserved: int = RESERVED, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
                 shared: SharedPace | None = None) -> None:
        self.limit, self.window = limit, window
        self.spacing = window / max(1, limit - reserved)
        self.clock, self.sleep = clock, sleep
        self._sent: dict[Hashable, deque[float]] = {}
        self._waiting: dict[Hashable, dict[Hashable, Send]] = {}
        self._flushers: dict[Hashable, asyncio.Task[None]] = {}
        self._sending: dict[Hashable, Hashable] = {}  # chat -> the queued slot being sent
        self._counted = 0  # sends and notes since the last sweep of idle chats
        self.shared = shared
        self._notes: set[asyncio.Task[None]] = set()  # notes on their way to `shared`

    def wait_time(self, chat: Hashable) -> float:
        """How long `chat` must wait before its next send: the even spacing after the last
        send, and the window's limit (messages noted from elsewhere may come closer)."""
        sent = self._sent.setdefault(chat, deque())
        now = self.clock()
        while sent and now - sent[0] >= self.window:
            sent.popleft()
        if not sent:
            return 0.0
        wait = sent[-1] + self.spacing - now
        if len(sent) >= self.limit:
            wait = max(wait, sent[0] + self.window - now)
        return max(0.0, wait)

    async def _claim(self, chat: Hashable) -> float:
        """0 with the send counted when the pace allows one now, else the seconds to wait."""
        if self.shared is None:
            wait = self.wait_time(chat)
        else:
            assert isinstance(chat, int)
            wait = await self.shared.claim(chat, limit=self.limit, window=self.window,
                                           spacing=self.spacing)
        if wait <= 0:
            self._count(chat)
        return wait

    async def submit(self, chat: Hashable, send: Send, slot: Hashable = None) -> None:
        """Send now when the pace allows (and nothing is waiting), else queue it."""
        if chat not in self._flushers and await self._claim(chat) <= 0:
            await self._send(chat, send)
            return
        waiting = self._waiting.setdefault(chat, {})
        waiting.pop(slot, None)  # a newer redraw replaces the one still waiting ...
        waiting[slot] = send  # ... and goes to the back of the queue
        if chat not in self._flushers:
            self._flushers[chat] = asyncio.create_task(self._flush(chat))

    async def _flush(self, chat: Hashable) -> None:
        try:
            while self._waiting.get(chat):
                delay = await self._claim(chat)
                if delay > 0:
                    # At least a millisecond: a clock that counts in microseconds could
                    # otherwise round a tiny remainder away and never get there.
                    await self.sleep(max(delay, 0.001))
                    continue
                waiting = self._waiting[chat]
                slot = next(iter(waiting))
                self._sending[chat] = slot
                try:
                    await self._send(chat, waiting.pop(slot))
                finally:
                    self._sending.pop(chat, None)
        finally:
            self._flushers.pop(chat, None)
            self._waiting.pop(chat, None)

    def waiting(self, slot: Hashable) -> bool:
        """Whether a redraw of `slot` (e.g. a game's group board) is queued or being sent
        from the queue: the message still shows the board sent before, and a newer one is
        on its way."""
        return (any(slot in queued for queued in self._waiting.values())
                or slot in self._sending.values())

    def note(self, chat: Hashable) -> None:
        """Count a message sent to `chat` some other way: it uses the same allowance."""
        self._count(chat)
        if self.shared is not None:
            assert isinstance(chat, int)
            task = asyncio.create_task(self._note_shared(chat))
            self._notes.add(task)
            task.add_done_callback(self._notes.discard)

    async def _note_shared(self, chat: int) -> None:
        assert self.shared is not None
        try:
            await self.shared.note(chat, window=self.window)
        except DatabaseBlip:  # logged once per outage
            pass
        except Exception:  # a note is advice for the pace: never worth a failed update
            log.warning("noting a message to chat %s failed", chat, exc_info=True)

    def _count(self, chat: Hashable) -> None:
        now = self.clock()
        self._sent.setdefault(chat, deque()).append(now)
        self._counted += 1
        if self._counted >= SWEEP_EVERY:  # forget chats idle for a window: memory follows
            self._counted = 0  # the chats active lately, not every chat ever seen
            for idle in [c for c, sent in self._sent.items()
                         if (not sent or sent[-1] <= now - self.window)
                         and c not in self._flushers]:
                del self._sent[idle]
            if self.shared is not None:  # and their rows, now and then
                task = asyncio.create_task(self._sweep_shared())
                self._notes.add(task)
                task.add_done_callback(self._notes.discard)

    async def _sweep_shared(self) -> None:
        assert self.shared is not None
        try:
            await self.shared.sweep(self.window)
        except DatabaseBlip:  # logged once per outage; the next sweep does it
            pass
        except Exception:
            log.warning("forgetting quiet chats' pace failed", exc_info=True)

    async def _send(self, chat: Hashable, send: Send) -> None:
        try:
            await send()
        except DatabaseBlip:  # logged once per outage; the timer loop redraws it later
            pass
        except Exception:  # one failed redraw must not stop the next ones
            log.exception("a coalesced redraw failed")

    def under_way(self) -> list[asyncio.Task[None]]:
        """The tasks at work now: each chat's flush of its queued redraws, and the notes on
        their way to `shared` (a test waits for them or cancels them)."""
        return [*self._flushers.values(), *self._notes]

    @property
    def queued_chats(self) -> int:
        """The chats with redraws waiting for their turn."""
        return len(self._waiting)

    @property
    def sending(self) -> bool:
        """Whether a queued redraw is being sent now."""
        return bool(self._sending)

    def remembers(self, chat: Hashable) -> bool:
        """Whether the pace of `chat` is kept (sent lately, or waiting)."""
        return chat in self._sent

    def __len__(self) -> int:
        """The chats whose pace is kept."""
        return len(self._sent)

    async def drain(self) -> None:
        """Wait until every queued redraw has been sent (tests, shutdown)."""
        while tasks := self.under_way():
            await asyncio.gather(*tasks, return_exceptions=True)
