"""A PostgreSQL blip is retried, not dropped (storage/outage.py, GameService.act).

Seen in a real deployment: a PostgreSQL restart of under half a second dropped presses with
empty answers and tracebacks (CannotConnectNowError, AdminShutdownError,
ConnectionDoesNotExistError, "cannot switch to state 12"; "Task exception was never
retrieved", "redrawing game N failed", "timer tick failed", "delivering the outbox failed").

Here the session's PostgreSQL server cuts every connection of the test's database in the
middle of play (pg_terminate_backend), and a server of the test's own is stopped for longer
than a press may wait and started again. Presses are tried again and count; a press the
database cannot take in time is answered "nothing was saved, press again" (never an empty
answer); the timer loop's pass meanwhile goes on; the outage is two log lines, without a
traceback.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Iterator, Sequence
from typing import Any

import asyncpg
import pytest
import pytest_asyncio

from bot.views.callbacks import Act
from i18n import Translator
from storage import games
from storage.outage import OUTAGE, QuietOutages
from storage.postgres import PostgresTx, connection_failed
from testkit.driver import choose
from testkit.fake_telegram import FakeTelegram
from testkit.fixtures import fake_telegram  # noqa: F401 - a fixture
from testkit.friends import friend_game, to_move
from testkit.harness import Harness, make_harness
from testkit.postgres import PostgresServer
from tests.conftest import PostgresCluster

pytestmark = pytest.mark.postgres


async def cut_every_connection(url: str) -> int:
    """pg_terminate_backend on every other connection to the test's database."""
    admin = await asyncpg.connect(url)
    try:
        return int(await admin.fetchval(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"))
    finally:
        await admin.close()


def tracebacks(caplog: pytest.LogCaptureFixture) -> list[str]:
    """What the bot's log shows with a traceback, or at ERROR (`python -m bot` puts
    `QuietOutages` on its log's handlers, as here)."""
    quiet = QuietOutages(connection_failed)
    return [r.getMessage() for r in caplog.records
            if (r.exc_info or r.levelno >= logging.ERROR) and quiet.filter(r)]


def outage_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "storage"
            and "the database" in r.getMessage()]


async def press_next(h: Harness) -> tuple[str, int]:
    """The player to move presses what they are offered: (query id, the game version)."""
    chat = to_move(h)
    board = h.board(chat)
    data = choose(board.buttons)
    assert data is not None
    update = h.fake.user(chat, "X").press(board, data.pack())
    await h.feed()
    return update["callback_query"]["id"], data.v


@pytest_asyncio.fixture
async def pg_harness(fake_telegram: FakeTelegram,  # noqa: F811
                     postgres: PostgresCluster) -> AsyncIterator[tuple[Harness, str]]:
    url = await postgres.create()
    h = await make_harness(fake_telegram, url)
    try:
        yield h, url
    finally:
        await h.app.repair.close()
        await h.app.db.close()
        await h.app.bot.session.close()
        await postgres.drop(url)


async def test_presses_go_on_when_every_connection_is_cut(
        pg_harness: tuple[Harness, str], caplog: pytest.LogCaptureFixture) -> None:
    h, url = pg_harness
    game_id = await friend_game(h)
    caplog.set_level(logging.INFO)
    for _ in range(3):
        version = (await games.load_game(h.app.db, game_id)).version
        assert await cut_every_connection(url) >= 1  # the pool's, the game locks'
        query, pressed = await press_next(h)
        answer = h.fake.callback_answer(query)
        assert answer is not None and not answer.get("text"), answer  # applied
        assert pressed == version
        assert (await games.load_game(h.app.db, game_id)).version > version
        await h.app.timers.tick()  # the loop's pass after a cut goes on too
    assert not tracebacks(caplog), tracebacks(caplog)
    # (asyncpg notices most such cuts by itself and reconnects before a statement fails)
    lines = outage_lines(caplog)
    assert len(lines) % 2 == 0 and all(("not answering" in a and "answers again" in b)
                                       for a, b in zip(lines[::2], lines[1::2], strict=True))


@contextlib.contextmanager
def cut_before(statement: str, times: int = 1) -> Iterator[list[str]]:
    """The next `times` statements holding `statement` find their connection cut by the
    server (pg_terminate_backend on it) just before they run: a restart in the middle of a
    press. Yields the statements cut."""
    originals = PostgresTx.execute, PostgresTx.fetchall
    cut: list[str] = []

    async def cut_first(self: PostgresTx, sql: str) -> None:
        if len(cut) < times and statement in sql:
            cut.append(sql)
            with contextlib.suppress(Exception):  # the cut also fails this call
                await self._conn.execute("SELECT pg_terminate_backend(pg_backend_pid())")

    async def execute(self: PostgresTx, sql: str, params: Sequence[Any] = ()) -> int:
        await cut_first(self, sql)
        return await originals[0](self, sql, params)

    async def fetchall(self: PostgresTx, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        await cut_first(self, sql)
        return await originals[1](self, sql, params)

    PostgresTx.execute, PostgresTx.fetchall = execute, fetchall  # type: ignore[method-assign]
    try:
        yield cut
    finally:
        PostgresTx.execute, PostgresTx.fetchall = originals  # type: ignore[method-assign]


@pytest.mark.parametrize("times", [1, 3])
async def test_a_press_whose_transaction_is_cut_is_tried_again_and_counts(
        pg_harness: tuple[Harness, str], caplog: pytest.LogCaptureFixture, times: int) -> None:
    h, _ = pg_harness
    game_id = await friend_game(h)
    version = (await games.load_game(h.app.db, game_id)).version
    caplog.set_level(logging.INFO)
    with cut_before("FROM games WHERE id = ?", times) as cut:  # the press's load
        query, pressed = await press_next(h)
    assert len(cut) == times  # the save was cut that many times ...
    answer = h.fake.callback_answer(query)
    assert answer is not None and not answer.get("text"), answer  # ... and still counts
    assert pressed == version and (await games.load_game(h.app.db, game_id)).version > version
    assert not tracebacks(caplog), tracebacks(caplog)
    lines = outage_lines(caplog)
    assert len(lines) == 2 and "not answering" in lines[0] and "answers again" in lines[1]
    assert f"({times} operation(s) failed meanwhile)" in lines[1]


async def test_a_press_the_database_cannot_take_in_time_is_answered_try_again(
        fake_telegram: FakeTelegram, caplog: pytest.LogCaptureFixture) -> None:  # noqa: F811
    server = PostgresServer.start()
    h = await make_harness(fake_telegram, server.url())
    try:
        game_id = await friend_game(h)
        version = (await games.load_game(h.app.db, game_id)).version
        caplog.set_level(logging.INFO)
        server.pause()  # down for longer than a press's tries (they wait on the test's clock)
        try:
            query, _ = await press_next(h)
            answer = h.fake.callback_answer(query)
            assert answer is not None and answer.get("show_alert") is True
            assert answer["text"] in {Translator(lang)("alert-unavailable")
                                      for lang in ("en", "ru")}
            await h.app.timers.tick()  # the timer loop's pass (repairs, outbox): it goes on
            assert OUTAGE.down
        finally:
            server.resume()
        query, pressed = await press_next(h)  # the same press again: it counts now
        assert pressed == version
        answer = h.fake.callback_answer(query)
        assert answer is not None and not answer.get("text"), answer
        assert (await games.load_game(h.app.db, game_id)).version > version
        assert not tracebacks(caplog), tracebacks(caplog)
        lines = outage_lines(caplog)
        assert len(lines) == 2 and "not answering" in lines[0] and "answers again" in lines[1]
        assert not [b for b in h.fake.calls("answerCallbackQuery")
                    if b.params.get("callback_query_id") == query and b.error_code]
    finally:
        await h.app.repair.close()
        await h.app.db.close()
        await h.app.bot.session.close()
        server.stop()


async def test_try_again_is_the_last_answer_when_telegram_also_fails(
        fake_telegram: FakeTelegram) -> None:  # noqa: F811
    """The database down and the "nothing was saved" alert lost to a burst of network
    errors: the last answer, once the handler is done, says it again (an empty answer
    would tell the player the press counted)."""
    server = PostgresServer.start()
    h = await make_harness(fake_telegram, server.url())
    try:
        await friend_game(h)
        server.pause()
        try:
            h.fake.fail_next("answerCallbackQuery", 502, times=3)  # the alert's tries
            query, _ = await press_next(h)
            answer = h.fake.callback_answer(query)
            assert answer is not None and answer.get("show_alert") is True, answer
            assert answer["text"] in {Translator(lang)("alert-unavailable")
                                      for lang in ("en", "ru")}
        finally:
            server.resume()
    finally:
        await h.app.repair.close()
        await h.app.db.close()
        await h.app.bot.session.close()
        server.stop()


async def test_a_game_press_is_never_left_with_an_empty_answer_while_down(
        fake_telegram: FakeTelegram) -> None:  # noqa: F811
    """Every kind of button a player may press during the outage gets words."""
    server = PostgresServer.start()
    h = await make_harness(fake_telegram, server.url())
    try:
        await friend_game(h)
        chat = to_move(h)
        board = h.board(chat)
        server.pause()
        try:
            updates = [h.fake.user(chat, "X").press(board, data)
                       for _, data in board.buttons if data]
            updates.append(h.fake.user(chat, "X").press(board, "n:short"))  # a menu's
            await h.feed()
            for update in updates:
                answer = h.fake.callback_answer(update)
                assert answer is not None and answer.get("text"), (update, answer)
        finally:
            server.resume()
        assert any(d.a is not Act.RESIGN for d in [choose(h.board(chat).buttons)] if d)
    finally:
        await h.app.repair.close()
        await h.app.db.close()
        await h.app.bot.session.close()
        server.stop()
