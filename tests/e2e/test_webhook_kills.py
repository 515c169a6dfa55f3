"""`python -m bot` in webhook mode, killed with SIGKILL while presses are posted to it: no
acknowledged press is lost.

Telegram never posts an acknowledged (2xx) update again, so the bot answers a game press 200
only once its outcome is final: saved and answered, or refused (bot/plumbing/webhook.py).
This test plays Telegram's part: it posts each update, keeps every one not answered 2xx
(a dropped connection, a killed process) and posts it again after the restart. Half the
kills come the instant a press's 200 arrives (before this change, the press was then still
being handled in a task of its own, and was lost), the others at a random moment of a
post. After each restart, every acknowledged press was answered, and every press answered
without a refusal is in the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import subprocess
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.views.callbacks import Act, GameCb
from core.live import Live
from storage import Database, boards, games
from storage.connect import open_database
from testkit.driver import choose
from testkit.fake_telegram import SECRET_HEADER, FakeTelegram
from testkit.fixtures import fake_telegram  # noqa: F401 - a fixture
from testkit.processes import SECRET, free_port, start_webhook_bot
from testkit.waiting import until as wait_until

pytestmark = pytest.mark.slow  # real `python -m bot` processes: seconds to minutes a test

ALI, VALI = 4101, 4102
NAMES = {ALI: "Ali", VALI: "Vali"}
KILLS = int(os.environ.get("NARD_WEBHOOK_KILLS", "6"))
STATE_CHANGES = {Act.GO, Act.FULL, Act.UNDO, Act.DONE, Act.ROLL, Act.DOUBLE, Act.TAKE, Act.DROP,
                 Act.RESIGN_YES}


@dataclass
class Posted:
    update: dict[str, Any]
    acknowledged: bool = False


@dataclass
class Telegram:
    """What Telegram does with a webhook: post, keep what was not acknowledged."""

    fake: FakeTelegram
    url: str
    pending: list[Posted] = field(default_factory=list)
    presses: list[tuple[Posted, GameCb]] = field(default_factory=list)

    def take(self, data: GameCb | None = None) -> Posted:
        """The update the fake just queued, as Telegram holds it for the webhook."""
        posted = Posted(self.fake._queue.pop())
        self.pending.append(posted)
        if data is not None:
            self.presses.append((posted, data))
        return posted

    async def post(self, posted: Posted) -> bool:
        """One delivery; True when acknowledged."""
        try:
            async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=90)) as s, \
                    s.post(self.url, json=posted.update,
                           headers={SECRET_HEADER: SECRET}) as response:
                ok = 200 <= response.status < 300
        except (aiohttp.ClientError, TimeoutError):
            return False
        if ok:
            posted.acknowledged = True
            self.pending.remove(posted)
        return ok

    async def deliver(self, timeout: float = 120) -> None:
        """Post what is pending, in order, until all of it is acknowledged."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while self.pending:
            assert loop.time() < deadline, f"not acknowledged: {self.pending}"
            if not await self.post(self.pending[0]):
                await asyncio.sleep(0.2)


@dataclass
class Node:
    fake: FakeTelegram
    database: str
    folder: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = start_webhook_bot(
            self.fake, self.database, self.folder / "bot.log", port=self.port,
            url=f"http://127.0.0.1:{self.port}/tg/updates")

    async def healthy(self) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 120
        async with aiohttp.ClientSession() as session:
            while loop.time() < deadline:
                assert self.process is not None and self.process.poll() is None, self.tail()
                with contextlib.suppress(aiohttp.ClientError):
                    async with session.get(f"http://127.0.0.1:{self.port}/healthz") as r:
                        if r.status == 200:
                            return
                await asyncio.sleep(0.1)
        raise TimeoutError("the webhook server did not come up\n" + self.tail())

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(30)

    def tail(self) -> str:
        return (self.folder / "bot.log").read_text(errors="replace")[-3000:]


@contextlib.asynccontextmanager
async def running(fake: FakeTelegram, database: str, folder: Path) -> AsyncIterator[Node]:
    node = Node(fake, database, folder)
    fake._set_webhook({"url": f"http://127.0.0.1:{node.port}/tg/updates",
                       "secret_token": SECRET}, {})
    node.start()
    try:
        await node.healthy()
        yield node
    except BaseException:
        print(node.tail())
        raise
    finally:
        if node.process is not None and node.process.poll() is None:
            node.kill()


until = partial(wait_until, timeout=60.0)


async def friend_game(telegram: Telegram, db: Database) -> int:
    fake = telegram.fake
    for user, name in NAMES.items():
        fake.user(user, name).command("/start")
        telegram.take()
    ali = fake.user(ALI, "Ali")
    ali.command("/new")
    telegram.take()
    await telegram.deliver()
    for label in ("Short nard", "👥 A friend", "1 game", "Without the cube"):
        await until(lambda label=label: any(m.find_button(label) for m in fake.messages(ALI)))
        ali.press_button(ALI, label)
        telegram.take()
        await telegram.deliver()

    def link() -> str | None:
        texts = [m.text or "" for m in fake.messages(ALI) if "start=" in (m.text or "")]
        return texts[-1].split("start=", 1)[1].split()[0] if texts else None

    await until(lambda: link() is not None)
    fake.user(VALI, "Vali").command(f"/start {link()}")
    telegram.take()
    await telegram.deliver()

    async def started() -> bool:
        return bool(await games.active_games(db, VALI))

    await until(started)
    [row] = await games.active_games(db, VALI)
    return row.id


async def to_press(telegram: Telegram, db: Database, game_id: int) -> tuple[int, GameCb] | None:
    """(the player to act, the button to press) once their board shows the stored game."""
    row = await games.load_game(db, game_id)
    if row.status != "active":
        return None
    player = row.players[Live.load(row.state_json).game.to_act]
    assert player is not None
    shown = {m.chat_id: m for m in await boards.board_messages(db, game_id)}
    message = shown.get(player)
    if message is None or message.shown_version != row.version:
        return None
    data = choose(telegram.fake.message(player, message.message_id).buttons)
    return None if data is None else (player, data)


async def press(telegram: Telegram, db: Database, game_id: int) -> tuple[Posted, GameCb]:
    found: list[tuple[int, GameCb]] = []

    async def ready() -> bool:
        move = await to_press(telegram, db, game_id)
        if move is not None:
            found.append(move)
        return move is not None

    await until(ready)
    player, data = found[-1]
    message = next(m for m in await boards.board_messages(db, game_id) if m.chat_id == player)
    telegram.fake.user(player, NAMES[player]).press(
        telegram.fake.message(player, message.message_id), data.pack())
    return telegram.take(data), data


async def check(telegram: Telegram, db: Database) -> int:
    """Every acknowledged press was answered; every one answered without a refusal is in
    the database. Returns how many acknowledged presses changed a game."""
    applied = 0
    for posted, data in telegram.presses:
        if not posted.acknowledged:
            continue
        answer = telegram.fake.callback_answer(posted.update["callback_query"]["id"])
        assert answer is not None, ("acknowledged, never answered", data)
        if data.a in STATE_CHANGES and not answer.get("text"):
            row = await games.load_game(db, data.game)
            assert row.version > data.v or row.status != "active", ("lost", data, row)
            applied += 1
    return applied


async def test_sigkill_during_webhook_traffic_loses_no_acknowledged_press(
        fake_telegram: FakeTelegram, tmp_path: Path, database_url: str) -> None:  # noqa: F811
    fake, rng = fake_telegram, random.Random(5)
    db = await open_database(database_url)
    began = time.monotonic()
    try:
        async with running(fake, database_url, tmp_path) as node:
            telegram = Telegram(fake, f"http://127.0.0.1:{node.port}/tg/updates")
            game_id = await friend_game(telegram, db)
            kills = 0
            while kills < KILLS:
                if (await games.load_game(db, game_id)).status != "active":
                    game_id = await friend_game(telegram, db)
                for _ in range(rng.randint(0, 2)):  # a few presses delivered in peace
                    await press(telegram, db, game_id)
                    await telegram.deliver()
                posted, _ = await press(telegram, db, game_id)
                delivery = asyncio.create_task(telegram.post(posted))
                if kills % 2 == 0:  # the instant Telegram has its acknowledgement
                    await delivery
                else:  # at a random moment of the post
                    await asyncio.sleep(rng.uniform(0.0, 0.3))
                node.kill()
                kills += 1
                await delivery
                node.start()
                await node.healthy()
                await telegram.deliver()  # what was not acknowledged comes again
                await check(telegram, db)
            applied = await check(telegram, db)
            acknowledged = sum(1 for posted, _ in telegram.presses if posted.acknowledged)
            print(f"\n{KILLS} SIGKILLs during webhook traffic in {time.monotonic() - began:.0f} "
                  f"s: {len(telegram.presses)} presses, {acknowledged} acknowledged, {applied}"
                  f" of them changes, all in the database")
            assert applied >= KILLS // 2
    finally:
        await db.close()
