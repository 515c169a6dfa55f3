"""Updates being handled right now, so that a stopping process finishes them first.

Polling and webhooks both hand each update to a task of its own and acknowledge it to
Telegram before it is handled (the next getUpdates offset, or the webhook's immediate
200). A process told to stop (a deploy, a rolling restart) must therefore finish what it
has taken, or the press is lost: Telegram will not send it again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import BaseMiddleware
from aiogram.types import TelegramObject

log = logging.getLogger(__name__)


class InFlight(BaseMiddleware):
    """An outer middleware on `dispatcher.update` counting the updates being handled."""

    def __init__(self) -> None:
        self.count = 0
        self._idle = asyncio.Event()
        self._idle.set()

    async def __call__(self, handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
                       event: TelegramObject, data: dict[str, Any]) -> Any:
        self.count += 1
        self._idle.clear()
        try:
            return await handler(event, data)
        finally:
            self.count -= 1
            if not self.count:
                self._idle.set()

    async def drained(self, timeout: float) -> bool:
        """Wait until no update is being handled (at most `timeout` seconds)."""
        if not self.count:
            return True
        log.info("finishing %d update(s) before stopping", self.count)
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            log.warning("stopping with %d update(s) still being handled", self.count)
            return False
        return True
