"""Friend games' presses while many games against Master think: process pool vs threads.

    python -m benchmarks.computer [--computer-games 40] [--friend-games 10]
                                  [--presses 3000] [--variant mixed|long|short]
                                  [--think 2.0] [--runner both|process|thread] [--workers N]
                                  [--concurrent]

40 players each play Master, pressing a button every `--think` seconds (a quick human),
while 10 friend games are pressed as fast as possible: one press after the other, the next
the moment the last is answered, as in benchmarks/bot.py (`--concurrent`: the ten games at
the same time, so each press also waits for the nine others). Every press is a real `Update` fed
to the real Dispatcher (rendering, SQLite, aiogram; the Bot's session answers at once). A
friend press's latency is from the update to the last Bot API call it caused. The same
run is made with the computer in the process pool (`COMPUTER_WORKERS`, default cores − 1)
and in the event loop's thread pool (the behaviour before the pool); prints p50/p99/max of
the friend presses and how many decisions the computer made per second.
"""

from __future__ import annotations

import argparse
import asyncio
import contextvars
import itertools
import os
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from aiogram import Bot
from aiogram.methods import TelegramMethod

from benchmarks.bot import RecordingSession, choose, press_update
from benchmarks.figures import percentile
from bot.app import build, freeze_startup_objects
from bot.config import load_settings
from core import computer
from core.workers import ProcessPool, Runner, ThreadRunner
from engine.dice import SeededDice
from storage import players

# The press being handled in this task (aiogram handles an update in the task feeding it).
CURRENT: contextvars.ContextVar[list[float] | None] = contextvars.ContextVar("press", default=None)


class TimedSession(RecordingSession):
    """Remembers, for the press being handled, when its last API call was made."""

    async def make_request(self, bot: Bot, method: TelegramMethod[Any],
                           timeout: int | None = None) -> Any:
        result = await super().make_request(bot, method, timeout)
        if (record := CURRENT.get()) is not None:
            record[0] = time.perf_counter()
        return result


class CountingRunner:
    """Counts the computer's decisions made through another runner."""

    def __init__(self, inner: Runner) -> None:
        self.inner, self.calls = inner, 0

    async def run(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        result = await self.inner.run(fn, *args, **kwargs)
        self.calls += 1
        return result

    async def close(self) -> None:
        await self.inner.close()


async def press(app: Any, bot: Bot, session: TimedSession, player: int,
                update_ids: itertools.count) -> float | None:
    """Press the player's preferred button; the latency in ms, None when nothing to press."""
    message_id, markup = session.keyboards.get(player, (0, None))
    data = choose(markup)
    if data is None:
        return None
    record = [0.0]
    token = CURRENT.set(record)
    start = time.perf_counter()
    try:
        await app.dispatcher.feed_update(bot, press_update(next(update_ids), player,
                                                           message_id, data))
    finally:
        CURRENT.reset(token)
    return ((record[0] or time.perf_counter()) - start) * 1000


async def run(kind: str, args: argparse.Namespace) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        session = TimedSession()
        settings = load_settings(
            bot_token="1:BENCH", auto_analysis_matches=0,  # measures its own work only
            database_path=str(Path(folder) / "b.db"))
        bot = Bot(settings.bot_token.get_secret_value(), session=session)
        inner: Runner = (ProcessPool(args.workers, initializer=computer.warm)
                         if kind == "process" else ThreadRunner())
        if isinstance(inner, ProcessPool):
            await inner.start()
        else:
            await asyncio.to_thread(computer.warm)  # same footing: loaded before timing
        pool = CountingRunner(inner)
        app = await build(settings, bot=bot, dice=SeededDice(args.seed), pool=pool)
        now = datetime.now(UTC)
        update_ids = itertools.count(1)
        friends = [(1000 + 2 * i, 1001 + 2 * i) for i in range(args.friend_games)]
        humans = [5000 + i for i in range(args.computer_games)]
        for pid in [p for pair in friends for p in pair] + humans:
            await players.upsert_player(app.db, pid, f"P{pid}", username=None,
                                        language="en", now=now)
        latencies: list[float] = []
        done = asyncio.Event()
        variants = {"long": ["long"], "short": ["short"], "mixed": ["long", "short"]}[
            args.variant]

        async def friend_games(pairs: list[tuple[int, int]]) -> None:
            """Press the games' buttons in turn, each press as soon as the last is done."""
            idle = 0
            while not done.is_set():
                before = len(latencies)
                for a, b in pairs:
                    if not await app.games.active_game(a):  # over (or not begun): anew
                        challenge = await app.challenges.create(a, "short", 1, False)
                        await app.challenges.accept(challenge.code, b)
                    for pid in (a, b):
                        latency = await press(app, bot, session, pid, update_ids)
                        if latency is not None:
                            latencies.append(latency)
                    if len(latencies) >= args.presses:
                        done.set()
                        return
                idle = 0 if len(latencies) > before else idle + 1
                if idle == 1000:  # nothing to press for a long while: say why
                    for a, b in pairs:
                        row = await app.games.active_game(a)
                        print("stuck?", a, b, row and (row.id, row.version, row.status),
                              [session.keyboards.get(p) for p in (a, b)], flush=True)
                await asyncio.sleep(0)

        async def computer_games(index: int, player: int) -> None:
            variant = variants[index % len(variants)]
            while not done.is_set():
                await app.games.start_vs_computer(player, variant, "master", 1, False)
                while not done.is_set():
                    if await press(app, bot, session, player, update_ids) is None:
                        if not await app.games.active_game(player):
                            break
                        await asyncio.sleep(0.01)  # the computer is still thinking
                    else:
                        await asyncio.sleep(args.think * random.uniform(0.5, 1.5))

        freeze_startup_objects()  # as `python -m bot` does once started
        tasks = [asyncio.create_task(computer_games(i, p)) for i, p in enumerate(humans)]
        await asyncio.sleep(2 * args.think)  # let the computer games get going first
        decisions0, wall0 = pool.calls, time.perf_counter()
        groups = [[pair] for pair in friends] if args.concurrent else [friends]
        tasks += [asyncio.create_task(friend_games(pairs)) for pairs in groups]
        await done.wait()
        wall = time.perf_counter() - wall0
        decisions = pool.calls - decisions0
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await pool.close()
        await app.db.close()
    latencies.sort()
    count = len(latencies)
    return {"presses": count, "p50": statistics.median(latencies),
            "p99": percentile(latencies, 0.99), "max": latencies[-1],
            "decisions_per_s": decisions / wall, "wall": wall}


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--computer-games", type=int, default=40)
    parser.add_argument("--friend-games", type=int, default=10)
    parser.add_argument("--presses", type=int, default=3000)
    parser.add_argument("--variant", choices=("mixed", "long", "short"), default="mixed")
    parser.add_argument("--think", type=float, default=2.0,
                        help="mean seconds between the presses of a player against Master")
    parser.add_argument("--concurrent", action="store_true",
                        help="press the friend games at the same time (default: one after "
                             "the other, as benchmarks/bot.py does)")
    parser.add_argument("--runner", choices=("both", "process", "thread"), default="both")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    kinds = ("process", "thread") if args.runner == "both" else (args.runner,)
    random.seed(args.seed)
    print(f"{args.computer_games} games against Master ({args.variant}, a press every "
          f"{args.think:g} s on average), {args.friend_games} friend games (short, pressed "
          f"{'at the same time' if args.concurrent else 'one after the other'}), "
          f"{args.presses} friend presses; "
          f"{len(os.sched_getaffinity(0))} cores, load {os.getloadavg()[0]:.1f}")
    for kind in kinds:
        r = await run(kind, args)
        label = (f"process pool ({ProcessPool(args.workers).workers} workers)"
                 if kind == "process" else "thread pool (asyncio.to_thread)")
        print(f"{label}: friend presses p50 {r['p50']:.1f} ms, p99 {r['p99']:.1f} ms, "
              f"max {r['max']:.0f} ms over {r['presses']} presses in {r['wall']:.1f} s; "
              f"computer {r['decisions_per_s']:.1f} decisions/s")


if __name__ == "__main__":
    asyncio.run(main())
