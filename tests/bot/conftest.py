"""The real Dispatcher, fed real Updates, talking HTTP to a fake Bot API server.

Every test using `harness` or `group_harness` runs on both storage engines (SQLite and
PostgreSQL: `database_url` in tests/conftest.py).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest_asyncio
from aiogram import Bot
from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.methods import TelegramMethod
from aiogram.methods.base import TelegramType

from bot.app import App, build
from bot.config import load_settings
from bot.plumbing.pacing import Coalescer
from storage.db import games_locked_here
from tests.support.fake_telegram import FakeTelegram, StoredMessage
from tests.support.fixtures import bot_for, fake_telegram  # noqa: F401 - a fixture


class FakeClock:
    """Time that moves only when a test says so (or a coalesced redraw waits)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)

    def monotonic(self) -> float:
        return self.now.timestamp()

    async def sleep(self, seconds: float) -> None:
        self.advance(seconds)
        await asyncio.sleep(0)


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
                       timeout: int = 120, clock: FakeClock | None = None) -> Harness:
    """`database`: a folder (a SQLite file in it) or a database URL / path.

    The bot throws its production dice, each game's provably fair dice, from deterministic
    server seeds (`seed` picks them); a test that needs particular dice sets
    `app.games.dice` (every game's dice then come from that source, without fairness).
    """
    if isinstance(database, Path) and database.is_dir():
        database = database / "nard.sqlite3"
    settings = load_settings(bot_token=fake.token, telegram_api_url=fake.url,
                             database_url=str(database), move_timeout_seconds=timeout)
    clock = clock or FakeClock()
    coalescer = Coalescer(clock=clock.monotonic, sleep=clock.sleep)
    rng = random.Random(seed)
    app = await build(settings, bot=bot_for(fake), clock=clock, coalescer=coalescer,
                      sleep=clock.sleep, new_seed=lambda: rng.randbytes(32).hex())
    app.bot.session.middleware(NoCallUnderGameLock())
    return Harness(fake, app, clock)


class NoCallUnderGameLock(BaseRequestMiddleware):
    """Fails any Bot API call made while the calling task holds a game's database lock
    (with several processes, none may wait for another's Telegram call)."""

    async def __call__(self, make_request: NextRequestMiddlewareType[TelegramType],
                       bot: Bot, method: TelegramMethod[TelegramType]) -> Any:
        held = games_locked_here()
        assert not held, f"{type(method).__name__} called while holding the lock of {held}"
        return await make_request(bot, method)


@pytest_asyncio.fixture
async def harness(fake_telegram: FakeTelegram,  # noqa: F811
                  database_url: str) -> AsyncIterator[Harness]:
    h = await make_harness(fake_telegram, database_url)
    try:
        yield h
    finally:
        await h.app.repair.close()
        await h.app.db.close()
        await h.app.bot.session.close()


@pytest_asyncio.fixture
async def group_harness(database_url: str) -> AsyncIterator[Harness]:
    """A harness whose fake server records requests on the test's clock (rate checks)."""
    clock = FakeClock()
    async with FakeTelegram(monotonic=clock.monotonic) as fake:
        h = await make_harness(fake, database_url, clock=clock)
        try:
            yield h
        finally:
            await h.app.repair.close()
            await h.app.db.close()
            await h.app.bot.session.close()
