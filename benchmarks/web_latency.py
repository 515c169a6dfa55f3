"""The web board's latency: an action in one page → the opponent's page updated.

    python -m benchmarks.web_latency [--computer-games 40] [--friend-games 4]
                                     [--actions 400] [--think 2.0] [--workers N]

The real bot (build(): the game core, SQLite, rendering, the computer in its process pool)
with the web board served over real HTTP on 127.0.0.1, and the Bot API answered in-process
(benchmarks/bot.py's recording session). `--computer-games` players play Master through the
chat buttons (a press every `--think` seconds on average) while `--friend-games` games
between web players are played through the web API as fast as answers come: each action
is a POST, and its latency is from sending it to the moment the opponent's open page (a
WebSocket) receives the new state (actions that only change the mover's page — a step of
the turn being built — are not counted: nothing is pushed to the opponent). Also timed:
reading a game's state (GET api/games/<id>). Prints p50/p99/max of both.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiohttp
from aiogram import Bot

from benchmarks.computer import CountingRunner, TimedSession, press
from benchmarks.figures import percentile
from bot.app import build, freeze_startup_objects
from bot.config import load_settings
from bot.launch import web_door
from core import computer
from core.workers import ProcessPool
from engine.dice import SeededDice
from storage import players
from web.app import serve
from web.auth import sign_init_data
from web.limits import RateLimit

TOKEN = "1:BENCH"


class WebPlayer:
    """One web player: signed in, with the game's page open (a WebSocket)."""

    def __init__(self, http: aiohttp.ClientSession, url: str, user_id: int) -> None:
        self.http, self.url, self.user_id = http, url, user_id
        self.init = sign_init_data(TOKEN, {"id": user_id, "first_name": f"W{user_id}"},
                                   datetime.now(UTC))
        self.headers = {"Authorization": "tma " + self.init}
        self.seen: dict[int, float] = {}  # version -> when the page received it
        self.arrived = asyncio.Event()
        self.socket: aiohttp.ClientWebSocketResponse | None = None
        self.reader: asyncio.Task[None] | None = None

    async def open(self, game: int, version: int) -> None:
        self.socket = await self.http.ws_connect(self.url + "api/live")
        await self.socket.send_json({"auth": self.init, "game": game, "version": version})
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.socket is not None
        async for message in self.socket:
            data = message.json()
            if data.get("type") == "state":
                self.seen[data["state"]["version"]] = time.perf_counter()
                self.arrived.set()

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()
        if self.reader is not None:
            self.reader.cancel()

    async def state(self, game: int, reads: list[float]) -> dict[str, Any]:
        start = time.perf_counter()
        async with self.http.get(self.url + f"api/games/{game}", headers=self.headers) as r:
            state = await r.json()
        reads.append((time.perf_counter() - start) * 1000)
        return state

    async def act(self, state: dict[str, Any], act: str, **extra: int) -> tuple[
            dict[str, Any], float]:
        start = time.perf_counter()
        async with self.http.post(self.url + f"api/games/{state['game']}/actions",
                                  headers=self.headers,
                                  json={"act": act, "version": state["version"], **extra}) as r:
            body = await r.json()
        return body["state"], start


async def friend_game(app: Any, http: aiohttp.ClientSession, url: str, a: int, b: int,
                      latencies: list[float], reads: list[float], done: asyncio.Event) -> None:
    web = {a: WebPlayer(http, url, a), b: WebPlayer(http, url, b)}
    while not done.is_set():
        challenge = await app.challenges.create(a, "short", 1, False)
        row, live = await app.services.challenges.core.accept(challenge.code, b)
        await app.games.begin(row, live)
        for player in web.values():
            await player.open(row.id, 0)
        try:
            while not done.is_set():
                states = {p: await web[p].state(row.id, reads) for p in (a, b)}
                if states[a]["status"] != "active":
                    break
                mover = a if states[a]["you_act"] else b if states[b]["you_act"] else None
                if mover is None:
                    await asyncio.sleep(0.01)
                    continue
                other, state = web[b if mover == a else a], states[mover]
                if state["can"]["roll"]:
                    act: tuple[str, dict[str, int]] = ("roll", {})
                elif state["movable"]:
                    src, targets = next(iter(state["movable"].items()))
                    act = ("go", {"src": int(src), "dst": int(next(iter(targets)))})
                elif state["can"]["done"]:
                    act = ("done", {})
                else:
                    await asyncio.sleep(0.01)
                    continue
                after, start = await web[mover].act(state, act[0], **act[1])
                if after["steps"] and after["you_act"]:
                    continue  # a step of the turn: only the mover's page changes
                version = after["version"]
                while version not in other.seen and not done.is_set():
                    other.arrived.clear()
                    try:
                        await asyncio.wait_for(other.arrived.wait(), 5.0)
                    except TimeoutError:
                        print(f"no push of version {version} within 5 s", flush=True)
                        break
                if version in other.seen:
                    latencies.append((other.seen[version] - start) * 1000)
                if len(latencies) >= done_after[0]:
                    done.set()
        finally:
            for player in web.values():
                await player.close()


done_after = [400]


async def run(args: argparse.Namespace) -> None:
    done_after[0] = args.actions
    with tempfile.TemporaryDirectory() as folder:
        session = TimedSession()
        settings = load_settings(
            bot_token=TOKEN, auto_analysis_matches=0,  # measures its own work only
            database_path=str(Path(folder) / "b.db"),
                                 webapp_url="https://bench.example.com/app/")
        bot = Bot(TOKEN, session=session)
        inner = ProcessPool(args.workers, initializer=computer.warm)
        await inner.start()
        pool = CountingRunner(inner)
        app = await build(settings, bot=bot, dice=SeededDice(args.seed), pool=pool)
        web = web_door(app.core, app, settings)
        assert web is not None
        web.limit = RateLimit(rate=10_000, burst=10_000)
        await web.start()
        runner = await serve(web, "127.0.0.1", 0)
        url = f"http://127.0.0.1:{runner.addresses[0][1]}/app/"
        now = datetime.now(UTC)
        friends = [(1000 + 2 * i, 1001 + 2 * i) for i in range(args.friend_games)]
        humans = [5000 + i for i in range(args.computer_games)]
        for pid in [p for pair in friends for p in pair] + humans:
            await players.upsert_player(app.db, pid, f"P{pid}", username=None,
                                        language="en", now=now)
        latencies: list[float] = []
        reads: list[float] = []
        done = asyncio.Event()
        update_ids = itertools.count(1)

        async def computer_game(index: int, player: int) -> None:
            variant = ("long", "short")[index % 2]
            while not done.is_set():
                await app.games.start_vs_computer(player, variant, "master", 1, False)
                while not done.is_set():
                    if await press(app, bot, session, player, update_ids) is None:
                        if not await app.games.active_game(player):
                            break
                        await asyncio.sleep(0.01)
                    else:
                        await asyncio.sleep(args.think * random.uniform(0.5, 1.5))

        freeze_startup_objects()
        tasks = [asyncio.create_task(computer_game(i, p)) for i, p in enumerate(humans)]
        await asyncio.sleep(2 * args.think)
        wall0 = time.perf_counter()
        async with aiohttp.ClientSession() as http:
            tasks += [asyncio.create_task(friend_game(app, http, url, a, b, latencies, reads,
                                                      done)) for a, b in friends]
            await done.wait()
            wall = time.perf_counter() - wall0
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        await web.stop()
        await runner.cleanup()
        await pool.close()
        await app.db.close()
    print(f"action → opponent's page: p50 {statistics.median(latencies):.1f} ms, "
          f"p99 {percentile(latencies, 0.99):.1f} ms, max {max(latencies):.0f} ms over "
          f"{len(latencies)} actions in {wall:.1f} s")
    print(f"state read: p50 {statistics.median(reads):.1f} ms, "
          f"p99 {percentile(reads, 0.99):.1f} ms over {len(reads)} reads")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--computer-games", type=int, default=40)
    parser.add_argument("--friend-games", type=int, default=4)
    parser.add_argument("--actions", type=int, default=400)
    parser.add_argument("--think", type=float, default=2.0)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    random.seed(args.seed)
    print(f"{args.computer_games} games against Master, {args.friend_games} web friend games, "
          f"{args.actions} timed actions; {len(os.sched_getaffinity(0))} cores, "
          f"load {os.getloadavg()[0]:.1f}", flush=True)
    asyncio.run(run(args))


if __name__ == "__main__":
    main()

