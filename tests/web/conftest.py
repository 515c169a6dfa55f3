"""The web board's fixture: the real bot with the web door on 127.0.0.1 (tests/support/web.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from tests.support.fake_telegram import FakeTelegram
from tests.support.fixtures import fake_telegram  # noqa: F401 - a fixture
from tests.support.web import WebHarness, make_web_harness


@pytest_asyncio.fixture
async def wh(fake_telegram: FakeTelegram,  # noqa: F811
             database_url: str) -> AsyncIterator[WebHarness]:
    h = await make_web_harness(fake_telegram, database_url)
    try:
        yield h
    finally:
        await h.close()
