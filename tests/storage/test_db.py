"""The connection: pragmas, the transaction context manager, the lock."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from storage import Database
from storage.db import BUSY_TIMEOUT_MS


async def test_pragmas(db: Database) -> None:
    assert await db.pragma("journal_mode") == "wal"
    assert await db.pragma("foreign_keys") == 1
    assert await db.pragma("busy_timeout") == BUSY_TIMEOUT_MS
    assert await db.pragma("synchronous") == 1  # NORMAL


async def test_file_is_created(db: Database, db_path: Path) -> None:
    assert db_path.exists()
    assert db.path == str(db_path)


async def test_foreign_keys_are_enforced(db: Database) -> None:
    with pytest.raises(sqlite3.IntegrityError):
        async with db.transaction() as tx:
            await tx.execute(
                "INSERT INTO challenges (code, creator_id, variant, created_at, expires_at)"
                " VALUES ('x', 999, 'short', 0, 1)"
            )


async def test_transaction_commits(db: Database) -> None:
    async with db.transaction() as tx:
        await tx.execute("INSERT INTO players (id, name, created_at, updated_at)"
                         " VALUES (1, 'a', 0, 0)")
    assert await db.fetchone("SELECT name FROM players WHERE id = 1") is not None


async def test_transaction_rolls_back_on_error(db: Database) -> None:
    with pytest.raises(RuntimeError):
        async with db.transaction() as tx:
            await tx.execute("INSERT INTO players (id, name, created_at, updated_at)"
                             " VALUES (1, 'a', 0, 0)")
            raise RuntimeError("boom")
    assert await db.fetchone("SELECT 1 FROM players") is None
    async with db.transaction() as tx:  # and the connection is usable again
        await tx.execute("INSERT INTO players (id, name, created_at, updated_at)"
                         " VALUES (1, 'a', 0, 0)")


async def test_cancelled_transaction_rolls_back(db: Database) -> None:
    entered = asyncio.Event()

    async def writer() -> None:
        async with db.transaction() as tx:
            await tx.execute("INSERT INTO players (id, name, created_at, updated_at)"
                             " VALUES (1, 'a', 0, 0)")
            entered.set()
            await asyncio.Event().wait()  # until cancelled

    task = asyncio.create_task(writer())
    await entered.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await db.fetchone("SELECT 1 FROM players") is None


async def test_nested_use_is_refused(db: Database) -> None:
    with pytest.raises(RuntimeError, match="nested"):
        async with db.transaction():
            await db.fetchone("SELECT 1")


async def test_readers_wait_for_an_open_transaction(db: Database) -> None:
    """A read on the shared connection must not see another coroutine's uncommitted rows."""
    inserted = asyncio.Event()
    release = asyncio.Event()

    async def writer() -> None:
        async with db.transaction() as tx:
            await tx.execute("INSERT INTO players (id, name, created_at, updated_at)"
                             " VALUES (1, 'a', 0, 0)")
            inserted.set()
            await release.wait()
            raise RuntimeError("roll back")

    task = asyncio.create_task(writer())
    await inserted.wait()
    reader = asyncio.create_task(db.fetchone("SELECT 1 FROM players"))
    await asyncio.sleep(0)  # let the reader queue up behind the lock (no time passes)
    assert not reader.done()
    release.set()
    with pytest.raises(RuntimeError):
        await task
    assert await reader is None


async def test_two_connections_wait_for_each_other(db: Database, db_path: Path) -> None:
    """A second process's writer waits for the busy lock instead of failing."""
    other = await Database.open(db_path)
    try:
        async def write(database: Database, player_id: int) -> None:
            async with database.transaction() as tx:
                await tx.execute("INSERT INTO players (id, name, created_at, updated_at)"
                                 " VALUES (?, 'p', 0, 0)", (player_id,))

        await asyncio.gather(*(write(d, i) for i, d in enumerate([db, other] * 20)))
        row = await db.fetchone("SELECT COUNT(*) FROM players")
        assert row is not None and row[0] == 40
    finally:
        await other.close()


async def test_cancelled_while_beginning(db: Database) -> None:
    """Cancelled while BEGIN is queued: the BEGIN still runs, so it must be rolled back."""

    async def writer() -> None:
        async with db.transaction() as tx:
            await tx.execute("INSERT INTO players (id, name, created_at, updated_at)"
                             " VALUES (1, 'a', 0, 0)")

    task = asyncio.create_task(writer())
    await asyncio.sleep(0)  # one turn of the loop: the task is now awaiting its BEGIN
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await writer()  # a new transaction can begin
    row = await db.fetchone("SELECT COUNT(*) FROM players")
    assert row is not None and row[0] == 1


def insert_player(conn: sqlite3.Connection, player_id: int = 1) -> int:
    conn.execute("INSERT INTO players (id, name, created_at, updated_at) VALUES (?, 'a', 0, 0)",
                 (player_id,))
    return player_id


async def test_run_commits_in_one_trip(db: Database) -> None:
    assert await db.run(insert_player) == 1
    assert await db.fetchone("SELECT 1 FROM players WHERE id = 1") is not None


async def test_run_rolls_back_on_error(db: Database) -> None:
    def half_then_fail(conn: sqlite3.Connection) -> None:
        insert_player(conn)
        raise ValueError("no")

    with pytest.raises(ValueError):
        await db.run(half_then_fail)
    assert await db.fetchone("SELECT 1 FROM players") is None
    await db.run(insert_player)  # the connection is usable again


async def test_run_survives_a_cancelled_caller(db: Database) -> None:
    """The work is already in the database thread: it completes whole or not at all."""
    task = asyncio.create_task(db.run(insert_player))
    await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await db.run(lambda conn: insert_player(conn, 2))
    rows = await db.fetchall("SELECT id FROM players ORDER BY id")
    assert [row[0] for row in rows] in ([1, 2], [2])


async def test_run_inside_a_transaction_is_refused(db: Database) -> None:
    with pytest.raises(RuntimeError, match="nested"):
        async with db.transaction():
            await db.run(insert_player)
