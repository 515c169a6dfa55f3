"""Three `python -m bot` processes in webhook mode on one PostgreSQL, behind a small load
balancer, while one process at a time is killed with SIGKILL and started again.

The fake Bot API posts every update to the balancer (as Telegram posts to a webhook: one at
a time, again after an error); the balancer hands each to the next process that accepts a
connection, as nginx's `proxy_next_upstream error` does, so a killed process's share goes
to the others. Games are played through the buttons at the same time: friend games, games
against the computer, a group game, and a friend game left to run out of time. The players
press what they are offered, and press again when a press is never answered (its update
was taken by a process killed before it answered).

Checked at the end, after every process has settled:
* every game is over, and its move log replays through the engine to the stored game (no
  move lost or doubled);
* every answered press that changes a game is in the database;
* every result message reached each player exactly once, and the timeout was applied once
  (one result, one warning at most);
* the group never got more than 20 edits, nor 20 messages, in any 60 seconds.

`NARD_SCALE_GAMES` (default 5: two friend games, two against the computer, the group game;
plus the timed-out one) and `NARD_SCALE_KILLS` (default 3) make it longer; friend and group
games are resigned after `NARD_SCALE_PRESSES` presses (default 40; 0: played out).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp
import pytest
import pytest_asyncio
from aiohttp import web

from bot.views.callbacks import Act, GameCb
from core.live import Live
from storage import Database, boards, games, outbox
from storage.connect import open_database
from tests.support.driver import choose
from tests.support.fake_telegram import EDIT_METHODS, SECRET_HEADER, FakeTelegram
from tests.support.fixtures import fake_telegram  # noqa: F401 - a fixture
from tests.support.lifecycle import replay
from tests.support.postgres import PostgresCluster
from tests.support.processes import SECRET, free_port
from tests.support.waiting import Predicate, until

pytestmark = [pytest.mark.postgres, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]
PROCESSES = 3
GAMES = int(os.environ.get("NARD_SCALE_GAMES", "5"))
KILLS = int(os.environ.get("NARD_SCALE_KILLS", "3"))
PRESSES = int(os.environ.get("NARD_SCALE_PRESSES", "40"))
WINDOW = 30  # MOVE_TIMEOUT_SECONDS
GROUP = -100917
STATE_CHANGES = {Act.GO, Act.FULL, Act.UNDO, Act.DONE, Act.ROLL, Act.DOUBLE, Act.TAKE, Act.DROP,
                 Act.RESIGN_YES}
MESSAGE_METHODS = EDIT_METHODS | {"sendMessage", "sendPhoto"}


class Balancer:
    """Round robin over the processes; a refused connection goes to the next one."""

    def __init__(self, ports: list[int]) -> None:
        self.ports = ports
        self.port = free_port()
        self._next = itertools.count()
        self.forwarded: Counter[int] = Counter()
        self._session: aiohttp.ClientSession | None = None
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        self._session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10))
        app = web.Application()
        app.router.add_post("/tg/updates", self._forward)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", self.port).start()

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
        if self._session is not None:
            await self._session.close()

    async def _forward(self, request: web.Request) -> web.Response:
        assert self._session is not None
        body = await request.read()
        headers = {SECRET_HEADER: request.headers.get(SECRET_HEADER, ""),
                   "Content-Type": "application/json"}
        start = next(self._next)
        for index in range(len(self.ports)):
            port = self.ports[(start + index) % len(self.ports)]
            try:
                async with self._session.post(f"http://127.0.0.1:{port}/tg/updates",
                                              data=body, headers=headers) as response:
                    self.forwarded[port] += 1
                    return web.Response(status=response.status, body=await response.read())
            except (aiohttp.ClientConnectionError, TimeoutError):
                continue  # down (killed, or still starting): the next one
        return web.Response(status=502)


@dataclass
class Press:
    game: int
    data: GameCb
    query: str


@dataclass
class Cluster:
    fake: FakeTelegram
    url: str
    folder: Path
    ports: list[int] = field(default_factory=lambda: [free_port() for _ in range(PROCESSES)])
    processes: dict[int, subprocess.Popen] = field(default_factory=dict)
    presses: list[Press] = field(default_factory=list)
    kills: int = 0
    db: Database | None = None

    def start(self, index: int, balancer: Balancer) -> None:
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("BOT_", "TELEGRAM_", "WEBHOOK_", "COMPUTER_", "DATABASE_"))}
        env.update(BOT_TOKEN=self.fake.token, TELEGRAM_API_URL=self.fake.url,
                   DATABASE_URL=self.url, LOG_LEVEL="INFO", PYTHONPATH=str(ROOT),
                   BOT_MODE="webhook", WEBHOOK_SECRET=SECRET, WEBHOOK_HOST="127.0.0.1",
                   WEBHOOK_URL=f"http://127.0.0.1:{balancer.port}/tg/updates",
                   WEBHOOK_PORT=str(self.ports[index]), MOVE_TIMEOUT_SECONDS=str(WINDOW),
                   # The computer in threads: three warmed worker pools would take minutes
                   # to start on a CI machine (the pool has tests of its own).
                   COMPUTER_WORKERS="0")
        log = (self.folder / f"bot{index}.log").open("ab")
        self.processes[index] = subprocess.Popen(
            [sys.executable, "-m", "bot"], cwd=self.folder, env=env, stdout=log,
            stderr=subprocess.STDOUT)

    def kill(self, index: int) -> None:
        process = self.processes[index]
        process.send_signal(signal.SIGKILL)
        process.wait(30)
        self.kills += 1

    def stop_all(self) -> None:
        for process in self.processes.values():
            if process.poll() is None:
                process.kill()
                process.wait(30)

    def logs(self) -> str:
        return "\n".join(f"--- bot{i}.log\n" + (self.folder / f"bot{i}.log").read_text(
            errors="replace")[-2500:] for i in range(PROCESSES))

    # -- playing -------------------------------------------------------------------------

    async def until(self, condition: Predicate, timeout: float = 90.0, what: str = "") -> None:
        await until(condition, timeout, what, tail=self.logs)

    async def board(self, game_id: int, chat: int):  # type: ignore[no-untyped-def]
        assert self.db is not None
        message = next((m for m in await boards.board_messages(self.db, game_id)
                        if m.chat_id == chat), None)
        if message is None:
            return None
        try:  # 0: a board on its way (its message id is stored once sent)
            return self.fake.message(chat, message.message_id)
        except LookupError:
            return None

    async def move(self, game_id: int) -> tuple[int, int, GameCb] | bool | None:
        """(presser, chat, button) when the player to act is offered the stored version;
        None when the game is over; False while its board is being drawn."""
        assert self.db is not None
        row = await games.load_game(self.db, game_id)
        if row.status != "active":
            return None
        player = row.players[Live.load(row.state_json).game.to_act]
        if player is None:
            return False  # the computer is thinking
        shared = any(m.player_id is None for m in await boards.board_messages(self.db, game_id))
        chat = GROUP if shared else player
        board = await self.board(game_id, chat)
        if board is None:
            return False
        data = choose(board.buttons)
        if data is None or data.v != row.version:
            return False
        return player, chat, data

    async def press(self, game_id: int, player: int, chat: int, data: GameCb) -> bool:
        """Press and wait for the answer; False when none came (the update was lost)."""
        board = await self.board(game_id, chat)
        update = self.fake.user(player, f"P{player}").press(board, data.pack())
        query = update["callback_query"]["id"]
        self.presses.append(Press(game_id, data, query))
        with contextlib.suppress(AssertionError):
            await self.until(lambda: self._answered(query), 20, "an answer")
            return True
        return False

    async def _answered(self, query: str) -> bool:
        return self.fake.callback_answer(query) is not None

    async def play(self, game_id: int, limit: int) -> None:
        """Press what is offered until the game is over (or `limit` presses: then resign)."""
        pressed = 0
        while True:
            found: tuple[int, int, GameCb] | bool | None = False

            async def offered() -> bool:
                nonlocal found
                found = await self.move(game_id)
                return found is not False

            await self.until(offered, 120, f"game {game_id}'s next board")
            if found is None:
                return
            assert isinstance(found, tuple)
            player, chat, data = found
            if limit and pressed >= limit:
                await self.resign(game_id, player, chat)
                continue
            await self.press(game_id, player, chat, data)
            pressed += 1

    async def resign(self, game_id: int, player: int, chat: int) -> None:
        board = await self.board(game_id, chat)
        flag = next(GameCb.unpack(d) for t, d in board.buttons if t.startswith("🏳") and d)
        if not await self.press(game_id, player, chat, flag):
            return
        with contextlib.suppress(AssertionError):
            await self.until(lambda: self._offers_yes(game_id, chat), 20, "the resign prompt")
            yes = next(GameCb.unpack(d) for _, d in (await self.board(game_id, chat)).buttons
                       if d and ":ry:" in d)
            await self.press(game_id, player, chat, yes)

    async def _offers_yes(self, game_id: int, chat: int) -> bool:
        board = await self.board(game_id, chat)
        return board is not None and any(d and ":ry:" in d for _, d in board.buttons)


async def say(cluster: Cluster, user: int, text: str, chat: int | None = None) -> None:
    cluster.fake.user(user, f"P{user}").command(text, chat=chat)


async def tap(cluster: Cluster, user: int, chat: int, label: str, then: str) -> None:
    """Press the button `label` in `chat` and wait until `then` shows there."""
    mark = len(cluster.fake.messages(chat))
    cluster.fake.user(user, f"P{user}").press_button(chat, label)

    async def shown() -> bool:
        return any(then in (m.content or "") or any(then in t for t, _ in m.buttons)
                   for m in cluster.fake.messages(chat)[max(0, mark - 1):])

    await cluster.until(shown, 60, f"{then!r} after {label!r}")


async def friend_game(cluster: Cluster, a: int, b: int) -> int:
    await say(cluster, a, "/new")
    await cluster.until(lambda: _has(cluster, a, "Short nard"), 60, "the /new menu")
    for label, then in (("Short nard", "A friend"), ("👥 A friend", "1 game"),
                        ("1 game", "Without the cube"), ("Without the cube", "start=")):
        await tap(cluster, a, a, label, then)
    text = next(m.text for m in reversed(cluster.fake.messages(a)) if "start=" in (m.text or ""))
    code = text.split("start=", 1)[1].split()[0]
    await say(cluster, b, f"/start {code}")
    return await _game_of(cluster, b)


async def computer_game(cluster: Cluster, a: int) -> int:
    await say(cluster, a, "/new")
    await cluster.until(lambda: _has(cluster, a, "Long nard"), 60, "the /new menu")
    for label, then in (("Long nard", "Computer"), ("🤖 Computer", "Beginner"),
                        ("Beginner", "1 game")):
        await tap(cluster, a, a, label, then)
    cluster.fake.user(a, f"P{a}").press_button(a, "1 game")
    return await _game_of(cluster, a)


async def group_game(cluster: Cluster, a: int, b: int) -> int:
    cluster.fake.group(GROUP, "Nard club")
    await say(cluster, a, "/nard long", chat=GROUP)
    await cluster.until(lambda: _has(cluster, GROUP, "Join"), 60, "the group challenge")
    cluster.fake.user(b, f"P{b}").press_button(GROUP, "🎲 Join")
    return await _game_of(cluster, b)


async def _has(cluster: Cluster, chat: int, text: str) -> bool:
    return any(text in (m.content or "") or any(text in t for t, _ in m.buttons)
               for m in cluster.fake.messages(chat))


async def _game_of(cluster: Cluster, player: int) -> int:
    assert cluster.db is not None
    found: list[int] = []

    async def started() -> bool:
        rows = await cluster.db.fetchall(  # type: ignore[union-attr]
            "SELECT id FROM games WHERE player0_id = ? OR player1_id = ? ORDER BY id",
            (player, player))
        found[:] = [row[0] for row in rows]
        return bool(found)

    await cluster.until(started, 60, f"player {player}'s game")
    return found[-1]


@pytest_asyncio.fixture
async def cluster(postgres: PostgresCluster, fake_telegram: FakeTelegram,  # noqa: F811
                  tmp_path: Path) -> AsyncIterator[tuple[Cluster, Balancer]]:
    url = await postgres.create()
    nodes = Cluster(fake_telegram, url, tmp_path)
    balancer = Balancer(nodes.ports)
    await balancer.start()
    nodes.db = await open_database(url)  # migrated before the processes start
    try:
        yield nodes, balancer
    finally:
        nodes.stop_all()
        await balancer.close()
        await nodes.db.close()
        await postgres.drop(url)


async def deliver(fake: FakeTelegram, url: str, stop: asyncio.Event) -> None:
    """Telegram's side: post each update, one at a time, again later after an error."""
    while not stop.is_set():
        if fake.pending_updates:
            with contextlib.suppress(aiohttp.ClientError):
                statuses = await fake.deliver_webhook(url, SECRET)
                if statuses and statuses[-1] >= 300:
                    await asyncio.sleep(0.2)
        else:
            await asyncio.sleep(0.01)


async def killer(nodes: Cluster, balancer: Balancer, stop: asyncio.Event) -> None:
    """Every few seconds: one process killed (SIGKILL), then started again."""
    rng = random.Random(17)
    for _ in range(KILLS):
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), rng.uniform(4, 10))
        if stop.is_set():
            return
        index = rng.randrange(PROCESSES)
        nodes.kill(index)
        nodes.start(index, balancer)


async def test_three_processes_one_database_while_processes_are_killed(cluster) -> None:
    nodes, balancer = cluster
    started = time.monotonic()
    for index in range(PROCESSES):
        nodes.start(index, balancer)
    for index, port in enumerate(nodes.ports):
        await nodes.until(lambda p=port, i=index: _healthy(p, nodes.processes[i]), 180,
                          f"process {index} to listen")
    stop = asyncio.Event()
    delivery = asyncio.create_task(deliver(
        nodes.fake, f"http://127.0.0.1:{balancer.port}/tg/updates", stop))
    kills: asyncio.Task[None] | None = None
    try:
        players = itertools.count(5001)
        timed_out = await friend_game(nodes, next(players), next(players))
        sleeper = await _to_act(nodes, timed_out)
        games_played: list[tuple[int, int]] = []  # (game, presses before resigning)
        for number in range(GAMES):
            if number == GAMES - 1:
                games_played.append((await group_game(nodes, next(players), next(players)),
                                     PRESSES or 20))
            elif number % 2 == 0:
                games_played.append((await friend_game(nodes, next(players), next(players)),
                                     PRESSES))
            else:
                games_played.append((await computer_game(nodes, next(players)), 0))
        kills = asyncio.create_task(killer(nodes, balancer, stop))
        await asyncio.gather(*(nodes.play(game, limit) for game, limit in games_played))
        await nodes.until(lambda: _over(nodes, timed_out), 3 * WINDOW, "the timeout")
        await nodes.until(lambda: _settled(nodes), 90, "every process to settle")
    finally:
        stop.set()
        for task in (delivery, kills):
            if task is not None:
                await asyncio.gather(task, return_exceptions=True)
    assert nodes.db is not None
    db = nodes.db

    rows = [await games.load_game(db, row[0]) for row in await db.fetchall(
        "SELECT id FROM games ORDER BY id")]
    assert len(rows) == GAMES + 1, rows
    assert all(row.status == "finished" for row in rows), [
        (row.id, row.players, row.status) for row in rows]
    results: Counter[int] = Counter()
    for row in rows:  # nothing lost, nothing doubled: the log replays to the stored game
        played = replay(await games.match_log(db, row.id), row.variant, row.match_length,
                        row.cube)
        assert played[-1].to_dict() == Live.load(row.state_json).game.to_dict()
        assert len(await games.game_results(db, row.id)) == 1
        if all(m.player_id is not None for m in await boards.board_messages(db, row.id)):
            results.update(p for p in row.players if p is not None)  # told privately
    answered = 0
    for press in nodes.presses:  # an answered change is in the database
        answer = nodes.fake.callback_answer(press.query)
        if press.data.a in STATE_CHANGES and answer is not None and not answer.get("text"):
            answered += 1
            row = await games.load_game(db, press.game)
            assert row.version > press.data.v or row.status != "active", (press, row)
    for player, count in results.items():  # each private result message once
        got = [m for m in nodes.fake.messages(player)
               if (m.text or "").startswith(("🏆 You won", "You lost"))]
        assert len(got) == count, (player, nodes.fake.transcript(player))
    log = await games.match_log(db, timed_out)
    [result] = [line for lines in log.values() for line in lines if line.kind == "result"]
    assert "timeout" in result.notation, result
    warnings = [m for m in nodes.fake.messages(sleeper) if (m.text or "").startswith("⏱")]
    assert len(warnings) <= 1, nodes.fake.transcript(sleeper)
    edits = nodes.fake.edits_per_window(GROUP, 60)
    messages = nodes.fake.requests_per_window(GROUP, 60, MESSAGE_METHODS)
    assert edits <= 20 and messages <= 20, (edits, messages)
    assert not await outbox.pending_notices(db)
    print(f"scale-out e2e: {PROCESSES} processes, {nodes.kills} SIGKILLs, {len(rows)} games, "
          f"{len(nodes.presses)} presses ({answered} answered changes, all stored), "
          f"{sum(1 for p in nodes.presses if nodes.fake.callback_answer(p.query) is None)} "
          f"unanswered (taken by a killed process, pressed again), updates per process "
          f"{sorted(balancer.forwarded.values())}, group: {edits} edits / {messages} messages "
          f"in the busiest 60 s, {len(warnings)} warning, "
          f"{time.monotonic() - started:.0f} s")


async def _healthy(port: int, process: subprocess.Popen) -> bool:
    assert process.poll() is None, "a bot process exited"
    try:
        async with aiohttp.ClientSession() as session, session.get(
                f"http://127.0.0.1:{port}/healthz") as response:
            return response.status == 200
    except aiohttp.ClientConnectionError:
        return False


async def _to_act(nodes: Cluster, game_id: int) -> int:
    assert nodes.db is not None
    row = await games.load_game(nodes.db, game_id)
    player = row.players[Live.load(row.state_json).game.to_act]
    assert player is not None
    return player


async def _over(nodes: Cluster, game_id: int) -> bool:
    assert nodes.db is not None
    return (await games.load_game(nodes.db, game_id)).status != "active"


async def _settled(nodes: Cluster) -> bool:
    assert nodes.db is not None
    if nodes.fake.pending_updates or await outbox.pending_notices(nodes.db):
        return False
    for row in await nodes.db.fetchall("SELECT id, version FROM games"):
        if any(m.shown_version != row[1] for m in await boards.board_messages(nodes.db, row[0])):
            return False
    return True

