"""Analysis speed: seeded computer-vs-computer games analysed with `ai.review` at 2-ply,
and button presses of other games while an analysis runs.

    nice -n 10 python -m benchmarks.analysis [--games 3] [--ply 2]
    nice -n 10 python -m benchmarks.analysis --latency [--presses 400]

The first prints, per variant, each game's moves, decisions and seconds (with the PRs, and
the seconds to judge every roll's luck, `ai.luck`), and the time per 60 moves (the goal: a
60-move game in under 30 s on the development machine; docs/performance.md, "Analysis").
The games are played by the computer at the Intermediate level (it errs, so there is
something to find), with the cube in short nard (doubles and takes by the same level).

`--latency` measures button presses of friend games through the real Dispatcher (the
`benchmarks.bot` set-up: no network, the Bot API answered at once), first with nothing else
running, then while the bot's analysis jobs run (seeded long-nard games, in the worker
process, one after the other so that one always runs): p50 / p99 of each, from the update
to the end of its handling.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from ai import luck, review
from ai.sage import available as sage_available
from benchmarks.figures import percentile
from engine.dice import SeededDice
from testkit.played import play, stored_finished_game


async def latency(presses: int, seed: int = 1) -> None:
    from aiogram import Bot

    from benchmarks.bot import RecordingSession, choose, press_update
    from bot.app import build
    from bot.config import load_settings
    from bot.views.callbacks import AnalysisCb
    from storage import players

    with tempfile.TemporaryDirectory() as folder:
        session = RecordingSession()
        settings = load_settings(
            bot_token="1:BENCH", auto_analysis_matches=0,  # measures its own work only
            database_path=str(Path(folder) / "b.db"))
        bot = Bot(settings.bot_token.get_secret_value(), session=session)
        app = await build(settings, bot=bot, dice=SeededDice(seed))
        now = datetime.now(UTC)
        pairs = [(1000 + 2 * i, 1001 + 2 * i) for i in range(20)]
        for a, b in pairs:
            for pid in (a, b):
                await players.upsert_player(app.db, pid, f"P{pid}", username=None,
                                            language="en", now=now)
            challenge = await app.challenges.create(a, "short", 1, False)
            await app.challenges.accept(challenge.code, b)
        await players.upsert_player(app.db, 9000, "Analyst", username=None, language="en",
                                    now=now)
        await players.upsert_player(app.db, 9001, "Other", username=None, language="en",
                                    now=now)
        analysed = [await stored_finished_game(app, play("long", s, cube=False), (9000, 9001))
                    for s in range(1, 9)]
        update_ids = itertools.count(1)

        async def nothing(text: str | None, alert: bool) -> None:
            return None

        async def measure(count: int, busy: bool) -> list[float]:
            out: list[float] = []
            while len(out) < count:
                for pid in (p for pair in pairs for p in pair):
                    if busy and not app.core.analysis.active() and analysed:
                        await app.analysis.press(9000, 9000, AnalysisCb(game=analysed.pop(0),
                                                                        n=1), nothing)
                    message_id, markup = session.keyboards.get(pid, (0, None))
                    data = choose(markup)
                    if data is None or len(out) >= count:
                        continue
                    start = time.perf_counter()
                    await app.dispatcher.feed_update(
                        bot, press_update(next(update_ids), pid, message_id, data))
                    out.append((time.perf_counter() - start) * 1000)
                    await asyncio.sleep(0.002)  # presses arrive over time, not all at once
            return sorted(out)

        # Warm up: the worker process is spawned and an analysis done; presses of each game.
        await app.analysis.press(9000, 9000, AnalysisCb(game=analysed.pop(), n=1), nothing)
        await app.analysis.drain()
        await measure(40, busy=False)
        runner, done = app.core.analysis.runner, []

        class Counted:  # the runner, counting
            async def run(self, fn, /, *args, **kwargs):
                result = await runner.run(fn, *args, **kwargs)
                done.append(fn.__name__)
                return result

            async def close(self) -> None:
                await runner.close()

        app.core.analysis.runner = Counted()
        quiet = await measure(presses, busy=False)
        quiet_calls = len(done)
        start = time.perf_counter()
        busy = await measure(presses, busy=True)
        seconds = time.perf_counter() - start
        busy_calls = len(done) - quiet_calls
        await app.analysis.stop()
        await app.core.stop()
        await app.db.close()
    for name, values in (("no analysis running", quiet), ("an analysis running", busy)):
        print(f"{name:20}: {len(values)} presses, p50 {statistics.median(values):.1f} ms, "
              f"p99 {percentile(values, 0.99):.1f} ms, max {values[-1]:.1f} ms")
    print(f"worker calls: {quiet_calls} in the quiet run, {busy_calls} in the busy run "
          f"({seconds:.1f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--ply", type=int, default=2)
    parser.add_argument("--latency", action="store_true")
    parser.add_argument("--presses", type=int, default=400)
    args = parser.parse_args()
    if args.latency:
        asyncio.run(latency(args.presses))
        return
    print(f"bgsage: {'yes' if sage_available() else 'no (our network for short nard)'}"
          f", ply {args.ply}")
    for variant, cube in (("short", True), ("long", False)):
        per60 = []
        for seed in range(1, args.games + 1):
            game = play(variant, seed, cube=cube)
            moves = sum(1 for e in game.history if e["type"] == "move")
            start = time.perf_counter()
            decisions = review.review(variant, game.history, cube=cube, ply=args.ply)
            seconds = time.perf_counter() - start
            per60.append(seconds * 60 / max(moves, 1))
            rates = [review.figures(decisions, seat).error_rate for seat in (0, 1)]
            start = time.perf_counter()
            judged = luck.game_luck(variant, game.history, None, cube)
            luck_seconds = time.perf_counter() - start
            print(f"{variant:5} seed {seed}: {moves:3} moves, {len(decisions):3} decisions, "
                  f"{seconds:6.2f} s; error rates {rates[0]:.1f} / {rates[1]:.1f} "
                  f"(PR {rates[0] / 2:.1f} / {rates[1] / 2:.1f}); luck of "
                  f"{sum(judged.rolls)} rolls {luck_seconds:.2f} s: "
                  f"{judged.luck[0]:+.2f} / {judged.luck[1]:+.2f}")
        print(f"{variant:5} per 60 moves: mean {sum(per60) / len(per60):.2f} s, "
              f"worst {max(per60):.2f} s")


if __name__ == "__main__":
    main()
