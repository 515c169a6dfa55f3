"""Pytest fixtures around :class:`FakeTelegram`.

Use them from a conftest (``from testkit.fixtures import fake_telegram, fake_bot``)
or list the module in the root conftest's ``pytest_plugins``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio
from aiogram import Bot
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer

from testkit.fake_telegram import DEFAULT_TOKEN, FakeTelegram

TEST_TOKEN = DEFAULT_TOKEN  # "123456:TEST"


class LocalAiohttpSession(AiohttpSession):
    """aiogram's own session, minus the 250 ms pause its ``close()`` makes for TLS
    connections to wind down: the fake speaks plain HTTP on 127.0.0.1."""

    async def close(self) -> None:
        if self._session is not None and not self._session.closed:
            await self._session.close()


def bot_for(fake: FakeTelegram, token: str | None = None) -> Bot:
    """An aiogram Bot whose requests go to ``fake`` over HTTP; close it with
    ``await bot.session.close()``."""
    session = LocalAiohttpSession(api=TelegramAPIServer.from_base(fake.url))
    return Bot(token=token or fake.token, session=session)


@pytest_asyncio.fixture
async def fake_telegram() -> AsyncIterator[FakeTelegram]:
    """A started fake Bot API server (token "123456:TEST"), stopped after the test."""
    async with FakeTelegram(TEST_TOKEN) as fake:
        yield fake
        assert not fake.internal_errors, f"the fake itself failed: {fake.internal_errors}"


@pytest_asyncio.fixture
async def fake_bot(fake_telegram: FakeTelegram) -> AsyncIterator[Bot]:
    """``bot_for(fake_telegram)``, its session closed after the test."""
    bot = bot_for(fake_telegram)
    try:
        yield bot
    finally:
        await bot.session.close()
