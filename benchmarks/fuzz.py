"""Random updates through the real Dispatcher against the fake Bot API (in-process).

    python -m benchmarks.fuzz [--updates 30000] [--seed 1] [--chaos 0.05] [--users 40]

The same generator and checks as `tests/bot/test_fuzz.py`, run longer: every kind of update
aiogram parses (commands with random and huge arguments, deep links, callback queries with
real and junk data in every shape, inline queries, chosen results, edited messages, blocked
bots), fed a few at a time concurrently, the timer run as the fake clock moves on. With
`--chaos R`, each Bot API call fails with probability R (short and long 429, 500, dropped
connection, a proxy's HTML page). Prints the exceptions, ERROR records, tracebacks,
unanswered callback queries and games left without a board for the player to move (all
should be 0; under chaos a press whose every answer Telegram refused stays unanswered).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import tempfile
import time
from pathlib import Path

from testkit.faults import FaultyTelegram
from testkit.fuzz import UpdateFuzzer, drive
from testkit.harness import make_harness


async def main(updates: int, seed: int, chaos: float, users: int) -> int:
    with tempfile.TemporaryDirectory() as folder:
        async with FaultyTelegram() as fake:
            h = await make_harness(fake, Path(folder), seed=seed)
            if chaos:
                fake.chaos(chaos, seed=seed)
            fuzzer = UpdateFuzzer(fake, seed, users=users, groups=max(2, users // 10))
            started = time.perf_counter()

            def progress(done: int) -> None:
                if done % 5000 < 4:
                    print(f"  {done} updates, {time.perf_counter() - started:.0f} s",
                          flush=True)

            try:
                report = await drive(h.app, fake, fuzzer, updates, advance=h.clock.advance,
                                     progress=progress, keep_small=True)
            finally:
                await h.app.repair.close()
                await h.app.db.close()
                await h.app.bot.session.close()
    elapsed = time.perf_counter() - started
    faults = collections.Counter(kind for _, kind in fake.faulted)
    refused = sum(1 for method, _ in fake.faulted if method == "answerCallbackQuery")
    print(f"seed {seed}, chaos {chaos}: {report.summary()}")
    print(f"  {fuzzer.presses} callback queries; update kinds {dict(fuzzer.kinds)}")
    if chaos:
        print(f"  injected faults {dict(faults)} ({refused} on answerCallbackQuery)")
    print(f"  {elapsed:.0f} s, {updates / elapsed:.0f} updates/s")
    for line in (report.exceptions + report.errors + report.tracebacks + report.boardless)[:10]:
        print("  ", line if len(line) <= 2400 else line[:400] + " … " + line[-2000:])
    failed = report.exceptions or report.errors or report.tracebacks or report.boardless or (
        len(report.unanswered) > (refused if chaos else 0))
    return 1 if failed else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=30_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--chaos", type=float, default=0.0)
    parser.add_argument("--users", type=int, default=40)
    args = parser.parse_args()
    raise SystemExit(asyncio.run(main(args.updates, args.seed, args.chaos, args.users)))
