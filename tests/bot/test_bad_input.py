"""Bad input from outside (issue 26): what Telegram, the network or a proxy hands the bot that
it cannot use is refused or skipped with one log line, and everything after it is served.

* polling: an update aiogram cannot parse is skipped (the offset moves past it), not fetched
  again and again while every later update waits;
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator

import pytest

from tests.bot.conftest import Harness

ALI, VALI = 7101, 7102


def problems(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    """Records that would page someone: errors and tracebacks."""
    return [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


@contextlib.asynccontextmanager
async def polling(h: Harness) -> AsyncIterator[None]:
    """aiogram's own polling loop on the harness's Bot and Dispatcher."""
    task = asyncio.create_task(h.app.dispatcher.start_polling(
        h.app.bot, polling_timeout=1, handle_signals=False, close_bot_session=False))
    try:
        yield
    finally:
        with contextlib.suppress(RuntimeError):  # polling had stopped already
            await h.app.dispatcher.stop_polling()
        await asyncio.wait_for(task, 10)


def unreadable(h: Harness) -> dict:
    """A message update without the chat and date every message has (schema-invalid)."""
    return h.fake.enqueue("message", {"message_id": 1, "text": "/start",
                                      "from": {"id": VALI, "is_bot": False,
                                               "first_name": "Vali"}})


async def answered(h: Harness, user: int, after: int) -> None:
    await h.fake.wait_for("sendMessage", lambda r: r.params.get("chat_id") == user,
                          after=after, timeout=10)


async def test_an_update_that_does_not_parse_is_skipped_not_refetched(
        harness: Harness, caplog: pytest.LogCaptureFixture) -> None:
    h = harness
    ali = h.fake.user(ALI, "Ali")
    first = unreadable(h)  # the first of a batch
    ali.command("/start")
    last = None
    async with polling(h):
        await answered(h, ALI, 0)
        mark = h.fake.mark()
        ali.command("/help")
        last = unreadable(h)  # the last of a batch: nothing after it moves the offset
        await answered(h, ALI, mark)
        mark = h.fake.mark()
        ali.command("/rules")
        await answered(h, ALI, mark)
    # Each bad update was fetched once, and the offset went past it.
    polls = h.fake.calls("getUpdates")
    offsets = [r.params.get("offset") for r in polls if r.ok]
    assert max(o for o in offsets if o is not None) > last["update_id"]
    handed = [u["update_id"] for r in polls if r.ok for u in r.result]
    assert handed.count(first["update_id"]) == 1 and handed.count(last["update_id"]) == 1
    skipped = [r for r in caplog.records if "does not parse" in r.getMessage()]
    assert [r.levelno for r in skipped] == [logging.WARNING] * 2
    assert f"update {first['update_id']}" in skipped[0].getMessage()
    assert "chat" in skipped[0].getMessage()  # what was wrong, not what was written
    assert "Failed to fetch updates" not in caplog.text
    assert not problems(caplog)
