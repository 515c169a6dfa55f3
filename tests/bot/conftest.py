"""The real Dispatcher, fed real Updates, talking HTTP to a fake Bot API server.

Every test using `harness` or `group_harness` runs on both storage engines (SQLite and
PostgreSQL: `database_url` in tests/conftest.py). The harness itself (and `make_harness`
for a test that builds its own) is in testkit/harness.py.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from testkit.clocks import FakeClock
from testkit.fake_telegram import FakeTelegram
from testkit.fixtures import fake_telegram  # noqa: F401 - a fixture
from testkit.harness import Harness, make_harness, stop_harness


@pytest_asyncio.fixture
async def harness(fake_telegram: FakeTelegram,  # noqa: F811
                  database_url: str) -> AsyncIterator[Harness]:
    h = await make_harness(fake_telegram, database_url)
    try:
        yield h
    finally:
        await stop_harness(h)


@pytest_asyncio.fixture
async def group_harness(database_url: str) -> AsyncIterator[Harness]:
    """A harness whose fake server records requests on the test's clock (rate checks)."""
    clock = FakeClock()
    async with FakeTelegram(monotonic=clock.monotonic) as fake:
        h = await make_harness(fake, database_url, clock=clock)
        try:
            yield h
        finally:
            await stop_harness(h)
