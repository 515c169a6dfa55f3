"""`python -m bot` as a process: six players search for opponents and play to the end.

Each player asks through /play's buttons (in their own language); the bot pairs them into
three rated games, and the players press the buttons the bot offers until every game is
over. Every game must end with a result and a rating change for both players.
"""

from __future__ import annotations

import asyncio
import sqlite3
from functools import partial
from pathlib import Path

import pytest

from bot.views.callbacks import Act
from testkit.driver import choose, game_buttons
from testkit.fake_telegram import FakeTelegram
from testkit.fixtures import fake_telegram  # noqa: F401 - a fixture
from testkit.processes import start_bot
from testkit.waiting import until as wait_until

pytestmark = pytest.mark.slow  # real `python -m bot` processes: seconds to minutes a test

# (id, name, language, the labels pressed after /play)
PLAYERS = (
    (6001, "Ali", "en", ("Short nard", "1 game", "Without the cube")),
    (6002, "Вали", "ru", ("Короткие нарды", "Любая длина", "Всё равно")),
    (6003, "Soli", "uz", ("Uzun nard", "Istalgan uzunlik")),
    (6004, "Айбек", "ky", ("Узун нарда", "1 оюн")),
    (6005, "Leyla", "az", ("Qısa nərd", "1 oyun", "Kubsuz")),
    (6006, "Bob", "en", ("Short nard", "Any length", "Either")),
)


def stored(db: Path, sql: str) -> list[tuple]:
    with sqlite3.connect(db) as conn:
        return conn.execute(sql).fetchall()


until = partial(wait_until, timeout=30.0, pause=0.02)


def boards_seen(fake: FakeTelegram, chat: int) -> int:
    photos = [m for m in fake.messages(chat) if m.photo is not None]
    return len(photos) + sum(len(m.edits) for m in photos)


async def press_once(fake: FakeTelegram, db: Path, users: dict) -> bool:
    """Press one button a player may press now; False when nobody can act."""
    for game_id, version, *seats in stored(
            db, "SELECT id, version, player0_id, player1_id FROM games WHERE status = 'active'"):
        for chat in seats:
            photos = [m for m in fake.messages(chat) if m.photo is not None]
            if not photos:
                continue
            current = [(text, d.pack()) for text, d in game_buttons(photos[-1].buttons)
                       if d.game == game_id and d.v == version and d.a is not Act.RESIGN]
            data = choose(current)
            if data is None:
                continue
            seen = boards_seen(fake, chat)
            users[chat].press(photos[-1], data.pack())
            await until(lambda c=chat, s=seen: boards_seen(fake, c) > s, what="a redraw")
            return True
    return False


async def test_six_players_find_opponents_and_play_to_the_end(
        fake_telegram: FakeTelegram, tmp_path: Path) -> None:  # noqa: F811
    fake, db, log = fake_telegram, tmp_path / "nard.sqlite3", tmp_path / "bot.log"
    users = {pid: fake.user(pid, name, language_code=lang) for pid, name, lang, _ in PLAYERS}
    # One engine is enough here: matchmaking's storage runs on both in tests/storage and
    # tests/bot; this proves the process end to end. Nobody plays the computer: its worker
    # process is left out (the computer would play in threads).
    bot = start_bot(fake, f"sqlite:///{db}", log, COMPUTER_WORKERS="0")
    try:
        for pid, _, _, labels in PLAYERS:
            users[pid].command("/play")
            await fake.wait_for("sendMessage", lambda r, p=pid: r.params.get("chat_id") == p,
                                timeout=60)
            for label in labels:
                await until(lambda p=pid, x=label: any(
                    m.find_button(x) for m in fake.messages(p)), what=label)
                users[pid].press_button(pid, label)
        await until(lambda: len(stored(db, "SELECT id FROM games")) == 3, timeout=60,
                    what="three games")
        pairs = {frozenset(row) for row in stored(db, "SELECT player0_id, player1_id FROM games")}
        # Each newcomer meets the compatible player already waiting.
        assert pairs == {frozenset({6001, 6002}), frozenset({6003, 6004}),
                         frozenset({6005, 6006})}
        for _ in range(20_000):
            if not stored(db, "SELECT id FROM games WHERE status = 'active'"):
                break
            if not await press_once(fake, db, users):
                await asyncio.sleep(0.05)  # a redraw or the computer's auto-play under way
        rows = stored(db, "SELECT status, rated, result FROM games")
        assert [row[:2] for row in rows] == [("finished", 1)] * 3, rows
        with sqlite3.connect(db) as conn:
            events = conn.execute("SELECT COUNT(*) FROM rating_events").fetchone()[0]
        assert events == 6  # both players of each game
        for pid in users:  # each was told the result with the rating change, once
            told = [m for m in fake.messages(pid) if m.text and "→ 1" in m.text]
            assert len(told) == 1, fake.transcript(pid)
    finally:
        bot.kill()
        bot.wait(30)
        print(log.read_text(errors="replace")[-3000:])
