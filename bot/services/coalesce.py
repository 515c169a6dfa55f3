"""Coalesced edits: at most `limit` edits per `window` seconds per chat, latest board wins.

Telegram allows a group about 20 messages a minute. A fast game asks for more redraws than
that, so redraws of one chat are queued: each new one replaces the one still waiting, and a
flusher sends the newest as soon as the rate allows. Nothing about the game is lost this way:
the database holds every move, and the board that is finally shown is the latest one.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Hashable

log = logging.getLogger(__name__)
Send = Callable[[], Awaitable[object]]

GROUP_EDITS_PER_MINUTE = 20
SWEEP_EVERY = 1000  # sends between two sweeps of the chats that have gone quiet


class Coalescer:
    """Per chat: the rate. Per (chat, slot), e.g. one board message: the latest redraw."""

    def __init__(self, limit: int = GROUP_EDITS_PER_MINUTE, window: float = 60.0, *,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.limit, self.window = limit, window
        self.clock, self.sleep = clock, sleep
        self._sent: dict[Hashable, deque[float]] = {}
        self._waiting: dict[Hashable, dict[Hashable, Send]] = {}
        self._flushers: dict[Hashable, asyncio.Task[None]] = {}
        self._counted = 0

    def _wait_time(self, chat: Hashable) -> float:
        sent = self._sent.setdefault(chat, deque())
        now = self.clock()
        while sent and sent[0] <= now - self.window:
            sent.popleft()
        return 0.0 if len(sent) < self.limit else sent[0] + self.window - now

    async def submit(self, chat: Hashable, send: Send, slot: Hashable = None) -> None:
        """Send now when the rate allows (and nothing is queued), else queue it."""
        if chat not in self._flushers and self._wait_time(chat) <= 0:
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
                delay = self._wait_time(chat)
                if delay > 0:
                    await self.sleep(delay)
                    continue
                waiting = self._waiting[chat]
                await self._send(chat, waiting.pop(next(iter(waiting))))
        finally:
            self._flushers.pop(chat, None)
            self._waiting.pop(chat, None)

    def note(self, chat: Hashable) -> None:
        """Count a message sent to `chat` some other way: it uses the same allowance."""
        self._count(chat)

    def _count(self, chat: Hashable) -> None:
        self._sent.setdefault(chat, deque()).append(self.clock())
        self._counted += 1
        if self._counted % SWEEP_EVERY == 0:
            # Forget the chats with nothing sent within the window: memory follows the
            # groups in play, not every group the bot ever drew a board in.
            quiet = self.clock() - self.window
            for each in [c for c, sent in self._sent.items()
                         if (not sent or sent[-1] <= quiet) and c not in self._flushers]:
                del self._sent[each]

    async def _send(self, chat: Hashable, send: Send) -> None:
        self._count(chat)
        try:
            await send()
        except Exception:  # one failed redraw must not stop the next ones
            log.exception("a coalesced redraw failed")

    async def drain(self) -> None:
        """Wait until every queued redraw has been sent (tests, shutdown)."""
        while self._flushers:
            await asyncio.gather(*list(self._flushers.values()), return_exceptions=True)
