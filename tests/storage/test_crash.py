"""A writer process killed with SIGKILL in the middle of a transaction.

The child runs the real storage code in a subprocess; the parent kills it and reopens the
file: SQLite must report integrity, and no transaction may be half there.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from storage import Database, finish_game, load_game, player_stats, rating_history
from storage.connect import open_database
from testkit.processes import read_line
from testkit.storage_rows import ALICE, BOB, human_game

pytestmark = [
    pytest.mark.usefixtures("players"),
    pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX"),
]
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def db(sqlite_db: Database) -> Database:
    """SQLite only: these tests stop SQLite's own thread inside a statement."""
    return sqlite_db

PRELUDE = """
import asyncio, os, sys
from datetime import UTC, datetime, timedelta
import storage
from storage import Database, LogEntry, open_database
NOW = datetime(2026, 3, 14, 12, 0, tzinfo=UTC)
PATH = sys.argv[1]
"""

# Runs save_game or finish_game and, from SQLite's trace callback (called as each statement
# starts, and as each statement of a trigger starts), blocks the database thread when the
# statement named by argv[4] comes: inside the transaction, with every earlier write done.
# With argv[5] "1", only once that statement has changed a row (save_game is one INSERT into
# a view whose trigger updates the game, then writes the log: it hangs between the two).
# The 2 MB state overflows a small page cache, so uncommitted pages reach the WAL file before
# the kill.
HANG_IN_TRANSACTION = """
import time
action, game_id, hang_at, after_a_write = sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
first = []

def trace(statement):
    if statement.startswith(hang_at):
        changes = db.connection.total_changes
        first.append(changes)
        if after_a_write == "0" or changes > first[0]:
            print("ready", os.path.getsize(PATH + "-wal"), flush=True)
            time.sleep(3600)

async def main():
    global db
    db = await open_database(PATH)
    async with db.read() as tx:
        await tx.execute("PRAGMA cache_size = -64")
    await db.connection.set_trace_callback(trace)
    print("wal", os.path.getsize(PATH + "-wal"), flush=True)
    big, log = "x" * 2_000_000, [LogEntry("step", "1/off", 0)]
    if action == "save":
        await storage.save_game(db, game_id, 1, state_json=big, deadline=None, now=NOW, log=log)
    else:
        await storage.finish_game(db, game_id, 1, winner_seat=0, result="koks", points=3,
                                  state_json=big, now=NOW, log=log)

asyncio.run(main())
"""

# Plays games without pause and SIGKILLs itself from SQLite's progress handler (called on
# every VM instruction) at a seeded random instruction: inside some statement of some
# transaction, after about 15 to 25 games (a game takes about 2,370 instructions).
HAMMER = """
import random, signal
target = random.Random(int(sys.argv[2])).randint(15 * 2_400, 25 * 2_400)
executed = 0

def countdown():
    global executed
    executed += 1
    if executed >= target:
        os.kill(os.getpid(), signal.SIGKILL)
    return 0

async def main():
    db = await open_database(PATH)
    await db.connection.set_progress_handler(countdown, 1)
    players = (101, 102)
    for round_ in range(100_000):
        now = NOW + timedelta(days=round_)  # a day each: the pair's games are all rated
        game = await storage.create_game(db, variant="short", players=players, state_json="{}",
                                         now=now)
        version = game.version
        for step in range(3):
            version = await storage.save_game(db, game.id, version, state_json="{}" * step,
                                              deadline=None, now=now,
                                              log=[LogEntry("step", str(step), step % 2)])
        await storage.finish_game(db, game.id, version, winner_seat=round_ % 2,
                                  result="mars", points=2, state_json="{}", now=now,
                                  log=[LogEntry("step", "off", round_ % 2)])

asyncio.run(main())
"""


def spawn(script: str, *args: object) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(PRELUDE + script), *map(str, args)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        text=True,
    )


def kill(child: subprocess.Popen[str]) -> None:
    if child.poll() is None:
        child.send_signal(signal.SIGKILL)
    child.wait(timeout=10)
    assert child.returncode == -signal.SIGKILL
    assert child.stdout is not None
    child.stdout.close()


def check_integrity(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []


@pytest.mark.parametrize(
    ("action", "hang_at", "after_a_write"),
    [
        # inside save_game's one statement: the version UPDATE done, the move log not yet
        ("save", "INSERT INTO game_save", 1),
        ("finish", "INSERT INTO rating_events", 0),  # result, statistics, ratings written
        ("finish", "COMMIT", 0),
    ],
)
async def test_killed_inside_a_transaction(db: Database, db_path: Path, action: str,
                                           hang_at: str, after_a_write: int) -> None:
    game = await human_game(db)
    child = spawn(HANG_IN_TRANSACTION, db_path, action, game.id, hang_at, after_a_write)
    try:
        assert child.stdout is not None
        wal_before = int((await read_line(child, 60, "the WAL's size")).split()[1])
        word, wal_at_kill = (await read_line(child, 60, "'ready'")).split()
        assert word == "ready"
        assert int(wal_at_kill) > wal_before + 1_000_000  # uncommitted pages were on disk
    finally:
        kill(child)

    check_integrity(db_path)
    reopened = await open_database(db_path)
    try:
        survivor = await load_game(reopened, game.id)
        assert (survivor.status, survivor.version, survivor.result) == ("active", 1, None)
        assert survivor.state_json == game.state_json
        for table in ("moves", "game_results", "rating_events", "player_stats"):
            assert await reopened.fetchone(f"SELECT 1 FROM {table}") is None, table
        assert (await player_stats(reopened, ALICE, "short")).games == 0
        # and the game can still be finished normally
        await finish_game(reopened, game.id, 1, winner_seat=0, result="koks", points=3,
                          state_json="{}", now=game.created_at)
        assert [e.delta for e in await rating_history(reopened, ALICE, "short")] == [300]
    finally:
        await reopened.close()


@pytest.mark.parametrize("seed", range(4))
async def test_killed_at_a_random_instruction(db: Database, db_path: Path, seed: int) -> None:
    child = spawn(HAMMER, db_path, seed)
    try:
        child.wait(timeout=20)  # it kills itself
    finally:
        kill(child)

    check_integrity(db_path)
    reopened = await open_database(db_path)
    try:
        await assert_consistent(reopened)
    finally:
        await reopened.close()


async def assert_consistent(db: Database) -> None:
    games = await db.fetchall(
        "SELECT g.id, g.status, g.version, (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id),"
        " (SELECT COUNT(*) FROM game_results r WHERE r.game_id = g.id),"
        " (SELECT COUNT(*) FROM rating_events e WHERE e.game_id = g.id) FROM games g"
    )
    assert len(games) >= 10
    finished = 0
    for game_id, status, version, moves, results, events in games:
        assert moves == version - 1, game_id  # every save wrote exactly its log row
        if status == "finished":
            finished += 1
            assert (version, results, events) == (5, 1, 2), game_id
        else:
            assert (status, results, events) == ("active", 0, 0), game_id
    assert finished >= 10
    for player in (ALICE, BOB):
        stats = await player_stats(db, player, "short")
        history = await rating_history(db, player, "short", limit=1_000_000)
        assert stats.games == stats.rated_games == len(history) == finished
        assert stats.rating == 1500 + sum(e.delta for e in history)
    alice, bob = await player_stats(db, ALICE, "short"), await player_stats(db, BOB, "short")
    assert alice.wins == bob.losses and alice.marses_given == bob.marses_taken
    row = await db.fetchone("SELECT SUM(delta) FROM rating_events")
    assert row is not None and row[0] == 0  # zero-sum
