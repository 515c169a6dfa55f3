"""SQLite locked by another program: a write transaction waits for the lock with
a growing pause and then runs; nothing is lost and nothing logs a traceback.

The other program is a second SQLite connection in a write transaction, as the `sqlite3`
shell holds one after `BEGIN EXCLUSIVE;` (in WAL mode reads go on meanwhile). The busy
timeout is cut to 10 ms and every pause goes through a fake sleep on a fake clock: no test
waits on the wall clock.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from storage import Database, LogEntry, load_game, move_log, save_game, upsert_player
from storage.connect import open_database
from storage.sqlite import LOCKED_WAIT
from testkit.storage_rows import ALICE, BOB, T0, human_game


@pytest.fixture
def other_program(db_path: Path) -> Iterator[sqlite3.Connection]:
    conn = sqlite3.connect(db_path, isolation_level=None, timeout=0)
    try:
        yield conn
    finally:
        conn.close()


@pytest.fixture
async def db(db_path: Path) -> AsyncIterator[Database]:
    database = await open_database(db_path, busy_timeout_ms=10)
    yield database
    await database.close()


class Clock:
    """The database's monotonic clock and sleep: each pause moves the clock by itself (the
    10 ms busy timeouts are left out), and `on_pause` sees every pause."""

    def __init__(self, db: Database) -> None:
        self.now, self.pauses = 1000.0, []
        self.on_pause = lambda pauses: None
        db.monotonic, db.sleep = self.monotonic, self.sleep  # type: ignore[attr-defined]

    def monotonic(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.pauses.append(seconds)
        self.now += seconds
        self.on_pause(self.pauses)


async def test_a_transaction_waits_for_another_programs_write_lock(
        db: Database, other_program: sqlite3.Connection,
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="storage.sqlite")
    clock = Clock(db)
    other_program.execute("BEGIN EXCLUSIVE")  # the sqlite3 shell's `BEGIN EXCLUSIVE;`
    other_program.execute("INSERT INTO players (id, name, created_at, updated_at) "
                          "VALUES (1, 'shell', 0, 0)")

    def release_after_22_seconds(pauses: list[float]) -> None:
        if sum(pauses) >= 22:
            other_program.execute("COMMIT")

    clock.on_pause = release_after_22_seconds
    # Reads go on meanwhile (WAL), without the other program's uncommitted row.
    assert await db.fetchval("SELECT COUNT(*) FROM players") == 0
    player = await upsert_player(db, 7, "Ali", username=None, language="en", now=T0)
    assert player.id == 7
    assert await db.fetchval("SELECT COUNT(*) FROM players") == 2
    # A growing pause, then the longest one again, until the lock was gone.
    assert clock.pauses[:5] == [0.1, 0.2, 0.5, 1.0, 2.0] and set(clock.pauses[5:]) == {2.0}
    assert 22 <= sum(clock.pauses) < 24
    said = [r for r in caplog.records if r.name == "storage.sqlite"]
    assert [r.levelno for r in said] == [logging.WARNING, logging.INFO]
    assert "locked by another program" in said[0].getMessage()
    assert "free again" in said[1].getMessage()
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


async def test_a_save_waits_for_another_programs_write_lock(
        db: Database, other_program: sqlite3.Connection) -> None:
    """save_game is one statement, not a transaction: it waits for the lock as BEGIN does
    and is then written whole, once."""
    for player_id in (ALICE, BOB):
        await upsert_player(db, player_id, str(player_id), username=None, language="en",
                            now=T0)
    game = await human_game(db)
    clock = Clock(db)
    other_program.execute("BEGIN EXCLUSIVE")

    def release_after_5_seconds(pauses: list[float]) -> None:
        if sum(pauses) >= 5:
            other_program.execute("COMMIT")

    clock.on_pause = release_after_5_seconds
    assert await save_game(db, game.id, 1, state_json="{}", deadline=None, now=T0,
                           log=[LogEntry("roll", "3-1", 0)]) == 2
    assert clock.pauses == [0.1, 0.2, 0.5, 1.0, 2.0, 2.0]
    assert [e.notation for e in await move_log(db, game.id)] == ["3-1"]
    assert (await load_game(db, game.id)).version == 2


async def test_a_lock_held_for_good_is_given_up_after_the_longest_wait(
        db: Database, other_program: sqlite3.Connection,
        caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock(db)
    other_program.execute("BEGIN EXCLUSIVE")
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        async with db.transaction() as tx:
            await tx.execute("INSERT INTO players (id, name, created_at, updated_at) "
                             "VALUES (2, 'never', 0, 0)")
    assert LOCKED_WAIT - 2 <= sum(clock.pauses) <= LOCKED_WAIT
    assert "giving up" in caplog.text
    # The connection is usable again once the other program lets go.
    other_program.execute("ROLLBACK")
    await upsert_player(db, 8, "Vali", username=None, language="en", now=T0)
    assert await db.fetchval("SELECT COUNT(*) FROM players") == 1


async def test_other_errors_are_not_waited_for(db: Database) -> None:
    clock = Clock(db)
    with pytest.raises(sqlite3.OperationalError, match="no such table"):
        async with db.transaction() as tx:
            await tx.execute("INSERT INTO nowhere VALUES (1)")
    assert clock.pauses == []
