"""The web board's fixture: the web door on the game core, served on 127.0.0.1, alone (no Bot
API at all); a test marked `chat` gets the real bot beside it, talking to the fake Bot API
(testkit/web.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from playwright.async_api import Browser

from testkit.browser import NoChromium, chromium
from testkit.fake_telegram import FakeTelegram
from testkit.fixtures import (
    TEST_TOKEN,
    fake_telegram,  # noqa: F401 - a fixture
)
from testkit.web import WebHarness, make_web_harness


@pytest_asyncio.fixture
async def wh(request: pytest.FixtureRequest, database_url: str) -> AsyncIterator[WebHarness]:
    if request.node.get_closest_marker("chat") is None:
        h = await make_web_harness(None, database_url)
        try:
            yield h
        finally:
            await h.close()
        return
    async with FakeTelegram(TEST_TOKEN) as fake:  # as the `fake_telegram` fixture
        h = await make_web_harness(fake, database_url)
        try:
            yield h
        finally:
            await h.close()
        assert not fake.internal_errors, f"the fake itself failed: {fake.internal_errors}"


@pytest_asyncio.fixture
async def browser() -> AsyncIterator[Browser]:
    """Headless Chromium (Debian's), for the browser tests; a test fails, never skips,
    when there is none."""
    try:
        async with chromium() as found:
            yield found
    except NoChromium as exc:
        pytest.fail(str(exc), pytrace=False)
