"""Others' latency under an unsigned flood: one client sending forged init data as fast as
it can, while signed-in players read their games.

    python -m benchmarks.unsigned_flood [--seconds 20] [--quiet 10] [--connections 8]
                                        [--users 20] [--pace 1.0] [--flood-address 127.0.0.2]

The real bot (build(): the game core, SQLite, the Bot API answered in-process by
benchmarks/sessions.py) with its web door served over HTTP on 127.0.0.1, as
benchmarks/web_latency.py serves it, with the door's own limits. Two client processes, so
that neither's client code slows the other or the server's measurement:

- the players: `--users` signed-in users (in `--users / 2` friend games) from 127.0.0.1,
  each sending GET api/session and GET api/games/<id> in turn, `--pace` requests a second on
  average (a random pause of 0.5-1.5 × 1/pace between an answer and the next request);
- the flood, started after `--quiet` seconds: GET api/session with init data signed for
  another bot's token, on `--connections` keep-alive connections at once, each sending its
  next request as soon as the last is answered, for `--seconds` seconds. Its connections
  come from `--flood-address` (another loopback address: the client binds it as its local
  address), so the door sees the flood and the players as two addresses, as it would on the
  internet; with 127.0.0.1 for both, a limit per address would hit the players too.

Printed: the players' latency (p50/p95/p99/max) and answers by status without the flood (the
`--quiet` seconds before it) and during it; the flood's requests per second and its answers
by status (401: refused after the signature was checked; 429: refused before); the server
process's CPU (user + system, all its threads) in each phase, in % of one core; the load
average at the start and the end. Only APIs that 3d485ba (before the limit on refused
sign-ins) has as well are used, so the same script measures it from a worktree of it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import multiprocessing
import os
import random
import resource
import statistics
import tempfile
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiohttp

from benchmarks.figures import percentile

TOKEN = "1:BENCH"  # benchmarks/web_latency.py's
FORGED = "2:NOT-THIS-BOT"  # the flood's init data is signed for this token instead
Sample = tuple[float, float, int, str]  # sent (monotonic), latency ms, status, what


# -- the players' process ----------------------------------------------------------------

def players(url: str, seats: list[tuple[str, int]], pace: float, seed: int,
            ready: Any, stop: Any, out: Any) -> None:
    out.put(asyncio.run(_players(url, seats, pace, seed, ready, stop)))


async def _players(url: str, seats: list[tuple[str, int]], pace: float, seed: int,
                   ready: Any, stop: Any) -> list[Sample]:
    rng = random.Random(seed)
    samples: list[Sample] = []
    stopping = asyncio.Event()

    async def one(http: aiohttp.ClientSession, header: str, game: int) -> None:
        paths = itertools.cycle(("api/session", f"api/games/{game}"))
        await asyncio.sleep(rng.uniform(0, 1 / pace))  # not all at once
        while not stopping.is_set():
            path = next(paths)
            start = time.monotonic()
            try:
                async with http.get(url + path, headers={"Authorization": header}) as r:
                    await r.read()
                    status = r.status
            except aiohttp.ClientError:
                status = 0
            samples.append((start, (time.monotonic() - start) * 1000, status,
                            path.split("/")[1]))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stopping.wait(), rng.uniform(0.5, 1.5) / pace)

    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as http:
        tasks = [asyncio.create_task(one(http, header, game)) for header, game in seats]
        ready.set()
        await asyncio.to_thread(stop.wait)
        stopping.set()
        await asyncio.gather(*tasks)
    return samples


# -- the flood's process -----------------------------------------------------------------

def flood(url: str, header: str, address: str, connections: int, seconds: float,
          ready: Any, go: Any, out: Any) -> None:
    out.put(asyncio.run(_flood(url, header, address, connections, seconds, ready, go)))


async def _flood(url: str, header: str, address: str, connections: int, seconds: float,
                 ready: Any, go: Any) -> dict[str, Any]:
    statuses: Counter[int] = Counter()
    opened = [0]  # connections opened: keep-alive holds `connections` of them

    async def connected(*_: Any) -> None:
        opened[0] += 1

    trace = aiohttp.TraceConfig()
    trace.on_connection_create_end.append(connected)
    connector = aiohttp.TCPConnector(limit=connections, local_addr=(address, 0))
    async with aiohttp.ClientSession(connector=connector, trace_configs=[trace]) as http:
        ready.set()
        await asyncio.to_thread(go.wait)
        cpu0 = resource.getrusage(resource.RUSAGE_SELF)
        start = time.monotonic()
        end = start + seconds

        async def one() -> None:
            while time.monotonic() < end:
                try:
                    async with http.get(url + "api/session",
                                        headers={"Authorization": header}) as r:
                        await r.read()
                        statuses[r.status] += 1
                except aiohttp.ClientError:
                    statuses[0] += 1

        await asyncio.gather(*(one() for _ in range(connections)))
        stopped = time.monotonic()
    cpu1 = resource.getrusage(resource.RUSAGE_SELF)
    return {"start": start, "end": stopped, "statuses": dict(statuses), "opened": opened[0],
            "cpu": cpu1.ru_utime + cpu1.ru_stime - cpu0.ru_utime - cpu0.ru_stime}


# -- the server (this process) -----------------------------------------------------------

def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def run(args: argparse.Namespace) -> None:
    from aiogram import Bot
    from aiogram.types import User

    from benchmarks.sessions import InstantSession
    from bot.app import build
    from bot.config import load_settings
    from bot.launch import web_door
    from engine.dice import SeededDice
    from storage import players as stored_players
    from web.app import serve
    from web.auth import sign_init_data

    spawn = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory() as folder:
        settings = load_settings(
            bot_token=TOKEN, auto_analysis_matches=0,  # measures its own work only
            database_path=str(Path(folder) / "b.db"),
                                 webapp_url="https://bench.example.com/app/")
        bot_user = User(id=1, is_bot=True, first_name="Bench", username="bench_bot")
        bot = Bot(TOKEN, session=InstantSession(bot_user))
        app = await build(settings, bot=bot, dice=SeededDice(args.seed))
        web = web_door(app.core, app, settings)
        assert web is not None
        await web.start()
        runner = await serve(web, "127.0.0.1", 0)
        url = f"http://127.0.0.1:{runner.addresses[0][1]}/app/"
        now = datetime.now(UTC)
        seats: list[tuple[str, int]] = []
        for a in range(1000, 1000 + args.users, 2):
            for pid in (a, a + 1):
                await stored_players.upsert_player(app.db, pid, f"P{pid}", username=None,
                                                   language="en", now=now)
            challenge = await app.challenges.create(a, "short", 1, False)
            row, live = await app.services.challenges.core.accept(challenge.code, a + 1)
            await app.games.begin(row, live)
            for pid in (a, a + 1):
                init = sign_init_data(TOKEN, {"id": pid, "first_name": f"P{pid}"}, now)
                seats.append(("tma " + init, row.id))
        forged = "tma " + sign_init_data(FORGED, {"id": 666, "first_name": "Flood"}, now)

        out = spawn.Queue()
        ready, stop = spawn.Event(), spawn.Event()
        flood_ready, go = spawn.Event(), spawn.Event()
        users = spawn.Process(target=players, args=(url, seats, args.pace, args.seed,
                                                    ready, stop, out))
        flooder = spawn.Process(target=flood, args=(url, forged, args.flood_address,
                                                    args.connections, args.seconds,
                                                    flood_ready, go, out))
        users.start()
        flooder.start()
        await asyncio.to_thread(ready.wait)
        await asyncio.to_thread(flood_ready.wait)
        await asyncio.sleep(2.0)  # the players' first requests: connections, caches
        quiet = (time.monotonic(), cpu_seconds())
        await asyncio.sleep(args.quiet)
        quiet_end = (time.monotonic(), cpu_seconds())
        go.set()
        flooded = await asyncio.to_thread(out.get)
        flood_end = (time.monotonic(), cpu_seconds())
        stop.set()
        samples: list[Sample] = await asyncio.to_thread(out.get)
        await asyncio.to_thread(users.join)
        await asyncio.to_thread(flooder.join)
        await web.stop()
        await runner.cleanup()
        await app.db.close()

    print(f"{args.users} players from 127.0.0.1, {args.pace:g} requests/s each; the flood "
          f"from {args.flood_address}, {args.connections} connections")
    report("without the flood", samples, quiet[0], quiet_end[0],
           (quiet_end[1] - quiet[1]) / (quiet_end[0] - quiet[0]))
    report("during the flood", samples, flooded["start"], flooded["end"],
           (flood_end[1] - quiet_end[1]) / (flood_end[0] - quiet_end[0]))
    seconds = flooded["end"] - flooded["start"]
    statuses = Counter({int(k): v for k, v in flooded["statuses"].items()})
    total = sum(statuses.values())
    answers = ", ".join(f"{status or 'failed'}: {count:,}"
                        for status, count in sorted(statuses.items()))
    print(f"the flood: {total:,} requests in {seconds:.1f} s = {total / seconds:,.0f}/s "
          f"({answers}), {flooded['opened']} connections opened; the flooder's own CPU "
          f"{100 * flooded['cpu'] / seconds:.0f}% of a core")
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


def report(phase: str, samples: list[Sample], start: float, end: float,
           cpu: float) -> None:
    within = [s for s in samples if start <= s[0] < end]
    ms = [s[1] for s in within]
    statuses = Counter(s[2] for s in within)
    answers = ", ".join(f"{status or 'failed'}: {count}"
                        for status, count in sorted(statuses.items()))
    if not ms:
        print(f"{phase}: no requests")
        return
    print(f"{phase} ({end - start:.1f} s): the players' {len(ms)} requests ({answers}) "
          f"p50 {statistics.median(ms):.1f} ms, p95 {percentile(ms, 0.95):.1f} ms, "
          f"p99 {percentile(ms, 0.99):.1f} ms, max {max(ms):.0f} ms; "
          f"server CPU {100 * cpu:.0f}% of a core")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="the flood's duration")
    parser.add_argument("--quiet", type=float, default=10.0,
                        help="seconds measured before the flood")
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--users", type=int, default=20)
    parser.add_argument("--pace", type=float, default=1.0,
                        help="each player's requests per second")
    parser.add_argument("--flood-address", default="127.0.0.2")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    args.users += args.users % 2  # players come in pairs
    print(f"{len(os.sched_getaffinity(0))} cores, load {os.getloadavg()[0]:.2f}", flush=True)
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
