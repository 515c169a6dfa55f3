"""The real Dispatcher, fed real Updates, talking HTTP to a fake Bot API server.

`make_harness` builds the bot's App against a `FakeTelegram`; tests/bot/conftest.py wraps
it in the `harness` and `group_harness` fixtures.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiogram import Bot
from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.methods import TelegramMethod
from aiogram.methods.base import TelegramType

from bot.app import App, build
from bot.config import load_settings
from storage.db import games_locked_here
from testkit.clocks import FakeClock
from testkit.fake_telegram import FakeTelegram, StoredMessage
from testkit.fixtures import bot_for
from testkit.waiting import close_database

Sleep = Callable[[float], Awaitable[None]]


@dataclass
class Harness:
    fake: FakeTelegram
    app: App
    clock: FakeClock

    async def feed(self) -> None:
        """Hand every queued update to the dispatcher, one after the other, and wait for
        the group redraws they queued."""
        while self.fake.pending_updates:
            await self.fake.feed(self.app.dispatcher, self.app.bot)
            await self.app.coalescer.drain()

    def board(self, chat: int) -> StoredMessage:
        """The newest board (photo) message the bot has in `chat`."""
        boards = [m for m in self.fake.messages(chat) if m.photo is not None]
        assert boards, self.fake.transcript(chat)
        return boards[-1]


async def make_harness(fake: FakeTelegram, database: Path | str, seed: int = 1,
                       timeout: int = 120, clock: FakeClock | None = None,
                       sleep: Sleep | None = None, auto_analysis: int = 0,
                       **settings: Any) -> Harness:
    """`database`: a folder (a SQLite file in it) or a database URL / path.

    The bot throws its production dice, each game's provably fair dice, from deterministic
    server seeds (`seed` picks them); a test that needs particular dice sets
    `app.games.dice` (every game's dice then come from that source, without fairness).
    `sleep`: the waits for Telegram (default: the clock's). `auto_analysis`: finished
    matches analysed at once unasked (`AUTO_ANALYSIS_MATCHES`; 0, off, in tests);
    `settings`: more settings (e.g. `group_ephemeral_buttons=True`).
    """
    if isinstance(database, Path) and database.is_dir():
        database = database / "nard.sqlite3"
    config = load_settings(bot_token=fake.token, telegram_api_url=fake.url,
                           database_url=str(database), move_timeout_seconds=timeout,
                           auto_analysis_matches=auto_analysis, **settings)
    clock = clock or FakeClock()
    rng = random.Random(seed)
    app = await build(config, bot=bot_for(fake), clock=clock, monotonic=clock.monotonic,
                      sleep=sleep or clock.sleep, new_seed=lambda: rng.randbytes(32).hex())
    app.bot.session.middleware(NoCallUnderGameLock())
    return Harness(fake, app, clock)


async def stop_harness(h: Harness) -> None:
    """Close what `make_harness` opened (as a clean stop would, without draining)."""
    await h.app.repair.close()
    await close_database(h.app.db)
    await h.app.bot.session.close()


class NoCallUnderGameLock(BaseRequestMiddleware):
    """Fails any Bot API call made while the calling task holds a game's database lock
    (issue 17: no process may wait for another's Telegram call)."""

    async def __call__(self, make_request: NextRequestMiddlewareType[TelegramType],
                       bot: Bot, method: TelegramMethod[TelegramType]) -> Any:
        held = games_locked_here()
        assert not held, f"{type(method).__name__} called while holding the lock of {held}"
        return await make_request(bot, method)
