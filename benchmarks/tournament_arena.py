"""A 64-player arena with simulated players: how long pairing takes, and how many messages
the group gets.

    python -m benchmarks.tournament_arena [--players 64] [--minutes 30] [--seed 1]
                                          [--engine sqlite|postgres] [--url URL]

Real services (`bot.app.build`: the game core, the tournament core, the door, the group
pacer, the timer loop), real board and standings pictures, SQLite in a temporary folder,
or a throwaway PostgreSQL server started like the tests' (`--engine postgres`, fsync off;
the group's pace is then kept in the database, as with several processes), or `--url` an
existing empty database; the Bot's session answers every call at once and
records the group's messages on a simulated clock. Each game lasts a random 1 to 5
simulated minutes, then one of its players resigns through the game core (`Act.RESIGN`),
which ends the match, settles the arena and pairs the freed players at once; the timer
loop runs every simulated second. Nothing sleeps for real: the pacer waits on the
simulated clock.

Prints the pairing times (each arena pairing pass under the tournament's lock: the free
players found and their games made; and a game's end to the next games begun, their
boards drawn), the group's messages (the most in any 60 s, Telegram allowing about 20),
and how long the standings picture took to show a result.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import heapq
import itertools
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from aiogram import Bot
from aiogram.methods import TelegramMethod
from aiogram.types import User

from benchmarks.figures import percentile
from benchmarks.sessions import InstantSession
from bot.app import build
from bot.config import load_settings
from bot.plumbing.pacing import Coalescer
from core.actions import Act, Action, Refusal
from core.live import Live
from engine.dice import SeededDice
from storage import games, players
from storage import tournaments as stored

BOT_USER = User(id=42, is_bot=True, first_name="Nard", username="nard_bench_bot")
GROUP = -100123
START = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)
MESSAGES = {"SendMessage", "SendPhoto", "EditMessageText", "EditMessageMedia",
            "EditMessageCaption", "EditMessageReplyMarkup"}


class SimClock:
    """Simulated time: moved by the script; sleepers wake when it passes their time."""

    def __init__(self) -> None:
        self.now = START
        self._sleepers: list[tuple[datetime, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def __call__(self) -> datetime:
        return self.now

    def monotonic(self) -> float:
        return self.now.timestamp()

    async def sleep(self, seconds: float) -> None:
        future = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self.now + timedelta(seconds=seconds),
                                        next(self._order), future))
        await future

    async def advance_to(self, moment: datetime) -> None:
        """Move time to `moment`, waking each sleeper at its own time on the way."""
        while self._sleepers and self._sleepers[0][0] <= moment:
            wake, _, future = heapq.heappop(self._sleepers)
            self.now = max(self.now, wake)
            if not future.done():
                future.set_result(None)
            for _ in range(20):  # let the woken task run its send
                await asyncio.sleep(0)
        self.now = max(self.now, moment)
        await asyncio.sleep(0)


class GroupRecorder(InstantSession):
    """Records the group's messages on the simulated clock."""

    def __init__(self, clock: SimClock) -> None:
        super().__init__(BOT_USER, now=lambda: clock.now)
        self.clock = clock
        self.group: list[tuple[float, str]] = []

    def seen(self, method: TelegramMethod[Any], chat_id: int, message_id: int) -> None:
        name = type(method).__name__
        if chat_id == GROUP and name in MESSAGES:
            self.group.append((self.clock.monotonic(), name))


async def idle(coalescer: Coalescer) -> None:
    """Wait for the paced message being sent (a picture is drawn in a thread): simulated
    time stands still meanwhile, as real time would not run ahead of the drawing."""
    while coalescer.sending:
        await asyncio.sleep(0.001)


def most_in_window(times: list[float], seconds: float) -> int:
    best, start = 0, 0
    for end, moment in enumerate(times):
        while moment - times[start] >= seconds:
            start += 1
        best = max(best, end - start + 1)
    return best


def quantiles(values: list[float]) -> str:
    ordered = sorted(values)
    p99 = percentile(ordered, 0.99)
    return (f"p50 {statistics.median(ordered):.1f}, p99 {p99:.1f}, max {ordered[-1]:.1f}"
            f" (n = {len(ordered)})")


async def main(count: int, minutes: int, seed: int, database: str | None) -> None:
    rng = random.Random(seed)
    clock = SimClock()
    session = GroupRecorder(clock)
    with tempfile.TemporaryDirectory() as folder:
        target = database or str(Path(folder) / "bench.sqlite3")
        settings = load_settings(
            bot_token="123456:BENCH", auto_analysis_matches=0,  # measures its own work only
            database_url=target,
                                 move_timeout_seconds=3600)
        app = await build(settings, bot=Bot("123456:BENCH", session=session), clock=clock,
                          monotonic=clock.monotonic, sleep=clock.sleep, dice=SeededDice(seed))
        coalescer = app.coalescer
        door = app.services.tournaments
        core = door.core
        service = app.services.games
        passes: list[float] = []  # the passes that paired somebody
        ends: list[float] = []
        arena = core.arena_pass

        async def pairing_pass(held: Any, after: Any) -> None:
            made, began = len(after.started), time.perf_counter()
            await arena(held, after)
            if len(after.started) > made:
                passes.append((time.perf_counter() - began) * 1000)

        core.arena_pass = pairing_pass  # type: ignore[method-assign]
        shown: list[tuple[float, int]] = []  # (time, version) of each standings picture
        draw = door.redraw_picture

        async def picture(tournament_id: int) -> None:
            await draw(tournament_id)
            message = (await stored.messages(app.db, tournament_id)).get("picture")
            if message is not None:
                shown.append((clock.monotonic(), message.shown_version))

        door.redraw_picture = picture  # type: ignore[method-assign]
        begun: list[float] = []  # when each game's beginning (its boards drawn) was done
        begin = service.begin

        async def began_game(row: Any, live: Any) -> None:
            await begin(row, live)
            begun.append(time.perf_counter())

        service.begin = began_game  # type: ignore[method-assign]
        try:
            ids = list(range(1001, 1001 + count))
            for player in ids:
                await players.upsert_player(app.db, player, f"Player {player}", username=None,
                                            language="en", now=clock.now)
            t = await core.create(GROUP, ids[0], variant="short", format="arena", length=1,
                                  cube=False, capacity=64, start_in=timedelta(minutes=10),
                                  minutes=minutes)
            await door.redraw(t)
            for player in ids:
                await core.join(t.id, player)
            await core.start(t.id)
            began = time.perf_counter()
            finishing: dict[int, datetime] = {}
            results: list[tuple[float, int]] = []  # (time, version) of each result settled
            while True:
                current = await stored.get_tournament(app.db, t.id)
                assert current is not None
                if current.status != "running":
                    break
                for pairing in await stored.pairings(app.db, t.id):
                    if pairing.status == "playing" and pairing.game_id not in finishing:
                        assert pairing.game_id is not None
                        finishing[pairing.game_id] = clock.now + timedelta(
                            seconds=rng.uniform(60, 300))
                due = [g for g, at in finishing.items() if at <= clock.now]
                for game_id in due:
                    del finishing[game_id]
                    row = await games.load_game(app.db, game_id)
                    if row.status != "active":
                        continue
                    loser = rng.choice([p for p in row.players if p is not None])
                    live = Live.load(row.state_json)
                    answered: list[Refusal | None] = []

                    async def respond(refusal: Refusal | None,
                                      into: list[Refusal | None] = answered) -> None:
                        into.append(refusal)

                    started, before = time.perf_counter(), len(begun)
                    await service.act(loser, Action(game_id, row.version, Act.RESIGN,
                                                    number=live.number), respond)
                    if len(begun) > before:  # the freed players were paired at once
                        ends.append((begun[-1] - started) * 1000)
                    after = await stored.get_tournament(app.db, t.id)
                    assert after is not None
                    results.append((clock.monotonic(), after.version))
                await clock.advance_to(clock.now + timedelta(seconds=1))
                await idle(coalescer)
                await app.timers.tick()
            drained = asyncio.ensure_future(coalescer.drain())
            while not drained.done():  # the last paced messages, on the simulated clock
                await clock.advance_to(clock.now + timedelta(seconds=1))
                await idle(coalescer)
            elapsed = time.perf_counter() - began
            entrants = await stored.entrants(app.db, t.id)
            pairings = await stored.pairings(app.db, t.id)
        finally:
            await app.repair.close()
            await app.db.close()
    times = [moment for moment, _ in session.group]
    lag = []
    shown_times = [moment for moment, _ in shown]
    for moment, version in results:
        index = bisect.bisect_left(shown_times, moment)
        later = [m for m, v in shown[index:] if v >= version]
        if later:
            lag.append(later[0] - moment)
    top = max(entrants, key=lambda e: e.score)
    print(f"arena: {count} players, {minutes} simulated minutes, {len(pairings)} games,"
          f" the winner {top.score} points; {elapsed:.1f} s of real time")
    print(f"arena pairing passes that paired players (under the tournament's lock: the free"
          f" players found, their games made), ms: "
          f"{quantiles(passes)}")
    print(f"a game's end to the next game begun, where its players were paired at once"
          f" (result saved, arena settled, freed players paired, their boards drawn), ms:"
          f" {quantiles(ends)}")
    print(f"group messages: {len(times)} in all, at most {most_in_window(times, 60)} in any"
          f" 60 s (Telegram: about 20); {len(shown)} standings pictures")
    if lag:
        print(f"a result to the standings picture showing it, simulated s: {quantiles(lag)}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--minutes", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--engine", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--url", default=None, help="an existing empty database to use")
    args = parser.parse_args()
    if args.engine == "postgres" and not args.url:
        from testkit.postgres import PostgresServer

        server = PostgresServer.start()
        try:
            asyncio.run(main(args.players, args.minutes, args.seed, server.url()))
        finally:
            server.stop()
    else:
        asyncio.run(main(args.players, args.minutes, args.seed, args.url))
