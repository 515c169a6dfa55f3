"""Bad input from outside: what Telegram, the network or a proxy hands the bot that
it cannot use is refused or skipped with one log line, and everything after it is served.

* polling: an update aiogram cannot parse is skipped (the offset moves past it), not fetched
  again and again while every later update waits;
* webhook: a body with the right secret that is not an update (not JSON, nested without
  end, too large, JSON of another shape) is answered 400 (413 when too large) with the
  reason, without a traceback, and the next update is served;
* a 429 that says `retry_after: 0` is tried again at once (aiogram raises no
  `TelegramRetryAfter` for it), with the usual back-off when it comes again;
* a SQLite database locked by another program for 22 s: the update waits and is answered.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web

from bot.config import load_settings
from bot.plumbing.retry import ATTEMPTS, URGENT_WAIT
from bot.plumbing.webhook import make_web_app
from storage import games
from testkit import friends
from testkit.driver import to_act
from testkit.fake_telegram import SECRET_HEADER, FakeTelegram
from testkit.friends import english_friend_game
from testkit.harness import Harness, make_harness
from testkit.scenarios import SCENARIOS, USER

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


# -- webhook --------------------------------------------------------------------------------

SECRET = "bad-input_Secret"


@contextlib.asynccontextmanager
async def webhook(h: Harness) -> AsyncIterator[str]:
    """The bot's webhook server (`make_web_app`, as `python -m bot` serves it) on a free
    port of 127.0.0.1; yields its URL."""
    settings = load_settings(bot_token=h.fake.token, webhook_url="http://127.0.0.1/tg",
                             webhook_secret=SECRET)
    runner = web.AppRunner(make_web_app(h.app.dispatcher, h.app.bot, settings))
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    try:
        yield f"http://127.0.0.1:{port}/tg"
    finally:
        await runner.cleanup()


def nested(depth: int) -> bytes:
    """A valid update whose one extra field nests `depth` lists deep."""
    return (b'{"update_id": 77, "extra": ' + b"[" * depth + b"]" * depth + b"}")


async def chunks() -> AsyncIterator[bytes]:
    """2 MB of an update's start, sent without a Content-Length."""
    yield b'{"update_id": 1, "x": "'
    for _ in range(20):
        yield b"a" * 100_000


BAD_BODIES = {
    "not JSON": (b"{'update_id': 1, message: ", 400, "JSON"),
    "not UTF-8": (b'{"update_id": 1, "x": "\xff\xfe"}', 400, "JSON"),
    "nested without end": (b"[" * 200_000 + b"]" * 200_000, 400, "nested"),
    "nested deeper than any update": (nested(500), 400, "nested"),
    "too large": (b'{"update_id": 1, "x": "' + b"a" * 2_000_000 + b'"}', 413, "large"),
    "too large, its length not said": (None, 413, "large"),  # chunked: see below
    "a list": (b"[1, 2, 3]", 400, "not an update"),
    "no update_id": (b'{"message": {"text": "hi"}}', 400, "update_id"),
    "a message without a chat": (b'{"update_id": 5, "message": {"message_id": 1, '
                                 b'"date": 0, "text": "/start"}}', 400, "message.chat"),
}


@pytest.mark.parametrize("case", BAD_BODIES)
async def test_a_body_that_is_no_update_is_refused_with_its_reason(
        harness: Harness, caplog: pytest.LogCaptureFixture, case: str) -> None:
    h = harness
    body, status, reason = BAD_BODIES[case]
    ali = h.fake.user(ALI, "Ali")
    headers = {SECRET_HEADER: SECRET, "Content-Type": "application/json"}
    async with webhook(h) as url, aiohttp.ClientSession() as session:
        async with session.post(url, data=body or chunks(), headers=headers) as response:
            assert response.status == status, await response.text()
            assert reason in await response.text()
        # The next update is served as usual.
        update = ali.command("/start")
        h.fake.pop_update()
        async with session.post(url, json=update, headers=headers) as response:
            assert response.status == 200
        await answered(h, ALI, 0)
    assert h.fake.calls("sendMessage")[0].params.get("chat_id") == ALI
    refused = [r for r in caplog.records if r.name == "bot.plumbing.webhook" and "refused" in
               r.getMessage()]
    assert len(refused) == 1 and reason in refused[0].getMessage()
    assert len(refused[0].getMessage()) < 300  # a reason, not the body
    assert not problems(caplog)


# -- 429 with retry_after 0 -----------------------------------------------------------------


@pytest.mark.parametrize("method", SCENARIOS)
async def test_a_429_that_says_retry_after_0_is_tried_again_now(
        harness: Harness, method: str, caplog: pytest.LogCaptureFixture) -> None:
    h = harness
    h.fake.fail_next(method, 429, retry_after=0, times=3)
    start = h.clock()
    await SCENARIOS[method](h)
    answers = [r.error_code for r in h.fake.calls(method)]
    assert answers[:4] == [429, 429, 429, None], answers
    # At once, then the back-off of a failing Telegram: within a press's allowance.
    assert (h.clock() - start).total_seconds() <= URGENT_WAIT
    assert not problems(caplog)


async def test_a_press_meeting_429s_with_retry_after_0_is_answered(
        harness: Harness, caplog: pytest.LogCaptureFixture) -> None:
    h = harness
    user = h.fake.user(USER, "Ali")
    user.command("/new")
    await h.feed()
    h.fake.fail_next("answerCallbackQuery", 429, retry_after=0, times=3)
    update = user.press_button(USER, "Long nard")
    await h.feed()
    assert h.fake.callback_answer(update) is not None
    assert not problems(caplog)


async def test_429s_that_keep_saying_now_are_given_up_like_any_429(
        harness: Harness, caplog: pytest.LogCaptureFixture) -> None:
    h = harness
    h.fake.fail_next("sendMessage", 429, retry_after=0, times=100)
    start = h.clock()
    h.fake.user(USER, "Ali").command("/start")
    await h.feed()
    assert len(h.fake.calls("sendMessage")) == ATTEMPTS
    assert (h.clock() - start).total_seconds() <= URGENT_WAIT
    assert "TelegramRetryAfter" in caplog.text  # what every other 429 given up is
    assert not problems(caplog)


# -- a locked database ----------------------------------------------------------------------


async def test_me_while_another_program_holds_the_database_is_answered(
        fake_telegram: FakeTelegram, tmp_path: Path,
        caplog: pytest.LogCaptureFixture) -> None:
    h = await make_harness(fake_telegram, tmp_path)  # SQLite: PostgreSQL has no such lock
    db = h.app.db
    other = sqlite3.connect(db.path, isolation_level=None, timeout=0)  # type: ignore[attr-defined]
    try:
        await db.pragma("busy_timeout = 10")  # SQLite's own wait, cut from 5 s
        paused: list[float] = []

        async def sleep(seconds: float) -> None:  # the database's pauses, on a fake clock
            paused.append(seconds)
            if sum(paused) >= 22 and other.in_transaction:
                other.execute("COMMIT")  # the sqlite3 shell lets go after 22 s

        db.sleep, db.monotonic = sleep, lambda: sum(paused)  # type: ignore[attr-defined]
        other.execute("BEGIN EXCLUSIVE")  # as `sqlite3 nard.sqlite3` `BEGIN EXCLUSIVE;`
        h.fake.user(ALI, "Ali").command("/me")
        await h.feed()
        assert "Ali" in (h.fake.last_message(ALI).text or ""), h.fake.transcript(ALI)
        assert sum(paused) >= 22
    finally:
        other.close()
        await h.app.repair.close()
        await db.close()
        await h.app.bot.session.close()
    assert "locked by another program" in caplog.text
    assert not problems(caplog)


async def test_a_resignation_whose_answer_meets_a_long_429_stands_quietly(
        harness: Harness, caplog: pytest.LogCaptureFixture) -> None:
    """/resign's "Yes, resign" whose answer Telegram refuses for 30 s (not waited out under
    the game's lock): the game is resigned, and nothing is logged as a problem."""
    h = harness
    game_id = await english_friend_game(h)
    friend = friends.ALI if await to_act(h, game_id) == friends.ALI else friends.VALI
    user = h.fake.user(friend, "X")
    user.command("/resign")
    await h.feed()
    asked = h.fake.last_message(friend)
    h.fake.fail_next("answerCallbackQuery", 429, retry_after=30)
    user.press_button(friend, "Yes, resign", message_id=asked.message_id)
    await h.feed()
    assert (await games.load_game(h.app.db, game_id)).status == "finished"
    assert not problems(caplog), problems(caplog)
