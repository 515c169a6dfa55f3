"""Saves per second of game steps: `save_game` with one move-log row, one transaction each.

Run from the repository root: `python -m benchmarks.storage [--saves N] [--engine E]`.
`--engine sqlite` (default) uses a fresh SQLite file in a temporary folder (WAL,
synchronous=NORMAL, as the bot does); `--engine postgres` a throwaway PostgreSQL server on
127.0.0.1 started like the tests' (testkit/postgres.py; fsync off, so it measures the
client and server work, not the disk), or `--url postgresql://…` an existing database.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from storage import LogEntry, create_game, save_game, upsert_player
from storage.connect import open_database

# About the size of a real serialized game state: two 26-point arrays and some fields.
STATE = json.dumps({"variant": "short", "me": list(range(26)), "opp": list(range(26)),
                    "dice": [6, 5], "turn": 0, "cube": 1, "score": [0, 0]})


async def bench(path: str, saves: int) -> float:
    now = datetime(2026, 1, 1, tzinfo=UTC)
    db = await open_database(path)
    try:
        for player_id in (1, 2):
            await upsert_player(db, player_id, f"P{player_id}", username=None, language="en",
                                now=now)
        game = await create_game(db, variant="short", players=(1, 2), state_json=STATE, now=now)
        version = game.version
        started = time.perf_counter()
        for step in range(saves):
            moment = now + timedelta(seconds=step)
            version = await save_game(
                db, game.id, version, state_json=STATE, now=moment,
                deadline=moment + timedelta(minutes=2),
                log=[LogEntry("step", "24/18", seat=step % 2)],
            )
        return saves / (time.perf_counter() - started)
    finally:
        await db.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=5_000)
    parser.add_argument("--engine", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--url", help="an existing empty PostgreSQL database to use")
    args = parser.parse_args()
    if args.url:
        rate = asyncio.run(bench(args.url, args.saves))
    elif args.engine == "postgres":
        from testkit.postgres import PostgresServer

        server = PostgresServer.start()
        try:
            rate = asyncio.run(bench(server.url(), args.saves))
        finally:
            server.stop()
    else:
        with tempfile.TemporaryDirectory() as folder:
            rate = asyncio.run(bench(str(Path(folder) / "bench.sqlite3"), args.saves))
    engine = "postgres" if args.url or args.engine == "postgres" else "sqlite"
    print(f"storage ({engine}): {args.saves} game-step saves, {rate:,.0f} saves/s")


if __name__ == "__main__":
    main()
