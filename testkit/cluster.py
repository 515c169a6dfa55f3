"""Several `python -m bot` processes in webhook mode on one PostgreSQL, behind a small load
balancer that hands each update to the next process that accepts a connection, and players
that press through the fake Bot API's buttons: for the scale-out test (three processes, one
killed at a time) and the deployment and scale benchmarks."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import signal
import subprocess
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp
from aiohttp import web

from bot.views.callbacks import GameCb
from core.live import Live
from storage import Database, boards, games, outbox
from testkit.driver import choose
from testkit.fake_telegram import SECRET_HEADER, FakeTelegram
from testkit.processes import SECRET, free_port, start_webhook_bot
from testkit.waiting import Predicate, patient, until

PROCESSES = 3
WINDOW = 30  # MOVE_TIMEOUT_SECONDS
PLAY = 600.0  # real seconds `Cluster.play` gives one game (only catches one that never ends)
GROUP = -100917


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
        # The computer in threads: three warmed worker pools would take minutes to start on
        # a CI machine (the pool has tests of its own).
        self.processes[index] = start_webhook_bot(
            self.fake, self.url, self.folder / f"bot{index}.log", port=self.ports[index],
            url=f"http://127.0.0.1:{balancer.port}/tg/updates",
            MOVE_TIMEOUT_SECONDS=str(WINDOW))

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

    async def board(self, game_id: int, chat: int):
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
        """Press what is offered until the game is over (or `limit` presses: then resign);
        an AssertionError if it is not over after `PLAY` seconds (times the patience)."""
        pressed = 0
        loop = asyncio.get_running_loop()
        deadline = loop.time() + patient(PLAY)
        while True:
            if loop.time() > deadline:
                raise AssertionError(f"game {game_id} not over after {patient(PLAY):.0f} s"
                                     f" and {pressed} presses\n{self.logs()}")
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
    text = next(m.text for m in reversed(cluster.fake.messages(a))
                if m.text and "start=" in m.text)
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


async def healthy(port: int, process: subprocess.Popen) -> bool:
    assert process.poll() is None, "a bot process exited"
    try:
        async with aiohttp.ClientSession() as session, session.get(
                f"http://127.0.0.1:{port}/healthz") as response:
            return response.status == 200
    except aiohttp.ClientConnectionError:
        return False


async def settled(nodes: Cluster) -> bool:
    assert nodes.db is not None
    if nodes.fake.pending_updates or await outbox.pending_notices(nodes.db):
        return False
    for row in await nodes.db.fetchall("SELECT id, version FROM games"):
        if any(m.shown_version != row[1] for m in await boards.board_messages(nodes.db, row[0])):
            return False
    return True
