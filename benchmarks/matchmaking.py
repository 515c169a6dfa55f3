"""Pairing time per new matchmaking request with many players already waiting.

    python -m benchmarks.matchmaking --waiting 10000 --requests 2000

Fills a fresh SQLite database with `--waiting` waiting requests (random ratings around
1500, random variants, match lengths and cube choices, random waits up to 70 s), then
times, for each of `--requests` newcomers, `storage.matchmaking.pair` (finding the partner,
marking both requests and creating the game in one transaction). Prints p50 / p99 / max
and how many newcomers found a partner.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from benchmarks.figures import percentile
from storage import matchmaking
from storage.clock import to_epoch
from storage.connect import open_database
from storage.db import Database
from storage.matchmaking import ANY_LENGTH, NewGame

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
STATE = '{"game": {}, "steps": []}'


async def fill(db: Database, waiting: int, rng: random.Random) -> None:
    players = [(n, f"P{n}", None, "en", 0, 0) for n in range(1, waiting + 1)]
    requests = [(n, rng.choice(("short", "long")), rng.randint(1, ANY_LENGTH),
                 rng.randint(0, 2), int(rng.gauss(1500, 200)),
                 to_epoch(NOW) - rng.randint(0, 70)) for n in range(1, waiting + 1)]
    async with db.transaction() as tx:
        await tx.executemany("INSERT INTO players (id, name, username, language, created_at,"
                             " updated_at) VALUES (?, ?, ?, ?, ?, ?)", players)
        await tx.executemany("INSERT INTO match_requests (player_id, variant, lengths, cube,"
                             " rating, created_at) VALUES (?, ?, ?, ?, ?, ?)", requests)


async def main(waiting: int, newcomers: int, seed: int) -> None:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        db = await open_database(Path(folder) / "bench.sqlite3")
        try:
            await fill(db, waiting, rng)
            timings, paired = [], 0
            for n in range(waiting + 1, waiting + newcomers + 1):
                async with db.transaction() as tx:
                    await tx.execute("INSERT INTO players (id, name, username, language,"
                                     " created_at, updated_at) VALUES (?, ?, NULL, 'en', 0, 0)",
                                     (n, f"P{n}"))
                request = await matchmaking.create_request(
                    db, player_id=n, variant=rng.choice(("short", "long")),
                    lengths=rng.randint(1, ANY_LENGTH), cube=rng.randint(0, 2),
                    rating=int(rng.gauss(1500, 200)), now=NOW)
                start = time.perf_counter()
                pairing = await matchmaking.pair(
                    db, request.id, NOW + timedelta(seconds=1),
                    lambda variant, length, cube, pending: NewGame(STATE, None))
                timings.append((time.perf_counter() - start) * 1000)
                paired += pairing is not None
        finally:
            await db.close()
    timings.sort()
    p99 = percentile(timings, 0.99)
    print(f"waiting requests: {waiting}, newcomers: {newcomers}, paired at once: {paired}")
    print(f"pairing time per new request: p50 {statistics.median(timings):.2f} ms,"
          f" p99 {p99:.2f} ms, max {timings[-1]:.2f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--waiting", type=int, default=10_000)
    parser.add_argument("--requests", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    asyncio.run(main(args.waiting, args.requests, args.seed))
