"""`python -m bot` as a real process polling a fake Bot API server on 127.0.0.1.

The bot uploads photos as multipart and edits them with editMessageMedia, meets one 429 and
one "message is not modified", is killed with SIGKILL in the middle of a game and started
again: the game goes on from where it was, with no move lost or doubled, and a deadline that
passed while the bot was down fires after the restart, once the restart's grace is over.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import signal
from pathlib import Path

import pytest

from bot.views.callbacks import Act, GameCb
from storage import Database
from storage.connect import open_database
from testkit.driver import choose, game_buttons
from testkit.fake_telegram import FakeTelegram
from testkit.fixtures import fake_telegram  # noqa: F401 - a fixture
from testkit.processes import start_bot

pytestmark = pytest.mark.slow  # real `python -m bot` processes: seconds to minutes a test

ROOT = Path(__file__).resolve().parents[2]
USER = 3001


async def stored(db: Database, sql: str, *args: object) -> list[tuple]:
    """Rows as the bot process stored them (read through a connection of our own)."""
    return [tuple(row) for row in await db.fetchall(sql, args)]


async def settle(fake: FakeTelegram, db: Database, timeout: float = 30.0) -> None:
    """Wait until the newest board shows the stored game's version (or the game ended)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        rows = await stored(db, "SELECT version, status FROM games ORDER BY id DESC LIMIT 1")
        if rows:
            version, status = rows[0]
            photos = [m for m in fake.messages(USER) if m.photo is not None]
            offered = game_buttons(photos[-1].buttons) if photos else []
            versions = {d.v for _, d in offered if d.a is not Act.RESIGN}
            # ... and the bot has recorded that its board shows that version.
            shown = (await stored(db, "SELECT MIN(shown_version) FROM board_messages"
                                  " WHERE game_id = (SELECT MAX(id) FROM games)"))[0][0]
            if status != "active" or (version in versions and shown == version):
                return
        await asyncio.sleep(0.05)
    raise TimeoutError(f"{rows} {versions}\n{fake.transcript(USER)}")


async def press_next(fake: FakeTelegram, db: Database) -> None:
    photos = [m for m in fake.messages(USER) if m.photo is not None]
    board, seen = photos[-1], len(photos) + sum(len(m.edits) for m in photos)
    data = choose(board.buttons)
    assert data is not None, fake.transcript(USER)
    update = fake.user(USER, "Ali").press(board, data.pack())
    await fake.wait_for("answerCallbackQuery", lambda r: r.params.get("callback_query_id")
                        == update["callback_query"]["id"], timeout=30)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 30
    while loop.time() < deadline:  # the press redraws the board; wait until it has
        photos = [m for m in fake.messages(USER) if m.photo is not None]
        if len(photos) + sum(len(m.edits) for m in photos) > seen:
            break
        await asyncio.sleep(0.02)
    await settle(fake, db)


async def test_process_survives_sigkill_and_fires_deadlines(
        fake_telegram: FakeTelegram, tmp_path: Path, database_url: str) -> None:  # noqa: F811
    """On both engines: SQLite's file, or PostgreSQL (the bot process and this test share
    the database through their own connections)."""
    fake, log = fake_telegram, tmp_path / "bot.log"
    db = await open_database(database_url)
    user = fake.user(USER, "Ali")
    bot = start_bot(fake, database_url, log)
    try:
        mark = fake.mark()
        user.command("/start")
        await fake.wait_for("sendMessage", after=mark, timeout=60)
        await fake.wait_for("setMyCommands", timeout=30)
        user.command("/new")
        await fake.wait_for("sendMessage", lambda r: r.params.get("text") == "Which game?",
                            timeout=30)
        labels = ("Long nard", "🤖 Computer", "Beginner", "1 game")
        for label, following in itertools.pairwise(labels):
            user.press_button(USER, label)
            await fake.wait_for("editMessageText", lambda r, f=following: f in str(
                r.params.get("reply_markup")), timeout=30)
        user.press_button(USER, labels[-1])
        await fake.wait_for("sendPhoto", timeout=30)
        await settle(fake, db)
        assert fake.calls("sendPhoto")[0].files  # uploaded as multipart

        fake.fail_next("editMessageMedia", 429, retry_after=1)
        for _ in range(4):
            await press_next(fake, db)
        # A move the server never offered is refused and the board is redrawn as it was:
        # Telegram answers "message is not modified", which the bot takes in its stride.
        board = [m for m in fake.messages(USER) if m.photo is not None][-1]
        version = (await stored(db, "SELECT version FROM games"))[0][0]
        fake.fail_next("editMessageMedia", 400)
        mark = fake.mark()
        user.press(board, GameCb(game=1, v=version, a=Act.GO, src=24, dst=1).pack())
        await fake.wait_for("editMessageMedia", after=mark, timeout=30)
        assert (await stored(db, "SELECT version FROM games"))[0][0] == version
        for _ in range(4):
            await press_next(fake, db)
        answers = [(r.method, r.error_code) for r in fake.requests]
        assert ("editMessageMedia", 429) in answers and ("editMessageMedia", 400) in answers

        moves_before = await stored(db, "SELECT version, kind, notation, seat FROM moves"
                                          " ORDER BY id")
        version = (await stored(db, "SELECT version FROM games"))[0][0]
        os.kill(bot.pid, signal.SIGKILL)
        bot.wait(30)

        bot = start_bot(fake, database_url, log)
        # The old board's buttons still work after the restart (choosing a checker changes
        # no stored state, so press until a step is saved).
        for _ in range(3):
            await press_next(fake, db)
            if (await stored(db, "SELECT version FROM games"))[0][0] != version:
                break
        after = await stored(db, "SELECT version, kind, notation, seat FROM moves ORDER BY id")
        assert after[: len(moves_before)] == moves_before  # nothing lost
        # Applied once: every new log line belongs to a new version and none is repeated by
        # the same seat (the press may also have let the computer move: a version of its own).
        new = after[len(moves_before):]
        assert new and all(row[0] > version for row in new)
        assert len(set(after)) == len(after)

        os.kill(bot.pid, signal.SIGKILL)
        bot.wait(30)
        # Time passes while the bot is down: the stored deadline is now in the past.
        async with db.transaction() as tx:
            await tx.execute("UPDATE games SET deadline = deadline - 1000")
        # It fires after the restart, but only once the restart's grace is over.
        mark = fake.mark()
        bot = start_bot(fake, database_url, log, RESTART_GRACE_SECONDS="3")
        lost = await fake.wait_for("sendMessage", lambda r: "You lost" in str(
            r.params.get("text")), after=mark, timeout=120)
        started = next(r for r in fake.requests[mark:] if r.method == "getMe")
        assert lost.time - started.time >= 2.0  # (whole seconds: 3 s, less the rounding)
        assert (await stored(db, "SELECT status FROM games"))[0][0] == "finished"
        assert any(row[1] == "timeout"
                   for row in await stored(db, "SELECT version, kind FROM moves"))
    finally:
        bot.kill()
        bot.wait(30)
        await db.close()
        print(log.read_text(errors="replace")[-3000:])
    assert not any(d.a is Act.GO for _, d in game_buttons(fake.last_message(USER).buttons))
